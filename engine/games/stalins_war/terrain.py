"""Stalin's War: terrain, hexsides, regions and movement costs (3.0, 10.1, Terrain Effects Chart).

Static facts of the map are computed once per ``Rules`` (passable neighbours, rail neighbours,
MP costs) so that supply, ZOC and movement searches over the whole map stay fast.

PROVISIONAL ruling (the rules do not say it, the printed map would show it): the neutral
countries of 1941 on the map — the zones ``sweden``, ``turkey``, ``finland``, ``iran``,
``bulgaria``, ``yugoslavia``, ``slovakia`` — and every ``offmap``, ``sea`` and ``lake`` hex are
impassable for everything: movement, retreat, advance, exploitation, supply and rail traces, and
ZOC. Lake and sea hexsides are impassable (chart: Lake/Coast "P"). The Kerch Strait costs +2 MP
and a Major River +1 MP on top of the hex entered (chart).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.games.stalins_war.model import Rules, UnitSpec

NEUTRAL_ZONES = ("sweden", "turkey", "finland", "iran", "bulgaria", "yugoslavia", "slovakia")
IMPASSABLE_TERRAIN = frozenset({"offmap", "sea", "lake"})
NATURAL = ("clear", "forest", "rough", "swamp", "mountain", "desert")
REGIONS = ("germany", "hungary", "romania", "baltic", "ussr", "greater_germany")
SIDE_FEATURES = {"river": "river", "major_river": "major_river", "kerch": "kerch_strait", "lake": "lake_coast", "sea": "lake_coast"}


@dataclass
class Static:
    """What never changes for a map: passable neighbours, rail neighbours, base MP costs."""

    impassable: frozenset[str]
    adj: dict[str, tuple[str, ...]]
    rail_adj: dict[str, tuple[str, ...]]
    rail_hexes: frozenset[str]
    cost: dict[str, int]  # MP to enter for an ordinary unit (hex part only)
    cost_mountain: dict[str, int]  # MP to enter for a mountain unit
    side_add: dict[tuple[str, str], int] = field(default_factory=dict)  # hexside MP added (a, b) both ways
    ports: dict[str, tuple[str, ...]] = field(default_factory=dict)  # sea -> port hexes
    fortresses: tuple[str, ...] = ()  # the printed fortresses (16.2)


_STATIC: dict[int, tuple[Rules, Static]] = {}


def _row(rules: Rules, key: str) -> Mapping[str, Any]:
    for row in rules.tables["terrain"]:
        if row["key"] == key:
            found: Mapping[str, Any] = row
            return found
    raise KeyError(key)


def static(rules: Rules) -> Static:
    """The precomputed map facts for ``rules`` (built on first use)."""
    hit = _STATIC.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    board = rules.board
    impassable = {label for label, kind in board.terrain.items() if kind in IMPASSABLE_TERRAIN}
    for zone in NEUTRAL_ZONES:
        impassable |= set(board.zone(zone))
    adj: dict[str, tuple[str, ...]] = {}
    rail_adj: dict[str, tuple[str, ...]] = {}
    side_add: dict[tuple[str, str], int] = {}
    major = int(_row(rules, "major_river").get("mp_added", 1))
    kerch = int(_row(rules, "kerch_strait").get("mp_added", 2))
    for label in board.terrain:
        if label in impassable:
            adj[label] = ()
            rail_adj[label] = ()
            continue
        out = []
        rails = []
        for other in board.neighbours(label):
            if other in impassable or other not in board.terrain:
                continue
            feats = board.side(label, other)
            if "lake" in feats or "sea" in feats:
                continue
            out.append(other)
            add = (major if "major_river" in feats else 0) + (kerch if "kerch" in feats else 0)
            if add:
                side_add[(label, other)] = add
            if board.line("rail", label, other) is not None:
                rails.append(other)
        adj[label] = tuple(out)
        rail_adj[label] = tuple(rails)
    cost: dict[str, int] = {}
    cost_mountain: dict[str, int] = {}
    mountain = _row(rules, "mountain")
    for label, kind in board.terrain.items():
        if label in impassable:
            continue
        base = int(_row(rules, kind).get("mp_cost", 1)) if kind in NATURAL else 1
        mbase = int(mountain.get("mp_cost_mountain_units", 1)) if kind == "mountain" else base
        # 10.1.1-10.1.2: towns, cities, fortresses, oil cost 1 / "AT": the natural terrain decides.
        cost[label] = base
        cost_mountain[label] = mbase
    ports: dict[str, list[str]] = {}
    for label, place in sorted(board.places.items()):
        if place.get("port") == "1" and place.get("sea") and label not in impassable:
            ports.setdefault(str(place.get("sea")), []).append(label)
    data = Static(
        impassable=frozenset(impassable),
        adj=adj,
        rail_adj=rail_adj,
        rail_hexes=frozenset(h for h, r in rail_adj.items() if r),
        cost=cost,
        cost_mountain=cost_mountain,
        side_add=side_add,
        ports={k: tuple(v) for k, v in ports.items()},
        fortresses=tuple(label for label, place in sorted(board.places.items()) if place.get("fortress") == "1"),
    )
    _STATIC[id(rules)] = (rules, data)
    return data


def hex_terrains(rules: Rules, state: Mapping[str, Any], label: str) -> set[str]:
    """The Terrain Effects Chart keys that apply in ``label``: its natural terrain plus town/city/
    fortress_city (a destroyed fortress counts as a city, 16.2.2; one built by SU13 is a fortress city),
    entrenchment (any side's marker) and oil."""
    out: set[str] = set()
    kind = rules.board.terrain.get(label)
    if kind is None:
        return out
    out.add(kind)
    markers = state.get("markers", {})
    place = rules.place(label)
    destroyed = label in markers.get("fortress_destroyed", [])
    if place is not None:
        if place.kind == "fortress_city":
            out.add("city" if destroyed else "fortress_city")
        elif place.kind in ("town", "city"):
            out.add(place.kind)
        if place.get("oil") == "1":
            out.add("oil")
    if label in markers.get("fortress_built", []) and not destroyed:
        out.add("fortress_city")
    if label in markers.get("entrench", {}):
        out.add("entrenchment")
    return out


def crossing(rules: Rules, a: str, b: str) -> set[str]:
    """Chart keys of the hexside between ``a`` and ``b``: river, major_river, kerch_strait, lake_coast."""
    return {SIDE_FEATURES[f] for f in rules.board.side(a, b) if f in SIDE_FEATURES}


def volga_dashed(rules: Rules, a: str, b: str) -> bool:
    """11.1.10: the dashed Volga hexsides south of Saratov."""
    return "volga_dashed" in rules.board.side(a, b)


def impassable(rules: Rules, label: str) -> bool:
    """Sea, lake, off-map and neutral-country hexes (see the module docstring)."""
    return label in static(rules).impassable or label not in rules.board.terrain


def passable(rules: Rules, a: str, b: str) -> bool:
    """Whether a unit may cross from ``a`` into adjacent ``b`` (no lake/sea hexside, no impassable hex)."""
    return b in static(rules).adj.get(a, ())


def rail_link(rules: Rules, a: str, b: str) -> bool:
    """A rail line joins adjacent ``a`` and ``b`` (both passable)."""
    return b in static(rules).rail_adj.get(a, ())


def on_rail(rules: Rules, label: str) -> bool:
    return label in static(rules).rail_hexes


def enter_cost(rules: Rules, spec: UnitSpec, a: str, b: str) -> int:
    """MP for ``spec`` to move from ``a`` into adjacent ``b`` (10.1.1-10.1.2 and the chart: the highest
    terrain of the hex, mountain 1 for mountain units, + Major River 1, + Kerch Strait 2)."""
    data = static(rules)
    base = data.cost_mountain[b] if spec.mountain else data.cost[b]
    return base + data.side_add.get((a, b), 0)


def in_region(rules: Rules, label: str, region: str) -> bool:
    """``label`` lies in a region of 22 June 1941 (3.0). ``greater_germany`` = Germany with the General
    Government and Königsberg (the map's ``germany`` zone already includes them)."""
    if region == "greater_germany":
        region = "germany"
    if region not in REGIONS:
        raise ValueError(f"unknown region {region!r}")
    return label in rules.zone(region)


def east_of_paulus(rules: Rules, label: str) -> bool:
    """In the Paulus Zone: Russia east of the Paulus Line (3.0, 10.1.5)."""
    return label in rules.zone("paulus_zone")


def in_caucasus_zone(rules: Rules, label: str) -> bool:
    """In the Caucasus Zone: Russia south of the Caucasus Line (3.0, 10.2.4)."""
    return label in rules.zone("caucasus_zone")


def region_of(rules: Rules, label: str) -> str | None:
    for region in ("germany", "hungary", "romania", "baltic", "ussr"):
        if label in rules.zone(region):
            return region
    return None
