"""The registry and what every game declares on the Game base class."""

import pytest

from engine import registry
from engine.errors import OrderError
from engine.game import Game, Override
from engine.kernel import Match


def test_the_template_game_is_played_by_name_but_not_listed():
    """'duel' resolves, but game lists offer only the real games."""
    assert registry.resolve("duel") == "duel"
    assert "duel" not in registry.names() and "duel" in registry.names(include_unlisted=True)


@pytest.mark.parametrize("name", registry.names(include_unlisted=True))
def test_every_game_is_a_game_and_declares_its_override_kinds(name):
    """Each declared override kind is one the game knows (it answers with usage, not 'unknown')."""
    game = registry.get(name)
    assert isinstance(game, Game)
    assert game.override_kinds
    match = Match.new(game, next(iter(game.scenarios)), game.options, "kinds")
    for kind in game.override_kinds:
        try:
            match.override(Override(kind, ("no-such-thing", "nowhere"), "test"))
        except OrderError as exc:
            assert "Unknown referee command" not in str(exc.text()), kind
    with pytest.raises(OrderError):
        match.override(Override("no-such-kind", (), "test"))


@pytest.mark.parametrize("name", sorted(registry._BUILTIN))
def test_the_game_lists_follow_each_games_listed_flag(name):
    """A built-in game is offered in game lists exactly when it declares ``Game.listed``."""
    assert (name in registry.names()) == registry.get(name).listed


def test_combat_commander_is_played_by_the_name_its_issue_uses():
    """'adjutant play combat-commander' (issue #15) resolves to the game registered as combat_commander."""
    assert registry.resolve("combat-commander") == "combat_commander"


def test_a_registered_fixture_game_can_be_forgotten():
    """``unregister`` removes a test's game from the list and from the cache."""
    from engine.games.duel.game import Duel

    registry.register("duel-forgotten", Duel)
    assert "duel-forgotten" in registry.names()
    registry.get("duel-forgotten")
    registry.unregister("duel-forgotten")
    assert "duel-forgotten" not in registry.names()
