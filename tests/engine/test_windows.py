"""Response windows and held rolls (engine/windows.py), on a toy card game: who answers first,
several responses, the published default, a point never reopened, a roll cancelled with
everything it would have caused, and the undo barrier after a roll."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from engine import flow, windows
from engine.errors import IllegalOrder
from engine.flow import Frame, Procedure, ProcedureGame
from engine.game import Action, Context, Prompt, Role, ScenarioInfo, State
from engine.kernel import Match
from engine.text import t


class Turn(Procedure):
    """``attack``: a window (b first, then a), then a held roll, then the roll's consequences."""

    name = "turn"

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({"a"})

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        return Prompt(role, t("Attack."), (Action("attack"),))

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        frame.pop("answered", None)  # a new attack is a new trigger point
        windows.open_window(state, "window", "before-roll", ["b", "a"])

    def automatic(self, frame: Frame) -> bool:
        return bool(frame.get("resumed"))

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        frame["resumed"] = False
        back = frame.pop("returned")
        if "point" in back:
            windows.hold_roll(state, "held_roll", "a", "attack")
            return
        roll = back["roll"]
        state["results"].append(roll["value"])
        if roll["trigger"]:
            state["triggered"] += 1


class Window(windows.ResponseWindow):
    def responses(self, game: Any, state: State, frame: Frame, role: Role) -> list[Action]:
        return [Action("bonus")]

    def respond(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb != "bonus":
            raise IllegalOrder(t("Only bonus."), "T.1")
        state["bonus"].append(role)


class Held(windows.HeldRoll):
    def draw(self, game: Any, state: State, frame: Frame, ctx: Context) -> Any:
        value = ctx.roll(6, t("Attack"))
        ctx.reveal(t("Rolled {value}.", value=value))
        return {"value": value, "trigger": value == 6}

    def canceller(self, game: Any, state: State, frame: Frame) -> Role | None:
        return state["holder"] or None

    def cancel(self, game: Any, state: State, frame: Frame, role: Role, ctx: Context) -> None:
        state["holder"] = "a" if role == "b" else "b"


class Toy(ProcedureGame):
    name = "toy_windows"
    roles = ("a", "b")
    scenarios = {"basic": ScenarioInfo("basic", "basic")}
    procedures = {"turn": Turn(), "window": Window(), "held_roll": Held()}

    def setup(self, scenario: str, options: Mapping[str, Any], ctx: Context) -> State:
        state: State = {"bonus": [], "results": [], "triggered": 0, "holder": "b"}
        flow.call(state, "turn")
        return state

    def parse(self, state: State, role: Role, line: str) -> Action:
        return Action(line.split()[0], tuple(line.split()[1:]))

    def apply(self, state: State, role: Role, action: Action, ctx: Context) -> State:
        self.dispatch(state, role, action, ctx)
        return state

    def view(self, state: State, viewer: Role) -> dict[str, Any]:
        return dict(state)

    def result(self, state: State) -> None:
        return None

    def status(self, state: State, viewer: Role) -> Any:
        return t("Toy.")

    def holdings(self, state: State, role: Role) -> Any:
        return t("Nothing.")

    def override(self, state: State, override: Any, ctx: Context) -> State:
        return state

    def check_invariants(self, state: State) -> None:
        return None


def match() -> Match:
    game = Toy()
    return Match.new(game, "basic", {}, "windows")


def test_the_inactive_player_answers_first_with_several_responses():
    """The window asks b (listed first) before a, and b may respond several times before passing."""
    m = match()
    m.play("a", Action("attack"))
    assert m.active() == {"b"}
    m.play("b", Action("bonus"))
    m.play("b", Action("bonus"))
    assert m.active() == {"b"}
    m.play("b", Action("pass"))
    assert m.active() == {"a"}
    assert m.state["bonus"] == ["b", "b"]


def test_the_active_player_cannot_answer_before_the_inactive_one():
    """While b answers, a's response is refused as out of turn."""
    m = match()
    m.play("a", Action("attack"))
    with pytest.raises(IllegalOrder):
        m.play("a", Action("bonus"))


def test_every_window_prompt_publishes_pass_as_its_default():
    """The window's prompt carries 'pass' as the default and lists it."""
    m = match()
    m.play("a", Action("attack"))
    p = m.game.prompt(m.state, "b")
    assert p.default == Action("pass") and Action("pass") in p.actions


def test_a_point_answered_by_the_active_player_is_not_reopened():
    """Once the last role passed, the window ends and open_window refuses the same point."""
    m = match()
    m.play("a", Action("attack"))
    m.play("b", Action("pass"))
    m.play("a", Action("pass"))
    assert flow.top(m.state)["proc"] == "held_roll"
    caller = m.state["flow"][0]
    assert windows.answered(caller, "before-roll")
    state = m.state
    assert windows.open_window({"flow": [caller]}, "window", "before-roll", ["b", "a"]) is None
    assert flow.top(state)["proc"] == "held_roll"


def test_no_roles_opens_no_window():
    """A window with nobody to answer is not opened."""
    state: State = {"flow": [{"proc": "turn"}]}
    assert windows.open_window(state, "window", "x", []) is None
    assert flow.depth(state) == 1


def test_a_held_roll_waits_for_the_canceller_and_applies_nothing_before():
    """The roll is drawn and shown, but its consequences wait for the holder's decision."""
    m = match()
    m.play("a", Action("attack"))
    m.play("b", Action("pass"))
    m.play("a", Action("pass"))
    assert m.active() == {"b"}
    assert m.state["results"] == [] and m.game.prompt(m.state, "b").default == Action("accept")
    m.play("b", Action("accept"))
    assert len(m.state["results"]) == 1


def test_cancelling_rerolls_and_nothing_of_the_first_roll_is_applied():
    """reroll: the holder's cost is paid, a new roll is drawn and held for the new holder, and only the accepted roll counts."""
    m = match()
    m.play("a", Action("attack"))
    m.play("b", Action("pass"))
    m.play("a", Action("pass"))
    first = m.state["flow"][-1]["roll"]
    m.state["flow"][-1]["roll"] = {"value": 6, "trigger": True}  # a roll whose trigger would fire
    m.play("b", Action("reroll"))
    assert m.state["holder"] == "a" and m.active() == {"a"}
    held = m.state["flow"][-1]
    assert held["cancelled"] == 1 and held["roll"] is not None and first is not None
    m.play("a", Action("accept"))
    assert m.state["triggered"] == (1 if m.state["results"][0] == 6 else 0)
    assert len(m.state["results"]) == 1


def test_without_a_canceller_the_roll_is_applied_at_once():
    """Nobody may cancel: the held roll ends by itself and the caller applies it."""
    m = match()
    m.state["holder"] = ""
    m.play("a", Action("attack"))
    m.play("b", Action("pass"))
    m.play("a", Action("pass"))
    assert len(m.state["results"]) == 1 and flow.depth(m.state) == 1


def test_a_held_roll_is_behind_an_undo_barrier():
    """The order that drew the roll cannot be taken back once the roll is seen."""
    m = match()
    m.play("a", Action("attack"))
    m.play("b", Action("pass"))
    m.play("a", Action("pass"))
    with pytest.raises(IllegalOrder):
        m.undo("a")


def test_the_published_default_is_what_a_deadline_applies():
    """Game.default_action reads the prompt's default: 'pass' in a window, 'accept' for a held roll."""
    m = match()
    m.play("a", Action("attack"))
    assert m.game.default_action(m.state, "b") == Action("pass")
    m.play("b", Action("pass"))
    m.play("a", Action("pass"))
    assert m.game.default_action(m.state, "b") == Action("accept")
