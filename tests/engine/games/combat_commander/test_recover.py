"""Recover orders (O22): the player is activated, Suppressed markers go, broken units roll to rally."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander.cards import card
from tests.engine.games.combat_commander.helpers import (
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
)


def recover_with(m, totals: list[int], *order: str):  # type: ignore[no-untyped-def]
    """Recover with the axis rolls fixed to ``totals``."""
    cid = hold(m, "axis", "recover")
    ids: list[str] = []
    for total in totals:
        ids.append(find("axis", total=total, trigger="", exclude=(*ids, cid)))
    stack(m, "axis", ids)
    return play(m, "axis", "recover", cid, *order)


def test_roll_below_morale_rallies() -> None:
    """A Recover roll less than the modified Morale rallies the unit (O22.3)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["units"]["g-s1"]["broken"] = True  # broken Morale 9 on open ground
    recover_with(m, [3])
    assert not m.state["units"]["g-s1"]["broken"]


def test_roll_equal_to_morale_suppresses() -> None:
    """A roll equal to Morale suppresses the unit, which stays broken (O22.3)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["units"]["g-s1"]["broken"] = True
    recover_with(m, [9])
    u = m.state["units"]["g-s1"]
    assert u["broken"] and u["suppressed"]


def test_roll_above_morale_does_nothing() -> None:
    """A roll above Morale has no effect (O22.3)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["units"]["g-s1"]["broken"] = True
    recover_with(m, [11])
    u = m.state["units"]["g-s1"]
    assert u["broken"] and not u["suppressed"]


def test_all_suppressed_markers_are_removed_first() -> None:
    """The order first removes every Suppressed marker of the player (O22.2)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "g-s2": "B7", "a-s1": "N1"})
    m.state["units"]["g-s2"]["suppressed"] = True
    cid = hold(m, "axis", "recover")
    play(m, "axis", "recover", cid)
    assert not m.state["units"]["g-s2"]["suppressed"]


def test_cover_helps_the_rally() -> None:
    """Morale is modified by Cover: in woods a broken squad rallies on a 10 (O22.3, T99)."""
    m = new_match()
    only_units(m, {"g-s1": "E9", "a-s1": "N1"})
    m.state["units"]["g-s1"]["broken"] = True  # broken Morale 9 + woods 2 = 11
    recover_with(m, [10])
    assert not m.state["units"]["g-s1"]["broken"]


def test_named_order_is_followed() -> None:
    """The player chooses the order of the rolls (O22.2)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "g-s2": "B7", "a-s1": "N1"})
    for uid in ("g-s1", "g-s2"):
        m.state["units"][uid]["broken"] = True
    recover_with(m, [2, 12], "g-s2", "g-s1")
    assert not m.state["units"]["g-s2"]["broken"] and m.state["units"]["g-s1"]["broken"]


def test_nothing_to_recover_is_refused() -> None:
    """Recover needs a broken or suppressed unit of the player (O22.1)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    cid = hold(m, "axis", "recover")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "recover", cid)
    assert exc.value.rule == "O22.1"


def test_one_recover_per_turn() -> None:
    """A player activated by Recover cannot be activated by it again in the turn (O22.1)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["units"]["g-s1"]["broken"] = True
    recover_with(m, [12])
    side = m.state["sides"]["axis"]
    extra = next(c for c in side["deck"] if card(c).order == "recover")
    side["deck"].remove(extra)
    side["deck"].append(side["hand"].pop(0))
    side["hand"].append(extra)
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "recover", extra)
    assert exc.value.rule == "O22.1"
