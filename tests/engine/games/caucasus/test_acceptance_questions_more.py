"""More rules questions of The Caucasus Campaign, on the chapters the first file asks least about:
special units (15), air and naval support (16), replacements (17), strategic road movement (7.5)
and victory (19). Each builds its position with referee commands only, gives one order and checks
the verdict and the rule number the Italian rulebook gives; the board is the open country of
columns 15-21, rows 37-45, with ``map`` overrides for the terrain a question needs."""

from __future__ import annotations

from tests.engine.games.acceptance import accepted, ask, refused

GAME = "caucasus"
MOVE = "clear\nphase axis primary movement\n"
COMBAT = "clear\nphase axis primary combat\n"
SECONDARY = "clear\nphase axis secondary movement\n"
SOVIET_SECONDARY = "clear\nphase soviet secondary movement\n"
ROAD = "\n".join(f"map line road 18{r} 18{r + 1} on" for r in range(36, 45)) + "\n"
RAIL = "\n".join(f"map line rail 18{r} 18{r + 1} on" for r in range(36, 45)) + "\n"


# Special units (15) -------------------------------------------------------------------------------


async def test_m01_cavalry_uses_its_full_allowance_in_the_secondary_impulse(tmp_path):
    """15.4: a cavalry division (MA 5) moves three hexes in a Secondary Movement Phase."""
    accepted(await ask(tmp_path, GAME, SECONDARY + "place rom5cav 1840", "axis: move rom5cav 1840 1841 1842 1843"))


async def test_m02_cavalry_advances_two_hexes_after_combat(tmp_path):
    """15.4, 12.1: a cavalry division advances after combat up to two hexes."""
    setup = COMBAT + "place rom5cav 1841\ncounter rom5cav attack 6\nplace s395rd 1842\ndice 6\naxis: attack rom5cav -> 1842\n"
    setup += "soviet: dd none\nsoviet: retreat s395rd 1843 1844"
    accepted(await ask(tmp_path, GAME, setup, "axis: advance rom5cav 1842 1843"))


async def test_m03_the_brandenburgers_give_one_column_right(tmp_path):
    """15.2: Brandenburgers in an attack may give it 1R."""
    setup = COMBAT + "place 125inf 1841\nplace brandenburg 1841\nplace s395rd 1842"
    verdict = await ask(tmp_path, GAME, setup, "axis: odds 125inf,brandenburg -> 1842 brandenburg")
    accepted(verdict, "15.2")
    assert "Final column 3-1" in verdict.text


async def test_m03b_the_brandenburgers_may_attack_as_a_normal_unit(tmp_path):
    """15.2: named among the attackers without asking for the shift, the Brandenburgers add their 1 factor only."""
    setup = COMBAT + "place 125inf 1841\nplace brandenburg 1841\nplace s395rd 1842"
    verdict = await ask(tmp_path, GAME, setup, "axis: odds 125inf,brandenburg -> 1842")
    accepted(verdict)
    assert "Brandenburgers (15.2)" not in verdict.text
    assert "Attack 7" in verdict.text


async def test_m04_no_brandenburger_shift_without_the_brandenburgers(tmp_path):
    """15.2: the Brandenburger 1R needs the Brandenburgers among the attackers."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 125inf -> 1842 brandenburg"), "15.2")


async def test_m05_mountain_divisions_attack_with_their_superscript_into_mountains(tmp_path):
    """15.5: a mountain division attacking into a mountain hex uses its superscript strength (8)."""
    setup = COMBAT + "place 1mtn 1841\nplace s395rd 1842\nmap terrain 1842 mountain"
    verdict = await ask(tmp_path, GAME, setup, "axis: odds 1mtn -> 1842")
    accepted(verdict, "15.5")


async def test_m06_the_armoured_train_moves_any_distance_in_a_secondary_phase(tmp_path):
    """15.6: an armoured train moves any distance along rail in every friendly Movement Phase."""
    setup = SOVIET_SECONDARY + RAIL + "place s-train1 1837"
    accepted(await ask(tmp_path, GAME, setup, "soviet: train s-train1 1838 1839 1840 1841 1842 1843 1844"))


async def test_m07_the_armoured_train_moves_only_along_rail(tmp_path):
    """15.6: an armoured train may not leave the railway."""
    setup = SOVIET_SECONDARY + RAIL + "place s-train1 1840"
    refused(await ask(tmp_path, GAME, setup, "soviet: train s-train1 1841 1941"), "15.6")


async def test_m08_an_hq_may_be_removed_voluntarily_in_a_movement_phase(tmp_path):
    """15.1: the owner may remove an HQ in any friendly Movement Phase."""
    accepted(await ask(tmp_path, GAME, MOVE + "place 1pza-hq 1840", "axis: hq-remove 1pza-hq"))


async def test_m09_an_hq_is_not_removed_in_a_combat_phase(tmp_path):
    """15.1: voluntary HQ removal happens only in a friendly Movement Phase."""
    refused(await ask(tmp_path, GAME, COMBAT + "place 1pza-hq 1840", "axis: hq-remove 1pza-hq"), "15.1")


async def test_m09b_an_hq_is_not_removed_in_a_secondary_combat_phase_either(tmp_path):
    """15.1: the Secondary Combat Phase is no Movement Phase for removing an HQ."""
    setup = "clear\nphase axis secondary combat\nplace 1pza-hq 1840"
    refused(await ask(tmp_path, GAME, setup, "axis: hq-remove 1pza-hq"), "15.1")


async def test_m10_the_bicycle_regiment_moves_at_half_an_mp_on_roads(tmp_path):
    """15.8, 7.5: the Bicycle Regiment (MA 4) moves eight road hexes with Strategic Road Movement."""
    setup = MOVE + ROAD + "place 4bike 1836"
    accepted(await ask(tmp_path, GAME, setup, "axis: move 4bike 1836 1837 1838 1839 1840 1841 1842 1843 1844 strat"))


async def test_m11_foot_units_move_only_one_more_hex_by_strategic_road(tmp_path):
    """7.5: an infantry division (MA 4) moves at most five road hexes with Strategic Road Movement."""
    setup = MOVE + ROAD + "place 125inf 1836"
    refused(await ask(tmp_path, GAME, setup, "axis: move 125inf 1836 1837 1838 1839 1840 1841 1842 strat"), "7.5")


async def test_m12_a_foot_unit_moves_two_road_hexes_in_the_secondary_impulse(tmp_path):
    """7.5, 7.3: with Strategic Road Movement a foot unit moves two road hexes in a Secondary phase."""
    setup = SECONDARY + ROAD + "place 125inf 1840"
    accepted(await ask(tmp_path, GAME, setup, "axis: move 125inf 1840 1841 1842 strat"))


# Air and naval support (16) -----------------------------------------------------------------------


async def test_m13_viii_fliegerkorps_gives_two_columns_right(tmp_path):
    """16.12, 16.15: VIII Fliegerkorps gives 2R to an attack within 8 hexes of an HQ (1-1 -> 3-1)."""
    setup = COMBAT + "place 1pza-hq 1845\nplace 125inf 1841\nplace s395rd 1842\nair viii-fk ready"
    verdict = await ask(tmp_path, GAME, setup, "axis: odds 125inf -> 1842 air viii-fk")
    accepted(verdict, "16.15")
    assert "Final column 3-1" in verdict.text


async def test_m14_viii_fliegerkorps_is_away_from_turn_4_to_11(tmp_path):
    """16.15: VIII Fliegerkorps is available only on turns 1-3 and 12-14."""
    setup = "clear\nturn 5\nphase axis primary combat\nplace 1pza-hq 1845\nplace 125inf 1841\nplace s395rd 1842\nair viii-fk ready"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 125inf -> 1842 air viii-fk"), "16.15")


async def test_m15_an_air_marker_already_used_this_impulse_is_refused(tmp_path):
    """16.11: an Air Support marker flipped to Used serves again only in the next impulse."""
    setup = COMBAT + "place 1pza-hq 1845\nplace 125inf 1841\nplace s395rd 1842\nair iv-fk used"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 125inf -> 1842 air iv-fk"), "16.11")


async def test_m16_an_out_of_supply_hq_still_gives_air_range(tmp_path):
    """15.1, 16.11: Air Support is usable within 8 hexes of an HQ even if it is out of supply."""
    setup = COMBAT + "place 1pza-hq 1845\nsupply 1pza-hq out\nplace 125inf 1841\nplace s395rd 1842\nair iv-fk ready"
    accepted(await ask(tmp_path, GAME, setup, "axis: odds 125inf -> 1842 air iv-fk"))


async def test_m17_one_air_marker_per_attack(tmp_path):
    """16.12: only one Air Support marker may be used in one attack."""
    setup = COMBAT + "place 1pza-hq 1845\nplace 125inf 1841\nplace s395rd 1842\nair iv-fk ready\nair viii-fk ready"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 125inf -> 1842 air iv-fk air viii-fk"), "16.12")


async def test_m18_an_unavailable_fleet_marker_cannot_bombard(tmp_path):
    """16.21: a Black Sea Fleet marker in the Unavailable box cannot be used."""
    setup = "clear\nphase soviet primary combat\nplace s395rd 1841\nplace 125inf 1842"
    refused(await ask(tmp_path, GAME, setup, "soviet: attack s395rd -> 1842 fleet bsf-1"), "16.21")


async def test_m19_the_fleet_bombards_only_a_black_sea_coastal_hex(tmp_path):
    """16.22: fleet bombardment is for an attack against a Black Sea coastal hex only."""
    setup = "clear\nphase soviet primary combat\nplace s395rd 1841\nplace 125inf 1842\nfleet bsf-1 available"
    refused(await ask(tmp_path, GAME, setup, "soviet: attack s395rd -> 1842 fleet bsf-1"), "16.22")


async def test_m20_the_soviet_uses_no_air_in_a_mobile_assault(tmp_path):
    """13.1, 16.12: only the Axis may use Air Support in a Mobile Assault (13.1 says it first)."""
    setup = "clear\nphase soviet secondary movement\nplace s-ncf-hq 1845\nplace s12cd 1840\nplace 125inf 1842\nair s-4aa ready"
    refused(await ask(tmp_path, GAME, setup, "soviet: mobile s12cd 1841 -> 1842 air s-4aa"), "13.1")


# Replacements (17) --------------------------------------------------------------------------------


async def test_m21_replacements_are_spent_only_in_the_primary_movement_phase(tmp_path):
    """17.2: a banked replacement is not spent in a Combat Phase."""
    setup = COMBAT + "place 125inf 1840\nstep 125inf 1\nrepl german_regular_inf 1"
    refused(await ask(tmp_path, GAME, setup, "axis: replace 125inf"), "17.2")


async def test_m22_a_disorganized_unit_receives_no_replacement(tmp_path):
    """11.5: a Disorganized unit may not receive a replacement (the rule lists it among its penalties)."""
    setup = MOVE + "place 125inf 1840\nstep 125inf 1\nmark 125inf disorganized on\nrepl german_regular_inf 1"
    refused(await ask(tmp_path, GAME, setup, "axis: replace 125inf"), "11.5")


async def test_m23_one_replacement_per_unit_per_turn(tmp_path):
    """17.2: a unit receives at most one replacement per turn."""
    setup = MOVE + "place 125inf 1840\nstep 125inf 2\nrepl german_regular_inf 2\naxis: replace 125inf"
    refused(await ask(tmp_path, GAME, setup, "axis: replace 125inf"), "17.2")


async def test_m24_a_replacement_is_not_spent_in_the_combat_phase_by_rebuilding_either(tmp_path):
    """17.2: a unit is not brought back from the Cadre box in a Combat Phase."""
    setup = COMBAT + "place 1pza-hq 1840\nremove 125inf cadre\nrepl german_regular_inf 1"
    refused(await ask(tmp_path, GAME, setup, "axis: rebuild 125inf 1840"), "17.2")


async def test_m25_rail_movement_is_not_made_in_a_combat_phase(tmp_path):
    """7.22: rail movement belongs to the friendly Primary Movement Phase."""
    refused(await ask(tmp_path, GAME, COMBAT + "place 13pz 1840", "axis: rail 13pz 1841"), "7.22")


async def test_m26_the_armoured_train_stops_at_the_first_enemy_zoc(tmp_path):
    """15.6: an armoured train must stop on entering the first enemy ZOC."""
    setup = SOVIET_SECONDARY + RAIL + "place s-train1 1837\nplace 125inf 1942"
    refused(await ask(tmp_path, GAME, setup, "soviet: train s-train1 1838 1839 1840 1841 1842 1843"), "15.6")


async def test_m27_the_armoured_train_attacks_in_a_secondary_combat_phase_without_assault(tmp_path):
    """15.6: an armoured train may attack in both friendly Combat Phases, with no Assault marker."""
    setup = "clear\nphase soviet secondary combat\nplace s-train1 1841\ncounter s-train1 attack 6\nplace 125inf 1842"
    accepted(await ask(tmp_path, GAME, setup, "soviet: attack s-train1 -> 1842"))


async def test_m28_the_brandenburgers_withdraw_after_giving_their_shift(tmp_path):
    """15.2: Brandenburgers that gave their shift and took no loss leave and return 1d6 turns later."""
    setup = COMBAT + "place 125inf 1841\nplace brandenburg 1841\nplace s395rd 1842\ndice 6\n"
    setup += "axis: attack 125inf,brandenburg -> 1842 brandenburg\nsoviet: dd none\nsoviet: retreat s395rd 1843 1844\ndice 3"
    verdict = await ask(tmp_path, GAME, setup, "axis: done")
    accepted(verdict, "15.2")
    assert "return on turn 4" in verdict.text


async def test_m29_air_support_in_defence_adds_one_to_the_determined_defence_roll(tmp_path):
    """16.13: an Air Support marker gives a Determined Defence +1 to its roll, not a column shift."""
    setup = COMBAT + "place s-ncf-hq 1845\nplace 125inf 1841\nplace s395rd 1842\nair s-4aa available\nair s-4aa ready\n"
    setup += "dice 6\naxis: attack 125inf -> 1842\ndice 3"
    verdict = await ask(tmp_path, GAME, setup, "soviet: dd s395rd air s-4aa")
    accepted(verdict)
    assert "DRM +1" in verdict.text


async def test_m30_one_support_marker_per_determined_defence(tmp_path):
    """10.4, 16.13: a Determined Defence takes one support marker, Air or Fleet, not both."""
    setup = COMBAT + "place s-ncf-hq 1845\nplace 125inf 1841\nplace s395rd 1842\nair s-4aa available\nair s-4aa ready\n"
    setup += "fleet bsf-1 available\ndice 6\naxis: attack 125inf -> 1842"
    refused(await ask(tmp_path, GAME, setup, "soviet: dd s395rd air s-4aa fleet bsf-1"), "10.4")


async def test_m31_an_hq_with_other_units_adds_no_defence(tmp_path):
    """15.1: an HQ's defence counts only if it is alone in the hex."""
    setup = COMBAT + "place 125inf 1841\nplace s395rd 1842\nplace s-ncf-hq 1842"
    verdict = await ask(tmp_path, GAME, setup, "axis: odds 125inf -> 1842")
    accepted(verdict, "15.1")
    assert "Defence 5" in verdict.text


async def test_m32_a_german_infantry_replacement_does_not_rebuild_romanian_cavalry(tmp_path):
    """17.2, 4.5: a replacement restores only a unit of its type and nationality."""
    setup = MOVE + "place rom5cav 1840\nstep rom5cav 1\nrepl german_regular_inf 1"
    refused(await ask(tmp_path, GAME, setup, "axis: replace rom5cav"), "17.2")


async def test_m33_a_soviet_infantry_replacement_restores_a_guards_rifle_division(tmp_path):
    """17.2: a Soviet infantry replacement may rebuild any Soviet infantry unit, Guards included."""
    setup = "clear\nphase soviet primary movement\nplace s2grd 1840\nstep s2grd 1\nrepl soviet_inf 1"
    verdict = await ask(tmp_path, GAME, setup, "soviet: replace s2grd")
    accepted(verdict)
    assert "restored one step" in verdict.text


async def test_m34_the_brandenburgers_are_rebuilt_only_with_a_special_replacement(tmp_path):
    """15.2: eliminated Brandenburgers come back only with a Special replacement, not an infantry one."""
    setup = MOVE + "place 1pza-hq 1840\nremove brandenburg cadre\nrepl german_regular_inf 1"
    refused(await ask(tmp_path, GAME, setup, "axis: rebuild brandenburg 1840"), "15.2")


async def test_m35_a_cadre_unit_does_not_return_on_an_hq_in_limited_supply(tmp_path):
    """17.2: a unit leaving the Cadre box is placed on a friendly HQ in Full Supply."""
    setup = MOVE + "place 1pza-hq 1840\nsupply 1pza-hq limited\nremove 125inf cadre\nrepl german_regular_inf 1"
    refused(await ask(tmp_path, GAME, setup, "axis: rebuild 125inf 1840"), "17.2")


async def test_m36_no_extended_movement_in_the_secondary_impulse(tmp_path):
    """7.21: extended movement is allowed only in a Primary Movement Phase."""
    setup = SECONDARY + "place 13pz 1840"
    refused(await ask(tmp_path, GAME, setup, "axis: move 13pz 1841 1842 1843 1844 1845 1846 1847 ext"), "7.21")


async def test_m37_air_support_flies_in_the_primary_impulse_of_a_bad_weather_turn(tmp_path):
    """4.8: in Bad Weather the Air Support markers remain usable in the Primary Impulses."""
    setup = "clear\nturn 6\nweather bad\nphase axis primary combat\nplace 1pza-hq 1845\nplace 125inf 1841\nplace s395rd 1842\nair iv-fk ready"
    verdict = await ask(tmp_path, GAME, setup, "axis: odds 125inf -> 1842 air iv-fk")
    accepted(verdict, "16.12")
    assert "Final column 2-1" in verdict.text


# Victory (19) -------------------------------------------------------------------------------------

TEN_VP = "clear\nturn 6\n" + "\n".join(f"control {h} axis" for h in ("1828", "1838", "2032", "2025", "1935")) + "\n"


async def test_m38_the_soviet_recapture_of_rostov_is_a_sudden_victory(tmp_path):
    """19.3: at a Victory Check from turn 6, a Soviet-held Rostov wins for the Soviet even with the Axis at its threshold."""
    verdict = await ask(tmp_path, GAME, TEN_VP + "control 1031 soviet\nphase soviet primary combat", "soviet: done")
    accepted(verdict, "19.3")
    assert "recaptured Rostov" in verdict.text


async def test_m39_at_its_threshold_with_rostov_held_the_axis_plays_on(tmp_path):
    """19.3: with the Axis VP at the turn's threshold (10 on turn 6) and Rostov Axis, nobody wins yet."""
    verdict = await ask(tmp_path, GAME, TEN_VP + "control 1031 axis\nphase soviet primary combat", "soviet: done")
    accepted(verdict)
    assert "The campaign is over" not in verdict.text and "Turn 7 begins" in verdict.text


async def test_m40_seven_vp_over_the_threshold_is_an_axis_sudden_victory(tmp_path):
    """19.3: the Axis wins at once with at least the turn's threshold + 7 VP (17 on turn 6)."""
    more = "\n".join(f"control {h} axis" for h in ("2550", "2656", "2646")) + "\n"
    verdict = await ask(tmp_path, GAME, TEN_VP + more + "phase soviet primary combat", "soviet: done")
    accepted(verdict, "19.3")
    assert "Sudden victory: 17 VP" in verdict.text


async def test_m41_rostov_recaptured_before_turn_6_ends_nothing(tmp_path):
    """19.3 (ruling 67): sudden victory, Rostov included, is checked only from turn 6."""
    setup = TEN_VP.replace("turn 6", "turn 5") + "control 1031 soviet\nphase soviet primary combat"
    verdict = await ask(tmp_path, GAME, setup, "soviet: done")
    accepted(verdict)
    assert "The campaign is over" not in verdict.text


# Naval movement, the Azov Flotilla and the Black Sea Fleet (7.22, 15.3, 16.22) -------------------

PORTS = "\n".join(f"control {h} soviet" for h in ("1227", "1426", "1724", "2431", "2229")) + "\n"


async def test_m42_only_naval_brigades_sail_the_sea_of_azov(tmp_path):
    """7.22: on the Sea of Azov only Naval brigades may use naval movement."""
    setup = "clear\n" + PORTS + "phase soviet primary movement\nplace s395rd 1227"
    refused(await ask(tmp_path, GAME, setup, "soviet: naval s395rd 1426"), "7.22")


async def test_m43_the_flotilla_sails_from_an_enemy_zoc_out_of_supply_in_a_secondary_phase(tmp_path):
    """15.3: the Azov Flotilla moves port to port in a Secondary phase, from an EZOC and out of supply."""
    setup = "clear\nturn 2\n" + PORTS + "phase soviet secondary movement\nplace s-azov 1227\nsupply s-azov out\nplace 125inf 1228"
    accepted(await ask(tmp_path, GAME, setup, "soviet: flotilla 1426"), "15.3")


async def test_m44_the_flotilla_stays_on_the_sea_of_azov(tmp_path):
    """15.3: the Azov Flotilla moves only to a friendly Sea of Azov port, not a Black Sea one."""
    setup = "clear\n" + PORTS + "phase soviet primary movement\nplace s-azov 1227"
    refused(await ask(tmp_path, GAME, setup, "soviet: flotilla 2431"), "15.3")


async def test_m45_the_fleet_bombards_a_black_sea_coastal_hex_with_two_columns_right(tmp_path):
    """16.22: a Black Sea Fleet marker gives 2R to an attack on a Black Sea coastal hex (1-3 -> 1-1)."""
    setup = "clear\n" + PORTS + "phase soviet primary combat\nplace s395rd 2230\nplace 125inf 2229\nfleet bsf-1 available"
    verdict = await ask(tmp_path, GAME, setup, "soviet: odds s395rd -> 2229 fleet bsf-1")
    accepted(verdict, "16.22")
    assert "Final column 1-1" in verdict.text


async def test_m46_one_fleet_marker_per_attack(tmp_path):
    """16.22 (ruling 28): an attack takes at most one Fleet marker."""
    setup = "clear\n" + PORTS + "phase soviet primary combat\nplace s395rd 2230\nplace 125inf 2229\nfleet bsf-1 available\nfleet bsf-2 available"
    refused(await ask(tmp_path, GAME, setup, "soviet: attack s395rd -> 2229 fleet bsf-1 fleet bsf-2"), "16.22")
