"""Rebuilding units from the Cadre box with banked replacements (17.2, 15.1, ruling 18)."""

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.caucasus.helpers import open_line, place
from tests.engine.games.caucasus.position import empty_board, referee

ROSTOV = "1031"


def refused(m, role, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        m.submit(role, order)
    assert f"({rule})" in str(exc.value), str(exc.value)


@pytest.fixture
def axis():
    m = empty_board(seed="rebuild")
    referee(m, "turn 2")
    referee(m, "phase axis primary movement")
    _, hq, _ = open_line(m)
    place(m, ("17a-hq", hq))
    return m


def hq(m):
    return m.state["units"]["17a-hq"]["hex"]


def test_a_stug_from_the_cadre_box_enters_on_an_hq(axis):
    m = axis
    assert m.state["units"]["stug209"]["box"] == "cadre"
    referee(m, "repl german_mech 1")
    assert ("rebuild", ("stug209", hq(m))) in {(a.verb, a.args) for a in m.prompt("axis").actions}
    m.submit("axis", f"rebuild stug209 {hq(m)}")
    u = m.state["units"]["stug209"]
    assert u["hex"] == hq(m) and u["step"] == 0 and u["replaced"] and m.state["repl"]["german_mech"] == 0


def test_units_come_back_reduced_and_large_units_as_kampfgruppe(axis):
    m = axis
    referee(m, "remove 125inf cadre")
    referee(m, "remove 1mtn cadre")
    referee(m, "repl german_regular_inf 1")
    referee(m, "repl german_elite_inf 1")
    m.submit("axis", f"rebuild 125inf {ROSTOV}")
    m.submit("axis", f"rebuild 1mtn {hq(m)}")
    assert m.state["units"]["125inf"]["step"] == 2, "a three-step unit returns as its KG (ruling 18)"
    assert m.state["units"]["1mtn"]["step"] == 1


def test_a_rebuilt_unit_moves_one_hex_and_does_not_attack_in_the_primary_combat(axis):
    m = axis
    referee(m, "repl german_mech 1")
    m.submit("axis", f"rebuild stug209 {hq(m)}")
    rules = m.game.rules
    one = rules.board.neighbours(hq(m))[0]
    two = next(h for h in rules.board.neighbours(one) if rules.board.grid.distance(hq(m), h) == 2)
    refused(m, "axis", f"move stug209 {one} {two}", "17.2")
    refused(m, "axis", "replace stug209", "17.2")


def test_rebuilding_needs_the_primary_movement_phase_and_a_matching_replacement(axis):
    m = axis
    refused(m, "axis", f"rebuild stug209 {hq(m)}", "17.2")  # nothing banked
    referee(m, "repl german_regular_inf 1")
    refused(m, "axis", f"rebuild stug209 {hq(m)}", "17.2")  # the wrong type
    referee(m, "repl german_mech 1")
    referee(m, "phase axis secondary movement")
    refused(m, "axis", f"rebuild stug209 {hq(m)}", "17.2")


def test_only_on_an_hq_in_full_supply_before_it_moves_or_in_a_connected_major_city(axis):
    m = axis
    referee(m, "repl german_mech 2")
    other = m.game.rules.board.neighbours(hq(m))[0]
    refused(m, "axis", f"rebuild stug209 {other}", "17.2")
    referee(m, "supply 17a-hq limited")
    refused(m, "axis", f"rebuild stug209 {hq(m)}", "17.2")
    referee(m, "supply 17a-hq full")
    m.submit("axis", f"move 17a-hq {other}")
    refused(m, "axis", f"rebuild stug209 {other}", "17.2")
    m.submit("axis", f"rebuild stug209 {ROSTOV}")


def test_replace_names_rebuild_for_a_cadre_unit(axis):
    m = axis
    referee(m, "repl german_mech 1")
    with pytest.raises(IllegalOrder) as exc:
        m.submit("axis", "replace stug209")
    assert "rebuild" in str(exc.value) and "(17.2)" in str(exc.value)


def test_soviet_cadre_units_come_back_on_a_soviet_major_city():
    m = empty_board(seed="rebuild", phase="soviet primary movement")
    referee(m, "remove s102rd cadre")
    referee(m, "repl soviet_inf 1")
    krasnodar = m.game.rules.by_name["krasnodar"]
    m.submit("soviet", f"rebuild s102rd {krasnodar}")
    assert m.state["units"]["s102rd"]["hex"] == krasnodar and m.state["units"]["s102rd"]["step"] == 1
