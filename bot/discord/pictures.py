"""Maps for the Discord transport beyond the service's own: around one hex. Pure: no discord.

The service's renderer (``bot.pictures.render_with_description``) returns each image with its
description, which the outbox stores as the image reply's text; delivery attaches it as the
image's alt text. ``around`` draws the map around one hex in the same way.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import DEFAULT_LANGUAGE
from engine.game import Game
from engine.observation import Observation


def has_board(game: Game) -> bool:
    return game.board is not None


def hex_labels(game: Game) -> list[str]:
    board = game.board
    if board is None:
        return []
    return sorted(str(h) for h in board.grid.labels())


def hex_named(game: Game, where: str) -> str | None:
    """The hex ``where`` names: a hex's label, or a place of the map by its name (any case), as
    the typed 'map WHERE' reads it; None if it is neither."""
    board = game.board
    if board is None:
        return None
    label = where.strip()
    if label in board.grid:
        return label
    place = board.place_named(label)
    return place.hex if place is not None else None


def around(game: Any, seen: Observation, label: str, language: str = DEFAULT_LANGUAGE) -> tuple[bytes, str] | None:
    """The picture of an observation cropped around hex ``label``, and its description."""
    from bot.pictures import render_around

    return render_around(game, seen, label, language)
