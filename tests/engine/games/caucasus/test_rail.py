"""Rail movement (7.22) and armoured trains (15.6): one test per clause, on small test maps."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalOrder
from engine.games.caucasus import rail
from engine.games.caucasus.model import AXIS, SOVIET, Rules, UnitType
from engine.mapdata import MapData
from tests.engine.games.caucasus.test_supply import (
    col,
    make_board,
    make_rules,
    make_state,
    row,
    spec,
)

PRIMARY = {"side": AXIS, "impulse": "primary", "step": "movement"}
SOV_PRIMARY = {"side": SOVIET, "impulse": "primary", "step": "movement"}
SOV_SECONDARY = {"side": SOVIET, "impulse": "secondary", "step": "movement"}


def axis_board() -> MapData:
    """Axis entry A (north edge) at 0101; railway down column 1 and east along row 5 to 0805,
    supply-only on to 1205; the unfinished line runs south from 0805; a Soviet town at 0605;
    a railway stub 0409-0909 linked to nothing."""
    return make_board(
        12,
        10,
        lines=[
            ("rail", col(1, 1, 10)),
            ("rail", row(5, 1, 8)),
            ("rail:supply_only", row(5, 8, 12)),
            ("rail:unfinished,supply_only", col(8, 5, 10)),
            ("rail", row(9, 4, 9)),
        ],
        places=[("0101", "Entry A", "entry", "entry=A side=axis"), ("0605", "Borgo", "town", "")],
    )


def soviet_board() -> MapData:
    """Tbilisi (major city) at 0110 with a railway east along row 10 to 0610, supply-only on to
    1010; entry F at 1201 with a railway down to 1204; the off-map link joins Tbilisi and F."""
    return make_board(
        12,
        10,
        lines=[
            ("rail", row(10, 1, 6)),
            ("rail:supply_only", row(10, 6, 10)),
            ("rail", col(12, 1, 4)),
        ],
        places=[
            ("0110", "Tbilisi", "major_city", ""),
            ("1201", "Entry F", "entry", "entry=F side=soviet"),
        ],
        offmap={"tbilisi_f": ("0110", "1201")},
    )


def axis_rules(**kw: Any) -> Rules:
    return make_rules(
        axis_board(),
        spec("g", AXIS, **kw),
        spec("g2", AXIS),
        spec("r", SOVIET),
        spec("at", SOVIET, UnitType.AT, flags=["white_box"]),
    )


def soviet_rules() -> Rules:
    return make_rules(
        soviet_board(),
        spec("s", SOVIET),
        spec("tr", SOVIET, UnitType.ARMORED_TRAIN, move=6, flags=["white_box", "rail_unlimited"]),
        spec("g", AXIS),
        spec("g2", AXIS),
    )


def check(rules: Rules, state: dict[str, Any], side: str, uid: str, path: str) -> None:
    usable = rail.usable_rail_hexes(rules, state, side)
    rail.check_rail_move(rules, state, side, uid, path.split(), usable)


def refused(rules: Rules, state: dict[str, Any], side: str, uid: str, path: str) -> IllegalOrder:
    with pytest.raises(IllegalOrder) as exc:
        check(rules, state, side, uid, path)
    return exc.value


def axis_state(placed: dict[str, str] | None = None, **kw: Any) -> dict[str, Any]:
    kw.setdefault("phase", PRIMARY)
    return make_state(placed or {"g": "0103"}, **kw)


# Usable rail hexes (7.22, ruling 3) --------------------------------------------------------------
def test_usable_rail_hexes_axis():
    rules = axis_rules()
    usable = rail.usable_rail_hexes(rules, axis_state(), AXIS)
    # Column 1 and row 5 up to the Soviet town; never the stub, the supply-only or unfinished lines.
    assert usable == set(col(1, 1, 10)) | set(row(5, 1, 5))
    usable = rail.usable_rail_hexes(rules, axis_state(control={"0605": AXIS}, turn=9), AXIS)
    assert usable == set(col(1, 1, 10)) | set(row(5, 1, 8))
    # A Soviet unit at 0203 puts 0103 and 0104 in its ZOC: the railway south of them is cut off.
    usable = rail.usable_rail_hexes(rules, axis_state({"r": "0203"}), AXIS)
    assert usable == {"0101", "0102"}


def test_usable_rail_hexes_soviet_with_offmap_link():
    rules = soviet_rules()
    usable = rail.usable_rail_hexes(rules, make_state({}, phase=SOV_PRIMARY), SOVIET)
    assert usable == set(row(10, 1, 6)) | set(col(12, 1, 4))
    # Axis-held Tbilisi: F still links the line through the off-map railway.
    usable = rail.usable_rail_hexes(
        rules, make_state({}, control={"0110": AXIS}, phase=SOV_PRIMARY), SOVIET
    )
    assert usable == set(col(12, 1, 4))


def test_legal_rail_move():
    check(axis_rules(), axis_state(), AXIS, "g", "0103 0104 0105 0205 0305 0405 0505")
    check(
        axis_rules(),
        axis_state(control={"0605": AXIS}),
        AXIS,
        "g",
        "0103 0104 0105 0205 0305 0405 0505 0605 0705",
    )


# One test per clause ----------------------------------------------------------------------------
def test_primary_movement_phase_only():
    for phase in (
        {"side": AXIS, "impulse": "secondary", "step": "movement"},
        {"side": AXIS, "impulse": "primary", "step": "combat"},
        {"side": SOVIET, "impulse": "primary", "step": "movement"},
    ):
        assert refused(axis_rules(), axis_state(phase=phase), AXIS, "g", "0103 0104").rule == "7.22"


def test_one_unit_per_side_per_primary_phase():
    state = axis_state()
    state["flags"]["rail_used"] = [AXIS]
    assert refused(axis_rules(), state, AXIS, "g", "0103 0104").rule == "7.22"
    state["flags"]["rail_used"] = [SOVIET]
    check(axis_rules(), state, AXIS, "g", "0103 0104")


def test_ma_zero_cannot_rail_move():
    assert refused(axis_rules(move=0), axis_state(), AXIS, "g", "0103 0104").rule == "7.22"


def test_unit_that_moved_normally_may_not_rail_move():
    state = axis_state(g={"moved": True})
    assert refused(axis_rules(), state, AXIS, "g", "0103 0104").rule == "7.22"  # ruling 2


def test_unit_that_rail_moved_may_not_rail_move_again():
    state = axis_state(g={"rail_moved": True})
    assert refused(axis_rules(), state, AXIS, "g", "0103 0104").rule == "7.22"


def test_must_start_on_a_rail_hex():
    assert refused(axis_rules(), axis_state({"g": "0303"}), AXIS, "g", "0303 0304").rule == "7.22"


def test_may_not_start_in_an_enemy_zoc():
    err = refused(axis_rules(), axis_state({"g": "0103", "r": "0203"}), AXIS, "g", "0103 0102")
    assert err.rule == "7.22" and "starts in an enemy ZOC" in str(err)


def test_may_not_enter_an_enemy_zoc():
    # The Soviet unit at 0306 has 0205, 0305 and 0405 in its ZOC.
    err = refused(
        axis_rules(), axis_state({"g": "0103", "r": "0306"}), AXIS, "g", "0103 0104 0105 0205"
    )
    assert err.rule == "7.22" and "enemy ZOC" in str(err)


def test_path_follows_contiguous_rail():
    assert refused(axis_rules(), axis_state(), AXIS, "g", "0103 0203").rule == "7.22"
    assert refused(axis_rules(), axis_state(), AXIS, "g", "0103 0105").rule == "7.22"


def test_path_starts_at_the_unit():
    assert refused(axis_rules(), axis_state(), AXIS, "g", "0104 0105").rule == "7.1"


def test_only_usable_rail_hexes():
    # The Soviet town at 0605 is not friendly-controlled.
    err = refused(axis_rules(), axis_state(), AXIS, "g", "0103 0104 0105 0205 0305 0405 0505 0605")
    assert err.rule == "7.22" and "usable" in str(err)
    # A railway linked to no friendly Major City or Entry hex.
    err = refused(axis_rules(), axis_state({"g": "0509"}), AXIS, "g", "0509 0609")
    assert err.rule == "7.22" and "0509 is not a usable" in str(err)


def test_supply_only_and_unfinished_lines():
    state = axis_state({"g": "0805"}, control={"0605": AXIS})
    assert (
        refused(axis_rules(), state, AXIS, "g", "0805 0905").rule == "2.33/2.34"
    )  # Sochi-Sukhumi type
    assert (
        refused(axis_rules(), state, AXIS, "g", "0805 0806").rule == "2.33"
    )  # unfinished until turn 8
    state["turn"] = 8
    assert refused(axis_rules(), state, AXIS, "g", "0805 0806").rule == "2.33/2.34"


def test_no_entry_into_enemy_occupied_hex():
    # A white-box unit has no ZOC: only its presence blocks the move.
    state = axis_state({"g": "0105", "at": "0405"})
    assert refused(axis_rules(), state, AXIS, "g", "0105 0205 0305 0405").rule == "7.1"


def test_no_entry_into_north_edge_entry_hexes():
    assert refused(axis_rules(), axis_state(), AXIS, "g", "0103 0102 0101").rule == "4.1"


def test_out_of_supply_moves_two_hexes_at_most():
    state = axis_state(g={"supply": "out"})
    check(axis_rules(), state, AXIS, "g", "0103 0104 0105")
    assert refused(axis_rules(), state, AXIS, "g", "0103 0104 0105 0106").rule == "14.4"


def test_replaced_unit_moves_one_hex_at_most():
    state = axis_state(g={"replaced": True})
    assert refused(axis_rules(), state, AXIS, "g", "0103 0104 0105").rule == "17.2"


def test_automatic_elimination_participant_may_not_move():
    assert refused(axis_rules(), axis_state(g={"ae": True}), AXIS, "g", "0103 0104").rule == "8.5"


def test_not_your_unit():
    assert refused(axis_rules(), axis_state({"r": "0105"}), AXIS, "r", "0105 0104").rule == "7.1"


# The off-map railway (7.22) ------------------------------------------------------------------
def test_offmap_link_soviet_must_stop_at_far_end():
    rules = soviet_rules()
    state = make_state({"s": "0310"}, phase=SOV_PRIMARY)
    check(rules, state, SOVIET, "s", "0310 0210 0110 1201")
    err = refused(rules, state, SOVIET, "s", "0310 0210 0110 1201 1202")
    assert err.rule == "7.22" and "far end" in str(err)
    check(rules, make_state({"s": "1203"}, phase=SOV_PRIMARY), SOVIET, "s", "1203 1202 1201 0110")


def test_offmap_link_is_soviet_only():
    rules = soviet_rules()
    state = make_state({"g": "0110"}, control={"0110": AXIS, "1201": AXIS}, phase=PRIMARY)
    err = refused(rules, state, AXIS, "g", "0110 1201")
    assert err.rule == "7.22" and "Only the Soviet" in str(err)


# Armoured trains (15.6) ------------------------------------------------------------------------
def test_armoured_train_moves_in_secondary_and_ignores_the_one_unit_limit():
    rules = soviet_rules()
    state = make_state({"tr": "0610"}, phase=SOV_SECONDARY)
    state["flags"]["rail_used"] = [SOVIET]
    check(rules, state, SOVIET, "tr", "0610 0510 0410 0310 0210 0110")


def test_armoured_train_stops_at_the_first_enemy_zoc():
    rules = soviet_rules()
    # Germans at 0509 and 0309 have 0510 and 0310 in their ZOC.
    placed = {"tr": "0610", "g": "0509", "g2": "0309"}
    err = refused(rules, make_state(placed, phase=SOV_PRIMARY), SOVIET, "tr", "0610 0510 0410")
    assert err.rule == "15.6"
    check(rules, make_state(placed, phase=SOV_PRIMARY), SOVIET, "tr", "0610 0510")
    # It may leave an enemy ZOC (at no cost) and stop in the next one.
    check(
        rules,
        make_state(placed | {"tr": "0510"}, phase=SOV_PRIMARY),
        SOVIET,
        "tr",
        "0510 0410 0310",
    )
    # Ordinary rail movement may do neither.
    state = make_state(placed | {"s": "0610"}, phase=SOV_PRIMARY)
    assert refused(rules, state, SOVIET, "s", "0610 0510").rule == "7.22"


def test_armoured_train_only_along_rail_and_not_on_supply_only_lines():
    rules = soviet_rules()
    state = make_state({"tr": "0610"}, phase=SOV_PRIMARY)
    assert refused(rules, state, SOVIET, "tr", "0610 0609").rule == "15.6"
    assert refused(rules, state, SOVIET, "tr", "0610 0710").rule == "2.33/2.34"


def test_armoured_train_only_in_movement_phases():
    rules = soviet_rules()
    state = make_state(
        {"tr": "0610"}, phase={"side": SOVIET, "impulse": "secondary", "step": "combat"}
    )
    assert refused(rules, state, SOVIET, "tr", "0610 0510").rule == "15.6"


def test_armoured_train_not_one_step_back_on_turn_1():
    rules = soviet_rules()
    state = make_state({"tr": "0510", "g": "0509"}, phase=SOV_SECONDARY)
    assert refused(rules, state, SOVIET, "tr", "0510 0410").rule == "18.2"
    state["turn"] = 2
    check(rules, state, SOVIET, "tr", "0510 0410")


def test_disorganized_armoured_train_may_not_end_in_enemy_zoc():
    rules = soviet_rules()
    state = make_state({"tr": "0610", "g": "0509"}, phase=SOV_PRIMARY, tr={"disorganized": True})
    assert refused(rules, state, SOVIET, "tr", "0610 0510").rule == "11.5"


@pytest.mark.parametrize(
    ("feature", "turn", "rule", "words"),
    [
        ("alpine pass", 10, "2.32", "is closed by snow"),
        ("alpine", 1, "7.8", "No unit may cross the alpine hexside between 0104 and 0105"),
        ("lake", 1, "TEC", "No unit may cross the lake hexside between 0104 and 0105"),
    ],
)
def test_a_railway_across_a_hexside_no_unit_crosses_names_its_rule(feature, turn, rule, words):
    """A rail move over a closed pass (2.32), an alpine hexside (7.8) or a lake (TEC) names that hexside's rule."""
    rules = make_rules(
        make_board(
            12,
            10,
            lines=[("rail", col(1, 1, 10)), ("rail", row(5, 1, 8))],
            sides=[("0104", "0105", feature)],
            places=[("0101", "Entry A", "entry", "entry=A side=axis")],
        ),
        spec("g", AXIS),
    )
    err = refused(rules, axis_state(turn=turn), AXIS, "g", "0103 0104 0105 0205")
    assert err.rule == rule and words in str(err)
