"""The moment of each action (A24.1: actions are played when their prerequisites exist): an action
typed at the turn's step or in an order's own step, where no window of it is open, is refused with
the action's rule, saying when it is played. In a window of another moment the window's own refusal
stands (A24.2); the Hidden actions, Dig In, Demolition, Smoke Grenades, Ambush and No Quarter have
their own checks (``game._check_window``, ``meleeactions.check_verb``).

Opportunity fire (A33.1) is checked the same way: a Fire card played by the inactive player at the
turn's step, during a Fire order, or in a Move order between two hexes entered (its window passed,
or not open yet) is refused citing A33.1; when the window of the last hex was closed by its attack
or by a Trench step, the reason remembered (``opfirechances``) is cited instead.
"""

from __future__ import annotations

from engine import flow
from engine.errors import IllegalOrder
from engine.game import Role, State
from engine.text import Text, t

#: The steps where no action window is open: the turn's, and the orders' own.
OUTSIDE = ("turn", "fire_order", "move_order", "advance_order")

#: The actions played right before a Fire attack roll, and their rules.
BEFORE_ATTACK_ROLL = {
    "bore-sighting": "A27",
    "crossfire": "A30",
    "hand-grenades": "A34",
    "marksmanship": "A37",
    "spray-fire": "A40",
    "sustained-fire": "A41",
}


def _moment(verb: str) -> tuple[Text, str] | None:
    if verb in BEFORE_ATTACK_ROLL:
        return t("'{verb}' is played right before a Fire attack roll, once the attack is announced.", verb=verb), BEFORE_ATTACK_ROLL[verb]
    if verb == "concealment":
        return t("'{verb}' is played right before a defense roll of yours, once the Attack total is known.", verb=verb), "A29"
    if verb == "light-wounds":
        return t("'{verb}' is played when a Squad of yours takes a hit that would break or eliminate it.", verb=verb), "A36"
    return None


def check(state: State, role: Role, verb: str, top: str) -> None:
    """Refuse ``verb`` from ``role`` outside its moment, with its rule."""
    if top not in OUTSIDE:
        return
    if verb == "assault-fire" and top != "move_order":
        raise IllegalOrder(t("'{verb}' is played by your units activated for Move, during their Move order.", verb=verb), "A26")
    if verb == "fire" and role != state.get("player") and (top in ("turn", "fire_order") or (top == "move_order" and flow.closed_step(state, role, verb) is None)):
        raise IllegalOrder(
            t("A Fire card is played as opportunity fire only during an enemy Move order, right after a unit enters a hex."),
            "A33.1",
        )
    found = _moment(verb)
    if found is not None:
        raise IllegalOrder(found[0], found[1])
