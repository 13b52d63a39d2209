"""Rout orders (O23) and retreats (O23.3)."""

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
    top,
)


def rout(m, target: str, totals: list[int], *order: str):  # type: ignore[no-untyped-def]
    """The Axis orders a Rout of ``target`` with its own rolls fixed to ``totals`` (the orderer rolls, O23.2)."""
    cid = hold(m, "axis", "rout")
    ids: list[str] = []
    for total in totals:
        ids.append(find("axis", total=total, trigger="", exclude=(*ids, cid)))
    stack(m, "axis", ids)
    return play(m, "axis", "rout", cid, target, *order)


def test_roll_below_morale_has_no_effect() -> None:
    """A Rout roll less than Morale: no effect (O23.2)."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D7"})
    m.state["units"]["a-s1"]["broken"] = True  # broken Morale 8 on open ground
    rout(m, "allies", [5])
    assert m.state["units"]["a-s1"]["hex"] == "D7" and top(m) == "turn"


def test_roll_equal_to_morale_suppresses() -> None:
    """A Rout roll equal to Morale suppresses the unit (O23.2)."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D7"})
    m.state["units"]["a-s1"]["broken"] = True
    rout(m, "allies", [8])
    assert m.state["units"]["a-s1"]["suppressed"]


def test_roll_above_morale_makes_the_owner_retreat() -> None:
    """Roll - Morale hexes of retreat, chosen by the unit's owner (O23.2, O23.3)."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D7"})
    m.state["units"]["a-s1"]["broken"] = True
    rout(m, "allies", [10])
    assert top(m) == "rout" and m.active() == frozenset({"allies"})
    assert m.state["flow"][-1]["left"] == 2


def test_each_retreat_hex_is_closer_to_the_own_edge() -> None:
    """A hex that is not closer to the owner's edge is refused (O23.3)."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D7"})
    m.state["units"]["a-s1"]["broken"] = True
    rout(m, "allies", [10])
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "step", "a-s1", "D6")
    assert exc.value.rule == "O23.3"
    play(m, "allies", "step", "a-s1", "D8")
    play(m, "allies", "step", "a-s1", "D9")
    assert m.state["units"]["a-s1"]["hex"] == "D9" and top(m) == "turn"


def test_retreat_into_an_enemy_hex_eliminates() -> None:
    """A unit that retreats into an enemy-occupied hex surrenders: eliminated (O23.3.5)."""
    m = new_match()
    only_units(m, {"g-s1": "D8", "g-s2": "N1", "a-s1": "D7", "a-s2": "N9"})
    m.state["units"]["a-s1"]["broken"] = True
    rout(m, "allies", [9])
    play(m, "allies", "step", "a-s1", "D8")
    assert m.state["units"]["a-s1"]["hex"] is None and m.state["vp"] == 2


def test_a_unit_on_its_own_edge_that_must_retreat_is_eliminated() -> None:
    """A unit that would leave by its own edge is eliminated (O23.3.5)."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D10", "a-s2": "N9"})
    m.state["units"]["a-s1"]["broken"] = True
    rout(m, "allies", [9])
    assert m.state["units"]["a-s1"]["hex"] is None and top(m) == "turn"


def test_the_last_unit_routed_off_its_own_edge_ends_the_game() -> None:
    """O23.3.5, 6.3.1: the elimination off the edge that ends the game leaves nothing of the Rout order to finish."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D10"})
    m.state["units"]["a-s1"]["broken"] = True
    rout(m, "allies", [9])
    assert m.state["over"] and m.state["units"]["a-s1"]["hex"] is None


def test_the_orderer_may_rout_himself_but_needs_a_broken_unit() -> None:
    """The chosen player must have a broken unit (O23.1)."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D7"})
    cid = hold(m, "axis", "rout")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "rout", cid, "axis")
    assert exc.value.rule == "O23.1"


def test_a_player_routed_once_is_not_activated_again() -> None:
    """A player activated by Recover or Rout cannot be activated by Rout again this turn (O23.1)."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D7"})
    m.state["units"]["a-s1"]["broken"] = True
    m.state["players_activated"] = ["allies"]
    cid = hold(m, "axis", "rout")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "rout", cid, "allies")
    assert exc.value.rule == "O23.1"
