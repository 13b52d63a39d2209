"""German formations moving as one for 1 AP (E 15.2)."""

import pytest

from engine.errors import IllegalOrder
from engine.games.schwerpunkt import terrain
from tests.engine.games.schwerpunkt.helpers import new_match, position, to_movement


def german_moving(stacks):
    match = new_match()
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, stacks)
    return match


def test_a_stacked_formation_moves_for_one_ap():
    """E 15.2: units of one formation that start the segment stacked move together for 1 AP."""
    match = german_moving({"2030": ["gd-gre", "gd-fus"]})
    ap = match.state["ap"]["german"]
    match.submit("german", "move gd-gre gd-fus 2032")
    assert terrain.hex_of(match.state, "gd-gre") == terrain.hex_of(match.state, "gd-fus") == "2032"
    assert match.state["ap"]["german"] == ap - 1


def test_the_group_move_is_offered():
    """E 15.2: the prompt offers the formation's group move."""
    match = german_moving({"2030": ["gd-gre", "gd-fus"]})
    assert "move gd-fus gd-gre 2032" in [a.text for a in match.prompt("german").actions]


def test_units_of_different_formations_are_refused():
    """E 15.2: only units of the same formation move as one group."""
    match = german_moving({"2030": ["gd-gre", "168-417"]})
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "move gd-gre 168-417 2031")
    assert "E 15.2" in str(err.value)


def test_units_not_stacked_together_are_refused():
    """E 15.2: the group must start the segment stacked together."""
    match = german_moving({"2030": ["gd-gre"], "2031": ["gd-fus"]})
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "move gd-gre gd-fus 2032")
    assert "E 15.2" in str(err.value)


def test_a_unit_that_already_moved_cannot_join_a_group():
    """E 15.2: a group starts the segment stacked and unmoved."""
    match = german_moving({"2030": ["gd-gre", "gd-fus", "gd-pz"]})
    match.submit("german", "move gd-pz 2031")
    match.state["units"]["gd-fus"]["moved"] = True
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "move gd-gre gd-fus 2032")
    assert "E 15.2" in str(err.value)


def test_a_group_move_needs_an_ap():
    """E 15.2: the group's move costs 1 AP."""
    match = german_moving({"2030": ["gd-gre", "gd-fus"]})
    match.state["ap"]["german"] = 0
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "move gd-gre gd-fus 2032")
    assert "E 15.2" in str(err.value)


def test_the_channel_reads_the_group_move_without_units():
    """A group move echoes the hex only: the units may be hidden below the top of a stack."""
    match = german_moving({"2030": ["gd-gre", "gd-fus"]})
    match.submit("german", "move gd-gre gd-fus 2032")
    assert match.order_text(match.records[-1], "soviet") == "move ? 2032"
