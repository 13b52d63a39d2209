"""Smoke Grenades (A39): a unit with boxed Movement activated for Move places a random Smoke marker."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander.cards import card
from tests.engine.games.combat_commander.helpers import GAME, hold, new_match, only_units, play


def grenade_card(m) -> str:  # type: ignore[no-untyped-def]
    """Put a Smoke Grenades card into the Axis hand; return its id."""
    side = m.state["sides"]["axis"]
    if any(card(c).action == "smoke_grenades" for c in side["hand"]):
        return next(c for c in side["hand"] if card(c).action == "smoke_grenades")
    wanted = next(c for c in side["deck"] if card(c).action == "smoke_grenades")
    spare = next(c for c in side["hand"] if card(c).order != "move")
    side["deck"].remove(wanted)
    side["deck"].append(spare)
    side["hand"][side["hand"].index(spare)] = wanted
    return wanted


def moving(where: dict[str, str], mover: str):  # type: ignore[no-untyped-def]
    m = new_match()
    only_units(m, where)
    cid = grenade_card(m)
    play(m, "axis", "move", hold(m, "axis", "move"), mover)
    return m, cid


def test_smoke_grenades_place_a_random_smoke_marker() -> None:
    """A unit with boxed Movement puts a Smoke marker of the cup's value into an adjacent hex (A39, T94)."""
    m, cid = moving({"g-s4": "B7", "a-s1": "N1"}, "g-s4")
    play(m, "axis", "smoke-grenades", cid, "g-s4", "C7")
    assert 1 <= m.state["smoke"]["C7"] <= 10 and cid in m.state["sides"]["axis"]["discard"]


def test_smoke_grenades_into_the_unit_s_own_hex() -> None:
    """The unit's own hex may receive the Smoke (A39)."""
    m, cid = moving({"g-s4": "B7", "a-s1": "N1"}, "g-s4")
    play(m, "axis", "smoke-grenades", cid, "g-s4", "B7")
    assert "B7" in m.state["smoke"]


def test_smoke_grenades_need_boxed_movement() -> None:
    """A unit without boxed Movement cannot throw Smoke Grenades (A39)."""
    m, cid = moving({"g-s1": "B7", "a-s1": "N1"}, "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "smoke-grenades", cid, "g-s1", "C7")
    assert exc.value.rule == "A39"


def test_a_broken_unit_has_no_boxed_movement() -> None:
    """The broken side shows no box: a broken unit throws no Smoke Grenades (A39)."""
    m, cid = moving({"g-s4": "B7", "a-s1": "N1"}, "g-s4")
    m.state["units"]["g-s4"]["broken"] = True
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "smoke-grenades", cid, "g-s4", "C7")
    assert exc.value.rule == "A39"


def test_smoke_grenades_reach_only_an_adjacent_hex() -> None:
    """The Smoke goes into the unit's hex or an adjacent one (A39)."""
    m, cid = moving({"g-s4": "B7", "a-s1": "N1"}, "g-s4")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "smoke-grenades", cid, "g-s4", "E7")
    assert exc.value.rule == "A39"


def test_smoke_grenades_not_into_water() -> None:
    """No Smoke in Water: the Stream K10 (A39, T95)."""
    m, cid = moving({"g-s4": "J10", "a-s1": "N1"}, "g-s4")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "smoke-grenades", cid, "g-s4", "K10")
    assert exc.value.rule == "T95"


def test_smoke_grenades_not_into_a_blaze() -> None:
    """No Smoke in a Blaze hex (A39, 8.1.5)."""
    m, cid = moving({"g-s4": "B7", "a-s1": "N1"}, "g-s4")
    m.state["blaze"] = ["C7"]
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "smoke-grenades", cid, "g-s4", "C7")
    assert exc.value.rule == "8.1.5"


def test_smoke_grenades_outside_a_move_order_are_refused() -> None:
    """Only a unit activated for Move throws them (A39)."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-s1": "N1"})
    cid = grenade_card(m)
    with pytest.raises(IllegalOrder) as exc:
        GAME.parse(m.state, "axis", f"smoke-grenades {cid} g-s4 C7")
    assert exc.value.rule == "A39"
