"""The service's image renderer: image bytes plus the text that describes them."""

from __future__ import annotations

from typing import Any

from bot.i18n import DEFAULT_LANGUAGE, translator
from engine.game import Game
from render.hands import describe_hand, render_hand
from render.images import describe, render_view


def translated(view: dict[str, Any], language: str) -> dict[str, Any]:
    """The view with its status labels (catalogue keys) in ``language``."""
    status = view.get("status")
    if isinstance(status, dict):
        tr = translator(language)
        view = dict(view)
        view["status"] = {tr(str(k)): v for k, v in status.items()}
    return view


def render_with_description(
    game: Game, match: Any, role: str, full: bool, language: str = DEFAULT_LANGUAGE
) -> tuple[bytes, str] | None:
    """The image of what ``role`` sees now, and its description for phones and screen readers."""
    if game.board is None:
        return None
    view = translated(match.view(role), language)
    image = render_view(game, view, role, full)
    if image is None:
        return None
    return image, describe(game, view, full, translate=translator(language))


def render_hand_of(game: Game, match: Any, role: str, language: str = DEFAULT_LANGUAGE) -> tuple[bytes, str] | None:
    """The cards ``role`` holds as an image strip, if the game has card hands."""
    hand = match.view(role).get("hand")
    if not isinstance(hand, list) or not hand or not all(isinstance(c, dict) for c in hand):
        return None
    return render_hand(hand, translate=translator(language)), describe_hand(hand)


def render_around(game: Game, match: Any, role: str, label: str, language: str = DEFAULT_LANGUAGE) -> tuple[bytes, str] | None:
    """The picture of ``role``'s view cropped around hex ``label``, and its description."""
    board = game.board
    if board is None or label not in board.grid:
        return None
    view = translated(match.view(role), language)
    view["last"] = {"focus": [label]}
    data = render_view(game, view, role, False)
    if data is None:
        return None
    return data, describe(game, view, False, translate=translator(language), around=label)
