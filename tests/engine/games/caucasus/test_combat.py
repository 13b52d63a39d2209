"""Combat odds (8, 9, 13.1, 15, 16): every refusal cites its rule, every modifier is checked.

Positions are built on a small 9x9 test map (``make_rules``) with made-up counters, so these
tests do not depend on the generated Caucasus map. ``make_rules``/``make_state`` are shared
with the loss and retreat tests.

Geometry of the test grid (flat-top, columns 01-09, rows 01-09): the neighbours of 0505 are
0504 (N), 0604 (NE), 0605 (SE), 0506 (S), 0405 (SW) and 0404 (NW).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from engine.errors import IllegalOrder
from engine.games.caucasus import tables
from engine.games.caucasus.combat import (
    AttackPlan,
    defence_strengths,
    evaluate,
    evaluate_dd,
    movement_ae,
    resolve,
    resolve_dd,
)
from engine.games.caucasus.model import AirSpec, Rules, StepValues, UnitSpec, UnitType
from engine.games.caucasus.state import new_unit
from engine.mapdata import parse_map

TOML = """# PROVISIONAL test map for the combat tests
name = "test"
[grid]
cols = 9
rows = 9
[terrain_codes]
o = "open"
d = "desert"
r = "rough"
s = "swamp"
S = "seasonal_swamp"
f = "forest"
m = "mountain"
a = "alpine"
w = "sea"
"""


def spec(uid: str, side: str, type_: str, *steps: str, tq: str = "R", flags: str = "") -> UnitSpec:
    tqs = tq.split("/")
    return UnitSpec(
        id=uid,
        name=uid,
        side=side,
        nationality="test",
        type=UnitType(type_),
        size="XX",
        steps=tuple(StepValues.parse(s, tqs[min(i, len(tqs) - 1)]) for i, s in enumerate(steps)),
        flags=frozenset(flags.split()),
    )


UNITS = [
    spec("ger-inf", "axis", "INF", "5-7-3", "3-4-3", "2-2-3"),
    spec("ger-inf2", "axis", "INF", "5-7-3", "3-4-3", "2-2-3"),
    spec("ger-pz", "axis", "PANZER", "10*-8-6", "6*-5-6", "3*-3-6", tq="E/E/R"),
    spec("ger-pz2", "axis", "PANZER", "10*-8-6", "6*-5-6", "3*-3-6", tq="E/E/R"),
    spec("ger-pzg", "axis", "PZGREN", "7*-7-6", "4-4*-6", "2-2*-6"),
    spec("ger-mtn", "axis", "MOUNTAIN", "6[8]-6-4", "3[4]-4-4", tq="E/R"),
    spec("ger-small", "axis", "MOT_INF", "4-4-6"),
    spec("ger-hq", "axis", "HQ", "0-(2)-6", flags="white_box"),
    spec("brand", "axis", "COMMANDO", "1-1-6", tq="E", flags="white_box brandenburg"),
    spec("ger-454", "axis", "SECURITY", "2-3-4", "1-2-4", tq="L/L", flags="restricted never_replaced"),
    spec("rom-inf", "axis", "INF", "3-4-3", "2-2-3", tq="L/L"),
    spec("rom-big", "axis", "INF", "11-4-3", tq="L"),
    spec("rom-big2", "axis", "INF", "11-4-3", tq="L"),
    spec("rom-cav", "axis", "CAVALRY", "4-4-5", "2-2-5"),
    spec("sov-inf", "soviet", "INF", "3-5-3", "1-3-3"),
    spec("sov-inf2", "soviet", "INF", "3-5-3", "1-3-3"),
    spec("sov-inf3", "soviet", "INF", "3-5-3", "1-3-3"),
    spec("sov-corps", "soviet", "INF", "6-8-3", "4-5-3", "2-3-3"),
    spec("sov-bde", "soviet", "INF", "2-2-3"),
    spec("sov-div", "soviet", "INF", "5-7-3"),
    spec("sov-div2", "soviet", "INF", "5-7-3"),
    spec("sov-militia", "soviet", "INF", "2-3-3", tq="L"),
    spec("sov-elite", "soviet", "INF", "4-5-3", "2-3-3", tq="E/R"),
    spec("sov-tank", "soviet", "SOV_TANK", "4*-3-6"),
    spec("sov-gtank", "soviet", "SOV_TANK", "2*-2-6", tq="E"),
    spec("sov-at", "soviet", "AT", "1-3*-5", flags="white_box"),
    spec("sov-nkvd", "soviet", "NKVD", "2-5-3", "1-3-3"),
    spec("sov-naval", "soviet", "NAVAL_INF", "3-2-3"),
    spec("sov-hq", "soviet", "HQ", "0-(2)-5", flags="white_box front_hq"),
    spec("sov-cav", "soviet", "CAVALRY", "4-4-5", "2-2-5", tq="E/R"),
    spec("sov-cav2", "soviet", "CAVALRY", "4-4-5", "2-2-5"),
    spec("sov-train", "soviet", "ARMORED_TRAIN", "2-2-6", flags="white_box rail_unlimited never_replaced"),
    spec("sov-azov", "soviet", "AZOV_FLOTILLA", "2-2-6", flags="azov never_replaced"),
    spec("sov-pg", "soviet", "PORT_GARRISON", "1-3-0", flags="white_box"),
    spec("sov-gcc", "soviet", "HQ", "0-(0)-5", flags="cav_corps_hq from_turn:7"),
]
AIR = [
    AirSpec("viii-fk", "VIII Fliegerkorps", "axis", 2, 2, frozenset({1, 2, 3, 12, 13, 14}), "available"),
    AirSpec("iv-fk", "IV Fliegerkorps", "axis", 1, 1, frozenset(range(1, 15)), "available"),
    AirSpec("s-4aa", "4th Air Army", "soviet", 1, 1, frozenset(range(1, 15)), "turn:3"),
]


def make_rules(
    terrain: Mapping[str, str] | None = None,
    sides: Iterable[str] = (),
    lines: Iterable[str] = (),
    places: Iterable[str] = (),
    zones: Iterable[str] = (),
) -> Rules:
    """A 9x9 open map; ``terrain`` maps hex labels to one-letter codes of ``TOML``."""
    rows = {r: ["o"] * 9 for r in range(1, 10)}
    for label, code in (terrain or {}).items():
        rows[int(label[2:])][int(label[:2]) - 1] = code
    head = "# PROVISIONAL test data\n"
    texts = {
        "map.toml": TOML,
        "terrain.txt": head + "\n".join(f"{r:02d} {''.join(codes)}" for r, codes in sorted(rows.items())),
        "hexsides.txt": head + "\n".join(sides),
        "lines.txt": head + "\n".join(lines),
        "places.txt": head + "\n".join(places),
        "zones.txt": head + "\n".join(zones),
    }
    board, problems = parse_map(texts)
    assert board is not None and not problems, problems
    return Rules(board, {u.id: u for u in UNITS}, {a.id: a for a in AIR}, ("bsf-1", "bsf-2"), {}, ())


def make_state(
    rules: Rules,
    where: Mapping[str, str],
    turn: int = 1,
    phase: tuple[str, str, str] = ("axis", "primary", "combat"),
    **changes: Mapping[str, Any],
) -> dict[str, Any]:
    """Units at ``where`` (all others off the map); ``changes`` update single unit dicts."""
    units = {uid: new_unit(hex=where.get(uid), box=None if uid in where else "offmap") for uid in rules.units}
    for uid, change in changes.items():
        units[uid.replace("_", "-")].update(change)
    return {
        "turn": turn,
        "last_turn": 14,
        "phase": {"side": phase[0], "impulse": phase[1], "step": phase[2]},
        "units": units,
        "air": {a.id: {"ready": True, "available": True, "side": a.side} for a in AIR},
        "fleet": {"bsf-1": "available", "bsf-2": "unavailable"},
        "control": {},
        "options": {},
        "flags": {},
        "last": {},
    }


T = "0505"


def odds(rules: Rules, state: Mapping[str, Any], *attackers: str, side: str = "axis", target: str = T, **plan: Any):
    return evaluate(rules, state, side, AttackPlan(attackers=tuple(attackers), target=target, **plan))


def refused(rule: str, rules: Rules, state: Mapping[str, Any], *attackers: str, **kw: Any) -> IllegalOrder:
    with pytest.raises(IllegalOrder) as exc:
        odds(rules, state, *attackers, **kw)
    assert exc.value.rule == rule, str(exc.value)
    assert f"({rule})" in str(exc.value)
    return exc.value


def shifts(o) -> dict[str, int]:
    return {s.rule: s.columns for s in o.shifts}


@pytest.fixture
def rules() -> Rules:
    return make_rules()


# Who may attack, when, and what ----------------------------------------------------------------
def test_simple_attack(rules):
    st = make_state(rules, {"ger-inf": "0504", "ger-inf2": "0506", "sov-inf": T})
    o = odds(rules, st, "ger-inf", "ger-inf2")
    assert (o.attack, o.defence, o.label, o.automatic, o.shifts) == (10, 5, "2-1", False, ())
    assert o.final_index == 2


def test_only_in_own_combat_phase(rules):
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T}, phase=("axis", "primary", "movement"))
    refused("8.1", rules, st, "ger-inf")
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T}, phase=("soviet", "primary", "combat"))
    refused("8.1", rules, st, "ger-inf")


def test_mobile_assault_only_in_own_secondary_movement_phase(rules):
    st = make_state(rules, {"ger-pz": "0504", "sov-inf": T})
    refused("13.1", rules, st, "ger-pz", mobile_assault=True)


def test_attackers_must_exist_be_own_on_map_and_adjacent(rules):
    st = make_state(rules, {"ger-inf": "0503", "sov-inf": T, "sov-inf2": "0504"})
    refused("8.1", rules, st, "no-such-unit")
    refused("8.1", rules, st, "sov-inf2")
    refused("8.1", rules, st, "ger-inf2")  # off the map
    refused("8.1", rules, st, "ger-inf")  # two hexes away
    refused("8.2", rules, st)


def test_target_must_hold_enemy_units(rules):
    st = make_state(rules, {"ger-inf": "0504", "ger-inf2": T})
    refused("8.1", rules, st, "ger-inf")
    st = make_state(rules, {"ger-inf": "0504"})
    refused("8.1", rules, st, "ger-inf")


def test_north_entry_hexes_are_never_attacked():
    rules = make_rules(places=["0505 | A | entry | entry=A"])
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T})
    refused("4.1", rules, st, "ger-inf")


@pytest.mark.parametrize("feature", ["alpine", "lake", "sea"])
def test_no_attack_across_impassable_hexsides(feature):
    rules = make_rules(sides=[f"0504 0505 {feature}"])
    st = make_state(rules, {"ger-inf": "0504", "ger-inf2": "0506", "sov-inf": T})
    refused("TEC", rules, st, "ger-inf", "ger-inf2")
    assert odds(rules, st, "ger-inf2").attack == 5


def test_closed_pass_from_turn_10_but_not_krestovy():
    rules = make_rules(sides=["0504 0505 alpine pass", "0506 0505 alpine pass krestovy"])
    st = make_state(rules, {"ger-inf": "0504", "ger-inf2": "0506", "sov-inf": T}, turn=9)
    assert odds(rules, st, "ger-inf").attack == 3  # open pass: halved (9.3)
    st = make_state(rules, {"ger-inf": "0504", "ger-inf2": "0506", "sov-inf": T}, turn=10)
    refused("2.32", rules, st, "ger-inf")
    assert odds(rules, st, "ger-inf2").attack == 3


def test_no_unit_attacks_twice_in_a_phase(rules):
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T}, ger_inf={"attacked": True})
    refused("8.1", rules, st, "ger-inf")


def test_no_hex_is_attacked_twice_in_a_phase(rules):
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T}, sov_inf={"defended": True})
    refused("8.1", rules, st, "ger-inf")


def test_units_that_retreated_in_may_be_attacked_with_the_others_but_add_nothing(rules):
    where = {"ger-inf": "0504", "sov-inf": T, "sov-div": T}
    st = make_state(rules, where, sov_div={"defended": True, "retreated": True})
    o = odds(rules, st, "ger-inf")
    assert o.unit_defence == 5 and [d.counts for d in o.defenders] == [False, True]
    # A hex holding only units that already defended and retreated cannot be attacked again.
    st = make_state(rules, {"ger-inf": "0504", "sov-div": T}, sov_div={"defended": True, "retreated": True})
    refused("8.1", rules, st, "ger-inf")


def test_mobile_assault_is_exempt_from_once_per_phase_and_11_4(rules):
    where = {"ger-pz": "0504", "sov-div": T}
    st = make_state(
        rules,
        where,
        phase=("axis", "secondary", "movement"),
        ger_pz={"attacked": True},
        sov_div={"defended": True, "retreated": True},
    )
    o = odds(rules, st, "ger-pz", mobile_assault=True)
    assert o.unit_defence == 7


def test_hqs_never_attack(rules):
    st = make_state(rules, {"ger-hq": "0504", "sov-inf": T})
    refused("15.1", rules, st, "ger-hq")


def test_replaced_units_do_not_attack_in_the_primary_combat_phase(rules):
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T}, ger_inf={"replaced": True})
    refused("17.2", rules, st, "ger-inf")
    st = make_state(
        rules, {"ger-inf": "0504", "sov-inf": T}, phase=("axis", "secondary", "combat"), ger_inf={"replaced": True, "assault": True}
    )
    assert odds(rules, st, "ger-inf").attack == 5


def test_ae_marked_units_do_not_attack(rules):
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T}, ger_inf={"ae": True})
    refused("8.5", rules, st, "ger-inf")


def test_secondary_combat_needs_an_assault_marker(rules):
    where = {"ger-inf": "0504", "ger-inf2": "0506", "sov-inf": T}
    st = make_state(rules, where, phase=("axis", "secondary", "combat"), ger_inf={"assault": True})
    refused("8.1", rules, st, "ger-inf", "ger-inf2")
    assert odds(rules, st, "ger-inf").attack == 5


def test_trains_and_the_azov_flotilla_attack_in_secondary_phases_without_markers(rules):
    where = {"sov-train": "0504", "sov-azov": "0506", "ger-inf": T}
    st = make_state(rules, where, phase=("soviet", "secondary", "combat"))
    assert odds(rules, st, "sov-train", "sov-azov", side="soviet").attack == 4


def test_an_assault_marker_bought_after_a_mobile_assault_is_tied_to_its_hex(rules):
    st = make_state(
        rules, {"ger-pz": "0504", "sov-inf": T}, phase=("axis", "secondary", "combat"), ger_pz={"assault": "0606"}
    )
    refused("13.1", rules, st, "ger-pz")
    st["units"]["ger-pz"]["assault"] = T
    assert odds(rules, st, "ger-pz").attack == 10


# Air and fleet support --------------------------------------------------------------------------
def test_air_marker_must_exist_and_be_own_ready_and_available(rules):
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T, "ger-hq": "0501"})
    refused("16.11", rules, st, "ger-inf", air="nope")
    refused("16.11", rules, st, "ger-inf", air="s-4aa")
    st["air"]["iv-fk"]["ready"] = False
    refused("16.11", rules, st, "ger-inf", air="iv-fk")
    st["air"]["iv-fk"].update(ready=True, available=False)
    refused("16.11", rules, st, "ger-inf", air="iv-fk")


def test_viii_fliegerkorps_only_on_turns_1_to_3_and_12_to_14(rules):
    for turn, ok in ((3, True), (4, False), (11, False), (12, True)):
        st = make_state(rules, {"ger-inf": "0504", "sov-inf": T, "ger-hq": "0501"}, turn=turn)
        if ok:
            assert shifts(odds(rules, st, "ger-inf", air="viii-fk")) == {"16.15": 2}
        else:
            refused("16.15", rules, st, "ger-inf", air="viii-fk")


def test_air_needs_a_friendly_hq_within_8_hexes(rules):
    big = make_rules()
    st = make_state(big, {"ger-inf": "0909", "sov-inf": "0809", "ger-hq": "0101"})
    refused("16.11", big, st, "ger-inf", target="0809", air="iv-fk")
    st = make_state(rules, {"ger-inf": "0909", "sov-inf": "0809", "ger-hq": "0901"})
    assert rules.board.grid.distance("0901", "0909") == 8
    assert shifts(odds(rules, st, "ger-inf", target="0809", air="iv-fk")) == {"16.12": 1}
    # The Cavalry Corps marker is no HQ for air range (ruling 36).
    st = make_state(rules, {"sov-inf": "0504", "ger-inf": T, "sov-gcc": "0503"}, phase=("soviet", "primary", "combat"))
    refused("16.11", rules, st, "sov-inf", side="soviet", air="s-4aa")


def test_soviet_mobile_assault_uses_neither_air_nor_fleet_but_axis_may_use_air():
    rules = make_rules(zones=[f"black_sea_coast: {T}"])
    where = {"sov-cav": "0504", "ger-inf": T, "sov-hq": "0501"}
    st = make_state(rules, where, phase=("soviet", "secondary", "movement"))
    refused("13.1", rules, st, "sov-cav", side="soviet", mobile_assault=True, air="s-4aa")
    refused("13.1", rules, st, "sov-cav", side="soviet", mobile_assault=True, fleet="bsf-1")
    st = make_state(rules, {"ger-pz": "0504", "sov-inf": T, "ger-hq": "0501"}, phase=("axis", "secondary", "movement"))
    assert shifts(odds(rules, st, "ger-pz", mobile_assault=True, air="iv-fk"))["16.12"] == 1


def test_fleet_is_soviet_available_and_against_black_sea_coastal_hexes():
    rules = make_rules(zones=[f"black_sea_coast: {T}"])
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T})
    refused("16.21", rules, st, "ger-inf", fleet="bsf-1")
    st = make_state(rules, {"sov-inf": "0504", "ger-inf": T}, phase=("soviet", "primary", "combat"))
    refused("16.21", rules, st, "sov-inf", side="soviet", fleet="bsf-2")
    refused("16.21", rules, st, "sov-inf", side="soviet", fleet="bsf-9")
    assert shifts(odds(rules, st, "sov-inf", side="soviet", fleet="bsf-1")) == {"16.22": 2}
    st = make_state(rules, {"sov-inf": "0503", "ger-inf": "0504"}, phase=("soviet", "primary", "combat"))
    refused("16.22", rules, st, "sov-inf", side="soviet", target="0504", fleet="bsf-1")


def test_brandenburg_shift_needs_the_brandenburgers_in_the_attack(rules):
    st = make_state(rules, {"ger-inf": "0504", "brand": "0506", "sov-inf": T})
    refused("15.2", rules, st, "ger-inf", brandenburg=True)
    o = odds(rules, st, "ger-inf", "brand", brandenburg=True)
    assert o.attack == 6 and shifts(o)["15.2"] == 1  # they attack with 1 too (ruling 30)


# Mobile Assault (13.1) --------------------------------------------------------------------------
def test_mobile_assault_clauses():
    rules = make_rules(sides=["0504 0505 major_river"])
    ma = ("axis", "secondary", "movement")
    st = make_state(rules, {"ger-inf": "0506", "sov-inf": T}, phase=ma)
    refused("13.1", rules, st, "ger-inf", mobile_assault=True)
    st = make_state(rules, {"ger-pz": "0506", "ger-pz2": "0604", "sov-inf": T}, phase=ma)
    refused("13.1", rules, st, "ger-pz", "ger-pz2", mobile_assault=True)
    st = make_state(rules, {"ger-pz": "0506", "sov-inf": T}, phase=ma, ger_pz={"mp_spent": 4})
    refused("13.1", rules, st, "ger-pz", mobile_assault=True)
    st["units"]["ger-pz"]["mp_spent"] = 3
    assert odds(rules, st, "ger-pz", mobile_assault=True).attack == 10
    # Across a Major River only if the group started next to it.
    st = make_state(rules, {"ger-pz": "0504", "sov-inf": T}, phase=ma, ger_pz={"moved": True, "mp_spent": 2})
    refused("13.1", rules, st, "ger-pz", mobile_assault=True)
    st["units"]["ger-pz"]["start_hex"] = "0504"
    assert odds(rules, st, "ger-pz", mobile_assault=True).attack == 5
    st = make_state(rules, {"ger-pz": "0504", "sov-inf": T}, phase=ma)
    assert odds(rules, st, "ger-pz", mobile_assault=True).attack == 5
    # Stacking must be legal when the assault is made (13.1, 5.2).
    crowd = {"ger-pz": "0506", "ger-inf": "0506", "ger-inf2": "0506", "ger-mtn": "0506", "sov-inf": T}
    st = make_state(rules, crowd, phase=ma)
    refused("5.2", rules, st, "ger-pz", mobile_assault=True)


def test_mobile_assault_above_9_1_uses_9_1_and_no_automatic_elimination(rules):
    st = make_state(rules, {"ger-pz": "0504", "ger-pz2": "0504", "sov-bde": T}, phase=("axis", "secondary", "movement"))
    o = odds(rules, st, "ger-pz", "ger-pz2", mobile_assault=True)
    assert o.base_label == "10-1" and not o.automatic and o.label == "9-1"
    assert resolve(o, 6) == "D1-B" and "13.1" in str(o.breakdown())


def test_odds_below_1_2_are_refused_after_shifts(rules):
    st = make_state(rules, {"rom-inf": "0504", "sov-div": T, "sov-div2": T})
    refused("8.4", rules, st, "rom-inf")
    # 3 to 14 is 1-5 and refused; 4 to 7 rounds down to 1-2 and is allowed.
    st = make_state(rules, {"ger-small": "0504", "sov-inf": T, "sov-bde": T})
    assert odds(rules, st, "ger-small").label == "1-2"
    st = make_state(rules, {"ger-small": "0504", "sov-inf": T, "sov-inf2": T})
    assert "1-3" in str(refused("8.4", rules, st, "ger-small"))


# Attack strength (9.1-9.4, 14.4, 14.5, 15.5) -------------------------------------------------------
def test_mountain_and_jager_superscript_into_mountain_or_forest():
    rules = make_rules(terrain={T: "m", "0605": "f"})
    st = make_state(rules, {"ger-mtn": "0504", "sov-inf": T, "sov-inf2": "0605"})
    a = odds(rules, st, "ger-mtn").attackers[0]
    assert (a.printed, a.value) == (6, 8) and "15.5" in str(a.notes[0])
    st = make_state(rules, {"ger-mtn": "0604", "sov-inf2": "0605"})
    assert odds(rules, st, "ger-mtn", target="0605").attack == 8
    st = make_state(rules, {"ger-mtn": "0406", "sov-inf2": "0506"})
    assert odds(rules, st, "ger-mtn", target="0506").attack == 6


def test_mech_cap_before_halving():
    """9.4's example: an out-of-supply Panzer division of 10 attacking a mountain hex has 3."""
    rules = make_rules(terrain={T: "m"})
    st = make_state(rules, {"ger-pz": "0504", "sov-bde": T}, ger_pz={"supply": "out"})
    a = odds(rules, st, "ger-pz").attackers[0]
    assert a.value == 3 and "9.4" in str(a.notes[0]) and "14.4" in str(a.notes[1])
    st = make_state(rules, {"ger-small": "0504", "sov-bde": T})
    assert odds(rules, st, "ger-small").attack == 4  # below 5: no cap
    rules = make_rules(terrain={T: "s"})
    st = make_state(rules, {"ger-pz": "0504", "sov-inf": T})
    assert odds(rules, st, "ger-pz").attack == 5


def test_halving_once_per_unit_rounding_up():
    """9.1's examples: OOS Panzer 10 across a river = 5; two 5s halved = 3 + 3 = 6."""
    rules = make_rules(sides=["0504 0505 minor_river", "0506 0505 major_river"])
    st = make_state(rules, {"ger-pz": "0504", "sov-div": T}, ger_pz={"supply": "out"})
    assert odds(rules, st, "ger-pz").attack == 5
    st = make_state(rules, {"ger-inf": "0504", "ger-inf2": "0506", "sov-inf": T})
    assert odds(rules, st, "ger-inf", "ger-inf2").attack == 6


def test_limited_supply_swamp_and_bridged_river_halve():
    rules = make_rules(terrain={"0506": "s"}, sides=["0504 0505 minor_river"], lines=["road 0504 0505"])
    st = make_state(rules, {"ger-inf": "0604", "sov-inf": T}, ger_inf={"supply": "limited"})
    assert odds(rules, st, "ger-inf").attack == 3
    st = make_state(rules, {"ger-inf": "0506", "sov-inf": T})
    assert odds(rules, st, "ger-inf").attack == 3
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T})
    assert odds(rules, st, "ger-inf").attack == 3


# Defence strength (9.2, 15.1, 11.4) ------------------------------------------------------------
def test_dtb_examples_of_9_2():
    rules = make_rules(terrain={T: "m"})
    st = make_state(rules, {"ger-pz": "0504", "sov-bde": T})
    o = odds(rules, st, "ger-pz")
    assert (o.unit_defence, o.dtb, o.defence) == (2, 2, 4)
    st = make_state(rules, {"ger-mtn": "0504", "ger-inf": "0506", "ger-inf2": "0604", "sov-div": T, "sov-div2": T})
    assert odds(rules, st, "ger-mtn", "ger-inf", "ger-inf2").defence == 19


def test_white_box_unit_alone_gets_no_dtb():
    rules = make_rules(terrain={T: "r"})
    st = make_state(rules, {"ger-inf": "0504", "sov-at": T})
    o = odds(rules, st, "ger-inf")
    assert (o.defence, o.dtb) == (3, 0) and "9.2" in str(o.breakdown())
    st = make_state(rules, {"ger-inf": "0504", "sov-at": T, "sov-inf": T})
    assert odds(rules, st, "ger-inf").defence == 10


def test_best_dtb_once():
    rules = make_rules(
        terrain={T: "r", "0605": "f", "0506": "o"},
        places=[f"{T} | Town | town", "0605 | Minor | minor_city", "0506 | Major | major_city"],
    )
    st = make_state(rules, {"ger-inf": "0604", "sov-div": T, "sov-div2": "0605", "sov-inf": "0506"})
    assert odds(rules, st, "ger-inf").dtb == 2
    assert odds(rules, st, "ger-inf", target="0605").dtb == 3
    st2 = make_state(rules, {"rom-big": "0507", "sov-div": "0506"})
    assert odds(rules, st2, "rom-big", target="0506").dtb == 5


def test_hq_defends_only_alone(rules):
    st = make_state(rules, {"ger-inf": "0504", "sov-hq": T})
    o = odds(rules, st, "ger-inf")
    assert o.defence == 2
    st = make_state(rules, {"ger-inf": "0504", "sov-hq": T, "sov-inf": T})
    o = odds(rules, st, "ger-inf")
    assert o.defence == 5 and not next(d for d in o.defenders if d.uid == "sov-hq").counts
    assert "15.1" in str(o.breakdown())


def test_defence_superscript_only_if_the_counter_has_one():
    rules = make_rules(terrain={T: "m"})
    st = make_state(rules, {"sov-inf": "0504", "ger-mtn": T}, phase=("soviet", "primary", "combat"))
    (d,) = defence_strengths(rules, st, T, False)
    assert (d.printed, d.value) == (6, 6)


# Column shifts ---------------------------------------------------------------------------------
def test_armour_shift_and_anti_tank(rules):
    st = make_state(rules, {"ger-pz": "0504", "sov-div": T})
    assert shifts(odds(rules, st, "ger-pz")) == {"9.5": 1, "9.6": 1}
    st = make_state(rules, {"ger-pz": "0504", "sov-div": T, "sov-at": T})
    o = odds(rules, st, "ger-pz")
    assert "9.5" not in shifts(o) and "anti-tank" in str(o.breakdown())
    # Reduced Panzergrenadiers are anti-tank, not armour.
    st = make_state(rules, {"ger-pz": "0504", "sov-div": T})
    st2 = make_state(rules, {"sov-div": "0504", "ger-pzg": T}, phase=("soviet", "primary", "combat"), ger_pzg={"step": 1})
    assert "9.5" not in shifts(odds(rules, st2, "sov-div", side="soviet"))
    assert shifts(odds(rules, st, "ger-pz"))["9.5"] == 1


def test_defending_armour_shifts_left_and_at_does_not_cancel_it(rules):
    st = make_state(rules, {"ger-inf": "0504", "ger-inf2": "0506", "sov-tank": T, "sov-at": T})
    assert shifts(odds(rules, st, "ger-inf", "ger-inf2"))["9.5"] == -1
    st = make_state(rules, {"ger-pz": "0504", "sov-tank": T})
    assert "9.5" not in shifts(odds(rules, st, "ger-pz"))


def test_no_armour_shift_in_forest_swamp_city_or_mountain():
    rules = make_rules(terrain={T: "f", "0605": "r"}, places=["0605 | Town | town", "0506 | City | minor_city"])
    st = make_state(rules, {"ger-pz": "0504", "sov-inf": T})
    assert "9.5" not in shifts(odds(rules, st, "ger-pz"))
    st = make_state(rules, {"ger-inf": "0504", "sov-tank": T})
    assert "9.5" not in shifts(odds(rules, st, "ger-inf"))
    st = make_state(rules, {"ger-pz": "0604", "sov-inf": "0605"})
    assert shifts(odds(rules, st, "ger-pz", target="0605"))["9.5"] == 1  # a town uses the other terrain
    st = make_state(rules, {"ger-pz": "0507", "sov-inf": "0506"})
    assert "9.5" not in shifts(odds(rules, st, "ger-pz", target="0506"))


def test_major_river_and_pass_deny_the_attacker_armour_shift_rulings_7_and_8():
    rules = make_rules(sides=["0504 0505 major_river", "0604 0505 alpine pass", "0506 0505 minor_river"])
    st = make_state(rules, {"ger-pz": "0504", "ger-pz2": "0604", "sov-div": T})
    o = odds(rules, st, "ger-pz", "ger-pz2")
    assert "9.5" not in shifts(o) and "Major River" in str(o.breakdown())
    st = make_state(rules, {"ger-pz": "0504", "ger-pz2": "0506", "sov-div": T})
    assert shifts(odds(rules, st, "ger-pz", "ger-pz2"))["9.5"] == 1  # one across a minor river
    # The defender keeps its own shift only if no attacker has armour at all.
    st = make_state(rules, {"ger-pz": "0504", "sov-tank": T})
    assert "9.5" not in shifts(odds(rules, st, "ger-pz"))


def test_troop_quality_shifts(rules):
    st = make_state(rules, {"ger-pz": "0504", "sov-div": T})
    assert shifts(odds(rules, st, "ger-pz"))["9.6"] == 1
    st = make_state(rules, {"ger-inf": "0504", "sov-div": T})
    assert "9.6" not in shifts(odds(rules, st, "ger-inf"))
    st = make_state(rules, {"rom-big": "0504", "sov-elite": T})
    assert shifts(odds(rules, st, "rom-big"))["9.6"] == -1
    st = make_state(rules, {"rom-big": "0504", "ger-inf": "0506", "sov-elite": T})
    assert "9.6" not in shifts(odds(rules, st, "rom-big", "ger-inf"))


def test_nkvd_naval_and_hq_troop_quality(rules):
    st = make_state(rules, {"ger-pz": "0504", "sov-nkvd": T})
    assert "9.6" not in shifts(odds(rules, st, "ger-pz"))  # NKVD defends as Elite
    st = make_state(rules, {"rom-big": "0504", "sov-nkvd": T})
    assert shifts(odds(rules, st, "rom-big"))["9.6"] == -1
    st = make_state(rules, {"sov-nkvd": "0504", "rom-inf": T}, phase=("soviet", "primary", "combat"))
    assert shifts(odds(rules, st, "sov-nkvd", side="soviet"))["9.6"] == 1  # attacks as Regular > Low
    st = make_state(rules, {"sov-naval": "0504", "ger-inf": T}, phase=("soviet", "primary", "combat"))
    assert shifts(odds(rules, st, "sov-naval", side="soviet"))["9.6"] == 1  # attacks as Elite
    st = make_state(rules, {"ger-pz": "0504", "sov-naval": T})
    assert shifts(odds(rules, st, "ger-pz"))["9.6"] == 1  # defends as Regular
    st = make_state(rules, {"rom-inf": "0504", "sov-hq": T})
    assert "9.6" not in shifts(odds(rules, st, "rom-inf"))  # an HQ is Regular


def test_units_that_do_not_count_are_ignored_for_tq_and_armour_ruling_15(rules):
    st = make_state(rules, {"ger-inf": "0504", "sov-militia": T, "sov-hq": T})
    assert shifts(odds(rules, st, "ger-inf"))["9.6"] == 1
    st = make_state(rules, {"ger-inf": "0504", "sov-militia": T, "sov-tank": T}, sov_tank={"retreated": True})
    o = odds(rules, st, "ger-inf")
    assert shifts(o) == {"9.6": 1}


def test_support_supply_brandenburg_and_disorganization_shifts():
    rules = make_rules(zones=[f"black_sea_coast: {T}"])
    st = make_state(rules, {"ger-inf": "0504", "sov-inf": T, "sov-inf2": T, "ger-hq": "0501"})
    assert shifts(odds(rules, st, "ger-inf", air="iv-fk")) == {"16.12": 1}
    st["units"]["sov-inf"]["supply"] = "out"
    assert "14.4" not in shifts(odds(rules, st, "ger-inf"))
    st["units"]["sov-inf2"]["supply"] = "out"
    assert shifts(odds(rules, st, "ger-inf"))["14.4"] == 1
    st["units"]["sov-inf2"]["disorganized"] = True
    assert shifts(odds(rules, st, "ger-inf"))["11.5"] == 1
    st = make_state(rules, {"sov-inf": "0504", "ger-inf": T, "sov-hq": "0501"}, phase=("soviet", "primary", "combat"))
    assert shifts(odds(rules, st, "sov-inf", side="soviet", fleet="bsf-1", air="s-4aa")) == {"16.22": 2, "16.12": 1}


def test_automatic_elimination_at_10_1_after_shifts(rules):
    """8.5's example: 21 to 3 is 7-1; air, armour and TQ shifts make it 10-1."""
    fat = make_rules()
    st = make_state(fat, {"ger-pz": "0504", "ger-pz2": "0506", "ger-small": "0604", "sov-inf": T, "ger-hq": "0501"})
    st["units"]["sov-inf"]["step"] = 1  # 1-3-3
    st["units"]["ger-pz2"]["step"] = 1  # 6
    st["units"]["ger-small"]["supply"] = "limited"  # 2: 10 + 6 + 2 = 18 ... add rom-inf
    st["units"]["rom-inf"]["hex"] = "0605"  # 3
    o = odds(fat, st, "ger-pz", "ger-pz2", "ger-small", "rom-inf", air="iv-fk")
    assert (o.attack, o.defence, o.base_label) == (21, 3, "7-1")
    assert o.automatic and o.label == "10-1" and resolve(o, 1) == tables.AE
    assert "Automatic Elimination" in str(o.breakdown())


def test_automatic_elimination_in_the_primary_movement_phase(rules):
    where = {"ger-pz": "0504", "ger-pz2": "0506", "sov-bde": T}
    st = make_state(rules, where, phase=("axis", "primary", "movement"))
    plan = AttackPlan(("ger-pz", "ger-pz2"), T)
    assert movement_ae(rules, st, "axis", plan).automatic
    with pytest.raises(IllegalOrder) as exc:
        movement_ae(rules, st, "axis", AttackPlan(("ger-pz",), T))  # 10 to 2 +2 = 7-1 only
    assert exc.value.rule == "8.5"
    st = make_state(rules, where, phase=("axis", "secondary", "movement"))
    with pytest.raises(IllegalOrder) as exc:
        movement_ae(rules, st, "axis", plan)
    assert exc.value.rule == "8.5"


def test_left_shifts_apply_before_the_limits(rules):
    """8.4's example: 11-1 with two left shifts is 9-1, not an automatic elimination."""
    st = make_state(rules, {"rom-big": "0504", "rom-big2": "0506", "sov-gtank": T})
    o = odds(rules, st, "rom-big", "rom-big2")
    assert o.base_label == "11-1" and shifts(o) == {"9.5": -1, "9.6": -1}
    assert not o.automatic and o.label == "9-1"


def test_breakdown_is_text_for_players(rules):
    st = make_state(rules, {"ger-pz": "0504", "ger-inf": "0506", "sov-div": T}, ger_inf={"supply": "out"})
    text = str(odds(rules, st, "ger-pz", "ger-inf").breakdown())
    assert "Attack 13" in text and "ger-inf 3 (halved once: out of supply (14.4) (9.1))" in text
    assert "1 right: armour (9.5)" in text and "Final column 3-1" in text
    assert "13 to 7 rounds down to 1-1" in text


def test_resolve_reads_the_crt(rules):
    st = make_state(rules, {"ger-inf": "0504", "ger-inf2": "0506", "sov-inf": T})
    o = odds(rules, st, "ger-inf", "ger-inf2")
    assert [resolve(o, d) for d in range(1, 7)] == ["A1", "A1/DR", "EX", "DR", "DR", "A1/D1"]


# Determined Defence (10.4) -----------------------------------------------------------------------
def test_determined_defence_clauses():
    rules = make_rules(terrain={T: "r"}, places=[f"{T} | Town | town"], zones=["black_sea_coast: 0606"])
    where = {"ger-inf": "0504", "sov-elite": T, "sov-at": T, "sov-inf": T, "ger-hq": "0501"}
    st = make_state(rules, where, sov_inf={"disorganized": True})
    with pytest.raises(IllegalOrder) as exc:
        evaluate_dd(rules, st, "soviet", T, "D1-B", "sov-elite")
    assert exc.value.rule == "10.4"
    for lead in ("sov-inf", "sov-at", "ger-inf"):
        with pytest.raises(IllegalOrder) as exc:
            evaluate_dd(rules, st, "soviet", T, "DR", lead)
        assert exc.value.rule == "10.4"
    with pytest.raises(IllegalOrder) as exc:
        evaluate_dd(rules, st, "soviet", T, "DR", "sov-elite", air="s-4aa", fleet="bsf-1")
    assert exc.value.rule == "10.4"
    with pytest.raises(IllegalOrder) as exc:
        evaluate_dd(rules, st, "soviet", T, "DR", "sov-elite", fleet="bsf-1")
    assert exc.value.rule == "16.22"
    with pytest.raises(IllegalOrder) as exc:
        evaluate_dd(rules, st, "soviet", T, "DR", "sov-elite", air="s-4aa")
    assert exc.value.rule == "16.11"  # no Soviet HQ in range
    st["units"]["sov-hq"]["hex"] = "0901"
    dd = evaluate_dd(rules, st, "soviet", T, "A1/D1", "sov-elite", air="s-4aa")
    assert (dd.column, dd.tq, dd.drm) == ("rough", "E", 2)
    assert resolve_dd(dd, 3) == tables.DDEntry(True, True, False)  # 3 + 2 = 5: "* -1"
    assert "10.4" in str(dd.breakdown())
    st["units"]["sov-elite"]["hex"] = None
    st["units"]["sov-inf"]["hex"] = None
    st["units"]["sov-at"]["hex"] = None
    with pytest.raises(IllegalOrder) as exc:
        evaluate_dd(rules, st, "soviet", T, "DR", "sov-elite")
    assert exc.value.rule == "10.4"
