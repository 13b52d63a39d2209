"""The service's image renderer: image bytes plus the text that describes them."""

from __future__ import annotations

from typing import Any

from bot.i18n import DEFAULT_LANGUAGE, translator
from render.images import describe, render_view


def render_with_description(
    game: Any, match: Any, role: str, full: bool, language: str = DEFAULT_LANGUAGE
) -> tuple[bytes, str] | None:
    """The image of what ``role`` sees now, and its description for phones and screen readers."""
    if getattr(game, "board", None) is None:
        return None
    view = match.view(role)
    image = render_view(game, view, role, full)
    if image is None:
        return None
    return image, describe(game, view, full, translate=translator(language))
