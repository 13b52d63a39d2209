"""The 41st Tank Division reserves (10.5)."""

from engine import stacks
from engine.games.across_the_bug_river import reserves
from engine.games.across_the_bug_river.game import POLICY
from tests.engine.games.across_the_bug_river.helpers import GAME, ctx, empty, put

RULES = GAME.rules


def near_north(scenario="campaign"):
    """A German unit 3 hexes from the Soviet North supply area on turn 2."""
    state = empty(scenario)
    state["turn"] = 2
    put(state, "I/36", "3603")
    return state


def test_a_german_unit_near_the_north_area_calls_the_reserves():
    """10.5: a German unit within 5 hexes of the Soviet North supply area before turn 6 brings 3 units next turn."""
    state = near_north()
    reserves.check(GAME, state, ctx())
    assert set(reserves.UNITS) <= set(state["pending"]["3"])
    assert state["reserves"]["turn"] == 3


def test_the_reserves_come_once():
    """10.5: the reserves arrive once, however often the condition holds."""
    state = near_north()
    reserves.check(GAME, state, ctx())
    reserves.check(GAME, state, ctx())
    assert state["pending"]["3"].count("1/I/82") == 1


def test_no_reserves_from_turn_6():
    """10.5: only before turn 6."""
    state = near_north()
    state["turn"] = 6
    reserves.check(GAME, state, ctx())
    assert state.get("reserves") is None


def test_no_reserves_in_scenario_1():
    """10.5 / 11.1: scenario 1 does not use rule 10.5."""
    state = empty("scenario1")
    put(state, "I/36", "3303")
    reserves.check(GAME, state, ctx())
    assert state.get("reserves") is None


def test_a_removed_41st_hq_returns_with_them():
    """10.5: the removed 41st Tank Division HQ returns with the reserves at activation level 4 (the track's top if lower)."""
    state = near_north()
    reserves.check(GAME, state, ctx())
    assert state["reserves"]["hq"] is True
    state["units"]["1/I/82"]["hex"] = "3600"
    stacks.place(POLICY, state, state["units"], "1/I/82", "3600")
    reserves.check(GAME, state, ctx())
    assert state["units"]["HQ-41td"]["hex"] is not None
    assert state["formations"]["41td"]["level"] == min(4, RULES.formations["41td"].max_level)
