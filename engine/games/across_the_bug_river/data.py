"""The game's data, read from the readable files under ``data/`` (all provisional, see their first lines).

``load()`` parses them into a ``Rules`` record; ``Rules.problems`` lists what ``validate`` finds
(a missing provenance line, a unit of an unknown formation, a set-up hex off the map or outside
its scenario window, a table of the wrong shape).
"""

from __future__ import annotations

import csv
import io
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.datafiles import read_text, read_texts
from engine.mapdata import MapData, parse_map

PACKAGE = "engine.games.across_the_bug_river"
SIDES = ("german", "soviet")
CRT_ROWS = 20


@dataclass(frozen=True)
class UnitType:
    """A combat unit's printed values (provisional): front, and the disorganised back."""

    id: str
    side: str
    formation: str
    type: str
    combat: str  # infantry | afv
    move: str  # leg | motorized
    eff: int
    eff_d: int
    strength: int
    tank: int
    at: int
    tank_d: int
    at_d: int
    ma: int
    engineer: bool
    stack_infantry: bool

    @property
    def afv_like_zoc(self) -> bool:
        """AT units project ZOC like AFV (5.4)."""
        return self.combat == "afv" or self.type == "at"


@dataclass(frozen=True)
class Formation:
    id: str
    side: str
    name: str
    corps: str
    reaction: int
    range: int
    support: int
    relocation: int
    max_level: int
    recovery: int
    infantry_division: bool

    @property
    def hq(self) -> str:
        return f"HQ-{self.id}"


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    first_turn: int
    last_turn: int
    window: tuple[int, int, int, int]
    counterattack_orders: int
    surprise: int
    victory: str
    pontoons: bool
    reserves_105: bool
    hq: Mapping[str, str]
    setup: Mapping[str, str]
    attach: Mapping[str, str]
    reinforcements: Mapping[int, tuple[str, ...]]
    #: The rulebook section that gives the map area (``window``): the rule an order leaving it breaks.
    section: str

    def inside(self, label: str) -> bool:
        c0, c1, r0, r1 = self.window
        col, row = int(label[:2]), int(label[2:])
        return c0 <= col <= c1 and r0 <= row <= r1


@dataclass(frozen=True)
class Rules:
    board: MapData
    units: Mapping[str, UnitType]
    formations: Mapping[str, Formation]
    tables: Mapping[str, Any]
    scenarios: Mapping[str, Scenario]
    problems: tuple[str, ...] = field(default=())

    def ap(self, level: int, roll: int) -> tuple[int, int]:
        """The AP table (6.3.1): (black, red) for an activation level and a d10."""
        levels = self.tables["ap"]["levels"]
        column = min(max(level, levels[0]), levels[-1])
        black, red = self.tables["ap"][f"level{column}"][roll - 1].split("/")
        return int(black), int(red)

    def terrain(self, label: str) -> Mapping[str, Any]:
        tec: Mapping[str, Any] = self.tables["tec"][self.board.terrain[label]]
        return tec


def _provenance(name: str, text: str) -> list[str]:
    head = text.lstrip().splitlines()[0] if text.strip() else ""
    if not any(w in head.upper() for w in ("PROVISIONAL", "TRANSCRIBED", "SOURCE")):
        return [f"{name}: line 1 must say where the data comes from (PROVISIONAL/TRANSCRIBED/SOURCE)"]
    return []


def _csv(text: str) -> list[dict[str, str]]:
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    return list(csv.DictReader(io.StringIO(body)))


def _flag(value: str) -> bool:
    return value.strip() in ("1", "true", "yes")


def parse(texts: Mapping[str, str], map_texts: Mapping[str, str]) -> Rules:
    """Every data file parsed; problems are collected, not raised, for ``validate``."""
    problems: list[str] = []
    for name, text in texts.items():
        problems += _provenance(name, text)
    board, map_problems = parse_map(map_texts)
    problems += [f"map/{p}" for p in map_problems]
    if board is None:
        raise ValueError("; ".join(problems))
    formations = {
        r["id"]: Formation(
            r["id"], r["side"], r["name"], r["corps"], int(r["reaction"]), int(r["range"]), int(r["support"]),
            int(r["relocation"]), int(r["max_level"]), int(r["recovery"]), _flag(r["infantry_division"]),
        )
        for r in _csv(texts["formations.csv"])
    }
    units: dict[str, UnitType] = {}
    for n, r in enumerate(_csv(texts["units.csv"]), start=1):
        if r["id"] in units:
            problems.append(f"units.csv: row {n}: {r['id']} repeated")
        unit = UnitType(
            r["id"], r["side"], r["formation"], r["type"], r["combat"], r["move"], int(r["eff"]), int(r["eff_d"]),
            int(r["str"]), int(r["tank"]), int(r["at"]), int(r["tank_d"]), int(r["at_d"]), int(r["ma"]),
            _flag(r["engineer"]), _flag(r["stack_infantry"]),
        )
        units[unit.id] = unit
        if unit.side not in SIDES:
            problems.append(f"units.csv: {unit.id}: side {unit.side!r} is not german or soviet")
        if unit.formation not in formations and not unit.formation.startswith("ind-"):
            problems.append(f"units.csv: {unit.id}: unknown formation {unit.formation!r}")
        if unit.combat not in ("infantry", "afv") or unit.move not in ("leg", "motorized"):
            problems.append(f"units.csv: {unit.id}: combat must be infantry|afv and move leg|motorized")
        if not 2 <= unit.eff_d <= unit.eff <= 7:
            problems.append(f"units.csv: {unit.id}: efficiency must run 2..7, the back no better than the front (3.2)")
        if not 1 <= unit.strength <= 11:
            problems.append(f"units.csv: {unit.id}: strength must be 1..11 (3.4 markers)")
    tables = tomllib.loads(texts["tables.toml"])
    problems += _table_problems(tables, board)
    raw = tomllib.loads(texts["scenarios.toml"])
    scenarios: dict[str, Scenario] = {}
    for key, s in raw.items():
        scen = Scenario(
            key, s["title"], int(s["turns"][0]), int(s["turns"][1]), (int(s["window"][0]), int(s["window"][1]), int(s["window"][2]), int(s["window"][3])),
            int(s["counterattack_orders"]), int(s["surprise"]), s["victory"], bool(s["pontoons"]),
            bool(s["reserves_105"]), dict(s.get("hq", {})), dict(s.get("setup", {})), dict(s.get("attach", {})),
            {int(k): tuple(v) for k, v in s.get("reinforcements", {}).items()}, str(s["section"]),
        )
        scenarios[key] = scen
        problems += _scenario_problems(scen, board, units, formations)
    return Rules(board, units, formations, tables, scenarios, tuple(problems))


def _table_problems(tables: Mapping[str, Any], board: MapData) -> list[str]:
    out: list[str] = []
    for name, table in tables.items():
        if isinstance(table, Mapping) and table.get("source") not in ("rules", "provisional", "cells"):
            out.append(f"tables.toml: [{name}] must say source = rules|provisional|cells")
    ap = tables["ap"]
    for level in ap["levels"]:
        cells = ap.get(f"level{level}", [])
        if len(cells) != 10:
            out.append(f"tables.toml: ap level{level} needs 10 cells (d10 1..10), has {len(cells)}")
        for cell in cells:
            black, _, red = str(cell).partition("/")
            if not (black.isdigit() and red.isdigit()) or not 0 <= int(black) <= 7:
                out.append(f"tables.toml: ap level{level}: {cell!r} is not BLACK/RED with black 0..7 (6.3.1)")
    crt = tables["crt"]
    for line in crt["lines"]:
        entry = crt.get(f"line{line}", {})
        columns = entry.get("columns", [])
        rows = entry.get("rows", [])
        if len(rows) != CRT_ROWS:
            out.append(f"tables.toml: crt line{line} needs {CRT_ROWS} rows (7.5.1), has {len(rows)}")
        for n, row in enumerate(rows, start=1):
            if len(row.split()) != len(columns):
                out.append(f"tables.toml: crt line{line} row {n}: {len(row.split())} cells for {len(columns)} columns")
    for terrain in set(board.terrain.values()):
        if terrain not in tables["tec"]:
            out.append(f"tables.toml: the map uses terrain {terrain!r} that the TEC does not list")
    for n, chit in enumerate(tables["chits"]["cup"], start=1):
        parts = dict(p.split(":") for p in chit.split())
        if set(parts) != {"std", "enh"} or any(len(v.split(",")) != 6 for v in parts.values()):
            out.append(f"tables.toml: chit {n} needs std and enh multipliers for efficiency 2..7")
    if len(tables["chits"]["cup"]) != 10:
        out.append("tables.toml: the chit cup needs 10 chits (7.5.1.1: drawn with a d10)")
    if len(tables["interdiction"]["by_roll"]) != 10:
        out.append("tables.toml: the interdiction table needs 10 cells (d10)")
    return out


def _scenario_problems(
    scen: Scenario, board: MapData, units: Mapping[str, UnitType], formations: Mapping[str, Formation]
) -> list[str]:
    out: list[str] = []
    for uid, label in scen.setup.items():
        if uid not in units:
            out.append(f"scenarios.toml: [{scen.key}] sets up unknown unit {uid!r}")
        elif label not in board.grid or not scen.inside(label):
            out.append(f"scenarios.toml: [{scen.key}] {uid} at {label}: off the map or outside the scenario window (11)")
    for fid, label in scen.hq.items():
        if fid not in formations:
            out.append(f"scenarios.toml: [{scen.key}] HQ of unknown formation {fid!r}")
        elif board.terrain.get(label) not in ("village", "city"):
            out.append(f"scenarios.toml: [{scen.key}] HQ {fid} at {label}: an HQ must stand in a village or city (3.3)")
    for uid, fid in scen.attach.items():
        if uid not in units or fid not in formations:
            out.append(f"scenarios.toml: [{scen.key}] attaches {uid!r} to {fid!r}: unknown unit or formation")
    for turn, arriving in scen.reinforcements.items():
        for uid in arriving:
            if uid not in units:
                out.append(f"scenarios.toml: [{scen.key}] turn {turn} brings unknown unit {uid!r}")
    return out


@cache
def load() -> Rules:
    texts = {name: read_text(PACKAGE, f"data/{name}") for name in ("units.csv", "formations.csv", "tables.toml", "scenarios.toml")}
    return parse(texts, read_texts(PACKAGE, "data/map"))
