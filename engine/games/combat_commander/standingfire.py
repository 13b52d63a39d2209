"""A private standing reaction of opportunity fire (digest 6.4, A33): ``react fire HEX PIECE...``
("fire with the HMG at the first unit that enters C7"). When an enemy unit enters HEX in a Move
order and the opportunity-fire window opens for the reaction's author, the reaction answers it
with exactly those pieces (a weapon brings its carrier, 11.1), playing the author's first Fire
card when they are not yet activated for opportunity fire in this Move order (A33.2). It is used
once: the fire, whoever typed it, spends it. When that fire is not legal at that moment (no Fire
card left, a piece broken, out of Range or LOS, a white-band weapon, 11.5) the window is asked as
usual: a standing reaction never makes an illegal order, nor refuses the mover's.

Like every standing reaction it is told to its author alone; the others read "react (private)".
"""

from __future__ import annotations

from typing import Any

from engine.errors import InvalidOrder
from engine.game import Action, Context, Role, State
from engine.games.combat_commander import cards, model, movement, weapons
from engine.games.combat_commander.common import rules_of
from engine.text import Text, joined, t

WORDS = ("fire", "fuoco")
SYNTAX = "react fire HEX UNIT|WEAPON [UNIT|WEAPON...]"


def is_fire_reaction(args: list[str]) -> bool:
    return bool(args) and args[0].lower() in WORDS


def parse(args: list[str]) -> Action:
    if len(args) < 3:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=SYNTAX))
    return Action("react", ("fire", args[1].upper(), *(a.lower() for a in args[2:])))


def pieces_of(state: State, named: list[str]) -> list[str]:
    """The pieces named, each weapon with its carrier (a weapon fires with it, 11.1), sorted."""
    out = set(named)
    for p in named:
        if weapons.is_weapon(state, p) and (carrier := weapons.carrier(state, p)) is not None:
            out.add(carrier)
    return sorted(out)


def set_reaction(game: Any, state: State, role: Role, action: Action, ctx: Context) -> None:
    """Record the reaction after checking its hex and that every piece is ``role``'s own."""
    if role not in model.ROLES:
        raise InvalidOrder(t("Only a player gives a standing reaction."))
    label, named = action.args[1], list(action.args[2:])
    if label not in rules_of(game).board_for(state).map.grid:
        raise InvalidOrder(t("'{hex}' is not a hex of the map.", hex=label))
    for p in named:
        known = p in state["units"] or p in state.get("weapons", {})
        if not known or weapons.side_of(state, p) != role:
            raise InvalidOrder(t("'{unit}' is not a unit or weapon of yours.", unit=p))
    mine = dict(state.get("reactions", {}).get(role) or {"initiative": "ask", "upto": 0, "windows_turn": 0})
    fire = [r for r in mine.get("fire", []) if r["hex"] != label]
    fire.append({"hex": label, "pieces": pieces_of(state, named)})
    mine["fire"] = fire
    state.setdefault("reactions", {})[role] = mine


def describe(state: State, role: Role) -> Text | None:
    """The author's fire reactions, or None."""
    fire = state.get("reactions", {}).get(role, {}).get("fire", [])
    if not fire:
        return None
    listed = [t("at the first enemy unit entering {hex}, fire with {pieces}", hex=r["hex"], pieces=", ".join(r["pieces"])) for r in fire]
    return t("Opportunity fire: {reactions} (A33).", reactions=joined(listed))


def _window(state: State, role: Role) -> dict[str, Any] | None:
    flow_ = state.get("flow") or []
    if not flow_ or flow_[-1]["proc"] != movement.OpFire.name or model.other(state["player"]) != role:
        return None
    frame: dict[str, Any] = flow_[-1]
    return frame


def auto_action(game: Any, state: State, role: Role) -> Action | None:
    """The opportunity fire a reaction makes at the window open now for ``role``, if legal."""
    frame = _window(state, role)
    if frame is None:
        return None
    wanted = next((r for r in state.get("reactions", {}).get(role, {}).get("fire", []) if r["hex"] == frame["hex"]), None)
    if wanted is None:
        return None
    legal = movement.OpFire().prompt(game, state, frame, role).actions
    for action in legal:
        if action.verb == "fire" and sorted(a for a in action.args if not cards.is_card(a)) == wanted["pieces"]:
            return action
    return None


def spend(state: State, role: Role, action: Action) -> None:
    """An opportunity fire at a reaction's hex with its pieces spends it ("the first unit that enters")."""
    frame = _window(state, role)
    mine = state.get("reactions", {}).get(role)
    if frame is None or action.verb != "fire" or not mine or not mine.get("fire"):
        return
    fired = pieces_of(state, [a for a in action.args if not cards.is_card(a)])
    mine["fire"] = [r for r in mine["fire"] if not (r["hex"] == frame["hex"] and r["pieces"] == fired)]
