"""The end of a Time advance (6.1.2): the causing player removes a Smoke marker, then both may Dig In (A32)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander.cards import card
from tests.engine.games.combat_commander.helpers import (
    GAME,
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
    top,
)


def advance_time_by_fire(m) -> None:  # type: ignore[no-untyped-def]
    """Axis fires g-s1 (B7) at D7; its attack roll is a Time! trigger (1.9.1.4)."""
    stack(m, "axis", [find("axis", trigger="time")])
    stack(m, "allies", [find("allies", total=12, trigger="")])
    play(m, "axis", "fire", hold(m, "axis", "fire"), "g-s1")
    play(m, "axis", "attack", "D7", "g-s1")


def position():  # type: ignore[no-untyped-def]
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7", "a-s2": "N9"})
    return m


def dig_card(m, role: str) -> str:  # type: ignore[no-untyped-def]
    """Put a Dig In card into ``role``'s hand; return its id."""
    side = m.state["sides"][role]
    wanted = next(c for c in side["deck"] if card(c).action == "dig_in")
    side["deck"].remove(wanted)
    side["deck"].append(side["hand"].pop(0))
    side["hand"].append(wanted)
    return wanted


def test_the_causing_player_removes_one_smoke_of_his_choice() -> None:
    """Step 4: only the player who caused the advance removes one Smoke marker (6.1.2)."""
    m = position()
    m.state["smoke"] = {"H5": 3, "J5": 6}
    advance_time_by_fire(m)
    assert top(m) == "time_advance" and m.active() == frozenset({"axis"})
    play(m, "axis", "clear-smoke", "J5")
    assert m.state["smoke"] == {"H5": 3}


def test_a_single_smoke_marker_is_removed_at_once() -> None:
    """With one Smoke marker on the map there is no choice: it goes (6.1.2)."""
    m = position()
    m.state["smoke"] = {"H5": 3}
    advance_time_by_fire(m)
    assert m.state["smoke"] == {} and m.active() == frozenset({"axis", "allies"})


def test_removing_a_smoke_that_is_not_there_is_refused() -> None:
    """The marker removed must be one on the map (6.1.2)."""
    m = position()
    m.state["smoke"] = {"H5": 3, "J5": 6}
    advance_time_by_fire(m)
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "clear-smoke", "K5")
    assert exc.value.rule == "6.1.2"


def test_both_players_may_dig_in() -> None:
    """Step 6: both players may play Dig In; Foxholes go in a hex with friendly units (A32)."""
    m = position()
    cid = dig_card(m, "allies")
    advance_time_by_fire(m)
    play(m, "allies", "dig-in", cid, "D7")
    assert m.state["forts"] == {"D7": "foxholes"} and cid in m.state["sides"]["allies"]["discard"]


def test_dig_in_needs_friendly_units_in_the_hex() -> None:
    """Dig In cannot place Foxholes where the player has no unit (A32)."""
    m = position()
    cid = dig_card(m, "allies")
    advance_time_by_fire(m)
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "dig-in", cid, "B7")
    assert exc.value.rule == "A32"


def test_dig_in_refused_on_a_fortification() -> None:
    """Dig In cannot place Foxholes where a fortification already is (A32, F100.3)."""
    m = position()
    m.state["forts"]["D7"] = "wire"
    cid = dig_card(m, "allies")
    advance_time_by_fire(m)
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "dig-in", cid, "D7")
    assert exc.value.rule == "F100.3"


def test_dig_in_outside_a_time_advance_is_refused() -> None:
    """Dig In is played only at the end of a Time advance (A32)."""
    m = position()
    cid = dig_card(m, "axis")
    with pytest.raises(IllegalOrder) as exc:
        m.play("axis", GAME.parse(m.state, "axis", f"dig-in {cid} B7"))
    assert exc.value.rule == "A32"


def test_the_window_closes_when_both_pass_and_play_resumes() -> None:
    """When both have passed the Time advance is over and the interrupted turn goes on (6.1.2)."""
    m = position()
    advance_time_by_fire(m)
    play(m, "allies", "pass")
    assert m.active() == frozenset({"axis"})
    play(m, "axis", "pass")
    assert top(m) != "time_advance"
