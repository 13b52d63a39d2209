"""Rules questions on Von Manstein's Backhand Blow's logistics asked as a referee asks them: the
sequence of play and turn 1, C3I and Activity Points, administrative movement, reinforcements,
replacements, reorganisation, Front markers, General Phase and random events; a position file,
one order, the verdict and the rule the Italian rulebook gives for it."""

from tests.engine.games.acceptance import answer, cites, echoed, refusal
from tests.engine.games.schwerpunkt.acceptance_helpers import activity, sp_position

NO_AP = {"german": 0, "southwest": 0, "voronezh": 0}
FRONTS = {"southwest": "4220", "voronezh": "3010"}


def replacing(units, stacks=None, pools=None):
    """Administrative step I of turn 3 (scenario 2): the Soviet assigns replacements."""
    return sp_position(stacks or {"3012": ["s-12tc", "s-100"]}, scenario="scenario2", turn=3,
                       flow=[{"proc": "turn", "i": 9}, {"proc": "replace", "done": []}], fronts=FRONTS,
                       replacements=pools or {"nonmot": 2, "mot": 1}, units=units)


async def test_turn_one_has_no_administrative_movement(tmp_path):
    """E 15.1 (E 18.0): nobody uses administrative movement on turn 1."""
    position = sp_position({"2020": ["168-417"], "box2-german": ["gd-pz"]}, flow=activity("german", "order"), turn=1)
    replies = await answer(tmp_path, position, "german: admin place gd-pz 2021")
    assert cites(replies, "E 15.1")


async def test_general_phase_has_no_administrative_movement(tmp_path):
    """E 15.1: administrative movement happens in every phase of the player but the General Phase."""
    position = sp_position({"2020": ["168-417"], "box2-german": ["gd-pz"]}, flow=activity("german", "order", general=True), turn=2)
    replies = await answer(tmp_path, position, "german: admin place gd-pz 2021")
    assert cites(replies, "E 15.1")


async def test_general_phase_spends_no_c3i(tmp_path):
    """S 7.2: C3I points are spent in the normal phases, never in the General Phase."""
    position = sp_position({"2020": ["gd-pz"]}, flow=activity("german", "order", general=True), c3i={"german": 3, "soviet": 3})
    replies = await answer(tmp_path, position, "german: order move-first", "german: c3i 1")
    assert cites(replies, "S 7.2")


async def test_general_phase_attack_needs_no_activity_points(tmp_path):
    """S 13.0: in the General Phase an attack costs no Activity Points."""
    position = sp_position({"2020": ["gd-pz"], "2021": ["s-100"]}, flow=activity("german", "combat", general=True), ap=NO_AP)
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz")
    assert echoed(replies)


async def test_c3i_zero_ends_the_phase_without_a_roll(tmp_path):
    """S 7.2: spending no C3I skips the Activity roll and the phase: no Movement segment follows."""
    position = sp_position({"2020": ["gd-pz"]}, flow=activity("german", "c3i"), ap=NO_AP)
    replies = await answer(tmp_path, position, "german: c3i 0", "german: move gd-pz 2019")
    assert not all(r["ok"] for r in replies)


async def test_soviet_names_the_front_that_takes_the_odd_point(tmp_path):
    """E 9.0: the Soviet gives the odd Activity Point to the Front he chooses."""
    position = sp_position({"3012": ["s-100"]}, flow=activity("soviet", "c3i"), fronts=FRONTS, ap=NO_AP,
                           c3i={"german": 2, "soviet": 5})
    replies = await answer(tmp_path, position, "referee: dice 6 6 because rules question", "soviet: c3i 1 voronezh")
    assert echoed(replies) and any("Southwest 3, Voronezh 4" in r["text"] for r in replies)


async def test_admin_an_out_of_supply_unit_does_not_leave_the_map(tmp_path):
    """E 15.1: a unit out of supply does not use administrative movement."""
    position = sp_position({"2020": ["168-417"]}, flow=activity("german", "admin"), turn=2, units={"168-417": {"oos": True}})
    replies = await answer(tmp_path, position, "german: admin done", "german: admin withdraw 168-417")
    assert cites(replies, "E 15.1")


async def test_admin_a_soviet_unit_leaves_the_map_only_within_a_front_range(tmp_path):
    """E 15.11: a Soviet unit taken off the map must be within a Front marker's range too."""
    position = sp_position({"1030": ["s-100"]}, flow=activity("soviet", "admin"), turn=2, fronts={"southwest": "4425", "voronezh": "4424"})
    replies = await answer(tmp_path, position, "soviet: admin done", "soviet: admin withdraw s-100")
    assert cites(replies, "E 15.11")


async def test_admin_a_formation_in_one_hex_leaves_the_map_as_one_item(tmp_path):
    """E 15.1 (step 3): the units of one German formation in one hex go into Admin Box #1 together."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"]}, flow=activity("german", "admin"), turn=2)
    replies = await answer(tmp_path, position, "german: admin done", "german: admin withdraw gd-pz", "german: admin withdraw gd-gre")
    assert echoed(replies)


async def test_admin_a_formation_split_between_hexes_is_two_items(tmp_path):
    """E 15.1 (step 3): units of one formation in two hexes are not one item: only one goes off the map."""
    position = sp_position({"2020": ["gd-pz"], "2030": ["gd-gre"]}, flow=activity("german", "admin"), turn=2)
    replies = await answer(tmp_path, position, "german: admin done", "german: admin withdraw gd-pz", "german: admin withdraw gd-gre")
    assert cites(replies, "E 15.1")


async def test_admin_a_unit_under_frontnahe_auffrischung_stays_on_the_map(tmp_path):
    """E 13.1: units under Frontnahe Auffrischung make no move, administrative movement included."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"]}, flow=activity("german", "admin"), turn=8, scenario="scenario2",
                           fa={"grey": {"unit": "gd-pz", "formation": "gd", "turn": 8, "units": ["gd-pz", "gd-gre"]}})
    replies = await answer(tmp_path, position, "german: admin done", "german: admin withdraw gd-pz")
    assert cites(replies, "E 13.1")


async def test_admin_a_placed_unit_does_not_move_normally_in_that_phase(tmp_path):
    """E 15.1: a unit uses administrative or normal movement in a phase, not both."""
    position = sp_position({"2020": ["gd-pz"]}, units={"gd-pz": {"moved": True, "admin": True}}, turn=2)
    replies = await answer(tmp_path, position, "german: move gd-pz 2019")
    assert cites(replies, "E 15.1")


async def test_gvr_moves_without_activity_points(tmp_path):
    """E 15.3: a German Variable Reinforcement moves free, with no Activity Point left."""
    position = sp_position({"2020": ["gvr-01"]}, ap=NO_AP, turn=2)
    replies = await answer(tmp_path, position, "german: move gvr-01 2019")
    assert echoed(replies)


async def test_reinforcement_a_full_entry_hex_sends_it_to_the_box(tmp_path):
    """S 10.1: a reinforcement whose placement would over-stack its entry hex goes to Admin Box #1."""
    position = sp_position({"4100": ["s-12tc", "s-15tc", "s-4grc"]}, scenario="scenario2", turn=2,
                           flow=[{"proc": "turn", "i": 7}, {"proc": "reinforce", "side": "soviet"}])
    replies = await answer(tmp_path, position, "soviet: reinforce s-100b hex")
    assert cites(replies, "S 10.1")


async def test_reinforcement_soviet_enters_on_a_front_marker(tmp_path):
    """E 11.1: a Soviet reinforcement may enter on a Soviet Front marker."""
    position = sp_position({"3012": ["s-100"]}, scenario="scenario2", turn=2, fronts=FRONTS,
                           flow=[{"proc": "turn", "i": 7}, {"proc": "reinforce", "side": "soviet"}])
    replies = await answer(tmp_path, position, "soviet: reinforce s-100b front voronezh")
    assert echoed(replies)


async def test_reinforcement_a_gvr_never_goes_to_the_admin_box(tmp_path):
    """E 11.1: German Variable Reinforcements are placed on the map only, never in Admin Box #1."""
    position = sp_position({"2020": ["168-417"]}, scenario="scenario2", turn=2,
                           flow=[{"proc": "turn", "i": 8}, {"proc": "reinforce", "side": "german"}])
    replies = await answer(tmp_path, position, "german: reinforce gvr-01 box1")
    assert cites(replies, "E 11.1")


async def test_replacement_motorised_pool_for_motorised_units_only(tmp_path):
    """E 12.0: a motorised unit takes a motorised replacement, not a non-motorised one."""
    replies = await answer(tmp_path, replacing({"s-12tc": {"step": 1}}, pools={"nonmot": 2, "mot": 0}), "soviet: replace s-12tc")
    assert cites(replies, "E 12.0")


async def test_replacement_at_most_one_per_unit_per_turn(tmp_path):
    """E 12.0: a Soviet unit receives at most one replacement in an Administrative Phase."""
    position = replacing({"s-12tc": {"step": 2}, "s-100": {"step": 1}})
    replies = await answer(tmp_path, position, "soviet: replace s-12tc", "soviet: replace s-12tc")
    assert cites(replies, "E 12.0")


async def test_replacement_a_unit_in_an_admin_box_is_in_range(tmp_path):
    """E 12.0: a damaged unit in an Admin Box may receive a replacement."""
    position = replacing({"s-100": {"step": 1}, "s-183": {"step": 1}}, stacks={"3012": ["s-183"], "box2-soviet": ["s-100"]})
    replies = await answer(tmp_path, position, "soviet: replace s-100")
    assert echoed(replies)


async def test_replacement_an_undamaged_unit_takes_none(tmp_path):
    """E 12.0: only a unit that has lost steps receives a replacement."""
    replies = await answer(tmp_path, replacing({"s-100": {"step": 1}}), "soviet: replace s-12tc")
    assert cites(replies, "E 12.0")


async def test_rochade_is_declared_only_from_turn_seven(tmp_path):
    """E 8.1: the German declares Rochade from turn 7 on, not on turn 6."""
    position = sp_position({"2020": ["gd-pz"]}, flow=activity("german", "order"), turn=6, scenario="scenario2")
    replies = await answer(tmp_path, position, "german: rochade")
    assert cites(replies, "E 8.1")


async def test_rochade_turn_rolls_the_rochade_column(tmp_path):
    """E 8.31: in his Rochade turn the German rolls the Rochade column of the Activity table."""
    position = sp_position({"2020": ["gd-pz"]}, flow=activity("german", "c3i"), turn=7, scenario="scenario2",
                           rochade_turn=7, rochade_used=True, ap=NO_AP)
    replies = await answer(tmp_path, position, "german: c3i rochade")
    assert echoed(replies)


async def test_front_marker_moves_two_hexes_on_an_allowance_of_two(tmp_path):
    """E 14.2: on a roll of 10-12 a Front marker moves two hexes, one step at a time."""
    position = sp_position({"3012": ["s-100"]}, fronts=FRONTS, flow=activity("soviet", "front", allow={"southwest": 2, "voronezh": 0}))
    replies = await answer(tmp_path, position, "soviet: front southwest 4120", "soviet: front southwest 4020")
    assert echoed(replies)


async def test_front_marker_does_not_move_in_the_general_phase(tmp_path):
    """E 14.2: the Front markers move in step A of the Soviet activity phases, not in a General Phase."""
    position = sp_position({"3012": ["s-100"]}, fronts=FRONTS, flow=activity("soviet", "order", general=True))
    replies = await answer(tmp_path, position, "soviet: front southwest 4120")
    assert cites(replies, "E 14.2")


async def test_personalersatz_not_for_a_motorised_unit(tmp_path):
    """E 13.2: Personalersatz brings back non-motorised units only."""
    position = sp_position({"2030": ["gd-gre", "gvr-01", "168-417"]}, scenario="scenario2", turn=2,
                           flow=activity("german", "personalersatz"), units={"gd-gre": {"step": 1}, "168-417": {"step": 1}})
    replies = await answer(tmp_path, position, "german: personalersatz gd-gre with gvr-01")
    assert cites(replies, "E 13.2")


async def test_personalersatz_in_an_admin_box(tmp_path):
    """E 13.2: the damaged unit and the GVR may both be in the same Admin Box."""
    position = sp_position({"2030": ["19-27"], "box2-german": ["168-417", "gvr-01"]}, scenario="scenario2", turn=2,
                           flow=activity("german", "personalersatz"), units={"168-417": {"step": 1}})
    replies = await answer(tmp_path, position, "german: personalersatz 168-417 with gvr-01")
    assert echoed(replies)


async def test_soviet_attack_from_two_hexes_one_in_front_range(tmp_path):
    """E 14.0 (note): in an attack from several hexes, one hex within a Front's range lets the Soviet pay AP."""
    position = sp_position({"3220": ["298-kg"], "3120": ["s-100"], "3320": ["s-183"]}, flow=activity("soviet", "combat"),
                           ap={"german": 0, "southwest": 5, "voronezh": 5}, fronts={"southwest": "4425", "voronezh": "4424"})
    replies = await answer(tmp_path, position, "soviet: attack 3220 with s-100 s-183")
    assert echoed(replies)


async def test_general_phase_soviet_moves_out_of_front_range(tmp_path):
    """S 13.0: in the General Phase a Soviet unit moves free, with no Front's range needed for AP."""
    position = sp_position({"1030": ["s-100"]}, flow=activity("soviet", "move", general=True), ap=NO_AP,
                           fronts={"southwest": "4425", "voronezh": "4424"})
    replies = await answer(tmp_path, position, "soviet: move s-100 1031")
    assert echoed(replies)


async def test_replacement_out_of_every_front_range(tmp_path):
    """E 12.0: a damaged Soviet unit out of every Front marker's range receives no replacement."""
    position = replacing({"s-100": {"step": 1}, "s-183": {"step": 1}}, stacks={"3012": ["s-183"], "1030": ["s-100"]})
    replies = await answer(tmp_path, position, "soviet: replace s-100")
    assert cites(replies, "E 12.0")


async def test_reinforcement_the_german_may_choose_the_admin_box(tmp_path):
    """S 10.1: a reinforcement may be placed in Admin Box #1 though its entry hex is open."""
    position = sp_position({"2020": ["168-417"]}, scenario="scenario2", turn=2,
                           flow=[{"proc": "turn", "i": 8}, {"proc": "reinforce", "side": "german"}])
    replies = await answer(tmp_path, position, "german: reinforce dr-df box1")
    assert echoed(replies)


async def test_rochade_brings_two_items_out_of_box_two(tmp_path):
    """E 15.12: in a Rochade turn up to five items (units or formations) come out of Admin Box #2."""
    position = sp_position({"2020": ["168-417"], "box2-german": ["gd-pz", "19-27"]}, flow=activity("german", "admin"), turn=7,
                           scenario="scenario2", rochade_turn=7, rochade_used=True)
    replies = await answer(tmp_path, position, "german: admin place gd-pz 2021", "german: admin place 19-27 2019")
    assert echoed(replies)


async def test_rochade_is_declared_once_a_game(tmp_path):
    """E 8.1: Rochade is declared once a game: not a second time."""
    position = sp_position({"2020": ["gd-pz"]}, flow=activity("german", "order"), turn=9, scenario="scenario2", rochade_used=True)
    replies = await answer(tmp_path, position, "german: rochade")
    assert cites(replies, "E 8.1")


def fa_at(stacks, **kw):
    """Administrative step D of turn 7 (scenario 2): the German places the FA markers."""
    return sp_position(stacks, scenario="scenario2", turn=7, flow=[{"proc": "turn", "i": 4}, {"proc": "fa"}],
                       phase={"kind": "admin", "side": "german", "n": 0}, **kw)


async def test_reorganisation_fa_needs_a_unit_in_supply(tmp_path):
    """E 13.1: the Frontnahe Auffrischung marker goes on a motorised unit in supply."""
    position = fa_at({"2030": ["gd-pz", "gd-gre"]}, units={"gd-pz": {"oos": True}, "gd-gre": {"oos": True}})
    replies = await answer(tmp_path, position, "german: fa grey gd-pz")
    assert cites(replies, "E 13.1")


async def test_reorganisation_fa_on_a_unit_in_an_admin_box(tmp_path):
    """E 13.1: the marked units may be in an Admin Box."""
    replies = await answer(tmp_path, fa_at({"2030": ["168-417"], "box2-german": ["gd-pz", "gd-gre"]}), "german: fa grey gd-pz")
    assert echoed(replies)


async def test_personalersatz_not_for_an_out_of_supply_unit(tmp_path):
    """E 13.2: neither the damaged unit nor the GVR may be out of supply."""
    position = sp_position({"2030": ["168-417", "gvr-01"]}, scenario="scenario2", turn=2,
                           flow=activity("german", "personalersatz"), units={"168-417": {"step": 1, "oos": True}})
    replies = await answer(tmp_path, position, "german: personalersatz 168-417 with gvr-01")
    assert cites(replies, "E 13.2")


def event_after_combat(rolls):
    """Scenario 2, the German's Combat segment: gd-pz attacks s-100 with an unmodified 12 and the
    event roll ``rolls`` fixed; the combat resolves and its random event follows."""
    return sp_position({"2020": ["gd-pz"], "2021": ["s-100"], "2026": ["s-183"], "2030": ["19-27", "168-417"]},
                       flow=activity("german", "combat"), scenario="scenario2", rolls=(6, 6, *rolls))


COMBAT = ("german: attack 2021 with gd-pz", "german: chits none", "soviet: chits none", "soviet: losses s-100 retreat 2122", "german: advance none")


async def test_random_event_eight_moves_a_non_phasing_unit(tmp_path):
    """S 14.0 (event 8): the non-phasing player (the Soviet) may move one unit."""
    replies = await answer(tmp_path, event_after_combat((4, 4)), *COMBAT, "soviet: event move s-183 2027")
    assert echoed(replies)


async def test_random_event_eight_is_not_the_phasing_player_s(tmp_path):
    """S 14.0 (event 8): the phasing German does not move by the non-phasing player's event."""
    replies = await answer(tmp_path, event_after_combat((4, 4)), *COMBAT, "german: event move 168-417 2031")
    assert "S 14.0)" in refusal(replies)


async def test_random_event_six_moves_a_formation_as_one_unit(tmp_path):
    """S 14.0 (event 6): the phasing player moves one unit; a German formation stacked together counts as one."""
    position = sp_position({"2020": ["gd-pz"], "2021": ["s-100"], "2030": ["gd-gre", "gd-fus"]},
                           flow=activity("german", "combat"), scenario="scenario2", rolls=(6, 6, 3, 3))
    replies = await answer(tmp_path, position, *COMBAT, "german: event move gd-gre gd-fus 2031")
    assert echoed(replies)


async def test_the_german_names_no_front_for_his_activity_points(tmp_path):
    """E 9.0: only the Soviet splits Activity Points between Fronts; the German has no such choice."""
    position = sp_position({"2020": ["gd-pz"]}, flow=activity("german", "c3i"), ap=NO_AP)
    replies = await answer(tmp_path, position, "german: c3i 1 voronezh")
    assert cites(replies, "E 9.0")


async def test_reorganisation_a_formation_under_fa_does_not_move_as_a_group(tmp_path):
    """E 13.1: the units under Frontnahe Auffrischung do not move this turn, as a formation group neither."""
    position = sp_position({"2020": ["gd-pz", "gd-gre"]}, turn=8, scenario="scenario2",
                           units={"gd-pz": {"moved": True, "admin": True}, "gd-gre": {"moved": True, "admin": True}},
                           fa={"grey": {"unit": "gd-pz", "formation": "gd", "turn": 8, "units": ["gd-pz", "gd-gre"]}})
    replies = await answer(tmp_path, position, "german: move gd-pz gd-gre 2019")
    assert cites(replies, "E 13.1")


async def test_reorganisation_both_fa_markers_in_one_hex(tmp_path):
    """E 13.1: the grey and the black marker may go in the same hex."""
    replies = await answer(tmp_path, fa_at({"2030": ["gd-pz", "w-ger"]}), "german: fa grey gd-pz", "german: fa black w-ger")
    assert echoed(replies)


def end_of_turn(stacks, turn=4, scenario="scenario1", **kw):
    """The German General Phase's Combat segment, the last of ``turn``: his 'end' brings the Victory Check."""
    flow = [{"proc": "turn", "i": 16, "returned": {}, "resumed": True},
            {"proc": "activity", "side": "german", "step": "combat", "general": True, "done": ["move"], "first": "move"}]
    return sp_position(stacks, flow=flow, turn=turn, scenario=scenario, phase={"kind": "general", "side": "german", "n": 0}, **kw)


async def test_victory_scenario_one_a_soviet_held_city_wins(tmp_path):
    """E 18.1: at the end of turn 4 the Soviet wins when he controls a city (Kharkov, 2811)."""
    replies = await answer(tmp_path, end_of_turn({"2811": ["s-100"], "2020": ["gd-pz"]}), "german: end")
    assert echoed(replies) and any("Soviet holds a city" in r["text"] and "(E 18.1)" in r["text"] for r in replies)


async def test_victory_scenario_one_no_soviet_west_of_the_donets(tmp_path):
    """E 18.1: at the end of turn 4 the German wins when no Soviet unit is west of the Donets."""
    replies = await answer(tmp_path, end_of_turn({"4300": ["s-100"], "2020": ["gd-pz"]}), "german: end")
    assert any("No Soviet unit is west of the Donets" in r["text"] for r in replies)


async def test_victory_scenario_one_anything_else_is_a_draw(tmp_path):
    """E 18.1: a Soviet unit west of the Donets and no city held by the Soviet is a draw."""
    replies = await answer(tmp_path, end_of_turn({"3012": ["s-100"], "2020": ["gd-pz"]}), "german: end")
    assert any("a draw (E 18.1)" in r["text"] for r in replies)


async def test_victory_scenario_two_vp_above_the_range(tmp_path):
    """E 18.2: the Soviet wins at the end of a turn when the VP total is above the Turn Track's range."""
    position = end_of_turn({"3012": ["s-100"], "2020": ["gd-pz"]}, turn=3, scenario="scenario2", vp=30)
    replies = await answer(tmp_path, position, "german: end")
    assert any("outside the Turn Track's range (E 18.2)" in r["text"] for r in replies)


async def test_attrition_a_surrounded_unit_rolls_one_more(tmp_path):
    """S 6.5: a Soviet regular unit still out of supply and surrounded loses a step on a 3 (+1 surrounded, 4 or more)."""
    flow = [{"proc": "turn", "i": 16, "returned": {}, "resumed": True},
            {"proc": "activity", "side": "german", "step": "combat", "general": True, "done": ["move"], "first": "move"}]
    position = sp_position({"2020": ["s-100"], "2019": ["gd-pz"], "2021": ["gd-gre"]}, flow=flow, turn=1,
                           phase={"kind": "general", "side": "german", "n": 0}, units={"s-100": {"oos": True}}, rolls=(3,))
    replies = await answer(tmp_path, position, "german: end")
    assert any("Attrition of" in r["text"] and "rolled 3" in r["text"] and "attrition (S 6.5)" in r["text"] for r in replies)


async def test_personalersatz_at_the_end_of_the_phase_not_in_a_segment(tmp_path):
    """E 13.2 (E 4.2 III.F): Personalersatz is done at the end of a German phase, not in its Movement segment."""
    position = sp_position({"2030": ["168-417", "gvr-01"]}, scenario="scenario2", turn=2, units={"168-417": {"step": 1}})
    replies = await answer(tmp_path, position, "german: personalersatz 168-417 with gvr-01")
    assert cites(replies, "E 13.2")


async def test_reorganisation_fa_markers_go_on_in_the_administrative_phase(tmp_path):
    """E 13.1: the Frontnahe Auffrischung markers are placed in the Administrative Phase, not in an activity phase."""
    position = sp_position({"2030": ["gd-pz", "gd-gre"]}, scenario="scenario2", turn=8)
    replies = await answer(tmp_path, position, "german: fa grey gd-pz")
    assert cites(replies, "E 13.1")


async def test_replacement_assigned_in_the_administrative_phase_only(tmp_path):
    """E 12.0: replacements are assigned in the Administrative Phase, not in an activity phase."""
    position = sp_position({"3012": ["s-100"]}, flow=activity("soviet", "move"), scenario="scenario2", turn=3, fronts=FRONTS,
                           replacements={"nonmot": 2, "mot": 1}, units={"s-100": {"step": 1}})
    replies = await answer(tmp_path, position, "soviet: replace s-100")
    assert cites(replies, "E 12.0")


async def test_front_marker_moves_before_the_segments(tmp_path):
    """E 14.2: a Front marker moves in step A of the Soviet phase, not in its Movement segment."""
    position = sp_position({"3012": ["s-100"]}, fronts=FRONTS, flow=activity("soviet", "move"), ap={"german": 0, "southwest": 2, "voronezh": 2})
    replies = await answer(tmp_path, position, "soviet: front southwest 4120")
    assert cites(replies, "E 14.2")


async def test_admin_a_soviet_unit_placed_on_its_front_marker(tmp_path):
    """E 15.1: a Soviet unit from Admin Box #2 may be placed with (or next to) a Front marker, no Soviet unit near."""
    position = sp_position({"2020": ["gd-pz"], "box2-soviet": ["s-183"]}, flow=activity("soviet", "admin"), turn=2, fronts=FRONTS)
    replies = await answer(tmp_path, position, "soviet: admin place s-183 3010")
    assert echoed(replies)


async def test_personalersatz_needs_both_in_the_same_box(tmp_path):
    """E 13.2: in the Admin Boxes the damaged unit and the GVR must be in the same box (digest 8.1 item 18)."""
    position = sp_position({"2030": ["19-27"], "box1-german": ["168-417"], "box2-german": ["gvr-01"]}, scenario="scenario2", turn=2,
                           flow=activity("german", "personalersatz"), units={"168-417": {"step": 1}})
    replies = await answer(tmp_path, position, "german: personalersatz 168-417 with gvr-01")
    assert cites(replies, "E 13.2")


async def test_mud_has_no_second_activity_phase(tmp_path):
    """E 5.3: in Mud each side has one activity phase: after the German's first comes the Soviet General Phase."""
    flow = [{"proc": "turn", "i": 12, "returned": {}, "resumed": True},
            {"proc": "activity", "side": "german", "step": "c3i", "general": False, "done": [], "first": "move"}]
    position = sp_position({"2020": ["gd-pz"], "3012": ["s-100"]}, flow=flow, scenario="scenario2", turn=3, weather="mud")
    replies = await answer(tmp_path, position, "german: c3i 0")
    assert any("Soviet General Phase" in r["text"] for r in replies)
