"""Rules questions of The Caucasus Campaign, asked as a referee would at the table: each builds
its position only with referee commands (``clear``, ``phase``, ``place``, ``map ...``,
``counter ...``, ``dice ...``) through the campaign service, gives one order and checks the
verdict and the rule number the Italian rulebook gives. The open country of columns 15-21,
rows 37-45 of the map is the board; ``map`` overrides add the terrain a question needs."""

from __future__ import annotations

import json
from pathlib import Path

from tests.engine.games.acceptance import accepted, ask, refused

GAME = "caucasus"
EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "positions"
MOVE = "clear\nphase axis primary movement\n"
COMBAT = "clear\nphase axis primary combat\n"
SECONDARY = "clear\nphase axis secondary movement\n"
DR_ON_1842 = COMBAT + "place 125inf 1841\nplace s395rd 1842\ndice 6\naxis: attack 125inf -> 1842\n"


# Movement (7) -----------------------------------------------------------------------------------


async def test_q01_a_unit_may_not_spend_more_than_its_movement_allowance(tmp_path):
    """7.1: an infantry division (MA 4) cannot move five hexes of open country."""
    refused(await ask(tmp_path, GAME, MOVE + "place 125inf 1840", "axis: move 125inf 1845"), "7.1")


async def test_q02_a_unit_may_not_enter_an_enemy_occupied_hex(tmp_path):
    """7.1: no unit enters a hex occupied by enemy units."""
    setup = MOVE + "place 13pz 1841\nplace s395rd 1843"
    refused(await ask(tmp_path, GAME, setup, "axis: move 13pz 1841 1842 1843"), "7.1")


async def test_q03_leaving_an_enemy_zoc_costs_two_more_mp(tmp_path):
    """6.3: an infantry division leaving an EZOC pays +2 MP, so it cannot then move two more hexes."""
    setup = MOVE + "place 125inf 1842\nplace s395rd 1843"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1842 1841 1840 1839"), "6.3")


async def test_q04_a_unit_may_move_from_ezoc_to_ezoc(tmp_path):
    """6.3: a unit is not obliged to stop in an EZOC and may move from EZOC to EZOC if it pays."""
    setup = MOVE + "place 13pz 1841\nplace s395rd 1843"
    accepted(await ask(tmp_path, GAME, setup, "axis: move 13pz 1841 1842 1942"))


async def test_q05_white_box_units_exert_no_zoc(tmp_path):
    """6.2: a Soviet anti-tank regiment has no ZOC: leaving its side costs nothing more."""
    setup = MOVE + "place 125inf 1840\nplace s1at 1842"
    verdict = await ask(tmp_path, GAME, setup, "axis: move 125inf 1840 1841 1740 1640 1540")
    accepted(verdict)
    assert "(4 MP)" in verdict.text


async def test_q06_extended_movement_may_not_end_in_an_ezoc(tmp_path):
    """7.21: the +2 MP of extended movement is allowed only if the unit does not end in an EZOC."""
    setup = MOVE + "place 125inf 1838\nplace s395rd 1844"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1838 1839 1840 1841 1842 1843 ext"), "7.21")


async def test_q07_extended_movement_adds_two_mp(tmp_path):
    """7.21: an infantry division (MA 4) moves six hexes of open country with extended movement."""
    verdict = await ask(tmp_path, GAME, MOVE + "place 125inf 1838", "axis: move 125inf 1838 1839 1840 1841 1842 1843 1844 ext")
    accepted(verdict)


async def test_q08_mechanized_units_never_enter_mountain_off_the_road(tmp_path):
    """7.6: a panzer division may not enter a mountain hex except along a road."""
    setup = MOVE + "place 13pz 1841\nmap terrain 1842 mountain"
    refused(await ask(tmp_path, GAME, setup, "axis: move 13pz 1842"), "7.6")


async def test_q09_mechanized_units_stop_on_entering_forest(tmp_path):
    """7.6: a mechanized unit must stop on entering a forest hex off the road (not the general 7.8)."""
    setup = MOVE + "place 13pz 1840\nmap terrain 1841 forest"
    refused(await ask(tmp_path, GAME, setup, "axis: move 13pz 1840 1841 1842"), "7.6")


async def test_q10_foot_units_stop_on_entering_swamp(tmp_path):
    """7.8: every non-mechanized unit stops on entering a swamp hex off the road."""
    setup = MOVE + "place 125inf 1840\nmap terrain 1841 swamp"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1840 1841 1842"), "7.8")


async def test_q11_no_unit_enters_an_alpine_hex(tmp_path):
    """7.8: no unit may enter an Alpine hex."""
    setup = MOVE + "place 125inf 1840\nmap terrain 1841 alpine"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1841"), "7.8")


async def test_q12_mountain_infantry_does_not_stop_in_mountains(tmp_path):
    """7.8, 15.5: a mountain division moves on through mountain hexes (2 MP each)."""
    setup = MOVE + "place 1mtn 1840\nmap terrain 1841 mountain\nmap terrain 1842 mountain"
    verdict = await ask(tmp_path, GAME, setup, "axis: move 1mtn 1840 1841 1842")
    accepted(verdict)
    assert "(4 MP)" in verdict.text


async def test_q13_a_major_river_is_crossed_only_as_the_first_move(tmp_path):
    """7.7: an unbridged major river is crossed only by a unit that started next to it, as its first move."""
    setup = MOVE + "place 125inf 1839\nmap side 1840 1841 major_river"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1839 1840 1841"), "7.7")


async def test_q14_minimum_movement_of_one_hex(tmp_path):
    """7.4: a unit may always move one hex, even without the MP for it (MA 1 into a 2 MP mountain)."""
    setup = MOVE + "place 125inf 1840\ncounter 125inf move 1\nmap terrain 1841 mountain"
    accepted(await ask(tmp_path, GAME, setup, "axis: move 125inf 1841"))


async def test_q15_strategic_road_movement_may_not_enter_an_ezoc(tmp_path):
    """7.5: strategic road movement may not enter or leave an enemy ZOC."""
    setup = MOVE + "place 125inf 1840\nmap line road 1840 1841 on\nmap line road 1841 1842 on\nplace s395rd 1843"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1840 1841 1842 strat"), "7.5")


async def test_q16_foot_units_move_one_hex_in_the_secondary_impulse(tmp_path):
    """7.3: in a Secondary Movement Phase a foot unit moves one hex only."""
    refused(await ask(tmp_path, GAME, SECONDARY + "place 125inf 1840", "axis: move 125inf 1840 1841 1842"), "7.3")


async def test_q17_a_foot_unit_with_an_assault_marker_may_not_move(tmp_path):
    """7.3: a foot unit that will attack in the Secondary Combat Phase must not move (not the general 7.1)."""
    setup = SECONDARY + "place 125inf 1841\naxis: assault 125inf"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1842"), "7.3")


async def test_q18_the_other_side_does_not_move_in_the_axis_phase(tmp_path):
    """7.2: the Primary Movement Phase is the phasing player's; the Soviet waits."""
    setup = MOVE + "place s395rd 1843"
    refused(await ask(tmp_path, GAME, setup, "soviet: move s395rd 1844"), "7.2")


async def test_q19_only_the_soviet_moves_by_sea(tmp_path):
    """7.22: only the Soviet player may use naval movement."""
    refused(await ask(tmp_path, GAME, MOVE + "place 125inf 1840", "axis: naval 125inf 1842"), "7.22")


# Stacking (5) -----------------------------------------------------------------------------------


async def test_q20_stacking_is_checked_at_the_end_of_the_movement_phase(tmp_path):
    """5.1, 5.2: four divisions may pass through a hex, but the phase cannot end with them stacked."""
    setup = MOVE + "place 125inf 1840\nplace 73inf 1840\nplace 9inf 1840\nplace 198inf 1841\naxis: move 198inf 1840"
    refused(await ask(tmp_path, GAME, setup, "axis: done"), "5.2")


async def test_q21_a_stug_brigade_stacks_for_free(tmp_path):
    """5.1: a StuG (white box) does not count against the limit of three units."""
    setup = MOVE + "place 125inf 1840\nplace 73inf 1840\nplace 9inf 1840\nplace stug191 1841\naxis: move stug191 1840"
    accepted(await ask(tmp_path, GAME, setup, "axis: done"))


# Combat (8, 9, 10) --------------------------------------------------------------------------------


async def test_q22_only_adjacent_hexes_are_attacked(tmp_path):
    """8.1: units attack adjacent enemy units only."""
    setup = COMBAT + "place 13pz 1841\nplace s395rd 1843"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 13pz -> 1843"), "8.1")


async def test_q23_no_unit_attacks_twice_in_a_combat_phase(tmp_path):
    """8.1: a unit that attacked (an A1 at 1-1) may not attack another hex in the same phase."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842\nplace s74rd 1740\ndice 1\naxis: attack 125inf -> 1842"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 125inf -> 1740"), "8.1")


async def test_q24_no_hex_is_attacked_twice_in_a_combat_phase(tmp_path):
    """8.1: a defender already attacked this phase may not be attacked again."""
    setup = COMBAT + "place 125inf 1841\nplace 73inf 1943\nplace s395rd 1842\ndice 1\naxis: attack 125inf -> 1842"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 73inf -> 1842"), "8.1")


async def test_q25_odds_below_one_to_two_are_not_allowed(tmp_path):
    """8.4: an attack at 1-5 is not allowed."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842\ncounter 125inf attack 1"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 125inf -> 1842"), "8.4")


async def test_q26_only_assault_marked_units_attack_in_the_secondary_combat_phase(tmp_path):
    """8.1: in a Secondary Combat Phase only units with an Assault marker attack."""
    setup = "clear\nphase axis secondary combat\nplace 125inf 1841\nplace s395rd 1842"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 125inf -> 1842"), "8.1")


async def test_q27_hqs_never_attack(tmp_path):
    """15.1: an HQ cannot attack."""
    setup = COMBAT + "place 1pza-hq 1841\nplace s395rd 1842"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 1pza-hq -> 1842"), "15.1")


async def test_q28_limited_supply_halves_the_attack(tmp_path):
    """14.5, 9.1: a unit in limited supply attacks with half its strength (6 -> 3, 1-2)."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842\nsupply 125inf limited"
    verdict = await ask(tmp_path, GAME, setup, "axis: odds 125inf -> 1842")
    accepted(verdict, "14.5")
    assert "Final column 1-2" in verdict.text


async def test_q29_air_support_needs_an_hq_within_eight_hexes(tmp_path):
    """16.11: an Air Support marker is used only within 8 hexes of a friendly HQ."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842\nair viii-fk ready"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 125inf -> 1842 air viii-fk"), "16.11")


async def test_q30_the_loss_goes_to_a_full_strength_unit_first(tmp_path):
    """10.2: of a full and a reduced attacker, the A1 loss must fall on the full-strength unit."""
    setup = COMBAT + "place 125inf 1841\nplace 73inf 1841\nstep 73inf 1\nplace s395rd 1842\nplace s74rd 1842\ndice 2"
    verdict = await ask(tmp_path, GAME, setup, "axis: attack 125inf,73inf -> 1842")
    accepted(verdict, "10.2")
    assert "125inf loses a step" in verdict.text


async def test_q31_determined_defence_cannot_cancel_a_d1_b(tmp_path):
    """10.4: a D1-B retreat cannot be cancelled by a Determined Defence."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842\ncounter 125inf attack 35\ndice 6\naxis: attack 125inf -> 1842"
    refused(await ask(tmp_path, GAME, setup, "soviet: dd s395rd"), "10.4")


async def test_q32_a_disorganized_unit_cannot_lead_a_determined_defence(tmp_path):
    """10.4, 11.5: a Disorganized unit may not be the lead unit (an A1/D1 leaves no leader)."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842\nmark s395rd disorganized on\ndice 6\naxis: attack 125inf -> 1842"
    refused(await ask(tmp_path, GAME, setup, "soviet: dd s395rd"), "10.4")


async def test_q33_a_white_box_unit_cannot_lead_a_determined_defence(tmp_path):
    """10.4: units with a white box (an anti-tank regiment) may not lead a Determined Defence."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842\nplace s1at 1842\ndice 6\naxis: attack 125inf -> 1842"
    refused(await ask(tmp_path, GAME, setup, "soviet: dd s1at"), "10.4")


async def test_q34_the_determined_defence_question_comes_before_any_loss_order(tmp_path):
    """8.3, 10.4: after a DR the defender first answers Determined Defence or retreat."""
    setup = DR_ON_1842.replace("place 125inf 1841", "place 125inf 1841\nplace 73inf 1841").replace("125inf ->", "125inf,73inf ->").replace("dice 6", "dice 5")
    refused(await ask(tmp_path, GAME, setup, "soviet: loss s395rd"), "10.4")


# Retreat and advance (11, 12) ---------------------------------------------------------------------


async def test_q35_a_two_hex_retreat_in_open_country_cannot_stop_after_one(tmp_path):
    """11.1: a retreat may end after one hex only in a town, city, swamp, forest or mountain hex."""
    setup = DR_ON_1842 + "soviet: dd none"
    refused(await ask(tmp_path, GAME, setup, "soviet: retreat s395rd 1843"), "11.1")


async def test_q36_a_retreat_loses_as_few_steps_as_possible(tmp_path):
    """11.1 (priority 1), 11.2: a path through two EZOCs is refused when another loses fewer steps."""
    setup = DR_ON_1842.replace("dice 6", "place 73inf 1844\nplace 9inf 1943\nplace 198inf 1942\ndice 6") + "soviet: dd none"
    refused(await ask(tmp_path, GAME, setup, "soviet: retreat s395rd 1843 1844"), "11.1")


async def test_q37_foot_units_advance_one_hex(tmp_path):
    """12.1: a non-mechanized unit advances after combat one hex only."""
    setup = DR_ON_1842 + "soviet: dd none\nsoviet: retreat s395rd 1843 1844"
    refused(await ask(tmp_path, GAME, setup, "axis: advance 125inf 1842 1843"), "12.1")


async def test_q38_an_out_of_supply_unit_advances_one_hex(tmp_path):
    """12.4, 14.4: a panzer division out of supply advances one hex only (A1/D2 at 5-1)."""
    setup = COMBAT + "place 13pz 1841\nplace s395rd 1842\nsupply 13pz out\ncounter 13pz attack 30\ndice 6\naxis: attack 13pz -> 1842"
    refused(await ask(tmp_path, GAME, setup, "axis: advance 13pz 1842 1843"), "12.4")


# Mobile Assault (13) ------------------------------------------------------------------------------


async def test_q39_foot_units_make_no_mobile_assault(tmp_path):
    """13.1: only mechanized or cavalry units make a Mobile Assault."""
    setup = SECONDARY + "place 125inf 1841\nplace s395rd 1842"
    refused(await ask(tmp_path, GAME, setup, "axis: mobile 125inf -> 1842"), "13.1")


async def test_q40_a_mobile_assault_needs_three_mp(tmp_path):
    """13.1: a panzer division with 2 MP left cannot pay the 3 MP of a Mobile Assault."""
    setup = SECONDARY + "place 13pz 1840\nplace s395rd 1845\naxis: move 13pz 1840 1841 1842 1843"
    refused(await ask(tmp_path, GAME, setup, "axis: mobile 13pz 1844 -> 1845"), "13.1")


# Supply, disorganization, replacements (11.5, 14, 17) --------------------------------------------


async def test_q41_an_out_of_supply_unit_moves_two_hexes_at_most(tmp_path):
    """14.4: a unit Out of Supply may move at most 2 hexes."""
    setup = MOVE + "place 125inf 1840\nsupply 125inf out"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1840 1841 1842 1843"), "14.4")


async def test_q42_a_disorganized_unit_may_not_end_its_move_in_an_ezoc(tmp_path):
    """11.5: a Disorganized unit may not end its movement in an enemy ZOC."""
    setup = MOVE + "place 125inf 1840\nplace s395rd 1842\nmark 125inf disorganized on"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1840 1841"), "11.5")


async def test_q43_a_replaced_unit_moves_one_hex(tmp_path):
    """17.2: a unit that received a replacement moves at most one hex."""
    setup = MOVE + "place 125inf 1840\nmark 125inf replaced on"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1840 1841 1842"), "17.2")


async def test_q44_a_replaced_unit_does_not_attack_in_the_primary_combat_phase(tmp_path):
    """17.2: a unit with a Replacement marker may not attack in the Primary Combat Phase."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842\nmark 125inf replaced on"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 125inf -> 1842"), "17.2")


# Weather, special rules (4.8, 18) -----------------------------------------------------------------


async def test_q45_bad_weather_skips_the_secondary_impulses(tmp_path):
    """4.8: in bad weather there is no Secondary Impulse; a Soviet move then names the skipped impulse."""
    setup = "clear\nweather bad\nphase axis primary combat\naxis: done"
    refused(await ask(tmp_path, GAME, setup, "soviet: move s320rd 1840"), "4.8")


async def test_q46_not_one_step_back_on_turn_one(tmp_path):
    """18.2: in turn 1's Secondary Impulse, Soviet units that start in an EZOC may not move."""
    setup = "clear\nturn 1\nphase soviet secondary movement\nplace s395rd 1841\nplace 125inf 1842"
    refused(await ask(tmp_path, GAME, setup, "soviet: move s395rd 1840"), "18.2")


async def test_q47_two_reduced_soviet_divisions_merge(tmp_path):
    """18.1: two reduced Soviet rifle divisions ending in one hex merge into a full-strength one."""
    setup = "clear\nphase soviet primary movement\nplace s395rd 1840\nplace s74rd 1841\nstep s395rd 1\nstep s74rd 1\nsoviet: move s74rd 1840"
    accepted(await ask(tmp_path, GAME, setup, "soviet: merge s395rd s74rd"), "18.1")


# Reinforcements, replacements, Automatic Elimination, rail (4, 8.5, 7.22, 17) ---------------------


async def test_q48_a_random_reinforcement_arrives_only_on_its_legal_hexes(tmp_path):
    """4.4: a Soviet random reinforcement is placed only where the rule lets it enter."""
    setup = "clear\nweather bad\nphase axis primary combat\naxis: done"
    refused(await ask(tmp_path, GAME, setup, "soviet: place s320rd 1840"), "4.4")


async def test_q49_a_replacement_needs_one_banked_of_its_type(tmp_path):
    """17.2: a reduced unit is restored only with a replacement of its type on the track."""
    setup = MOVE + "place 125inf 1840\nstep 125inf 1"
    refused(await ask(tmp_path, GAME, setup, "axis: replace 125inf"), "17.2")


async def test_q50_an_out_of_supply_unit_receives_no_replacement(tmp_path):
    """14.4, 17.2: a unit Out of Supply cannot receive replacements."""
    setup = MOVE + "place 125inf 1840\nstep 125inf 1\nrepl german_regular_inf 1\nsupply 125inf out"
    refused(await ask(tmp_path, GAME, setup, "axis: replace 125inf"), "14.4")


async def test_q51_a_replacement_restores_a_step(tmp_path):
    """17.2: in the Primary Movement Phase a banked replacement restores a reduced unit of its type."""
    setup = MOVE + "place 125inf 1840\nstep 125inf 1\nrepl german_regular_inf 1"
    verdict = await ask(tmp_path, GAME, setup, "axis: replace 125inf")
    accepted(verdict)
    assert "restored one step" in verdict.text


async def test_q52_automatic_elimination_in_the_movement_phase(tmp_path):
    """8.5: units moved next to the enemy with 10-1 or more eliminate it without a roll."""
    setup = MOVE + "\n".join(f"place {u} 1840\ncounter {u} attack 20" for u in ("125inf", "73inf", "9inf"))
    setup += "\nplace s395rd 1842\naxis: move 125inf,73inf,9inf 1841"
    verdict = await ask(tmp_path, GAME, setup, "axis: ae 125inf,73inf,9inf -> 1842")
    accepted(verdict, "8.5")
    assert "s395rd is eliminated" in verdict.text


async def test_q53_rail_movement_starts_on_a_usable_rail_hex(tmp_path):
    """7.22: a rail hex is usable only if linked by rail to a friendly Major City or Entry hex."""
    setup = MOVE + "place 13pz 1840\nmap line rail 1840 1841 on\nmap line rail 1841 1842 on"
    refused(await ask(tmp_path, GAME, setup, "axis: rail 13pz 1842"), "7.22")


# Victory (19) -----------------------------------------------------------------------------------


async def test_q54_the_soviet_wins_when_the_axis_falls_below_the_turn_threshold(tmp_path):
    """19.3: from turn 6, an Axis VP total below the turn's threshold at the Victory Check is a Soviet sudden victory."""
    setup = "clear\nturn 6\nphase soviet primary combat"
    verdict = await ask(tmp_path, GAME, setup, "soviet: done")
    accepted(verdict, "19.3")
    assert "The campaign is over" in verdict.text


# From a position file (adjutant play caucasus --position FILE) ------------------------------------


async def test_q55_from_a_position_file_the_opponent_picks_the_full_strength_units(tmp_path):
    """10.1, 10.2: the shipped position (13pz and reduced 3pz against 1032, the next roll fixed at 5)
    gives A1/D1 at 3-1: each side loses a step, picked by the opponent among full-strength units."""
    position = json.loads((EXAMPLES / "caucasus.position.json").read_text(encoding="utf-8"))
    verdict = await ask(tmp_path, GAME, "", "axis: attack 13pz,3pz -> 1032", position)
    accepted(verdict, "10.2")
    assert "Result: A1/D1" in verdict.text and "13pz loses a step" in verdict.text


async def test_q56_a_one_step_defender_costs_the_attacker_nothing_on_an_a1_d2(tmp_path):
    """10.1: on A1/D2 against a defender with one step to lose, the attacker loses nothing and advances (12)."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842\nstep s395rd 1\ncounter 125inf attack 15\ndice 5\naxis: attack 125inf -> 1842"
    verdict = await ask(tmp_path, GAME, setup, "axis: advance 125inf 1842")
    accepted(verdict)
    assert "125inf advances 1841 1842" in verdict.text


async def test_q57_a_defender_surrounded_by_enemy_units_is_eliminated_on_retreat(tmp_path):
    """11.2 (b): with every neighbour enemy-occupied, the retreating unit is eliminated, the log says why."""
    ring = "\n".join(f"place {u} {h}" for u, h in (("73inf", "1843"), ("9inf", "1941"), ("198inf", "1942"), ("46inf", "1742"), ("111inf", "1943")))
    verdict = await ask(tmp_path, GAME, DR_ON_1842.replace("dice 6", ring + "\ndice 6"), "soviet: dd none")
    accepted(verdict, "11.2")
    assert "s395rd has no retreat it survives and is eliminated: into an enemy-occupied hex" in verdict.text
