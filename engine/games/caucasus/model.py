"""The Caucasus Campaign's data model: counters, their printed values, and state accessors.

Static data (printed counter values, the map, scenario tables) is loaded once from the data
files; the state holds only what changes. Every rules module works on ``Rules`` (the static
data) plus the plain-dict state described in ``state.py``.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache
from typing import Any

from engine.datafiles import read_text, read_texts
from engine.mapdata import MapData, parse_map
from engine.memo import PerObject
from engine.printed import face

PACKAGE = "engine.games.caucasus"
AXIS, SOVIET = "axis", "soviet"
SIDES = (AXIS, SOVIET)


def enemy(side: str) -> str:
    return SOVIET if side == AXIS else AXIS


class UnitType(StrEnum):
    INF = "INF"
    BICYCLE = "BICYCLE"
    MOUNTAIN = "MOUNTAIN"
    JAGER = "JAGER"
    SECURITY = "SECURITY"
    NKVD = "NKVD"
    NAVAL_INF = "NAVAL_INF"
    HQ = "HQ"
    PORT_GARRISON = "PORT_GARRISON"
    CAVALRY = "CAVALRY"
    PANZER = "PANZER"
    PZGREN = "PZGREN"
    MOT_INF = "MOT_INF"
    FLAK = "FLAK"
    AT = "AT"
    COMMANDO = "COMMANDO"
    STUG = "STUG"
    ARMORED_TRAIN = "ARMORED_TRAIN"
    AZOV_FLOTILLA = "AZOV_FLOTILLA"
    SOV_TANK = "SOV_TANK"


MECHANIZED = frozenset(
    {
        UnitType.PANZER,
        UnitType.PZGREN,
        UnitType.MOT_INF,
        UnitType.FLAK,
        UnitType.AT,
        UnitType.COMMANDO,
        UnitType.STUG,
        UnitType.ARMORED_TRAIN,
        UnitType.AZOV_FLOTILLA,
        UnitType.SOV_TANK,
    }
)
TQ_RANK = {"L": 0, "R": 1, "E": 2}
_VALUES = re.compile(r"^(?P<a>\d+)(?P<armor>\*)?(?:\[(?P<mf>\d+)\])?-(?P<lp>\()?(?P<d>\d+)(?P<rp>\))?(?P<at>\*)?-(?P<m>\d+)$")


@dataclass(frozen=True)
class StepValues:
    """The printed values of one side (step) of a counter."""

    attack: int
    defense: int
    move: int
    tq: str = "R"
    armor: bool = False
    antitank: bool = False
    mf_attack: int | None = None
    limited_defense: bool = False

    @staticmethod
    def parse(text: str, tq: str) -> StepValues:
        m = _VALUES.match(text.strip())
        if not m:
            raise ValueError(f"counter values {text!r} are not like 5-7-3, 10*-6-6, 6[8]-7-3 or 0-(2)-6")
        return StepValues(
            attack=int(m["a"]),
            defense=int(m["d"]),
            move=int(m["m"]),
            tq=tq,
            armor=bool(m["armor"]),
            antitank=bool(m["at"]),
            mf_attack=int(m["mf"]) if m["mf"] else None,
            limited_defense=bool(m["lp"]),
        )

    def label(self) -> str:
        a = f"{self.attack}{'*' if self.armor else ''}{f'[{self.mf_attack}]' if self.mf_attack is not None else ''}"
        d = f"({self.defense})" if self.limited_defense else str(self.defense)
        return f"{a}-{d}{'*' if self.antitank else ''}-{self.move}"


@dataclass(frozen=True)
class UnitSpec:
    """One counter as printed: identity, type and the values of each step."""

    id: str
    name: str
    side: str
    nationality: str
    type: UnitType
    size: str
    steps: tuple[StepValues, ...]
    setup: str = ""
    turn: int | None = None
    entry: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()

    @property
    def mech(self) -> bool:
        return self.type in MECHANIZED

    @property
    def cavalry(self) -> bool:
        return self.type == UnitType.CAVALRY

    @property
    def foot(self) -> bool:
        return not self.mech and not self.cavalry

    @property
    def white_box(self) -> bool:
        return "white_box" in self.flags

    @property
    def large(self) -> bool:
        return len(self.steps) == 3

    def flag_value(self, prefix: str) -> str | None:
        for f in self.flags:
            if f.startswith(prefix + ":"):
                return f.split(":", 1)[1]
        return None


@dataclass(frozen=True)
class AirSpec:
    id: str
    name: str
    side: str
    shift: int
    dd_drm: int
    available_turns: frozenset[int]
    start: str


@dataclass(frozen=True)
class ScenarioSpec:
    name: str
    title: str
    turns: int
    axis_vp_target: int
    axis_vp_target_alpine: int
    alpine_roll: bool
    thresholds: Mapping[int, int]
    cup_none: int


@dataclass(frozen=True)
class Rules:
    """Everything static about the game: map, counters, markers, scenarios."""

    board: MapData
    units: Mapping[str, UnitSpec]
    air: Mapping[str, AirSpec]
    fleet: tuple[str, ...]
    scenarios: Mapping[str, ScenarioSpec]
    repl_tracks: tuple[str, ...]
    problems: tuple[str, ...] = ()
    by_name: Mapping[str, str] = field(default_factory=dict)

    def spec(self, uid: str) -> UnitSpec:
        return self.units[uid]


def parse_units(text: str) -> tuple[dict[str, UnitSpec], list[str]]:
    problems: list[str] = []
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    out: dict[str, UnitSpec] = {}
    for n, row in enumerate(csv.DictReader(io.StringIO("\n".join(lines))), start=2):
        where = f"units.csv row {n} ({row.get('id', '?')})"
        try:
            tqs = (row["tq"] or "R").split("/")
            steps = []
            for i, col in enumerate(("full", "reduced", "kg")):
                if row[col]:
                    steps.append(StepValues.parse(row[col], tqs[min(i, len(tqs) - 1)]))
            spec = UnitSpec(
                id=row["id"],
                name=row["name"],
                side=row["side"],
                nationality=row["nationality"],
                type=UnitType(row["type"]),
                size=row["size"],
                steps=tuple(steps),
                setup=row["setup"],
                turn=int(row["turn"]) if row["turn"] else None,
                entry=tuple(e for e in row["entry"].split("|") if e),
                flags=frozenset(row["flags"].split()),
            )
        except (KeyError, ValueError) as exc:
            problems.append(f"{where}: {exc}")
            continue
        if spec.side not in SIDES:
            problems.append(f"{where}: side must be axis or soviet")
        if not spec.steps:
            problems.append(f"{where}: no step values")
        if spec.id in out:
            problems.append(f"{where}: duplicate id")
        out[spec.id] = spec
    return out, problems


def parse_scenarios(text: str) -> tuple[dict[str, ScenarioSpec], dict[str, AirSpec], tuple[str, ...], tuple[str, ...]]:
    data = tomllib.loads(text)
    scenarios = {}
    for key in ("campaign", "tournament"):
        s = data[key]
        scenarios[key] = ScenarioSpec(
            name=key,
            title=str(s["name"]),
            turns=int(s["turns"]),
            axis_vp_target=int(s["axis_vp_target"]),
            axis_vp_target_alpine=int(s.get("axis_vp_target_alpine", s["axis_vp_target"])),
            alpine_roll=bool(s.get("alpine_roll", False)),
            thresholds={int(k): int(v) for k, v in s.get("sudden_victory_thresholds", {}).items()},
            cup_none=int(s.get("cup_none_counters", 0)),
        )
    air = {
        a["id"]: AirSpec(
            a["id"], a["name"], a["side"], int(a["shift"]), int(a["dd_drm"]), frozenset(a["available_turns"]), a["start"]
        )
        for a in data.get("air", [])
    }
    fleet = tuple(f["id"] for f in data.get("fleet", []))
    tracks_raw: Any = data.get("replacement_tracks", {})
    tracks = tuple(tracks_raw.get("names", tracks_raw)) if isinstance(tracks_raw, dict) else tuple(tracks_raw)
    return scenarios, air, fleet, tracks


@cache
def load_rules() -> Rules:
    """Load and cross-check the data files (cached: they are immutable package data)."""
    board, problems = parse_map(read_texts(PACKAGE, "data/map"))
    if board is None:
        raise ValueError("the Caucasus map cannot be parsed: " + "; ".join(problems[:5]))
    units, unit_problems = parse_units(read_text(PACKAGE, "data/units.csv"))
    scenarios, air, fleet, tracks = parse_scenarios(read_text(PACKAGE, "data/scenarios.toml"))
    problems = list(problems) + unit_problems
    names = {p.name.casefold(): h for h, p in board.places.items() if p.kind != "entry"}
    for spec in units.values():
        if spec.setup.startswith("place:") and spec.setup[6:].casefold() not in names:
            problems.append(f"units.csv {spec.id}: setup place {spec.setup[6:]!r} is not on the map")
        if spec.setup.startswith("zone:") and spec.setup[5:] not in board.zones:
            problems.append(f"units.csv {spec.id}: setup zone {spec.setup[5:]!r} is not on the map")
    return Rules(board, units, air, fleet, scenarios, tracks, tuple(problems), names)


# State accessors ------------------------------------------------------------------------------
Unit = dict[str, Any]


def units_at(state: Mapping[str, Any], label: str) -> list[str]:
    return sorted([uid for uid, u in state["units"].items() if u.get("hex") == label])


def occupants(state: Mapping[str, Any]) -> dict[str, list[str]]:
    """Every occupied hex with its units sorted, both sides (``units_at`` of every hex, read in
    one pass over the units)."""
    out: dict[str, list[str]] = {}
    for uid, u in state["units"].items():
        here = u.get("hex")
        if here:
            out.setdefault(here, []).append(uid)
    for found in out.values():
        found.sort()
    return out


_flags_of: PerObject[dict[str, tuple[str, ...]]] = PerObject(lambda units: {})


def flagged(rules: Rules, flag: str) -> tuple[str, ...]:
    """The counters carrying ``flag``, in id order, found once per counter set."""
    found = _flags_of(rules.units)
    if flag not in found:
        found[flag] = tuple(sorted(uid for uid, spec in rules.units.items() if flag in spec.flags))
    return found[flag]


def stacks(rules: Rules, state: Mapping[str, Any], side: str) -> dict[str, list[str]]:
    """Every hex holding ``side``'s units, with those units sorted (``units_at`` for each of
    them, read in one pass over the units instead of one pass per hex)."""
    out: dict[str, list[str]] = {}
    specs = rules.units
    for uid, u in state["units"].items():
        here = u.get("hex")
        if here and specs[uid].side == side:
            found = out.get(here)
            if found is None:
                out[here] = [uid]
            else:
                found.append(uid)
    for here in out.values():
        here.sort()
    return out


def on_map(state: Mapping[str, Any]) -> Iterator[tuple[str, Unit]]:
    for uid, u in sorted(state["units"].items()):
        if u.get("hex"):
            yield uid, u


def side_of(rules: Rules, uid: str) -> str:
    return rules.units[uid].side


def values(rules: Rules, state: Mapping[str, Any], uid: str) -> StepValues:
    spec = rules.units[uid]
    step = min(int(state["units"][uid].get("step", 0)), len(spec.steps) - 1)
    changed = face(state, uid, step)  # a referee's counter values for this campaign
    return replace(spec.steps[step], **changed) if changed else spec.steps[step]


def occupied_by(rules: Rules, state: Mapping[str, Any], label: str) -> str | None:
    """The side whose units stand in ``label``, or ``None``."""
    for uid in units_at(state, label):
        return rules.units[uid].side
    return None
