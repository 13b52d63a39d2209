"""Referee overrides skip legality but never the invariants, and are logged for everyone."""

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Override
from tests.engine.games.caucasus.position import empty_board, plain_hexes, referee, unit_of


def test_place_and_remove():
    m = empty_board()
    h = plain_hexes(m)[0]
    inf = unit_of(m, "axis", "INF")
    referee(m, f"place {inf} {h}")
    assert m.state["units"][inf]["hex"] == h
    referee(m, f"remove {inf} cadre")
    assert m.state["units"][inf]["hex"] is None and m.state["units"][inf]["box"] == "cadre"


def test_units_cannot_be_placed_at_sea():
    m = empty_board()
    sea = next(h for h, k in m.game.rules.board.terrain.items() if k == "sea")
    inf = unit_of(m, "axis", "INF")
    with pytest.raises(IllegalOrder) as exc:
        referee(m, f"place {inf} {sea}")
    assert "sea" in str(exc.value)


def test_both_sides_never_share_a_hex():
    m = empty_board()
    h = plain_hexes(m)[0]
    referee(m, f"place {unit_of(m, 'axis', 'INF')} {h}")
    with pytest.raises(IllegalOrder):
        referee(m, f"place {unit_of(m, 'soviet', 'INF')} {h}")


def test_step_and_markers_and_supply():
    m = empty_board()
    h = plain_hexes(m)[0]
    inf = unit_of(m, "axis", "INF", steps=3)
    referee(m, f"place {inf} {h}")
    referee(m, f"step {inf} 2")
    referee(m, f"mark {inf} disorganized on")
    referee(m, f"supply {inf} out")
    u = m.state["units"][inf]
    assert u["step"] == 2 and u["disorganized"] and u["supply"] == "out"
    with pytest.raises(IllegalOrder):
        referee(m, f"step {inf} 3")


def test_phase_jumps_to_the_named_phase():
    m = empty_board()
    referee(m, "phase soviet secondary combat")
    assert m.state["phase"] == {"side": "soviet", "impulse": "secondary", "step": "combat"}
    assert m.active() == {"soviet"}


def test_unknown_override_lists_the_commands():
    m = empty_board()
    with pytest.raises(InvalidOrder) as exc:
        m.override(Override("teleport", ("x",), "test"))
    assert "place UNIT HEX" in str(exc.value.text())


def test_override_record_names_its_reason():
    m = empty_board()
    rec = m.override(Override("weather", ("bad",), "storm over the Kuban"))
    assert "storm over the Kuban" in str(rec.entries[0].text) and m.state["weather"] == "bad"
