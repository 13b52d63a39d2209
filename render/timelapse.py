"""A campaign turn by turn as one animated image: the public map at the start of every turn.

Frames are the whole map as everybody sees it (the public observation: blanks stay blanks),
each captioned with its turn, shrunk to ``WIDTH`` pixels and saved as a looping GIF.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping

from PIL import Image, ImageDraw

from engine.game import Game
from engine.hexgrid import Label
from engine.mapview import MapView
from render.compose import compose
from render.fonts import font
from render.style import load_style

WIDTH = 1000  # pixels of each frame
FRAME_MS = 1200  # how long each turn is shown
CAPTION_PX = 28


def frame(game: Game, shown: MapView, caption: str, names: Mapping[Label, str] | None = None) -> Image.Image:
    """The whole public map under a strip with ``caption``, ``WIDTH`` pixels wide; its places named
    by ``names`` (the reader's language, ``render.mapwords.place_labels``), else as the data spells them."""
    assert game.board is not None
    image = compose(game.board, shown, load_style(game.name or "default"), "public", True, names).image.convert("RGB")
    if image.width > WIDTH:
        image = image.resize((WIDTH, max(1, image.height * WIDTH // image.width)), Image.Resampling.LANCZOS)
    face = font(CAPTION_PX)
    strip = CAPTION_PX + 16
    framed = Image.new("RGB", (image.width, image.height + strip), "#101010")
    framed.paste(image, (0, strip))
    ImageDraw.Draw(framed).text((10, 6), caption, fill="white", font=face)
    return framed


def animate(frames: Iterable[Image.Image]) -> bytes:
    """The frames as a looping GIF (one colour table per frame)."""
    images = [f.convert("P", palette=Image.Palette.ADAPTIVE, colors=255) for f in frames]
    if not images:
        raise ValueError("a timelapse needs at least one frame")
    out = io.BytesIO()
    images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=FRAME_MS, loop=0, optimize=True)
    return out.getvalue()
