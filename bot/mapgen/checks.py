"""Checks of a parsed map against the rulebook facts and the map format's own promises.

Pure: works on ``engine.mapdata.MapData``. Used by the generator and by the tests.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from engine.hexgrid import Label, hexside
from engine.mapdata import MapData

LAND_BLOCKING_SIDES = frozenset({"alpine", "sea", "lake"})
ARMY_ZONES = ("army12", "army18", "army37", "army51")


def reachable(data: MapData, start: Label, allow_passes: bool = True, limit: int = 999) -> dict[Label, int]:
    """Hex distances from ``start`` over land a unit may enter (no sea, no alpine hexes,
    no alpine/sea/lake sides; pass sides only when ``allow_passes``)."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        a = queue.popleft()
        if dist[a] >= limit:
            continue
        for b in data.neighbours(a):
            if b in dist or data.terrain[b] in ("sea", "alpine"):
                continue
            side = data.side(a, b)
            if "pass" in side and not allow_passes:
                continue
            if side & LAND_BLOCKING_SIDES and "pass" not in side:
                continue
            dist[b] = dist[a] + 1
            queue.append(b)
    return dist


def is_contiguous(data: MapData, hexes: Iterable[Label]) -> bool:
    todo = set(hexes)
    if not todo:
        return False
    first = min(todo)
    seen = {first}
    queue = deque([first])
    while queue:
        a = queue.popleft()
        for b in data.neighbours(a):
            if b in todo and b not in seen:
                seen.add(b)
                queue.append(b)
    return seen == todo


def check_map(data: MapData) -> list[str]:
    """Every broken rulebook fact or format promise, as readable sentences."""
    problems: list[str] = []
    terrain = data.terrain
    grid = data.grid

    # Rulebook facts (2.36 and the example of play).
    if terrain.get("2235") != "forest":
        problems.append(f"2235 must be forest (rulebook 2.36), is {terrain.get('2235')}")
    for h in ("1231", "1331"):
        if terrain.get(h) != "open":
            problems.append(f"{h} must be open (example of play, combat C), is {terrain.get(h)}")
    if "1231" in grid and "1331" in grid and not grid.adjacent("1231", "1331"):
        problems.append("1231 and 1331 must be adjacent")
    novo = data.place_named("Novorossiysk")
    if novo is None or novo.kind != "minor_city" or terrain[novo.hex] != "forest":
        problems.append("Novorossiysk must be a minor city in a forest hex (rulebook 2.36)")
    for name in ("Rostov", "Kagalnik", "Taganrog"):
        place = data.place_named(name)
        if place is None or place.get("control") != "axis":
            problems.append(f"{name} must be on the map, Axis-controlled at start (rulebook 2.37)")

    # Places and entries.
    letters: dict[str, list[Label]] = {}
    for label, place in data.places.items():
        if terrain[label] == "sea":
            problems.append(f"{place.name} ({label}) is in a sea hex")
        if place.kind not in ("major_city", "minor_city", "town", "village", "entry"):
            problems.append(f"{place.name}: unknown kind {place.kind}")
        if "port" in place.attrs and (place.get("port") not in ("minor", "major") or place.get("sea") not in ("black", "azov", "caspian")):
            problems.append(f"{place.name}: bad port/sea attributes")
        if "entry" in place.attrs:
            letters.setdefault(place.attrs["entry"], []).append(label)
            if place.get("side") not in ("axis", "soviet"):
                problems.append(f"{place.name}: entry without side=axis|soviet")
    for letter in "ABCDEFGHIJ":
        if letter not in letters:
            problems.append(f"entry {letter} is missing")
    for letter in "ABCDE":
        for label in letters.get(letter, []):
            if grid.parse(label)[1] != grid.first_row:
                problems.append(f"entry {letter} ({label}) is not on the north edge row")
            if terrain[label] != "open":
                problems.append(f"entry {letter} ({label}) must be open (rulebook 4.1)")
    for letter, entry_hexes in letters.items():
        if data.zone(f"entry_{letter}") != frozenset(entry_hexes):
            problems.append(f"zone entry_{letter} does not match the entry {letter} places")

    # Lines: on land, adjacent steps (adjacency is also checked by parse_map).
    for kind, segments in data.lines.items():
        for a, b in segments:
            if not grid.adjacent(a, b):
                problems.append(f"{kind} {a}-{b}: not adjacent")
            for h in (a, b):
                if terrain[h] in ("sea", "alpine"):
                    problems.append(f"{kind} runs through {terrain[h]} hex {h}")
            if data.side(a, b) & LAND_BLOCKING_SIDES and "pass" not in data.side(a, b):
                problems.append(f"{kind} {a}-{b} crosses a {'/'.join(sorted(data.side(a, b)))} side")

    # Sides: pass sides join two enterable hexes.
    for (a, b), feats in data.sides.items():
        if "pass" in feats and (terrain[a] in ("sea", "alpine") or terrain[b] in ("sea", "alpine")):
            problems.append(f"pass {a}-{b} touches an alpine or sea hex")

    # Zones.
    claimed: dict[Label, str] = {}
    for zone in ARMY_ZONES:
        hexes = data.zone(zone)
        if not 4 <= len(hexes) <= 10:
            problems.append(f"zone {zone} has {len(hexes)} hexes (want 4-10)")
        if hexes and not is_contiguous(data, hexes):
            problems.append(f"zone {zone} is not contiguous")
        for h in hexes:
            if terrain[h] == "sea":
                problems.append(f"zone {zone}: {h} is sea")
            if h in claimed:
                problems.append(f"zones {claimed[h]} and {zone} overlap at {h}")
            claimed[h] = zone
    for zone in ("black_sea_coast", "azov_coast", "caspian_coast"):
        if not data.zone(zone):
            problems.append(f"zone {zone} is empty")
    taman = data.place_named("Taman")
    if taman is not None and taman.hex in data.zone("black_sea_coast"):
        problems.append("Taman must not be in black_sea_coast (rulebook 16.23)")

    # The Georgian Military Road crosses the ridge at Krestovy, open all game.
    krestovy = [k for k, f in data.sides.items() if "krestovy" in f]
    if len(krestovy) != 1 or "pass" not in data.sides[krestovy[0]]:
        problems.append("exactly one hexside must be 'pass krestovy'")
    ordz, tbilisi = data.place_named("Ordzhonikidze"), data.place_named("Tbilisi")
    if ordz and tbilisi and krestovy:
        with_passes = reachable(data, ordz.hex).get(tbilisi.hex)
        if with_passes is None or with_passes > 8:
            problems.append(f"Ordzhonikidze-Tbilisi over the passes takes {with_passes} hexes (want <= 8)")
        if tbilisi.hex in reachable(data, ordz.hex, allow_passes=False, limit=15):
            problems.append("Ordzhonikidze reaches Tbilisi within 15 hexes without a pass: the ridge leaks")
        road = data.lines.get("road", {})
        if hexside(*krestovy[0]) not in road:
            problems.append("the Georgian Military Road does not cross the Krestovy pass side")
    return problems


def check_common(data: MapData, water: Iterable[str] = ("sea", "lake"), expect: dict[str, str] | None = None) -> list[str]:
    """Checks for any generated map: places and lines on land, lines not across water sides, and
    ``expect`` (place name -> hex) honoured. Used instead of ``check_map`` for maps other than
    the Caucasus (source.toml ``[checks] rulebook``)."""
    problems: list[str] = []
    wet = frozenset(water)
    terrain = data.terrain
    for label, spot in data.places.items():
        if terrain[label] in wet:
            problems.append(f"{spot.name} ({label}) is in a {terrain[label]} hex")
    for kind, segments in data.lines.items():
        for a, b in segments:
            for h in (a, b):
                if terrain[h] in wet:
                    problems.append(f"{kind} runs through {terrain[h]} hex {h}")
            if data.side(a, b) & wet:
                problems.append(f"{kind} {a}-{b} crosses a {'/'.join(sorted(data.side(a, b) & wet))} side")
    for name, label in (expect or {}).items():
        found = data.place_named(name)
        if found is None:
            problems.append(f"{name} is not on the map (rulebook: {label})")
        elif found.hex != label:
            problems.append(f"{name} is in {found.hex}, the rulebook says {label}")
    return problems
