"""The Time, Sudden Death, VP, turn and order tracks hold only the values the rules allow: a
referee's 'set' outside them is refused by the invariants (and never reaches the store, R64)."""

from __future__ import annotations

import copy

import pytest

from engine.errors import InvariantViolation, OrderError
from engine.game import Override
from tests.engine.games.combat_commander.helpers import GAME, new_match

HUGE = 99999999999999999999


def broken(key: str, value: object, rule: str) -> None:
    state = copy.deepcopy(new_match().state)
    state[key] = value
    with pytest.raises(InvariantViolation, match=rf"\({rule}\)"):
        GAME.check_invariants(state)


def holds(key: str, value: object) -> None:
    state = copy.deepcopy(new_match().state)
    state[key] = value
    GAME.check_invariants(state)


@pytest.mark.parametrize("time", [-1, 14, HUGE, "3", True])
def test_a_time_off_the_track_breaks_an_invariant(time: object) -> None:
    """6.1: the Time marker stands on a space from 0 to 13 (at 13 every Sudden Death roll ends the game, 6.2.2)."""
    broken("time", time, "6.1")


@pytest.mark.parametrize("time", [0, 13])
def test_every_time_space_holds(time: int) -> None:
    """6.1: spaces 0 and 13 are both on the Time track."""
    holds("time", time)


@pytest.mark.parametrize("space", [0, 14, HUGE])
def test_a_sudden_death_space_off_the_track_breaks_an_invariant(space: object) -> None:
    """6.2: the Sudden Death marker stands on a space from 1 to 13."""
    broken("sudden_death", space, "6.2")


@pytest.mark.parametrize("vp", [-100, 100, HUGE, -HUGE, 1.5])
def test_a_score_beyond_99_breaks_an_invariant(vp: object) -> None:
    """4.1: the net VP score runs from -99 to 99."""
    broken("vp", vp, "4.1")


@pytest.mark.parametrize("vp", [-99, 99])
def test_a_score_of_99_either_way_holds(vp: int) -> None:
    """4.1: 99 for either side is still on the VP track."""
    holds("vp", vp)


@pytest.mark.parametrize("turns", [0, -1, 10000, HUGE])
def test_a_turn_count_out_of_range_breaks_an_invariant(turns: object) -> None:
    """5: the player turns are counted from 1 to 9999."""
    broken("turns", turns, "5")


@pytest.mark.parametrize("orders", [-1, 99, HUGE])
def test_orders_beyond_the_capacity_break_an_invariant(orders: object) -> None:
    """5.1: the orders given this turn run from 0 to the order capacity."""
    broken("orders", orders, "5.1")


def test_orders_up_to_the_capacity_hold() -> None:
    """5.1: as many orders as the capacity is a turn the rules allow."""
    state = copy.deepcopy(new_match().state)
    state["orders"] = max(int(s["capacity"]) for s in state["sides"].values())
    GAME.check_invariants(state)


@pytest.mark.parametrize("key", ["time", "sudden_death", "turns", "orders", "vp"])
def test_the_referee_cannot_set_a_huge_track_value(key: str) -> None:
    """A referee's 'set KEY 99999999999999999999' is refused and the track keeps its value."""
    m = new_match()
    before = m.state[key]
    with pytest.raises(OrderError):
        m.override(Override("set", (key, str(HUGE)), "test"))
    assert m.state[key] == before


def test_the_time_override_cannot_pass_the_track() -> None:
    """6.1: the referee's 'time 14' is refused like a 'set'."""
    m = new_match()
    with pytest.raises(OrderError):
        m.override(Override("time", ("14",), "test"))
    assert m.state["time"] == 0
