"""The referee's Fate-card overrides (R70): a hand, the top of a deck, a discard pile, kept secret."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Override
from tests.engine.games.combat_commander.helpers import GAME, new_match


def referee(m, kind: str, *args: str) -> None:  # type: ignore[no-untyped-def]
    m.override(Override(kind, args, "rules question"))


def test_hand_sets_the_whole_hand_and_keeps_72_cards() -> None:
    """The hand is exactly the cards named; the cards it held go to the deck's bottom."""
    m = new_match()
    old = list(m.state["sides"]["axis"]["hand"])
    referee(m, "hand", "axis", "ger01", "ger02")
    side = m.state["sides"]["axis"]
    assert side["hand"] == ["ger01", "ger02"]
    assert all(c in side["deck"][-len(old):] for c in old if c not in ("ger01", "ger02"))
    assert len(side["hand"]) + len(side["deck"]) + len(side["discard"]) == 72


def test_deck_puts_the_cards_named_on_top_in_order() -> None:
    """The first card named is the next revealed (1.9)."""
    m = new_match()
    referee(m, "hand", "axis", "ger01")
    referee(m, "deck", "axis", "ger19", "ger17")
    assert m.state["sides"]["axis"]["deck"][:2] == ["ger19", "ger17"]


def test_deck_refuses_a_card_in_the_hand() -> None:
    """A card on top of the deck comes from the deck."""
    m = new_match()
    referee(m, "hand", "axis", "ger01")
    with pytest.raises(InvalidOrder):
        referee(m, "deck", "axis", "ger01")


def test_a_card_of_the_other_deck_is_refused() -> None:
    """Each side's cards are its own nation's 72."""
    m = new_match()
    with pytest.raises(InvalidOrder):
        referee(m, "hand", "axis", "usa01")


def test_a_hand_larger_than_the_posture_allows_is_refused() -> None:
    """1.1: the Defense posture holds 4 cards."""
    m = new_match()
    with pytest.raises(IllegalOrder):
        referee(m, "hand", "allies", "usa01", "usa02", "usa03", "usa04", "usa05")


def test_discard_sets_the_pile() -> None:
    """The discard pile is exactly the cards named, the last on top."""
    m = new_match()
    referee(m, "discard", "allies", "usa30", "usa31")
    assert m.state["sides"]["allies"]["discard"] == ["usa30", "usa31"]


def test_the_opponent_reads_a_hand_override_as_a_count() -> None:
    """The cards of a hand or deck override reach only their own side (1.1)."""
    o = Override("hand", ("axis", "ger01", "ger02"), "r")
    assert GAME.override_text(o, "allies") == "hand axis (2)"
    assert GAME.override_text(o, "axis") == o.text
    assert GAME.override_text(Override("discard", ("axis", "ger01"), "r"), "allies") == "discard axis ger01"
