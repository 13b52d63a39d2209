"""The renderer's entry points: a role's view of a match as image bytes, and its description.

``render_match`` is what the application calls after every accepted action (``full=False``:
the area of the last action) and on request (``full=True``: the whole map).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.game import PUBLIC, Game
from engine.mapoverlay import effective
from engine.mapview import MapView
from render.compose import compose
from render.describe import board_of, describe
from render.drawn import drawn_once
from render.encode import encode, extension
from render.mapwords import place_labels
from render.style import load_style
from render.terrain import map_digest

__all__ = ["board_of", "describe", "extension", "render_match", "render_view"]


def render_view(
    game: Game, shown: MapView, role: str, full: bool, translate: Callable[[str], str] | None = None
) -> bytes | None:
    """Image bytes of the map ``shown`` on the game's board, its place names in the language of
    ``translate`` (a ``bot.i18n`` translator); ``None`` if the game has no board."""
    board = board_of(game, shown.map)
    if board is None:
        return None
    drawn = effective(board, shown.overlay)
    names = place_labels(drawn, translate) if translate is not None else None
    style = load_style(game.name or "default")

    def draw() -> bytes:
        picture = compose(drawn, shown, style, role, full, names)
        return encode(picture.image, picture.scene, public=role == PUBLIC)

    key = (map_digest(drawn), repr(style), sorted(names.items()) if names else None, role, full, repr(shown))
    return drawn_once(repr(key), draw)


def render_match(game: Game, match: Any, role: str, full: bool) -> bytes | None:
    """Image bytes of what ``role`` sees now (``"public"``: what everyone sees)."""
    if game.board is None:
        return None
    return render_view(game, match.observe(role).map, role, full)
