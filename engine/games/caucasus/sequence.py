"""The sequence of play (3.0) as a script of steps run by the ``turn`` procedure.

A turn: Axis Initial Phase; Axis Primary Impulse (movement, combat); Soviet Secondary Impulse
and Axis Secondary Impulse (skipped in bad weather); Axis Supply Phase; Soviet Initial Phase;
Soviet Primary Impulse; Soviet Supply Phase; Victory Check. Steps that need a decision call a
procedure and the script resumes when it ends.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.game import Context, State
from engine.games.caucasus import initial, rail, supplyphase, victory, words
from engine.games.caucasus.model import AXIS, SOVIET
from engine.text import Text, t

STEPS: tuple[tuple[str, ...], ...] = (
    ("start_turn",),
    ("initial", AXIS),
    ("impulse", AXIS, "primary", "movement"),
    ("impulse", AXIS, "primary", "combat"),
    ("impulse", SOVIET, "secondary", "movement"),
    ("impulse", SOVIET, "secondary", "combat"),
    ("impulse", AXIS, "secondary", "movement"),
    ("impulse", AXIS, "secondary", "combat"),
    ("supply", AXIS),
    ("initial", SOVIET),
    ("impulse", SOVIET, "primary", "movement"),
    ("impulse", SOVIET, "primary", "combat"),
    ("supply", SOVIET),
    ("victory",),
)

#: The orders of the Movement and Combat Phases of an impulse (refused with the rule that skipped it).
IMPULSE_VERBS = (
    "move", "assault", "replace", "eliminate", "hq-remove", "attack", "mobile", "rail", "naval",
    "land", "train", "flotilla", "merge", "ae", "rebuild",
)

PER_PHASE_FLAGS = ("moved", "mp_spent", "attacked", "defended", "retreated", "rail_moved", "naval_moved")
_PHASE_RESET = {key: 0 if key == "mp_spent" else False for key in PER_PHASE_FLAGS}  # what each flag starts a phase at


def phase_title(state: State) -> Text:
    """The phase being played ("Axis primary movement"), in the reader's language: the rulebook's
    Impulso Primario / Secondario, Fase Iniziale, Fase di Rifornimento in Italian."""
    ph = state["phase"]
    side = str(ph["side"]).capitalize()
    impulse, step = str(ph["impulse"]), str(ph["step"])
    titles = {
        ("setup", ""): t("{side} setup", side=side),
        ("initial", ""): t("{side} initial", side=side),
        ("primary", "movement"): t("{side} primary movement", side=side),
        ("primary", "combat"): t("{side} primary combat", side=side),
        ("secondary", "movement"): t("{side} secondary movement", side=side),
        ("secondary", "combat"): t("{side} secondary combat", side=side),
        ("supply", ""): t("{side} supply", side=side),
        ("victory", ""): t("{side} victory", side=side),
    }
    return titles.get((impulse, step)) or t("{side} {impulse} {step}", side=side, impulse=impulse, step=step)


class Turn(flow.Procedure):
    """Runs the steps of the current turn in order; waits while a called procedure runs."""

    name = "turn"
    auto = True

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        i = int(frame.get("i", 0))
        if i >= len(STEPS):
            if state["turn"] >= state["last_turn"] or state.get("outcome"):
                flow.end(state)
                return
            state["turn"] += 1
            frame["i"] = 0
            return
        frame["i"] = i + 1
        step = STEPS[i]
        kind = step[0]
        if state.get("outcome"):
            frame["i"] = len(STEPS)
            state["last_turn"] = state["turn"]
            return
        if kind == "start_turn":
            flow.forget_closed(state)  # what the engine closed last turn is old news
            for u in state["units"].values():
                u.pop("placed", None)  # the referee's mark of a unit placed last turn (history.py)
            ctx.log(t("Turn {turn} begins.", turn=state["turn"]))
        elif kind == "initial":
            state["phase"] = {"side": step[1], "impulse": "initial", "step": ""}
            initial.run(game, state, step[1], ctx)
        elif kind == "impulse":
            side, impulse, part = step[1], step[2], step[3]
            if impulse == "secondary" and state["weather"] == "bad":
                if part == "movement":
                    ctx.log(t("Bad weather: no {side} Secondary Impulse (4.8).", side=side.capitalize()))
                    flow.close(
                        state,
                        flow.Step(t("{side} Secondary Impulse", side=side.capitalize()), "4.8"),
                        t("the weather is bad, so the engine skipped it"),
                        roles=[side],
                        verbs=IMPULSE_VERBS,
                    )
                return
            begin_phase(game, state, side, impulse, part, ctx)
        elif kind == "supply":
            state["phase"] = {"side": step[1], "impulse": "supply", "step": ""}
            supplyphase.run(game, state, step[1], ctx)
        elif kind == "victory":
            state["phase"] = {"side": AXIS, "impulse": "victory", "step": ""}
            victory.check(game, state, ctx)


def begin_phase(game: Any, state: State, side: str, impulse: str, part: str, ctx: Context) -> None:
    state["phase"] = {"side": side, "impulse": impulse, "step": part}
    # A new phase of the side makes the steps closed before it old news, and so does a new phase
    # for every combat decision of the phase before.
    flow.forget_closed(state, roles=[side])
    flow.forget_closed(state, scope="combat")
    if part == "movement":
        # Air Support markers of both sides flip to Ready at the start of every impulse (16.11).
        for marker in state["air"].values():
            if marker.get("available"):
                marker["ready"] = True
        state["flags"]["rail_used"] = []
        state["flags"]["naval_used"] = []
        # Rail hexes usable this phase are fixed at its start (7.22).
        state["flags"]["rail_usable"] = {side: sorted(rail.usable_rail_hexes(game.rules, state, side))}
    for u in state["units"].values():
        u.update(_PHASE_RESET)
    state["last"] = {}
    ctx.log(t("{phase} Phase.", phase=words.phase(state["phase"])))
    flow.call(state, part, side=side, impulse=impulse)


class Setup(flow.Procedure):
    """Both sides may adjust their free set-up (20.1, 20.2), then say ``ready``."""

    name = "setup"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("free set-up before the game"), "20.1")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset(r for r in (AXIS, SOVIET) if not frame.get(r))

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Any:
        return initial.setup_prompt(game, state, role)

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Any, ctx: Context) -> None:
        if action.verb == "ready":
            initial.check_setup_complete(game, state, role)
            frame[role] = True
            ctx.log(t("{side} has finished setting up.", side=role.capitalize()))
            if frame.get(AXIS) and frame.get(SOVIET):
                flow.goto(state, "turn", i=2)  # the Axis Initial Phase of turn 1 is skipped (20.3)
                ctx.log(t("Turn 1 begins."))
        elif action.verb == "setup":
            initial.setup_move(game, state, role, action.args[0], action.args[1], ctx)
        else:
            raise flow.out_of_step(action.verb, self.step(game, state, frame), t("Possible now: {verbs}.", verbs="setup, ready"))
