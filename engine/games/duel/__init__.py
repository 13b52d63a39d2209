"""Duel: the template game, a small documented example of every hook (see engine/games/ADDING_A_GAME.md)."""

from engine.games.duel.game import make_game

__all__ = ["make_game"]
