"""Rules questions of Combat Commander on the Events (E42-E77), the rolls and their triggers (1.9),
the Time advance and Sudden Death (6.1.2, 6.2, 6.3), the Initiative card (9), stacking (8) and
suppression (13), asked as a referee would at the table, as in ``test_acceptance_questions.py``:
each builds its position only with referee commands through the campaign service, gives one order
and checks the verdict and the rule number the Italian rulebook gives. The Axis plays first on the
farm's map; an event is drawn by stacking an Event! card (ger11, 2 + 2) and the event's card on top
of the Axis deck, so that g-s1's Fire attack roll triggers it."""

from __future__ import annotations

from tests.engine.games.acceptance import accepted, refused
from tests.engine.games.combat_commander.questions import board, question

FIRE = ("axis: fire ger01 g-s1", "axis: attack D7 g-s1")
"""g-s1 in B7 fires at D7 with the Fire card ger01."""
EVENT = (*FIRE, "axis: pass", "allies: accept")
"""The attack is rolled with ger11 (Event!), the Allies let it stand (9.1): the next card's event is carried out."""


def drawn(event_card: str) -> str:
    """The top of the Axis deck that makes g-s1's attack roll draw ``event_card``'s event."""
    return f"ger11 {event_card}"


# Events (E42-E77) ------------------------------------------------------------------------------------


async def test_q104_entrench_goes_in_a_hex_of_the_drawer_s_units(tmp_path):
    """E55: Entrench places Foxholes only in a hex with the drawer's units; D7 holds only Americans."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger45"))
    refused(await question(tmp_path, setup, *EVENT, "axis: choose D7"), "E55")


async def test_q105_entrench_in_the_drawer_s_hex(tmp_path):
    """E55: the drawer places Foxholes in B7, where his squad stands."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger45"))
    verdict = await question(tmp_path, setup, *EVENT, "axis: choose B7")
    accepted(verdict, "E55")
    assert "Foxholes" in verdict.text


async def test_q106_battle_harden_promotes_only_an_own_unit(tmp_path):
    """E44: Battle Harden makes a Veteran of one of the drawer's units, never an enemy's."""
    setup = board("g-s1 B7", "g-s2 B8", "a-s1 D7", axis_top=drawn("ger06"))
    refused(await question(tmp_path, setup, *EVENT, "axis: choose a-s1"), "E44")


async def test_q107_battle_harden_makes_a_veteran(tmp_path):
    """E44, E44.1: the drawer's chosen squad becomes a Veteran."""
    setup = board("g-s1 B7", "g-s2 B8", "a-s1 D7", axis_top=drawn("ger06"))
    verdict = await question(tmp_path, setup, *EVENT, "axis: choose g-s2")
    accepted(verdict, "E44.1")
    assert "g-s2 becomes Veteran" in verdict.text


async def test_q108_kia_eliminates_only_a_broken_unit(tmp_path):
    """E62: KIA eliminates a broken unit (of either side); the good-order a-s1 is no choice."""
    setup = board("g-s1 B7", "a-s1 D7", "a-s2 H7", "g-s2 A10", axis_top=drawn("ger21"), lines=("break a-s2", "break g-s2"))
    refused(await question(tmp_path, setup, *EVENT, "axis: choose a-s1"), "E62")


async def test_q109_kia_of_the_only_broken_unit_scores_for_its_opponent(tmp_path):
    """E62, 7.1: with one broken unit on the map KIA eliminates it and the opponent scores."""
    setup = board("g-s1 B7", "a-s1 D7", "a-s2 H7", axis_top=drawn("ger21"), lines=("break a-s2",))
    verdict = await question(tmp_path, setup, *EVENT)
    accepted(verdict, "E62")
    assert "a-s2 (H7) is eliminated: Axis scores" in verdict.text


async def test_q110_kia_with_no_broken_unit_is_skipped(tmp_path):
    """E42: the part of an event impossible in the situation is skipped: KIA with no broken unit."""
    verdict = await question(tmp_path, board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger21")), *EVENT)
    accepted(verdict, "E42")
    assert "eliminated" not in verdict.text


async def test_q111_medic_rallies_only_a_broken_unit(tmp_path):
    """E64: Medic rallies a broken unit; the good-order g-s1 is no choice."""
    setup = board("g-s1 B7", "g-s2 B8", "a-s1 D7", "a-s2 H7", axis_top=drawn("ger42"), lines=("break g-s2", "break a-s2"))
    refused(await question(tmp_path, setup, *EVENT, "axis: choose g-s1"), "E64")


async def test_q112_medic_may_rally_an_enemy_unit(tmp_path):
    """E64: the broken unit Medic rallies may be the enemy's."""
    setup = board("g-s1 B7", "g-s2 B8", "a-s1 D7", "a-s2 H7", axis_top=drawn("ger42"), lines=("break g-s2", "break a-s2"))
    verdict = await question(tmp_path, setup, *EVENT, "axis: choose a-s2")
    accepted(verdict, "E64")
    assert "a-s2 is rallied" in verdict.text


async def test_q113_interdiction_only_in_a_hex_without_cover(tmp_path):
    """E60: Interdiction suppresses a unit in a hex of Cover below 1; a-s2 in the woods of D9 is no choice."""
    setup = board("g-s1 B7", "a-s1 D7", "a-s2 D9", "a-s3 H7", axis_top=drawn("ger16"))
    refused(await question(tmp_path, setup, *EVENT, "axis: choose a-s2"), "E60")


async def test_q114_interdiction_never_on_a_suppressed_unit(tmp_path):
    """E60: Interdiction picks a unit not yet suppressed."""
    setup = board("g-s1 B7", "a-s1 D7", "a-s3 H7", axis_top=drawn("ger16"), lines=("suppress a-s3",))
    refused(await question(tmp_path, setup, *EVENT, "axis: choose a-s3"), "E60")


async def test_q115_field_promotion_joins_a_broken_unit(tmp_path):
    """E56: the Corporal is placed in a hex with one of the drawer's broken units; B7 holds only a good one."""
    setup = board("g-s1 B7", "g-s2 B8", "a-s1 D7", axis_top=drawn("ger59"), lines=("break g-s2",))
    refused(await question(tmp_path, setup, *EVENT, "axis: choose B7"), "E56")


async def test_q116_elan_moves_the_drawer_s_surrender_marker_away(tmp_path):
    """E54: Elan moves the drawer's Surrender marker one space further (from 7 to 8)."""
    verdict = await question(tmp_path, board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger44")), *EVENT)
    accepted(verdict, "E54")
    assert "Surrender marker moves to space 8" in verdict.text


async def test_q117_cower_suppresses_a_squad_out_of_command(tmp_path):
    """E51: with no leader, the drawer's squad g-s1 is out of every command radius and is suppressed."""
    verdict = await question(tmp_path, board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger33")), *EVENT)
    accepted(verdict, "E51")
    assert "suppressed: g-s1" in verdict.text


async def test_q118_no_trigger_counts_during_an_event(tmp_path):
    """E42: the Time! of the event's card (ger17) and of the Support roll inside it (ger38) are ignored."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger17 ger38"))
    verdict = await question(tmp_path, setup, *EVENT, "allies: accept")
    accepted(verdict, "E68")
    assert "Time advances" not in verdict.text


# Rolls and triggers, the Initiative card (1.9, 9) ------------------------------------------------------


async def test_q119_jam_on_a_defense_roll_breaks_no_weapon(tmp_path):
    """1.9.1.2, O20.3.3: Jam! counts only on a Fire attack roll; a-s3's BAR survives its Jam! defense roll."""
    setup = board("g-s1 B7", "a-s3 D7", axis_top="ger19", allies_top="usa26", lines=("weapon a-w1 a-s3 usa_bar",))
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept", "allies: pass", "allies: accept")
    accepted(verdict, "O20.3.4")
    assert "a-w1" not in verdict.text and "breaks" not in verdict.text


async def test_q120_a_sniper_trigger_reveals_a_random_hex(tmp_path):
    """1.9.1.3: a Sniper! roll reveals the next card, whose Random Hex (O2) is the sniper's."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger13 ger20")
    accepted(await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept"), "1.9.1.3")


async def test_q121_a_cancelled_roll_cancels_its_time_trigger(tmp_path):
    """9.1: the Initiative card cancels the roll and what it caused: ger17's Time! advances no Time."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17 ger19")
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: reroll")
    accepted(verdict, "9.1")
    assert "Time advances" not in verdict.text


# Time, Sudden Death and the end of the game (6.1.2, 6.2, 6.3, 9.2) -------------------------------------

SUDDEN_DEATH = (*FIRE, "axis: pass", "allies: accept", "deck axis ger29", "allies: reroll", "axis: accept")
"""ger17's Time! takes Time from 5 to the Sudden Death space 6; the Sudden Death roll (reshuffled)
is cancelled by the Allies with the Initiative card, which passes to the Axis; the roll again is
ger29, 1 + 1 = 2."""


async def test_q122_a_sudden_death_roll_below_the_time_space_ends_the_game(tmp_path):
    """6.2.2: a Sudden Death roll of 2, less than the Time space 6, ends the game at once."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17", lines=("time 5", "set sudden_death 6"))
    verdict = await question(tmp_path, setup, *SUDDEN_DEATH)
    accepted(verdict, "6.2.2")
    assert "The game ends" in verdict.text


async def test_q123_at_zero_vp_the_initiative_holder_wins(tmp_path):
    """6.3.2, 9.2: the game ended by Sudden Death with VP at 0 goes to the Initiative holder (now the Axis),
    the Defense posture scoring no VP for an advance that ended the game (6.1.2)."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17", lines=("time 5", "set sudden_death 6"))
    verdict = await question(tmp_path, setup, *SUDDEN_DEATH)
    accepted(verdict, "6.3.2")
    assert "Axis wins" in verdict.text and "+1 VP" not in verdict.text


async def test_q124_reinforcements_enter_on_the_own_edge(tmp_path):
    """6.1.2: reinforcements reaching Time 2 enter along their owner's map edge; C5 is no edge hex."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17", lines=("time 1",))
    refused(await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept", "axis: choose C5"), "6.1.2")


async def test_q125_reinforcements_enter_in_an_edge_hex(tmp_path):
    """6.1.2: g-s5, arriving at Time 2, enters in A1 on the Axis edge."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17", lines=("time 1",))
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept", "axis: choose A1")
    accepted(verdict, "6.1.2")
    assert "g-s5 enters in A1" in verdict.text


# Stacking and suppression (8, 13) ----------------------------------------------------------------------


async def test_q126_an_overstacked_hex_loses_a_unit_at_the_end_of_the_turn(tmp_path):
    """8.1 (units): two squads in B7 are 8 figures at the end of the turn; a unit elsewhere is no choice."""
    setup = board("g-s1 B7", "g-s2 B7", "g-s3 C8", "a-s1 N10")
    refused(await question(tmp_path, setup, "axis: pass", "axis: choose g-s3"), "8.1")


async def test_q127_a_free_deploy_before_the_overstack_loss(tmp_path):
    """8.1, E52: the owner of an overstacked hex may first make one free Deploy there."""
    setup = board("g-s1 B7", "g-s2 B7", "a-s1 N10")
    accepted(await question(tmp_path, setup, "axis: pass", "axis: deploy g-s1"), "E52")


async def test_q128_a_suppressed_unit_has_one_movement_less(tmp_path):
    """13: a suppressed squad (Movement 4) has 3 MP: the fourth open hex is refused."""
    setup = board("g-s1 B7", "a-s1 N10", lines=("suppress g-s1",))
    steps = ("axis: move ger04 g-s1", "axis: step g-s1 C7", "allies: pass", "axis: step g-s1 D7", "allies: pass", "axis: step g-s1 E7", "allies: pass")
    refused(await question(tmp_path, setup, *steps, "axis: step g-s1 F7"), "O21.1")


# The end of the game (6.3.1, 9.2) --------------------------------------------------------------------


async def test_q129_kia_of_the_enemy_s_last_unit_ends_the_game(tmp_path):
    """6.3.1: KIA eliminating the enemy's last unit on the map wins the game at once."""
    setup = board("g-s1 B7", "a-s1 D7", "g-s2 A10", axis_top=drawn("ger21"), lines=("break g-s2", "break a-s1"))
    verdict = await question(tmp_path, setup, *EVENT, "axis: choose a-s1")
    accepted(verdict, "6.3.1")
    assert "Axis wins" in verdict.text


async def test_q130_air_support_eliminating_both_last_units_goes_to_the_initiative_holder(tmp_path):
    """6.3.1, 9.2: Air Support hits every unit in C1 at once; both sides' last units are eliminated, so the Allies (Initiative card) win."""
    setup = board("g-s1 C1", "a-s1 C1", axis_top="ger11 ger29 ger52", lines=("break g-s1", "break a-s1"))
    verdict = await question(tmp_path, setup, "axis: recover ger09", "allies: accept", "axis: choose C1")
    accepted(verdict, "9.2")
    assert "g-s1 (C1) is eliminated" in verdict.text and "Allies wins" in verdict.text


# More events (E47, E53, E57, E63, E66, E77) ---------------------------------------------------------


async def test_q131_prisoners_of_war_eliminate_a_broken_unit_next_to_the_enemy(tmp_path):
    """E66: the drawer's broken g-s2, adjacent to the Americans in D7, is eliminated and the Allies score."""
    setup = board("g-s1 B7", "g-s2 C7", "a-s1 D7", axis_top=drawn("ger03"), lines=("break g-s2",))
    verdict = await question(tmp_path, setup, *EVENT)
    accepted(verdict, "E66")
    assert "g-s2 (C7) is eliminated: Allies scores" in verdict.text


async def test_q132_malfunction_breaks_the_nearest_unbroken_weapon(tmp_path):
    """E63: the unbroken weapon nearest the Random Hex breaks, here the only one, g-s3's HMG."""
    setup = board("g-s3 B7", "a-s1 D7", axis_top=drawn("ger58"), lines=("weapon g-w1 g-s3 ger_hmg",))
    verdict = await question(tmp_path, setup, "axis: fire ger01 g-s3", "axis: attack D7 g-s3", "axis: pass", "allies: accept")
    accepted(verdict, "E63")
    assert "g-w1 (g-s3) breaks" in verdict.text


async def test_q133_white_phosphorus_breaks_a_unit_in_the_smoked_hex(tmp_path):
    """E77: Smoke next to the drawer's good-order squad; each player with units there breaks one."""
    setup = board("g-s1 B7", "a-s1 C7", axis_top=drawn("ger24"))
    orders = ("axis: fire ger01 g-s1", "axis: attack C7 g-s1", "axis: pass", "allies: accept")
    verdict = await question(tmp_path, setup, *orders, "axis: choose C7")
    accepted(verdict, "E77")
    assert "placed in C7" in verdict.text and "a-s1 becomes broken" in verdict.text


async def test_q134_dust_keeps_the_stronger_smoke(tmp_path):
    """E53, 8.1.4: Dust's Smoke 2 in C1 goes; the Smoke 9 already there stays."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger34 ger52"), lines=("smoke C1 9",))
    accepted(await question(tmp_path, setup, *EVENT), "8.1.4")


async def test_q135_booby_trap_mines_the_random_hex(tmp_path):
    """E47: Mines go in the Random Hex (C1), open ground with no fortification."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger20 ger52"))
    verdict = await question(tmp_path, setup, *EVENT)
    accepted(verdict, "E47")
    assert "Mines placed in C1" in verdict.text


async def test_q136_fog_of_war_discards_a_card_of_each_hand(tmp_path):
    """E57: each player draws a card at random from the other's hand and discards it."""
    verdict = await question(tmp_path, board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger15")), *EVENT)
    accepted(verdict, "E57")
    assert "Allies draws a card of Axis's hand" in verdict.text and "Axis draws a card of Allies's hand" in verdict.text


# Triggers of the Sudden Death roll, Sniper!, the deck's last card (1.9.1, 6.1.2, 9.1) ------------------


async def test_q137_a_sudden_death_roll_triggers_nothing(tmp_path):
    """1.9.1: the Sudden Death roll (ger62, 12, Event!) resolves a Time! trigger and triggers no event."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17", lines=("time 5", "set sudden_death 6"))
    orders = (*FIRE, "axis: pass", "allies: accept", "deck axis ger62 ger45", "allies: reroll")
    verdict = await question(tmp_path, setup, *orders, "axis: accept")
    accepted(verdict, "6.2.2")
    assert "12 is not less than 6" in verdict.text and "Entrench" not in verdict.text


async def test_q138_the_sniper_hits_in_or_next_to_the_random_hex(tmp_path):
    """1.9.1.3: the sniper's unit is in the Random Hex (O2) or adjacent; a-s1 in D7 is no choice."""
    setup = board("g-s1 B7", "a-s1 D7", "a-s2 O3", "a-s3 N1", axis_top="ger13 ger20")
    refused(await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept", "axis: choose a-s1"), "1.9.1.3")


async def test_q139_the_sniper_may_hit_a_unit_next_to_the_random_hex(tmp_path):
    """1.9.1.3: the roller hits a-s2 in O3, next to the Random Hex O2: it breaks."""
    setup = board("g-s1 B7", "a-s1 D7", "a-s2 O3", axis_top="ger13 ger20")
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept", "axis: choose a-s2")
    accepted(verdict, "1.9.1.3")
    assert "a-s2 (O3) is broken" in verdict.text


def deck_of_one(card: str) -> str:
    """A referee line that discards every card of the Axis deck but ``card``, the deck's last."""
    hand = {"ger01", "ger04", "ger02", "ger09", "ger18", "ger08", card}
    return "discard axis " + " ".join(f"ger{i:02d}" for i in range(1, 73) if f"ger{i:02d}" not in hand)


async def test_q140_the_deck_s_last_card_advances_time(tmp_path):
    """6.1.2: a roll with the deck's last card (ger19, no Time!) advances Time."""
    setup = board("g-s1 B7", "a-s1 D7", lines=(deck_of_one("ger19"),))
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept")
    accepted(verdict, "6.1.2")
    assert "Time advances to 1" in verdict.text


async def test_q141_the_last_card_s_time_trigger_advances_time_once(tmp_path):
    """6.1.2, 1.9.1.4: the deck's last card showing Time! (ger17) advances Time once, not twice."""
    setup = board("g-s1 B7", "a-s1 D7", lines=(deck_of_one("ger17"),))
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept")
    accepted(verdict, "6.1.2")
    assert "Time advances to 1" in verdict.text and "Time advances to 2" not in verdict.text


async def test_q142_a_cancelled_last_card_still_advances_time(tmp_path):
    """9.1 (R39): cancelling a roll made with the deck's last card keeps the Time advance of the deck's end."""
    setup = board("g-s1 B7", "a-s1 D7", lines=(deck_of_one("ger19"),))
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: reroll")
    accepted(verdict, "9.1")
    assert "Time advances to 1" in verdict.text


# The Smoke removal of a Time advance, suppression's Range (6.1.2, 13) ---------------------------------

SMOKED = ("smoke H5 3", "smoke H9 4")
"""Two Smoke markers on the map, so the player who caused the Time advance chooses one."""


async def test_q143_the_causing_player_removes_one_smoke_marker(tmp_path):
    """6.1.2 step 4: only the player who caused the Time advance removes a Smoke marker."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17", lines=SMOKED)
    refused(await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept", "allies: clear-smoke H9"), "6.1.2")


async def test_q144_the_smoke_removed_is_on_the_map(tmp_path):
    """6.1.2 step 4: the marker removed is one of the Smoke markers on the map; H6 holds none."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17", lines=SMOKED)
    refused(await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept", "axis: clear-smoke H6"), "6.1.2")


async def test_q145_the_causing_player_removes_the_smoke_he_chooses(tmp_path):
    """6.1.2 step 4: the Axis, who caused the advance, removes the Smoke 4 in H9."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17", lines=SMOKED)
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept", "axis: clear-smoke H9")
    accepted(verdict, "6.1.2")
    assert "Smoke 4 removed from H9" in verdict.text


async def test_q146_a_suppressed_unit_has_one_range_less(tmp_path):
    """13 with O20.1: suppressed, the rifle squad's Range 5 is 4: a-s1 in G7, 5 hexes away, is out of range."""
    setup = board("g-s1 B7", "a-s1 G7", lines=("suppress g-s1",))
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s1"), "O20.1")


async def test_q155_a_veteran_set_by_the_referee_has_one_range_more(tmp_path):
    """E44.1 with 13 and O20.1: the referee's Veteran marker gives back the Range suppression took (as in q146): a-s1 in G7, 5 hexes away, is in range."""
    setup = board("g-s1 B7", "a-s1 G7", lines=("suppress g-s1", "veteran g-s1"))
    accepted(await question(tmp_path, setup, "axis: fire ger01 g-s1"))


async def test_q156_the_referee_takes_a_veteran_marker_off(tmp_path):
    """E44.1: 'unveteran' takes the marker off: suppressed, the Range is 4 again and a-s1 in G7 is out of range."""
    setup = board("g-s1 B7", "a-s1 G7", lines=("suppress g-s1", "veteran g-s1", "unveteran g-s1"))
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s1"), "O20.1")


# Casualties, objectives and reinforcements (E45, E74, E76, 7.3, 6.1.2 with 8) --------------------------

CASUALTIES = 'set sides.allies.casualties ["a-s2", "a-s3"]'
"""Two American squads on the Casualty track."""


async def test_q147_battlefield_integrity_counts_the_enemy_casualties(tmp_path):
    """E45: the drawer gains 1 VP per enemy unit on the Casualty track: 2."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger69"), lines=(CASUALTIES,))
    verdict = await question(tmp_path, setup, *EVENT)
    accepted(verdict, "E45")
    assert "Axis gains 2 VP" in verdict.text


async def test_q148_walking_wounded_return_in_or_next_to_the_random_hex(tmp_path):
    """E76: the casualty comes back in the Random Hex (C1) or next to it; D7 is neither."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger53 ger52"), lines=('set sides.allies.casualties ["a-s2"]',))
    refused(await question(tmp_path, setup, *EVENT, "axis: choose D7"), "E76")


async def test_q149_an_objective_taken_scores_its_open_chit(tmp_path):
    """7.3.1, 7.3.3: g-s1 alone in M9 takes Objective 5, which the open chit makes worth 1 VP, at once."""
    setup = board("g-s1 L9", "a-s1 A10")
    verdict = await question(tmp_path, setup, "axis: move ger04 g-s1", "axis: step g-s1 M9")
    accepted(verdict, "7.3.3")
    assert "Objective 5 (worth 1 VP) passes to Axis" in verdict.text


async def test_q150_a_strategic_objective_scores_at_once_for_the_controller(tmp_path):
    """E74, 7.3.3: the open chit drawn (Objective 2 worth 1 VP) scores at once for the Axis, who holds C2."""
    setup = board("g-s1 B7", "g-s2 C2", "a-s1 D7", axis_top=drawn("ger31"))
    verdict = await question(tmp_path, setup, *EVENT)
    accepted(verdict, "7.3.3")
    assert "worth 1 VP more to Axis" in verdict.text


async def test_q151_reinforcements_respect_stacking(tmp_path):
    """6.1.2, 8: a reinforcement squad cannot enter A1, already holding two German squads (8 figures)."""
    setup = board("g-s1 B7", "a-s1 D7", "g-s2 A1", "g-s3 A1", axis_top="ger17", lines=("time 1",))
    refused(await question(tmp_path, setup, *FIRE, "axis: pass", "allies: accept", "axis: choose A1"), "6.1.2")


async def test_q152_a_blaze_trapping_both_last_units_goes_to_the_initiative_holder(tmp_path):
    """E46, 6.3.1, 9.2: a Blaze in C1 with Blazes all around eliminates both sides' last units at once: the Allies (Initiative card) win."""
    setup = board("g-s1 C1", "a-s1 C1", axis_top="ger11 ger13 ger52", lines=("break g-s1", "blaze B1", "blaze D1", "blaze C2"))
    verdict = await question(tmp_path, setup, "axis: recover ger09", "allies: accept")
    accepted(verdict, "9.2")
    assert "g-s1 (C1) is eliminated" in verdict.text and "Allies wins" in verdict.text


async def test_q153_the_hero_may_enter_a_controlled_objective(tmp_path):
    """E58 with the Glossary: an objective the drawer controls, free of enemy units, is a friendly hex for his Hero."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger49"), lines=("set objectives.2 axis",))
    verdict = await question(tmp_path, setup, *EVENT, "axis: choose C2")
    accepted(verdict, "E58")
    assert "Hero ger-hero is placed in C2" in verdict.text


async def test_q154_the_hero_never_enters_an_enemy_objective(tmp_path):
    """E58: Objective 1 (F5), held by the Allies, is no friendly hex for the German Hero."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top=drawn("ger49"), lines=("set objectives.2 axis",))
    refused(await question(tmp_path, setup, *EVENT, "axis: choose F5"), "E58")
