"""The choices at the end of a Time advance (6.1.2): the causing player removes one Smoke marker
(step 4), then both players may play Dig In (step 6, A32).

A Time advance happens inside a roll or a draw (``cards.time_advance`` records who caused it);
once the order or window that rolled has been handled, ``open_pending`` opens this window on top
of the flow, and play resumes where it was when both players have passed (ruling R29). The
window opens on public information only: for the Dig In step, whether or not a player holds a
Dig In card.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import actioncards, cards, fortifications, model
from engine.games.combat_commander.common import rules_of
from engine.hexgrid import Label
from engine.text import t

PENDING = "time_windows"


def open_pending(state: State, ctx: Context) -> None:
    """Open a window for each Time advance caused since the last action (the first caused on top)."""
    pending = state.pop(PENDING, [])
    if state.get("over"):
        return
    for role in reversed(pending):
        frame = flow.call(state, "time_advance", causer=role, step="smoke", passed=[])
        _skip_needless_smoke(state, frame, ctx)


def _skip_needless_smoke(state: State, frame: flow.Frame, ctx: Context) -> None:
    """Step 4 with no choice: no Smoke on the map, or one marker, removed at once."""
    smoke = state.get("smoke", {})
    if len(smoke) == 1:
        label = next(iter(smoke))
        fortifications.remove_smoke(state, label, ctx, t("Time advance, 6.1.2"))
    if len(state.get("smoke", {})) == 0:
        frame["step"] = "dig"


def dig_in_hexes(g: Any, state: State, role: Role) -> list[Label]:
    """Hexes with friendly units that may receive Foxholes: not Water, Blaze or a fortification (A32)."""
    board = rules_of(g).board_for(state)
    out = []
    for label in fortifications.friendly_hexes(state, role):
        try:
            fortifications.check_fort_hex(board, state, label)
        except IllegalOrder:
            continue
        out.append(label)
    return out


class TimeAdvance(Procedure):
    name = "time_advance"
    rule = "6.1.2"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        if frame["step"] == "smoke":
            return Step(t("Smoke removal of a Time advance"), "6.1.2")
        return Step(t("Dig In window of a Time advance"), "A32")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        if frame["step"] == "smoke":
            return frozenset({frame["causer"]})
        return frozenset(r for r in model.ROLES if r not in frame["passed"])

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        if frame["step"] == "smoke":
            return t("Time advance: remove one Smoke marker of your choice, 'clear-smoke HEX' (6.1.2).")
        return t("Time advance: you may play Dig In, 'dig-in CARD HEX', or 'pass' (A32).")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        if frame["step"] == "smoke":
            acts = tuple(Action("clear-smoke", (h,)) for h in sorted(state.get("smoke", {})))
            return Prompt(role, self.text(game, state, frame, role), acts)
        dig = [Action("dig-in", (c, h)) for c in actioncards.held(state, role, "dig_in") for h in dig_in_hexes(game, state, role)]
        return Prompt(role, self.text(game, state, frame, role), (Action("pass"), *dig))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if frame["step"] == "smoke":
            if action.verb != "clear-smoke" or len(action.args) != 1:
                raise flow.refuse(action, ("clear-smoke",), self.step(game, state, frame), t("Syntax: clear-smoke HEX."))
            label = action.args[0]
            if label not in state.get("smoke", {}):
                raise IllegalOrder(t("{hex} holds no Smoke: remove one of {hexes}.", hex=label, hexes=", ".join(sorted(state["smoke"]))), "6.1.2")
            fortifications.remove_smoke(state, label, ctx, t("Time advance, 6.1.2"))
            frame["step"] = "dig"
            return
        if action.verb == "pass":
            if action.args:
                raise InvalidOrder(t("Syntax: pass (no card: the Dig In window lets the Time advance end)."))
            frame["passed"].append(role)
            ctx.log(t("{side} plays no more Dig In (A32).", side=role))
            if all(r in frame["passed"] for r in model.ROLES):
                flow.end(state)
            return
        if action.verb != "dig-in" or len(action.args) != 2:
            raise flow.refuse(action, ("dig-in", "pass"), self.step(game, state, frame), t("Syntax: dig-in [CARD] HEX, or pass."))
        cid, label = action.args
        dig_in(game, state, role, cid, label, ctx)


def dig_in(game: Any, state: State, role: Role, cid: str, label: Label, ctx: Context) -> None:
    """A32: Foxholes in a hex with friendly units, not Water, Blaze or a fortification."""
    board = rules_of(game).board_for(state)
    if label not in fortifications.friendly_hexes(state, role):
        raise IllegalOrder(t("Dig In places Foxholes in a hex with your units; {hex} has none.", hex=label), "A32")
    fortifications.check_fort_hex(board, state, label)
    c = actioncards.play(state, role, cid, "dig_in", "A32")
    ctx.reveal(t("{side} plays {card} for Dig In (A32).", side=role, card=cards.face(c)))
    fortifications.place_fort(board, state, label, "foxholes", ctx, t("Dig In, A32"))
