"""The forced relocation of a Soviet Front marker (E 14.1)."""

from engine.games.schwerpunkt import fronts
from tests.engine.games.schwerpunkt.helpers import new_match, position, to_movement


def german_next_to_marker(stacks, marker):
    match = new_match("scenario2")
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, stacks)
    match.state["fronts"]["voronezh"] = marker
    return match


def test_a_german_unit_entering_the_marker_hex_moves_it_nearer_a_source():
    """E 14.1: when an enemy unit enters its hex the marker moves at once to the first hex nearer a Soviet source."""
    match = german_next_to_marker({"3010": ["gd-pz"]}, "3011")
    far = fronts.source_distance()
    match.submit("german", "move gd-pz 3011")
    moved = match.state["fronts"]["voronezh"]
    assert moved != "3011" and far[moved] < far["3011"]
    assert match.game.board.grid.distance("3011", moved) == 1


def test_a_marker_that_still_traces_stays():
    """E 14.1: a marker with its trace and no enemy unit in its hex does not move."""
    match = german_next_to_marker({"3010": ["gd-pz"]}, "3020")
    match.submit("german", "move gd-pz 3011")
    assert match.state["fronts"]["voronezh"] == "3020"


def test_a_cut_trace_moves_the_marker():
    """E 14.1: a marker whose path to a Soviet source is cut (German units and ZOC all round) moves at once."""
    match = german_next_to_marker({"1100": ["168-417"], "1101": ["168-429"], "1002": ["gd-pz"]}, "1000")
    far = fronts.source_distance()
    match.submit("german", "move gd-pz 1001")
    moved = match.state["fronts"]["voronezh"]
    assert moved != "1000" and far[moved] < far["1000"]
    assert moved not in ("1100", "1101", "1001")
