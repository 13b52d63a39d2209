"""Rules questions of Stalin's War, asked as a referee would at the table: each builds its position
only with referee commands (``clear``, ``turn``, ``hand``, ``phase``, ``place``, ``supply``,
``counter``, ``history``, ``jump``, ``dice``) through the campaign service, gives one order and
checks the verdict and the rule number the Italian rulebook gives. The open country around
3616 (columns 34-37, rows 15-18) is the board."""

from __future__ import annotations

import json
from pathlib import Path

from tests.engine.games.acceptance import Table, accepted, ask, refused

GAME = "stalins-war"
EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "positions"


def axis_round(*placements: str, turn: int = 10, play: str = "play 16 ops") -> str:
    """Turn ``turn``, the Axis AR2 with AX16 (Hedgehogs, 4 OPS), AX9 and AX22 in hand, the units
    placed, the card played for OPS (or ``play`` as given; empty: no card played yet)."""
    lines = ["clear", f"turn {turn}", "hand axis AX16 AX9 AX22", "phase axis 2", *placements]
    return "\n".join([*lines, f"axis: {play}"] if play else lines)


def axis_attack(attackers: str, *placements: str, dice: str = "6 6") -> str:
    """``attackers`` in 3616 attack 3617 (Combat marker on 3616, no Combat Cards): the fire rolls
    are fixed (the Axis roll first), the defender passes its Combat Card window."""
    units = [f"place {u} 3616" for u in attackers.split()]
    setup = axis_round(*units, *placements, f"dice {dice}")
    return setup + f"\naxis: combat 3616\naxis: done\naxis: attack 3617 with {attackers} nocc\nsoviet: pass"


def exploit_step(*placements: str) -> str:
    """The Axis AR2's combat step moved on to exploitation with a Blitz marker in 3617."""
    setup = axis_round("place ge-4a 3616", *placements)
    return setup + "\naxis: combat 3616\naxis: done\nhistory round blitz 3617 on\njump exploit"


# Sequence of play and cards (4.4, 7) ----------------------------------------------------------------


async def test_q01_the_soviet_waits_for_the_axis_action(tmp_path):
    """7.2.2: the Axis takes the first Action of every Action Round; the Soviet waits."""
    refused(await ask(tmp_path, GAME, axis_round(play=""), "soviet: play 16 ops"), "7.2")


async def test_q02_a_card_played_for_replacements_allows_nothing_else(tmp_path):
    """7.4.1: after a card played for RP the player may not move in that round."""
    refused(await ask(tmp_path, GAME, axis_round("place ge-4a 3616", play="play 22 rp"), "axis: move ge-4a 3617"), "7.4.1")


async def test_q03_the_axis_plays_one_replacement_card_a_turn(tmp_path):
    """7.4.3: the Axis plays a card for RP once per turn."""
    setup = axis_round(play="play 22 rp") + "\nphase axis 3"
    refused(await ask(tmp_path, GAME, setup, "axis: play 9 rp"), "7.4.3")


async def test_q04_no_replacement_play_in_consecutive_rounds(tmp_path):
    """7.4.4: the Soviet may not play RP in two consecutive Action Rounds of one turn."""
    setup = "clear\nturn 10\nhand soviet SU8 SU11 SU16\nphase soviet 2\nsoviet: play 8 rp\nphase soviet 3"
    refused(await ask(tmp_path, GAME, setup, "soviet: play 11 rp"), "7.4.4")


async def test_q05_one_card_per_action_round(tmp_path):
    """7.3.3: once the card is played for OPS, the round goes on with movement, not a second card."""
    refused(await ask(tmp_path, GAME, axis_round(), "axis: play 9 ops"), "7.3.3")


async def test_q06_only_a_card_in_hand_is_played(tmp_path):
    """7.1.4: a player plays one of the Strategic Cards in his hand."""
    refused(await ask(tmp_path, GAME, axis_round(play=""), "axis: play 19 event"), "7.1.4")


async def test_q07_only_combat_cards_are_played_in_combat(tmp_path):
    """7.5.5a: a card that is not a Combat Card cannot be played in a combat."""
    setup = axis_round("place ge-14pz 3616", "place su-west-front 3617") + "\naxis: combat 3616\naxis: done"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 3617 with ge-14pz cc 22"), "7.5.5a")


async def test_q08_axis_units_do_not_move_in_turn_one(tmp_path):
    """4.4.2: the Axis units may not move in turn 1 (they fight, advance and exploit)."""
    setup = "clear\nturn 1\nhand axis AX16 AX7 AX22\nphase axis 5\nplace ge-4a 3616\naxis: play 16 ops"
    refused(await ask(tmp_path, GAME, setup, "axis: move ge-4a 3617"), "4.4.2")


# Zones of control, stacking, movement (8, 9, 10) -------------------------------------------------------


async def test_q09_units_stop_on_entering_an_enemy_zoc(tmp_path):
    """8.3: every unit must stop on entering an enemy ZOC (a Front exerts one)."""
    setup = axis_round("place ge-14pz 3615", "place su-west-front 3617")
    refused(await ask(tmp_path, GAME, setup, "axis: move ge-14pz 3615 3616 3716"), "8.3")


async def test_q10_no_move_from_enemy_zoc_to_enemy_zoc(tmp_path):
    """8.3: units may not move directly from one enemy ZOC hex into another."""
    setup = axis_round("place ge-14pz 3616", "place su-west-front 3617")
    refused(await ask(tmp_path, GAME, setup, "axis: move ge-14pz 3616 3716"), "8.3")


async def test_q11_leaving_an_enemy_zoc_alone_costs_one_ops(tmp_path):
    """8.3, 7.3.3: a unit leaving an enemy ZOC with no friendly unit staying pays 1 OPS."""
    setup = axis_round("place ge-14pz 3616", "place su-west-front 3617")
    verdict = await ask(tmp_path, GAME, setup, "axis: move ge-14pz 3616 3615")
    accepted(verdict, "7.3.3")
    assert "3 OPS left" in verdict.text


async def test_q12_a_friendly_unit_staying_lets_a_unit_leave_free(tmp_path):
    """8.3: a unit leaves an enemy ZOC without OPS when a friendly unit remains in the hex."""
    setup = axis_round("place ge-14pz 3616", "place ge-3pz 3616", "place su-west-front 3617")
    verdict = await ask(tmp_path, GAME, setup, "axis: move ge-14pz 3616 3615")
    accepted(verdict)
    assert "4 OPS left" in verdict.text


async def test_q13_rifle_armies_exert_no_zoc(tmp_path):
    """8.1: a Soviet rifle army has no ZOC: a panzer corps moves past it without stopping."""
    setup = axis_round("place ge-14pz 3615", "place su-13r 3617")
    accepted(await ask(tmp_path, GAME, setup, "axis: move ge-14pz 3615 3616 3716"))


async def test_q14_at_most_four_combat_units_in_a_hex(tmp_path):
    """9.1.1: no more than 4 combat units stack in a hex."""
    setup = axis_round(*(f"place {u} 3616" for u in ("ge-14pz", "ge-3pz", "ge-46pz", "ge-43c")), "place ge-24pz 3615")
    refused(await ask(tmp_path, GAME, setup, "axis: move ge-24pz 3616"), "9.1.1")


async def test_q15_one_lcu_per_hex(tmp_path):
    """9.1.2: only one LCU may stand in a hex."""
    setup = axis_round("place ge-4a 3616", "place ge-6a 3615")
    refused(await ask(tmp_path, GAME, setup, "axis: move ge-6a 3616"), "9.1.2")


async def test_q16_hungarians_and_romanians_never_stack(tmp_path):
    """9.2.1: Hungarian and Romanian units may never stack together."""
    setup = axis_round("place hu-3a 3616", "place ro-5c 3615")
    refused(await ask(tmp_path, GAME, setup, "axis: move ro-5c 3616"), "9.2.1")


async def test_q17_no_unit_spends_more_than_its_movement_allowance(tmp_path):
    """10.1.4: an infantry corps (MA 3) cannot move four clear hexes."""
    setup = axis_round("place ge-43c 3615")
    refused(await ask(tmp_path, GAME, setup, "axis: move ge-43c 3615 3616 3617 3618 3619"), "10.1.4")


async def test_q18_out_of_supply_units_lose_two_mp(tmp_path):
    """13.3.1: an OOS infantry corps (MA 3) has 1 MP and cannot move two hexes (not the general 10.1.4)."""
    setup = axis_round("place ge-43c 3616", "supply ge-43c out")
    refused(await ask(tmp_path, GAME, setup, "axis: move ge-43c 3616 3617 3618"), "13.3.1")


async def test_q19_strategic_movement_starts_on_a_rail_hex(tmp_path):
    """10.2.2: rail movement runs along the railway: a unit off the rail cannot use it."""
    refused(await ask(tmp_path, GAME, axis_round("place ge-43c 3616"), "axis: rail ge-43c 3618"), "10.2.2")


async def test_q20_entrenching_needs_the_hedgehogs_event(tmp_path):
    """10.3.1: the Axis may attempt entrenchment only after playing the Hedgehogs event."""
    refused(await ask(tmp_path, GAME, axis_round("place ge-4a 3616"), "axis: entrench 3616"), "10.3.1")


async def test_q21_no_movement_after_combat_markers(tmp_path):
    """7.3.5: Combat markers are placed after all movement is complete."""
    setup = axis_round("place ge-4a 3616") + "\naxis: combat 3616"
    refused(await ask(tmp_path, GAME, setup, "axis: move ge-4a 3617"), "7.3.5")


# Combat (11) ----------------------------------------------------------------------------------------


async def test_q22_only_units_in_a_hex_with_a_combat_marker_attack(tmp_path):
    """11.1.1: combat is started only by units in a hex with a Combat marker."""
    setup = axis_round("place ge-14pz 3616", "place ge-4a 3716", "place su-west-front 3617") + "\naxis: combat 3616\naxis: done"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 3617 with ge-4a"), "11.1.1")


async def test_q23_units_of_a_second_hex_need_an_armoured_unit(tmp_path):
    """11.1.3: units in an extra hex join an attack only with a panzer, tank or mechanised unit attacking."""
    setup = axis_round("place ge-43c 3616", "place ge-4a 3516", "place su-west-front 3617") + "\naxis: combat 3616 3516\naxis: done"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 3617 with ge-43c ge-4a"), "11.1.3")


async def test_q24_the_axis_attacks_leningrad_only_after_nordlicht(tmp_path):
    """11.1.9: the Axis may not attack Leningrad until the Nordlicht event is played."""
    setup = axis_round("place ge-4a 2618", "place su-west-front 2517") + "\naxis: combat 2618\naxis: done"
    refused(await ask(tmp_path, GAME, setup, "axis: attack 2517 with ge-4a nocc"), "11.1.9")


async def test_q25_the_first_attacking_loss_falls_on_a_panzer(tmp_path):
    """11.3.3: the first loss of an attack must be taken by a panzer unit: the engine took it, so the
    Axis choosing the infantry corps is told so."""
    setup = axis_attack("ge-14pz ge-43c", "place su-13r 3617")
    refused(await ask(tmp_path, GAME, setup, "axis: loss ge-43c"), "11.3.3")


async def test_q26_no_second_loss_before_every_unit_took_one(tmp_path):
    """11.3.2: no unit takes a second loss until every other unit of its side has taken one."""
    setup = axis_attack("ge-14pz ge-3pz", "place su-west-front 3617", "counter su-west-front defence 12")
    refused(await ask(tmp_path, GAME, setup, "axis: loss ge-14pz ge-14pz ge-3pz"), "11.3.2")


async def test_q27_the_defender_spreads_its_losses(tmp_path):
    """11.3.2: two losses on two defenders fall one on each."""
    setup = axis_attack("ge-14pz ge-3pz", "place su-west-front 3617", "place su-13r 3617", dice="6 1")
    verdict = await ask(tmp_path, GAME, setup, "soviet: loss su-west-front su-13r")
    accepted(verdict)
    assert "West Front loses a level" in verdict.text and "13R Army loses a level" in verdict.text


RETREAT = axis_attack("ge-14pz ge-3pz", "place su-west-front 3617", "place su-13r 3617", dice="6 1") + (
    "\nsoviet: loss su-west-front su-13r\naxis: loss ge-3pz"
)


async def test_q28_no_retreat_option_needs_defensive_terrain(tmp_path):
    """11.4.3: defenders in clear terrain cannot refuse the retreat by taking an extra loss."""
    refused(await ask(tmp_path, GAME, RETREAT, "soviet: noretreat su-west-front"), "11.4.3")


async def test_q29_the_retreat_length_follows_the_loss_numbers(tmp_path):
    """11.4.2: Loss Numbers 2 against 1 (a difference of one): the defender retreats exactly 1 hex."""
    refused(await ask(tmp_path, GAME, RETREAT, "soviet: retreat su-west-front 3618 3619"), "11.4.2")


async def test_q30_no_advance_into_a_hex_without_supply(tmp_path):
    """11.5.1: attackers do not advance into a hex from which they cannot trace supply."""
    setup = RETREAT + "\nsoviet: retreat su-west-front 3618\nsoviet: retreat su-13r 3618"
    refused(await ask(tmp_path, GAME, setup, "axis: advance ge-14pz ge-3pz"), "11.5.1")


# Exploitation (12) ---------------------------------------------------------------------------------


async def test_q31_only_panzer_tank_and_guards_units_exploit(tmp_path):
    """12.1.1: a German army (LCU) cannot exploit."""
    refused(await ask(tmp_path, GAME, exploit_step("place ge-14pz 3615"), "axis: exploit ge-4a 3617"), "12.1.1")


async def test_q32_exploitation_is_half_the_movement_allowance_in_hexes(tmp_path):
    """12.2.2: a panzer corps with MA 5 exploits at most 3 hexes."""
    refused(await ask(tmp_path, GAME, exploit_step("place ge-14pz 3616"), "axis: exploit ge-14pz 3617 3618 3619 3620"), "12.2.2")


async def test_q33_only_fully_supplied_units_exploit(tmp_path):
    """12.1.2: a unit must be in full supply to exploit."""
    setup = exploit_step("place ge-14pz 3616", "supply ge-14pz limited")
    refused(await ask(tmp_path, GAME, setup, "axis: exploit ge-14pz 3617"), "12.1.2")


async def test_q34_no_exploitation_without_a_blitz_marker(tmp_path):
    """12.1.4: with no Blitz marker placed in the round, no unit exploits."""
    setup = axis_round("place ge-14pz 3616") + "\naxis: done"
    refused(await ask(tmp_path, GAME, setup, "axis: exploit ge-14pz 3617"), "12.1.4")


# Weather, special units, supply, replacements, banked OPS (13-18) ----------------------------------


async def test_q35_rasputitsa_forbids_ops_in_the_first_autumn_round(tmp_path):
    """15.1.1: no card is played for OPS in the first Action Round of an Autumn turn."""
    setup = "clear\nturn 7\nhand axis AX16 AX9 AX22\nphase axis 1"
    refused(await ask(tmp_path, GAME, setup, "axis: play 16 ops"), "15.1.1")


async def test_q36_units_in_a_festung_never_leave_it(tmp_path):
    """16.3.4: units that start in a Festung hex never leave it."""
    setup = axis_round("place ge-4a 1621", "festung 1621 on")
    refused(await ask(tmp_path, GAME, setup, "axis: move ge-4a 1622"), "16.3.4")


async def test_q37_stalin_moves_only_by_rail(tmp_path):
    """16.4.5: Stalin moves only by strategic movement by rail."""
    setup = "clear\nturn 10\nhand soviet SU8 SU11 SU16\nphase soviet 2\nplace su-stalin 3616\nsoviet: play 16 ops"
    refused(await ask(tmp_path, GAME, setup, "soviet: move su-stalin 3617"), "16.4.5")


async def test_q38_out_of_supply_units_use_no_strategic_movement(tmp_path):
    """13.3.2: an OOS unit cannot use strategic movement."""
    refused(await ask(tmp_path, GAME, axis_round("place ge-43c 3616", "supply ge-43c out"), "axis: rail ge-43c 3618"), "13.3.2")


async def test_q39_asterisked_levels_are_never_replaced(tmp_path):
    """14.1.6: a German army at 4-4-3 cannot regain its asterisked 5-5-3 level."""
    setup = "clear\nturn 10\nplace ge-4a 1621\nlevel ge-4a 1\nrp GE 3\nphase replacement axis"
    refused(await ask(tmp_path, GAME, setup, "axis: replace ge-4a"), "14.1.6")


async def test_q40_panzer_levels_need_panzer_rp(tmp_path):
    """14.1.7: GE RP replace only German non-Panzer units: a Panzer corps needs PZ RP (not the general 14.1.3)."""
    setup = "clear\nturn 10\nplace ge-14pz 1621\nlevel ge-14pz 1\nrp GE 3\nphase replacement axis"
    refused(await ask(tmp_path, GAME, setup, "axis: replace ge-14pz"), "14.1.7")


async def test_q41_an_lcu_level_costs_one_rp(tmp_path):
    """14.1.3: replacing a level of a German army costs 1 GE RP (3 left 2)."""
    setup = "clear\nturn 10\nplace ge-4a 1621\nlevel ge-4a 3\nrp GE 3\nphase replacement axis"
    verdict = await ask(tmp_path, GAME, setup, "axis: replace ge-4a")
    accepted(verdict)
    assert "you have 2 GE" in verdict.text


async def test_q42_banked_ops_are_spent_only_if_held(tmp_path):
    """18.1.1: a player spends only the banked OPS he has recorded."""
    refused(await ask(tmp_path, GAME, axis_round(), "axis: bank 2"), "18.1.1")


# Events and victory (7.5, 5.1) ---------------------------------------------------------------------


async def test_q43_an_event_is_played_only_after_its_prerequisite(tmp_path):
    """7.5.1, AX8: Blau is played as an event only after Hitler Takes Command (the card cites itself)."""
    setup = "clear\nturn 10\nhand axis AX8 AX9 AX22\nphase axis 2"
    refused(await ask(tmp_path, GAME, setup, "axis: play 8 event"), "AX8")


async def end_of_turn(tmp_path, vp: int) -> tuple[str, str]:
    """Turn 14 (past the Soviet VP-space condition of turns 2-12) ends with the VP level at ``vp``:
    the players' status and the campaign's outcome."""
    table = await Table.open(tmp_path, GAME)
    await table.referee("turn 14", f"vp {vp}", "phase end")
    status = await table.order("axis", "status")
    outcome = await table.show("outcome")
    await table.close()
    return status.text, outcome


async def test_q44_the_axis_wins_at_twenty_vp_in_the_end_of_turn_phase(tmp_path):
    """5.1.2: a VP level of 20 or more in an End of Turn Phase is an Axis automatic victory."""
    status, outcome = await end_of_turn(tmp_path, 25)
    assert "over" in status and "winner: axis" in outcome and "5.1.2" in outcome


async def test_q45_the_soviet_wins_at_zero_vp_in_the_end_of_turn_phase(tmp_path):
    """5.1.3: a VP level of 0 or less in an End of Turn Phase is a Soviet automatic victory."""
    status, outcome = await end_of_turn(tmp_path, -3)
    assert "over" in status and "winner: soviet" in outcome and "5.1.3" in outcome


# From a position file (adjutant play stalins-war --position FILE) ---------------------------------


async def test_q46_from_a_position_file_the_soviet_waits_for_the_axis_round(tmp_path):
    """7.2, 7.5.5a: in the shipped position (turn 2, Axis AR1) the Soviet cannot play a card for OPS."""
    position = json.loads((EXAMPLES / "stalins_war.position.json").read_text(encoding="utf-8"))
    refused(await ask(tmp_path, GAME, "", "soviet: play 9 ops", position), "7.2")
