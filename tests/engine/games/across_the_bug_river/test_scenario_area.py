"""The scenario's map area (11.1, 11.2): an order leaving it is refused under the scenario's own section."""

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.across_the_bug_river.helpers import GAME, activating, empty, play, put

RULES = GAME.rules


def test_each_scenario_names_the_section_that_defines_its_area():
    """11.1 and 11.2 give the two scenarios' map areas; the campaign (11.3) plays the whole map."""
    assert {key: s.section for key, s in RULES.scenarios.items()} == {"scenario1": "11.1", "scenario2": "11.2", "campaign": "11.3"}


def test_a_move_out_of_scenario_ones_area_cites_11_1():
    """11.1: scenario one's area is rows xx00-xx14; a move into row 15 is refused under 11.1."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "I/36", "1414")
    activating(state, "german", "14pz", 5)
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "move I/36 1415")
    assert err.value.rule == "11.1"
    assert state["units"]["I/36"]["hex"] == "1414"


def test_a_move_out_of_scenario_twos_area_cites_11_2():
    """11.2: scenario two's area is columns 30xx-54xx; a move into column 29 is refused under 11.2."""
    state = empty("scenario2")
    put(state, "HQ-14pz", "3409")
    put(state, "I/36", "3010")
    activating(state, "german", "14pz", 5)
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "move I/36 2910")
    assert err.value.rule == "11.2"


def test_an_infiltration_out_of_the_area_cites_the_scenario():
    """11.1: an infiltration into a hex outside scenario one's area is refused under 11.1."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "I/108", "1414")
    activating(state, "german", "14pz", 5)
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "infiltrate I/108 1415")
    assert err.value.rule == "11.1"


def test_an_hq_relocation_out_of_the_area_cites_the_scenario():
    """11.1: an HQ relocating to a hex outside scenario one's area is refused under 11.1."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    activating(state, "german", "14pz", 5)
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "relocate HQ-14pz 1415")
    assert err.value.rule == "11.1"
