"""The turn, interdiction and Counterattack Order tracks hold only the values the rules allow:
a referee's 'set' outside them is refused by the invariants (and never reaches the store)."""

import pytest

from engine.errors import InvariantViolation
from tests.engine.games.across_the_bug_river.helpers import GAME, fresh


@pytest.mark.parametrize("turn", [0, -1, 4, 99999999999999999999])
def test_a_turn_outside_the_scenario_breaks_an_invariant(turn):
    """Scenario 1 is played on turns 1 to 3 (Turn Record Track, 2): another turn is refused."""
    state = fresh()
    state["turn"] = turn
    with pytest.raises(InvariantViolation, match="turn"):
        GAME.check_invariants(state)


def test_a_last_turn_other_than_the_scenario_s_breaks_an_invariant():
    """The last turn is the scenario's (scenario 1: turn 3): another one is refused."""
    state = fresh()
    state["last_turn"] = 99999999999999999999
    with pytest.raises(InvariantViolation, match="turn"):
        GAME.check_invariants(state)


def test_a_turn_of_scenario_2_starts_at_5():
    """Scenario 2 is played on turns 5 to 7: turn 5 holds, turn 1 is refused."""
    state = fresh("scenario2")
    GAME.check_invariants(state)
    state["turn"] = 1
    with pytest.raises(InvariantViolation, match="turn"):
        GAME.check_invariants(state)


@pytest.mark.parametrize("level", [-1, 3, 99999999999999999999])
def test_an_interdiction_level_outside_0_to_2_breaks_an_invariant(level):
    """8.1.2: the interdiction level is 0, 1 or 2."""
    state = fresh()
    state["interdiction"] = level
    with pytest.raises(InvariantViolation, match="8.1.2"):
        GAME.check_invariants(state)


@pytest.mark.parametrize("orders", [-1, 3])
def test_counterattack_orders_beyond_the_scenario_s_break_an_invariant(orders):
    """9: the Soviet holds 0 to the scenario's Counterattack Orders (scenario 1: 2)."""
    state = fresh()
    state["counterattack"] = orders
    with pytest.raises(InvariantViolation, match="Counterattack"):
        GAME.check_invariants(state)


@pytest.mark.parametrize("vp", ["abc", "1/0", "99999999999999999999", "-1000", 12, None, "1" * 40])
def test_a_german_vp_that_is_no_number_in_range_breaks_an_invariant(vp):
    """9: the German VP is the text of a number (fractions allowed) within -999..999; anything else is refused, never kept to crash the verdict."""
    state = fresh()
    state["vp"] = vp
    with pytest.raises(InvariantViolation, match="VP"):
        GAME.check_invariants(state)


@pytest.mark.parametrize("vp", ["0", "12", "7/2", "-3"])
def test_a_german_vp_as_the_rules_count_it_holds(vp):
    """9: whole numbers and fractions (a destroyed Soviet step counts 1/15 or 1/30) hold."""
    state = fresh()
    state["vp"] = vp
    GAME.check_invariants(state)
