"""A referee's ``set`` on a secret holding is read whole only by the referee and its owner."""

from __future__ import annotations

from engine import registry
from engine.game import PUBLIC, Override, hidden_counter_override, private_set


def _set(path: str, value: str) -> Override:
    return Override("set", (path, value), "because")


def test_a_hand_set_by_the_referee_is_private_to_its_owner():
    """'set cards.axis.hand [...]' reads whole to the Axis, as 'set PATH (private)' to others."""
    hand = _set("cards.axis.hand", '["AX1", "AX2"]')
    assert private_set(hand, "axis") is None
    assert private_set(hand, "soviet") == "set cards.axis.hand (private)"
    assert private_set(hand, PUBLIC) == "set cards.axis.hand (private)"


def test_a_public_value_set_by_the_referee_is_read_as_typed():
    """'set vp 5' hides nothing."""
    assert private_set(_set("vp", "5"), PUBLIC) is None


def test_every_game_hides_a_hand_or_deck_set_from_the_other_side():
    """Each listed game reads a 'set' through a hand, deck, cup or standing orders as private."""
    for name in registry.names():
        game = registry.get(name)
        roles = list(game.roles)
        for part in ("hand", "deck", "cups", "standing"):
            override = _set(f"sides.{roles[0]}.{part}", "[]")
            assert game.override_text(override, roles[1]).endswith("(private)"), (name, part)
            assert game.override_text(override, PUBLIC).endswith("(private)"), (name, part)


def test_games_of_hidden_counters_hide_counter_values_from_players():
    """Schwerpunkt and Across the Bug River never show a referee's change to a unit or its values."""
    assert hidden_counter_override(Override("counter", ("u1", "attack", "5"), "x"))
    assert hidden_counter_override(_set("units.u1.steps", "1"))
    assert not hidden_counter_override(_set("vp", "1"))
    for name in ("schwerpunkt", "across-the-bug-river"):
        game = registry.get(name)
        counter = Override("counter", ("u1", "attack", "5"), "x")
        assert game.override_text(counter, PUBLIC) == "counter (private)"
        assert game.override_text(_set("units.u1.hex", '"1212"'), PUBLIC) == "set (private)"
