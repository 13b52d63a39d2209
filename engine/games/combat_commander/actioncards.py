"""Action cards played from a hand (A24-A41): which are held, and playing one for its action."""

from __future__ import annotations

from engine.errors import IllegalOrder
from engine.game import Role, State
from engine.games.combat_commander import cards
from engine.games.combat_commander.data import Card
from engine.text import t


def held(state: State, role: Role, action: str) -> list[str]:
    """One card of ``role``'s hand with ``action`` (which copy is played is not a listed choice)."""
    return sorted(c for c in state["sides"][role]["hand"] if cards.card(c).action == action)[:1]


def play(state: State, role: Role, cid: str, action: str, rule: str) -> Card:
    """Discard ``cid`` for its action, or refuse: the player must hold a card with that action."""
    if cid in state["sides"][role]["hand"] and cards.card(cid).action == "command_confusion":
        raise IllegalOrder(t("Command Confusion cannot be played as an action."), "A28")
    if cid not in state["sides"][role]["hand"] or cards.card(cid).action != action:
        raise IllegalOrder(t("You hold no such {action} card.", action=action), rule)
    return cards.discard_from_hand(state, role, cid)
