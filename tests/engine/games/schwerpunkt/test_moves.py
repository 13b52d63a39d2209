"""Movement (S 11, E 15), zones of control (S 5, E 6), stacking (E 10), supply (S 6)."""

import pytest

from engine.errors import IllegalOrder
from engine.games.schwerpunkt import terrain
from engine.games.schwerpunkt.model import rules
from tests.engine.games.schwerpunkt.helpers import new_match, position, to_movement


def test_entering_an_enemy_zoc_ends_the_move():
    """S 5.1: a unit that enters an EZOC stops there; hexes beyond it are not reachable through it."""
    match = new_match()
    position(match, {"2020": ["gd-pz"], "2023": ["s-100"]})
    reach = terrain.reachable(match.state, "gd-pz", "2020")
    ezoc = terrain.zoc_of(match.state, "soviet")
    assert "2022" in reach and "2022" in ezoc
    assert "2023" not in reach  # enemy-occupied


def test_no_zoc_into_cities():
    """E 6.0: no unit projects a ZOC into a city hex."""
    match = new_match()
    position(match, {"2812": ["s-100"]})
    assert "2811" not in terrain.zoc_of(match.state, "soviet")


def test_leaving_an_ezoc_not_into_another():
    """S 5.1: a unit starting in an EZOC may not move directly into another EZOC hex (MA 1: one hex only)."""
    match = new_match()
    position(match, {"2020": ["168-417"], "2021": ["s-100"]})
    match.state["units"]["168-417"]["oos"] = True
    reach = terrain.reachable(match.state, "168-417", "2020")
    ezoc = terrain.zoc_of(match.state, "soviet")
    board = rules().board
    assert "2020" in ezoc
    assert set(reach) == {n for n in board.neighbours("2020") if n not in ezoc and n != "2021"}


def test_stationary_units_never_move():
    """S 11.4: a stationary (VK) unit has nowhere to go."""
    match = new_match()
    position(match, {"2811": ["vk-cha"]})
    assert terrain.reachable(match.state, "vk-cha", "2811") == {}


def test_oos_unit_moves_one_hex_at_least():
    """S 6.4: an out-of-supply non-motorised unit has MA 1 and may always move one hex."""
    match = new_match()
    position(match, {"2020": ["168-417"]})
    match.state["units"]["168-417"]["oos"] = True
    reach = terrain.reachable(match.state, "168-417", "2020")
    assert set(reach) == set(rules().board.neighbours("2020"))


def test_soviet_stacking_limit():
    """E 10.1: at most 3 Soviet divisions or corps count in a hex."""
    match = new_match()
    assert terrain.stacking_points(match.state, ["s-100", "s-183", "s-305"]) == 3
    position(match, {"2020": ["s-100", "s-183", "s-305", "s-309"]})
    assert terrain.overstacked(match.state, "soviet") == ["2020"]


def test_german_formation_counts_two():
    """E 10.2: units of one formation count at most 2 (the 19th Panzer's four units count 2)."""
    match = new_match()
    assert terrain.stacking_points(match.state, ["19-27", "19-73", "19-74", "19-19"]) == 2
    assert terrain.stacking_points(match.state, ["19-27", "19-73", "298-kg", "335-kg", "27-kg"]) == 5


def test_vk_units_stack_free():
    """E 10.2: units with bracketed CS do not count for stacking."""
    match = new_match()
    assert terrain.stacking_points(match.state, ["vk-cha", "298-kg"]) == 1


def test_supply_is_cut_by_enemy_zoc():
    """S 6.2: a unit whose every path to a source crosses enemy units or EZOCs is out of supply."""
    match = new_match()
    ring = rules().board.neighbours("2020")
    position(match, {"2020": ["168-417"], **{h: [u] for h, u in zip(ring, ["s-100", "s-183", "s-305", "s-309", "s-161", "s-180"], strict=False)}})
    reached = terrain.supplied_hexes(match.state, "german")
    assert not terrain.in_supply("2020", reached)
    position(match, {"2020": ["168-417"]})
    assert terrain.in_supply("2020", terrain.supplied_hexes(match.state, "german"))


def test_move_costs_one_ap():
    """S 8: moving a unit costs 1 AP of the phase."""
    match = new_match()
    to_movement(match, "german", c3i=1, dice=(6, 6))
    ap = match.state["ap"]["german"]
    uid = next(a.args[0] for a in match.prompt("german").actions if a.verb == "move")
    dest = next(a.args[1] for a in match.prompt("german").actions if a.verb == "move" and a.args[0] == uid)
    match.submit("german", f"move {uid} {dest}")
    assert match.state["ap"]["german"] == ap - 1
    assert terrain.hex_of(match.state, uid) == dest


def test_a_unit_moves_once_per_segment():
    """S 11.5: each unit moves once per Movement segment."""
    match = new_match()
    to_movement(match, "german", c3i=1, dice=(6, 6))
    action = next(a for a in match.prompt("german").actions if a.verb == "move")
    match.play("german", action)
    back = terrain.reachable(match.state, action.args[0], action.args[1])
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", f"move {action.args[0]} {sorted(back)[0]}")
    assert "S 11.5" in str(err.value)


def test_soviet_unit_out_of_front_range_cannot_use_ap():
    """E 14.0: a Soviet unit uses AP only within 12 hexes of a Front marker."""
    match = new_match()
    match.state["fronts"] = {"southwest": "4425", "voronezh": "4424"}
    to_movement(match, "soviet", c3i=1, dice=(6, 6))
    position(match, {"1030": ["s-100"]})
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "move s-100 1130")
    assert "E 14.0" in str(err.value)


def test_unreachable_hex_is_refused_with_the_rule():
    """S 11.4: a hex beyond the movement allowance is refused, citing the rule."""
    match = new_match()
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2020": ["168-417"]})
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "move 168-417 2030")
    assert "S 11.4" in str(err.value)
