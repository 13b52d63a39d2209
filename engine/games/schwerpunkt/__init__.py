"""Schwerpunkt series: Von Manstein's Backhand Blow (GMT 2002) (see README.md)."""

from engine.games.schwerpunkt.game import make_game

__all__ = ["make_game"]
