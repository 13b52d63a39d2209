"""The data of Von Manstein's Backhand Blow: map, counters, chits and tables, read once.

Every value lives in ``data/`` (readable files, each with a provenance line); this module only
parses them. Units are plain records in ``state["units"]``; where a unit stands is kept in the
ordered stacks of ``engine.stacks`` alone (a hex, an admin box), never as a unit attribute, so
nothing about a hidden counter can leave through its record.
"""

from __future__ import annotations

import csv
import io
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.datafiles import read_text, read_texts
from engine.game import Role
from engine.mapdata import MapData, parse_map
from engine.stacks import StackPolicy, StackRule, Visibility
from engine.text import t

PACKAGE = "engine.games.schwerpunkt"
GERMAN, SOVIET = "german", "soviet"
ROLES = (SOVIET, GERMAN)  # E 4.1: the Soviet acts first in every turn
FRONTS = ("southwest", "voronezh")
WEATHERS = ("frozen", "mud", "very_mud")
#: Off-map boxes (E 15.1): two admin boxes per side; their contents are the owner's alone.
BOXES = {side: (f"box1-{side}", f"box2-{side}") for side in ROLES}
BOX_NAMES = frozenset(b for pair in BOXES.values() for b in pair)


def other(side: Role) -> Role:
    return GERMAN if side == SOVIET else SOVIET


@dataclass(frozen=True)
class Step:
    cs: int
    tv: int
    ma: int
    defend_only: bool


@dataclass(frozen=True)
class UnitSpec:
    id: str
    name: str
    side: Role
    branch: str
    type: str
    move: str  # mot | nonmot | stationary
    size: str
    formation: str
    integrity: bool
    zoc: bool
    attack: bool
    steps: tuple[Step, ...]
    setup: str  # hex:HEX | turn:T@HEX | gvr:HEX | vk:HEX | uprising:HEX


@dataclass(frozen=True)
class Chit:
    side: Role
    id: str
    name: str
    first: int
    last: int
    count: int
    drm: int = 0
    drm_alt: int = 0
    alt: str = ""
    hits_own: int = 0
    hits_enemy: int = 0
    special: str = ""


@dataclass(frozen=True)
class Rules:
    board: MapData
    units: Mapping[str, UnitSpec]
    chits: Mapping[str, Chit]
    tables: Mapping[str, Any]
    problems: tuple[str, ...]


def _step(text: str) -> Step:
    cs, tv, ma = text.split("-")
    defend_only = cs.startswith("(")
    return Step(int(cs.strip("()")), int(tv), int(ma), defend_only)


def _rows(text: str) -> list[dict[str, str]]:
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    return list(csv.DictReader(io.StringIO(body)))


def parse_units(text: str) -> tuple[dict[str, UnitSpec], list[str]]:
    units: dict[str, UnitSpec] = {}
    problems: list[str] = []
    for n, row in enumerate(_rows(text), start=1):
        try:
            spec = UnitSpec(
                id=row["id"],
                name=row["name"],
                side=row["side"],
                branch=row["branch"],
                type=row["type"],
                move=row["move"],
                size=row["size"],
                formation=row["formation"],
                integrity=row["integrity"] == "1",
                zoc=row["zoc"] == "1",
                attack=row["attack"] == "1",
                steps=tuple(_step(s) for s in row["steps"].split("/")),
                setup=row["setup"],
            )
        except (KeyError, ValueError) as exc:
            problems.append(f"units.csv row {n}: {exc}")
            continue
        if spec.id in units:
            problems.append(f"units.csv: unit {spec.id} twice")
        if spec.side not in ROLES:
            problems.append(f"units.csv: {spec.id} has side {spec.side!r}")
        if spec.move not in ("mot", "nonmot", "stationary"):
            problems.append(f"units.csv: {spec.id} has movement class {spec.move!r}")
        units[spec.id] = spec
    return units, problems


def parse_chits(text: str) -> dict[str, Chit]:
    def num(value: str) -> int:
        return int(value) if value.strip() else 0

    return {
        row["id"]: Chit(
            row["side"], row["id"], row["name"], int(row["first"]), int(row["last"]), int(row["count"]),
            num(row["drm"]), num(row["drm_alt"]), row["alt"], num(row["hits_own"]), num(row["hits_enemy"]), row["special"],
        )
        for row in _rows(text)
    }


@cache
def rules() -> Rules:
    board, problems = parse_map(read_texts(PACKAGE, "data/map"))
    if board is None:
        raise ValueError("; ".join(problems))
    units, unit_problems = parse_units(read_text(PACKAGE, "data/units.csv"))
    chits = parse_chits(read_text(PACKAGE, "data/chits.csv"))
    tables = tomllib.loads(read_text(PACKAGE, "data/tables.toml"))
    problems = list(problems) + unit_problems
    for spec in units.values():
        kind, _, where = spec.setup.partition(":")
        hex_ = where.rpartition("@")[2]
        if kind not in ("hex", "turn", "gvr", "vk", "uprising"):
            problems.append(f"units.csv: {spec.id} has set-up {spec.setup!r}")
        elif hex_ not in board.grid or board.terrain.get(hex_) == "sea":
            problems.append(f"units.csv: {spec.id} sets up off the land of the map ({hex_})")
    return Rules(board, units, chits, tables, tuple(problems))


# Units ---------------------------------------------------------------------------------------


def spec(uid: str) -> UnitSpec:
    return rules().units[uid]


def step_values(unit: Mapping[str, Any]) -> Step:
    """The unit's values at its current strength (``step`` 0 = full)."""
    s = spec(str(unit["id"]))
    return s.steps[min(int(unit["step"]), len(s.steps) - 1)]


def movement_allowance(unit: Mapping[str, Any]) -> int:
    """MA, or 3 (motorised) / 1 (non-motorised) when out of supply (S 6.4)."""
    s = spec(str(unit["id"]))
    if s.move == "stationary":
        return 0
    if unit.get("oos"):
        return 3 if s.move == "mot" else 1
    return step_values(unit).ma


def is_gvr(uid: str) -> bool:
    return spec(uid).setup.startswith("gvr:")


def stacking_value_free(uid: str) -> bool:
    """Units that never count for stacking: parenthesised CS (S 2.41, E 10), Uprising units."""
    s = spec(uid)
    return s.steps[0].defend_only or s.type == "uprising"


#: S 3.5: the enemy sees the top military unit of each stack, a motorised one when there is one;
#: admin boxes are owner-only with their count public (digest 6.1 item 4).
POLICY = StackPolicy(
    default=StackRule(
        rule="S 3.5",
        enemy_depth=1,
        rank=lambda u: 0 if u.get("move") == "mot" else 1,
        order_reason=t("A motorised unit must be on top of a stack that holds one (S 3.5)."),
    ),
    places={box: StackRule(rule="E 15.1", enemy_depth=0) for box in BOX_NAMES},
    attributes={
        "id": Visibility.PUBLIC,
        "name": Visibility.PUBLIC,
        "side": Visibility.PUBLIC,
        "type": Visibility.PUBLIC,
        "move": Visibility.PUBLIC,
        "size": Visibility.PUBLIC,
        "formation": Visibility.PUBLIC,
        "step": Visibility.PUBLIC,  # the face a shown counter lies on (S 2.48)

        "oos": Visibility.OWNER,
        "moved": Visibility.OWNER,
        "acted": Visibility.OWNER,
    },
)


def new_unit(s: UnitSpec) -> dict[str, Any]:
    return {
        "id": s.id,
        "name": s.name,
        "side": s.side,
        "type": s.type,
        "move": s.move,
        "size": s.size,
        "formation": s.formation,
        "step": 0,
        "oos": False,
        "moved": False,
        "acted": False,
        "admin": False,
        "attacked": False,
        "defended": False,
    }
