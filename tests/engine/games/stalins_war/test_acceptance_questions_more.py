"""More rules questions of Stalin's War, asked as a referee would at the table, for the chapters the
first set leaves thin: strategic movement (10.2), exploitation (12), combat details (11.x),
replacements (14), Partisans (16.1), Festung (16.3), Stalin (16.4), oil (17) and banked OPS (18).
Each question builds its position with referee commands only, gives one order and checks the
verdict and the rule the Italian rulebook gives. The open country around 3616 is the board, as in
``test_acceptance_questions.py``."""

from __future__ import annotations

from tests.engine.games.acceptance import accepted, ask, refused

GAME = "stalins-war"
MOSCOW, LENINGRAD, WARSAW, BERLIN, MINSK = "2722", "2517", "1621", "1218", "2022"


def axis_round(*placements: str, turn: int = 10, play: str = "play 16 ops") -> str:
    """Turn ``turn``, the Axis AR2 with AX16 (4 OPS), AX9 and AX22 in hand, the units placed, the
    card played for OPS (or ``play`` as given; empty: no card played yet)."""
    lines = ["clear", f"turn {turn}", "hand axis AX16 AX9 AX22", "phase axis 2", *placements]
    return "\n".join([*lines, f"axis: {play}"] if play else lines)


def soviet_round(*placements: str, turn: int = 10, play: str = "play 16 ops") -> str:
    """Turn ``turn``, the Soviet AR2 with SU16 (Lend Lease, 4 OPS), SU8 and SU11 in hand, the units
    placed, the card played for OPS (or ``play``; empty: no card played yet)."""
    lines = ["clear", f"turn {turn}", "hand soviet SU16 SU8 SU11", "phase soviet 2", *placements]
    return "\n".join([*lines, f"soviet: {play}"] if play else lines)


def exploit_step(*placements: str) -> str:
    """The Axis AR2's combat step moved on to exploitation with a Blitz marker in 3617."""
    setup = axis_round("place ge-4a 3616", *placements)
    return setup + "\naxis: combat 3616\naxis: done\nhistory round blitz 3617 on\njump exploit"


# Strategic movement (10.2) -----------------------------------------------------------------------


async def test_m01_a_unit_that_used_rail_does_not_also_move(tmp_path):
    """10.2.1: a unit that moved by rail may not also move normally in the same round."""
    setup = soviet_round(f"place su-13r {MOSCOW}") + f"\nsoviet: rail su-13r {LENINGRAD}"
    refused(await ask(tmp_path, GAME, setup, "soviet: move su-13r 2518"), "10.2.1")


async def test_m02_rail_leaves_an_enemy_zoc_only_past_a_friend_who_stays(tmp_path):
    """10.2.2: a unit alone in an enemy ZOC may not start a rail move there."""
    setup = soviet_round(f"place su-13r {MOSCOW}", "place ge-6a 2721")
    refused(await ask(tmp_path, GAME, setup, f"soviet: rail su-13r {LENINGRAD}"), "10.2.2")


async def test_m03_rail_starts_in_an_enemy_zoc_with_a_friend_staying(tmp_path):
    """10.2.2: with another friendly unit staying in the hex the rail move may start in an enemy ZOC."""
    setup = soviet_round(f"place su-13r {MOSCOW}", f"place su-20r {MOSCOW}", "place ge-6a 2721")
    accepted(await ask(tmp_path, GAME, setup, f"soviet: rail su-13r {LENINGRAD}"))


async def test_m04_no_axis_rail_in_the_ussr_before_turn_five(tmp_path):
    """10.2.3: the Axis may not use rail movement in the USSR in turns 1-4."""
    setup = axis_round(f"place ge-43c {WARSAW}", f"control {MINSK} axis", turn=3)
    refused(await ask(tmp_path, GAME, setup, f"axis: rail ge-43c {MINSK}"), "10.2.3")


async def test_m05_soviets_never_rail_in_germany(tmp_path):
    """10.2.4: Soviet units never use rail movement in Germany."""
    setup = soviet_round(f"place su-13r {MINSK}", f"control {WARSAW} soviet", turn=14)
    refused(await ask(tmp_path, GAME, setup, f"soviet: rail su-13r {WARSAW}"), "10.2.4")


async def test_m06_the_soviet_sea_move_is_black_sea_only(tmp_path):
    """10.2.6: Soviet naval movement is on the Black Sea / Sea of Azov only, not the Baltic."""
    setup = soviet_round(f"place su-13r {LENINGRAD}")
    refused(await ask(tmp_path, GAME, setup, "soviet: sea su-13r 2217"), "10.2.6")


# Exploitation (12) ---------------------------------------------------------------------------------


async def test_m07_exploiting_units_ignore_enemy_zoc(tmp_path):
    """12.2.4: an exploiting panzer corps moves through an enemy ZOC without stopping."""
    setup = exploit_step("place ge-14pz 3616", "place su-west-front 3719")
    accepted(await ask(tmp_path, GAME, setup, "axis: exploit ge-14pz 3617 3618 3619"))


async def test_m08_exploitation_stops_on_entering_a_forest(tmp_path):
    """12.2.5: an exploiting unit must stop on entering a forest hex."""
    setup = exploit_step("place ge-14pz 3616", "map terrain 3618 forest")
    refused(await ask(tmp_path, GAME, setup, "axis: exploit ge-14pz 3617 3618 3619"), "12.2.5")


async def test_m09_a_unit_exploits_once_a_round(tmp_path):
    """12.1.4: a unit exploits at most once in an Action Round."""
    setup = exploit_step("place ge-14pz 3616") + "\naxis: exploit ge-14pz 3617"
    refused(await ask(tmp_path, GAME, setup, "axis: exploit ge-14pz 3618"), "12.1.4")


async def test_m10_exploiting_units_start_in_or_next_to_the_blitz_hex(tmp_path):
    """12.1.4: a panzer corps two hexes from the Blitz marker cannot exploit."""
    setup = exploit_step("place ge-14pz 3615", "place ge-3pz 3614")
    refused(await ask(tmp_path, GAME, setup, "axis: exploit ge-3pz 3615"), "12.1.4")


# Replacements (14) ---------------------------------------------------------------------------------


async def test_m11_a_unit_out_of_supply_is_not_replaced(tmp_path):
    """14.1.2: levels are replaced only for units on the map in full supply."""
    setup = "clear\nturn 10\nplace ge-4a 3616\nlevel ge-4a 3\nsupply ge-4a out\nrp GE 3\nphase replacement axis"
    refused(await ask(tmp_path, GAME, setup, "axis: replace ge-4a"), "14.1.2")


async def test_m12_an_scu_level_costs_half_an_rp(tmp_path):
    """14.1.3: replacing a level of a Soviet rifle army (SCU) costs ½ RP (2 left 1.5)."""
    setup = f"clear\nturn 10\nplace su-13r {MOSCOW}\nlevel su-13r 1\nrp soviet 2\nphase replacement soviet"
    verdict = await ask(tmp_path, GAME, setup, "soviet: replace su-13r")
    accepted(verdict)
    assert "1.5" in verdict.text


async def test_m13_no_panzer_replacement_while_the_soviet_holds_the_usir(tmp_path):
    """14.2.2: no Panzer level is replaced while the USIR is Soviet-controlled."""
    setup = f"clear\nturn 10\nplace ge-14pz {WARSAW}\nlevel ge-14pz 1\ncontrol 1422 soviet\nrp PZ 3\nphase replacement axis"
    refused(await ask(tmp_path, GAME, setup, "axis: replace ge-14pz"), "14.2.2")


async def test_m14_rebuilt_units_enter_in_their_home_country(tmp_path):
    """14.1.4: a rebuilt German corps is placed in Germany as a reinforcement, not in the USSR."""
    setup = "clear\nturn 10\nremove ge-43c eliminated\nrp GE 3\nphase replacement axis"
    refused(await ask(tmp_path, GAME, setup, f"axis: rebuild ge-43c {MOSCOW}"), "14.1.4")


# Partisans (16.1) ----------------------------------------------------------------------------------


async def test_m15_partisans_only_after_partisan_formation(tmp_path):
    """16.1.1: the Soviet places Partisans only after the Partisan Formation event."""
    setup = soviet_round("map terrain 3617 forest", "map terrain 3618 forest", "place ge-4a 3616")
    refused(await ask(tmp_path, GAME, setup, "soviet: partisans 3617 3618"), "16.1.1")


async def test_m16_partisans_only_in_forest_or_swamp(tmp_path):
    """16.1.3: Partisans are placed only in forest or swamp hexes."""
    setup = soviet_round("event SU21", "map terrain 3617 forest", "place ge-4a 3616")
    refused(await ask(tmp_path, GAME, setup, "soviet: partisans 3617 3618"), "16.1.3")


async def test_m17_one_partisan_placement_a_turn(tmp_path):
    """16.1.2: only one OPS a turn is spent placing Partisans."""
    setup = soviet_round(
        "event SU21", "map terrain 3617 forest", "map terrain 3618 forest", "map terrain 3715 forest", "place ge-4a 3616"
    ) + "\nsoviet: partisans 3617 3618"
    refused(await ask(tmp_path, GAME, setup, "soviet: partisans 3715"), "16.1.2")


async def test_m18_partisans_are_placed_near_the_axis(tmp_path):
    """16.1.3: two forest hexes next to an Axis army take Partisans for 1 OPS."""
    setup = soviet_round("event SU21", "map terrain 3617 forest", "map terrain 3618 forest", "place ge-4a 3616")
    accepted(await ask(tmp_path, GAME, setup, "soviet: partisans 3617 3618"))


# Festung (16.3) ------------------------------------------------------------------------------------


async def test_m19_festung_needs_the_festung_event(tmp_path):
    """16.3.1: the Axis builds a Festung only after playing the Festung event."""
    setup = axis_round(f"place ge-4a {WARSAW}")
    refused(await ask(tmp_path, GAME, setup, f"axis: festung {WARSAW}"), "16.3.1")


async def test_m20_festung_goes_in_a_town_or_city(tmp_path):
    """16.3.2: a Festung is built only in a town or city hex."""
    setup = axis_round("place ge-4a 3616", "event AX48")
    refused(await ask(tmp_path, GAME, setup, "axis: festung 3616"), "16.3.2")


async def test_m21_a_unit_entering_a_festung_never_leaves_it(tmp_path):
    """16.3.4: a unit that enters a Festung hex may not leave it, even in the same move."""
    setup = axis_round("place ge-43c 1521", f"festung {WARSAW} on")
    refused(await ask(tmp_path, GAME, setup, f"axis: move ge-43c {WARSAW} 1622"), "16.3.4")


# Stalin (16.4) and banked OPS (18) -------------------------------------------------------------------


async def test_m22_stalin_moves_twice_in_the_game(tmp_path):
    """16.4.6: after leaving Moscow and coming back, Stalin never moves again."""
    setup = soviet_round(f"place su-stalin {MOSCOW}", "effect stalin_rail_moves 2")
    refused(await ask(tmp_path, GAME, setup, f"soviet: rail su-stalin {LENINGRAD}"), "16.4.6")


async def test_m23_banked_ops_are_spent_in_a_zero_ops_round(tmp_path):
    """18.1.1: banked OPS may be spent in a round in which the player chose the 0-OPS move option."""
    setup = axis_round("banked axis 2", play="zero move")
    accepted(await ask(tmp_path, GAME, setup, "axis: bank 1"))


async def test_m24_banked_ops_are_not_spent_in_a_replacement_round(tmp_path):
    """7.4.1, 18.1.1: a round played for RP allows no banked OPS."""
    setup = axis_round("banked axis 2", play="play 22 rp")
    refused(await ask(tmp_path, GAME, setup, "axis: bank 1"), "7.4.1")


def lend_lease_round(stalin: str) -> str:
    """Turn 11 begins (Lend Lease played in turn 10, Archangel Soviet) with Stalin in ``stalin``;
    then the Soviet AR2 plays SU8 for OPS."""
    return "\n".join([
        "clear", "turn 10", "event SU16", "turn 11", "control 3115 soviet", f"place su-stalin {stalin}",
        "phase start", "hand soviet SU8 SU11", "phase soviet 2", "soviet: play 8 ops",
    ])


async def test_m25_lend_lease_banks_ops_with_stalin_in_moscow(tmp_path):
    """18.3.3: from the turn after Lend Lease, Archangel Soviet gives 2 banked OPS to spend."""
    accepted(await ask(tmp_path, GAME, lend_lease_round(MOSCOW), "soviet: bank 2"))


async def test_m26_no_lend_lease_ops_with_stalin_out_of_moscow(tmp_path):
    """18.3.1, 16.4.7: with Stalin out of Moscow the Soviet receives no banked OPS, so has none to spend."""
    refused(await ask(tmp_path, GAME, lend_lease_round(LENINGRAD), "soviet: bank 1"), "18.1.1")


# Batch 2 ---------------------------------------------------------------------------------------------


def axis_attack(attackers: str, *placements: str, dice: str = "6 6", cc_window: str = "soviet: pass") -> str:
    """``attackers`` in 3616 attack 3617 (Combat marker on 3616, no Axis Combat Card): the fire rolls
    are fixed (the Axis roll first); the defender's Combat Card window gets ``cc_window``."""
    units = [f"place {u} 3616" for u in attackers.split()]
    setup = axis_round(*units, *placements, f"dice {dice}")
    setup += f"\naxis: combat 3616\naxis: done\naxis: attack 3617 with {attackers} nocc"
    return setup + (f"\n{cc_window}" if cc_window else "")


async def test_b01_stalin_is_the_last_level_lost(tmp_path):
    """16.4.2: Stalin takes a loss only when every other unit in his hex is gone."""
    setup = axis_attack("ge-14pz ge-3pz", "place su-13r 3617", "place su-stalin 3617", dice="6 1")
    refused(await ask(tmp_path, GAME, setup, "soviet: loss su-stalin"), "16.4.2")


async def test_b02_stalin_never_retreats(tmp_path):
    """16.4.3: Stalin stays in his hex when the defenders stacked with him retreat."""
    setup = axis_attack("ge-14pz ge-3pz", "place su-west-front 3617", "place su-13r 3617", "place su-stalin 3617", dice="6 1")
    setup += "\nsoviet: loss su-west-front su-13r\naxis: loss ge-3pz"
    refused(await ask(tmp_path, GAME, setup, "soviet: retreat su-stalin 3618"), "16.4.3")


async def test_b03_stalin_does_not_count_for_stacking(tmp_path):
    """16.4.4, 9.1.3: a fourth army may join three and Stalin in one hex."""
    setup = soviet_round(*(f"place {u} 3616" for u in ("su-13r", "su-20r", "su-21r", "su-stalin")), "place su-22r 3615")
    accepted(await ask(tmp_path, GAME, setup, "soviet: move su-22r 3616"))


async def test_b04_no_retreat_into_an_enemy_zoc(tmp_path):
    """11.4.4: a retreat never enters an enemy ZOC hex not negated by a friendly unit."""
    setup = axis_attack("ge-14pz ge-3pz", "place su-west-front 3617", "place su-13r 3617", "place ge-46pz 3818", dice="6 1")
    setup += "\nsoviet: loss su-west-front su-13r\naxis: loss ge-3pz"
    refused(await ask(tmp_path, GAME, setup, "soviet: retreat su-west-front 3717"), "11.4.4")


def forest_advance() -> str:
    """Two panzer corps in Warsaw (in supply) beat a rifle army in Lublin 1622, made a forest; it
    retreats and the Axis may advance."""
    setup = axis_round(f"place ge-14pz ge-3pz {WARSAW}", "place su-13r 1622", "map terrain 1622 forest", "dice 6 1")
    return setup + f"\naxis: combat {WARSAW}\naxis: done\naxis: attack 1622 with ge-14pz ge-3pz nocc\nsoviet: pass\nsoviet: retreat auto"


async def test_b05_no_blitz_marker_in_a_forest(tmp_path):
    """11.2.1(9): a panzer corps advancing into a forest hex places no Blitz marker."""
    refused(await ask(tmp_path, GAME, forest_advance(), "axis: advance ge-14pz blitz"), "11.2.1(9)")


async def test_b05b_no_blitz_marker_in_a_forest_after_the_advance(tmp_path):
    """11.2.1(9), 11.5.2: asked for after the advance, the Blitz marker in the forest is refused for its terrain."""
    setup = forest_advance() + "\naxis: advance ge-14pz"
    refused(await ask(tmp_path, GAME, setup, "axis: blitz"), "11.2.1(9)")


async def test_b06_a_unit_next_to_the_blitz_hex_exploits_from_a_forest(tmp_path):
    """12.2.5: a unit adjacent to the Blitz marker exploits whatever the terrain it starts in."""
    setup = exploit_step("place ge-14pz 3616", "map terrain 3616 forest")
    accepted(await ask(tmp_path, GAME, setup, "axis: exploit ge-14pz 3617 3618"))


async def test_b07_early_panzers_east_of_the_paulus_line_exploit_two_hexes(tmp_path):
    """12.2.3: in turns 1-4 a panzer corps starting east of the Paulus Line exploits at most 2 hexes."""
    setup = exploit_step("place ge-14pz 3616").replace("turn 10", "turn 3")
    refused(await ask(tmp_path, GAME, setup, "axis: exploit ge-14pz 3617 3618 3619"), "12.2.3")


async def test_b08_axis_units_never_exploit_into_the_caucasus_zone(tmp_path):
    """12.1.3: Axis units may not exploit into the Caucasus Zone."""
    setup = axis_round("place ge-4a 2530", "place ge-14pz 2530")
    setup += "\naxis: combat 2530\naxis: done\nhistory round blitz 2530 on\njump exploit"
    refused(await ask(tmp_path, GAME, setup, "axis: exploit ge-14pz 2531"), "12.1.3")


async def test_b09_the_axis_sea_move_ignores_enemy_zoc(tmp_path):
    """10.2.5: an Axis corps alone in an enemy ZOC may still move by sea from port to port."""
    setup = axis_round("place ge-43c 1619", "place su-west-front 1620")
    accepted(await ask(tmp_path, GAME, setup, "axis: sea ge-43c 1719"))


async def test_b10_festung_not_in_an_enemy_controlled_town(tmp_path):
    """16.3.2: a Festung is never built in an enemy-controlled hex."""
    setup = axis_round("place ge-4a 1521", "event AX48", f"control {MINSK} soviet")
    refused(await ask(tmp_path, GAME, setup, f"axis: festung {MINSK}"), "16.3.2")


async def test_b11_partisans_never_stack_with_soviet_units(tmp_path):
    """9.2.2, 16.1.6: Partisans are not placed in a hex holding a Soviet unit."""
    setup = soviet_round("event SU21", "map terrain 3617 forest", "map terrain 3618 forest", "place ge-4a 3616", "place su-13r 3617")
    refused(await ask(tmp_path, GAME, setup, "soviet: partisans 3617 3618"), "9.2.2")


async def test_b12_defenders_all_out_of_supply_play_no_combat_card(tmp_path):
    """13.3.4, 11.2.1(3): a side whose units in the combat are all out of supply uses no Combat Card."""
    setup = axis_attack("ge-14pz", "place su-13r 3617", "supply su-13r out", "hand soviet SU12", cc_window="")
    refused(await ask(tmp_path, GAME, setup, "soviet: cc 12"), "13.3.4")


async def test_b13_ax_rp_replace_non_german_axis_units(tmp_path):
    """14.1.7: AX RP restore a level of a Romanian army (1 RP for an LCU)."""
    setup = "clear\nturn 10\nplace ro-3a 1428\nlevel ro-3a 1\nrp AX 2\nphase replacement axis"
    accepted(await ask(tmp_path, GAME, setup, "axis: replace ro-3a"))


async def test_b14_ge_rp_do_not_replace_romanians(tmp_path):
    """14.1.7: GE RP are for German non-Panzer units only: a Romanian army needs AX RP."""
    setup = "clear\nturn 10\nplace ro-3a 1428\nlevel ro-3a 1\nrp GE 2\nphase replacement axis"
    refused(await ask(tmp_path, GAME, setup, "axis: replace ro-3a"), "14.1.7")


async def test_b15_an_event_without_ops_allows_no_banked_ops(tmp_path):
    """18.1.1: banked OPS are spent only in a round played for OPS, an OPS-giving event or a 0-OPS move."""
    setup = axis_round("banked axis 2", play="play 16 event")
    refused(await ask(tmp_path, GAME, setup, "axis: bank 1"), "18.1.1")


# Batch 3: movement details, Partisans and Festung in play, oil ----------------------------------------


async def test_c01_a_unit_may_always_move_one_hex(tmp_path):
    """10.1.4: a shock army (MA 2) may always move a single hex, even into a mountain costing more."""
    setup = soviet_round("place su-1sh 3616", "map terrain 3617 mountain")
    accepted(await ask(tmp_path, GAME, setup, "soviet: move su-1sh 3617"))


async def test_c02_out_of_supply_ma_two_keeps_its_ma(tmp_path):
    """13.3.1: the OOS reduction of 2 MP applies only to units with MA 3 or more: an OOS shock army moves 2 hexes."""
    setup = soviet_round("place su-1sh 3616", "supply su-1sh out")
    accepted(await ask(tmp_path, GAME, setup, "soviet: move su-1sh 3617 3618"))


async def test_c03_axis_units_move_through_inactive_partisans(tmp_path):
    """10.1.6, 16.1.4: Axis units move through and stack with inactive Partisans."""
    setup = axis_round("place ge-43c 3615", "place su-partisan-1 3616", "activate su-partisan-1 off")
    accepted(await ask(tmp_path, GAME, setup, "axis: move ge-43c 3616 3617"))


async def test_c04_the_axis_cannot_attack_inactive_partisans(tmp_path):
    """16.1.4: Axis units ignore inactive Partisans and cannot attack them."""
    setup = axis_round("place ge-4a 3616", "place su-partisan-1 3617", "activate su-partisan-1 off")
    setup += "\naxis: combat 3616\naxis: done"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 3617 with ge-4a nocc"), "16.1.4")


async def test_c05_never_more_than_six_partisans(tmp_path):
    """16.1.2: never more than 6 Partisans on the map, active or inactive."""
    partisans = [f"place su-partisan-{n} {h}" for n, h in zip(range(1, 7), ("3620", "3621", "3622", "3720", "3721", "3722"), strict=True)]
    setup = soviet_round("event SU21", "map terrain 3617 forest", "map terrain 3618 forest", "place ge-4a 3616", *partisans)
    refused(await ask(tmp_path, GAME, setup, "soviet: partisans 3617 3618"), "16.1.2")


async def test_c06_a_soviet_unit_entering_a_festung_removes_it(tmp_path):
    """16.3.3: the Festung is removed when a Soviet unit enters its hex (here, a town left empty)."""
    setup = soviet_round(f"festung {MINSK} on", "place su-13r 2122")
    verdict = await ask(tmp_path, GAME, setup, f"soviet: move su-13r {MINSK}")
    accepted(verdict)
    assert "Festung" in verdict.text


async def test_c07_the_axis_hand_shrinks_without_oil(tmp_path):
    """17.1.4: controlling no oil hex, the Axis draws up to 5 cards, not 6."""
    table_setup = "clear\nturn 10\ncontrol 1428 soviet\nhand axis AX9\nhand soviet SU8\npile axis deck AX1 AX2 AX3 AX4 AX5 AX6 AX7\nphase draw\nsoviet: keep"
    verdict = await ask(tmp_path, GAME, table_setup, "axis: keep")
    accepted(verdict)
    assert "Axis draws 4 cards; hand size 5" in verdict.text


async def test_c08_the_soviet_hand_shrinks_by_two_without_oil(tmp_path):
    """17.1.7: controlling no oil hex, the Soviet hand is 2 cards smaller (6 to 4)."""
    table_setup = (
        "clear\nturn 10\ncontrol 1428 2433 2835 3138 axis\nhand soviet SU8\nhand axis AX9\n"
        "pile soviet deck SU9 SU10 SU11 SU12 SU13 SU14 SU15\npile axis deck AX1 AX2 AX3 AX4 AX5 AX6 AX7\nphase draw\nsoviet: keep"
    )
    verdict = await ask(tmp_path, GAME, table_setup, "axis: keep")
    accepted(verdict)
    assert "Soviet draws 3 cards; hand size 4" in verdict.text


# Batch 4: rail from a ZOC, exploitation by type and turn, entrenchment, fortresses -------------------


async def test_d01_the_second_unit_left_alone_in_a_zoc_does_not_rail(tmp_path):
    """10.2.2: once its companion has left by rail, the unit alone in the enemy ZOC cannot rail out."""
    setup = soviet_round(f"place su-13r {MOSCOW}", f"place su-20r {MOSCOW}", "place ge-6a 2721") + f"\nsoviet: rail su-13r {LENINGRAD}"
    refused(await ask(tmp_path, GAME, setup, f"soviet: rail su-20r {LENINGRAD}"), "10.2.2")


async def test_d02_soviet_mech_corps_exploit_only_after_uranus(tmp_path):
    """12.1.1: a Soviet mechanised corps does not exploit before Operation Uranus."""
    setup = soviet_round("place su-west-front 3616", "place su-15m 3616")
    setup += "\nsoviet: combat 3616\nsoviet: done\nhistory round blitz 3617 on\njump exploit"
    refused(await ask(tmp_path, GAME, setup, "soviet: exploit su-15m 3617"), "12.1.1")


async def test_d03_soviet_mech_corps_exploit_after_uranus(tmp_path):
    """12.1.1: after Operation Uranus a Soviet mechanised corps exploits."""
    setup = soviet_round("place su-west-front 3616", "place su-15m 3616", "event SU15")
    setup += "\nsoviet: combat 3616\nsoviet: done\nhistory round blitz 3617 on\njump exploit"
    accepted(await ask(tmp_path, GAME, setup, "soviet: exploit su-15m 3617 3618"))


async def test_d04_turn_one_axis_exploitation_ignores_forest(tmp_path):
    """12.2.5, 4.4.6: in turn 1 Axis exploitation ignores all terrain but swamp."""
    setup = "\n".join([
        "clear", "turn 1", "hand axis AX16 AX9 AX22", "phase axis 5", f"place ge-4a ge-14pz {WARSAW}",
        "map terrain 1622 forest", "axis: play 16 ops", f"axis: combat {WARSAW}", "axis: done",
        "history round blitz 1521 on", "jump exploit",
    ])
    accepted(await ask(tmp_path, GAME, setup, "axis: exploit ge-14pz 1622 1623"))


async def test_d05_the_entrenching_lcu_does_not_move(tmp_path):
    """10.3.1: the LCU attempting an entrenchment may not move in that round."""
    setup = axis_round("place ge-4a 3616", "event AX16") + "\naxis: entrench 3616"
    refused(await ask(tmp_path, GAME, setup, "axis: move ge-4a 3617"), "10.3.1")


async def test_d06_one_entrenchment_attempt_per_hex(tmp_path):
    """10.3.1: only one entrenchment attempt per hex per Action Round."""
    setup = axis_round("place ge-4a 3616", "event AX16") + "\naxis: entrench 3616"
    refused(await ask(tmp_path, GAME, setup, "axis: entrench 3616"), "10.3.1")


async def test_d07_out_of_supply_lcus_do_not_entrench(tmp_path):
    """13.3.3: an OOS LCU cannot attempt an entrenchment."""
    setup = axis_round("place ge-4a 3616", "event AX16", "supply ge-4a out")
    refused(await ask(tmp_path, GAME, setup, "axis: entrench 3616"), "13.3.3")


async def test_d08_entering_an_enemy_fortress_destroys_it(tmp_path):
    """16.2.2: an Axis unit entering an empty Soviet fortress destroys it (the hex becomes a City)."""
    setup = axis_round("place ge-43c 1828", "control 1829 soviet")
    verdict = await ask(tmp_path, GAME, setup, "axis: move ge-43c 1829")
    accepted(verdict)
    assert "16.2.2" in verdict.text


async def test_d09_the_axis_banks_one_ops_at_its_first_round(tmp_path):
    """18.2.1: from turn 2 the Axis receives 1 banked OPS at the start of its first Action Round."""
    setup = "clear\nturn 10\nhand axis AX16 AX9\nphase start\naxis: play 16 event"
    verdict = await ask(tmp_path, GAME, setup.replace("\naxis: play 16 event", ""), "axis: zero move")
    accepted(verdict)


async def test_d10_no_axis_banked_ops_after_hitler_takes_command(tmp_path):
    """18.2.2: after Hitler Takes Command the Axis receives no banked OPS: none to spend in its first round."""
    setup = "clear\nturn 10\nevent AX24\nhand axis AX16 AX9\nphase start\naxis: zero move"
    refused(await ask(tmp_path, GAME, setup, "axis: bank 1"), "18.1.1")


# Batch 5: retreats that do not happen, and how far they go -------------------------------------------


async def test_e01_units_in_a_festung_do_not_retreat(tmp_path):
    """16.3.5: a beaten Axis corps in a Festung ignores the retreat: its 'retreat' order is refused for that."""
    setup = "\n".join([
        "clear", "turn 10", "hand soviet SU16 SU8 SU11", "phase soviet 2", "place su-1t su-2t 2122", f"place ge-43c {MINSK}",
        f"festung {MINSK} on", "dice 6 1", "soviet: play 16 ops", "soviet: combat 2122", "soviet: done",
        f"soviet: attack {MINSK} with su-1t su-2t nocc", "axis: pass",
    ])
    refused(await ask(tmp_path, GAME, setup, "axis: retreat ge-43c 1922"), "16.3.5")


async def test_e02_stalin_left_alone_does_not_retreat(tmp_path):
    """16.4.3: when the Front stacked with Stalin is destroyed, Stalin stays: his 'retreat' is refused for that."""
    setup = axis_attack("ge-14pz ge-3pz", "place su-west-front su-stalin 3617", dice="6 1") + "\naxis: loss ge-3pz"
    refused(await ask(tmp_path, GAME, setup, "soviet: retreat su-stalin 3618"), "16.4.3")


async def test_e03_a_two_hex_retreat_does_not_end_next_to_its_start(tmp_path):
    """11.4.4: a 2-hex retreat never ends adjacent to the hex it left."""
    setup = axis_attack("ge-14pz ge-3pz ge-46pz ge-24pz", "place su-13r su-20r 3617", dice="6 1")
    setup += "\nsoviet: loss su-13r su-20r su-13r"
    refused(await ask(tmp_path, GAME, setup, "soviet: retreat su-20r 3618 3717"), "11.4.4")


async def test_e04_partisans_are_not_activated_under_an_axis_unit(tmp_path):
    """16.1.6: Partisans are never activated in a hex holding an Axis unit."""
    setup = "\n".join([
        "clear", "turn 10", "hand soviet SU18 SU8", "phase soviet 2", "event SU21", "place su-partisan-1 3616",
        "activate su-partisan-1 off", "place ge-43c 3616",
    ])
    refused(await ask(tmp_path, GAME, setup, "soviet: play 18 event 3616"), "16.1.6")


# Batch 6: who may fight together, Combat Cards won this round, the No-Retreat option's limit ---------------


async def test_f01_active_partisans_never_attack_with_other_soviet_units(tmp_path):
    """11.1.7: active Partisans attacking together with a rifle army are refused for that, whatever the hexes."""
    setup = soviet_round("place su-13r 3616", "place su-partisan-1 3618", "activate su-partisan-1 on", "place ge-43c 3617")
    setup += "\nsoviet: combat 3616 3618\nsoviet: done"
    refused(await ask(tmp_path, GAME, setup, "soviet: attack 3617 with su-13r su-partisan-1 nocc"), "11.1.7")


async def test_f02_romanians_and_hungarians_never_fight_together(tmp_path):
    """19.1.1: a Romanian and a Hungarian unit never take part in one combat, from any hexes."""
    setup = axis_round("place ro-5c 3616", "place hu-3a 3716", "place su-13r 3617") + "\naxis: combat 3616 3716\naxis: done"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 3617 with ro-5c hu-3a nocc"), "19.1.1")


async def test_f03_a_combat_card_won_is_not_reused_in_the_same_round(tmp_path):
    """7.5.5b: a face-up Combat Card won in this Action Round is reused only from the next one."""
    setup = "\n".join([
        "clear", "turn 10", "hand soviet SU16 SU19", "phase soviet 2", "place su-1t su-2t 3616", "place ge-43c 3617",
        "place ge-27c 3615", "dice 6 1 6 1", "soviet: play 16 ops", "soviet: combat 3616", "soviet: done",
        "soviet: attack 3617 with su-1t cc 19", "axis: retreat auto", "soviet: advance none",
    ])
    refused(await ask(tmp_path, GAME, setup, "soviet: attack 3615 with su-2t cc use 19"), "7.5.5b")


async def test_f04_the_no_retreat_option_leaves_a_level(tmp_path):
    """11.4.3: the No-Retreat loss may not take the defenders' last level (a rifle army left at 1 level in rough)."""
    setup = axis_attack("ge-14pz", "place su-13r 3617", "map terrain 3617 rough", dice="6 1")
    refused(await ask(tmp_path, GAME, setup, "soviet: noretreat su-13r"), "11.4.3")


# Batch 7: replacements and rebuilding ------------------------------------------------------------------


async def test_g01_a_rebuilt_corps_enters_in_germany(tmp_path):
    """14.1.4, 14.1.3: an eliminated German corps is rebuilt in Berlin for ½ GE RP a level."""
    setup = "clear\nturn 10\nremove ge-43c eliminated\nrp GE 3\nphase replacement axis"
    verdict = await ask(tmp_path, GAME, setup, f"axis: rebuild ge-43c {BERLIN}")
    accepted(verdict)
    assert "2.5 GE" in verdict.text


async def test_g02_the_first_southwest_front_is_never_rebuilt(tmp_path):
    """14.2.1: the first Southwest Front counter is replaced by the weaker one on elimination, never rebuilt."""
    setup = "clear\nturn 10\nremove su-southwest-front eliminated\nrp soviet 3\nphase replacement soviet"
    refused(await ask(tmp_path, GAME, setup, f"soviet: rebuild su-southwest-front {MOSCOW}"), "14.2.1")


# Batch 8: what strategic movement excludes and allows ------------------------------------------------


async def test_h01_a_unit_that_moved_by_rail_does_not_attack(tmp_path):
    """10.2.1: a unit that used strategic movement may not attack in the same round."""
    setup = soviet_round(f"place su-13r {MOSCOW}", "place ge-43c 2518") + f"\nsoviet: rail su-13r {LENINGRAD}\nsoviet: combat {LENINGRAD}\nsoviet: done"
    refused(await ask(tmp_path, GAME, setup, "soviet: attack 2518 with su-13r nocc"), "10.2.1")


async def test_h02_lcus_do_not_use_strategic_movement(tmp_path):
    """10.2.1: strategic movement moves SCUs only: a Front does not go by rail."""
    refused(await ask(tmp_path, GAME, soviet_round(f"place su-west-front {MOSCOW}"), f"soviet: rail su-west-front {LENINGRAD}"), "10.2.1")


async def test_h03_the_soviet_sea_move_may_end_off_port(tmp_path):
    """10.2.6: a Soviet army sailing from Sevastopol may land in any coastal hex that is not enemy-controlled."""
    verdict = await ask(tmp_path, GAME, soviet_round("place su-13r 1931"), "soviet: sea su-13r 2130")
    accepted(verdict)
    assert "3 OPS left" in verdict.text


# Batch 9: Festung in combat and where it is built --------------------------------------------------------


async def test_i01_attackers_in_a_festung_do_not_advance(tmp_path):
    """16.3.4: panzers attacking out of a Festung win but may not advance out of it."""
    setup = axis_round(f"place ge-14pz ge-3pz {WARSAW}", f"festung {WARSAW} on", "place su-13r 1622", "dice 6 1")
    setup += f"\naxis: combat {WARSAW}\naxis: done\naxis: attack 1622 with ge-14pz ge-3pz nocc\nsoviet: pass\nsoviet: retreat auto"
    refused(await ask(tmp_path, GAME, setup, "axis: advance ge-14pz"), "16.3.4")


async def test_i02_a_festung_goes_only_in_a_supplied_town(tmp_path):
    """16.3.2: a Festung is built only in a town or city in supply (Kotlas, far behind the Soviet lines, is not)."""
    setup = axis_round("event AX48", "place su-13r 3616", "control 3319 axis")
    refused(await ask(tmp_path, GAME, setup, "axis: festung 3319"), "16.3.2")


async def test_g03_replacement_points_are_spent_only_in_the_replacement_phase(tmp_path):
    """14.1.1: RP held are not spent in an Action Round: 'replace' there is refused for that."""
    setup = axis_round("place ge-4a 3616", "level ge-4a 3", "rp GE 3")
    refused(await ask(tmp_path, GAME, setup, "axis: replace ge-4a"), "14.1.1")
