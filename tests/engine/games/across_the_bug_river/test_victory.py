"""Victory points of scenario 2 and the campaign (11.2, 11.3): map exit and conditional VP hexes."""

from fractions import Fraction

import pytest

from engine.errors import IllegalOrder
from engine.games.across_the_bug_river import victory
from engine.games.across_the_bug_river.admin import victory_points
from tests.engine.games.across_the_bug_river.helpers import GAME, activating, ctx, empty, play, put

RULES = GAME.rules


def at_the_edge(scenario="scenario2"):
    """I/50 (111th Infantry Division, 4 steps) on the east edge at 5413, its HQ at Torchyn (5213)."""
    state = empty(scenario)
    put(state, "HQ-111id", "5213")
    put(state, "I/50", "5413")
    activating(state, "german", "111id", 5)
    return state


def test_a_unit_exits_through_the_soviet_east_area_for_vp():
    """11.2: 1/20 VP per strength point of a 111th/299th unit leaving through the Soviet East supply area."""
    state = at_the_edge()
    before = victory_points(RULES, state)
    play(state, "german", "exit I/50")
    assert state["units"]["I/50"]["hex"] is None
    assert victory_points(RULES, state) - before == Fraction(4, 20)
    assert state["ap"]["german"] == 4


def test_only_the_111th_and_299th_exit():
    """11.2: units of other formations do not exit the map."""
    state = at_the_edge()
    put(state, "I/36", "5412")
    activating(state, "german", "14pz", 5)
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "exit I/36")
    assert err.value.rule == "11.2"


def test_an_exit_needs_the_unit_in_command_range():
    """11.2: the unit must be in command range when it exits."""
    state = at_the_edge()
    put(state, "HQ-111id", "4420")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "exit I/50")
    assert err.value.rule == "11.2"


def test_an_exit_only_from_the_east_edge():
    """11.2: the exit is through the Soviet East supply area's edge."""
    state = at_the_edge()
    put(state, "I/50", "5313")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "exit I/50")
    assert err.value.rule == "11.2"


def test_no_exit_in_scenario_1():
    """11.1: scenario 1 has no map exit."""
    state = at_the_edge()
    state["scenario"] = "scenario1"
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "exit I/50")
    assert err.value.rule == "11.2"


def test_the_cities_score_in_the_campaign_only_if_held_at_the_end_of_turn_3():
    """11.3: Volodymyr-Volynskyi held at the end of turn 3 scores its conditional VP for good."""
    state = empty("campaign")
    state["control"]["2707"] = "german"
    state["turn"] = 3
    victory.score_conditional(RULES, state, ctx())
    assert state["conditional"] == {"2707": state["vp_hexes"]["2707"]}
    state["control"]["2707"] = "soviet"
    assert victory.extra(state) == state["vp_hexes"]["2707"]


def test_a_city_taken_after_its_turn_scores_nothing():
    """11.3: Lokachi counts only if held by the end of turn 4; at game end it does not count."""
    state = empty("campaign")
    state["turn"] = 5
    state["control"]["3913"] = "german"
    victory.score_conditional(RULES, state, ctx())
    assert "3913" not in state.get("conditional", {})
    assert not victory.counts_at_end(RULES, state, "3913")


def test_scenario_2_counts_only_unconditional_vp_hexes():
    """11.2: Poryts'k and Lokachi (conditional city hexes) give no VP in scenario 2."""
    state = empty("scenario2")
    base = victory_points(RULES, state)
    state["control"]["3218"] = "german"
    assert victory_points(RULES, state) == base


def test_german_units_out_of_command_or_isolated_count_with_the_destroyed():
    """9: the German loses 1 VP for every three German units destroyed, out of command or isolated."""
    state = empty("scenario1")
    put(state, "HQ-14pz", "1408")
    put(state, "II/36", "1407")
    put(state, "I/103", "1308")
    in_command = victory_points(RULES, state)
    state["destroyed"].append("II/108")
    put(state, "II/36", "2412")  # beyond 14pz's command range of 6
    put(state, "I/103", "2404")
    assert victory_points(RULES, state) == in_command - 1
