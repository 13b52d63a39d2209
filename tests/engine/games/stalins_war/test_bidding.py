"""The bid (21.0) is a whole number of automatic RP paid at most 3 a turn from turn 2: a bid the
scenario's turns cannot pay, a negative bid or a bid for no side is refused at creation, naming
the range accepted."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.stalins_war.model import AXIS, SOVIET
from tests.engine.games.stalins_war.flow_helpers import new_match


@pytest.mark.parametrize("bid", [-1, 49, 100000000000000000000])
def test_21_0_a_bid_for_the_axis_the_campaign_cannot_pay_is_refused(bid: int) -> None:
    """21.0: 3 + the bid, paid 3 a turn from turn 2 to turn 18, is at most 51 RP: a bid of 0 to 48."""
    with pytest.raises(IllegalOrder, match="0 to 48") as found:
        new_match(bid_for="axis", bid=bid)
    assert found.value.rule == "21.0"


def test_21_0_the_largest_axis_bid_is_paid_by_the_last_turn() -> None:
    """21.0: a bid of 48 for the Axis gives the Soviet 3 RP on every turn from 2 to 18."""
    m = new_match(bid_for="axis", bid=48)
    assert m.state["rp_schedule"][SOVIET] == {str(turn): 3 for turn in range(2, 19)}


def test_21_0_a_bid_for_the_soviet_may_reach_the_axis_s_whole_payment() -> None:
    """21.0: a bid of 54 for the Soviet gives the Axis 3 RP on every turn from 2 to 18; 55 is refused."""
    m = new_match(bid_for="soviet", bid=54)
    assert m.state["rp_schedule"][AXIS] == {str(turn): 3 for turn in range(2, 19)}
    with pytest.raises(IllegalOrder, match="0 to 54"):
        new_match(bid_for="soviet", bid=55)


def test_21_0_the_tournament_s_eight_turns_pay_a_smaller_bid() -> None:
    """21.0 and 22.0: the Tournament ends at turn 8, so 3 a turn pays 21 RP: a bid for the Axis of 0 to 18."""
    new_match(scenario="tournament", bid_for="axis", bid=18)
    with pytest.raises(IllegalOrder, match="0 to 18"):
        new_match(scenario="tournament", bid_for="axis", bid=19)


def test_21_0_a_bid_for_no_side_is_refused() -> None:
    """21.0: the bid is made for the Axis or the Soviet."""
    with pytest.raises(IllegalOrder, match="axis or soviet") as found:
        new_match(bid_for="germany", bid=2)
    assert found.value.rule == "21.0"
