"""The service's image renderer: image bytes plus the text that describes them.

Every function here draws an ``engine.observation.Observation``, what one viewer may know,
never a match's state: a picture cannot show more than its reader's projection.
"""

from __future__ import annotations

from bot.i18n import SPEAKING, translator
from engine.game import Game
from engine.observation import Observation
from render.drawn import Kept
from render.hands import describe_hand, render_hand
from render.images import board_of, describe, render_view
from render.png import use_deflate
from render.terrain import map_digest

try:  # ISA-L's deflate writes a picture's PNG four times as fast as zlib (render.png)
    from isal.isal_zlib import compress as _isal_deflate
except ImportError:  # an environment installed before isal was a dependency: zlib, slower
    pass
else:
    use_deflate(_isal_deflate, 1, 3)  # ISA-L's levels run 0..3

#: The latest pictures with their descriptions, by what they are drawn from: a picture unchanged
#: since the last order is neither translated, drawn nor described again.
_described: Kept[tuple[bytes, str]] = Kept()


def render_with_description(
    game: Game, seen: Observation, full: bool, language: str | None = None
) -> tuple[bytes, str] | None:
    """The image of what ``seen``'s viewer sees now, and its description for phones and screen
    readers, in ``language`` (by default the language being written: ``bot.i18n.SPEAKING``)."""
    if game.board is None:
        return None
    language = language or SPEAKING.get()
    board = board_of(game, seen.map.map)

    def draw() -> tuple[bytes, str] | None:
        tr = translator(language)
        shown = seen.map.translated(tr)
        image = render_view(game, shown, seen.viewer, full, translate=tr)
        if image is None:
            return None
        return image, describe(game, shown, full, translate=tr)

    # What the picture and its description are drawn from (render.drawn): the viewer is part of it.
    key = (game.name, map_digest(board) if board is not None else None, language, seen.viewer, full, seen.map)
    return _described.drawn_once(repr(key), draw)


def render_hand_of(game: Game, seen: Observation, language: str | None = None) -> tuple[bytes, str] | None:
    """The cards ``seen``'s viewer holds as an image strip, if the game has card hands."""
    hand = seen.view.get("hand")
    if not isinstance(hand, list) or not hand or not all(isinstance(c, dict) for c in hand):
        return None
    language = language or SPEAKING.get()
    hand = [_titled(card, language) for card in hand]
    return render_hand(hand, translate=translator(language)), describe_hand(hand)


def _titled(card: dict[str, object], language: str) -> dict[str, object]:
    """A card with its title and text as the rulebook of ``language`` prints them, where the game gives them."""
    titles, texts = card.get("titles"), card.get("texts")
    title = titles.get(language) if isinstance(titles, dict) else None
    text = texts.get(language) if isinstance(texts, dict) else None
    return {**card, **({"title": title} if title else {}), **({"text": text} if text else {})}


def render_around(game: Game, seen: Observation, label: str, language: str | None = None) -> tuple[bytes, str] | None:
    """The picture of ``seen``'s map cropped around hex ``label``, and its description."""
    board = board_of(game, seen.map.map)
    if board is None or label not in board.grid:
        return None
    tr = translator(language or SPEAKING.get())
    shown = seen.map.translated(tr).focused(label)
    data = render_view(game, shown, seen.viewer, False, translate=tr)
    if data is None:
        return None
    return data, describe(game, shown, False, translate=tr, around=label)
