"""Hidden Mines and Hidden Wire against an Advance (A35.2, A35.5; digest 6.3 W2).

After each unit of an Advance order enters a hex (O16.1), the window opens for the inactive
player when he is in Defense posture and the hex may receive a fortification (not Water, no
Blaze, none there: F100.3, 8.1.5): public information only, never what his hand holds. Hidden
Mines attack every unit that has advanced into that hex in this order (ruling R51) with a single
attack roll, each of them defending (F103.1-2); units that were there before are immune (A35.2). Hidden Wire only
goes into the hex: an advance spends no MP (F106.2). Once the hex holds the fortification the
window closes (nothing more may go there, F100.3); the Advance order then goes on, and ends
with its melees if every unit has advanced.
"""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.errors import IllegalOrder
from engine.flow import Step
from engine.game import Action, Context, Role, State
from engine.games.combat_commander import (
    actioncards,
    cards,
    fortifications,
    hidden,
    melee,
    mines,
    verbnames,
)
from engine.games.combat_commander.common import NOT_YET, not_yet, rules_of
from engine.hexgrid import Label
from engine.text import Text, t


def advanced_into(state: State, order: flow.Frame, label: Label) -> list[str]:
    """The units of this Advance order now in ``label`` (R51: they all just advanced into it)."""
    return [u for u in order["advanced"] if state["units"].get(u, {}).get("hex") == label]


class AdvanceWindow(windows.ResponseWindow):
    name = hidden.ADVANCE_WINDOW
    rule = "A35.2"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("window after a unit Advances into a hex"), "A35.2")

    def question(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t("{unit} advanced into {hex}: Hidden Mines (A35.2), Hidden Wire (A35.5), or 'pass'.", unit=frame["mover"], hex=frame["hex"])

    def responses(self, game: Any, state: State, frame: flow.Frame, role: Role) -> list[Action]:
        return hidden.actions(rules_of(game), state, role, frame["hex"])

    def respond(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb not in hidden.HIDDEN:
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            raise flow.refuse(action, tuple(hidden.HIDDEN), self.step(game, state, frame), t("Possible now: {verbs}, or pass.", verbs=verbnames.listed(hidden.HIDDEN)))
        card_action, kind, rule = hidden.HIDDEN[action.verb]
        if state["sides"][role]["posture"] != "defense":
            raise IllegalOrder(t("Only the player in Defense posture plays the Hidden actions."), "A35")
        if len(action.args) != 1:
            raise IllegalOrder(t("Syntax: {verb} [CARD].", verb=action.verb), rule)
        g = rules_of(game)
        label = frame["hex"]
        board = g.board_for(state)
        fortifications.check_fort_hex(board, state, label)
        c = actioncards.play(state, role, action.args[0], card_action, rule)
        ctx.reveal(t("{side} plays {card} ({rule}).", side=role, card=cards.face(c), rule=rule))
        fortifications.place_fort(board, state, label, kind, ctx, t("Hidden action, {rule}", rule=rule))
        order = flow.stack(state)[-2]
        windows.close_window(state, frame)  # F100.3: nothing more may go into that hex
        if kind == "mines":
            # F103.1-2 (R51): one attack roll for every unit that advanced into the hex, held (9.1);
            # the order goes on once the attacks are over (``melee.AdvanceOrder.run``).
            order["after_mines"] = {"hidden": True}
            mines.start(state, [(label, advanced_into(state, order, label))])
            return
        finish_if_done(g, state, ctx)

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        super().handle(game, state, frame, role, action, ctx)
        if action.verb == "pass" and not state.get("over") and flow.stack(state) and flow.top(state) is not frame:
            finish_if_done(rules_of(game), state, ctx)


def finish_if_done(g: Any, state: State, ctx: Context) -> None:
    """Back in the Advance order: when every unit has advanced (or left the map), its melees follow (O16.4)."""
    order = flow.top(state)
    if order["proc"] != "advance_order":
        return
    if all(x in order["advanced"] or not state["units"][x]["hex"] for x in order["units"]):
        melee.finish_advance(rules_of(g), state, ctx)
