"""Stalin's War: the static data (counters, cards, tables, map) loaded once from ``data/``.

Every rules module works on ``Rules`` (what is printed) plus the plain-dict state described in
``state.py`` (what changes). Nothing here reads the state except the small accessors at the end.
"""

from __future__ import annotations

import csv
import io
import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from engine.datafiles import read_text, read_texts
from engine.mapdata import MapData, Place, parse_map
from engine.mapoverlay import with_map
from engine.printed import face

PACKAGE = "engine.games.stalins_war"
AXIS, SOVIET = "axis", "soviet"
SIDES = (AXIS, SOVIET)
CARD_PREFIX = {AXIS: "AX", SOVIET: "SU"}

PANZER_TYPES = frozenset({"panzer_corps", "ss_panzer_corps"})
SOVIET_TANK_TYPES = frozenset({"tank_army", "guards_tank_army"})
NON_STACKING_TYPES = frozenset({"stalin", "bunker", "fortified_zone", "partisan"})
AXIS_NATIONS = frozenset({"GE", "HU", "IT", "RO"})


def enemy(side: str) -> str:
    return SOVIET if side == AXIS else AXIS


@dataclass(frozen=True)
class Level:
    """One strength level of a counter (2.2.1): attack, defence, movement allowance."""

    attack: int
    defence: int
    move: int
    rebuildable: bool = True

    def label(self) -> str:
        if self.attack == self.defence:
            return f"{self.attack}-{self.move}"
        return f"{self.attack}-{self.defence}-{self.move}"


@dataclass(frozen=True)
class UnitSpec:
    id: str
    name: str
    side: str
    nationality: str
    size: str  # "LCU" or "SCU"
    type: str
    levels: tuple[Level, ...]
    zoc: bool
    exploit: str  # "1", "0" or "after_uranus"
    mountain: bool
    setup: str
    arrives: str
    flags: frozenset[str]

    @property
    def lcu(self) -> bool:
        return self.size == "LCU"

    @property
    def german(self) -> bool:
        """German for supply, RP and card purposes (the Vlasov corps is German-supplied, 13.2.1)."""
        return self.side == AXIS and self.nationality == "GE"

    @property
    def panzer(self) -> bool:
        """A German Panzer corps SCU (incl. SS and GD Panzer corps)."""
        return self.side == AXIS and self.type in PANZER_TYPES

    @property
    def mechanized(self) -> bool:
        """Panzer, tank or mechanised unit for 11.1.3 multi-hex attacks and the 11.3.3 first loss."""
        return "mechanized" in self.flags

    @property
    def non_stacking(self) -> bool:
        return self.type in NON_STACKING_TYPES

    @property
    def partisan(self) -> bool:
        return self.type == "partisan"

    def flag_value(self, prefix: str) -> str | None:
        for flag in self.flags:
            if flag.startswith(prefix + ":"):
                return flag.split(":", 1)[1]
        return None


@dataclass(frozen=True)
class CardSpec:
    id: str  # "SU7", "AX23"
    side: str
    number: int
    deck: str  # "blitzkrieg" or "total_war"
    ops: int
    rp: Mapping[str, int]  # {"soviet": n} or {"GE": a, "PZ": b, "AX": c}
    title: str
    cc: bool
    asterisk: bool
    underlined: bool
    setaside: bool
    prerequisites: tuple[str, ...]
    text: str
    notes: str
    title_it: str = ""  # the Italian rulebook's card list, as printed (capitals), without its marks
    text_it: str = ""  # the Italian rulebook's card list: the card's printed text in Italian

    @property
    def reinforcements(self) -> bool:
        """A Reinforcements card for 7.5.2a: "Reinforcements" in its name."""
        return "Reinforcements" in self.title

    @property
    def rp_label(self) -> str:
        if self.side == SOVIET:
            return str(self.rp["soviet"])
        return "/".join(str(self.rp.get(k, 0)) for k in ("GE", "PZ", "AX"))


@dataclass(frozen=True)
class Rules:
    units: Mapping[str, UnitSpec]
    cards: Mapping[str, CardSpec]
    tables: Mapping[str, Any]
    board: MapData
    problems: tuple[str, ...] = ()
    places_by_name: Mapping[str, str] = field(default_factory=dict)

    # Map helpers -------------------------------------------------------------------------------
    def place(self, label: str) -> Place | None:
        return self.board.places.get(label)

    def hex_of(self, name: str) -> str:
        """The hex of a named place ("Moscow", "Berlin"); KeyError if the map lacks it."""
        return self.places_by_name[name.casefold()]

    def zone(self, name: str) -> frozenset[str]:
        return self.board.zone(name)

    def turn_info(self, turn: int) -> Mapping[str, Any]:
        turns: list[Mapping[str, Any]] = self.tables["calendar"]["turn"]
        return turns[turn - 1]


def _levels(text: str) -> tuple[Level, ...]:
    out = []
    for part in text.split():
        rebuildable = not part.startswith("*")
        nums = [int(x) for x in part.lstrip("*").split("-")]
        if len(nums) == 2:
            nums = [nums[0], nums[0], nums[1]]
        out.append(Level(nums[0], nums[1], nums[2], rebuildable))
    return tuple(out)


def _rows(text: str) -> list[dict[str, str]]:
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    return list(csv.DictReader(io.StringIO("\n".join(lines))))


def _units(text: str) -> dict[str, UnitSpec]:
    units = {}
    for row in _rows(text):
        units[row["id"]] = UnitSpec(
            id=row["id"],
            name=row["name"],
            side=row["side"],
            nationality=row["nationality"],
            size=row["size"],
            type=row["type"],
            levels=_levels(row["levels"]),
            zoc=row["zoc"] == "1",
            exploit=row["exploit"],
            mountain=row["mountain"] == "1",
            setup=row["setup"],
            arrives=row["arrives"],
            flags=frozenset(row["flags"].split()),
        )
    return units


def _cards(text: str) -> dict[str, CardSpec]:
    cards = {}
    for row in _rows(text):
        side = row["side"]
        cid = CARD_PREFIX[side] + row["number"]
        if side == SOVIET:
            rp: dict[str, int] = {"soviet": int(row["rp"])}
        else:
            rp = {k.upper(): int(row[f"rp_{k}"] or 0) for k in ("ge", "pz", "ax")}
        cards[cid] = CardSpec(
            id=cid,
            side=side,
            number=int(row["number"]),
            deck=row["deck"],
            ops=int(row["ops"]),
            rp=rp,
            title=row["title"],
            cc=row["combat_card"] == "1",
            asterisk=row["asterisk"] == "1",
            underlined=row["underlined"] == "1",
            setaside=row["setaside"] == "1",
            prerequisites=tuple(p.strip() for p in row["prerequisites"].split(";") if p.strip()),
            text=row["event_text"],
            notes=row["notes"],
            title_it=" ".join(w for w in row.get("title_it", "").replace("*", " ").split() if w != "CC"),
            text_it=row.get("text_it", ""),
        )
    return cards


@cache
def load_rules() -> Rules:
    texts = read_texts(PACKAGE, "data/map")
    board, problems = parse_map(texts)
    if board is None:
        raise ValueError("Stalin's War map does not parse: " + "; ".join(problems[:5]))
    units = _units(read_text(PACKAGE, "data/units.csv"))
    cards = _cards(read_text(PACKAGE, "data/cards.csv"))
    tables = tomllib.loads(read_text(PACKAGE, "data/tables.toml"))
    names: dict[str, str] = {}
    for label, place in board.places.items():
        names.setdefault(place.name.casefold(), label)
        also = place.get("also")
        if also:
            names.setdefault(also.casefold(), label)
    return Rules(units, cards, tables, board, tuple(problems), names)


# State accessors ---------------------------------------------------------------------------------
def on_campaign_map(rules: Rules) -> Rules:
    """``rules`` on the map of the campaign being played (its referee's overrides, ``engine.mapoverlay``)."""
    return with_map(rules, rules.board, lambda board: replace(rules, board=board))


def level_of(rules: Rules, state: Mapping[str, Any], uid: str) -> Level:
    """The values of ``uid``'s current level (``level`` 0 = full strength)."""
    spec = rules.units[uid]
    level = int(state["units"][uid].get("level", 0))
    changed = face(state, uid, level)  # a referee's counter values for this campaign
    return replace(spec.levels[level], **changed) if changed else spec.levels[level]


def levels_left(rules: Rules, state: Mapping[str, Any], uid: str) -> int:
    spec = rules.units[uid]
    return len(spec.levels) - int(state["units"][uid].get("level", 0))


def exploit_hexes(move: int) -> int:
    """12.2.2: half the movement allowance, rounded up."""
    return math.ceil(move / 2)


def units_in(state: Mapping[str, Any], label: str) -> list[str]:
    return sorted(uid for uid, u in state["units"].items() if u.get("hex") == label)


def side_units_in(rules: Rules, state: Mapping[str, Any], label: str, side: str) -> list[str]:
    return [uid for uid in units_in(state, label) if rules.units[uid].side == side]


def occupancy(state: Mapping[str, Any]) -> dict[str, list[str]]:
    """Every occupied hex and the units in it (one pass over the units)."""
    out: dict[str, list[str]] = {}
    for uid, u in sorted(state["units"].items()):
        label = u.get("hex")
        if label:
            out.setdefault(label, []).append(uid)
    return out
