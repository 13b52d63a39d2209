"""Counters leaving the map (units.py): boxes of 11.3.6 and the AX26 record of a destroyed German LCU."""

from __future__ import annotations

from engine.games.stalins_war import units
from tests.engine.games.stalins_war.flow_helpers import direct


def test_11_3_6_german_lcu_eliminated_out_of_supply_goes_on_the_turn_track_and_counts_for_ax26() -> None:
    """AX26: "tutti e quattro i livelli di almeno una LCU tedesca sono stati eliminati", whatever box it goes to."""
    d = direct(turn=6, ar=2)
    units.eliminate(d.game.rules, d.state, "ge-4a", d.ctx, oos=True)
    assert d.state["units"]["ge-4a"]["box"] == "track" and d.state["units"]["ge-4a"]["due"] == 9
    assert d.state["effects"].get("german_lcu_destroyed") is True


def test_11_3_6_eliminated_in_supply_goes_to_the_eliminated_box() -> None:
    d = direct(turn=6, ar=2)
    units.eliminate(d.game.rules, d.state, "ge-4a", d.ctx)
    assert d.state["units"]["ge-4a"]["box"] == "eliminated"
    assert d.state["effects"].get("german_lcu_destroyed") is True


def test_a_german_panzer_corps_is_not_an_lcu_for_ax26() -> None:
    d = direct(turn=6, ar=2)
    units.eliminate(d.game.rules, d.state, "ge-46pz", d.ctx)
    assert not d.state["effects"].get("german_lcu_destroyed")


def test_ax17_a_german_unit_eliminated_in_a_soviet_round_by_any_cause_counts() -> None:
    """AX17 "causare almeno un livello di forza di perdite ... ad una unità tedesca": an elimination
    outside the fire step (no retreat path, exploitation) is such a loss too."""
    d = direct(turn=6, ar=2, side="soviet")
    d.state["round"] = {"side": "soviet", "kind": "ops"}
    units.eliminate(d.game.rules, d.state, "ge-46pz", d.ctx)
    assert d.state["round"].get("german_step_lost") is True


def test_ax17_losses_of_other_nations_or_in_axis_rounds_do_not_count() -> None:
    d = direct(turn=6, ar=2, side="soviet")
    d.state["round"] = {"side": "soviet", "kind": "ops"}
    units.lose_level(d.game.rules, d.state, "ro-4a", d.ctx)
    assert not d.state["round"].get("german_step_lost")
    d.state["round"] = {"side": "axis", "kind": "ops"}
    units.lose_level(d.game.rules, d.state, "ge-4a", d.ctx)
    assert not d.state["round"].get("german_step_lost")
