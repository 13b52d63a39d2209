"""Victory (E 18.1, E 18.2): the Turn Track's VP range cell by cell, its checks, the quiet game."""

import pytest

from engine import registry
from engine.games.schwerpunkt import effects, sequence
from engine.games.schwerpunkt.model import rules
from engine.kernel import KernelContext, Match
from tests.engine.games.schwerpunkt.helpers import new_match

LOW = [-20, -20, -18, -18, -16, -16, -15, -15, -14, -14, -13, -12, -11, -10, -9, -8, -7]
HIGH = [12, 14, 16, 18, 20, 22, 24, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6]
TURNS = range(1, 18)


def check(vp: int, turn: int) -> dict | None:
    """The scenario 2 Victory Check at the end of ``turn`` with ``vp`` VP and no objective held."""
    match = new_match("scenario2")
    match.state.update(turn=turn, vp=vp)
    sequence.victory_check(match.state, KernelContext("t", 0))
    return match.state.get("result")


@pytest.mark.parametrize("turn", TURNS)
def test_vp_range_cell(turn):
    """E 18.2: the Turn Track's provisional VP range of each turn, cell by cell."""
    vp_range = rules().tables["turns"]["vp_range"]
    assert (vp_range["low"][turn - 1], vp_range["high"][turn - 1]) == (LOW[turn - 1], HIGH[turn - 1])


@pytest.mark.parametrize("turn", TURNS)
def test_no_vp_lies_inside_every_range(turn):
    """E 18.2: 0 VP (nothing achieved by either side) is inside the range, with a margin, on every turn."""
    assert LOW[turn - 1] < 0 < HIGH[turn - 1]


def test_the_soviet_bound_rises_with_the_offensive_then_falls():
    """E 18.2: the Soviet bound peaks in turns 7-8 (the historical high tide) and falls to turn 17."""
    assert HIGH[:8] == sorted(HIGH[:8]) and HIGH[7:] == sorted(HIGH[7:], reverse=True)


def test_the_german_bound_rises_to_the_end():
    """E 18.2: the German bound is out of reach early and nearest 0 at turn 17."""
    assert LOW == sorted(LOW) and LOW[-1] == max(LOW)


@pytest.mark.parametrize("turn", TURNS)
def test_vp_above_the_range_is_a_soviet_win(turn):
    """E 18.2: the Soviet wins when the VP exceed the range."""
    assert check(HIGH[turn - 1] + 1, turn)["winner"] == "soviet"


@pytest.mark.parametrize("turn", TURNS)
def test_vp_below_the_range_is_a_german_win(turn):
    """E 18.2: the German wins when the VP are below the range."""
    assert check(LOW[turn - 1] - 1, turn)["winner"] == "german"


@pytest.mark.parametrize("turn", TURNS)
def test_vp_on_the_bounds_win_nothing(turn):
    """E 18.2: VP on either bound of the range win nothing."""
    assert check(HIGH[turn - 1], turn) is None and check(LOW[turn - 1], turn) is None


def test_zero_strength_gvr_scores_no_vp():
    """E 18.2: a zero-strength German Variable Reinforcement lost scores no VP (E 11.2)."""
    match = new_match("scenario2")
    effects.score_loss(match.state, "gvr-10", 1)
    assert match.state["vp"] == 0


def test_a_gvr_with_strength_scores_its_step():
    """E 18.2: a German Variable Reinforcement with strength lost is 1 VP to the Soviet."""
    match = new_match("scenario2")
    effects.score_loss(match.state, "gvr-01", 1)
    assert match.state["vp"] == 1


QUIET = ("c3i 0", "front done", "admin pass", "rochade pass", "fa done", "reinforce done", "replace done", "event pass", "order move-first", "end", "done")


def quiet_game(scenario: str) -> Match:
    """Both sides take every published default and spend no C3I, move nothing, attack nothing;
    a stack over the limit (a GVR placed on arrivals left where they entered) loses its cheapest unit."""
    game = registry.get("schwerpunkt")
    match = Match.new(game, scenario, game.options, "quiet")
    for _ in range(3000):
        if match.result() is not None:
            break
        role = sorted(match.active())[0]
        prompt = match.prompt(role)
        removals = [a for a in prompt.actions if a.verb == "remove"]
        if removals:
            state = match.state
            action = min(removals, key=lambda a: (len(rules().units[a.args[0]].steps) - int(state["units"][a.args[0]]["step"]), a.text))
        else:
            action = prompt.default or next(a for text in QUIET for a in prompt.actions if a.text == text)
        match.play(role, action)
    return match


def test_a_quiet_campaign_is_a_draw():
    """E 18.2: a campaign where nobody moves or attacks stays inside every range: a draw after turn 17."""
    match = quiet_game("scenario2")
    assert match.state["turn"] == 17 and match.result().winner is None


def test_a_quiet_scenario_one_is_a_draw():
    """E 18.1: with Soviet units west of the Donets at set-up and no city taken, a quiet scenario 1 is a draw."""
    match = quiet_game("scenario1")
    assert match.state["turn"] == 4 and match.result().winner is None
