"""Combat odds (8, 9, 13.1, 14.4, 14.5, 15.1, 15.2, 15.5, 16.1, 16.2): validate an attack and
compute its strengths, column shifts and final CRT column; the Determined Defence roll (10.4).

Everything here is a pure function of the static ``Rules`` and the state; the caller rolls the
die and applies results (``losses``, ``retreat``). Every refusal cites its rule number.

Readings taken where the rules are silent (see the digest's §8.1 rulings):

* Units whose defence does not count (an HQ with other units, 15.1; units that retreated into
  the hex earlier in this Combat Phase, 11.4) count neither for TQ nor for armour (ruling 15),
  nor for "every defender out of supply" (14.4) nor for "a white-box unit alone" (9.2). A
  Disorganized unit anywhere in the hex gives the 1R (11.5: "in the defending hex").
* Superscript (Mountain/Forest) values (15.5, ruling 9): the counter data carries only attack
  superscripts (``StepValues.mf_attack``); defence uses a ``mf_defense`` value only if the step
  values carry one, else the printed defence.
* Armour (9.5, rulings 7, 8): the attacker gets 1R if at least one attacking armour unit does
  not attack across a Major River or a pass, the counting defenders have neither armour nor an
  anti-tank unit, and the target terrain allows armour. The defender's 1L needs armour among
  the counting defenders and no armour at all among the attackers (armour attacking across a
  Major River still "has armour"; the river only denies the attacker's own shift).
* Brandenburgers used for the shift also attack with their 1 factor and their TQ (ruling 30).
* Mobile Assault across a Major River (13.1): only by units that started the phase in the hex
  they attack from. The unit dict's ``start_hex`` is used if the movement module records it;
  otherwise a unit that has ``moved`` this phase is taken not to have started there.
* At most one Air and one Fleet marker per attack (16.12, ruling 28).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import IllegalOrder
from engine.games.caucasus import tables
from engine.games.caucasus.model import (
    SOVIET,
    AirSpec,
    Rules,
    StepValues,
    UnitType,
    enemy,
    units_at,
    values,
)
from engine.games.caucasus.retreat import stacking_ok
from engine.games.caucasus.terrain import (
    armour_allowed,
    black_sea_coastal,
    dd_column,
    dtb,
    impassable_side,
    is_north_entry,
    natural,
    side_features,
)
from engine.text import Text, t

MF_TYPES = frozenset({UnitType.MOUNTAIN, UnitType.JAGER})
MF_TERRAIN = frozenset({"mountain", "forest"})
CAP_TERRAIN = frozenset({"mountain", "swamp"})
MECH_CAP = 5
AIR_RANGE = 8
MA_COST = 3
TQ_ORDER = {"L": 0, "R": 1, "E": 2}
TQ_NAMES = {"L": t("Low"), "R": t("Regular"), "E": t("Elite")}
IMPASSABLE_RULE = {"closed_pass": "2.32", "alpine": "TEC", "lake": "TEC", "sea": "TEC"}
IMPASSABLE_NAME = {
    "closed_pass": t("a pass closed by snow"),
    "alpine": t("an alpine hexside"),
    "lake": t("a lake hexside"),
    "sea": t("an all-sea hexside"),
}
# Units that may attack in a Secondary Combat Phase without an Assault marker (15.3, 15.6, ruling 25).
ALWAYS_ASSAULT = frozenset({UnitType.ARMORED_TRAIN, UnitType.AZOV_FLOTILLA})


@dataclass(frozen=True)
class AttackPlan:
    """One declared attack (8.2, 8.3): who attacks which hex, with which support."""

    attackers: tuple[str, ...]
    target: str
    air: str | None = None
    fleet: str | None = None
    brandenburg: bool = False
    mobile_assault: bool = False


@dataclass(frozen=True)
class UnitStrength:
    """One unit's contribution: its printed value, the value used, and why they differ."""

    uid: str
    printed: int
    value: int
    counts: bool = True
    notes: tuple[Text, ...] = ()


@dataclass(frozen=True)
class Shift:
    """A column shift: positive to the right (attacker), negative to the left (defender)."""

    columns: int
    reason: Text
    rule: str


@dataclass(frozen=True)
class Odds:
    """The computed odds of an attack, with everything a player needs to check them."""

    plan: AttackPlan
    side: str
    attack: int
    defence: int
    unit_defence: int
    dtb: int
    attackers: tuple[UnitStrength, ...]
    defenders: tuple[UnitStrength, ...]
    base_index: int
    shifts: tuple[Shift, ...]
    index: int
    automatic: bool
    notes: tuple[Text, ...] = ()
    names: Mapping[str, str] = field(default_factory=dict)

    @property
    def base_label(self) -> str:
        return tables.ODDS.label(self.base_index)

    @property
    def final_index(self) -> int:
        """The CRT column index after shifts and limits (0 = 1-2 ... 9 = 9-1)."""
        return self.index

    @property
    def net_shift(self) -> int:
        return sum(s.columns for s in self.shifts)

    @property
    def label(self) -> str:
        return "10-1" if self.automatic else tables.ODDS.label(self.index)

    def breakdown(self) -> Text:
        """The whole calculation, one line per stage, for the preview verb (8.3)."""
        lines: list[Text] = [
            t("Attack {total}: {units}.", total=self.attack, units=_join(self._units(self.attackers), ", ")),
            t(
                "Defence {total}: {units}; terrain +{dtb}.",
                total=self.defence,
                units=_join(self._units(self.defenders), ", "),
                dtb=self.dtb,
            ),
            t(
                "{attack} to {defence} rounds down to {base} (8.3).",
                attack=self.attack,
                defence=self.defence,
                base=self.base_label,
            ),
        ]
        for s in self.shifts:
            if s.columns > 0:
                lines.append(t("{n} right: {why} ({rule}).", n=s.columns, why=s.reason, rule=s.rule))
            else:
                lines.append(t("{n} left: {why} ({rule}).", n=-s.columns, why=s.reason, rule=s.rule))
        lines.extend(self.notes)
        if self.automatic:
            lines.append(t("Final odds 10-1 or more: Automatic Elimination, no die roll (8.4, 8.5)."))
        elif self.plan.mobile_assault and self.base_index + self.net_shift > self.index:
            lines.append(t("Final column {label}: a Mobile Assault above 9-1 uses 9-1 (13.1).", label=self.label))
        else:
            lines.append(t("Final column {label}.", label=self.label))
        return _join(lines, "\n")

    def _units(self, units: Iterable[UnitStrength]) -> list[Text]:
        out: list[Text] = []
        for u in units:
            name = self.names.get(u.uid, u.uid)
            if not u.counts:
                out.append(t("{unit} (does not count: {why})", unit=name, why=_join(list(u.notes), ", ")))
            elif u.notes:
                out.append(
                    t("{unit} {value} ({why})", unit=name, value=u.value, why=_join(list(u.notes), ", "))
                )
            else:
                out.append(t("{unit} {value}", unit=name, value=u.value))
        return out


def _join(items: Sequence[Text], sep: str) -> Text:
    if not items:
        return t("none")
    out = items[0]
    for item in items[1:]:
        out = t("{a}, {b}", a=out, b=item) if sep == ", " else t("{a}\n{b}", a=out, b=item)
    return out


# Troop quality (2.24, 9.6) ------------------------------------------------------------------------
def troop_quality(rules: Rules, state: Mapping[str, Any], uid: str, attacking: bool) -> str:
    """TQ of a unit in combat: NKVD Elite defending / Regular attacking, Naval brigades the
    reverse, HQs Regular, everyone else as printed on the current step (2.24)."""
    spec = rules.units[uid]
    if spec.type == UnitType.HQ:
        return "R"
    if spec.type == UnitType.NKVD:
        return "R" if attacking else "E"
    if spec.type == UnitType.NAVAL_INF:
        return "E" if attacking else "R"
    return values(rules, state, uid).tq


# Support markers (16.1, 16.2) ------------------------------------------------------------------
def is_hq(rules: Rules, uid: str) -> bool:
    """An HQ for 15.1/16.11; the 4th Guards Cavalry Corps marker is not one (ruling 36)."""
    spec = rules.units[uid]
    return spec.type == UnitType.HQ and "cav_corps_hq" not in spec.flags


def hq_in_range(rules: Rules, state: Mapping[str, Any], side: str, hexes: Iterable[str]) -> bool:
    """Some friendly HQ on the map is within 8 hexes of one of ``hexes`` (16.11, 15.1)."""
    grid = rules.board.grid
    hqs = [
        u["hex"]
        for uid, u in state["units"].items()
        if u.get("hex") and rules.units[uid].side == side and is_hq(rules, uid)
    ]
    return any(grid.distance(h, x) <= AIR_RANGE for h in hqs for x in hexes)


def check_air(rules: Rules, state: Mapping[str, Any], side: str, air: str, hexes: Iterable[str]) -> AirSpec:
    """Validate an Air Support marker for this side now (16.11, 16.15); returns its spec."""
    spec = rules.air.get(air)
    if spec is None:
        raise IllegalOrder(t("There is no air marker called {air}.", air=air), "16.11")
    if spec.side != side:
        raise IllegalOrder(t("{air} is not one of your air markers.", air=spec.name), "16.11")
    marker = state.get("air", {}).get(air, {})
    if not marker.get("available"):
        raise IllegalOrder(t("{air} is not in the Available box.", air=spec.name), "16.11")
    if not marker.get("ready"):
        raise IllegalOrder(t("{air} has already been used this impulse.", air=spec.name), "16.11")
    turn = int(state["turn"])
    if turn not in spec.available_turns:
        raise IllegalOrder(
            t("{air} cannot be used on turn {turn}.", air=spec.name, turn=turn),
            "16.15" if spec.shift >= 2 else "16.11",
        )
    if not hq_in_range(rules, state, side, hexes):
        raise IllegalOrder(
            t("{air} needs a friendly HQ within 8 hexes of a unit taking part.", air=spec.name), "16.11"
        )
    return spec


def check_fleet(rules: Rules, state: Mapping[str, Any], side: str, fleet: str, target: str) -> int:
    """Validate a Black Sea Fleet marker for a combat in ``target``; returns its +2 (16.22)."""
    if fleet not in rules.fleet:
        raise IllegalOrder(t("There is no fleet marker called {fleet}.", fleet=fleet), "16.21")
    if side != SOVIET:
        raise IllegalOrder(t("Only the Soviet player has Black Sea Fleet markers."), "16.21")
    if state.get("fleet", {}).get(fleet) != "available":
        raise IllegalOrder(t("Fleet marker {fleet} is not Available.", fleet=fleet), "16.21")
    if not black_sea_coastal(rules, target):
        raise IllegalOrder(t("{hex} is not a Black Sea coastal hex.", hex=target), "16.22")
    return 2


# Attack validation ------------------------------------------------------------------------------
def _phase(state: Mapping[str, Any]) -> tuple[str, str, str]:
    phase = state.get("phase", {})
    return str(phase.get("side", "")), str(phase.get("impulse", "")), str(phase.get("step", ""))


def _check_phase(state: Mapping[str, Any], side: str, mobile: bool) -> str:
    p_side, impulse, step = _phase(state)
    if mobile:
        if p_side != side or impulse != "secondary" or step != "movement":
            raise IllegalOrder(
                t("A Mobile Assault is made only in your own Secondary Movement Phase."), "13.1"
            )
    elif p_side != side or impulse not in ("primary", "secondary") or step != "combat":
        raise IllegalOrder(t("You may attack only in your own Combat Phase."), "8.1")
    return impulse


def _check_attackers(
    rules: Rules, state: Mapping[str, Any], side: str, plan: AttackPlan, impulse: str
) -> list[str]:
    grid = rules.board.grid
    turn = int(state["turn"])
    uids = list(dict.fromkeys(plan.attackers))
    if not uids:
        raise IllegalOrder(t("An attack needs at least one attacking unit."), "8.2")
    for uid in uids:
        spec = rules.units.get(uid)
        if spec is None or uid not in state["units"]:
            raise IllegalOrder(t("There is no unit {unit}.", unit=uid), "8.1")
        u = state["units"][uid]
        if spec.side != side:
            raise IllegalOrder(t("{unit} is not one of your units.", unit=spec.name), "8.1")
        here = u.get("hex")
        if not here:
            raise IllegalOrder(t("{unit} is not on the map.", unit=spec.name), "8.1")
        if not grid.adjacent(here, plan.target):
            raise IllegalOrder(
                t("{unit} in {hex} is not adjacent to {target}.", unit=spec.name, hex=here, target=plan.target),
                "8.1",
            )
        blocked = impassable_side(rules, here, plan.target, turn)
        if blocked is not None:
            raise IllegalOrder(
                t(
                    "{unit} cannot attack across {side}.",
                    unit=spec.name,
                    side=IMPASSABLE_NAME[blocked],
                ),
                IMPASSABLE_RULE[blocked],
            )
        if spec.type == UnitType.HQ:
            raise IllegalOrder(t("{unit} is an HQ: HQs never attack.", unit=spec.name), "15.1")
        if u.get("ae"):
            raise IllegalOrder(
                t("{unit} made an Automatic Elimination this turn and cannot attack.", unit=spec.name), "8.5"
            )
        if plan.mobile_assault:
            continue
        if u.get("attacked"):
            raise IllegalOrder(t("{unit} has already attacked in this Combat Phase.", unit=spec.name), "8.1")
        if impulse == "primary" and u.get("replaced"):
            raise IllegalOrder(
                t("{unit} received a replacement and cannot attack in this Primary Combat Phase.", unit=spec.name),
                "17.2",
            )
        if impulse == "secondary" and spec.type not in ALWAYS_ASSAULT:
            marker = u.get("assault")
            if not marker:
                raise IllegalOrder(
                    t("{unit} has no Assault marker: only assaulting units attack in a Secondary Combat Phase.", unit=spec.name),
                    "8.1",
                )
            if isinstance(marker, str) and marker != plan.target:
                raise IllegalOrder(
                    t("{unit}'s Assault marker is aimed at {hex}.", unit=spec.name, hex=marker), "13.1"
                )
    if plan.mobile_assault:
        _check_mobile_assault(rules, state, uids, plan)
    return uids


def _check_mobile_assault(rules: Rules, state: Mapping[str, Any], uids: list[str], plan: AttackPlan) -> None:
    turn = int(state["turn"])
    hexes = {state["units"][uid]["hex"] for uid in uids}
    if len(hexes) != 1:
        raise IllegalOrder(t("A Mobile Assault is made by one group, stacked in one hex."), "13.1")
    (here,) = hexes
    side = rules.units[uids[0]].side
    if not stacking_ok(rules, [u for u in units_at(state, here) if rules.units[u].side == side]):
        raise IllegalOrder(t("Stacking in {hex} must be legal when the Mobile Assault is made.", hex=here), "5.2")
    for uid in uids:
        spec = rules.units[uid]
        u = state["units"][uid]
        if not (spec.mech or spec.cavalry):
            raise IllegalOrder(
                t("{unit} is neither mechanized nor cavalry and cannot make a Mobile Assault.", unit=spec.name),
                "13.1",
            )
        left = values(rules, state, uid).move - float(u.get("mp_spent", 0))
        if left < MA_COST:
            raise IllegalOrder(
                t("{unit} has {mp} MP left; a Mobile Assault costs 3.", unit=spec.name, mp=left), "13.1"
            )
        here = u["hex"]
        if "major_river" in side_features(rules, here, plan.target, turn):
            started_here = u["start_hex"] == here if "start_hex" in u else not u.get("moved")
            if not started_here:
                raise IllegalOrder(
                    t(
                        "{unit} did not start this phase next to the Major River it would assault across.",
                        unit=spec.name,
                    ),
                    "13.1",
                )


def _check_target(rules: Rules, state: Mapping[str, Any], side: str, plan: AttackPlan) -> list[str]:
    if plan.target not in rules.board.grid:
        raise IllegalOrder(t("{hex} is not a hex of the map.", hex=plan.target), "8.1")
    if is_north_entry(rules, plan.target):
        raise IllegalOrder(t("Entry hexes A to E can never be attacked."), "4.1")
    defenders = units_at(state, plan.target)
    foe = enemy(side)
    if not defenders or any(rules.units[d].side != foe for d in defenders):
        raise IllegalOrder(t("There are no enemy units in {hex}.", hex=plan.target), "8.1")
    if not plan.mobile_assault:
        # 8.1, 11.4: a hex may be attacked again only for units that retreated into it.
        fresh = [d for d in defenders if not state["units"][d].get("retreated")]
        if not fresh or any(state["units"][d].get("defended") for d in fresh):
            raise IllegalOrder(t("The units in {hex} have already been attacked in this Combat Phase.", hex=plan.target), "8.1")
    return defenders


def _check_support(
    rules: Rules, state: Mapping[str, Any], side: str, plan: AttackPlan, uids: list[str]
) -> tuple[int, int]:
    air_shift = fleet_shift = 0
    if plan.mobile_assault and side == SOVIET and (plan.air or plan.fleet):
        raise IllegalOrder(t("The Soviet player may use neither Air nor Fleet support in a Mobile Assault."), "13.1")
    if plan.air is not None:
        air_shift = check_air(rules, state, side, plan.air, [state["units"][u]["hex"] for u in uids]).shift
    if plan.fleet is not None:
        fleet_shift = check_fleet(rules, state, side, plan.fleet, plan.target)
    if plan.brandenburg and not any("brandenburg" in rules.units[u].flags for u in uids):
        raise IllegalOrder(t("The Brandenburgers must take part in the attack to give their shift."), "15.2")
    return air_shift, fleet_shift


# Strengths (9.1-9.4, 14.4, 14.5, 15.1, 15.5, 11.4) ---------------------------------------------
def attack_strength(rules: Rules, state: Mapping[str, Any], uid: str, target: str) -> UnitStrength:
    """One attacker's strength: superscript (15.5), mech cap (9.4), then at most one halving (9.1)."""
    turn = int(state["turn"])
    spec = rules.units[uid]
    u = state["units"][uid]
    v = values(rules, state, uid)
    here = u["hex"]
    into = natural(rules, target, turn)
    notes: list[Text] = []
    value = v.attack
    if spec.type in MF_TYPES and into in MF_TERRAIN and v.mf_attack is not None:
        value = v.mf_attack
        notes.append(t("Mountain/Forest value (15.5)"))
    if spec.mech and into in CAP_TERRAIN and value > MECH_CAP:
        value = MECH_CAP
        notes.append(t("capped at 5 (9.4)"))
    halving: list[Text] = []
    supply = u.get("supply", "full")
    if supply == "out":
        halving.append(t("out of supply (14.4)"))
    elif supply == "limited":
        halving.append(t("limited supply (14.5)"))
    feats = side_features(rules, here, target, turn)
    if feats & {"minor_river", "major_river"}:
        halving.append(t("across a river (9.3)"))
    if natural(rules, here, turn) == "swamp":
        halving.append(t("out of a swamp (9.3)"))
    if "pass" in feats:
        halving.append(t("across a pass (9.3)"))
    if halving:
        value = math.ceil(value / 2)
        notes.append(t("halved once: {why} (9.1)", why=_join(halving, ", ")))
    return UnitStrength(uid, v.attack, value, True, tuple(notes))


def _defence_value(spec_type: UnitType, v: StepValues, terrain: str) -> tuple[int, Text | None]:
    mf: Any = getattr(v, "mf_defense", None)
    if spec_type in MF_TYPES and terrain in MF_TERRAIN and isinstance(mf, int):
        return mf, t("Mountain/Forest value (15.5)")
    return v.defense, None


def defence_strengths(
    rules: Rules, state: Mapping[str, Any], target: str, mobile_assault: bool
) -> list[UnitStrength]:
    """Every unit in the target hex, with whether its defence counts (15.1, 11.4, 13.2)."""
    turn = int(state["turn"])
    terrain = natural(rules, target, turn)
    uids = units_at(state, target)
    present = [d for d in uids if mobile_assault or not state["units"][d].get("retreated")]
    limited = {d for d in present if values(rules, state, d).limited_defense or rules.units[d].type == UnitType.HQ}
    hq_alone = all(d in limited for d in present)
    out: list[UnitStrength] = []
    for d in uids:
        v = values(rules, state, d)
        if d not in present:
            out.append(UnitStrength(d, v.defense, 0, False, (t("retreated here this phase (11.4)"),)))
            continue
        if d in limited and not hq_alone:
            out.append(UnitStrength(d, v.defense, 0, False, (t("an HQ counts only alone (15.1)"),)))
            continue
        value, note = _defence_value(rules.units[d].type, v, terrain)
        out.append(UnitStrength(d, v.defense, value, True, (note,) if note else ()))
    return out


# Evaluation ------------------------------------------------------------------------------------
def evaluate(rules: Rules, state: Mapping[str, Any], side: str, plan: AttackPlan) -> Odds:
    """Validate ``plan`` for ``side`` now and compute its odds; ``IllegalOrder`` cites the rule."""
    return _evaluate(rules, state, side, plan, _check_phase(state, side, plan.mobile_assault))


def movement_ae(rules: Rules, state: Mapping[str, Any], side: str, plan: AttackPlan) -> Odds:
    """An Automatic Elimination declared in the Primary Movement Phase (8.5): the units adjacent
    to the target, with their shifts (Air and Fleet included), must guarantee 10-1."""
    p_side, impulse, step = _phase(state)
    if plan.mobile_assault or p_side != side or impulse != "primary" or step != "movement":
        raise IllegalOrder(t("An Automatic Elimination during movement happens only in your Primary Movement Phase."), "8.5")
    odds = _evaluate(rules, state, side, plan, "primary")
    if not odds.automatic:
        raise IllegalOrder(
            t("These units reach only {odds}: an Automatic Elimination needs 10-1.", odds=odds.label), "8.5"
        )
    return odds


def _evaluate(rules: Rules, state: Mapping[str, Any], side: str, plan: AttackPlan, impulse: str) -> Odds:
    turn = int(state["turn"])
    defenders_all = _check_target(rules, state, side, plan)
    uids = _check_attackers(rules, state, side, plan, impulse)
    air_shift, fleet_shift = _check_support(rules, state, side, plan, uids)

    attackers = tuple(attack_strength(rules, state, uid, plan.target) for uid in uids)
    defenders = tuple(defence_strengths(rules, state, plan.target, plan.mobile_assault))
    counting = [d.uid for d in defenders if d.counts]
    unit_defence = sum(d.value for d in defenders if d.counts)
    attack = sum(a.value for a in attackers)

    notes: list[Text] = []
    raw_dtb = dtb(rules, plan.target, turn)
    bonus = raw_dtb
    if len(counting) == 1 and rules.units[counting[0]].white_box:
        bonus = 0
        if raw_dtb:
            notes.append(t("No terrain bonus: a white-box unit defends alone (9.2)."))
    if bonus > unit_defence:
        notes.append(t("Terrain bonus {raw} limited to the defence strength {cap} (9.2).", raw=bonus, cap=unit_defence))
        bonus = unit_defence
    defence = unit_defence + bonus

    shifts: list[Shift] = []
    shifts += _armour_shifts(rules, state, uids, counting, plan.target, notes)
    shifts += _tq_shifts(rules, state, uids, counting)
    if air_shift and plan.air is not None:
        shifts.append(
            Shift(air_shift, t("air support ({air})", air=rules.air[plan.air].name), "16.15" if air_shift >= 2 else "16.12")
        )
    if fleet_shift:
        shifts.append(Shift(fleet_shift, t("Black Sea Fleet bombardment"), "16.22"))
    if counting and all(state["units"][d].get("supply") == "out" for d in counting):
        shifts.append(Shift(1, t("every defender is out of supply"), "14.4"))
    if plan.brandenburg:
        shifts.append(Shift(1, t("Brandenburgers"), "15.2"))
    if any(state["units"][d].get("disorganized") for d in defenders_all):
        shifts.append(Shift(1, t("a defender is Disorganized"), "11.5"))

    base = tables.ODDS.index(attack, defence)
    final = base + sum(s.columns for s in shifts)
    automatic = False
    if final < tables.LOWEST:
        raise IllegalOrder(
            t(
                "{attack} to {defence} is {odds} after shifts: odds below 1-2 are not allowed.",
                attack=attack,
                defence=defence,
                odds=tables.ODDS.label(final),
            ),
            "8.4",
        )
    if final > tables.HIGHEST:
        if plan.mobile_assault:
            final = tables.HIGHEST
        else:
            automatic = True
    names = {uid: rules.units[uid].name for uid in (*uids, *defenders_all)}
    return Odds(
        plan=plan,
        side=side,
        attack=attack,
        defence=defence,
        unit_defence=unit_defence,
        dtb=bonus,
        attackers=attackers,
        defenders=defenders,
        base_index=base,
        shifts=tuple(shifts),
        index=final,
        automatic=automatic,
        notes=tuple(notes),
        names=names,
    )


def _armour_shifts(
    rules: Rules, state: Mapping[str, Any], uids: list[str], counting: list[str], target: str, notes: list[Text]
) -> list[Shift]:
    turn = int(state["turn"])
    att_armour = [u for u in uids if values(rules, state, u).armor]
    def_armour = any(values(rules, state, d).armor for d in counting)
    def_at = any(values(rules, state, d).antitank for d in counting)
    if not att_armour and not def_armour:
        return []
    if not armour_allowed(rules, target, turn):
        notes.append(t("No armour shift for either side in this terrain (9.5)."))
        return []
    if att_armour:
        qualifying = [
            u
            for u in att_armour
            if not side_features(rules, state["units"][u]["hex"], target, turn) & {"major_river", "pass"}
        ]
        if not qualifying:
            notes.append(t("No attacker armour shift across a Major River or a pass (9.5)."))
        elif def_armour:
            notes.append(t("Both sides have armour: no armour shift (9.5)."))
        elif def_at:
            notes.append(t("An anti-tank unit cancels the attacker's armour shift (9.5)."))
        else:
            return [Shift(1, t("armour"), "9.5")]
        return []
    return [Shift(-1, t("defending armour"), "9.5")]


def _tq_shifts(rules: Rules, state: Mapping[str, Any], uids: list[str], counting: list[str]) -> list[Shift]:
    att = [TQ_ORDER[troop_quality(rules, state, u, True)] for u in uids]
    dfn = [TQ_ORDER[troop_quality(rules, state, d, False)] for d in counting]
    if not att or not dfn:
        return []
    if max(att) > max(dfn):
        return [Shift(1, t("troop quality"), "9.6")]
    if max(att) == TQ_ORDER["L"] and max(dfn) == TQ_ORDER["E"]:
        return [Shift(-1, t("Elite defender against Low-quality attackers"), "9.6")]
    return []


def resolve(odds: Odds, die: int) -> str:
    """The combat result for a roll of ``die``: the CRT cell, or ``AE`` without a roll (8.5)."""
    if odds.automatic:
        return tables.AE
    return tables.crt(odds.index, die)


# Determined Defence (10.4, 16.13, 16.22) ---------------------------------------------------------
@dataclass(frozen=True)
class DDOdds:
    """A validated Determined Defence: its column, lead unit and DRM (10.4)."""

    hex: str
    lead: str
    column: str
    tq: str
    support: int
    drm: int
    lead_name: str = ""

    def breakdown(self) -> Text:
        return t(
            "Determined Defence on the {column} column, led by {unit} ({tq}); modifier {drm:+d} (10.4).",
            column=self.column,
            unit=self.lead_name or self.lead,
            tq=TQ_NAMES[self.tq],
            drm=self.drm,
        )


def dd_lead_candidates(rules: Rules, state: Mapping[str, Any], survivors: Iterable[str]) -> list[str]:
    """Surviving defenders that may lead a DD: not Disorganized, not white-box (10.4)."""
    return sorted(
        d
        for d in survivors
        if not state["units"][d].get("disorganized") and not rules.units[d].white_box
    )


def evaluate_dd(
    rules: Rules,
    state: Mapping[str, Any],
    side: str,
    hex: str,
    result: str,
    lead: str,
    air: str | None = None,
    fleet: str | None = None,
) -> DDOdds:
    """Validate a Determined Defence by ``side`` in ``hex`` against ``result`` (losses applied).

    The defender may use support even against a Mobile Assault (ruling 27).
    """
    if not tables.RESULTS[result].dd_allowed:
        raise IllegalOrder(t("No Determined Defence is possible against {result}.", result=result), "10.4")
    survivors = [d for d in units_at(state, hex) if rules.units[d].side == side]
    if not survivors:
        raise IllegalOrder(t("No defending step survived: no Determined Defence."), "10.4")
    if lead not in survivors:
        raise IllegalOrder(t("The lead unit must be one of the surviving defenders in {hex}.", hex=hex), "10.4")
    spec = rules.units[lead]
    if state["units"][lead].get("disorganized"):
        raise IllegalOrder(t("{unit} is Disorganized and cannot lead a Determined Defence.", unit=spec.name), "10.4")
    if spec.white_box:
        raise IllegalOrder(t("{unit} is a white-box unit and cannot lead a Determined Defence.", unit=spec.name), "10.4")
    if air is not None and fleet is not None:
        raise IllegalOrder(t("Only one support marker may back a Determined Defence."), "10.4")
    support = 0
    if air is not None:
        support = check_air(rules, state, side, air, [state["units"][d]["hex"] for d in survivors]).dd_drm
    if fleet is not None:
        support = check_fleet(rules, state, side, fleet, hex)
    tq = troop_quality(rules, state, lead, False)
    return DDOdds(
        hex=hex,
        lead=lead,
        column=dd_column(rules, hex, int(state["turn"])),
        tq=tq,
        support=support,
        drm=tables.dd_drm(tq, support),
        lead_name=spec.name,
    )


def resolve_dd(dd: DDOdds, die: int) -> tables.DDEntry:
    """The DD outcome for a natural roll of ``die`` (modified rolls clamped to 1-8, ruling 19)."""
    return tables.dd_result(dd.column, die, dd.drm)
