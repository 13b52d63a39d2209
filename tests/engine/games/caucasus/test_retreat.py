"""Retreats (11) and advance after combat (12): every clause, with the rule each refusal cites.

Test grid geometry (see ``test_combat``): 0505's neighbours are 0504 (N), 0604 (NE), 0605 (SE),
0506 (S), 0405 (SW), 0404 (NW); 0506's are 0605, 0606, 0507, 0406, 0405, 0505; 0507's are
0606, 0607, 0508, 0407, 0406, 0506. The hexside 0505-0506 is flanked by 0605 and 0405.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.errors import IllegalOrder, NotImplementedRule
from engine.games.caucasus.retreat import (
    advance_check,
    check_retreat,
    retreat_options,
    stack_count,
)
from engine.kernel import Match
from tests.engine.games.caucasus.test_combat import make_rules, make_state

T = "0505"
SOUTH = (T, "0506", "0507")


def ret(rules, st, uids, path, length: int = 2, **kw: Any):
    return check_retreat(rules, st, list(uids), list(path), length, **kw)


def refused(rule: str, rules, st, uids, path, length: int = 2, **kw: Any) -> IllegalOrder:
    with pytest.raises(IllegalOrder) as exc:
        ret(rules, st, uids, path, length, **kw)
    assert exc.value.rule == rule, str(exc.value)
    return exc.value


@pytest.fixture
def rules():
    return make_rules()


# Shape of the path (11.1) ---------------------------------------------------------------------
def test_a_plain_two_hex_retreat(rules):
    st = make_state(rules, {"sov-inf": T, "ger-inf": "0504"})
    out = ret(rules, st, ["sov-inf"], SOUTH)
    assert (out.survivors, out.eliminated, out.step_loss, out.steps_lost, out.end) == (("sov-inf",), (), 0, 0, "0507")


def test_path_must_move_away_hex_by_hex_and_end_at_the_distance(rules):
    st = make_state(rules, {"sov-inf": T, "ger-inf": "0504"})
    refused("11.1", rules, st, ["sov-inf"], (T, "0507"))  # not adjacent
    refused("11.1", rules, st, ["sov-inf"], (T, "0506", "0605"))  # 0605 is 1 hex from 0505
    refused("11.1", rules, st, ["sov-inf"], ("0506", "0507", "0508"))  # not where the unit is
    refused("11.1", rules, st, ["sov-inf"], (T, "0506"))  # one hex, into open terrain
    refused("11.1", rules, st, ["sov-inf"], (T, "0506", "0507", "0508", "0509"), length=2)
    refused("11.1", rules, st, ["sov-inf"], (T,))
    # An extra hex only to respect the stacking limit (ruling 22).
    refused("11.1", rules, st, ["sov-inf"], (T, "0506", "0507", "0508"))
    assert ret(rules, st, ["sov-inf"], (T, "0506", "0507", "0508", "0509"), length=4).end == "0509"


def test_one_hex_stop_into_qualifying_terrain_unless_disorganized():
    rules = make_rules(terrain={"0506": "f"}, places=["0504 | Town | town"])
    st = make_state(rules, {"sov-inf": T, "ger-inf": "0605"})
    assert ret(rules, st, ["sov-inf"], (T, "0504")).end == "0504"
    out = ret(rules, st, ["sov-inf"], (T, "0506"), enforce_priorities=False)
    assert out.step_loss == 1  # 0506 is next to the German unit in 0605
    refused("11.1", rules, st, ["sov-inf"], (T, "0504"), length=4, disorganized_result=True)
    st["options"] = {"one_hex_after_rout": True}  # ruling 21 the other way, as a campaign option
    assert ret(rules, st, ["sov-inf"], (T, "0504"), length=4, disorganized_result=True).end == "0504"
    st["options"] = {}
    st["units"]["sov-inf"]["disorganized"] = True
    refused("11.1", rules, st, ["sov-inf"], (T, "0504"))


def test_units_must_be_in_the_combat_hex_and_of_one_side(rules):
    st = make_state(rules, {"sov-inf": T, "sov-inf2": "0101", "ger-inf": T})
    refused("11.1", rules, st, ["sov-inf", "sov-inf2"], SOUTH)
    refused("11.1", rules, st, ["sov-inf", "ger-inf"], SOUTH)
    refused("11.1", rules, st, [], SOUTH)


# Elimination and step loss (11.2, 11.4) -------------------------------------------------------------
def test_ma_zero_units_are_eliminated(rules):
    st = make_state(rules, {"sov-pg": T, "sov-inf": T})
    out = ret(rules, st, ["sov-pg", "sov-inf"], SOUTH)
    assert out.eliminated == ("sov-pg",) and out.survivors == ("sov-inf",) and "(11.2)" in str(out.reason)


@pytest.mark.parametrize("code", ["w", "a"])
def test_prohibited_hexes_eliminate(code):
    rules = make_rules(terrain={"0506": code})
    st = make_state(rules, {"sov-inf": T})
    out = ret(rules, st, ["sov-inf"], SOUTH[:2] + ("0507",), enforce_priorities=False)
    rule = {"w": "(11.2 a)", "a": "(7.8, 11.2 a)"}[code]  # an Alpine hex names 7.8, the rule that forbids it
    assert out.eliminated == ("sov-inf",) and out.path == SOUTH and rule in str(out.reason)
    refused("11.1", rules, st, ["sov-inf"], SOUTH)  # a safe path exists elsewhere


def test_impassable_hexsides_and_entry_hexes_eliminate():
    rules = make_rules(sides=["0505 0506 lake"], places=["0504 | A | entry | entry=A"])
    st = make_state(rules, {"sov-inf": T})
    assert "across a lake hexside, which no unit may cross (TEC, 11.2 a)" in str(ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False).reason)
    out = ret(rules, st, ["sov-inf"], (T, "0504", "0503"), enforce_priorities=False)
    assert "(4.1, 11.2 a)" in str(out.reason) and out.clause == "4.1, 11.2 a"


def test_a_retreat_across_a_closed_pass_names_2_32():
    """A unit whose retreat crosses a pass closed by snow is eliminated citing 2.32, not only 11.2."""
    rules = make_rules(sides=["0505 0506 alpine pass"])
    st = make_state(rules, {"sov-inf": T}, turn=10)
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert out.eliminated == ("sov-inf",)
    assert "across a pass closed by snow, which no unit may cross (2.32, 11.2 a)" in str(out.reason)


def test_a_retreat_across_an_alpine_hexside_names_7_8():
    """A unit whose retreat crosses an alpine hexside (no pass) is eliminated citing 7.8, not only 11.2."""
    rules = make_rules(sides=["0505 0506 alpine"])
    st = make_state(rules, {"sov-inf": T})
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert "across an alpine hexside, which no unit may cross (7.8, 11.2 a)" in str(out.reason)


def test_enemy_hexes_eliminate(rules):
    st = make_state(rules, {"sov-inf": T, "ger-hq": "0507"})
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert out.eliminated == ("sov-inf",) and "enemy-occupied hex (11.2 b)" in str(out.reason) and out.clause == "11.2 b"


def test_c_hexside_between_two_enemy_units_and_friendly_cancel(rules):
    st = make_state(rules, {"sov-inf": T, "ger-inf": "0605", "ger-inf2": "0405"})
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert "hexside between two enemy units (11.2 c)" in str(out.reason) and out.clause == "11.2 c"
    st["units"]["sov-div"]["hex"] = "0506"
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert out.survivors == ("sov-inf",) and out.step_loss == 0  # ruling 24: no step loss either


def test_white_box_units_exert_no_zoc_for_retreats(rules):
    st = make_state(rules, {"sov-inf": T, "ger-hq": "0605", "ger-inf2": "0405"})
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert out.survivors == ("sov-inf",) and out.step_loss == 1


def test_d_hex_between_two_enemy_units(rules):
    st = make_state(rules, {"sov-inf": T, "ger-inf": "0605", "ger-inf2": "0406"})
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert "into a hex between two enemy units (11.2 d)" in str(out.reason) and out.clause == "11.2 d"
    # Not opposite: only an EZOC, one step lost; the broad reading of (d) is an option.
    st = make_state(rules, {"sov-inf": T, "ger-inf": "0605", "ger-inf2": "0606", "sov-div": "0507"})
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert out.survivors and out.step_loss == 1
    st["options"]["retreat_between"] = "two_units"
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert out.eliminated == ("sov-inf",)


def test_e_ezoc_after_the_first_hex_and_friendly_cancel(rules):
    st = make_state(rules, {"sov-inf": T, "ger-inf": "0508"})
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert "after the first hex (11.2 e)" in str(out.reason) and out.clause == "11.2 e"
    st["units"]["sov-div"]["hex"] = "0507"
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert out.survivors == ("sov-inf",) and out.step_loss == 0


def test_a_group_loses_one_step_in_total_for_an_ezoc(rules):
    st = make_state(rules, {"sov-inf": T, "sov-inf2": T, "ger-inf": "0605"})
    out = ret(rules, st, ["sov-inf", "sov-inf2"], SOUTH, enforce_priorities=False)
    assert out.survivors == ("sov-inf", "sov-inf2") and out.step_loss == 1 and out.steps_lost == 1
    # Fewest steps first (11.1): the way north avoids the EZOC.
    exc = refused("11.1", rules, st, ["sov-inf", "sov-inf2"], SOUTH)
    assert "as few steps" in str(exc)
    assert ret(rules, st, ["sov-inf", "sov-inf2"], (T, "0504", "0503")).step_loss == 0


def test_the_other_retreating_units_of_the_combat_do_not_protect(rules):
    st = make_state(rules, {"sov-inf": T, "sov-inf2": "0506", "ger-inf": "0605"})
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False, group=["sov-inf", "sov-inf2"])
    assert out.step_loss == 1
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert out.step_loss == 0


def test_retreating_again_in_the_same_phase_eliminates_except_after_a_mobile_assault(rules):
    st = make_state(rules, {"sov-inf": T, "sov-div": T}, sov_inf={"retreated": True})
    out = ret(rules, st, ["sov-inf", "sov-div"], SOUTH)
    assert out.eliminated == ("sov-inf",) and "(11.4)" in str(out.reason)
    out = ret(rules, st, ["sov-inf", "sov-div"], SOUTH, mobile_assault=True)
    assert out.eliminated == ()


def test_mechanized_units_enter_swamp_or_mountain_only_by_road():
    rules = make_rules(terrain={"0506": "m"})
    st = make_state(rules, {"sov-tank": T, "sov-inf": T})
    out = ret(rules, st, ["sov-tank", "sov-inf"], SOUTH, enforce_priorities=False)
    assert out.eliminated == ("sov-tank",) and out.survivors == ("sov-inf",) and "(7.6, 11.2 a)" in str(out.reason)
    rules = make_rules(terrain={"0506": "s"}, lines=["road 0505 0506 0507"])
    st = make_state(rules, {"sov-tank": T})
    assert ret(rules, st, ["sov-tank"], SOUTH).survivors == ("sov-tank",)


def test_unbridged_major_river_only_as_the_first_hex():
    rules = make_rules(sides=["0506 0507 major_river"])
    st = make_state(rules, {"sov-inf": T})
    out = ret(rules, st, ["sov-inf"], SOUTH, enforce_priorities=False)
    assert "(7.7, 11.2 a)" in str(out.reason)
    rules = make_rules(sides=["0505 0506 major_river"])
    assert ret(rules, make_state(rules, {"sov-inf": T}), ["sov-inf"], SOUTH).survivors
    rules = make_rules(sides=["0506 0507 major_river"], lines=["road 0506 0507"])
    assert ret(rules, make_state(rules, {"sov-inf": T}), ["sov-inf"], SOUTH).survivors


# Special units (15.3, 15.6, 15.7) ---------------------------------------------------------------------
def test_armoured_trains_retreat_only_along_rail():
    rules = make_rules(lines=["rail 0505 0506 0507", "rail:supply_only 0505 0504 0503"])
    st = make_state(rules, {"sov-train": T})
    assert ret(rules, st, ["sov-train"], SOUTH).survivors == ("sov-train",)
    out = ret(rules, st, ["sov-train"], (T, "0504", "0503"), enforce_priorities=False)
    assert out.eliminated == ("sov-train",) and "(15.6, 11.2 a)" in str(out.reason)
    refused("11.1", rules, st, ["sov-train"], (T, "0604", "0704"))


def test_the_azov_flotilla_retreats_to_a_friendly_azov_port():
    rules = make_rules(
        places=["0101 | Yeysk | town | port=minor sea=azov", "0909 | Poti | town | port=minor sea=black", "0102 | Taman | town | port=minor sea=azov"]
    )
    st = make_state(rules, {"sov-azov": T, "sov-inf": T, "ger-inf": "0201"})
    st["control"] = {"0101": "soviet", "0909": "soviet", "0102": "axis"}
    assert ret(rules, st, ["sov-azov"], (T, "0101")).survivors == ("sov-azov",)  # in an EZOC, still fine
    with pytest.raises(IllegalOrder) as exc:
        ret(rules, st, ["sov-azov"], (T, "0909"))
    assert exc.value.rule == "15.3"
    with pytest.raises(IllegalOrder) as exc:
        ret(rules, st, ["sov-azov"], (T, "0102"))
    assert exc.value.rule == "15.3"
    with pytest.raises(IllegalOrder) as exc:
        ret(rules, st, ["sov-azov", "sov-inf"], (T, "0101"))
    assert exc.value.rule == "15.3"
    assert [o.end for o in retreat_options(rules, st, ["sov-azov"], T, 2)] == ["0101"]
    st["control"]["0101"] = "axis"
    assert retreat_options(rules, st, ["sov-azov"], T, 2) == []


def test_the_cavalry_corps_marker_retreat_is_refused_explicitly(rules):
    st = make_state(rules, {"sov-gcc": T, "sov-cav": T})
    with pytest.raises(NotImplementedRule) as exc:
        ret(rules, st, ["sov-gcc", "sov-cav"], SOUTH)
    assert exc.value.rule == "15.7"


def test_the_454th_retreats_like_any_unit():
    rules = make_rules(places=[f"{T} | Rostov | major_city"])
    st = make_state(rules, {"ger-454": T})
    assert ret(rules, st, ["ger-454"], SOUTH).survivors == ("ger-454",)


# Priorities (11.1) -------------------------------------------------------------------------------
def test_supply_priority(rules):
    st = make_state(rules, {"sov-inf": T})

    def supply_of(label: str) -> str:
        return "full" if label == "0503" else "limited"

    exc = refused("11.1", rules, st, ["sov-inf"], SOUTH, supply_of=supply_of)
    assert "supply" in str(exc)
    assert ret(rules, st, ["sov-inf"], (T, "0504", "0503"), supply_of=supply_of).end == "0503"
    options = retreat_options(rules, st, ["sov-inf"], T, 2, supply_of=supply_of)
    assert options[0].end == "0503" and options[0].best and not options[1].best


def test_stacking_priority(rules):
    st = make_state(rules, {"sov-inf": T, "sov-div": "0507", "sov-div2": "0507", "sov-inf2": "0507"})
    exc = refused("11.1", rules, st, ["sov-inf"], SOUTH)
    assert "stacking" in str(exc)
    st["units"]["sov-inf2"]["hex"] = None
    st["units"]["sov-at"]["hex"] = "0507"  # one white-box unit stacks free (ruling 14)
    assert ret(rules, st, ["sov-inf"], SOUTH).end == "0507"


def test_one_extra_hex_only_when_every_end_overstacks_ruling_22():
    sea = {h: "w" for h in ("0504", "0604", "0605", "0405", "0404", "0606", "0406")}
    rules = make_rules(terrain=sea)
    st = make_state(rules, {"sov-inf": T, "sov-div": "0507", "sov-div2": "0507", "sov-inf2": "0507"})
    exc = refused("11.1", rules, st, ["sov-inf"], SOUTH)
    assert "stacking" in str(exc)
    out = ret(rules, st, ["sov-inf"], (*SOUTH, "0508"))
    assert out.end == "0508" and out.survivors == ("sov-inf",)
    best = [o for o in retreat_options(rules, st, ["sov-inf"], T, 2) if o.best]
    assert sorted(o.end for o in best) == ["0407", "0508", "0607"] and all(o.extra for o in best)


def test_when_every_path_eliminates_any_path_is_accepted():
    sea = {h: "w" for h in ("0504", "0604", "0605", "0506", "0405", "0404")}
    rules = make_rules(terrain=sea)
    st = make_state(rules, {"sov-inf": T})
    options = retreat_options(rules, st, ["sov-inf"], T, 2)
    assert options and all(not o.outcome.survivors for o in options)
    assert ret(rules, st, ["sov-inf"], (T, "0506")).eliminated == ("sov-inf",)


def test_options_list_each_end_once_best_first(rules):
    st = make_state(rules, {"sov-inf": T, "ger-inf": "0605"})
    options = retreat_options(rules, st, ["sov-inf"], T, 2)
    ends = [o.end for o in options]
    assert len(ends) == len(set(ends))
    alive = [o for o in options if o.outcome.survivors]
    assert len(alive) == 9 and all(len(o.path) == 3 for o in alive)  # 12 ends, 3 only via 0605's EZOC
    assert all(o.best == (o.key == options[0].key) for o in options)
    assert options[0].outcome.step_loss == 0 and alive[-1].outcome.step_loss == 1
    assert options[-1].end == "0605" and options[-1].outcome.eliminated == ("sov-inf",)  # into the enemy


def test_stack_count_rules(rules):
    assert stack_count(rules, ["sov-inf", "sov-inf2", "sov-div", "sov-at"]) == 3
    assert stack_count(rules, ["sov-inf", "sov-inf2", "sov-div", "sov-at", "sov-hq"]) == 4
    assert stack_count(rules, ["sov-gcc", "sov-cav", "sov-cav2", "sov-inf", "sov-inf2"]) == 3


# Advance after combat (12) ----------------------------------------------------------------------------
def adv(rules, st, uid, path, kind: str = "full") -> None:
    advance_check(rules, st, uid, list(path), T, kind)


def adv_refused(rule: str, rules, st, uid, path, kind: str = "full") -> IllegalOrder:
    with pytest.raises(IllegalOrder) as exc:
        adv(rules, st, uid, path, kind)
    assert exc.value.rule == rule, str(exc.value)
    return exc.value


def test_advance_lengths(rules):
    st = make_state(rules, {"ger-pz": "0504", "ger-inf": "0604", "rom-cav": "0404"})
    adv(rules, st, "ger-pz", ("0504", T, "0506"))
    adv(rules, st, "rom-cav", ("0404", T, "0506"))
    adv(rules, st, "ger-inf", ("0604", T))
    adv_refused("12.1", rules, st, "ger-inf", ("0604", T, "0506"))
    adv_refused("12.1", rules, st, "ger-pz", ("0504", T, "0506", "0507"))
    adv_refused("12.1", rules, st, "ger-pz", ("0504",))
    adv_refused("12.1", rules, st, "ger-pz", ("0604", T))
    adv_refused("12.1", rules, st, "ger-pz", ("0504", "0506"))
    st["units"]["ger-pz"]["supply"] = "out"
    adv_refused("12.4", rules, st, "ger-pz", ("0504", T, "0506"))
    adv(rules, st, "ger-pz", ("0504", T))


def test_advance_allowed_by_the_result(rules):
    st = make_state(rules, {"ger-pz": "0504"})
    adv_refused("10.1", rules, st, "ger-pz", ("0504", T), kind="none")
    adv_refused("10.1", rules, st, "ger-pz", ("0504", "0503"), kind="enter_and_stop")
    adv_refused("10.1", rules, st, "ger-pz", ("0504", T, "0506"), kind="enter_and_stop")
    adv(rules, st, "ger-pz", ("0504", T), kind="enter_and_stop")


def test_units_that_never_advance(rules):
    st = make_state(rules, {"sov-azov": "0504", "sov-pg": "0604"}, phase=("soviet", "primary", "combat"))
    adv_refused("15.3", rules, st, "sov-azov", ("0504", T))
    adv_refused("12.1", rules, st, "sov-pg", ("0604", T))


def test_advance_from_an_ezoc_into_the_same_units_ezoc(rules):
    st = make_state(rules, {"ger-pz": "0604", "ger-pz2": "0504", "sov-inf": "0605"})
    adv_refused("12.2", rules, st, "ger-pz", ("0604", "0705"))
    adv(rules, st, "ger-pz", ("0604", T, "0506"))  # through the vacated hex
    adv(rules, st, "ger-pz", ("0604", T))
    adv(rules, st, "ger-pz2", ("0504", T, "0506"))


def test_advance_terrain(rules):
    rules = make_rules(terrain={T: "m", "0404": "f", "0403": "s", "0503": "a"}, places=["0603 | A | entry | entry=A"])
    st = make_state(rules, {"rom-cav": "0504", "ger-pz": "0504", "ger-small": "0405", "sov-inf": "0506"})
    adv_refused("12.3", rules, st, "rom-cav", ("0504", T, "0605"))  # cavalry stops in mountain
    adv(rules, st, "rom-cav", ("0504", T))
    adv_refused("12.3", rules, st, "ger-pz", ("0504", T))  # mechanized never into mountain off road
    adv_refused("12.3", rules, st, "ger-pz", ("0504", "0404", "0405"))  # mech stops in forest
    adv(rules, st, "ger-pz", ("0504", "0404"))
    adv_refused("12.3", rules, st, "ger-pz", ("0504", "0403"))  # swamp
    adv_refused("12.3", rules, st, "ger-pz", ("0504", "0503"))  # alpine hex
    adv_refused("4.1", rules, st, "ger-pz", ("0504", "0603"))
    adv_refused("12.3", rules, st, "ger-small", ("0405", "0506"))  # enemy-occupied
    rules = make_rules(terrain={T: "f"}, lines=["road 0504 0505 0506"])
    st = make_state(rules, {"ger-pz": "0504"})
    adv(rules, st, "ger-pz", ("0504", T, "0506"))  # along the road: no stop


def test_advance_hexsides():
    rules = make_rules(sides=["0505 0506 major_river", "0504 0505 major_river", "0604 0605 lake"])
    st = make_state(rules, {"ger-pz": "0504", "ger-pz2": "0604"})
    adv_refused("12.3", rules, st, "ger-pz2", ("0604", T, "0506"))
    adv(rules, st, "ger-pz", ("0504", T, "0605"))  # the river is the first hexside
    adv_refused("12.3", rules, st, "ger-pz2", ("0604", "0605"))
    rules = make_rules(sides=["0505 0506 major_river"], lines=["road 0505 0506"])
    st = make_state(rules, {"ger-pz2": "0604"})
    adv(rules, st, "ger-pz2", ("0604", T, "0506"))


def test_trains_advance_along_rail():
    rules = make_rules(lines=["rail 0504 0505"])
    st = make_state(rules, {"sov-train": "0504", "ger-inf": "0606"}, phase=("soviet", "primary", "combat"))
    adv(rules, st, "sov-train", ("0504", T))
    adv_refused("15.6", rules, st, "sov-train", ("0504", "0604"))


def test_the_454th_stays_in_rostov():
    rules = make_rules(places=["0504 | Rostov | major_city"])
    st = make_state(rules, {"ger-454": "0504"})
    adv_refused("15.9", rules, st, "ger-454", ("0504", T))
    st["units"]["ger-454"]["hex"] = "0604"
    adv_refused("15.9", rules, st, "ger-454", ("0604", T))
    adv(rules, st, "ger-454", ("0604", "0504"))
    with pytest.raises(NotImplementedRule):
        advance_check(make_rules(), make_state(make_rules(), {"ger-454": "0604"}), "ger-454", ["0604", T], T)


def test_advance_stacking(rules):
    st = make_state(rules, {"ger-pz": "0504", "ger-inf": T, "ger-inf2": T, "ger-mtn": T, "ger-hq": T})
    adv_refused("5.2", rules, st, "ger-pz", ("0504", T))
    st["units"]["ger-mtn"]["hex"] = None
    adv(rules, st, "ger-pz", ("0504", T))


@pytest.mark.parametrize("value", ["two-units", "two", "Opposite", ""])
def test_11_2_d_a_retreat_between_option_that_is_neither_reading_is_refused_at_creation(value: str) -> None:
    """11.2 (d), ruling 23: retreat_between is opposite or two_units; 'two-units' (a typo) was accepted and played as 'opposite'."""
    game = registry.get("caucasus")
    with pytest.raises(IllegalOrder, match="opposite or two_units") as found:
        Match.new(game, "campaign", {**game.options, "retreat_between": value}, "ruling-23")
    assert found.value.rule == "11.2"
