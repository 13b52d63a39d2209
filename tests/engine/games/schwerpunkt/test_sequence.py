"""The sequence of play: turn 1, C3I and Activity Points, Front markers, phases by weather."""

import pytest

from engine.errors import IllegalOrder, OrderError
from engine.games.schwerpunkt import sequence
from tests.engine.games.schwerpunkt.helpers import fix_dice, new_match, to_movement


def test_turn_one_opens_with_the_soviet_front_markers():
    """E 18.0: turn 1 begins with a Soviet phase (step A: the Front markers, E 14.2)."""
    match = new_match()
    assert match.active() == frozenset({"soviet"})
    assert "Front markers" in str(match.prompt_text("soviet"))


def test_starting_c3i():
    """E 18.0: the Soviet starts with 5 C3I, the German with 2; AP and VP at 0."""
    state = new_match().state
    assert state["c3i"] == {"soviet": 5, "german": 2}
    assert state["vp"] == 0 and set(state["ap"].values()) == {0}


def test_turn_one_has_no_administrative_movement():
    """E 18.0: no administrative movement on turn 1: after the Fronts comes the order declaration."""
    match = new_match()
    match.submit("soviet", "front done")
    assert "order" in str(match.prompt_text("soviet"))


def test_spending_two_c3i_with_ten_gives_twelve_ap():
    """S 7.2: the example: 2 C3I and a roll of 10 give 12 AP, split 6/6 between the Fronts (E 9.0)."""
    match = new_match()
    to_movement(match, "soviet", c3i=2, dice=(4, 6))
    assert match.state["c3i"]["soviet"] == 3
    assert match.state["ap"]["southwest"] + match.state["ap"]["voronezh"] == 12
    assert match.state["ap"]["southwest"] == match.state["ap"]["voronezh"] == 6


def test_odd_point_goes_to_the_named_front():
    """E 9.0: the odd AP goes to the Front the Soviet names."""
    match = new_match()
    match.submit("soviet", "front done")
    match.submit("soviet", "order move-first")
    fix_dice(match, 1, 1)
    match.submit("soviet", "c3i 1 voronezh")
    ap = match.state["ap"]
    assert ap["voronezh"] == ap["southwest"] + 1


def test_more_c3i_than_held_is_refused():
    """S 7.2: a side spends only C3I it holds."""
    match = new_match()
    to_movement(match, "german", c3i=1)
    match.submit("german", "end")
    match.submit("german", "end")
    assert match.state["c3i"]["german"] == 1
    match.submit("soviet", "front done")
    match.submit("soviet", "order move-first")
    match.submit("soviet", "c3i 0")
    match.submit("german", "order move-first")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "c3i 2")
    assert "S 7.2" in str(err.value)


def test_zero_c3i_ends_the_phase():
    """S 7.2: spending 0 C3I ends the phase without Activity roll or segments."""
    match = new_match()
    match.submit("soviet", "front done")
    match.submit("soviet", "order combat-first")
    match.submit("soviet", "c3i 0")
    assert match.active() == frozenset({"german"})
    assert match.state["phase"] == {"kind": "activity", "side": "german", "n": 1}


def test_front_marker_moves_at_most_its_roll():
    """E 14.2: a marker steps at most the hexes its roll allows."""
    match = new_match()
    frame = match.state["flow"][-1]
    front = "southwest"
    allow = frame["allow"][front]
    steps = sequence.front_steps(match.state, front)
    for _ in range(allow):
        match.submit("soviet", f"front {front} {sequence.front_steps(match.state, front)[0]}")
    assert steps
    with pytest.raises(OrderError):
        match.submit("soviet", f"front {front} {sequence.front_steps(match.state, front)[0]}")


def test_phases_by_weather():
    """E 5.2-5.4: Frozen 2+2 activity phases, Mud 1+1, Very Mud none; then both General Phases."""
    state = new_match().state
    for weather, count in (("frozen", 4), ("mud", 2), ("very_mud", 0)):
        state["weather"] = weather
        steps = sequence.steps_of_turn(state)
        assert sum(1 for s in steps if s[0] == "activity") == count
        assert [s for s in steps if s[0] == "general"] == [("general", "soviet"), ("general", "german")]


def test_third_german_phase_option():
    """Digest 8.1 item 2: an option adds a third German activity phase in Frozen weather."""
    state = new_match().state
    state["options"]["third_german_phase"] = True
    assert ("activity", "german", 3) in sequence.steps_of_turn(state)


def test_administrative_phase_from_turn_two():
    """E 4.2 I: from turn 2 every turn opens with the Administrative Phase, steps A to J in order."""
    state = new_match().state
    state["turn"] = 2
    steps = sequence.steps_of_turn(state)
    assert [s[1] for s in steps[:10]] == list(sequence.ADMIN_STEPS)


def test_c3i_from_the_turn_track():
    """S 7.1: each side gains the Turn Track's C3I for the weather; Very Mud gives none."""
    match = new_match()
    state = match.state
    state["turn"], state["weather"] = 3, "very_mud"

    class Ctx:
        def log(self, *a, **k):
            pass

    before = dict(state["c3i"])
    sequence.gain_c3i(state, Ctx())
    assert state["c3i"] == before
