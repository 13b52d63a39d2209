"""The game's readable data: Fate decks, the terrain chart, counters, maps and scenarios.

Parsing is pure (texts in, values out); ``load`` reads the packaged files through
``engine.datafiles``. ``problems`` lists everything wrong with an owner's transcription.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.datafiles import read_text, read_texts
from engine.games.combat_commander import bridges, compass
from engine.hexgrid import Grid, Hexside, Label, hexside
from engine.los import HandSet
from engine.mapdata import MapData, parse_map

PACKAGE = "engine.games.combat_commander"
DECK_SIZE = 72
TRIGGERS = ("", "event", "jam", "sniper", "time")
NATION_CODES = {"germany": "ger", "america": "usa", "russia": "rus"}


@dataclass(frozen=True)
class Card:
    """One Fate card (digest 2.2): its id is private to the hand that holds it."""

    id: str
    order: str
    action: str
    action_param: str
    event: str
    event_param: str
    hex: str
    white: int
    red: int
    trigger: str


@dataclass(frozen=True)
class Terrain:
    """One line of the Terrain Chart (T79-T99): a hex type, a hexside feature or a path."""

    name: str
    rule: str
    move: int | None
    cover: int
    obstacle: bool = False
    hindrance: int = 0
    blind: bool = False
    water: bool = False
    gully: bool = False
    across: int = 0
    #: A Main Bridge (T80.1): entered and left only across the hexsides its Road, Trail or Railway crosses.
    road_only: bool = False
    #: A Minor Bridge's hex (T80.2, ``bridges.bridged``): the terrain under the bridge, whose cost a step off its path pays.
    under: str = ""


@dataclass(frozen=True)
class CounterType:
    """Both sides of one unit counter."""

    type: str
    nation: str
    kind: str
    quality: str
    name: str
    good: Mapping[str, int]
    broken: Mapping[str, int]
    boxed: frozenset[str]

    @property
    def figures(self) -> int:
        return {"leader": 1, "team": 2, "squad": 4}[self.kind]


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    map: str
    first: str
    initiative: str
    time: int
    sudden_death: int
    sides: Mapping[str, Mapping[str, Any]]
    objectives: Mapping[str, str]
    chits: Mapping[str, int] = field(default_factory=dict)
    #: The scenario's date on the Year track (4.3.2): the Support tables' entries of that year only; 0 when not given.
    year: int = 0


@dataclass(frozen=True)
class GameData:
    fate: Mapping[str, Any]
    decks: Mapping[str, tuple[Card, ...]]
    hexes: Mapping[str, Terrain]
    sides: Mapping[str, Terrain]
    paths: Mapping[str, Terrain]
    counters: Mapping[str, CounterType]
    scenarios: Mapping[str, Scenario]
    maps: Mapping[str, MapData]
    levels: Mapping[str, Mapping[str, int]]
    problems: tuple[str, ...] = field(default=())
    #: Per map, the pairs of hexes whose LOS an owner set by hand (``los.txt``).
    sightings: Mapping[str, Mapping[Hexside, HandSet]] = field(default_factory=dict)
    #: The chart's features, what lies in a hex beside its terrain (a Minor Bridge, T80.2).
    features: Mapping[str, Terrain] = field(default_factory=dict)


def _data_lines(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))


def parse_deck(nation: str, text: str, fate: Mapping[str, Any]) -> tuple[tuple[Card, ...], list[str]]:
    """The cards of one nation's deck file, and the problems found in it."""
    problems: list[str] = []
    if "PROVISIONAL" not in text.splitlines()[0].upper() and "TRANSCRIBED" not in text.splitlines()[0].upper():
        problems.append(f"{nation}: line 1 must say PROVISIONAL or TRANSCRIBED")
    cards: list[Card] = []
    code = NATION_CODES[nation]
    for n, row in enumerate(csv.DictReader(io.StringIO(_data_lines(text))), start=1):
        try:
            card = Card(
                id=f"{code}{int(row['id']):02d}",
                order=row["order"].strip(),
                action=row["action"].strip(),
                action_param=(row.get("action_param") or "").strip(),
                event=row["event"].strip(),
                event_param=(row.get("event_param") or "").strip(),
                hex=row["hex"].strip(),
                white=int(row["white"]),
                red=int(row["red"]),
                trigger=(row.get("trigger") or "").strip(),
            )
        except (KeyError, ValueError, TypeError) as exc:
            problems.append(f"{nation} card line {n}: {exc}")
            continue
        for kind, value in (("orders", card.order), ("actions", card.action), ("events", card.event)):
            if value not in fate[kind]:
                problems.append(f"{nation} card {card.id}: unknown {kind[:-1]} {value!r}")
        if card.trigger not in TRIGGERS:
            problems.append(f"{nation} card {card.id}: unknown trigger {card.trigger!r}")
        if not (1 <= card.white <= 6 and 1 <= card.red <= 6):
            problems.append(f"{nation} card {card.id}: dice must be 1-6")
        cards.append(card)
    if len(cards) != DECK_SIZE:
        problems.append(f"{nation}: {len(cards)} cards, a Fate deck has {DECK_SIZE} (1)")
    ids = Counter(c.id for c in cards)
    problems += [f"{nation}: card id {i} appears {k} times" for i, k in ids.items() if k > 1]
    return tuple(cards), problems


def roll_distribution(cards: tuple[Card, ...]) -> dict[int, int]:
    """How many cards show each roll total 2-12 (the validator prints it)."""
    out = dict.fromkeys(range(2, 13), 0)
    for c in cards:
        out[c.white + c.red] += 1
    return out


def _terrain(entry: Mapping[str, Any]) -> Terrain:
    los = entry.get("los", "clear")
    move = entry.get("move")
    return Terrain(
        name=str(entry["name"]),
        rule=str(entry.get("rule", "")),
        move=None if move == "impassable" else int(move or 0),
        cover=int(entry.get("cover", 0)),
        obstacle=los == "obstacle",
        hindrance=los if isinstance(los, int) else 0,
        blind=bool(entry.get("blind", False)),
        water=bool(entry.get("water", False)),
        gully=bool(entry.get("gully", False)),
        across=int(entry.get("across", 0)),
        road_only=bool(entry.get("road_only", False)),
    )


def parse_counters(text: str) -> dict[str, CounterType]:
    out: dict[str, CounterType] = {}
    values = ("fp", "range", "move", "morale", "command")
    for row in csv.DictReader(io.StringIO(_data_lines(text))):
        out[row["type"]] = CounterType(
            type=row["type"],
            nation=row["nation"],
            kind=row["kind"],
            quality=row["quality"],
            name=row["name"],
            good={v: int(row[v] or 0) for v in values},
            broken={v: int(row[f"b_{v}"] or 0) for v in values},
            boxed=frozenset((row.get("boxed") or "").split()),
        )
    return out


def parse_levels(text: str, board: MapData) -> tuple[dict[str, int], list[str]]:
    """The elevation layer: one digit per hex, laid out like terrain.txt (T88)."""
    problems: list[str] = []
    out: dict[str, int] = {}
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        row, _, digits = line.partition(" ")
        digits = digits.strip()
        for i, ch in enumerate(digits):
            label = board.grid.label(board.grid.first_col + i, int(row))
            if label not in board.grid or not ch.isdigit():
                problems.append(f"levels.txt: bad entry {ch!r} at row {row}")
                continue
            out[label] = int(ch)
    missing = [lab for lab in board.grid.labels() if lab not in out]
    if missing:
        problems.append(f"levels.txt: {len(missing)} hexes have no level (first: {missing[0]})")
    return out, problems


def parse_sightings(text: str, board: MapData) -> tuple[dict[Hexside, HandSet], list[str]]:
    """The hand-set LOS table (``los.txt``): ``HEX HEX clear [hindrance N]`` or ``HEX HEX blocked``."""
    problems: list[str] = []
    out: dict[Hexside, HandSet] = {}
    for n, raw in enumerate(text.splitlines(), start=1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        bad = f"los.txt:{n}: expected 'HEX HEX clear [hindrance N]' or 'HEX HEX blocked', got {raw.strip()!r}"
        if len(words) < 3 or words[2] not in ("clear", "blocked"):
            problems.append(bad)
            continue
        a, b, verdict, rest = words[0].upper(), words[1].upper(), words[2], words[3:]
        if a not in board.grid or b not in board.grid or a == b:
            problems.append(f"los.txt:{n}: {words[0]} and {words[1]} must be two different hexes of the map")
            continue
        hindrance = 0
        if rest:
            if verdict != "clear" or len(rest) != 2 or rest[0] != "hindrance" or not rest[1].isdigit() or int(rest[1]) < 1:
                problems.append(bad)
                continue
            hindrance = int(rest[1])
        key = hexside(a, b)
        if key in out:
            problems.append(f"los.txt:{n}: {a}-{b} is listed twice")
        out[key] = HandSet(verdict == "blocked", hindrance)
    return out, problems


def parse_reinforcement(spec: str) -> tuple[str, str, int]:
    """One Time-track entry of a scenario, ``SPACE ID TYPE`` (6.1.2 step 5): its id, type and space; ``ValueError`` if malformed."""
    space, uid, ctype = spec.split()
    return uid, ctype, int(space)


def parse_area(entries: list[str], grid: Grid) -> tuple[list[Label], list[str]]:
    """A set-up area (A35.4): hexes (``F5``) and rectangles (``A6-O10``: columns A to O, rows 6 to 10);
    the hexes on the map, sorted, and what is wrong with the entries."""
    hexes: set[Label] = set()
    problems = []
    for entry in entries:
        corners = [re.fullmatch(r"([A-Z]+)(\d+)", part) for part in str(entry).upper().split("-")]
        if len(corners) not in (1, 2) or any(c is None for c in corners):
            problems.append(f"set-up area entry {entry!r} is not HEX or HEX-HEX")
            continue
        cols = sorted(c.group(1) for c in corners if c is not None)
        rows = sorted(int(c.group(2)) for c in corners if c is not None)
        found = [
            str(h) for h in grid.labels()
            if (m := re.fullmatch(r"([A-Z]+)(\d+)", str(h))) is not None
            and (len(m.group(1)), m.group(1)) >= (len(cols[0]), cols[0]) and (len(m.group(1)), m.group(1)) <= (len(cols[-1]), cols[-1])
            and rows[0] <= int(m.group(2)) <= rows[-1]
        ]
        if not found:
            problems.append(f"set-up area entry {entry!r} holds no hex of the map")
        hexes.update(found)
    return sorted(hexes), problems


def parse_scenarios(text: str) -> dict[str, Scenario]:
    data = tomllib.loads(text)
    out: dict[str, Scenario] = {}
    for name, s in data.items():
        out[name] = Scenario(
            name=name,
            title=str(s["title"]),
            map=str(s["map"]),
            first=str(s["first"]),
            initiative=str(s["initiative"]),
            time=int(s.get("time", 0)),
            sudden_death=int(s["sudden_death"]),
            sides=dict(s["sides"]),
            objectives={str(k): str(v) for k, v in s.get("objectives", {}).items()},
            chits={str(k): int(v) for k, v in s.get("chits", {}).items()},
            year=int(s.get("year", 0)),
        )
    return out


@cache
def load() -> GameData:
    """Every data file of the package, parsed (the problems are kept for ``validate``)."""
    problems: list[str] = []
    fate = tomllib.loads(read_text(PACKAGE, "data/fate.toml"))
    decks: dict[str, tuple[Card, ...]] = {}
    deck_texts = read_texts(PACKAGE, "data/decks")
    for nation in fate["nations"]:
        cards, found = parse_deck(nation, deck_texts[f"{nation}.csv"], fate)
        decks[nation] = cards
        problems += found
    chart = tomllib.loads(read_text(PACKAGE, "data/terrain.toml"))
    hexes = {e["name"]: _terrain(e) for e in chart["terrain"]}
    sides = {e["name"]: _terrain(e) for e in chart["side"]}
    paths = {e["name"]: _terrain(e) for e in chart["path"]}
    features = {e["name"]: _terrain(e) for e in chart.get("feature", [])}
    counters = parse_counters(read_text(PACKAGE, "data/counters.csv"))
    scenarios = parse_scenarios(read_text(PACKAGE, "data/scenarios.toml"))
    maps: dict[str, MapData] = {}
    levels: dict[str, dict[str, int]] = {}
    sightings: dict[str, dict[Hexside, HandSet]] = {}
    for s in scenarios.values():
        if s.map not in maps:
            texts = read_texts(PACKAGE, f"data/maps/{s.map}")
            board, found = parse_map(texts)
            problems += [f"map {s.map}: {p}" for p in found]
            if board is None:
                continue
            levels[s.map], found = parse_levels(texts.get("levels.txt", ""), board)
            problems += [f"map {s.map}: {p}" for p in found]
            maps[s.map] = dataclasses.replace(board, levels=levels[s.map])
            sightings[s.map], found = parse_sightings(texts.get("los.txt", ""), board)
            problems += [f"map {s.map}: {p}" for p in found]
            problems += [f"map {s.map}: {p}" for p in compass.problems(board)]
            unknown = set(board.terrain.values()) - set(hexes)
            problems += [f"map {s.map}: terrain {u!r} is not on the chart" for u in sorted(unknown - set(features))]
            problems += [f"map {s.map}: {p}" for p in bridges.problems(board, hexes, features, paths)]
        if s.map in maps:
            problems += _scenario_problems(s, maps[s.map], counters, hexes)
    return GameData(fate, decks, hexes, sides, paths, counters, scenarios, maps, levels, tuple(problems), sightings, features)


#: The fortifications a scenario may set up (F101-F106; ``fortifications.KINDS`` gives what they do).
FORT_KINDS = ("bunker", "foxholes", "mines", "pillbox", "trenches", "wire")


def parse_fortification(spec: str) -> tuple[Label, str]:
    """A scenario's fortification, ``HEX KIND`` (F100.1); ``ValueError`` if malformed."""
    label, kind = spec.split()
    return label.upper(), kind.lower()


def _fortification_problems(s: Scenario, board: MapData, hexes: Mapping[str, Terrain] | None) -> list[str]:
    """F100.1, F100.3, F103.2: fortifications on the map, one per hex, never in Water; a stronger
    minefield (``mine_fp`` 7 or 8) only for the Defense posture."""
    problems: list[str] = []
    seen: set[str] = set()
    for role, side in s.sides.items():
        for spec in side.get("fortifications", []):
            try:
                label, kind = parse_fortification(spec)
            except ValueError:
                problems.append(f"scenario {s.name}: fortification {spec!r} is not 'HEX KIND'")
                continue
            if kind not in FORT_KINDS:
                problems.append(f"scenario {s.name}: unknown fortification {kind!r} in {label}")
            if label not in board.grid:
                problems.append(f"scenario {s.name}: fortification off the map ({label})")
            elif hexes is not None and hexes[board.terrain[label]].water and bridges.MINOR not in board.features.get(label, frozenset()):  # R72
                problems.append(f"scenario {s.name}: no fortification may occupy the Water hex {label} (F100.3)")
            if label in seen:
                problems.append(f"scenario {s.name}: two fortifications in {label} (F100.3)")
            seen.add(label)
        if "mine_fp" in side:
            fp = side["mine_fp"]
            if fp not in (6, 7, 8):
                problems.append(f"scenario {s.name} {role}: mine_fp {fp!r} is not 6, 7 or 8 (F103.2)")
            elif fp != 6 and side.get("posture") != "defense":
                problems.append(f"scenario {s.name} {role}: a {fp} FP minefield belongs to the Defense posture (F103.2)")
    return problems


def _scenario_problems(s: Scenario, board: MapData, counters: Mapping[str, CounterType], hexes: Mapping[str, Terrain] | None = None) -> list[str]:
    """Unknown counter types, set-up hexes off the map, repeated ids, reinforcements on a past Time space,
    misplaced fortifications (F100.3) and minefields (F103.2)."""
    problems: list[str] = []
    ids: Counter[str] = Counter()
    for side in s.sides.values():
        for spec in side["units"]:
            uid, ctype, where = spec.split()
            ids[uid] += 1
            if ctype not in counters:
                problems.append(f"scenario {s.name}: unit {uid} has unknown type {ctype!r}")
            if where not in board.grid:
                problems.append(f"scenario {s.name}: unit {uid} set up off the map ({where})")
        for spec in side.get("reinforcements", []):
            try:
                uid, ctype, space = parse_reinforcement(spec)
            except ValueError:
                problems.append(f"scenario {s.name}: reinforcement {spec!r} is not 'SPACE ID TYPE'")
                continue
            ids[uid] += 1
            if ctype not in counters:
                problems.append(f"scenario {s.name}: reinforcement {uid} has unknown type {ctype!r}")
            if space <= s.time:
                problems.append(f"scenario {s.name}: reinforcement {uid} waits on Time space {space}, not after the start ({s.time})")
    for role, side in s.sides.items():
        problems += [f"scenario {s.name} {role}: {p}" for p in parse_area(list(side.get("setup_area", [])), board.grid)[1]]
    problems += [f"scenario {s.name}: unit id {uid} is used {k} times" for uid, k in ids.items() if k > 1]
    problems += _fortification_problems(s, board, hexes)
    if objective_numbers(board) != ["1", "2", "3", "4", "5"]:
        problems.append(f"scenario {s.name}: map {s.map} needs five objectives numbered 1-5 (2.3)")
    return problems


def objective_numbers(board: MapData) -> list[str]:
    return sorted(p.get("number") or "" for p in board.places.values() if p.kind == "objective")
