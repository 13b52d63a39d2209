"""Combat Actions (7.5): the odds of an attack, without dice.

A plan (``Plan``) names the attack: its type (hasty, regular, prepared: 7.5.1 A), the attacking
hex and units and the defending hex. ``check`` refuses an illegal one citing its rule; ``assess``
reads everything the CRT needs but the chits and the die: the terrain line (3.1.1, fortifications
ignored as the rule says), the hexside DRM (7.5.1.2 A, 10.1), combat support on both sides
(7.5.1.2 B), engineers against a fortification (3.1.1), HQ attack support (7.5.1.2 C) and armour
superiority (7.5.1.2 D) with the units that used Tank or AT points (7.5.2 first hit).
``strength`` multiplies by a drawn chit (7.5.1.1); ``column`` and ``cell`` read the CRT.

``assess`` takes a ``sees`` predicate: the combat itself sees every counter (the stacks are
revealed on declaration, 5.3.4), while the ``odds`` preview counts only what the asker may see.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import State
from engine.games.across_the_bug_river import board
from engine.games.across_the_bug_river.data import Rules
from engine.text import Text, t

KINDS = ("hasty", "regular", "prepared")
FORTS = {"fort_clear": "clear", "fort_forest": "forest"}


@dataclass(frozen=True)
class Plan:
    kind: str
    side: str
    formation: str
    source: str
    target: str
    attackers: tuple[str, ...]


@dataclass(frozen=True)
class Odds:
    """What the CRT needs but the chits and the die (7.5.1 D)."""

    terrain: str
    line: int
    drms: tuple[tuple[Text, int], ...]
    armour: int
    attacker_armour: str | None  # the attacking unit that used Tank points
    defender_armour: str | None  # the defending unit that used Tank or AT points
    defenders: tuple[str, ...]
    notes: tuple[Text, ...] = field(default=())

    @property
    def drm(self) -> int:
        return sum(v for _, v in self.drms) + self.armour

    def breakdown(self) -> Text:
        """Each modifier with its name: "HQ support +2, armour superiority +3"."""
        parts = [t("{name} {value}", name=name, value=f"{v:+d}") for name, v in self.drms if v]
        if self.armour:
            parts.append(t("armour superiority {value}", value=f"{self.armour:+d}"))
        if not parts:
            return t("no modifier")
        out = parts[-1]
        for part in reversed(parts[:-1]):
            out = t("{first}, {rest}", first=part, rest=out)
        return out


def combat_table(rules: Rules) -> Mapping[str, Any]:
    table: Mapping[str, Any] = rules.tables["combat"]
    return table


def parse(args: Sequence[str], hex_named: Callable[[str], str], unit_named: Callable[[str], str], syntax: str) -> tuple[str, ...]:
    """``KIND FROM TARGET [UNIT...]`` checked for its words (7.5.1 A)."""
    if len(args) < 3 or args[0].lower() not in KINDS:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=syntax), t("Example: attack regular 1808 1909 (the units in 1808 that may attack, or name them after the target)."))
    return (args[0].lower(), hex_named(args[1]), hex_named(args[2]), *(unit_named(a) for a in args[3:]))


def prohibited_side(rules: Rules, state: State, a: str, b: str) -> bool:
    """Lake and unbridged Bug hexsides (3.1.2): no attack across them (ruling, RULINGS.md)."""
    return "lake" in rules.board.side(a, b) or board.bug_unbridged(rules, state, a, b)


def check(rules: Rules, state: State, side: str, formation: str, members: Sequence[str], args: Sequence[str], ap: int) -> tuple[Plan, int]:
    """The plan of an attack by ``formation`` of ``side`` and its AP cost, or the refusal citing its rule."""
    kind, source, target = args[0], args[1], args[2]
    named = tuple(args[3:])
    if kind not in KINDS:
        raise InvalidOrder(t("The attack types are hasty, regular and prepared (7.5)."))
    if not rules.board.grid.adjacent(source, target):
        raise IllegalOrder(t("{target} is not adjacent to {source}: one hex attacks one adjacent hex.", target=target, source=source), "7.5.1")
    defenders = [u for u in board.at(state, target) if state["units"][u]["side"] != side and state["units"][u]["kind"] == "unit"]
    if not defenders:
        raise IllegalOrder(t("{target} holds no enemy combat unit (HQs are ignored in combat).", target=target), "7.5")
    if prohibited_side(rules, state, source, target):
        raise IllegalOrder(t("No attack across a lake or the unbridged Bug ({source}-{target}).", source=source, target=target), "3.1.2")
    if named:
        for uid in named:
            if uid not in members:
                raise IllegalOrder(t("{unit} is not a unit of {formation}.", unit=uid, formation=formation), "5.5.1")
            if state["units"][uid]["hex"] != source:
                raise IllegalOrder(t("{unit} is not in {hex}.", unit=uid, hex=source), "7.5.1")
            if state["units"][uid]["disorganized"]:
                raise IllegalOrder(t("{unit} is disorganised: it may only recover.", unit=uid), "5.6.3")
        attackers = tuple(dict.fromkeys(named))
    else:
        attackers = tuple(u for u in members if state["units"][u]["hex"] == source and not state["units"][u]["disorganized"])
        if not attackers:
            raise IllegalOrder(t("No unit of {formation} that can attack stands in {hex}.", formation=formation, hex=source), "7.5.1")
    status = {u: board.command(rules, state, u) for u in attackers}
    if kind != "hasty" and any(s != "in" for s in status.values()):
        raise IllegalOrder(t("Units out of command range or isolated may only move or make hasty attacks."),
                           "5.8.4" if "isolated" in status.values() else "5.8.3")
    cost = int(rules.tables["actions"][kind])
    if any(s == "ooc" for s in status.values()):
        cost *= int(rules.tables["actions"]["ooc_factor"])
    if ap < cost:
        raise IllegalOrder(t("A {kind} attack costs {cost} AP; {ap} left.", kind=kind, cost=cost, ap=ap), "7.1")
    return Plan(kind, side, formation, source, target, attackers), cost


def defence_terrain(rules: Rules, state: State, target: str, defenders: Sequence[str]) -> str:
    """The defender's terrain; a fortification is ignored when German units or only Soviet AFV hold it (3.1.1)."""
    terrain = rules.board.terrain[target]
    if terrain in FORTS:
        units = [state["units"][u] for u in defenders]
        if any(u["side"] == "german" for u in units) or all(rules.units[u].combat == "afv" for u in defenders):
            return FORTS[terrain]
    return terrain


def hexside(rules: Rules, state: State, plan: Plan) -> tuple[int, Fraction, Text | None]:
    """The defender's hexside DRM and the factor on the attacker's Tank points (7.5.1.2 A, 10.1)."""
    features = rules.board.side(plan.source, plan.target)
    sides = rules.tables["tec"]["hexside"]
    pair = sorted((plan.source, plan.target))
    if "bug" in features:
        bridged = sides["bug_bridged"]
        table = combat_table(rules)
        if plan.side == "german" and state["turn"] == int(table["brandenburg_turn"]) and pair in [sorted(b) for b in table["brandenburg_bridges"]]:
            return int(bridged["brandenburg_drm"]), Fraction(str(bridged["brandenburg_tank"])), t("Brandenburg bridge (10.1)")
        return int(bridged["drm"]), Fraction(str(bridged["tank"])), t("bridged Bug (10.1)")
    if "stream" in features:
        stream = sides["stream"]
        if "bridge" in features:
            return int(stream["bridged_drm"]), Fraction(1), t("bridged stream")
        return int(stream["drm"]), Fraction(str(stream["tank"])), t("stream")
    return 0, Fraction(1), None


def supporters(rules: Rules, state: State, side: str, around: str, exclude: str, sees: Callable[[str], bool]) -> dict[str, list[str]]:
    """For each hex next to the enemy hex ``around`` (``exclude``, the hex of the combat's other
    party, left out: digest 8.2), the combat units of ``side`` that may support (7.5.1.2 B): not
    disorganised, in command range of their HQ, projecting ZOC into ``around``."""
    out: dict[str, list[str]] = {}
    into = around
    for n in rules.board.neighbours(around):
        if n == exclude:
            continue
        units = [
            u for u in board.at(state, n)
            if sees(u) and state["units"][u]["side"] == side and state["units"][u]["kind"] == "unit"
            and not state["units"][u]["disorganized"] and into in board.zoc_of(rules, state, u)
            and board.command(rules, state, u) == "in"
        ]
        if units:
            out[n] = units
    return out


def _tank(rules: Rules, state: State, uid: str) -> int:
    printed = rules.units[uid]
    return printed.tank_d if state["units"][uid]["disorganized"] else printed.tank


def _at(rules: Rules, state: State, uid: str) -> int:
    printed = rules.units[uid]
    return printed.at_d if state["units"][uid]["disorganized"] else printed.at


def _best(state: State, units: Sequence[str], value: Callable[[str], int]) -> str:
    """The unit with the highest value, then the highest current strength; still equal: the first
    by counter id (the owner's choice, published default; RULINGS.md)."""
    return sorted(units, key=lambda u: (-value(u), -int(state["units"][u]["strength"]), u))[0]


def armour(rules: Rules, state: State, plan: Plan, defenders: Sequence[str], terrain: str, factor: Fraction) -> tuple[int, str | None, str | None]:
    """Armour superiority (7.5.1.2 D): the DRM and the units that used Tank or AT points."""
    att_tanks = [u for u in plan.attackers if rules.units[u].tank > 0]
    def_tanks = [u for u in defenders if _tank(rules, state, u) > 0]
    if not att_tanks:
        if def_tanks:
            best = _best(state, def_tanks, lambda u: _tank(rules, state, u))
            return -_tank(rules, state, best), None, best
        return 0, None, None
    mine = _best(state, att_tanks, lambda u: rules.units[u].tank)
    value = math.floor(rules.units[mine].tank * factor * Fraction(str(rules.tables["tec"][terrain]["tank"])))
    if def_tanks:
        best = _best(state, def_tanks, lambda u: _tank(rules, state, u))
        return value - _tank(rules, state, best), mine, best
    at_units = [u for u in defenders if _at(rules, state, u) > 0]
    best = _best(state, at_units or list(defenders), lambda u: _at(rules, state, u))
    resist = _at(rules, state, best) + int(rules.tables["tec"][terrain]["at_bonus"])
    return max(0, value - resist), mine, best


def assess(rules: Rules, state: State, plan: Plan, sees: Callable[[str], bool]) -> Odds:
    """The terrain line and every DRM of ``plan`` (7.5.1 D, 7.5.1.2), counting the counters ``sees`` admits."""
    table = combat_table(rules)
    enemy = board.other(plan.side)
    defenders = tuple(u for u in board.at(state, plan.target) if state["units"][u]["side"] == enemy and state["units"][u]["kind"] == "unit" and sees(u))
    terrain = defence_terrain(rules, state, plan.target, defenders) if defenders else rules.board.terrain[plan.target]
    line = int(rules.tables["tec"][terrain]["line"])
    drms: list[tuple[Text, int]] = []
    side_drm, factor, side_name = hexside(rules, state, plan)
    if side_name is not None and side_drm:
        drms.append((side_name, side_drm))
    if rules.board.terrain[plan.source] == "swamp" and terrain != "swamp":
        factor *= Fraction(str(rules.tables["tec"]["swamp"]["tank"]))  # 3.1.1: attacking out of a swamp
    support = {} if plan.kind == "hasty" else supporters(rules, state, plan.side, plan.target, plan.source, lambda u: True)
    for label, units in sorted(support.items()):
        if plan.kind == "regular":
            drms.append((t("support from {hex}", hex=label), int(table["support_regular"])))
        else:
            same = any(board.acting_formation(state["units"][u]) == plan.formation for u in units)
            drms.append((t("support from {hex}", hex=label), int(table["support_prepared_same" if same else "support_prepared_other"])))
    if rules.board.terrain[plan.target] in FORTS and terrain in FORTS:
        helpers = [*plan.attackers, *(u for units in support.values() for u in units)]
        if any(rules.units[u].engineer and board.acting_formation(state["units"][u]) == plan.formation for u in helpers):
            drms.append((t("engineers against a fortification (3.1.1)"), int(table["engineer_fort"])))
    if plan.kind != "hasty":
        hq = state["units"].get(rules.formations[plan.formation].hq) if plan.formation in rules.formations else None
        points = int(hq["support"]) if hq is not None and hq["hex"] is not None else 0
        if plan.kind == "regular":
            points = (points + 1) // 2
        if points:
            drms.append((t("HQ support"), points))
    notes: list[Text] = []
    disorganized = any(state["units"][u]["disorganized"] for u in defenders)
    if disorganized:
        notes.append(t("a defender is disorganised: no defensive support"))
    else:
        improved = plan.target in state["improved"]
        own = {board.acting_formation(state["units"][u]) for u in defenders}
        for label, units in sorted(supporters(rules, state, enemy, plan.source, plan.target, sees).items()):
            if improved:
                same = any(board.acting_formation(state["units"][u]) in own for u in units)
                drms.append((t("defensive support from {hex}", hex=label), int(table["defense_improved_same" if same else "defense_improved_other"])))
            else:
                drms.append((t("defensive support from {hex}", hex=label), int(table["defense_regular"])))
    as_drm, att_unit, def_unit = armour(rules, state, plan, defenders, terrain, factor) if defenders else (0, None, None)
    return Odds(terrain, line, tuple(drms), as_drm, att_unit, def_unit, defenders, tuple(notes))


def chit(rules: Rules, index: int) -> dict[str, list[int]]:
    """A combat chit of the cup: multipliers by efficiency 2..7, standard and enhanced columns (7.5.1.1)."""
    parts = dict(p.split(":") for p in str(rules.tables["chits"]["cup"][index]).split())
    return {name: [int(x) for x in values.split(",")] for name, values in parts.items()}


def multiplier(rules: Rules, state: State, uid: str, index: int, enhanced: bool) -> int:
    printed = rules.units[uid]
    eff = printed.eff_d if state["units"][uid]["disorganized"] else printed.eff
    column = "enh" if enhanced and not state["units"][uid]["disorganized"] else "std"
    return chit(rules, index)[column][eff - 2]


def strength(rules: Rules, state: State, units: Sequence[str], index: int, enhanced: bool, attacking: bool) -> Fraction:
    """Each unit's current strength times its multiplier; attacking AT units a quarter; the total
    rounded up once summed (7.5.1.1, 5.1)."""
    total = Fraction(0)
    for uid in units:
        value = Fraction(int(state["units"][uid]["strength"]) * multiplier(rules, state, uid, index, enhanced))
        if attacking and rules.units[uid].type == "at":
            value *= Fraction(str(combat_table(rules)["at_attack_factor"]))
        total += value
    return Fraction(math.ceil(total))


def ratio(label: str) -> Fraction:
    a, b = label.split(":")
    return Fraction(int(a), int(b))


def column(rules: Rules, line: int, attack: Fraction, defence: Fraction) -> str | None:
    """The CRT column: the odds rounded down; beyond the rightmost the rightmost; below the
    leftmost ``None`` (the "5/0" of 7.5.1 D)."""
    found: str | None = None
    for label in rules.tables["crt"][f"line{line}"]["columns"]:
        if ratio(label) <= attack / defence:
            found = label
    return found


def cell(rules: Rules, line: int, label: str | None, row: int) -> str:
    if label is None:
        return str(rules.tables["crt"]["below_leftmost"])
    entry = rules.tables["crt"][f"line{line}"]
    index = list(entry["columns"]).index(label)
    return str(entry["rows"][min(max(row, 1), 20) - 1].split()[index])


def read_cell(text: str) -> tuple[int, bool, int, bool]:
    """``"3r/1"``: 3 hits on the attacker (red: every unit checks), 1 on the defender."""
    left, right = text.split("/")
    return int(left.rstrip("r")), left.endswith("r"), int(right.rstrip("r")), right.endswith("r")
