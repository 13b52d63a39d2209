"""Combat Actions (7.5): declaration, chits, odds, DRMs, armour superiority, on hand-made positions.

Dice in ``play``: the attacker's chit, the defender's chit (a d10 picks one of the ten chits of
the cup), the combat die, then the efficiency checks. Chit 1 multiplies everything by 1.
"""

from fractions import Fraction

import pytest

from bot.i18n import render
from engine import stacks
from engine.errors import IllegalOrder, InvalidOrder
from engine.games.across_the_bug_river import combat
from engine.games.across_the_bug_river.game import POLICY
from tests.engine.games.across_the_bug_river.helpers import GAME, activating, empty, play, put

RULES = GAME.rules


def duel(attackers=("I/108",), defenders=("I/16",), source="1507", target="1607", ap=5, formation="14pz"):
    """German ``attackers`` in ``source`` (14th Panzer acting, HQ in 1408) next to Soviet
    ``defenders`` in ``target`` (87th RD's HQ in 1610, in range)."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-87rd", "1610")
    for uid in attackers:
        put(state, uid, source)
    for uid in defenders:
        put(state, uid, target)
    activating(state, "german", formation, ap)
    state["turn"] = 2
    return state


def plan(state, kind="regular", source="1507", target="1607", attackers=("I/108",), side="german", formation="14pz"):
    return combat.Plan(kind, side, formation, source, target, tuple(attackers))


def odds(state, **kw):
    return combat.assess(RULES, state, plan(state, **kw), lambda u: True)


def drm_values(o):
    return sorted(v for _, v in o.drms)


# Declaration (7.5.1 A) -----------------------------------------------------------------------


def test_the_target_must_be_adjacent():
    """7.5.1: one hex attacks one adjacent enemy hex."""
    state = duel()
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack hasty 1507 1708")
    assert err.value.rule == "7.5.1"


def test_a_hex_of_hqs_only_cannot_be_attacked():
    """7.5: HQs are ignored in combat; a hex with no enemy combat unit is no target."""
    state = duel(defenders=())
    put(state, "HQ-87rd", "1505")
    put(state, "I/108", "1506")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack hasty 1506 1505")
    assert err.value.rule == "7.5"


def test_no_attack_across_the_unbridged_bug():
    """3.1.2: the unbridged Bug is a prohibited hexside (ruling: no attack across it)."""
    state = duel(source="1807", target="1907")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack hasty 1807 1907")
    assert err.value.rule == "3.1.2"


def test_only_units_of_the_acting_formation_attack():
    """5.5.1: a unit of another formation in the hex may not take part."""
    state = duel(attackers=("I/108", "I/131"))
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack hasty 1507 1607 I/131")
    assert err.value.rule == "5.5.1"


def test_a_named_attacker_must_stand_in_the_attacking_hex():
    """7.5.1: the attacking units are in the one attacking hex."""
    state = duel(attackers=("I/108",))
    put(state, "II/108", "1506")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack hasty 1507 1607 II/108")
    assert err.value.rule == "7.5.1"


def test_a_disorganised_unit_cannot_attack():
    """5.6.3: a disorganised unit may only recover."""
    state = duel()
    state["units"]["I/108"]["disorganized"] = True
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack hasty 1507 1607 I/108")
    assert err.value.rule == "5.6.3"
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack hasty 1507 1607")
    assert err.value.rule == "7.5.1"


def test_out_of_command_units_make_only_hasty_attacks():
    """7 / 5.8.3: regular and prepared attacks are barred to units out of command range."""
    state = duel()
    put(state, "HQ-14pz", "1212")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack regular 1507 1607")
    assert err.value.rule == "5.8.3"


def test_isolated_units_make_only_hasty_attacks():
    """5.8.4: isolated units suffer the out-of-command effects: no regular or prepared attack."""
    state = duel()
    stacks.remove(POLICY, state, state["units"], "HQ-14pz")
    state["units"]["HQ-14pz"]["hex"] = None
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack prepared 1507 1607")
    assert err.value.rule == "5.8.4"


def test_an_out_of_command_hasty_attack_costs_double():
    """7 / 5.8.3: an OOC unit's hasty attack costs 2 AP."""
    state = duel()
    put(state, "HQ-14pz", "1212")
    play(state, "german", "attack hasty 1507 1607", 1, 1, 5, 1, 1, 1, 1)
    assert state["ap"]["german"] == 3


@pytest.mark.parametrize("kind,cost", [("hasty", 1), ("regular", 2), ("prepared", 3)])
def test_each_attack_type_costs_its_ap(kind, cost):
    """7: hasty 1, regular 2, prepared 3 AP."""
    state = duel()
    play(state, "german", f"attack {kind} 1507 1607", 1, 1, 5, 1, 1, 1, 1)
    assert state["ap"]["german"] == 5 - cost


def test_an_attack_beyond_the_ap_left_is_refused():
    """7: a regular attack needs 2 AP."""
    state = duel(ap=1)
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack regular 1507 1607")
    assert err.value.rule == "7.1"


def test_an_unknown_attack_type_is_a_syntax_error():
    """7.5: the types are hasty, regular, prepared; anything else says what is accepted."""
    state = duel()
    with pytest.raises(InvalidOrder):
        GAME.parse(state, "german", "attack sideways 1507 1607")


def test_an_isolated_attacker_failing_its_check_does_not_attack():
    """7.2 / 5.8.4: an isolated unit checks efficiency on acting; failing, it disorganises and the AP are spent."""
    state = duel()
    state["units"]["HQ-14pz"]["hex"] = None
    state["stacks"].pop("1408")
    play(state, "german", "attack hasty 1507 1607", 10)
    assert state["units"]["I/108"]["disorganized"]
    assert state["ap"]["german"] == 4
    assert state["flow"][-1]["proc"] == "activation"


def test_the_attacker_sees_the_whole_defending_stack_once_declared():
    """5.3.4: declaring an attack reveals the defending stack to the attacker (and ends with the combat)."""
    state = duel(defenders=("I/16", "141AT"))
    before = GAME.view(state, "german")["stacks"]["1607"]
    assert sum(1 for c in before["counters"] if not c.get("blank")) == 1
    play(state, "german", "attack hasty 1507 1607", 1, 1, 1)  # 4r/0 at 1:2: the attacker takes hits
    assert state["flow"][-1]["proc"] in ("losses", "activation", "bonus")
    during = GAME.view(state, "german")["stacks"]["1607"]
    if state["flow"][-1]["proc"] == "losses":
        assert all(not c.get("blank") for c in during["counters"])


# Strength and chits (7.5.1.1) -------------------------------------------------------------------


def test_a_prepared_attack_reads_the_enhanced_column():
    """7.5.1.1: chit 7 gives efficiency 6 a 2 (standard) or a 3 (enhanced, prepared attack)."""
    state = duel()
    assert combat.strength(RULES, state, ["I/108"], 6, enhanced=False, attacking=True) == 8
    assert combat.strength(RULES, state, ["I/108"], 6, enhanced=True, attacking=True) == 12


def test_a_disorganised_defender_reads_the_standard_column_and_its_back_efficiency():
    """7.5.1.1: disorganised units use the standard column, at their reduced efficiency."""
    state = duel()
    state["units"]["I/16"]["disorganized"] = True
    # I/16: efficiency 4, 2 disorganised; chit 7 std e2 = 1
    assert combat.strength(RULES, state, ["I/16"], 6, enhanced=True, attacking=False) == 4


def test_attacking_at_units_count_a_quarter_and_the_total_rounds_up():
    """7.5.1.1 / 5.1: PzJg 4 (2 points) attacks with 1/2; with I/108's 4 the total 4.5 rounds up to 5."""
    state = duel(attackers=("I/108", "PzJg4"))
    assert combat.strength(RULES, state, ["I/108", "PzJg4"], 0, enhanced=False, attacking=True) == 5
    assert combat.strength(RULES, state, ["PzJg4"], 0, enhanced=False, attacking=False) == 2


def test_the_current_strength_is_multiplied():
    """7.5.1.1: the current (reduced) strength, not the printed one."""
    state = duel()
    state["units"]["I/108"]["strength"] = 2
    assert combat.strength(RULES, state, ["I/108"], 0, enhanced=False, attacking=True) == 2


# The CRT (7.5.1 D) --------------------------------------------------------------------------------


def test_the_odds_round_down_to_a_column():
    """7.5.1 D.1: 11 against 4 is 2:1."""
    assert combat.column(RULES, 1, Fraction(11), Fraction(4)) == "2:1"


def test_odds_beyond_the_rightmost_column_use_it():
    """7.5.1 D.2: above the rightmost column of the line, the rightmost."""
    assert combat.column(RULES, 1, Fraction(40), Fraction(1)) == "7:1"


def test_odds_below_the_leftmost_column_are_five_nothing():
    """7.5.1 D.2: below the leftmost column of the line the attack is a 5/0."""
    assert combat.column(RULES, 4, Fraction(3), Fraction(2)) is None
    assert combat.cell(RULES, 4, None, 10) == "5/0"


@pytest.mark.parametrize("die,drm,row", [(1, -5, 1), (10, 15, 20), (5, 3, 8)])
def test_the_modified_die_is_kept_between_1_and_20(die, drm, row):
    """7.5.1.2: results below 1 read 1, above 20 read 20."""
    from engine.games.across_the_bug_river import battle
    from tests.engine.games.across_the_bug_river.helpers import ctx

    frame = {"line": 1, "column": "1:1", "drm": drm}
    battle.apply_roll(RULES, {}, frame, die, ctx())
    text = combat.cell(RULES, 1, "1:1", row)
    att, _, dfn, _ = combat.read_cell(text)
    assert frame["hits"] == {"attacker": att, "defender": dfn}


def test_a_fortification_is_ignored_when_only_soviet_afv_hold_it():
    """3.1.1: a fortified hex held only by Soviet AFV uses the clear line."""
    state = duel(defenders=(), source="2213", target="2114")
    put(state, "II/82", "2114")
    put(state, "I/108", "2213")
    assert odds(state, source="2213", target="2114").line == 1
    put(state, "I/16", "2114")
    state["units"]["II/82"]["hex"] = None
    state["stacks"]["2114"].remove("II/82")
    assert odds(state, source="2213", target="2114").line == 4


# DRMs (7.5.1.2) ---------------------------------------------------------------------------------------


def test_a_stream_gives_the_defender_minus_two():
    """7.5.1.2 A: attacking across a stream (the Luga, 2109-2108): -2."""
    state = duel(source="2109", target="2108")
    assert -2 in drm_values(odds(state, source="2109", target="2108", kind="hasty"))


def test_the_bridged_bug_gives_minus_four_and_a_quarter_of_the_tank_points():
    """10.1 / 7.5.1.2 A: across a Bug bridge -4 and the AFV's Tank points quartered (turn 2)."""
    state = duel(attackers=("I/36",), defenders=("No.1",), source="1908", target="2008")
    o = odds(state, source="1908", target="2008", kind="hasty", attackers=("I/36",))
    assert drm_values(o) == [-4]
    assert o.armour == 0  # 4 x 1/4 = 1 against AT 0 + village 1


def test_brandenburg_halves_the_bridge_on_turn_one():
    """10.1: on turn 1 German attacks over the Ustyluh bridge get -2 and half the Tank points."""
    state = duel(attackers=("I/36",), defenders=("No.1",), source="1908", target="2008")
    state["turn"] = 1
    o = odds(state, source="1908", target="2008", kind="hasty", attackers=("I/36",))
    assert drm_values(o) == [-2]
    assert o.armour == 1  # 4 x 1/2 = 2 against AT 0 + village 1


def test_regular_support_is_plus_one_per_hex():
    """7.5.1.2 B: a regular attack gets +1 for each friendly hex next to the defender projecting ZOC into it."""
    state = duel()
    put(state, "II/36", "1606")
    put(state, "II/108", "1707")
    o = odds(state, kind="regular")
    assert sorted(v for n, v in o.drms if "support from" in n.template and "defensive" not in n.template) == [1, 1]


def test_a_hasty_attack_gets_no_support():
    """7.5.1.2 B: no combat support for the attacker's hasty attack, and no HQ support."""
    state = duel()
    put(state, "II/36", "1606")
    assert odds(state, kind="hasty").drms == ()


def test_prepared_support_is_two_from_the_same_formation_and_one_from_another():
    """7.5.1.2 B: prepared attack: +2 for a hex with a unit of the attacking formation, +1 otherwise (not cumulative)."""
    state = duel()
    put(state, "II/36", "1707")
    put(state, "HQ-44id", "1505")
    put(state, "I/131", "1606")
    o = odds(state, kind="prepared")
    assert sorted(v for n, v in o.drms if n.template == "support from {hex}") == [1, 2]


def test_the_attacking_hex_gives_no_support():
    """Ruling (digest 8.2): units left in the attacking hex do not support."""
    state = duel(attackers=("I/108", "I/36"))
    o = odds(state, kind="regular", attackers=("I/108",))
    assert not [v for n, v in o.drms if n.template == "support from {hex}"]


def test_disorganised_or_out_of_command_units_do_not_support():
    """7.5.1.2 B / 5.6.3: a supporter is not disorganised and is in command range."""
    state = duel()
    put(state, "II/36", "1606")
    state["units"]["II/36"]["disorganized"] = True
    put(state, "I/131", "1608")  # 44th ID: its HQ is not on the map
    assert not [v for n, v in odds(state, kind="regular").drms if n.template == "support from {hex}"]


def test_regular_defence_is_minus_one_per_hex():
    """7.5.1.2 B: each friendly hex next to the attacking hex projecting ZOC into it: -1."""
    state = duel()
    put(state, "I/96", "1506")
    assert [v for n, v in odds(state, kind="hasty").drms] == [-1]


def test_improved_defense_support_is_minus_two_same_formation_minus_one_other():
    """7.5.1.2 B: Improved Defense: -2 from a hex of the defending formation, -1 from another."""
    state = duel()
    state["improved"].append("1607")
    put(state, "I/96", "1506")
    put(state, "HQ-2fr", "1505")
    put(state, "A/19", "1606")
    assert sorted(v for n, v in odds(state, kind="hasty").drms) == [-2, -1]


def test_a_disorganised_defender_gets_no_support():
    """7.5.1.2 B: no defensive support when any defending unit is disorganised."""
    state = duel()
    put(state, "I/96", "1506")
    state["units"]["I/16"]["disorganized"] = True
    assert odds(state, kind="hasty").drms == ()


@pytest.mark.parametrize("kind,formation,hq,points", [("regular", "14pz", "1408", 2), ("prepared", "14pz", "1408", 4), ("regular", "44id", "1505", 2), ("hasty", "14pz", "1408", 0)])
def test_hq_support_is_half_rounded_up_or_whole(kind, formation, hq, points):
    """7.5.1.2 C: regular attacks get half the HQ's support points rounded up, prepared all, hasty none."""
    state = duel()
    put(state, f"HQ-{formation}", hq)
    o = odds(state, kind=kind, formation=formation)
    assert sum(v for n, v in o.drms if n.template == "HQ support") == points


def test_engineers_add_one_against_a_fortification():
    """3.1.1: an engineer of the activated formation attacking a fortified hex: +1."""
    state = duel(attackers=("Pi13",), defenders=("I/16",), source="2115", target="2114")
    o = odds(state, kind="hasty", source="2115", target="2114", attackers=("Pi13",))
    assert [v for n, v in o.drms] == [1]


# Armour superiority (7.5.1.2 D), the rulebook's examples --------------------------------------


def test_example_tank_four_against_at_one_in_a_village_is_plus_two():
    """7.5.1.2 D example: 4 Tank points against 1 AT point + 1 for the village: +2."""
    state = duel(attackers=("I/36",), defenders=("A/145",), source="1506", target="1505")
    put(state, "HQ-87rd", "1610")
    o = odds(state, kind="hasty", source="1506", target="1505", attackers=("I/36",))
    assert (o.armour, o.attacker_armour, o.defender_armour) == (2, "I/36", "A/145")


def test_example_a_quartered_tank_over_the_bug_gets_no_superiority():
    """7.5.1.2 D example: over the Bug bridge the assault gun's Tank points are quartered; against AT 1 + village it is negative: no AS."""
    state = duel(attackers=("1/191",), defenders=("I/283",), source="1908", target="2008")
    o = odds(state, kind="hasty", source="1908", target="2008", attackers=("1/191",))
    assert o.armour == 0


def test_example_tank_against_tank_is_the_difference():
    """7.5.1.2 D example: 3/I/4 beats the defender's best Tank by 2: +2 (here I/36, Tank 4, against II/82, Tank 2)."""
    state = duel(attackers=("I/36",), defenders=("II/82",))
    o = odds(state, kind="hasty", attackers=("I/36",))
    assert o.armour == 2


def test_example_no_tank_against_tank_gives_the_defender_its_tank_points():
    """7.5.1.2 D example: an attacker without Tank against a defender's Tank 3: -3 (never terrain-modified)."""
    state = empty()
    put(state, "HQ-87rd", "1610")
    put(state, "HQ-14pz", "1408")
    put(state, "I/16", "1607")
    put(state, "I/36", "1507")
    state["units"]["I/36"]["disorganized"] = True  # the back: Tank 3
    o = combat.assess(RULES, state, combat.Plan("hasty", "soviet", "87rd", "1607", "1507", ("I/16",)), lambda u: True)
    assert (o.armour, o.defender_armour) == (-3, "I/36")


def test_a_defender_with_tank_must_use_it_instead_of_at():
    """7.5.1.2 D: a defender with Tank and AT points uses Tank."""
    state = empty()
    put(state, "HQ-41td", "1610")
    put(state, "HQ-14pz", "1408")
    put(state, "II/82", "1607")
    put(state, "I/36", "1507")
    put(state, "PzJg4", "1507")
    o = combat.assess(RULES, state, combat.Plan("hasty", "soviet", "41td", "1607", "1507", ("II/82",)), lambda u: True)
    assert (o.armour, o.defender_armour) == (-2, "I/36")  # Tank 2 against Tank 4; against AT 3 it would be no AS


def test_a_defender_without_tank_or_at_uses_its_strongest_unit_and_the_terrain():
    """7.5.1.2 D: no Tank or AT: AT 0 plus the terrain bonus, from the strongest unit."""
    state = duel(attackers=("I/36",), defenders=("No.1",), source="1506", target="1505")
    o = odds(state, kind="hasty", source="1506", target="1505", attackers=("I/36",))
    assert (o.armour, o.defender_armour) == (3, "No.1")


def test_armour_ties_go_to_the_stronger_unit():
    """7.5.1.2 D: between equal Tank/AT values the unit with more current strength is used."""
    state = duel(attackers=("I/36",), defenders=("I/16", "II/16"))
    state["units"]["I/16"]["strength"] = 2
    assert odds(state, kind="hasty", attackers=("I/36",)).defender_armour == "II/16"


def test_example_regular_attack_against_regular_defence():
    """7.5.1.2 example: I/103 supported by II/36 (+1) and its HQ (+2); B/19 supported by A/19 (-1): +2."""
    state = duel(attackers=("I/103",), defenders=("B/19",))
    put(state, "HQ-2fr", "1505")
    put(state, "II/36", "1606")
    put(state, "A/19", "1506")
    o = odds(state, kind="regular", attackers=("I/103",))
    assert sorted(v for _, v in o.drms) == [-1, 1, 2]
    assert o.drm == 2


def test_example_prepared_attack_against_improved_defense():
    """7.5.1.2 example: II/103 with its HQ (+4) and I/108 (+2) over a stream (-2) against A/20 in
    Improved Defense supported by B/20 (-2): +2 (here I/103 and A/19, B/19 of the same formation)."""
    state = duel(attackers=("I/103",), defenders=("A/19",), source="2109", target="2108")
    put(state, "HQ-14pz", "2404")
    put(state, "HQ-2fr", "2113")
    put(state, "I/108", "2107")
    put(state, "B/19", "2009")
    state["improved"].append("2108")
    o = odds(state, kind="prepared", source="2109", target="2108", attackers=("I/103",))
    assert sorted(v for _, v in o.drms) == [-2, -2, 2, 4]
    assert o.drm == 2


def test_the_odds_preview_counts_only_what_the_asker_sees():
    """7.5.1 / 5.3.4: 'odds' names no hidden counter and no current strength of the enemy."""
    state = duel(defenders=("I/16", "141AT"))
    state["units"]["I/16"]["strength"] = 1
    state["units"]["141AT"]["strength"] = 1
    text = render(GAME.query(state, "german", "odds regular 1507 1607"), "en", "german")
    top = state["stacks"]["1607"][0]
    assert "counters you see: 1" in text
    assert f"printed strength {RULES.units[top].strength}" in text
    assert "hasty" not in text


def test_odds_is_not_an_order():
    """7.5.1: the preview logs nothing and changes nothing."""
    state = duel()
    before = repr(state)
    GAME.query(state, "german", "odds prepared 1507 1607")
    assert repr(state) == before


def test_the_odds_preview_gives_the_column_range_against_the_printed_strength():
    """7.5.1 D: the preview's columns run from the worst chits against the printed strength to the best."""
    state = duel()
    text = render(GAME.query(state, "german", "odds hasty 1507 1607"), "en", "german")
    # I/108 (efficiency 6, standard column): 4 to 8; I/16 printed 4 (efficiency 4): 4 to 8
    assert "from 1:2 to 2:1 at their printed strength" in text


def test_a_chit_cup_of_the_wrong_size_is_reported():
    """7.5.1.1: the cup is drawn with a d10, so it holds ten chits."""
    from engine.datafiles import read_text, read_texts
    from engine.games.across_the_bug_river import data

    texts = {name: read_text(data.PACKAGE, f"data/{name}") for name in ("units.csv", "formations.csv", "tables.toml", "scenarios.toml")}
    texts["tables.toml"] = texts["tables.toml"].replace('  "std:1,1,1,1,1,1 enh:1,1,1,1,2,2",\n', "", 1)
    rules = data.parse(texts, read_texts(data.PACKAGE, "data/map"))
    assert any("chit cup" in p for p in rules.problems)
