"""Chapters 1-7, 9, 10 and 12 of the Italian rulebook read against the code: each discrepancy the
audit found, fixed and tested with its rule."""

from __future__ import annotations

from engine.games.combat_commander import events
from engine.games.combat_commander.common import objective_areas
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    FakeContext,
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
)


def start_move(m, uid: str):  # type: ignore[no-untyped-def]
    """An Axis Move order (the Allies out of Defense posture, whose Hidden Mines and Wire pause every hex)."""
    m.state["sides"]["allies"]["posture"] = "attack"
    return play(m, "axis", "move", hold(m, "axis", "move"), uid)


def test_a_building_objective_is_the_whole_building() -> None:
    """7.3.1.1: the farm's objective 1 (F5) is its building's every hex, F4, F5, G5 and G6."""
    assert objective_areas(GAME.board_for(new_match().state))["1"] == frozenset({"F4", "F5", "G5", "G6"})


def test_an_enemy_in_another_hex_of_the_building_keeps_the_objective() -> None:
    """7.3.1.1: every hex of the building must be clear of enemy units to claim it: an Allied unit in G6 keeps objective 1."""
    m = new_match()
    only_units(m, {"g-s1": "E5", "a-s2": "G6"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "F5")
    assert m.state["units"]["g-s1"]["hex"] == "F5" and m.state["objectives"]["1"] == "allies"


def test_any_hex_of_a_clear_building_claims_its_objective() -> None:
    """7.3.1.1: a unit entering F4, another hex of objective 1's building, claims it once the building holds no enemy."""
    m = new_match()
    only_units(m, {"g-s1": "E4", "a-s2": "N9"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "F4")
    assert m.state["objectives"]["1"] == "axis"


def test_both_last_units_lost_in_a_melee_tie_go_to_the_initiative_holder() -> None:
    """6.3.1, 9.2: a melee tie eliminates both players' last units at once; the Initiative card's holder wins."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "C7"})
    m.state["initiative"] = "allies"
    stack(m, "axis", [find("axis", total=8, trigger="")])
    stack(m, "allies", [find("allies", total=7, trigger="")])  # 5 + 8 = 13 and 6 + 7 = 13
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s1")
    play(m, "axis", "step", "g-s1", "C7")
    assert m.state["over"] == {"winner": "allies", "why": "both_lose"}
    assert "Initiative" in str(GAME.result(m.state).reason)  # type: ignore[union-attr]


def test_one_side_losing_its_last_unit_in_a_melee_tie_loses() -> None:
    """6.3.1: a melee tie that leaves only the Axis without units on the map ends the game for the Allies."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "C7", "a-s2": "N9"})
    m.state["initiative"] = "axis"
    stack(m, "axis", [find("axis", total=8, trigger="")])
    stack(m, "allies", [find("allies", total=7, trigger="")])
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s1")
    play(m, "axis", "step", "g-s1", "C7")
    assert m.state["over"] == {"winner": "allies", "why": "last_unit"}


def test_a_unit_displaced_onto_an_objective_takes_it() -> None:
    """7.3.1: the last player to occupy an objective alone controls it, however his unit got there: g-s1 leaving a Blaze for C2."""
    m = new_match()
    only_units(m, {"g-s1": "D2", "a-s1": "N9"})
    ctx = FakeContext()
    events.set_ablaze(DATA, m.state, "D2", "E46", ctx)
    events.open_choices(DATA, m.state, ctx)
    play(m, "axis", "choose", "C2")
    assert m.state["units"]["g-s1"]["hex"] == "C2" and m.state["objectives"]["2"] == "axis"
