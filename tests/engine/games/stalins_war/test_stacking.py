"""Stalin's War stacking (9.1-9.2)."""

from __future__ import annotations

from engine.games.stalins_war import stacking
from tests.engine.games.stalins_war.test_terrain import RULES, blank_state, put

HEX = "2424"


def test_four_combat_units_fit_a_fifth_does_not_9_1_1():
    state = blank_state()
    for uid in ("su-13r", "su-20r", "su-21r", "su-22r"):
        put(state, uid, HEX)
    assert stacking.check_hex(RULES, state, HEX) is None
    assert not stacking.fits(RULES, state, HEX, ("su-16r",))
    problem = stacking.problem(RULES, state, HEX, ("su-16r",))
    assert problem is not None and stacking.rule_of(problem) == "9.1.1"


def test_one_lcu_per_hex_9_1_2():
    state = blank_state()
    put(state, "su-west-front", HEX)
    problem = stacking.problem(RULES, state, HEX, ("su-south-front",))
    assert problem is not None and stacking.rule_of(problem) == "9.1.2"


def test_non_stacking_units_do_not_count_but_one_of_each_type_9_1_3():
    state = blank_state()
    for uid in ("su-13r", "su-20r", "su-21r", "su-22r", "su-stalin"):
        put(state, uid, HEX)
    assert stacking.check_hex(RULES, state, HEX) is None
    other = "2626"
    put(state, "su-partisan-1", other)
    problem = stacking.problem(RULES, state, other, ("su-partisan-2",))
    assert problem is not None and stacking.rule_of(problem) == "9.1.3"


def test_hungarians_and_romanians_never_together_9_2_1():
    state = blank_state()
    put(state, "hu-schnell", HEX)
    problem = stacking.problem(RULES, state, HEX, ("ro-3c",))
    assert problem is not None and stacking.rule_of(problem) == "9.2.1"
    assert stacking.fits(RULES, state, HEX, ("ge-43c",))


def test_partisans_never_with_other_soviet_units_9_2_2():
    state = blank_state()
    put(state, "su-partisan-1", HEX)
    problem = stacking.problem(RULES, state, HEX, ("su-13r",))
    assert problem is not None and stacking.rule_of(problem) == "9.2.2"


def test_axis_units_may_share_a_hex_with_inactive_partisans_16_1_4():
    state = blank_state()
    put(state, "su-partisan-1", HEX)
    state["units"]["su-partisan-1"]["active"] = False
    assert stacking.fits(RULES, state, HEX, ("ge-43c", "ge-6a"))
