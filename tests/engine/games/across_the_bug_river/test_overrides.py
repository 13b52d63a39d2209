"""Referee overrides: set up any position; the invariants still hold; a strength stays private."""

import pytest

from engine.errors import InvalidOrder, InvariantViolation
from engine.game import Override
from tests.engine.games.across_the_bug_river.helpers import GAME, ctx, fresh


def override(state, kind, *args):
    return GAME.override(state, Override(kind, tuple(args), "test"), ctx())


def test_a_referee_places_a_unit():
    """place UNIT HEX moves a counter into a hex's stack."""
    state = fresh()
    override(state, "place", "I/36", "1305")
    assert state["units"]["I/36"]["hex"] == "1305" and "I/36" in state["stacks"]["1305"]


def test_a_referee_sets_a_strength_the_enemy_does_not_read():
    """strength UNIT N changes the current strength; the override reads 'strength (private)' to others."""
    state = fresh()
    override(state, "strength", "I/36", "3")
    assert state["units"]["I/36"]["strength"] == 3
    assert GAME.override_text(Override("strength", ("I/36", "3"), "test"), "soviet") == "strength (private)"


def test_a_strength_above_the_printed_value_breaks_an_invariant():
    """A unit's current strength runs 1 to its printed strength (3.4)."""
    state = fresh()
    override(state, "strength", "I/36", "11")
    with pytest.raises(InvariantViolation):
        GAME.check_invariants(state)


def test_an_hq_placed_outside_a_village_breaks_an_invariant():
    """An HQ must always stand in a village or city (3.3)."""
    state = fresh()
    override(state, "place", "HQ-14pz", "1305")
    with pytest.raises(InvariantViolation):
        GAME.check_invariants(state)


def test_levels_and_interdiction_can_be_set():
    """level FORMATION N and interdiction N set the tracks."""
    state = fresh()
    override(state, "level", "14pz", "2")
    override(state, "interdiction", "1")
    assert state["formations"]["14pz"]["level"] == 2 and state["interdiction"] == 1


def test_an_unknown_override_says_what_is_accepted():
    """A kind the game does not know is refused with the list of kinds."""
    with pytest.raises(InvalidOrder):
        override(fresh(), "teleport", "I/36")


def test_every_listed_action_is_accepted():
    """The legal list of the first activation offers nothing that apply refuses."""
    from engine.kernel import Match
    from tests.harness import refused_listed_actions

    match = Match.new(GAME, "scenario1", {}, "listed")
    match.play("german", GAME.parse(match.state, "german", "activate 44id"))
    assert refused_listed_actions(match, "german") == []
