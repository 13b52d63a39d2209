"""Rochade (E 8.1, E 8.31, E 15.12): from turn 7, once a game, in a Frozen turn, the German may
declare Rochade in Administrative step E. That turn he receives and spends no C3I (his saved C3I
stay), rolls the Activity Table's Rochade column in each of his activity phases instead, and may
bring up to five items (a unit, or a formation to one hex) out of Admin Box #2 in step 1 of his
administrative movement, in every phase of the turn (digest 8.1 item 9).
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.schwerpunkt.model import GERMAN, rules
from engine.text import Text, t

FROM_TURN = 7
#: E 15.12: items out of Admin Box #2 in a Rochade turn (one otherwise, E 15.1).
ITEMS = 5


def active(state: State) -> bool:
    """Whether this is the German's Rochade turn."""
    return bool(state.get("rochade_turn") == state["turn"])


def may_declare(state: State) -> bool:
    return state["turn"] >= FROM_TURN and state["weather"] == "frozen" and not state["rochade_used"]


def roll(state: State, frame: flow.Frame, ctx: Context) -> None:
    """E 8.31: the German rolls the Rochade column instead of spending C3I."""
    if not active(state) or frame["side"] != GERMAN:
        raise IllegalOrder(t("The Rochade column is rolled only by the German in the turn he declared Rochade."), "E 8.31")
    dice = ctx.roll(6, t("Activity (Rochade, E 8.31)")) + ctx.roll(6, t("Activity (Rochade, E 8.31)"))
    table = rules().tables["activity"]
    state["ap"][GERMAN] = int(table["rows"][str(dice)][table["columns"].index("rochade")])
    ctx.log(t("German: {ap} Activity Points on the Rochade column (E 8.31).", ap=state["ap"][GERMAN]))
    frame["step"] = frame["first"]


class Declaration(Procedure):
    """Administrative step E (E 4.2 I.E): the German declares Rochade or lets it pass (the default)."""

    name = "rochade"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Rochade declaration"), "E 8.1")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({GERMAN})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t("Rochade (E 8.1, once a game): 'rochade' to declare it this turn, or 'rochade pass' (the default).")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        return Prompt(role, self.text(game, state, frame, role), (Action("rochade", ("pass",)), Action("rochade")))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb != "rochade":
            raise flow.out_of_step(action.verb, self.step(game, state, frame))
        if action.args != ("pass",):
            state["rochade_used"] = True
            state["rochade_turn"] = state["turn"]
            ctx.log(t("The German declares Rochade for turn {turn}: no C3I this turn, the Rochade column in each of his phases, up to five items out of Admin Box #2 (E 8.31, E 15.12).", turn=state["turn"]))
        flow.end(state)


def rochade_step(state: State, ctx: Context) -> None:
    """Administrative step E: open the German's declaration when Rochade is possible."""
    if may_declare(state):
        flow.call(state, "rochade")
