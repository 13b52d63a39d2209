"""Combat Commander's picture descriptions: a text-only post keeps the hex markers, and no secret."""

from __future__ import annotations

from engine.games.combat_commander.cards import card
from engine.kernel import Match
from render.describe import describe
from tests.engine.games.combat_commander.helpers import GAME


def _match() -> Match:
    m = Match.new(GAME, "village", GAME.options, "cc-describe")
    m.state["smoke"] = {"H6": 4}
    m.state["blaze"] = ["G5"]
    m.state["forts"] = {"H4": "wire", "G6": "foxholes"}
    m.state["objectives"]["1"] = "axis"
    return m


def test_smoke_blaze_fortifications_and_control_are_described() -> None:
    """Smoke with its value (T94), Blaze (T79), fortifications (F100) and objective control (7.3.1) are in the text."""
    text = describe(GAME, _match().observe("allies").map, full=True)
    assert "H6: Smoke 4" in text and "G5: Blaze" in text
    assert "H4: Wire" in text and "G6: Foxholes" in text
    assert "H5 (Objective 1): Obj 1 (axis), AX" in text


def test_a_hidden_fortification_held_in_hand_is_not_described() -> None:
    """Hidden Mines still in the Defense player's hand (A35.2) is no marker: the opponent's text does not name it."""
    m = _match()
    m.state["forts"] = {}
    hand = m.state["sides"]["allies"]["hand"]
    deck = m.state["sides"]["allies"]["deck"]
    mines = next(c for c in deck if card(c).action == "hidden_mines")
    deck.remove(mines)
    deck.append(hand.pop())
    hand.append(mines)
    for viewer in ("axis", "public"):
        assert "Mines" not in describe(GAME, m.observe(viewer).map, full=True)
