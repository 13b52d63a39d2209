"""The Hidden actions of the Defense-posture player (A35).

Hidden Mines and Hidden Wire (A35.2, A35.5) answer a unit that Moved into a hex by placing Mines
(which attack the unit that just came in) or Wire (which ends its move there). Both are played in
the window that follows each hex entered in a Move order (O21.5: the mover pauses for opportunity
fire "or, if in Defense posture, Hidden Mines or Hidden Wire"). The window opens for the Defense
player on public information: his posture and whether the hex may receive a fortification, never
whether he holds the card.

Hidden Entrenchments and Hidden Pillbox (A35.1, A35.3) are played in the window before each of
his defense rolls (W4), which opens for a Defense-posture defender at every defense roll.
"""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.errors import IllegalOrder
from engine.game import Action, Context, Role, State
from engine.games.combat_commander import actioncards, cards, fortifications, mines, model
from engine.games.combat_commander.common import Rules, objectives
from engine.hexgrid import Label
from engine.text import t

#: verb -> (card action, fortification, rule)
HIDDEN = {
    "hidden-mines": ("hidden_mines", "mines", "A35.2"),
    "hidden-wire": ("hidden_wire", "wire", "A35.5"),
}


#: The window after a unit Advances into a hex (``hiddenadvance.AdvanceWindow``).
ADVANCE_WINDOW = "advance_window"


def open_after_advance(g: Rules, state: State, uid: str, label: Label) -> bool:
    """Open the window after ``uid`` advanced into ``label`` (A35.2, A35.5, digest W2) for the enemy in
    Defense posture when the hex may receive a fortification; True if it opened (the order then waits)."""
    enemy = model.other(state["units"][uid]["side"])
    if not may_answer(g, state, enemy, label):
        return False
    return windows.open_window(state, ADVANCE_WINDOW, f"advance-{uid}", [enemy], hex=label, mover=uid) is not None


def may_answer(g: Rules, state: State, role: Role, label: Label) -> bool:
    """The Defense player may place Mines or Wire in ``label``: not Water, no Blaze, no fortification (A35)."""
    if state["sides"][role]["posture"] != "defense":
        return False
    try:
        fortifications.check_fort_hex(g.board_for(state), state, label)
    except IllegalOrder:
        return False
    return True


def actions(g: Rules, state: State, role: Role, label: Label) -> list[Action]:
    if not may_answer(g, state, role, label):
        return []
    return [Action(verb, (cid,)) for verb, (action, _, _) in HIDDEN.items() for cid in actioncards.held(state, role, action)]


def play(g: Rules, state: State, role: Role, frame: flow.Frame, action: Action, ctx: Context) -> None:
    """A35.2 / A35.5 in the window after ``frame["mover"]`` entered ``frame["hex"]``."""
    card_action, kind, rule = HIDDEN[action.verb]
    if state["sides"][role]["posture"] != "defense":
        raise IllegalOrder(t("Only the player in Defense posture plays the Hidden actions."), "A35")
    if len(action.args) != 1:
        raise IllegalOrder(t("Syntax: {verb} [CARD].", verb=action.verb), rule)
    label, mover = frame["hex"], frame["mover"]
    board = g.board_for(state)
    fortifications.check_fort_hex(board, state, label)
    c = actioncards.play(state, role, action.args[0], card_action, rule)
    ctx.reveal(t("{side} plays {card} ({rule}).", side=role, card=cards.face(c), rule=rule))
    fortifications.place_fort(board, state, label, kind, ctx, t("Hidden action, {rule}", rule=rule))
    if kind == "mines":
        arrived = [m for m in frame.get("movers", [mover]) if state["units"][m]["hex"] == label]
        if arrived:
            mines.start(state, [(label, arrived)])  # F103.2, its rolls held (9.1); a stack by one roll (F103.1)
        return
    move_frame: dict[str, Any] = flow.stack(state)[-2]
    move_frame.setdefault("wired", []).extend(frame.get("movers", [mover]))
    ctx.log(t("{unit} entered Wire: its move ends in {hex} (A35.5, F106.2).", unit=mover, hex=label))


# Before a defense roll (A35.1, A35.3) -----------------------------------------------------------------
# Both are played in the window before the Defense player's defense roll (``responses.DefenseWindow``,
# W4), which opens for a Defense-posture defender at every defense roll, whatever his hand holds.

#: verb -> (card action, rule)
BEFORE_DEFENSE = {
    "hidden-entrenchments": ("hidden_entrenchments", "A35.1"),
    "hidden-pillbox": ("hidden_pillbox", "A35.3"),
}


def _before_defense(g: Rules, state: State, role: Role, label: Label, rule: str) -> None:
    if state["sides"][role]["posture"] != "defense":
        raise IllegalOrder(t("Only the player in Defense posture plays the Hidden actions."), "A35")
    if label not in fortifications.friendly_hexes(state, role):
        raise IllegalOrder(t("{hex} holds none of your units: nothing of yours defends there.", hex=label), rule)
    fortifications.check_fort_hex(g.board_for(state), state, label)


def check_entrench(g: Rules, state: State, role: Role, label: Label) -> None:
    """A35.1: the attacked hex is not a Building or Water and holds no fortification."""
    _before_defense(g, state, role, label, "A35.1")
    if g.board_for(state).terrain(label).name == "building":
        raise IllegalOrder(t("Hidden Entrenchments cannot go in a Building ({hex}).", hex=label), "A35.1")


def check_pillbox(g: Rules, state: State, role: Role, label: Label) -> None:
    """A35.3: the attacked hex is an objective, not Water, without fortification, and the Pillbox is not in play."""
    _before_defense(g, state, role, label, "A35.3")
    if label not in objectives(g.board_for(state)).values():
        raise IllegalOrder(t("Hidden Pillbox goes only in an objective hex; {hex} is not one.", hex=label), "A35.3")
    if "pillbox" in fortifications.forts(state).values():
        raise IllegalOrder(t("The Pillbox is already in play."), "A35.3")


def entrench(g: Rules, state: State, role: Role, cid: str, label: Label, ctx: Context) -> None:
    """A35.1: Foxholes in the attacked hex, unless it is a Building or Water or holds a fortification."""
    check_entrench(g, state, role, label)
    c = actioncards.play(state, role, cid, "hidden_entrenchments", "A35.1")
    ctx.reveal(t("{side} plays {card} ({rule}).", side=role, card=cards.face(c), rule="A35.1"))
    fortifications.place_fort(g.board_for(state), state, label, "foxholes", ctx, t("Hidden action, {rule}", rule="A35.1"))


def pillbox(g: Rules, state: State, role: Role, cid: str, label: Label, ctx: Context) -> None:
    """A35.3: the Pillbox in an attacked objective hex, if it is not in play yet."""
    check_pillbox(g, state, role, label)
    c = actioncards.play(state, role, cid, "hidden_pillbox", "A35.3")
    ctx.reveal(t("{side} plays {card} ({rule}).", side=role, card=cards.face(c), rule="A35.3"))
    fortifications.place_fort(g.board_for(state), state, label, "pillbox", ctx, t("Hidden action, {rule}", rule="A35.3"))


def defense_actions(g: Rules, state: State, role: Role, label: Label) -> list[Action]:
    """What ``role`` may play before his defense roll in ``label`` (A35.1, A35.3): one held card of each."""
    out = []
    for verb, (action, _) in BEFORE_DEFENSE.items():
        held = actioncards.held(state, role, action)
        if not held:
            continue
        try:
            (check_entrench if verb == "hidden-entrenchments" else check_pillbox)(g, state, role, label)
        except IllegalOrder:
            continue
        out.append(Action(verb, (held[0],)))
    return out


def play_before_defense(g: Rules, state: State, role: Role, action: Action, label: Label, ctx: Context) -> None:
    """Play Hidden Entrenchments or Hidden Pillbox for the defender about to roll in ``label``."""
    rule = BEFORE_DEFENSE[action.verb][1]
    if len(action.args) != 1:
        raise IllegalOrder(t("Syntax: {verb} [CARD].", verb=action.verb), rule)
    (entrench if action.verb == "hidden-entrenchments" else pillbox)(g, state, role, action.args[0], label, ctx)
