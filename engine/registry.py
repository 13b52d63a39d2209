"""The registry of games: name -> factory. Game modules are imported only when asked for."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from engine.game import Game

_BUILTIN: dict[str, str] = {
    "caucasus": "engine.games.caucasus",
    "stalins-war": "engine.games.stalins_war",
}
_REGISTERED: dict[str, Callable[[], Game]] = {}
_CACHE: dict[str, Game] = {}


def register(name: str, factory: Callable[[], Game]) -> None:
    """Register a game (tests register fixtures this way)."""
    _REGISTERED[name] = factory
    _CACHE.pop(name, None)


def names() -> list[str]:
    return sorted(set(_BUILTIN) | set(_REGISTERED))


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
    }


def resolve(name: str) -> str:
    key = name.casefold().strip()
    key = aliases().get(key, key)
    if key not in names():
        raise KeyError(name)
    return key
