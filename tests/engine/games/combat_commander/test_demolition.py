"""Demolition (A31): answering the opponent's Pass with discards by eliminating a fortification."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander.cards import card
from tests.engine.games.combat_commander.helpers import GAME, new_match, only_units, play, top


def demolition_card(m, role: str) -> str:  # type: ignore[no-untyped-def]
    """Put a Demolition card into ``role``'s hand; return its id."""
    side = m.state["sides"][role]
    wanted = next(c for c in side["deck"] if card(c).action == "demolition")
    side["deck"].remove(wanted)
    side["deck"].append(side["hand"].pop(0))
    side["hand"].append(wanted)
    return wanted


def after_axis_pass(discard: bool = True):  # type: ignore[no-untyped-def]
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    m.state["forts"].update({"D7": "wire", "B7": "foxholes"})
    cid = demolition_card(m, "allies")
    discards = [m.state["sides"]["axis"]["hand"][0]] if discard else []
    play(m, "axis", "pass", *discards)
    return m, cid


def test_a_pass_with_discards_opens_the_window_to_the_opponent() -> None:
    """The opponent of a player who discarded by passing may play Demolition (A31)."""
    m, _ = after_axis_pass()
    assert top(m) == "demolition_window" and m.active() == frozenset({"allies"})


def test_a_pass_without_discards_opens_no_window() -> None:
    """Only a Pass that discards opens Demolition (A31, O15)."""
    m, _ = after_axis_pass(discard=False)
    assert top(m) == "turn"


def test_demolition_eliminates_a_fortification_with_friendly_units() -> None:
    """Demolition removes a fortification in a hex with the player's units (A31)."""
    m, cid = after_axis_pass()
    play(m, "allies", "demolition", cid, "D7")
    assert m.state["forts"] == {"B7": "foxholes"} and cid in m.state["sides"]["allies"]["discard"]


def test_demolition_needs_friendly_units_in_the_hex() -> None:
    """A hex without the player's units is out of reach (A31)."""
    m, cid = after_axis_pass()
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "demolition", cid, "B7")
    assert exc.value.rule == "A31"


def test_demolition_needs_a_fortification() -> None:
    """A hex without a fortification has nothing to demolish (F100.2)."""
    m, cid = after_axis_pass()
    m.state["forts"].pop("D7")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "demolition", cid, "D7")
    assert exc.value.rule == "F100.2"


def test_demolition_outside_the_window_is_refused() -> None:
    """Demolition is played only when the opponent discards by passing (A31)."""
    m = new_match()
    cid = demolition_card(m, "axis")
    with pytest.raises(IllegalOrder) as exc:
        GAME.parse(m.state, "axis", f"demolition {cid} B7")
    assert exc.value.rule == "A31"


def test_pass_lets_the_turn_go_on() -> None:
    """Passing the window returns to the turn of the player who answers it (A31)."""
    m, _ = after_axis_pass()
    play(m, "allies", "pass")
    assert top(m) == "turn" and m.active() == frozenset({"allies"})
