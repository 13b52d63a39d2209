"""Rules questions on movement, zones of control and stacking in Von Manstein's Backhand Blow
(S 5, S 9, S 11, E 6.0, E 10, E 15), asked as a referee asks them: a position file, one order;
the verdict and the rule the Italian rulebook gives for it."""

from tests.engine.games.acceptance import answer, cites, echoed, refusal
from tests.engine.games.schwerpunkt.acceptance_helpers import activity, sp_position

NO_AP = {"german": 0, "southwest": 0, "voronezh": 0}


def general(stacks, weather="frozen", **kw):
    """The German General Phase's Movement segment (moves free of AP), scenario 2 in ``weather``."""
    return sp_position(stacks, flow=activity("german", "move", general=True), scenario="scenario2", weather=weather,
                       phase={"kind": "general", "side": "german", "n": 0}, **kw)


async def test_an_administratively_moved_unit_does_not_move_normally(tmp_path):
    """E 15.1: a unit that used administrative movement this phase does not also move normally."""
    position = sp_position({"2020": ["gd-pz"]}, units={"gd-pz": {"admin": True, "moved": True}}, turn=2)
    replies = await answer(tmp_path, position, "german: move gd-pz 2021")
    assert cites(replies, "E 15.1")


async def test_a_formation_under_frontnahe_auffrischung_does_not_move_as_a_group(tmp_path):
    """E 13.1: the units of a formation under Frontnahe Auffrischung do not move this turn, as a group either."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"]}, scenario="scenario2", turn=7,
                           fa={"grey": {"unit": "gd-pz", "formation": "gd", "units": ["gd-gre", "gd-pz"], "turn": 7}},
                           units={"gd-pz": {"moved": True, "admin": True}, "gd-gre": {"moved": True, "admin": True}})
    replies = await answer(tmp_path, position, "german: move gd-pz gd-gre 2019")
    assert cites(replies, "E 13.1")


async def test_a_formation_group_never_enters_an_enemy_hex(tmp_path):
    """S 11.5: a formation moving as one group never enters a hex holding enemy units."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"]})
    replies = await answer(tmp_path, position, "german: move gd-pz gd-gre 2021")
    assert cites(replies, "S 11.5")


async def test_a_formation_group_stops_in_the_first_enemy_zoc(tmp_path):
    """S 5.3: a formation group, like any unit, stops in the first hex of an enemy ZOC it enters."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"], "2023": ["s-100"], "1823": ["s-25g"], "2223": ["s-12tc"]})
    replies = await answer(tmp_path, position, "german: move gd-pz gd-gre 2025")
    assert cites(replies, "S 5.3")


async def test_a_formation_group_moves_for_one_activity_point(tmp_path):
    """E 15.2: a formation stacked at the start of the segment moves as one group on the last AP."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"]}, ap={"german": 1, "southwest": 0, "voronezh": 0})
    replies = await answer(tmp_path, position, "german: move gd-pz gd-gre 2019")
    assert echoed(replies)


async def test_a_variable_reinforcement_moves_without_activity_points(tmp_path):
    """E 15.3: a German Variable Reinforcement moves free, with no Activity Point left."""
    replies = await answer(tmp_path, sp_position({"2020": ["gvr-01"]}, ap=NO_AP), "german: move gvr-01 2021")
    assert echoed(replies)


async def test_zoc_no_move_from_one_enemy_zoc_straight_into_another(tmp_path):
    """S 5.3: gd-pz in the Soviet ZOC in 2022 may not step straight into 2123, in the Soviet ZOC too."""
    position = sp_position({"2022": ["gd-pz"], "2023": ["s-100"], "2222": ["s-183"]})
    replies = await answer(tmp_path, position, "german: move gd-pz 2123")
    assert cites(replies, "S 5.3")


async def test_zoc_a_friendly_unit_does_not_cancel_the_enemy_zoc_for_movement(tmp_path):
    """S 5.2: a German unit in 2123 does not cancel the Soviet ZOC there: gd-pz may not go into it from the ZOC in 2022."""
    position = sp_position({"2022": ["gd-pz"], "2123": ["168-417"], "2023": ["s-100"], "2222": ["s-183"]})
    replies = await answer(tmp_path, position, "german: move gd-pz 2123")
    assert cites(replies, "S 5.3")


async def test_zoc_none_into_a_city_hex(tmp_path):
    """E 6.0: no ZOC reaches into Kharkov (2811): a unit moves through it beside a Soviet unit."""
    position = sp_position({"2711": ["gd-pz"], "2912": ["s-100"]})
    replies = await answer(tmp_path, position, "german: move gd-pz 2911")
    assert echoed(replies)


async def test_road_movement_in_mud_costs_one_and_a_half(tmp_path):
    """E 15.42: in Mud a motorised unit pays 1.5 MP a road hex: gd-pz (8 MP) goes five road hexes from 1403 to 1607."""
    position = sp_position({"1403": ["gd-pz"]}, scenario="scenario2", turn=3, weather="mud")
    replies = await answer(tmp_path, position, "german: move gd-pz 1607")
    assert echoed(replies)


async def test_road_movement_in_mud_a_sixth_road_hex_is_beyond_the_allowance(tmp_path):
    """S 11.4, E 15.42: in Mud the sixth road hex from 1403 (1707, 9 MP) is beyond gd-pz's 8 MP."""
    position = sp_position({"1403": ["gd-pz"]}, scenario="scenario2", turn=3, weather="mud")
    replies = await answer(tmp_path, position, "german: move gd-pz 1707")
    assert cites(replies, "S 11.4")


async def test_major_river_in_very_mud_crossed_from_an_adjacent_start(tmp_path):
    """E 15.41: in Very Mud a unit that starts next to the Donets (3310) crosses it with all its MP (3409)."""
    replies = await answer(tmp_path, general({"3310": ["gd-pz"]}, weather="very_mud"), "german: move gd-pz 3409")
    assert echoed(replies)


async def test_major_river_in_very_mud_the_crossing_is_the_whole_move(tmp_path):
    """E 15.41: in Very Mud crossing the Donets costs all MP: gd-pz cannot go on beyond 3409."""
    replies = await answer(tmp_path, general({"3310": ["gd-pz"]}, weather="very_mud"), "german: move gd-pz 3509")
    assert cites(replies, "E 15.41")


async def test_major_river_in_very_mud_needs_an_adjacent_start(tmp_path):
    """E 15.41: in Very Mud a unit that did not start next to the Donets (3210) cannot cross it."""
    replies = await answer(tmp_path, general({"3210": ["gd-pz"]}, weather="very_mud"), "german: move gd-pz 3409")
    assert cites(replies, "E 15.41")


async def test_a_move_off_the_map_is_refused(tmp_path):
    """S 11.5: no unit moves off the map (1020 is on the west edge)."""
    replies = await answer(tmp_path, sp_position({"1020": ["gd-pz"]}), "german: move gd-pz 0920")
    assert cites(replies, "S 11.5")


async def test_stacking_units_pass_through_a_full_hex(tmp_path):
    """S 9.0: stacking counts only at the end of the segment: gd-pz moves through the full 2019 to 1819."""
    position = sp_position({"2020": ["gd-pz"], "2019": ["7-25", "7-6", "298-kg", "335-kg"], "1920": ["s-100"]})
    replies = await answer(tmp_path, position, "german: move gd-pz 1819")
    assert echoed(replies)


async def test_stacking_a_formation_counts_two_however_many_units(tmp_path):
    """E 10.2: the four units of 19th PD count 2 and two Kampfgruppen 2: the hex holds all six at the end of the segment."""
    position = sp_position({"2020": ["19-27", "19-73", "19-74", "19-19", "298-kg", "335-kg"]})
    replies = await answer(tmp_path, position, "german: end")
    assert echoed(replies) and not any("stacking limit" in r["text"] for r in replies)


async def test_no_move_in_the_combat_segment(tmp_path):
    """S 11.4: units move only in their Movement segment, not in the Combat segment."""
    position = sp_position({"2020": ["gd-pz"]}, flow=activity("german", "combat"))
    replies = await answer(tmp_path, position, "german: move gd-pz 2019")
    assert cites(replies, "S 11.4")


async def test_a_random_event_group_move_never_enters_an_enemy_hex(tmp_path):
    """S 11.5: a formation moving as one by random event 6 never enters a hex holding enemy units."""
    position = sp_position({"2020": ["gd-pz"], "2021": ["s-100"], "2030": ["gd-gre", "gd-fus"], "2031": ["s-183"]},
                           flow=activity("german", "combat"), scenario="scenario2", rolls=(6, 6, 3, 3))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz", "german: chits none", "soviet: chits none",
                           "soviet: losses s-100 retreat 2122", "german: advance none", "german: event move gd-gre gd-fus 2031")
    assert cites(replies, "S 11.5")


async def test_stacking_the_check_closes_the_movement_segment(tmp_path):
    """S 9.0: the stacking check comes at the end of the Movement segment: once the excess is removed, no unit moves again."""
    position = sp_position({"2020": ["19-27", "19-73", "298-kg", "335-kg", "27-kg"], "2030": ["168-417"]})
    replies = await answer(tmp_path, position, "german: end", "german: remove 27-kg", "german: move 168-417 2031")
    assert cites(replies, "S 11.4")


async def test_stacking_a_fourth_soviet_division_overstacks(tmp_path):
    """E 10.1: at most three Soviet divisions or corps in a hex: with four, the end of the segment asks for a removal."""
    position = sp_position({"3030": ["s-12tc", "s-100", "s-183", "s-25g"]}, flow=activity("soviet", "move"),
                           ap={"german": 0, "southwest": 5, "voronezh": 5}, fronts={"southwest": "3130", "voronezh": "3131"})
    replies = await answer(tmp_path, position, "soviet: end")
    assert echoed(replies) and any("over the stacking limit" in r["text"] for r in replies)


async def test_a_refused_move_says_what_keeps_the_unit_out(tmp_path):
    """S 6.4: an out-of-supply unit refused a hex two away is told its cut allowance (1 MP), not a list of every possible cause."""
    position = sp_position({"2020": ["168-417"]}, units={"168-417": {"oos": True}})
    text = refusal(await answer(tmp_path, position, "german: move 168-417 1819"))
    assert "1 MP" in text and "zones of control" not in text


async def test_stacking_is_checked_at_the_end_of_a_random_event_move(tmp_path):
    """S 9.0: a unit moved by random event 6 into a full hex (2031) leaves it over the limit: the owner removes the excess at once."""
    position = sp_position({"2020": ["gd-pz"], "2021": ["s-100"], "2030": ["gd-gre"], "2031": ["19-27", "19-73", "298-kg", "335-kg"]},
                           flow=activity("german", "combat"), scenario="scenario2", rolls=(6, 6, 3, 3))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz", "german: chits none", "soviet: chits none",
                           "soviet: losses s-100 retreat 2122", "german: advance none", "german: event move gd-gre 2031")
    assert echoed(replies) and any("over the stacking limit" in r["text"] for r in replies)


async def test_no_administrative_movement_in_the_general_phase(tmp_path):
    """E 15.1: administrative movement is made in the activity phases, never in the General Phase."""
    position = general({"2020": ["168-417"], "box2-german": ["gd-pz"]}, turn=3)
    replies = await answer(tmp_path, position, "german: admin place gd-pz 2021")
    assert cites(replies, "E 15.1")
