"""The Action Round and the oil count hold only the values the rules allow: a referee's 'set'
outside them is refused by the invariants (and never reaches the store)."""

from __future__ import annotations

import copy

import pytest

from engine.errors import InvariantViolation, OrderError
from tests.engine.games.stalins_war.flow_helpers import GAME, new_match, ref


@pytest.mark.parametrize("ar", [0, -1, 6, 99999999999999999999, "2", 2.5])
def test_an_action_round_outside_1_to_5_breaks_an_invariant(ar: object) -> None:
    """6.0A: a turn has five Action Rounds, AR1 to AR5; another value is refused."""
    state = copy.deepcopy(new_match().state)
    state["ar"] = ar
    with pytest.raises(InvariantViolation, match="6.0A"):
        GAME.check_invariants(state)


@pytest.mark.parametrize("ar", [1, 5])
def test_every_action_round_of_a_turn_holds(ar: int) -> None:
    """6.0A: AR1 and AR5 are both rounds of a turn."""
    state = copy.deepcopy(new_match().state)
    state["ar"] = ar
    GAME.check_invariants(state)


@pytest.mark.parametrize("streak", [-1, 3, 99999999999999999999, "1"])
def test_an_oil_streak_outside_0_to_2_breaks_an_invariant(streak: object) -> None:
    """5.1.2: the Axis wins on holding every oil hex at two consecutive End of Turn phases: the count runs 0 to 2."""
    state = copy.deepcopy(new_match().state)
    state["oil_streak"] = streak
    with pytest.raises(InvariantViolation, match="5.1.2"):
        GAME.check_invariants(state)


def test_an_oil_streak_of_one_holds() -> None:
    """5.1.2: one End of Turn phase with every oil hex held is a count the game keeps."""
    state = copy.deepcopy(new_match().state)
    state["oil_streak"] = 1
    GAME.check_invariants(state)


def test_the_referee_cannot_set_a_huge_action_round() -> None:
    """6.0A: 'set ar 99999999999999999999' is refused and the campaign keeps its round."""
    m = new_match()
    before = m.state["ar"]
    with pytest.raises(OrderError):
        ref(m, "set ar 99999999999999999999")
    assert m.state["ar"] == before
