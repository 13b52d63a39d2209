"""Special units and special rules: the Azov Flotilla's end (15.3), the 4th Guards Cavalry
Corps HQ (15.7), the merging of reduced Soviet units (18.1) and the loss of the Black Sea Fleet
with Poti (16.21).

Rulings (RULINGS.md 44-52):

* The Azov Flotilla is eliminated (out of play, it is never replaced) as soon as the Axis
  controls every Sea of Azov port: checked at the start and end of every Movement and Combat
  Phase and after every battle (15.3).
* The 4th Guards Cavalry Corps box is the hex of its marker: the cavalry divisions stacked with
  the marker are the Corps (15.7). The marker moves only together with at least one of them, is
  never a unit that retreats, leads a Determined Defence or absorbs a loss, and is removed for
  good whenever no Soviet cavalry division is left in its hex.
* Merging (18.1, ruling 35): the first unit named is the one restored, the second goes to the
  Cadre box. Two reduced Soviet rifle divisions (type INF, division size, regular army colour:
  not Guards, NKVD or Mountain; cavalry divisions do not merge), the restored one being the one
  of lower current TQ if they differ; or a reduced rifle division and a regular-army rifle
  brigade (not a Naval brigade), the division being restored whatever its order in the command.
  The merge ends the restored unit's movement for the phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.game import Action, Context, Prompt, State
from engine.games.caucasus import losses
from engine.games.caucasus.model import AXIS, SOVIET, TQ_RANK, Rules, UnitType, units_at, values
from engine.memo import PerObject
from engine.text import t

CORPS_FLAG = "cav_corps_hq"


class _Printed:
    """What the checks after every order read from the counters and the map alone, found once
    per ``Rules`` (immutable: the shipped one or a campaign's with its overlay)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.azov_ports = tuple(sorted(h for h, p in rules.board.places.items() if p.get("port") and p.get("sea") == "azov"))
        self.corps = tuple(uid for uid, spec in sorted(rules.units.items()) if CORPS_FLAG in spec.flags)
        place = rules.board.place_named("Poti")
        self.poti = place.hex if place is not None else None


def _read_printed(rules: object) -> _Printed:
    assert isinstance(rules, Rules)
    return _Printed(rules)


_printed = PerObject(_read_printed)


# Azov Flotilla (15.3) ----------------------------------------------------------------------------
def azov_ports(rules: Rules) -> list[str]:
    """Every Sea of Azov port of the map (Taman included)."""
    return list(_printed(rules).azov_ports)


def check_flotilla(rules: Rules, state: State, ctx: Context) -> None:
    """The Flotilla is eliminated once the Axis controls every Sea of Azov port (15.3)."""
    ports = azov_ports(rules)
    if not ports or any(state["control"].get(p) != AXIS for p in ports):
        return
    for uid, spec in sorted(rules.units.items()):
        if spec.type == UnitType.AZOV_FLOTILLA and state["units"][uid].get("hex"):
            box = losses.eliminate(rules, state, uid)
            ctx.log(t("The Axis controls every Sea of Azov port: {unit} is eliminated ({box}) (15.3).", unit=uid, box=box))


# 4th Guards Cavalry Corps HQ (15.7) ------------------------------------------------------------
def is_corps(rules: Rules, uid: str) -> bool:
    return CORPS_FLAG in rules.units[uid].flags


def cavalry_divisions(rules: Rules, state: Mapping[str, Any], label: str) -> list[str]:
    """Soviet cavalry divisions in ``label``: the divisions of the Corps if its marker is there."""
    return [
        u
        for u in units_at(state, label)
        if rules.units[u].side == SOVIET and rules.units[u].type == UnitType.CAVALRY and rules.units[u].size == "XX"
    ]


def check_corps(rules: Rules, state: State, ctx: Context) -> None:
    """The Corps marker is removed for good once no cavalry division is left with it (15.7)."""
    for uid in _printed(rules).corps:
        u = state["units"][uid]
        if u.get("hex") and not cavalry_divisions(rules, state, u["hex"]):
            u.update(hex=None, box="removed")
            ctx.log(t("No cavalry division is left in the 4th Guards Cavalry Corps: its HQ is removed from play (15.7)."))


def check_corps_move(rules: Rules, state: Mapping[str, Any], uids: list[str]) -> None:
    """The Corps marker moves only with at least one of its cavalry divisions (15.7)."""
    if any(is_corps(rules, u) for u in uids):
        if not any(rules.units[u].type == UnitType.CAVALRY and rules.units[u].size == "XX" for u in uids):
            raise IllegalOrder(
                t("The 4th Guards Cavalry Corps HQ moves only together with one of its cavalry divisions."), "15.7"
            )


def corps_hexes(rules: Rules, state: Mapping[str, Any]) -> list[str]:
    """Hexes where the Corps marker may be placed: any holding a Soviet cavalry division (15.7)."""
    return sorted({u["hex"] for uid, u in state["units"].items() if u.get("hex") and cavalry_divisions(rules, state, u["hex"])})


def corps_marker(rules: Rules) -> str | None:
    return next((uid for uid, spec in sorted(rules.units.items()) if CORPS_FLAG in spec.flags), None)


def corps_available(rules: Rules, state: Mapping[str, Any]) -> bool:
    """From turn 7 the Corps marker, still in its box, may be placed (15.7)."""
    uid = corps_marker(rules)
    if uid is None or state["units"][uid].get("box") != "4gcc":
        return False
    first = rules.units[uid].flag_value("from_turn")
    return int(state["turn"]) >= int(first or 7) and bool(corps_hexes(rules, state))


class CorpsChoice(flow.Procedure):
    """Soviet Initial Phase, from turn 7: place the 4th Guards Cavalry Corps HQ on a hex with a
    Soviet cavalry division, or decline with ``done`` (15.7)."""

    name = "corps_choice"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("placement of the 4th Guards Cavalry Corps HQ"), "15.7")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({SOVIET})

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        uid = corps_marker(rules)
        acts = [Action("done")]
        if uid is not None:
            acts += [Action("place", (uid, h)) for h in corps_hexes(rules, state)]
        return Prompt(
            role,
            t("You may place the 4th Guards Cavalry Corps HQ with a cavalry division ('place UNIT HEX'), or keep it for later ('done')."),
            tuple(acts),
        )

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        if action.verb == "done":
            ctx.log(t("The 4th Guards Cavalry Corps HQ stays in its box."))
            flow.end(state)
            return
        if action.verb != "place" or len(action.args) != 2:
            raise flow.refuse(action, ("place",), self.step(game, state, frame), t("Place the Corps HQ with 'place UNIT HEX', or 'done'."))
        uid, label = action.args
        if uid != corps_marker(rules):
            raise IllegalOrder(t("Only the 4th Guards Cavalry Corps HQ may be placed now."), "15.7")
        if label not in corps_hexes(rules, state):
            raise IllegalOrder(t("The Corps HQ must be placed in a hex with a Soviet cavalry division."), "15.7")
        state["units"][uid].update(hex=label, box=None, due=None)
        ctx.log(t("The 4th Guards Cavalry Corps HQ is placed in {hex} (15.7).", hex=label))
        flow.end(state)


# Merging reduced Soviet units (18.1) ----------------------------------------------------------
def _rifle_division(rules: Rules, uid: str) -> bool:
    spec = rules.units[uid]
    return spec.type == UnitType.INF and spec.size == "XX" and spec.nationality == "soviet"


def _rifle_brigade(rules: Rules, uid: str) -> bool:
    spec = rules.units[uid]
    return spec.type == UnitType.INF and spec.size == "X" and spec.nationality == "soviet"


def check_merge(rules: Rules, state: Mapping[str, Any], side: str, keep: str, other: str) -> tuple[str, str]:
    """Validate a merge; return (restored unit, unit sent to the Cadre box) (18.1, ruling 35)."""
    ph = state["phase"]
    if ph.get("side") != side or ph.get("step") != "movement" or ph.get("impulse") not in ("primary", "secondary"):
        raise IllegalOrder(t("Units merge only in a friendly Movement Phase."), "18.1")
    if side != SOVIET:
        raise IllegalOrder(t("Only reduced Soviet units may merge."), "18.1")
    if keep == other:
        raise IllegalOrder(t("Name two different units to merge."), "18.1")
    for uid in (keep, other):
        if rules.units[uid].side != side or not state["units"][uid].get("hex"):
            raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid), "18.1")
    if state["units"][keep]["hex"] != state["units"][other]["hex"]:
        raise IllegalOrder(t("Units merge only when they are in the same hex."), "18.1")
    if _rifle_brigade(rules, keep) and _rifle_division(rules, other):
        keep, other = other, keep
    if not _rifle_division(rules, keep):
        raise IllegalOrder(
            t("{unit} is not a Soviet rifle division: Mountain, NKVD, Guards and cavalry divisions do not merge.", unit=keep),
            "18.1",
        )
    if int(state["units"][keep].get("step", 0)) != 1:
        raise IllegalOrder(t("{unit} is not a reduced division.", unit=keep), "18.1")
    if _rifle_brigade(rules, other):
        return keep, other
    if not _rifle_division(rules, other):
        raise IllegalOrder(
            t("{unit} can merge only with a reduced rifle division or a regular-army rifle brigade (not a Naval brigade).", unit=keep),
            "18.1",
        )
    if int(state["units"][other].get("step", 0)) != 1:
        raise IllegalOrder(t("{unit} is not a reduced division.", unit=other), "18.1")
    tq_keep = TQ_RANK[values(rules, state, keep).tq]
    tq_other = TQ_RANK[values(rules, state, other).tq]
    if tq_keep > tq_other:
        raise IllegalOrder(
            t("The two divisions differ in quality: the lower-quality one, {unit}, must be the one restored.", unit=other),
            "18.1",
        )
    return keep, other


def merge(rules: Rules, state: State, side: str, keep: str, other: str, ctx: Context) -> None:
    keep, other = check_merge(rules, state, side, keep, other)
    box = losses.eliminate(rules, state, other)
    u = state["units"][keep]
    u["step"] = 0
    u["moved"] = True
    ctx.log(t("{other} merges into {unit}, restored to full strength; {other} goes to the {box} box (18.1).", unit=keep, other=other, box=box))


def candidate_merges(rules: Rules, state: Mapping[str, Any], side: str) -> list[Action]:
    out: list[Action] = []
    if side != SOVIET:
        return out
    by_hex: dict[str, list[str]] = {}
    for uid, u in sorted(state["units"].items()):
        if u.get("hex") and rules.units[uid].side == side and (_rifle_division(rules, uid) or _rifle_brigade(rules, uid)):
            by_hex.setdefault(u["hex"], []).append(uid)
    for uids in by_hex.values():
        for a in uids:
            for b in uids:
                if a == b or _rifle_brigade(rules, a):
                    continue
                try:
                    check_merge(rules, state, side, a, b)
                except IllegalOrder:
                    continue
                out.append(Action("merge", (a, b)))
    return out


# The Black Sea Fleet and Poti (16.21) -------------------------------------------------------------
def check_poti(rules: Rules, state: State, ctx: Context) -> None:
    """Once the Axis captures Poti, both Fleet markers are removed from play (16.21)."""
    poti = _printed(rules).poti
    if poti is None or state["control"].get(poti) != AXIS:
        return
    for fid, status in sorted(state["fleet"].items()):
        if status != "removed":
            state["fleet"][fid] = "removed"
            ctx.log(t("The Axis holds Poti: Black Sea Fleet marker {id} is removed from play (16.21).", id=fid))


# Checks run at the boundaries of steps --------------------------------------------------------
def end_of_step_checks(rules: Rules, state: State, ctx: Context) -> None:
    """After every order of a Movement Phase, every battle, and at the start and end of every
    Movement and Combat Phase."""
    check_corps(rules, state, ctx)
    check_flotilla(rules, state, ctx)
    check_poti(rules, state, ctx)
