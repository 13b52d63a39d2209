"""The registry of games: name -> factory. Game modules are imported only when asked for."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from engine.game import Game

_BUILTIN: dict[str, str] = {
    "caucasus": "engine.games.caucasus",
    "stalins-war": "engine.games.stalins_war",
    "duel": "engine.games.duel",
    "schwerpunkt": "engine.games.schwerpunkt",
    "combat_commander": "engine.games.combat_commander",
    "across-the-bug-river": "engine.games.across_the_bug_river",
}
#: Games that can be played by name but are not offered in game lists (the template game).
_UNLISTED = frozenset({"duel"})
_REGISTERED: dict[str, Callable[[], Game]] = {}
_CACHE: dict[str, Game] = {}


def register(name: str, factory: Callable[[], Game]) -> None:
    """Register a game (tests register fixtures this way)."""
    _REGISTERED[name] = factory
    _CACHE.pop(name, None)


def unregister(name: str) -> None:
    """Forget a game ``register`` added (a test's fixture game, once the test is over)."""
    _REGISTERED.pop(name, None)
    _CACHE.pop(name, None)


def names(include_unlisted: bool = False) -> list[str]:
    """The games offered to players (``include_unlisted``: the template game too)."""
    every = set(_BUILTIN) | set(_REGISTERED)
    return sorted(every if include_unlisted else every - _UNLISTED)


def get(name: str) -> Game:
    """The game called ``name``; ``KeyError`` if there is none."""
    if name in _CACHE:
        return _CACHE[name]
    if name in _REGISTERED:
        game = _REGISTERED[name]()
    elif name in _BUILTIN:
        module = importlib.import_module(_BUILTIN[name])
        game = module.make_game()
    else:
        raise KeyError(name)
    _CACHE[name] = game
    return game


def aliases() -> dict[str, str]:
    """Other names players type for the games."""
    return {
        "caucasus-campaign": "caucasus",
        "cc42": "caucasus",
        "stalins_war": "stalins-war",
        "stalinswar": "stalins-war",
        "stalin": "stalins-war",
        "sw": "stalins-war",
        "atbr": "across-the-bug-river",
        "bug-river": "across-the-bug-river",
        "combat-commander": "combat_commander",
    }


def resolve(name: str) -> str:
    key = name.casefold().strip()
    key = aliases().get(key, key)
    if key not in names(include_unlisted=True):
        raise KeyError(name)
    return key
