"""Uprisings (E 17) and the VK units in the cities."""

import pytest

from engine.games.schwerpunkt import terrain, uprising
from engine.games.schwerpunkt.model import rules, spec
from tests.engine.games.schwerpunkt.helpers import fix_dice, new_match, position, to_movement


def soviet_moving(stacks, tried=None):
    """The Soviet's first Movement segment with ``stacks``; the Voronezh Front marker next to them."""
    match = new_match("scenario2")
    to_movement(match, "soviet", c3i=1, dice=(6, 6))
    position(match, stacks)
    match.state["fronts"]["voronezh"] = "2816"
    match.state["uprisings"] = dict(tried or {})
    return match


def test_moving_within_three_hexes_of_a_city_rolls_and_a_success_turns_the_vk_over():
    """E 17: the first Soviet move within 3 hexes of a city rolls; success: the VK is lost, the uprising holds the city."""
    match = soviet_moving({"2811": ["vk-cha"], "2815": ["s-100"]})
    vp = match.state["vp"]
    fix_dice(match, 6, 6)
    match.submit("soviet", "move s-100 2814")
    assert match.state["uprisings"] == {"2811": "success"}
    assert terrain.hex_of(match.state, "up-cha") == "2811" and "vk-cha" in match.state["out_of_play"]
    assert match.state["vp"] == vp + 1


def test_a_failure_changes_nothing_and_is_the_citys_only_attempt():
    """E 17: failure: nothing happens; one attempt per city hex in the game."""
    match = soviet_moving({"2811": ["vk-cha"], "2815": ["s-100"], "2816": ["s-183"]})
    fix_dice(match, 1, 1)
    match.submit("soviet", "move s-100 2814")
    assert match.state["uprisings"] == {"2811": "failure"} and terrain.hex_of(match.state, "vk-cha") == "2811"
    fix_dice(match, 6, 6)
    match.submit("soviet", "move s-183 2814")
    assert match.state["uprisings"] == {"2811": "failure"} and terrain.hex_of(match.state, "vk-cha") == "2811"


def test_another_german_unit_in_the_city_loses_the_uprising_too():
    """E 17: with another German unit in the city, the uprising force is lost permanently as well."""
    match = soviet_moving({"2811": ["168-417", "vk-cha"], "2815": ["s-100"]})
    fix_dice(match, 6, 6)
    match.submit("soviet", "move s-100 2814")
    assert "vk-cha" in match.state["out_of_play"] and "up-cha" in match.state["out_of_play"]
    assert terrain.hex_of(match.state, "168-417") == "2811"


def test_each_earlier_success_adds_one():
    """E 17 (Uprising Table): +1 to the roll for each earlier successful uprising anywhere."""
    match = soviet_moving({"2811": ["vk-cha"], "2815": ["s-100"]}, tried={"3203": "success", "1116": "failure"})
    fix_dice(match, 4, 4)
    match.submit("soviet", "move s-100 2814")
    assert match.state["uprisings"]["2811"] == "success"


def test_without_the_earlier_success_the_same_roll_fails():
    """E 17: the same 8 without an earlier success fails in Kharkov (column 9+)."""
    match = soviet_moving({"2811": ["vk-cha"], "2815": ["s-100"]})
    fix_dice(match, 4, 4)
    match.submit("soviet", "move s-100 2814")
    assert match.state["uprisings"]["2811"] == "failure"


def test_a_move_that_stays_farther_than_three_hexes_rolls_nothing():
    """E 17: only a move within three hexes of a city rolls."""
    match = soviet_moving({"2811": ["vk-cha"], "2816": ["s-100"]})
    match.submit("soviet", "move s-100 2815")
    assert match.state["uprisings"] == {}


def test_units_that_start_near_a_city_roll_only_when_they_move():
    """Digest 8.1 item 13: being within three hexes at the start rolls nothing."""
    match = soviet_moving({"2811": ["vk-cha"], "2813": ["s-100"]})
    assert match.state["uprisings"] == {}


#: The provisional Uprising Table: the lowest modified roll reading "S" in each city's column.
FIRST_SUCCESS = {"Kharkov": 9, "Belgorod": 10, "Poltava": 11, "Dnepropetrovsk": 11, "Zaporozhye": 12, "Stalino": 10}


@pytest.mark.parametrize("city", sorted(FIRST_SUCCESS))
@pytest.mark.parametrize("roll", range(2, 18))
def test_every_cell_of_the_uprising_table(city, roll):
    """Uprising Table (provisional cells): "S" from the column's threshold up, "-" below, rows 2-17."""
    assert uprising.succeeds(city, roll) == (roll >= FIRST_SUCCESS[city])


def test_every_city_has_a_column_a_vk_and_an_uprising_side():
    """E 17: each city of the map has its table column, its VK (E 2.46) and the uprising on its back."""
    for city, name in uprising.city_names().items():
        assert name in rules().tables["uprising"]["cities"]
        vk, up = uprising.pair_in(city, "vk"), uprising.pair_in(city, "uprising")
        assert vk and up and spec(vk).side == "german" and spec(up).side == "soviet"


def test_uprising_units_are_stationary_and_stack_free():
    """E 2.46, E 10.1: uprising units never move and do not count for Soviet stacking."""
    match = new_match()
    position(match, {"2811": ["up-cha", "s-100"]})
    assert terrain.reachable(match.state, "up-cha", "2811") == {}
    assert terrain.stacking_points(match.state, ["up-cha", "s-100"]) == terrain.stacking_points(match.state, ["s-100"])
