"""A weapon eliminated voluntarily by its owner (11.3: "it may be voluntarily eliminated by its owner
at any time").

``abandon WEAPON`` is no order and plays no card: either player may give it at any moment, in his
own turn or the opponent's, for a weapon one of his units carries on the map, good or broken. The
weapon goes into the Weapons box of the Casualty track like any eliminated weapon (4.2, 11.4) and
scores nothing. "At any time" is read as between the steps of play (RULINGS R67): a weapon that an
order, an action or an event still being resolved names (firing in an attack, chosen by Malfunction,
about to be transferred...) is eliminated once that is over. A radio is no weapon (12) and cannot
be abandoned.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action, Context, Role, State
from engine.games.combat_commander import weapons
from engine.text import t

VERB = "abandon"


def parse(state: State, args: list[str]) -> Action:
    """``abandon WEAPON``."""
    if len(args) != 1:
        raise InvalidOrder(t("Syntax: {syntax}", syntax="abandon WEAPON"))
    wid = args[0].lower()
    _known(state, wid)
    return Action(VERB, (wid,))


def _known(state: State, wid: str) -> None:
    """A weapon of the scenario; a radio is refused by its rule (12)."""
    if any(r and r["id"] == wid for r in state.get("artillery", {}).values()):
        raise IllegalOrder(t("{radio} is a radio, which is not a weapon (12): only a weapon may be eliminated by its owner (11.3).", radio=wid), "12")
    if wid not in weapons.table(state):
        raise InvalidOrder(t("'{weapon}' is not a weapon of this scenario.", weapon=wid))


def _named(value: Any, wid: str) -> bool:
    """Whether ``wid`` is one of the values held in ``value`` (a frame, a choice)."""
    if isinstance(value, str):
        return value == wid
    if isinstance(value, dict):
        return any(_named(v, wid) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_named(v, wid) for v in value)
    return False


def check(state: State, role: Role, wid: str) -> None:
    """11.3: the owner's weapon on the map, not named by what is being resolved (R67)."""
    _known(state, wid)
    w = weapons.table(state)[wid]
    carrier = w["unit"]
    if carrier is None or state["units"][carrier]["hex"] is None:
        raise IllegalOrder(t("{weapon} is not on the map: only a weapon a unit carries may be eliminated.", weapon=wid), "11.3")
    if state["units"][carrier]["side"] != role:
        raise IllegalOrder(t("{weapon} is not yours: only its owner may eliminate a weapon.", weapon=wid), "11.3")
    if _named(state.get("flow", [])[1:], wid) or _named(state.get("choices", []), wid):
        raise IllegalOrder(
            t("{weapon} is part of what is being resolved now: eliminate it once that is over.", weapon=wid), "11.3"
        )


def abandon(state: State, role: Role, wid: str, ctx: Context) -> None:
    """The owner eliminates ``wid`` into the Weapons box (11.3, 4.2); it scores nothing."""
    check(state, role, wid)
    ctx.log(t("{side} eliminates its weapon {weapon} voluntarily (11.3).", side=role, weapon=wid))
    weapons.eliminate_weapon(state, wid, ctx, "11.3")


def actions(state: State, role: Role) -> list[Action]:
    """The ``abandon`` of each of ``role``'s weapons that may be eliminated now (for the turn's options)."""
    out = []
    for wid in sorted(weapons.table(state)):
        try:
            check(state, role, wid)
        except IllegalOrder:
            continue
        out.append(Action(VERB, (wid,)))
    return out
