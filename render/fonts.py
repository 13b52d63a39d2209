"""Fonts for text drawn with Pillow: DejaVu when the system has it, else Pillow's own font."""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

BOLD = ("DejaVuSans-Bold.ttf", "Arial Bold.ttf", "arialbd.ttf")
CONDENSED_BOLD = ("DejaVuSansCondensed-Bold.ttf", *BOLD)
REGULAR = ("DejaVuSans.ttf", "Arial.ttf", "arial.ttf")


@cache
def font(px: int, names: tuple[str, ...] = BOLD) -> Font:
    """The first of ``names`` that can be loaded at ``px`` pixels, else Pillow's default font."""
    for name in names:
        try:
            return ImageFont.truetype(name, max(1, px))
        except OSError:
            continue
    return ImageFont.load_default(max(1, px))


def fitted(text: str, width: float, px: int, names: tuple[str, ...] = BOLD) -> Font:
    """The largest font at most ``px`` pixels whose rendering of ``text`` fits in ``width``."""
    size = px
    while size > 6:
        f = font(size, names)
        if f.getlength(text) <= width:
            return f
        size -= 1
    return font(size, names)
