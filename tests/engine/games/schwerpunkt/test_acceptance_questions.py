"""Rules questions on Von Manstein's Backhand Blow asked as a referee asks them: a position file,
referee lines, one order; the verdict and the rule the Italian rulebook gives for it."""

import json

from engine import registry
from tests.engine.games.acceptance import (
    answer,
    cites,
    echoed,
    readme_example,
    readme_referee_lines,
    refusal,
    typed,
)
from tests.engine.games.schwerpunkt.acceptance_helpers import activity, sp_position

GD = {"2020": ["gd-pz"]}


async def test_sequence_an_order_of_another_step_names_the_step_and_whom_it_waits_for(tmp_path):
    """S 4.2: in the German Movement segment a Soviet order is refused naming the segment and the German."""
    replies = await answer(tmp_path, sp_position({**GD, "2030": ["s-100"]}), "soviet: move s-100 2031")
    text = refusal(replies)
    assert "german" in text.casefold() and "Movement segment" in text


async def test_sequence_the_order_of_segments_is_declared_before_spending_c3i(tmp_path):
    """S 4.2: in the declaration of the order of segments, 'c3i 1' is out of step."""
    replies = await answer(tmp_path, sp_position(GD, flow=activity("german", "order")), "german: c3i 1")
    assert cites(replies, "S 4.2")


async def test_c3i_at_most_three_points_per_phase(tmp_path):
    """S 7.2: a player spends 0, 1, 2 or 3 C3I points in an activity phase, never 4."""
    replies = await answer(tmp_path, sp_position(GD, flow=activity("german", "c3i"), c3i={"german": 5, "soviet": 5}), "german: c3i 4")
    assert cites(replies, "S 7.2")


async def test_c3i_no_more_than_held(tmp_path):
    """S 7.2: C3I points not held cannot be spent."""
    replies = await answer(tmp_path, sp_position(GD, flow=activity("german", "c3i"), c3i={"german": 1, "soviet": 5}), "german: c3i 2")
    assert cites(replies, "S 7.2")


async def test_c3i_spent_rolls_activity_points(tmp_path):
    """S 7.2, S 8.0: 1 C3I and a roll of 6+6 give the column 1 result of the Activity table (7 AP)."""
    replies = await answer(tmp_path, sp_position(GD, flow=activity("german", "c3i"), ap={"german": 0, "southwest": 0, "voronezh": 0}),
                        "referee: dice 6 6 because rules question", "german: c3i 1")
    assert echoed(replies)


async def test_movement_costs_one_activity_point(tmp_path):
    """S 11.1: with no Activity Point left no unit moves."""
    replies = await answer(tmp_path, sp_position(GD, ap={"german": 0, "southwest": 0, "voronezh": 0}), "german: move gd-pz 2021")
    assert cites(replies, "S 11.1")


async def test_movement_into_an_enemy_hex_is_refused(tmp_path):
    """S 11.5: no unit enters a hex holding enemy units."""
    replies = await answer(tmp_path, sp_position({**GD, "2021": ["s-100"]}), "german: move gd-pz 2021")
    assert cites(replies, "S 11.5")


async def test_movement_a_unit_moves_once_per_segment(tmp_path):
    """S 11.5: a unit that has moved in this segment does not move again."""
    replies = await answer(tmp_path, sp_position(GD, units={"gd-pz": {"moved": True}}), "german: move gd-pz 2019")
    assert cites(replies, "S 11.5")


async def test_movement_a_stationary_unit_never_moves(tmp_path):
    """S 11.4: a stationary unit (movement allowance 0) never moves."""
    replies = await answer(tmp_path, sp_position({"2020": ["vk-cha"]}), "german: move vk-cha 2021")
    assert cites(replies, "S 11.4")


async def test_movement_an_adjacent_open_hex_is_legal(tmp_path):
    """S 11.1: a unit with Activity Points moves to an open hex next to it."""
    replies = await answer(tmp_path, sp_position(GD), "german: move gd-pz 2019")
    assert echoed(replies)


async def test_zoc_a_unit_stops_in_the_first_enemy_zoc_it_enters(tmp_path):
    """S 5.3: behind a Soviet line (2023, 1823, 2223) whose ZOCs cover every way, 2025 is out of reach."""
    position = sp_position({"2020": ["gd-pz"], "2023": ["s-100"], "1823": ["s-25g"], "2223": ["s-12tc"]})
    replies = await answer(tmp_path, position, "german: move gd-pz 2025")
    assert cites(replies, "S 5.3")


async def test_soviet_moves_paid_by_a_front_that_has_it_in_range(tmp_path):
    """E 14.0: a Soviet unit moves on the Activity Points of a Front whose range holds it."""
    position = sp_position({"1030": ["s-100"]}, flow=activity("soviet", "move"), ap={"german": 0, "southwest": 5, "voronezh": 5})
    replies = await answer(tmp_path, position, "soviet: move s-100 1031")
    assert cites(replies, "E 14.0")


async def test_front_marker_without_allowance_does_not_move(tmp_path):
    """E 14.2: a Front marker moves only as far as the allowance rolled for it this phase."""
    position = sp_position({"4020": ["s-100"]}, flow=activity("soviet", "front", allow={"southwest": 0, "voronezh": 1}))
    replies = await answer(tmp_path, position, "soviet: front southwest 4120")
    assert cites(replies, "E 14.2")


async def test_front_marker_never_enters_a_german_hex(tmp_path):
    """E 14.2: like any unit, a Front marker never moves into a hex holding an enemy unit."""
    position = sp_position({"4120": ["gd-pz"], "4020": ["s-100"]}, flow=activity("soviet", "front", allow={"southwest": 2, "voronezh": 1}))
    replies = await answer(tmp_path, position, "soviet: front southwest 4120")
    assert cites(replies, "E 14.2")


async def test_stacking_excess_is_removed_from_the_overstacked_hex(tmp_path):
    """S 9.0: the owner removes the excess from the over-stacked hex, not a unit elsewhere."""
    position = sp_position({"2020": ["19-27", "19-73", "298-kg", "335-kg", "27-kg"], "2030": ["168-417"]})
    replies = await answer(tmp_path, position, "german: end", "german: remove 168-417")
    assert cites(replies, "S 9.0")


async def test_combat_an_attack_costs_three_activity_points(tmp_path):
    """S 12.2: each attack costs the attacker 3 Activity Points."""
    position = sp_position({**GD, "2021": ["s-100"]}, flow=activity("german", "combat"), ap={"german": 2, "southwest": 0, "voronezh": 0})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz")
    assert cites(replies, "S 12.2")


async def test_combat_a_unit_attacks_once_per_segment(tmp_path):
    """S 12.3: a unit attacks at most once per Combat segment."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"]}, flow=activity("german", "combat"), units={"gd-pz": {"attacked": True}})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre")
    assert cites(replies, "S 12.3")


async def test_combat_soviet_attack_needs_a_front_in_range(tmp_path):
    """E 16.0: a Soviet attack paid with a Front's AP needs an attacker in that Front's range."""
    position = sp_position({"1030": ["s-100"], "1130": ["298-kg"]}, flow=activity("soviet", "combat"),
                           ap={"german": 0, "southwest": 5, "voronezh": 5}, fronts={"southwest": "4425", "voronezh": "4424"})
    replies = await answer(tmp_path, position, "soviet: attack 1130 with s-100")
    assert cites(replies, "E 16.0")


async def test_combat_admin_moved_units_do_not_attack(tmp_path):
    """E 15.1: a unit that used administrative movement does not attack in that phase."""
    position = sp_position({**GD, "2021": ["s-100"]}, flow=activity("german", "combat"), units={"gd-pz": {"admin": True}})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz")
    assert cites(replies, "E 15.1")


async def test_general_phase_a_unit_moves_or_attacks_not_both(tmp_path):
    """S 13.0: in a General Phase a unit that has moved does not attack."""
    position = sp_position({**GD, "2021": ["s-100"]}, flow=activity("german", "combat", general=True), units={"gd-pz": {"acted": True}})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz")
    assert cites(replies, "S 13.0")


async def test_chits_no_more_than_the_limit_are_chosen(tmp_path):
    """S 12.52: with tactical superiority the German chooses up to 3 of the chits drawn, never 4."""
    position = sp_position({**GD, "2021": ["s-100"]}, flow=activity("german", "combat"))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz",
                        "german: chits assault-engineers battlefield-dominance cas-1 local-reserve")
    assert cites(replies, "S 12.52")


async def test_chits_a_sealed_choice_is_not_shown_to_the_enemy(tmp_path):
    """S 12.5: the chits chosen stay secret until both sides have chosen."""
    position = sp_position({**GD, "2021": ["s-100"]}, flow=activity("german", "combat"))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz", "german: chits cas-1")
    assert echoed(replies)
    assert not any("cas-1" in r["text"] or "Close Air" in r["text"] for r in replies if r["to"] != "german")


async def test_refusing_combat_needs_a_motorised_defender(tmp_path):
    """S 12.6: only a defender of motorised units with tactical superiority may refuse combat."""
    position = sp_position({**GD, "2021": ["s-100"]}, flow=activity("german", "combat"))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz", "soviet: refuse 2122 2223")
    assert cites(replies, "S 12.6")


async def test_admin_place_next_to_a_friendly_unit(tmp_path):
    """E 15.1: a unit from Admin Box #2 enters a hex holding or next to a friendly unit (step 1)."""
    position = sp_position({"2020": ["168-417"], "box2-german": ["gd-pz"]}, flow=activity("german", "admin"), turn=2)
    replies = await answer(tmp_path, position, "german: admin place gd-pz 2030")
    assert cites(replies, "E 15.1")


async def test_admin_a_soviet_unit_is_placed_within_a_front_range(tmp_path):
    """E 15.11: a Soviet unit placed from Admin Box #2 must be within a Front marker's range."""
    position = sp_position({"1030": ["s-100"], "box2-soviet": ["s-183"]}, flow=activity("soviet", "admin"), turn=2,
                           fronts={"southwest": "4425", "voronezh": "4424"})
    replies = await answer(tmp_path, position, "soviet: admin place s-183 1031")
    assert cites(replies, "E 15.11")


async def test_admin_one_unit_out_of_box_two_per_phase(tmp_path):
    """E 15.1: one unit (besides GVRs) comes out of Admin Box #2 in a phase."""
    position = sp_position({"2020": ["168-417"], "box2-german": ["gd-pz", "19-27"]}, flow=activity("german", "admin"), turn=2)
    replies = await answer(tmp_path, position, "german: admin place gd-pz 2021", "german: admin place 19-27 2019")
    assert cites(replies, "E 15.1")


async def test_admin_a_unit_in_an_enemy_zoc_does_not_leave_the_map(tmp_path):
    """E 15.1: a unit in an enemy ZOC cannot be taken off the map into Admin Box #1."""
    position = sp_position({"2022": ["168-417"], "2023": ["s-100"]}, flow=activity("german", "admin"), turn=2)
    replies = await answer(tmp_path, position, "german: admin done", "german: admin withdraw 168-417")
    assert cites(replies, "E 15.1")


async def test_formation_group_members_must_not_have_moved(tmp_path):
    """E 15.2: a German formation moves as one group only when its units start the segment unmoved."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"]}, units={"gd-gre": {"moved": True}})
    replies = await answer(tmp_path, position, "german: move gd-pz gd-gre 2019")
    assert cites(replies, "E 15.2")


async def test_hidden_stack_only_your_own_unit_goes_on_top(tmp_path):
    """S 3.5: a player puts on top of a stack only one of his own units on the map."""
    replies = await answer(tmp_path, sp_position({**GD, "2030": ["s-100"]}), "german: top gd-gre")
    assert cites(replies, "S 3.5")


async def test_zoc_a_unit_may_leave_an_enemy_zoc_into_a_free_hex(tmp_path):
    """S 5.3: a unit starting in an enemy ZOC moves out when the first hex it enters has no enemy ZOC."""
    replies = await answer(tmp_path, sp_position({"2022": ["gd-pz"], "2023": ["s-100"]}), "german: move gd-pz 2021")
    assert echoed(replies)


async def test_supply_an_out_of_supply_unit_moves_on_a_cut_allowance(tmp_path):
    """S 6.4: out of supply a non-motorised unit has 1 MP: two hexes away is out of its reach."""
    position = sp_position({"2020": ["168-417"]}, units={"168-417": {"oos": True}})
    replies = await answer(tmp_path, position, "german: move 168-417 1819")
    assert cites(replies, "S 6.4")


async def test_supply_an_out_of_supply_unit_still_moves_one_hex(tmp_path):
    """S 6.4: an out-of-supply unit may always move at least one hex."""
    position = sp_position({"2020": ["168-417"]}, units={"168-417": {"oos": True}})
    replies = await answer(tmp_path, position, "german: move 168-417 2021")
    assert echoed(replies)


async def test_retreat_never_into_an_enemy_unit(tmp_path):
    """S 12.10: a retreat never enters a hex holding an enemy unit."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"]}, flow=activity("german", "combat"), rolls=(4, 4))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre", "german: chits none", "soviet: chits none",
                        "soviet: losses retreat 2020")
    assert cites(replies, "S 12.10")


async def test_retreat_a_legal_path_is_accepted(tmp_path):
    """S 12.9, S 12.10: two hits taken as one step loss and a retreat of one hex away from the attackers."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"]}, flow=activity("german", "combat"), rolls=(4, 4))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre", "german: chits none", "soviet: chits none",
                        "soviet: losses s-100 retreat 2122")
    assert echoed(replies)


async def test_advance_only_by_surviving_attackers(tmp_path):
    """S 12.11: only surviving attacking units advance into the vacated hex."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"], "2019": ["168-417"]}, flow=activity("german", "combat"), rolls=(4, 4))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre", "german: chits none", "soviet: chits none",
                        "soviet: losses s-100 retreat 2122", "german: losses gd-gre", "german: advance 168-417")
    assert cites(replies, "S 12.11")


async def test_combat_an_order_out_of_the_combat_step_names_the_step(tmp_path):
    """S 12.10: while the defender chooses losses and retreat, the attacker's order names that step and the defender."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"]}, flow=activity("german", "combat"), rolls=(4, 4))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre", "german: chits none", "soviet: chits none",
                        "german: advance gd-pz")
    text = refusal(replies)
    assert "Soviet" in text and "S 12.10" in text


async def test_reinforcement_entry_hex_controlled_by_the_enemy(tmp_path):
    """S 10.1: a reinforcement whose entry hex the enemy controls must go to Admin Box #1."""
    position = sp_position({"4101": ["gd-pz"]}, scenario="scenario2", turn=2,
                           flow=[{"proc": "turn", "i": 7}, {"proc": "reinforce", "side": "soviet"}])
    replies = await answer(tmp_path, position, "soviet: reinforce s-100b hex")
    assert cites(replies, "S 10.1")


async def test_reinforcement_the_german_never_enters_on_a_front_marker(tmp_path):
    """E 11.1: only Soviet reinforcements may enter on a Soviet Front marker."""
    position = sp_position({"4101": ["s-100"]}, scenario="scenario2", turn=2,
                           flow=[{"proc": "turn", "i": 8}, {"proc": "reinforce", "side": "german"}])
    replies = await answer(tmp_path, position, "german: reinforce dr-df front voronezh")
    assert cites(replies, "E 11.1")


async def test_replacement_needs_a_unit_in_supply(tmp_path):
    """E 12.0: an out-of-supply Soviet unit receives no replacement."""
    position = sp_position({"3012": ["s-100", "s-183"]}, scenario="scenario2", turn=3,
                           flow=[{"proc": "turn", "i": 9}, {"proc": "replace", "done": []}],
                           fronts={"southwest": "4220", "voronezh": "3010"}, replacements={"nonmot": 2, "mot": 1},
                           units={"s-100": {"step": 1, "oos": True}, "s-183": {"step": 1}})
    replies = await answer(tmp_path, position, "soviet: replace s-100")
    assert cites(replies, "E 12.0")


async def test_replacement_restores_one_step(tmp_path):
    """E 12.0: a damaged Soviet unit in supply and in a Front's range takes one replacement."""
    position = sp_position({"3012": ["s-100", "s-183"]}, scenario="scenario2", turn=3,
                           flow=[{"proc": "turn", "i": 9}, {"proc": "replace", "done": []}],
                           fronts={"southwest": "4220", "voronezh": "3010"}, replacements={"nonmot": 2, "mot": 1},
                           units={"s-100": {"step": 1}, "s-183": {"step": 1}})
    replies = await answer(tmp_path, position, "soviet: replace s-100")
    assert echoed(replies)


async def test_rochade_turn_spends_no_c3i(tmp_path):
    """E 8.31: in the turn he declared Rochade the German spends no C3I: he rolls the Rochade column."""
    position = sp_position(GD, flow=activity("german", "c3i"), turn=2, rochade_turn=2, rochade_used=True)
    replies = await answer(tmp_path, position, "german: c3i 1")
    assert cites(replies, "E 8.31")


async def test_position_a_combat_under_way_is_exported_and_loaded_back(tmp_path):
    """S 12.5: a position exported in the middle of a combat (chits drawn, sealed) loads back, so a referee can ask about it."""
    position = sp_position({**GD, "2021": ["s-100"]}, flow=activity("german", "combat"))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz", "referee: export position")
    exported_text = replies[0]["text"]
    (tmp_path / "again").mkdir()
    again = await answer(tmp_path / "again", json.loads(exported_text), "german: chits cas-1 cas-1")
    assert cites(again, "S 12.5")


async def test_the_readme_example_position_loads_and_asks_its_question(tmp_path):
    """S 12.6: the README's example (examples/positions) loads, and its attack opens the Soviet's refusal window."""
    position = readme_example("Von Manstein's Backhand Blow (Schwerpunkt)", "schwerpunkt")
    replies = await answer(tmp_path, position, "german: attack 4426 with 7-7")
    assert echoed(replies) and any("S 12.6" in r["text"] for r in replies)


def fa_step(stacks, turn=7, **kw):
    """Administrative step D of ``turn`` (scenario 2): the German places the FA markers."""
    return sp_position(stacks, scenario="scenario2", turn=turn, flow=[{"proc": "turn", "i": 4}, {"proc": "fa"}],
                       phase={"kind": "admin", "side": "german", "n": 0}, **kw)


async def test_reorganisation_fa_marker_colour_matches_the_branch(tmp_path):
    """E 13.1: the grey marker is for Heer formations, the black for Waffen-SS ones."""
    replies = await answer(tmp_path, fa_step({"2030": ["gd-pz"], "2035": ["w-ger"]}), "german: fa black gd-pz")
    assert cites(replies, "E 13.1")


async def test_reorganisation_fa_never_next_to_an_enemy_unit(tmp_path):
    """E 13.1: the units under Frontnahe Auffrischung may not be adjacent to enemy units."""
    replies = await answer(tmp_path, fa_step({"2030": ["gd-pz"], "2031": ["s-100"], "2040": ["7-25"]}), "german: fa grey gd-pz")
    assert cites(replies, "E 13.1")


async def test_reorganisation_fa_begins_on_turn_seven(tmp_path):
    """E 13.1: Frontnahe Auffrischung begins on turn 7."""
    replies = await answer(tmp_path, fa_step({"2030": ["gd-pz"], "2040": ["7-25"]}, turn=6), "german: fa grey gd-pz")
    assert cites(replies, "E 13.1")


async def test_reorganisation_fa_on_a_heer_motorised_unit_is_placed(tmp_path):
    """E 13.1: the grey marker goes on a motorised unit of a Heer formation in supply, away from the enemy."""
    replies = await answer(tmp_path, fa_step({"2030": ["gd-pz", "gd-gre"]}), "german: fa grey gd-pz")
    assert echoed(replies)


async def test_reorganisation_personalersatz_needs_the_gvr_stacked_with_the_unit(tmp_path):
    """E 13.2: the damaged unit and the GVR are in the same hex (or the same Admin Box)."""
    position = sp_position({"2030": ["168-417", "gvr-02"], "2031": ["gvr-01"]}, scenario="scenario2", turn=2,
                           flow=activity("german", "personalersatz"), units={"168-417": {"step": 1}})
    replies = await answer(tmp_path, position, "german: personalersatz 168-417 with gvr-01")
    assert cites(replies, "E 13.2")


async def test_general_phase_a_unit_that_acted_does_not_move_again(tmp_path):
    """S 13.0: in a General Phase each unit moves or attacks once, paying no AP."""
    position = sp_position(GD, flow=activity("german", "move", general=True), units={"gd-pz": {"acted": True}})
    replies = await answer(tmp_path, position, "german: move gd-pz 2019")
    assert cites(replies, "S 13.0")


async def test_general_phase_moves_cost_no_activity_points(tmp_path):
    """S 13.0: in a General Phase a unit moves without Activity Points."""
    position = sp_position(GD, flow=activity("german", "move", general=True), ap={"german": 0, "southwest": 0, "voronezh": 0})
    replies = await answer(tmp_path, position, "german: move gd-pz 2019")
    assert echoed(replies)


async def test_admin_a_formation_comes_out_of_box_two_into_one_hex(tmp_path):
    """E 15.1: the units of a German formation coming out of Admin Box #2 go as one group into one hex."""
    position = sp_position({"2020": ["168-417"], "box2-german": ["gd-pz", "gd-gre"]}, flow=activity("german", "admin"), turn=2)
    replies = await answer(tmp_path, position, "german: admin place gd-pz 2021", "german: admin place gd-gre 2019")
    assert cites(replies, "E 15.1")


async def test_admin_gvrs_come_out_in_any_number(tmp_path):
    """E 15.1: besides the one unit, any number of GVRs come out of Admin Box #2."""
    position = sp_position({"2020": ["168-417"], "box2-german": ["gd-pz", "gvr-01", "gvr-02"]}, flow=activity("german", "admin"), turn=2)
    replies = await answer(tmp_path, position, "german: admin place gd-pz 2021", "german: admin place gvr-01 2019", "german: admin place gvr-02 2019")
    assert echoed(replies)


async def test_admin_units_are_taken_off_the_map_only_in_step_three(tmp_path):
    """E 15.1: units go into Admin Box #1 in step 3, after step 1 ('admin done')."""
    position = sp_position({"2020": ["168-417"]}, flow=activity("german", "admin"), turn=2)
    replies = await answer(tmp_path, position, "german: admin withdraw 168-417")
    assert cites(replies, "E 15.1")


def combat_then_event():
    """Scenario 2, the German's Combat segment: gd-pz attacks s-100 with the combat roll 6+6 (an
    unmodified 12: a random event follows) and the event roll 3+4 (event 7) fixed."""
    return sp_position({"2020": ["gd-pz"], "2021": ["s-100"], "2026": ["s-183"], "2030": ["168-417"]}, flow=activity("german", "combat"),
                       scenario="scenario2", rolls=(6, 6, 3, 4))


EVENT_SEVEN = ("german: attack 2021 with gd-pz", "german: chits none", "soviet: chits none", "soviet: losses s-100 retreat 2122", "german: advance none")


async def test_random_event_oos_marker_goes_on_a_soviet_stack(tmp_path):
    """S 14.0 (event 7): the German's Out of Supply marker goes on a hex holding Soviet units."""
    replies = await answer(tmp_path, combat_then_event(), *EVENT_SEVEN, "german: event oos 2030")
    assert cites(replies, "S 14.0")


async def test_random_event_allows_only_its_own_kind(tmp_path):
    """S 14.0: event 7's window takes an OOS marker or 'event pass', not an event move."""
    replies = await answer(tmp_path, combat_then_event(), *EVENT_SEVEN, "german: event move 168-417 2031")
    assert cites(replies, "S 14.0")


async def test_random_event_oos_marker_on_a_soviet_stack_is_placed(tmp_path):
    """S 14.0 (event 7): the German marks the Soviet stack in 2026 out of supply."""
    replies = await answer(tmp_path, combat_then_event(), *EVENT_SEVEN, "german: event oos 2026")
    assert echoed(replies)


def test_the_readme_lists_every_referee_kind_with_an_example():
    """The README's referee reference has an example line for each override kind of the game."""
    listed = {line.split()[1] for line in readme_referee_lines("Von Manstein's Backhand Blow (Schwerpunkt)")}
    assert set(registry.get("schwerpunkt").override_kinds) <= listed


async def test_every_readme_referee_example_is_accepted_as_written(tmp_path):
    """Typed in order on the README's example position, every referee example line is accepted."""
    lines = readme_referee_lines("Von Manstein's Backhand Blow (Schwerpunkt)")
    answers = await typed(tmp_path, readme_example("Von Manstein's Backhand Blow (Schwerpunkt)", "schwerpunkt"), *lines)
    assert [line for line, replies in zip(lines, answers, strict=True) if not replies or not all(r["ok"] for r in replies)] == []
