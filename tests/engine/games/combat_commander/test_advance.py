"""Advance orders (O16) and melee (O16.4)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.combat_commander.helpers import (
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
    texts,
    top,
)


def advance(m, *units: str):  # type: ignore[no-untyped-def]
    cid = hold(m, "axis", "advance")
    return play(m, "axis", "advance", cid, *units)


def fix_rolls(m, axis: int, allies: int) -> None:  # type: ignore[no-untyped-def]
    stack(m, "axis", [find("axis", total=axis, trigger="")])
    stack(m, "allies", [find("allies", total=allies, trigger="")])


def test_advance_enters_one_hex_without_op_fire() -> None:
    """An advancing unit enters one adjacent hex, no MP and no opportunity fire (O16.1)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "g-s2": "N1", "a-s1": "C7"})
    advance(m, "g-s1", )
    play(m, "axis", "step", "g-s1", "B7")
    assert m.state["units"]["g-s1"]["hex"] == "B7" and top(m) == "turn"


def test_advance_into_woods_ignores_terrain_cost() -> None:
    """Terrain costs are ignored: even Movement 0 would enter woods (O16.1)."""
    m = new_match()
    only_units(m, {"g-s1": "D8", "a-s1": "N1"})
    advance(m, "g-s1")
    play(m, "axis", "step", "g-s1", "E8")
    assert m.state["units"]["g-s1"]["hex"] == "E8"


def test_a_unit_advances_only_once() -> None:
    """An advancing unit stops in the hex it enters (O16.1)."""
    m = new_match()
    only_units(m, {"g-l1": "A7", "g-s1": "A7", "a-s1": "N1"})
    cid = hold(m, "axis", "advance")
    play(m, "axis", "advance", cid, "g-l1", "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "A9")
    assert exc.value.rule == "O16.1"


def test_advance_into_an_enemy_hex_starts_a_melee() -> None:
    """Opposing units in one hex at the end of the order fight a melee; the lower total loses all (O16.4.3)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "g-s2": "N1", "a-s1": "C7", "a-s2": "N9"})
    fix_rolls(m, axis=12, allies=2)
    recs = advance(m, "g-s1")
    recs += play(m, "axis", "step", "g-s1", "C7")
    assert m.state["units"]["a-s1"]["hex"] is None and m.state["units"]["g-s1"]["hex"] == "C7"
    assert any("melee FP 5 + 12 = 17" in line for line in texts(recs))


def test_inactive_player_rolls_first_in_melee() -> None:
    """The inactive player rolls first, then the active player (O16.4.2)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "g-s2": "N1", "a-s1": "C7", "a-s2": "N9"})
    fix_rolls(m, axis=12, allies=2)
    advance(m, "g-s1")
    recs = play(m, "axis", "step", "g-s1", "C7")
    rolls = [line for line in texts(recs) if "Melee in C7)" in line]
    assert rolls[0].startswith("allies") and rolls[1].startswith("axis")


def test_a_melee_tie_eliminates_both_sides() -> None:
    """Equal melee totals: both sides lose every unit in the hex (O16.4.3)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "g-s2": "N1", "a-s1": "C7", "a-s2": "N9"})
    fix_rolls(m, axis=8, allies=7)  # 5 + 8 = 13 and 6 + 7 = 13
    advance(m, "g-s1")
    play(m, "axis", "step", "g-s1", "C7")
    assert m.state["units"]["a-s1"]["hex"] is None and m.state["units"]["g-s1"]["hex"] is None


def test_boxed_fp_adds_one_in_melee() -> None:
    """Each unit with boxed FP adds +1 to its side's melee FP (O16.4.1)."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "g-s2": "N1", "a-s1": "C7", "a-s2": "N9"})
    fix_rolls(m, axis=12, allies=2)
    advance(m, "g-s4")
    recs = play(m, "axis", "step", "g-s4", "C7")
    assert any("melee FP 7 + 12" in line for line in texts(recs))  # assault squad 6, boxed FP +1


def test_done_before_any_advance_is_refused() -> None:
    """An Advance order must move at least one unit (O14.4)."""
    m = new_match()
    only_units(m, {"g-l1": "A7", "g-s1": "A7", "a-s1": "N1"})
    cid = hold(m, "axis", "advance")
    play(m, "axis", "advance", cid, "g-l1", "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "done")
    assert exc.value.rule == "O14.4"
