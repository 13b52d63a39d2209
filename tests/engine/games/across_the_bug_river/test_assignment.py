"""The Assignment Segment (8.2): independents (5.5.2), detachments and isolated units (5.5.1)."""

import pytest

from engine.errors import IllegalOrder
from engine.games.across_the_bug_river import assignment
from tests.engine.games.across_the_bug_river.helpers import GAME, ctx, empty, play, put

RULES = GAME.rules


def segment(side="german"):
    """HQ-14pz (with I/36) at 1408, HQ-44id at 1505, the independent 1/191 (attached to 14pz) at 1407."""
    state = empty("campaign")
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-44id", "1505")
    put(state, "1/191", "1407")
    state["units"]["1/191"]["assigned"] = "14pz"
    put(state, "I/36", "1408")
    state["flow"] = [{"proc": "assignment", "side": side, "cut": []}]
    return state


def test_an_independent_reattaches_within_both_ranges():
    """5.5.2: an attached independent moves to another formation of its corps within both HQs' range."""
    state = segment()
    play(state, "german", "attach 1/191 44id")
    assert state["units"]["1/191"]["assigned"] == "44id"


def test_a_disorganised_unit_is_not_attached():
    """5.5.2: the unit must not be disorganised."""
    state = segment()
    state["units"]["1/191"]["disorganized"] = True
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attach 1/191 44id")
    assert err.value.rule == "5.5.2"


def test_an_independent_needs_the_new_hq_in_range():
    """5.5.2: the unit must be within the new HQ's command range."""
    state = segment()
    put(state, "HQ-44id", "2404")
    state["control"]["2404"] = "german"
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attach 1/191 44id")
    assert err.value.rule == "5.5.2"


def test_a_detachment_from_the_table():
    """5.5.1: the 14th Panzer Division may detach an AFV unit to the 44th Infantry Division."""
    state = segment()
    play(state, "german", "attach I/36 44id")
    assert state["units"]["I/36"]["assigned"] == "44id"


def test_a_detachment_not_in_the_table_is_refused():
    """5.5.1: only the listed detachments (the 14th Panzer Division detaches AFV units, not infantry, to the 44th)."""
    state = segment()
    put(state, "I/103", "1407")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attach I/103 44id")
    assert err.value.rule == "5.5.1"


def test_no_more_detached_than_the_table_allows():
    """5.5.1: the 44th Infantry Division detaches at most 1 infantry unit to the 14th Panzer Division at a time."""
    state = segment()
    put(state, "I/131", "1406")
    put(state, "II/131", "1406")
    play(state, "german", "attach I/131 14pz")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attach II/131 14pz")
    assert err.value.rule == "5.5.1"


def test_an_isolated_unit_returns_home_when_it_can():
    """5.5.1: an isolated unit attached away returns in the next segment that finds a path to its HQ."""
    state = segment()
    state["temporary"] = {"I/36": None}
    state["units"]["I/36"]["assigned"] = "44id"
    state["flow"] = [{"proc": "admin"}]
    assignment.begin(GAME, state, [], ctx())
    assert state["units"]["I/36"]["assigned"] is None and "I/36" not in state["temporary"]


def test_the_german_window_then_the_soviet_then_replacements():
    """8.2 then 8.3: 'pass' ends the German window; the Soviet one follows (or is skipped), then the Replacement Segment."""
    state = segment()
    state["turn"] = 2
    play(state, "german", "pass")
    assert state["flow"][-1]["proc"] in ("assignment", "replacement", "ops", "choose")
    assert not (state["flow"][-1]["proc"] == "assignment" and state["flow"][-1]["side"] == "german")
