"""Step losses (10.2, 10.3): who may take a loss, and what taking one does to a counter.

Step index 0 is the full-strength side, 1 the reduced side, 2 the residual (Kampfgruppe) of a
large unit. Single-step units (HQs, Brandenburgers, the Azov Flotilla, armoured trains ...) are
full-strength units for the priority of 10.2.

``take_step`` changes the state it is given (the kernel hands procedures a working copy).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any, Literal

from engine.errors import IllegalOrder
from engine.games.caucasus.model import Rules, UnitType
from engine.text import t

StepOutcome = Literal["reduced", "kg", "cadre", "removed", "hq_return"]
PRIORITY_NAMES = ("full-strength", "reduced", "residual (KG)")


def can_absorb_loss(rules: Rules, uid: str) -> bool:
    """The 4th Guards Cavalry Corps HQ marker can never absorb a loss (15.7)."""
    return "cav_corps_hq" not in rules.units[uid].flags


def steps_left(rules: Rules, state: Mapping[str, Any], uid: str) -> int:
    """Steps the unit can still lose before it is eliminated (10.3)."""
    spec = rules.units[uid]
    return len(spec.steps) - int(state["units"][uid].get("step", 0))


def steps_available(rules: Rules, state: Mapping[str, Any], uids: Iterable[str]) -> int:
    """Steps a group can lose in total (A1/D2: the attacker loses nothing if this is 1, 10.1)."""
    return sum(steps_left(rules, state, uid) for uid in uids if can_absorb_loss(rules, uid))


def loss_class(rules: Rules, state: Mapping[str, Any], uid: str) -> int:
    """0 full strength (single-step units included), 1 reduced, 2 residual/KG (10.2)."""
    return min(2, int(state["units"][uid].get("step", 0)))


def loss_candidates(rules: Rules, state: Mapping[str, Any], uids: Iterable[str]) -> list[str]:
    """The units of ``uids`` that may take the next step loss under the 10.2 priority.

    Full-strength units first (single-step units count as full strength), then reduced units,
    then residual/KG units. Whoever chooses (owner, or opponent for EX and A1/D1) must pick from
    this list; a two-step loss is applied one step at a time (ruling 16). The lead unit of a
    Determined Defence takes its DD loss regardless of this priority (10.2, 10.4).
    """
    pool = sorted({uid for uid in uids if state["units"][uid].get("hex") and can_absorb_loss(rules, uid)})
    if not pool:
        return []
    best = min(loss_class(rules, state, uid) for uid in pool)
    return [uid for uid in pool if loss_class(rules, state, uid) == best]


def check_loss(rules: Rules, state: Mapping[str, Any], uids: Iterable[str], chosen: str) -> None:
    """Refuse a chosen loss that breaks the 10.2 priority (or a unit that cannot take it)."""
    pool = list(uids)
    if chosen not in pool:
        raise IllegalOrder(t("{unit} is not one of the units that must take this loss.", unit=chosen), "10.2")
    if not can_absorb_loss(rules, chosen):
        raise IllegalOrder(t("The 4th Guards Cavalry Corps HQ cannot absorb a loss."), "15.7")
    candidates = loss_candidates(rules, state, pool)
    if chosen not in candidates:
        cls = loss_class(rules, state, candidates[0]) if candidates else 0
        raise IllegalOrder(
            t(
                "The loss must fall on a {kind} unit first: {units}.",
                kind=PRIORITY_NAMES[cls],
                units=", ".join(rules.units[u].name for u in candidates),
            ),
            "10.2",
        )


def elimination_box(rules: Rules, uid: str) -> Literal["cadre", "removed", "hq_return"]:
    """Where an eliminated unit goes (10.3, 15.1, ruling 17).

    HQs wait for their owner's next Initial Phase (15.1); units flagged ``never_replaced`` (Azov
    Flotilla, armoured trains, the 454th) are out of play; the 4th Guards Cavalry Corps marker
    is removed for good (15.7); everything else, the Brandenburgers included (15.2), goes to the
    Cadre box.
    """
    spec = rules.units[uid]
    if "cav_corps_hq" in spec.flags or "never_replaced" in spec.flags:
        return "removed"
    if spec.type == UnitType.HQ:
        return "hq_return"
    return "cadre"


def eliminate(rules: Rules, state: MutableMapping[str, Any], uid: str) -> Literal["cadre", "removed", "hq_return"]:
    """Take the unit off the map into its box (10.3); its markers go with it."""
    u = state["units"][uid]
    box = elimination_box(rules, uid)
    u["hex"] = None
    u["box"] = box
    for marker in ("disorganized", "assault", "ae", "replaced", "retreated", "isolated", "rail_moved", "naval_moved"):
        if marker in u:
            u[marker] = False
    return box


def take_step(rules: Rules, state: MutableMapping[str, Any], uid: str) -> StepOutcome:
    """Apply one step loss to ``uid`` (10.3): flip it, make it a KG, or eliminate it.

    A full-strength multi-step unit flips to its reduced side; a reduced large (three-step) unit
    becomes its residual KG; a single-step unit, a flipped two-step unit and a KG are eliminated
    (see ``elimination_box``). Returns what happened.
    """
    if not can_absorb_loss(rules, uid):
        raise IllegalOrder(t("The 4th Guards Cavalry Corps HQ cannot absorb a loss."), "15.7")
    spec = rules.units[uid]
    u = state["units"][uid]
    step = int(u.get("step", 0))
    if step + 1 < len(spec.steps):
        u["step"] = step + 1
        return "reduced" if step == 0 else "kg"
    return eliminate(rules, state, uid)
