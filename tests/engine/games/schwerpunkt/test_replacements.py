"""Assigning Soviet replacements (E 12.0)."""

import pytest

from engine.errors import IllegalOrder
from engine.games.schwerpunkt import replacements
from tests.engine.games.schwerpunkt.helpers import new_match, position


def assignment(stacks, pools=(2, 1), damaged=("s-100",)):
    """Administrative step I with ``stacks``, pools (non-motorised, motorised), ``damaged`` units one step down."""
    match = new_match("scenario2")
    state = match.state
    state["turn"] = 3
    position(match, stacks)
    state["fronts"]["voronezh"] = "3010"
    state["replacements"] = {"nonmot": pools[0], "mot": pools[1]}
    for uid in damaged:
        state["units"][uid]["step"] = 1
    state["flow"] = [{"proc": "turn", "i": 9}, {"proc": "replace", "done": []}]
    return match


def test_a_damaged_unit_in_range_gets_a_step_back():
    """E 12.0: one replacement restores one step and is spent from the pool."""
    match = assignment({"3012": ["s-100", "s-183"]}, damaged=("s-100", "s-183"))
    match.submit("soviet", "replace s-100")
    assert match.state["units"]["s-100"]["step"] == 0 and match.state["replacements"]["nonmot"] == 1


def test_at_most_one_replacement_per_unit_a_turn():
    """E 12.0: a unit receives at most one replacement in an Administrative Phase."""
    match = assignment({"3012": ["s-12tc", "s-183"]}, pools=(2, 2), damaged=("s-183",))
    match.state["units"]["s-12tc"]["step"] = 2
    match.submit("soviet", "replace s-12tc")
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "replace s-12tc")
    assert "E 12.0" in str(err.value)


def test_kind_must_match():
    """E 12.0: motorised replacements only for motorised units, non-motorised only for non-motorised units."""
    match = assignment({"3012": ["s-100", "s-183"]}, pools=(0, 3), damaged=("s-100", "s-183"))
    assert replacements.eligible(match.state, []) == []


def test_out_of_supply_units_get_none():
    """E 12.0: the unit must be in supply."""
    match = assignment({"3012": ["s-100", "s-183"]}, damaged=("s-100", "s-183"))
    match.state["units"]["s-100"]["oos"] = True
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "replace s-100")
    assert "E 12.0" in str(err.value)


def test_out_of_front_range_gets_none():
    """E 12.0, E 14.0: the unit must be within range of a Front marker."""
    match = assignment({"3012": ["s-183"], "1040": ["s-100"]}, damaged=("s-100", "s-183"))
    match.state["fronts"]["southwest"] = "3013"
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "replace s-100")
    assert "E 12.0" in str(err.value)


def test_admin_box_units_count_as_in_range():
    """E 12.0 note, E 14.0: units in the Admin Boxes may receive replacements."""
    match = assignment({"box2-soviet": ["s-100"], "3012": ["s-183"]}, damaged=("s-100", "s-183"))
    match.submit("soviet", "replace s-100")
    assert match.state["units"]["s-100"]["step"] == 0


def test_undamaged_units_get_none():
    """E 12.0: only units that have lost steps."""
    match = assignment({"3012": ["s-100", "s-183"]}, damaged=("s-183",))
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "replace s-100")
    assert "E 12.0" in str(err.value)


def test_done_keeps_the_rest_for_later():
    """E 12.0: unused replacements carry over; 'replace done' (the default) ends the step."""
    match = assignment({"3012": ["s-100", "s-183"]}, damaged=("s-100", "s-183"))
    assert "replace done" in [a.text for a in match.prompt("soviet").actions]
    match.submit("soviet", "replace done")
    assert match.state["replacements"]["nonmot"] == 2


def test_the_published_default_is_done():
    """E 12.0: the window's published default (applied at the deadline) is 'replace done'."""
    match = assignment({"3012": ["s-100", "s-183"]}, damaged=("s-100", "s-183"))
    assert match.game.default_action(match.state, "soviet").text == "replace done"
