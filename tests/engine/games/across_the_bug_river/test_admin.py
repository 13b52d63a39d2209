"""The Admin Phase (8) in segment order, and the end of the turn (7.8) with victory points (9)."""

from engine.games.across_the_bug_river.admin import verdict, victory_points
from tests.engine.games.across_the_bug_river.helpers import GAME, ctx, empty, put, run

RULES = GAME.rules


def run_admin(state, *rolls):
    state["flow"] = [{"proc": "admin"}]
    state["surprise"] = {"active": False, "left": 0, "used": []}
    return run(state, ctx(*rolls))


def cut_off(state):
    """HQ-14pz east of the Bug with Soviet units on both bridges (Ustyluh 2008, Vygodanka 1409)."""
    put(state, "HQ-14pz", "2707")
    put(state, "I/16", "2008")
    put(state, "II/16", "1409")


def test_the_admin_phase_resets_the_initiative_marker():
    """8: the Initiative +DRM marker goes back to 0 at the start of the Admin Phase."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    state["marker"] = {"side": "soviet", "value": 4}
    run_admin(state, 1, 5, 5)
    assert state["flow"][-1]["proc"] == "choose"  # the Ops Phase's first cycle began
    assert state["marker"]["value"] == 2  # flipped once by that cycle's determination, from 0


def test_the_interdiction_roll_sets_the_level():
    """8.1.2: the German's d10 on the Interdiction Table gives the level for the turn."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    run_admin(state, 10, 5, 5)
    assert state["interdiction"] == RULES.tables["interdiction"]["by_roll"][9]


def test_a_supplied_german_formation_recovers_its_table_value():
    """8.1.1: the activation marker moves up by the HQ Recovery Table's value, never above the maximum."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    state["formations"]["14pz"]["level"] = 1
    run_admin(state, 1, 5, 5)
    gain = RULES.tables["hq_recovery"]["german"][str(RULES.formations["14pz"].recovery)]
    assert state["formations"]["14pz"]["level"] == min(1 + gain, RULES.formations["14pz"].max_level)


def test_soviet_recovery_reads_the_interdiction_column():
    """8.1.3: Soviet recovery is cross-referenced with the interdiction level."""
    state = empty()
    put(state, "HQ-87rd", "2707")
    state["formations"]["87rd"]["level"] = 0
    run_admin(state, 10, 5, 5)  # level 2 interdiction
    value = RULES.tables["hq_recovery"]["soviet"][str(RULES.formations["87rd"].recovery)][2]
    assert state["formations"]["87rd"]["level"] == value


def test_an_hq_out_of_supply_spends_emergency_supply_and_recovers_one_less():
    """5.7.2: out of supply, front side: flip it and recover 1 less."""
    state = empty()
    cut_off(state)
    state["formations"]["14pz"]["level"] = 1
    run_admin(state, 1, 5, 5)
    gain = RULES.tables["hq_recovery"]["german"][str(RULES.formations["14pz"].recovery)]
    assert state["units"]["HQ-14pz"]["emergency"] is True
    assert state["formations"]["14pz"]["level"] == 1 + gain - 1


def test_an_hq_with_emergency_supply_spent_does_not_recover():
    """5.7.2: on its back and still out of supply, it cannot recover."""
    state = empty()
    cut_off(state)
    state["units"]["HQ-14pz"]["emergency"] = True
    state["formations"]["14pz"]["level"] = 1
    run_admin(state, 1, 5, 5)
    assert state["formations"]["14pz"]["level"] == 1


def test_disorganised_units_in_command_recover_automatically():
    """8.1.4: a disorganised unit in command range flips back in the Recovery Segment."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "I/36", "1407")
    state["units"]["I/36"]["disorganized"] = True
    run_admin(state, 1, 5, 5)
    assert state["units"]["I/36"]["disorganized"] is False


def test_isolated_disorganised_units_check_attrition():
    """8.1.5 / 5.8.4: roll - efficiency 4 or more loses 2 steps."""
    state = empty()
    put(state, "I/36", "1407")  # its HQ is off the map: isolated
    state["units"]["I/36"]["disorganized"] = True
    strength = state["units"]["I/36"]["strength"]
    run_admin(state, 1, 10, 5, 5)  # interdiction, attrition 10 against efficiency 4
    assert state["units"]["I/36"]["strength"] == strength - 2


def test_reinforcements_enter_at_their_sides_entry_hexes():
    """8.4: turn 2 brings the engineers 260/III and 627/III in scenario 1, at a German entry hex."""
    state = empty()
    state["turn"] = 2
    run_admin(state, 1, 5, 5)
    entries = {p.hex for p in RULES.board.places.values() if p.kind == "entry" and p.get("side") == "german"}
    assert state["units"]["260/III"]["hex"] in entries and state["units"]["627/III"]["hex"] in entries


def test_german_vp_count_vp_hexes_destroyed_soviet_strength_and_orders():
    """9 / 11.1: 2 for 2708, 1/15 per Soviet AFV point destroyed, +1 per Counterattack Order, +2 with no Soviet fort."""
    state = empty()
    state["control"]["2708"] = "german"
    state["destroyed"] = ["II/82"]
    state["counterattack"] = 2
    vp = victory_points(RULES, state)
    assert vp == 2 + 2 + 2 + __import__("fractions").Fraction(RULES.units["II/82"].strength, 15)


def test_german_deductions_for_low_activation_markers():
    """9: -1 VP for every 2 German formation markers below level 2."""
    state = empty()
    state["counterattack"] = 0
    before = victory_points(RULES, state)
    state["formations"]["14pz"]["level"] = 1
    state["formations"]["44id"]["level"] = 0
    assert victory_points(RULES, state) == before - 1


def test_the_verdict_reads_the_scenario_table():
    """11.1: 12 or 13 German VP is a German minor victory in scenario 1."""
    state = empty()
    state["vp"] = "12"
    assert verdict(RULES, state) == ("german", "German minor victory")
    state["vp"] = "7"
    assert verdict(RULES, state) == ("soviet", "Soviet decisive victory")


def test_reinforcements_without_a_free_entry_hex_enter_nearest_to_it():
    """8.4.1: with every entry hex held by the enemy, reinforcements enter the nearest hex in command range and not next to an enemy unit."""
    state = empty()
    state["turn"] = 2
    put(state, "HQ-298id", "1109")
    put(state, "HQ-44id", "1313")
    for uid, label in (("I/16", "1005"), ("II/16", "1008"), ("III/16", "1013")):
        put(state, uid, label)
    run_admin(state, 1, 5, 5)
    from engine.games.across_the_bug_river import board

    for uid in ("260/III", "627/III"):
        label = state["units"][uid]["hex"]
        assert label is not None and not board.adjacent_enemy(RULES, state, label, "german") and board.command(RULES, state, uid) == "in"
