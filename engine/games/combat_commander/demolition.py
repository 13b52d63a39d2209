"""Demolition (A31): when the opponent discards one or more cards by passing (O15), a player may
eliminate a fortification in a hex holding his units.

The window opens after every Pass that discarded a card, whether or not the player holds a
Demolition card (public information only); it is also where Hidden Units (A35.4) belongs.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import actioncards, cards, fortifications, model
from engine.games.combat_commander.common import NOT_YET, not_yet
from engine.hexgrid import Label
from engine.text import t


def open_window(state: State, passer: Role) -> None:
    flow.call(state, "demolition_window", passer=passer)


def demolition_hexes(state: State, role: Role) -> list[Label]:
    """Hexes with a fortification and friendly units (A31; a fortification is nobody's, Glossary)."""
    return [h for h in fortifications.friendly_hexes(state, role) if fortifications.fort_at(state, h) is not None]


class DemolitionWindow(Procedure):
    name = "demolition_window"
    rule = "A31"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("window after a Pass with discards"), "A31")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({model.other(frame["passer"])})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        return t("{side} passed and discarded: you may play Demolition, 'demolition CARD HEX', or 'pass' (A31).", side=frame["passer"])

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        acts = [Action("pass")]
        acts += [Action("demolition", (c, h)) for c in actioncards.held(state, role, "demolition") for h in demolition_hexes(state, role)]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb == "pass":
            if action.args:
                raise InvalidOrder(t("Syntax: pass (no card: it lets the window go)."))
            ctx.log(t("{side} plays no Demolition (A31).", side=role))
            flow.end(state)
            return
        if action.verb != "demolition" or len(action.args) != 2:
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            raise flow.refuse(action, ("demolition", "pass"), self.step(game, state, frame), t("Syntax: demolition [CARD] HEX, or pass."))
        cid, label = action.args
        if label not in fortifications.friendly_hexes(state, role):
            raise IllegalOrder(t("Demolition eliminates a fortification in a hex with your units; {hex} has none (A31).", hex=label), "A31")
        if fortifications.fort_at(state, label) is None:
            raise IllegalOrder(t("{hex} holds no fortification (F100.2).", hex=label), "F100.2")
        c = actioncards.play(state, role, cid, "demolition", "A31")
        ctx.reveal(t("{side} plays {card} for Demolition (A31).", side=role, card=cards.face(c)))
        fortifications.remove_fort(state, label, ctx, t("Demolition, A31"))
