"""Rules questions of Combat Commander on the Orders (O16-O23), the Actions (A26-A40), the line of
sight (10), the fortifications (F105, F106) and the hills (T88), asked as a referee would at the
table, as in ``test_acceptance_questions.py`` (which holds the first questions): each builds its
position only with referee commands through the campaign service, gives one order and checks the
verdict and the rule number the Italian rulebook gives. The Axis plays first on the farm's map."""

from __future__ import annotations

from tests.engine.games.acceptance import accepted, refused
from tests.engine.games.combat_commander.questions import board, question

STEP = ("axis: move ger04 g-s1", "axis: step g-s1 C7")
"""g-s1 moves from B7 into C7, in the LOS of the American units in E7."""
OPFIRE = (*STEP, "allies: fire usa01 a-s1", "allies: pass", "allies: accept", "allies: accept")
"""a-s1 (E7) fires at g-s1 in C7 as opportunity fire: 6 + 2 against 7 + 5, no effect; the move goes on."""
ALLIES_FIRE = "usa01 usa08 usa04 usa06"
"""Two Fire cards, Crossfire and Dig In in the American hand."""


# Orders (O14) ----------------------------------------------------------------------------------------


async def test_q92_no_order_is_given_before_the_current_one_is_carried_out(tmp_path):
    """O14.2: in the middle of a Move order its player cannot give a Fire order."""
    setup = board("g-s1 B7", "g-s2 B9", "a-s1 N10")
    refused(await question(tmp_path, setup, *STEP, "allies: pass", "axis: fire ger01 g-s2"), "O14.2")


async def test_q93_a_fire_order_is_finished_before_another(tmp_path):
    """O14.2: while g-s1's Fire order waits for its attack, a second Fire order is refused."""
    setup = board("g-s1 B7", "g-s2 B9", "a-s1 D7", axis="ger01 ger05 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s1", "axis: fire ger05 g-s2"), "O14.2")


async def test_q94_a_unit_is_activated_once_a_turn(tmp_path):
    """O14.1: g-s1, which fired in this turn's Fire order, cannot be activated for a Move."""
    setup = board("g-s1 B7", "a-s1 D7", "a-s2 N10", axis_top="ger19", allies_top="usa22")
    orders = ("axis: fire ger01 g-s1", "axis: attack D7 g-s1", "axis: pass", "allies: accept", "allies: pass", "allies: accept", "allies: pass")
    refused(await question(tmp_path, setup, *orders, "axis: move ger04 g-s1"), "O14.1")


# Artillery (O17, O18) --------------------------------------------------------------------------------


async def test_q54_the_observer_is_not_yet_activated_this_turn(tmp_path):
    """O18.2: a leader who moved earlier in the turn cannot observe a Fire for Effect."""
    setup = board("g-l1 B7", "a-s1 N10")
    orders = ("axis: move ger04 g-l1", "axis: step g-l1 B6", "allies: pass", "axis: done")
    refused(await question(tmp_path, setup, *orders, "axis: artillery-request ger08 g-l1 D7"), "O18.2")


async def test_q55_the_spotting_round_goes_in_the_observer_s_los(tmp_path):
    """O18.2.1: the Spotting Round is placed in a hex in the Observer's LOS; the woods hide G9 from C9."""
    refused(await question(tmp_path, board("g-l1 C9", "a-s1 N10"), "axis: artillery-request ger08 g-l1 G9"), "O18.2.1")


async def test_q56_artillery_denied_breaks_a_good_enemy_radio(tmp_path):
    """O17: with an enemy radio in play, Artillery Denied breaks it, activating no unit."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger06 ger01 ger04 ger02 ger09 ger18")
    verdict = await question(tmp_path, setup, "axis: artillery-denied ger06")
    accepted(verdict, "O17")
    assert "radio a-r1 breaks" in verdict.text


async def test_q57_battery_access_repairs_a_broken_radio(tmp_path):
    """O18.1: with a broken radio in play, Battery Access flips it to its good side."""
    setup = board("g-s1 B7", "a-s1 D7", lines=("radio axis broken",))
    verdict = await question(tmp_path, setup, "axis: artillery-request ger08 access")
    accepted(verdict, "O18.1")
    assert "repaired" in verdict.text


# Fire (O20) ----------------------------------------------------------------------------------------


async def test_q58_a_mortar_does_not_fire_at_an_adjacent_hex(tmp_path):
    """O20.2.2: a mortar's minimum range (2-12) forbids an adjacent target."""
    setup = board("g-s4 C7", "a-s1 D7", lines=("weapon g-w2 g-s4 ger_mortar",))
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s4", "axis: attack D7 g-w2"), "O20.2.2")


async def test_q59_a_fire_group_s_hexes_are_chained(tmp_path):
    """O20.3.1: each hex of a fire group is adjacent to another of its hexes; B7 and B9 are not."""
    setup = board("g-l1 B7", "g-s1 B7", "g-s2 B9", "a-s1 D8")
    refused(await question(tmp_path, setup, "axis: fire ger01 g-l1 g-s1 g-s2", "axis: attack D8 g-s1 g-s2"), "O20.3.1")


async def test_q60_a_smoke_round_needs_no_enemy_in_the_hex(tmp_path):
    """O20.2.1: a weapon with a smoke indicator fires a smoke round at an empty hex in range."""
    setup = board("g-s4 C7", "a-s1 H7", lines=("weapon g-w2 g-s4 ger_mortar",))
    verdict = await question(tmp_path, setup, "axis: fire ger01 g-s4", "axis: attack E7 g-w2 smoke")
    accepted(verdict)
    assert "Targeting roll on E7" in verdict.text


# Movement, Advance and the hills (O16, O21, T88) ------------------------------------------------------


async def test_q61_climbing_costs_a_movement_point(tmp_path):
    """T88.1: J4 to K4 and K4 to L3 each climb a level, 2 MP each: a squad of Movement 4 has none left."""
    setup = board("g-s1 J4", "a-s1 N10")
    orders = ("axis: move ger04 g-s1", "axis: step g-s1 K4", "allies: pass", "axis: step g-s1 L3", "allies: pass")
    refused(await question(tmp_path, setup, *orders, "axis: step g-s1 L4"), "O21.1")


async def test_q62_a_move_never_exits_off_the_own_edge(tmp_path):
    """O21.4: a moving unit may not leave the map off its own edge."""
    setup = board("g-s1 B1", "a-s1 N10")
    refused(await question(tmp_path, setup, "axis: move ger04 g-s1", "axis: exit g-s1"), "O21.4")


async def test_q63_an_advance_never_exits_off_the_own_edge(tmp_path):
    """O16.3: an advancing unit may not leave the map off its own edge."""
    setup = board("g-s1 B1", "a-s1 N10")
    refused(await question(tmp_path, setup, "axis: advance ger02 g-s1", "axis: exit g-s1"), "O16.3")


async def test_q64_an_advance_draws_no_opportunity_fire(tmp_path):
    """O16.1: the opponent may not fire at an advancing unit."""
    setup = board("g-s1 B7", "a-s1 E7")
    refused(await question(tmp_path, setup, "axis: advance ger02 g-s1", "axis: step g-s1 C7", "allies: fire usa01 a-s1"), "O16.1")


async def test_q65_an_empty_enemy_objective_may_be_entered(tmp_path):
    """O21.4: the enemy hex a move may not enter is one holding enemy units; the empty J7 objective is entered."""
    setup = board("g-s1 I7", "a-s1 N10")
    accepted(await question(tmp_path, setup, "axis: move ger04 g-s1", "axis: step g-s1 J7"))


# Recover and Rout (O22, O23) -------------------------------------------------------------------------

RECOVERED = ("axis: recover ger09", "allies: accept")
"""g-s1 (broken, Morale 9) rolls 6 + 6 to recover: no effect."""


async def test_q66_one_recover_order_per_turn(tmp_path):
    """O22.1: a player activated by a Recover order this turn cannot be activated by another."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger09 ger45 ger01 ger02 ger04 ger18", axis_top="ger60", lines=("break g-s1",))
    refused(await question(tmp_path, setup, *RECOVERED, "axis: recover ger45"), "O22.1")


async def test_q67_no_rout_of_a_player_who_recovered(tmp_path):
    """O23.1: a player activated by Recover this turn cannot be activated by a Rout."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger09 ger45 ger01 ger02 ger04 ger18", axis_top="ger60", lines=("break g-s1",))
    refused(await question(tmp_path, setup, *RECOVERED, "axis: rout ger18 axis"), "O23.1")


async def test_q68_a_retreat_goes_towards_the_own_edge(tmp_path):
    """O23.3: each hex of a retreat is closer to the owner's edge; D4 is farther from the American edge."""
    setup = board("g-s1 B7", "a-s1 D5", axis_top="ger60", lines=("break a-s1",))
    refused(await question(tmp_path, setup, "axis: rout ger18 allies", "allies: accept", "allies: step a-s1 D4"), "O23.3")


# Opportunity fire (A33) -----------------------------------------------------------------------------


async def test_q69_one_attack_per_movement_expenditure(tmp_path):
    """A33.3: no more than one Fire attack at each expenditure of MP; a-s2 cannot fire at C7 too."""
    setup = board("g-s1 B7", "a-s1 E7", "a-s2 E8", allies=ALLIES_FIRE, allies_top="usa22 usa33")
    refused(await question(tmp_path, setup, *OPFIRE, "allies: fire usa08 a-s2"), "A33.3")


async def test_q70_opportunity_firers_stay_activated_for_the_move_order(tmp_path):
    """A33.2: a unit activated for opportunity fire fires again, with no card, at the next hex entered."""
    setup = board("g-s1 B7", "a-s1 E7", allies=ALLIES_FIRE, allies_top="usa22 usa33")
    accepted(await question(tmp_path, setup, *OPFIRE, "axis: step g-s1 C8", "allies: fire a-s1"))


async def test_q71_no_second_opportunity_activation_in_a_turn(tmp_path):
    """A33.3: a unit activated for opportunity fire in one Move order is not activated again in the next."""
    setup = board("g-s1 B7", "g-s2 B9", "a-s1 E7", axis="ger04 ger11 ger01 ger02 ger09 ger18", allies=ALLIES_FIRE, allies_top="usa22 usa33")
    orders = (*OPFIRE, "axis: done", "axis: move ger11 g-s2", "axis: step g-s2 C9")
    refused(await question(tmp_path, setup, *orders, "allies: fire usa08 a-s1"), "A33.3")


# Actions (A26-A40) -----------------------------------------------------------------------------------


async def test_q72_assault_fire_needs_a_boxed_fp(tmp_path):
    """A26: Assault Fire needs a unit activated for Move with a boxed FP; the rifle squad has none."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger04 ger21 ger01 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, "axis: move ger04 g-s1", "axis: assault-fire ger21 D7 g-s1"), "A26")


async def test_q73_assault_fire_by_a_boxed_fp_unit(tmp_path):
    """A26: the assault squad (boxed FP) activated for Move fires before moving."""
    setup = board("g-s4 B7", "a-s1 D7", axis="ger04 ger21 ger01 ger02 ger09 ger18")
    accepted(await question(tmp_path, setup, "axis: move ger04 g-s4", "axis: assault-fire ger21 D7 g-s4"), "A26")


async def test_q74_bore_sighting_needs_a_weapon_of_fp_5(tmp_path):
    """A27: Bore Sighting needs a firing weapon of printed FP 5 or more; the BAR has 2."""
    setup = board("g-s1 B7", "a-s3 E7", allies="usa01 usa17 usa07 usa06", lines=("weapon a-w1 a-s3 usa_bar",))
    refused(await question(tmp_path, setup, *STEP, "allies: fire usa01 a-s3 a-w1", "allies: bore-sighting usa17"), "A27")


async def test_q75_bore_sighting_with_a_medium_machine_gun(tmp_path):
    """A27: the Defense player plays Bore Sighting on an attack with his MMG (FP 5): +2 FP."""
    setup = board("g-s1 B7", "a-s1 E7", allies="usa01 usa17 usa07 usa06", lines=("weapon a-w9 a-s1 usa_mmg",))
    verdict = await question(tmp_path, setup, *STEP, "allies: fire usa01 a-s1 a-w9", "allies: bore-sighting usa17")
    accepted(verdict, "A27")
    assert "+2 FP" in verdict.text


async def test_q76_concealment_lowers_the_attack_total_by_the_cover(tmp_path):
    """A29: once the Attack total (15) is known, Concealment lowers it by the hex's Cover (open ground: 0)."""
    setup = board("g-s1 B7", "a-s1 D7", allies="usa07 usa01 usa02 usa06", axis_top="ger19", allies_top="usa22")
    verdict = await question(tmp_path, setup, "axis: fire ger01 g-s1", "axis: attack D7 g-s1", "axis: pass", "allies: pass", "allies: concealment usa07")
    accepted(verdict, "A29")
    assert "the Attack total is 15" in verdict.text


async def test_q77_no_hidden_entrenchments_in_a_building(tmp_path):
    """A35.1: Hidden Entrenchments cannot go in a Building hex (F5)."""
    setup = board("g-s1 F7", "a-s1 F5", allies="usa01 usa21 usa07 usa06")
    orders = ("axis: fire ger01 g-s1", "axis: attack F5 g-s1", "axis: pass", "allies: pass")
    refused(await question(tmp_path, setup, *orders, "allies: hidden-entrenchments usa21"), "A35.1")


async def test_q78_the_hidden_pillbox_goes_in_an_objective(tmp_path):
    """A35.3: the Hidden Pillbox is played only against an attack on an objective hex; D7 is not one."""
    setup = board("g-s1 B7", "a-s1 D7", allies="usa01 usa60 usa07 usa06")
    orders = ("axis: fire ger01 g-s1", "axis: attack D7 g-s1", "axis: pass", "allies: pass")
    refused(await question(tmp_path, setup, *orders, "allies: hidden-pillbox usa60"), "A35.3")


async def test_q79_smoke_grenades_need_a_boxed_movement(tmp_path):
    """A39: only a unit with a boxed Movement throws Smoke Grenades; the rifle squad has none."""
    setup = board("g-s1 B7", "a-s1 N10", axis="ger04 ger10 ger01 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, "axis: move ger04 g-s1", "axis: smoke-grenades ger10 g-s1 C7"), "A39")


async def test_q80_spray_fire_needs_a_boxed_range(tmp_path):
    """A40: every piece firing with Spray Fire has a boxed Range; the rifle squad has none."""
    setup = board("g-s1 B7", "a-s1 D7", "a-s2 D8", axis="ger01 ger24 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s1", "axis: attack D7 g-s1", "axis: spray-fire ger24 D8"), "A40")


async def test_q81_spray_fire_of_a_heavy_machine_gun(tmp_path):
    """A40: the HMG (boxed Range) fires at D7 and the adjacent D8 with one roll."""
    setup = board("g-s3 B7", "a-s1 D7", "a-s2 D8", axis="ger01 ger24 ger04 ger02 ger09 ger18", lines=("weapon g-w1 g-s3 ger_hmg",))
    verdict = await question(tmp_path, setup, "axis: fire ger01 g-s3", "axis: attack D7 g-w1", "axis: spray-fire ger24 D8")
    accepted(verdict, "A40")
    assert "covers D7 and D8" in verdict.text


async def test_q82_demolition_in_a_hex_with_own_units(tmp_path):
    """A31: Demolition eliminates a fortification in a hex holding the player's units; B7 holds only Germans."""
    setup = board("g-s1 B7", "a-s1 D7", allies="usa54 usa01 usa02 usa06", lines=("fortify B7 foxholes",))
    refused(await question(tmp_path, setup, "axis: pass ger01", "allies: demolition usa54 B7"), "A31")


# Line of sight (10) -------------------------------------------------------------------------------


async def test_q83_a_blaze_blocks_the_line_of_sight(tmp_path):
    """10.2.1 with O20.1: a Blaze in C7, between B7 and D7, blocks the LOS: no Fire order."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 D7", lines=("blaze C7",)), "axis: fire ger01 g-s1"), "O20.1")


async def test_q84_a_hindrance_to_zero_fp_stops_the_attack(tmp_path):
    """10.3.2.1: Smoke 5 between them leaves the squad's 5 FP at 0: the attack cannot be rolled."""
    setup = board("g-s1 B7", "a-s1 D7", lines=("smoke C7 5",))
    verdict = await question(tmp_path, setup, "axis: fire ger01 g-s1", "axis: attack D7 g-s1", "axis: pass")
    accepted(verdict, "10.3.2.1")
    assert "cannot be rolled" in verdict.text


# Fortifications (F105, F106) ----------------------------------------------------------------------


async def test_q85_a_trench_to_trench_step_draws_no_opportunity_fire(tmp_path):
    """F105.2: a unit moving from a Trench into an adjacent Trench cannot be fired at."""
    setup = board("g-s1 E8", "a-s1 H8", lines=("fortify E8 trenches", "fortify F8 trenches"))
    refused(await question(tmp_path, setup, "axis: move ger04 g-s1", "axis: step g-s1 F8", "allies: fire usa01 a-s1"), "F105.2")


async def test_q86_a_unit_leaving_wire_stops_in_the_first_hex(tmp_path):
    """F106.2: a unit that starts its move in Wire stops in the first hex it enters."""
    setup = board("g-s1 B7", "a-s1 N10", lines=("fortify B7 wire",))
    orders = ("axis: move ger04 g-s1", "axis: step g-s1 C7", "allies: pass")
    refused(await question(tmp_path, setup, *orders, "axis: step g-s1 D7"), "F106.2")


async def test_q87_wire_shortens_the_range(tmp_path):
    """F106.1 with O20.1: in Wire the rifle squad's Range 5 is 4: G7, 5 hexes away, is out of range."""
    refused(await question(tmp_path, board("g-s1 B7", "a-s1 G7", lines=("fortify B7 wire",)), "axis: fire ger01 g-s1"), "O20.1")


# Melee, artillery denied, fortification Cover (A38, F101, O17, F102, T93) -------------------------------

ADVANCE = ("axis: advance ger02 g-s1", "axis: step g-s1 C7")
"""g-s1 advances from B7 into a-s1's hex C7: a melee follows."""


async def test_q88_no_quarter_is_not_for_the_german_against_an_american(tmp_path):
    """A38: No Quarter is played by the German only against a Russian (here the melee is won against an American)."""
    setup = board("g-s1 B7", "a-s1 C7", "a-s2 N10", axis="ger02 ger35 ger01 ger04 ger09 ger18", axis_top="ger60", allies_top="usa22")
    orders = (*ADVANCE, "allies: pass", "allies: pass", "axis: pass", "allies: accept", "allies: accept")
    refused(await question(tmp_path, setup, *orders, "axis: no-quarter ger35"), "A38")


async def test_q89_a_melee_tie_in_a_bunker_spares_its_occupant(tmp_path):
    """F101, O16.4.3: a melee tie (6 + 4 against 5 + 5) eliminates only the side that did not begin it in the Bunker."""
    setup = board("g-s1 B7", "a-s1 C7", "a-s2 N10", "g-s2 N1", axis_top="ger23", allies_top="usa50", lines=("fortify C7 bunker",))
    verdict = await question(tmp_path, setup, *ADVANCE, "allies: pass", "axis: pass", "allies: accept", "allies: accept")
    accepted(verdict, "O16.4.3")
    assert "Axis loses every unit there" in verdict.text and "a-s1 (C7) is eliminated" not in verdict.text


async def test_q90_artillery_denied_eliminates_a_broken_radio(tmp_path):
    """O17: an enemy radio already broken is eliminated by Artillery Denied."""
    setup = board("g-s1 B7", "a-s1 D7", axis="ger06 ger01 ger04 ger02 ger09 ger18", lines=("radio allies broken",))
    verdict = await question(tmp_path, setup, "axis: artillery-denied ger06")
    accepted(verdict, "O17")
    assert "is eliminated" in verdict.text


async def test_q91_a_road_lowers_the_foxholes_cover(tmp_path):
    """F102, T93: Foxholes (Cover 3) on the road in G7 give 2: the squad defends on Morale 6 + 2 = 8."""
    setup = board("g-s1 E7", "a-s1 G7", axis_top="ger19", allies_top="usa22", lines=("fortify G7 foxholes",))
    orders = ("axis: fire ger01 g-s1", "axis: attack G7 g-s1", "axis: pass", "allies: pass", "allies: pass")
    assert "Morale and Cover 8 against 15" in (await question(tmp_path, setup, *orders)).text


# The moment of an action (A24.1) ---------------------------------------------------------------------


async def test_q95_hand_grenades_wait_for_a_fire_attack_roll(tmp_path):
    """A34: Hand Grenades are played right before a Fire attack roll, not at the start of a turn."""
    setup = board("g-s1 C7", "a-s1 D7", axis="ger26 ger01 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, "axis: hand-grenades ger26"), "A34")


async def test_q96_sustained_fire_on_a_command_confusion_card(tmp_path):
    """A41: the Sustained Fire of a card whose order is Command Confusion, played with no attack, is refused for its moment, not as an order (O19)."""
    setup = board("g-s3 C7", "a-s1 D7", axis="ger03 ger01 ger04 ger02 ger09 ger18", lines=("weapon g-w1 g-s3 ger_hmg",))
    refused(await question(tmp_path, setup, "axis: sustained-fire ger03"), "A41")


async def test_q97_concealment_waits_for_a_defense_roll(tmp_path):
    """A29: Concealment is played right before a defense roll; in the opponent's turn with no attack it is refused."""
    setup = board("g-s1 C7", "a-s1 D7", allies="usa07 usa01 usa02 usa06")
    refused(await question(tmp_path, setup, "allies: concealment usa07"), "A29")


async def test_q98_light_wounds_wait_for_a_hit_on_a_squad(tmp_path):
    """A36: Light Wounds are played when a Squad of one's own takes a hit; with none hit they are refused."""
    setup = board("g-s1 C7", "a-s1 D7", allies="usa15 usa01 usa02 usa06")
    refused(await question(tmp_path, setup, "allies: light-wounds usa15"), "A36")


async def test_q99_assault_fire_belongs_to_a_move_order(tmp_path):
    """A26: Assault Fire is made by units activated for Move; at the turn's start it is refused."""
    setup = board("g-s4 C7", "a-s1 D7", axis="ger21 ger01 ger04 ger02 ger09 ger18")
    refused(await question(tmp_path, setup, "axis: assault-fire ger21 D7 g-s4"), "A26")


async def test_q100_no_opportunity_fire_during_a_fire_order(tmp_path):
    """A33.1: a Fire card is played as an action only during an enemy Move order, not during his Fire order."""
    setup = board("g-s1 C7", "a-s1 D7", "g-s2 N1")
    refused(await question(tmp_path, setup, "axis: fire ger01 g-s1", "allies: fire usa01 a-s1"), "A33.1")


async def test_q101_opportunity_fire_comes_right_after_the_hex_is_entered(tmp_path):
    """A33.1: once the Allies let the move go on from C7, they fire again only when a unit enters another hex."""
    setup = board("g-s1 B7", "a-s1 E7")
    refused(await question(tmp_path, setup, *STEP, "allies: pass", "allies: fire usa01 a-s1"), "A33.1")


async def test_q102_a_tie_against_a_moving_unit_is_a_hit(tmp_path):
    """O20.3.4: opportunity fire 6 + 3 = 9 against g-s1's 7 + 2 = 9: a unit activated for Move is hit, not suppressed."""
    setup = board("g-s1 B7", "g-s2 C7", "a-s1 E7", allies_top="usa53", axis_top="ger55 ger56")
    orders = (*STEP, "allies: fire usa01 a-s1", "allies: pass", "allies: accept", "axis: pass")
    verdict = await question(tmp_path, setup, *orders, "allies: accept")
    accepted(verdict, "O20.3.4")
    assert "g-s1: 7 + 2 = 9 against 9: hit" in verdict.text


async def test_q103_recover_first_removes_every_suppressed_marker(tmp_path):
    """O22.2: a Recover order first removes the Suppressed markers of all the player's units, and says so."""
    setup = board("g-s1 B7", "g-s2 B8", "a-s1 D7", lines=("suppress g-s1", "suppress g-s2"))
    verdict = await question(tmp_path, setup, "axis: recover ger09")
    accepted(verdict, "O22.2")
    assert "Suppressed markers removed from g-s1, g-s2" in verdict.text
