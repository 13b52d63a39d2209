"""Across the Bug River: Volodymyr-Volynskyi 1941."""

from engine.games.across_the_bug_river.game import make_game

__all__ = ["make_game"]
