"""Stalin's War: the two fire tables and the fire column of each side in a combat (11.2.1(4)).

The tables are read from ``data/tables.toml`` [fire]; nothing here repeats their cells. A side
fires on the LCU table if one of its units in the combat is an LCU, or if 3 or more Panzer SCUs
take part; otherwise on the SCU table. The column is found from the total strength, then moved by
the sum of every shift (cumulative); a column pushed past either edge of the table stops there
(the extra shifts are ignored). Every shift carries its reason and rule so the players can follow.

``evaluate`` takes a ``Battlefield`` (who fights where, who is out of supply, which Combat Cards
shift or cancel what) and returns the two ``Fire`` values. The Combat Cards themselves are in
``combat_cards.py``; the caller hands their shifts in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.game import State
from engine.games.stalins_war import control, terrain
from engine.games.stalins_war.model import AXIS, SOVIET, Rules, level_of
from engine.text import Text, t

NATURAL = ("clear", "forest", "rough", "swamp", "mountain", "desert")
SETTLEMENTS = ("town", "city", "fortress_city")


# The tables ------------------------------------------------------------------------------------
def table(rules: Rules, name: str) -> Mapping[str, Any]:
    """``name`` is "lcu" or "scu"."""
    fire: Mapping[str, Any] = rules.tables["fire"][name]
    return fire


def columns(rules: Rules, name: str) -> list[str]:
    return [str(c) for c in table(rules, name)["columns"]]


def base_column(rules: Rules, name: str, strength: int) -> int | None:
    """The column index for a total strength; ``None`` when the side does not fire (strength 0,
    tables [fire] zero_strength_fires, digest 8.1#31)."""
    if strength <= 0 and not rules.tables["fire"].get("zero_strength_fires", False):
        return None
    mins = [int(m) for m in table(rules, name)["column_min"]]
    index = 0
    for i, low in enumerate(mins):
        if strength >= low:
            index = i
    return index


def shift_column(rules: Rules, name: str, index: int, shift: int) -> int:
    """Move ``shift`` columns (negative = left); shifts past the table's edges are ignored (11.2.1(4))."""
    last = len(columns(rules, name)) - 1
    return max(0, min(last, index + shift))


def column_for(rules: Rules, name: str, strength: int, shift: int) -> int | None:
    base = base_column(rules, name, strength)
    return None if base is None else shift_column(rules, name, base, shift)


def result(rules: Rules, name: str, column: int, roll: int) -> str:
    rows: Mapping[str, Sequence[str]] = table(rules, name)["rows"]
    return str(rows[str(roll)][column])


def parse_result(text: str) -> tuple[int, bool]:
    """"-" -> (0, False); "1*" -> (1, True); "2" -> (2, False)."""
    if text in ("-", "", "0"):
        return 0, False
    return int(text.rstrip("*")), text.endswith("*")


def result_label(n: int, star: bool) -> str:
    return f"{n}*" if star and n else str(n)


# One side's fire -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Shift:
    """One column shift of one side and why: ``value`` < 0 is to the left."""

    reason: Text
    value: int


@dataclass
class Fire:
    side: str
    attacking: bool
    units: tuple[str, ...]
    strength: int
    table: str
    table_reason: Text
    shifts: list[Shift] = field(default_factory=list)
    base: int | None = None
    column: int | None = None

    @property
    def net(self) -> int:
        return sum(s.value for s in self.shifts)

    def column_label(self, rules: Rules) -> str:
        if self.column is None:
            return "-"
        return columns(rules, self.table)[self.column]

    def fires(self) -> bool:
        return self.column is not None


def shift_label(value: int) -> str:
    if value < 0:
        return f"{-value}L"
    if value > 0:
        return f"{value}R"
    return "0"


def join(parts: Sequence[Text]) -> Text:
    if not parts:
        return t("none")
    out = parts[0]
    for part in parts[1:]:
        out = t("{a}; {b}", a=out, b=part)
    return out


def describe(rules: Rules, fire: Fire) -> Text:
    """"Axis attacks with 11 on the LCU table (3 Panzer corps, 11.2.1(4)); shifts: ... -> column 6-7"."""
    shifts = [t("{reason} {shift}", reason=s.reason, shift=shift_label(s.value)) for s in fire.shifts]
    base = columns(rules, fire.table)[fire.base] if fire.base is not None else "-"
    if not fire.fires():
        return t(
            "{side} {role} with strength {strength}: does not fire (no strength, 8.1#31).",
            side=fire.side.capitalize(),
            role=t("attacks") if fire.attacking else t("defends"),
            strength=fire.strength,
        )
    return t(
        "{side} {role} with strength {strength} on the {table} table ({why}), column {base}; shifts: {shifts}; fires on column {column}.",
        side=fire.side.capitalize(),
        role=t("attacks") if fire.attacking else t("defends"),
        strength=fire.strength,
        table=fire.table.upper(),
        why=fire.table_reason,
        base=base,
        shifts=join(shifts) if shifts else t("none"),
        column=fire.column_label(rules),
    )


def choose_table(rules: Rules, state: State, units: Iterable[str]) -> tuple[str, Text]:
    """11.2.1(4): any LCU -> LCU table; 3+ Panzer SCUs in the same combat -> LCU table (ruling 8.1#11)."""
    ids = list(units)
    lcus = [u for u in ids if rules.units[u].lcu]
    if lcus:
        return "lcu", t("{unit} is an LCU, 11.2.1(4)", unit=rules.units[lcus[0]].name)
    panzers = [u for u in ids if rules.units[u].panzer]
    need = int(rules.tables["fire"]["panzer_group_lcu_table_min"])
    if len(panzers) >= need:
        return "lcu", t("{n} Panzer corps in the combat, 11.2.1(4)", n=len(panzers))
    return "scu", t("SCUs only, 11.2.1(4)")


def strength(rules: Rules, state: State, units: Iterable[str], attacking: bool) -> int:
    total = 0
    for uid in units:
        level = level_of(rules, state, uid)
        total += level.attack if attacking else level.defence
    return total


# The situation of one combat ---------------------------------------------------------------------
@dataclass
class Battlefield:
    """What the fire columns depend on. ``defenders`` are the units that add strength (not those that
    retreated into the hex this AR, 11.4.5). ``cancel``: "rivers" (Paradrop), "all" (Gold), "hex"
    (Dora). ``card_shifts``: the Combat Card and event shifts of each side."""

    side: str
    target: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attack_hexes: tuple[str, ...]
    attacker_oos: bool = False
    attackers_all_full: bool = True
    defender_oos: bool = False
    cancel: frozenset[str] = frozenset()
    card_shifts: Mapping[str, Sequence[Shift]] = field(default_factory=dict)

    @property
    def defender(self) -> str:
        return SOVIET if self.side == AXIS else AXIS


def terrain_row(rules: Rules, key: str) -> Mapping[str, Any]:
    for row in rules.tables["terrain"]:
        if row["key"] == key:
            found: Mapping[str, Any] = row
            return found
    return {}


def winter_1942(rules: Rules, state: State) -> bool:
    """15.1.2: turn 4 and Winter Uniforms (AX19) not in effect."""
    if int(state["turn"]) != int(rules.tables["weather"]["winter_1942_turn"]):
        return False
    cancel = str(rules.tables["weather"].get("winter_1942_cancelled_by", "AX19"))
    return cancel not in state.get("events", {}) and not state.get("effects", {}).get("winter_uniforms")


def settlement(rules: Rules, state: State, label: str) -> str | None:
    """The town/city/fortress city of a hex, a Festung counting as a fortress (ruling 8.1#8), a
    destroyed fortress as a city (16.2)."""
    if label in state["markers"].get("festung", []) and rules.tables["terrain_rules"].get("festung_like_fortress", True):
        return "festung"
    if control.fortress_intact(rules, state, label):
        return "fortress_city"
    place = rules.place(label)
    if place is None:
        return None
    if place.kind == "fortress_city":
        return "city"
    return place.kind if place.kind in SETTLEMENTS else None


def hex_items(rules: Rules, state: State, label: str, defender: str) -> list[str]:
    """The defensive terrain items of the defender's hex: natural terrain, settlement, entrenchment."""
    items = [k for k in NATURAL if k in terrain.hex_terrains(rules, state, label)]
    town = settlement(rules, state, label)
    if town:
        items.append(town)
    if state["markers"].get("entrench", {}).get(label) == defender:
        items.append("entrenchment")
    return items


def item_row(rules: Rules, key: str) -> Mapping[str, Any]:
    return terrain_row(rules, "fortress_city" if key == "festung" else key)


TERRAIN_NAMES = {
    "forest": "Forest", "rough": "Rough", "swamp": "Swamp", "mountain": "Mountain", "town": "Town", "city": "City",
    "fortress_city": "Fortress", "festung": "Festung (as a fortress, ruling 8.1#8)", "entrenchment": "Entrenchment",
    "river": "River", "major_river": "Major river", "kerch_strait": "Kerch Strait",
}
#: The same names in the catalogue, for the texts a reader reads (the rulebook's Italian terms).
TERRAIN_TEXTS: dict[str, Text] = {
    "forest": t("Forest"), "rough": t("Rough"), "swamp": t("Swamp"), "mountain": t("Mountain"), "town": t("Town"),
    "city": t("City"), "fortress_city": t("Fortress"), "festung": t("Festung (as a fortress, ruling 8.1#8)"),
    "entrenchment": t("Entrenchment"), "river": t("River"), "major_river": t("Major river"), "kerch_strait": t("Kerch Strait"),
}


def crossings(rules: Rules, target: str, attack_hexes: Iterable[str]) -> dict[str, set[str]]:
    return {h: set(terrain.crossing(rules, h, target)) for h in attack_hexes}


def river_kind(rules: Rules, target: str, attack_hexes: Iterable[str]) -> str | None:
    """Terrain chart note (a): the river shift only if ALL attackers cross a river or major river."""
    found = crossings(rules, target, attack_hexes)
    if not found:
        return None
    if all(c & {"river", "major_river"} for c in found.values()):
        return "major_river" if all("major_river" in c for c in found.values()) else "river"
    return None


def terrain_shifts(rules: Rules, state: State, field_: Battlefield) -> list[Shift]:
    """The attacker's shifts for the defender's terrain (Terrain Effects Chart "1S"), cumulative."""
    if "all" in field_.cancel:
        return [Shift(t("Gold: all terrain and Festung effects cancelled (SU45)"), 0)]
    out: list[Shift] = []
    axis_winter = field_.defender == AXIS and winter_1942(rules, state)
    for key in hex_items(rules, state, field_.target, field_.defender):
        value = int(item_row(rules, key).get("shift", 0))
        if not value:
            continue
        name: Text | str = TERRAIN_TEXTS.get(key, key)
        if "hex" in field_.cancel:
            out.append(Shift(t("{terrain}: cancelled by Dora, the hex counts as clear (AX13)", terrain=name), 0))
        elif axis_winter and key != "entrenchment":
            out.append(Shift(t("{terrain}: no terrain benefit for the Axis in Winter 1942 (15.1.2)", terrain=name), 0))
        else:
            out.append(Shift(t("{terrain} (Terrain Effects Chart)", terrain=name), value))
    river = river_kind(rules, field_.target, field_.attack_hexes)
    if river:
        name = TERRAIN_TEXTS[river]
        if "rivers" in field_.cancel:
            out.append(Shift(t("{terrain}: cancelled by Paradrop (SU43)", terrain=name), 0))
        elif axis_winter:
            out.append(Shift(t("{terrain}: no terrain benefit for the Axis in Winter 1942 (15.1.2)", terrain=name), 0))
        else:
            value = int(terrain_row(rules, river).get("shift", -1))
            out.append(Shift(t("{terrain}, every attacker crosses it (Terrain Effects Chart note a)", terrain=name), value))
    if any("kerch_strait" in c for c in crossings(rules, field_.target, field_.attack_hexes).values()):
        if axis_winter:
            out.append(Shift(t("Kerch Strait: no terrain benefit for the Axis in Winter 1942 (15.1.2)"), 0))
        else:
            value = int(terrain_row(rules, "kerch_strait").get("shift", -1))
            out.append(Shift(t("Kerch Strait crossing (Terrain Effects Chart)"), value))
    return out


def mobile_defence(rules: Rules, state: State, field_: Battlefield) -> bool:
    """20.1.1 (ruling 8.1#10): non-winter turn 1-9, a German LCU defends with Panzer SCU(s) in its hex."""
    shifts = rules.tables["fire"]["shifts"]
    if int(state["turn"]) not in [int(x) for x in shifts["mobile_defence_turns"]]:
        return False
    if field_.defender != AXIS:
        return False
    specs = [rules.units[u] for u in field_.defenders]
    return any(s.german and s.lcu for s in specs) and any(s.panzer for s in specs)


def side_shifts(rules: Rules, state: State, field_: Battlefield, attacking: bool) -> list[Shift]:
    shifts = rules.tables["fire"]["shifts"]
    side = field_.side if attacking else field_.defender
    out: list[Shift] = []
    if attacking:
        out += terrain_shifts(rules, state, field_)
    if mobile_defence(rules, state, field_):
        if attacking:
            out.append(Shift(t("German Mobile Defence (20.1.1)"), int(shifts["mobile_defence_soviet"])))
        else:
            out.append(Shift(t("German Mobile Defence (20.1.1)"), int(shifts["mobile_defence_german"])))
    if (field_.attacker_oos if attacking else field_.defender_oos):
        out.append(Shift(t("a unit out of supply (13.3.5)"), int(shifts["out_of_supply"])))
    if side == AXIS and winter_1942(rules, state):
        out.append(Shift(t("Winter 1942 (15.1.2)"), int(shifts["winter_1942_axis"])))
    if (
        attacking
        and side == SOVIET
        and int(state["turn"]) == int(rules.tables["weather"]["winter_1942_turn"])
        and any("shock" in rules.units[u].flags for u in field_.attackers)
    ):
        out.append(Shift(t("Shock Army attacking in Winter 1942 (15.1.2)"), int(shifts["winter_1942_soviet_shock_attack"])))
    if (
        attacking
        and side == AXIS
        and int(state["turn"]) in [int(x) for x in shifts["paulus_turns"]]
        and field_.attackers_all_full
        and terrain.east_of_paulus(rules, field_.target)
    ):
        out.append(Shift(t("Axis attack east of the Paulus Line, turns 1-4 (11.2.1(4))"), int(shifts["paulus_axis_attack"])))
    out += list(field_.card_shifts.get(side, ()))
    return out


def fire_of(rules: Rules, state: State, field_: Battlefield, attacking: bool) -> Fire:
    units = field_.attackers if attacking else field_.defenders
    side = field_.side if attacking else field_.defender
    name, why = choose_table(rules, state, units)
    total = strength(rules, state, units, attacking)
    fire = Fire(side, attacking, tuple(units), total, name, why, side_shifts(rules, state, field_, attacking))
    fire.base = base_column(rules, name, total)
    fire.column = None if fire.base is None else shift_column(rules, name, fire.base, fire.net)
    return fire


def evaluate(rules: Rules, state: State, field_: Battlefield) -> tuple[Fire, Fire]:
    """The attacker's and the defender's fire (11.2.1(2) and (4))."""
    return fire_of(rules, state, field_, True), fire_of(rules, state, field_, False)


def breakdown(rules: Rules, attack: Fire, defence: Fire) -> Text:
    return t("{a} {d}", a=describe(rules, attack), d=describe(rules, defence))
