"""Rules questions of Combat Commander, asked as a referee would at the table: each builds its
position only with referee commands (``remove``, ``place``, ``hand``, ``deck``, ``weapon``,
``radio``, ``blaze``, ``fortify``, ``break``, ``suppress``, ``set``) through the campaign
service, gives one order and checks the verdict and the rule number the Italian rulebook gives.
The open ground of Farm on the ridge (row 7, columns A-I) is the board; the Axis plays first."""

from __future__ import annotations

from tests.engine.games.acceptance import accepted, refused
from tests.engine.games.combat_commander.questions import board, question

FIRE = ("axis: fire ger01 g-s1", "axis: attack D7 g-s1")
"""g-s1 in B7 fires at D7 with the Fire card ger01."""
HIT = (*FIRE, "axis: pass", "allies: pass", "allies: pass", "allies: pass")
"""The attack rolled (the Allies let it stand, 9.1), the defense rolled: 5 + 10 against 6 + 2 with ger19 and usa22 on top."""


# Orders and the turn (5, O14, O15, O19) ------------------------------------------------------------


async def test_q01_command_confusion_is_never_an_order(tmp_path):
    """O19: a Command Confusion order cannot be given."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger03 ger01 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, "axis: command-confusion ger03"), "O19")


async def test_q02_the_order_capacity_limits_the_orders(tmp_path):
    """5.1: a player who has given as many orders as his capacity gives no more."""
    setup = board("g-s1 B7", "a-s1 D7", lines=("set orders 3",))
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s1"), "5.1")


async def test_q03_an_order_needs_its_card_in_hand(tmp_path):
    """O14.1: an order is given by playing a card of that order from the hand."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 D7"), "axis: fire ger05 g-s1"), "O14.1")


async def test_q04_a_pass_discards_only_cards_held(tmp_path):
    """O15: a Pass discards cards from the hand."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 D7"), "axis: pass ger05"), "O15")


async def test_q05_two_units_activate_together_only_through_a_leader(tmp_path):
    """3.3.1.1: without a leader one order activates one unit."""
    refused(await question(tmp_path, board("g-s1 B7", "g-s2 B8", "a-s1 D7"), "axis: fire ger01 g-s1 g-s2"), "3.3.1.1")


async def test_q06_a_pass_is_not_given_after_an_order(tmp_path):
    """5: a turn is either orders or a Pass."""
    setup = board("g-s1 B7", "a-s1 D7")
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s1", "axis: done", "axis: pass"), "5")


# Fire (O20, 10, 11, 13) ------------------------------------------------------------------------------


async def test_q07_fire_needs_an_enemy_in_range_and_los(tmp_path):
    """O20.1: a Fire order needs an activated piece with an enemy unit in Range and LOS."""
    refused(await question(tmp_path, board("g-s1 A7", "a-s1 O10"), "axis: fire ger01 g-s1"), "O20.1")


async def test_q08_an_attack_targets_a_hex_with_enemy_units(tmp_path):
    """O20.3: the target hex must hold an enemy unit."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 D7"), "axis: fire ger01 g-s1", "axis: attack E7 g-s1"), "O20.3")


async def test_q09_a_broken_weapon_does_not_fire(tmp_path):
    """11.4: a broken weapon cannot fire until repaired."""
    setup = board("g-s3 B7", "a-s1 D7", lines=("weapon g-w1 g-s3 ger_hmg", "weapon g-w1 broken"))
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s3", "axis: attack D7 g-w1"), "11.4")


async def test_q10_a_suppressed_unit_does_not_fire_its_weapon(tmp_path):
    """13.2: a suppressed unit cannot fire the weapon it carries."""
    setup = board("g-s3 B7", "a-s1 D7", lines=("weapon g-w1 g-s3 ger_hmg", "suppress g-s3"))
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s3", "axis: attack D7 g-w1"), "13.2")


async def test_q11_a_white_band_weapon_never_joins_a_fire_group(tmp_path):
    """O20.3.1.1: a mortar (white band) fires alone, never in a fire group."""
    setup = board("g-s4 B7", "a-s1 E7", lines=("weapon g-w2 g-s4 ger_mortar",))
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s4", "axis: attack E7 g-s4 g-w2"), "O20.3.1.1")


async def test_q12_a_weapon_without_smoke_fires_no_smoke_round(tmp_path):
    """O20.2.1: only a weapon with a smoke indicator fires a smoke round."""
    setup = board("g-s3 B7", "a-s1 D7", lines=("weapon g-w1 g-s3 ger_hmg",))
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s3", "axis: attack D7 g-w1 smoke"), "O20.2.1")


async def test_q13_a_unit_fires_once_per_order(tmp_path):
    """O20.3: each activated piece fires once in the Fire order."""
    setup = board("g-l1 B7", "g-s1 B7", "a-s1 D7", "a-s2 C8", axis_top="ger19", allies_top="usa22")
    orders = ("axis: fire ger01 g-l1 g-s1", "axis: attack D7 g-s1", *HIT[2:], "allies: pass")
    refused(await question(tmp_path, setup, *orders, "axis: attack C8 g-s1"), "O20.3")


# Actions (A24-A41) -----------------------------------------------------------------------------------


async def test_q14_command_confusion_is_never_an_action(tmp_path):
    """A28: the Command Confusion action cannot be played."""
    setup = board("g-s1 B7", "a-s1 D7", allies="usa05 usa01 usa02 usa07")
    refused(await question(tmp_path, setup, *FIRE, "axis: pass", "allies: command-confusion usa05"), "A28")


async def test_q15_bore_sighting_is_for_the_defense_posture(tmp_path):
    """A27: only the player in Defense posture plays Bore Sighting."""
    setup = board("g-s3 B7", "a-s1 D7", axis="ger01 ger06 ger04 ger02 ger09 ger18", lines=("weapon g-w1 g-s3 ger_hmg",))
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s3", "axis: attack D7 g-w1", "axis: bore-sighting ger06"), "A27")


async def test_q16_sustained_fire_needs_a_machine_gun_or_mortar(tmp_path):
    """A41: Sustained Fire needs a firing machine gun or mortar."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger01 ger03 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, *FIRE, "axis: sustained-fire ger03"), "A41")


async def test_q17_marksmanship_needs_a_squad_or_team(tmp_path):
    """A37: Marksmanship needs a firing Squad or Team of the card's nation."""
    setup = board("g-l1 B7", "a-s1 C7", axis="ger01 ger18 ger04 ger02 ger09 ger08")
    refused(await question(tmp_path, setup, "axis: fire ger01 g-l1", "axis: attack C7 g-l1", "axis: marksmanship ger18"), "A37")


async def test_q18_crossfire_is_only_against_moving_units(tmp_path):
    """A30: Crossfire is played only against an attack on moving units."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger01 ger13 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, *FIRE, "axis: crossfire ger13"), "A30")


async def test_q19_hand_grenades_need_an_adjacent_target(tmp_path):
    """A34: Hand Grenades need a firing piece adjacent to the target hex."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger01 ger26 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, *FIRE, "axis: hand-grenades ger26"), "A34")


async def test_q20_spray_fire_covers_an_adjacent_hex(tmp_path):
    """A40: the second hex of Spray Fire is adjacent to the target hex."""
    setup = board("g-s1 B7", "a-s1 D7", "a-s2 H7", axis="ger01 ger24 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, *FIRE, "axis: spray-fire ger24 H7"), "A40")


async def test_q21_an_action_is_played_at_its_own_moment(tmp_path):
    """A24.2: Concealment belongs before a defense roll, not before the Fire attack roll."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger01 ger38 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, *FIRE, "axis: concealment ger38"), "A24.2")


async def test_q22_hidden_actions_are_for_the_defense_posture(tmp_path):
    """A35: only the player in Defense posture plays the Hidden actions."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger01 ger12 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, "axis: hidden-mines ger12"), "A35")


async def test_q23_dig_in_waits_for_a_time_advance(tmp_path):
    """A32: Dig In is played only at the end of a Time advance."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger01 ger23 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, "axis: dig-in ger23 B7"), "A32")


async def test_q24_smoke_grenades_only_in_a_move_order(tmp_path):
    """A39: Smoke Grenades are thrown by a unit activated for Move."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger01 ger10 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, "axis: smoke-grenades ger10 g-s1 C7"), "A39")


async def test_q25_demolition_follows_a_pass_with_discards(tmp_path):
    """A31: Demolition is played only when the opponent discards cards by passing."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger01 ger51 ger04 ger02 ger09 ger18", lines=("fortify B7 foxholes",))
    refused(await question(tmp_path, setup, "axis: demolition ger51 B7"), "A31")


# Movement and Advance (O16, O21, T79, F106) ---------------------------------------------------------


async def test_q26_move_never_enters_an_enemy_hex(tmp_path):
    """O21.4: a moving unit cannot enter a hex holding enemy units."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 C7"), "axis: move ger04 g-s1", "axis: step g-s1 C7"), "O21.4")


async def test_q27_move_is_hex_by_hex(tmp_path):
    """O21: a moving unit enters an adjacent hex."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 I7"), "axis: move ger04 g-s1", "axis: step g-s1 E7"), "O21")


async def test_q28_a_blaze_is_impassable(tmp_path):
    """T79: a hex with a Blaze cannot be entered."""
    setup = board("g-s1 B7", "a-s1 I7", lines=("blaze C7",))
    refused(await question(tmp_path, setup, "axis: move ger04 g-s1", "axis: step g-s1 C7"), "T79")


async def test_q29_wire_takes_every_mp(tmp_path):
    """F106.2: a unit entering Wire loses all its MP."""
    setup = board("g-s1 B7", "a-s1 I7", lines=("fortify C7 wire",))
    refused(await question(tmp_path, setup, "axis: move ger04 g-s1", "axis: step g-s1 C7", "axis: step g-s1 D7"), "F106.2")


async def test_q30_an_advance_enters_an_adjacent_hex(tmp_path):
    """O16.1: an advancing unit enters one adjacent hex."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 E7"), "axis: advance ger02 g-s1", "axis: step g-s1 D7"), "O16.1")


# Recover, Rout, Artillery (O17, O18, O22, O23, 12) ---------------------------------------------------


async def test_q31_recover_needs_a_broken_or_suppressed_unit(tmp_path):
    """O22.1: a Recover order needs a broken or suppressed unit of one's own."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 D7"), "axis: recover ger09"), "O22.1")


async def test_q32_rout_needs_a_broken_enemy(tmp_path):
    """O23.1: a Rout order needs a broken unit of the player routed."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 D7"), "axis: rout ger18 allies"), "O23.1")


async def test_q33_artillery_denied_needs_an_enemy_radio(tmp_path):
    """O17: Artillery Denied needs an enemy radio in play."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger06 ger01 ger04 ger02 ger09 ger18", lines=("radio allies none",))
    refused(await question(tmp_path, setup, "axis: artillery-denied ger06"), "O17")


async def test_q34_the_observer_is_a_leader(tmp_path):
    """O18.2: the Fire for Effect is observed by a leader."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 D7"), "axis: artillery-request ger08 g-s1 D7"), "O18.2")


async def test_q35_battery_access_needs_a_broken_radio(tmp_path):
    """O18.1: Battery Access repairs a broken radio; with a good one it is refused."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 D7"), "axis: artillery-request ger08 access"), "O18.1")


async def test_q36_fire_for_effect_needs_a_good_radio(tmp_path):
    """O18: Fire for Effect needs a good radio."""
    setup = board("g-l1 B7", "a-s1 D7", lines=("radio axis broken",))
    refused(await question(tmp_path, setup, "axis: artillery-request ger08 g-l1 D7"), "O18")


# Weapons and radios (11, 12) -------------------------------------------------------------------------


async def test_q37_only_the_owner_abandons_a_weapon(tmp_path):
    """11.3: only its owner may eliminate a weapon."""
    setup = board("g-s3 B7", "a-s1 D7", lines=("weapon g-w1 g-s3 ger_hmg",))
    refused(await question(tmp_path, setup, "allies: abandon g-w1"), "11.3")


async def test_q38_a_radio_is_not_abandoned(tmp_path):
    """12: a radio is not a weapon, which its owner may eliminate."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 D7"), "axis: abandon g-r1"), "12")


# Accepted orders and their rules, the Initiative card (9) ---------------------------------------------


async def test_q39_a_fire_attack_that_beats_the_defense_hits(tmp_path):
    """O20.3.4: an Attack total above the Defense total is a hit."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger19", allies_top="usa22")
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: pass", "allies: pass", "allies: pass")
    accepted(verdict, "O20.3.4")
    assert "a-s1: 6 + 2 = 8 against 15: hit" in verdict.text


async def test_q40_only_the_initiative_holder_cancels_a_roll(tmp_path):
    """9.1: the player without the Initiative card cannot cancel a roll."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger19", lines=("initiative axis",))
    refused(await question(tmp_path, setup, *FIRE, "axis: pass", "allies: reroll"), "9.1")


async def test_q41_the_initiative_holder_rerolls_and_hands_the_card_over(tmp_path):
    """9.1: the holder cancels the roll, which is rolled again, and the card passes to the opponent."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger19 ger15")
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: reroll")
    accepted(verdict, "9.1")


# Opportunity fire, Hidden actions, Time (A33, A35, 6.1.2, 11.5) ---------------------------------------

STEP = ("axis: move ger04 g-s1", "axis: step g-s1 C7")
"""g-s1 moves from B7 into C7, in the LOS of the American squad in E7."""


async def test_q42_opportunity_fire_at_a_moving_unit(tmp_path):
    """A33: the inactive player plays a Fire card as an action to fire at a unit that moved into a hex."""
    verdict = await question(tmp_path, board("g-s1 B7", "a-s1 E7"), *STEP, "allies: fire usa01 a-s1")
    accepted(verdict, "A33")


async def test_q43_a_white_band_weapon_makes_no_opportunity_fire(tmp_path):
    """11.5: a weapon with a white band (the mortar) is never used for opportunity fire."""
    setup = board("g-s1 B7", "a-s1 E7", lines=("weapon a-w9 a-s1 usa_mortar",))
    refused(await question(tmp_path, setup, *STEP, "allies: fire usa01 a-s1 a-w9"), "11.5")


async def test_q44_hidden_mines_where_an_enemy_unit_moved(tmp_path):
    """A35.2: the Defense player places Mines in the hex an enemy unit has just entered."""
    setup = board("g-s1 B7", "a-s1 E7", allies="usa01 usa12 usa07 usa06")
    accepted(await question(tmp_path, setup, *STEP, "allies: hidden-mines usa12"), "A35.2")


async def test_q45_a_time_trigger_advances_the_time_marker(tmp_path):
    """6.1.2: a Time! trigger on a roll advances Time; the Defense player scores 1 VP."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17")
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: pass")
    accepted(verdict, "6.1.2")
    assert "Defense posture: +1 VP" in verdict.text


async def test_q46_dig_in_at_a_time_advance(tmp_path):
    """A32: at a Time advance a player digs Foxholes in a hex with his units."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger01 ger23 ger04 ger02 ger09 ger18", axis_top="ger17")
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: pass", "axis: dig-in ger23 B7")
    accepted(verdict)
    assert "Foxholes" in verdict.text


# Line of sight and movement (10, O21.2) ---------------------------------------------------------------


async def test_q47_woods_block_the_line_of_sight(tmp_path):
    """10.2 with O20.1: woods between C9 and G9 block the LOS, so no Fire order is possible."""
    refused(await question(tmp_path, board("g-s1 C9", "a-s1 G9"), "axis: fire ger01 g-s1"), "O20.1")


async def test_q48_a_unit_completes_its_move_before_another(tmp_path):
    """O21.2: once another unit has moved, the first may not move again in the same order."""
    setup = board("g-l1 B7", "g-s1 B7", "g-s2 B7", "a-s1 N10")
    orders = ("axis: move ger04 g-l1 g-s1 g-s2", "axis: step g-s1 C7", "allies: pass", "axis: step g-s2 C7", "allies: pass")
    refused(await question(tmp_path, setup, *orders, "axis: step g-s1 D7"), "O21.2")


# Victory (6.3) -------------------------------------------------------------------------------------


async def test_q49_the_last_unit_eliminated_ends_the_game(tmp_path):
    """6.3.1: a player whose last unit on the map is eliminated loses at once."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger19", allies_top="usa22", lines=("break a-s1",))
    verdict = await question(tmp_path, setup, *HIT, "allies: pass")
    accepted(verdict, "6.3.1")
    assert "last unit" in verdict.text


async def test_q50_the_surrender_space_ends_the_game(tmp_path):
    """6.3.1: a casualty that reaches the player's Surrender space loses him the game."""
    setup = board("g-s1 B7", "a-s1 D7", "a-s2 N10", axis_top="ger19", allies_top="usa22", lines=("break a-s1", "set sides.allies.surrender 1"))
    verdict = await question(tmp_path, setup, *HIT, "allies: pass")
    accepted(verdict, "6.3.1")
    assert "Surrender" in verdict.text


# Fortifications, Advance and melee, Sudden Death (F106, O16, 6.2) -------------------------------------


async def test_q51_no_weapon_fires_from_wire(tmp_path):
    """F106.3: no weapon may fire from a hex with Wire."""
    setup = board("g-s3 C7", "a-s1 E7", lines=("weapon g-w1 g-s3 ger_hmg", "fortify C7 wire"))
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s3", "axis: attack E7 g-w1"), "F106.3")


async def test_q52_an_advance_into_an_enemy_hex_leads_to_melee(tmp_path):
    """O16.1, A25: an advancing unit may enter an enemy hex; the melee's Ambush window opens."""
    setup = board("g-s1 B7", "a-s1 C7")
    verdict = await question(tmp_path, setup, "axis: advance ger02 g-s1", "axis: step g-s1 C7", "allies: pass")
    accepted(verdict, "A25")
    assert "Melee in C7" in verdict.text


async def test_q53_time_reaching_sudden_death_calls_the_roll(tmp_path):
    """6.2: when the Time marker reaches the Sudden Death space, a Sudden Death roll is made."""
    setup = board("g-s1 B7", "a-s1 D7", axis_top="ger17", lines=("time 5", "set sudden_death 6"))
    verdict = await question(tmp_path, setup, *FIRE, "axis: pass", "allies: pass")
    accepted(verdict, "6.1.2")
    assert "Time advances to 6" in verdict.text and "Sudden Death roll" in verdict.text
