"""The status panel: a dark strip above the map listing the view's status, in order.

A strip is drawn once per (items, width) and kept (a few dozen): the public and private
pictures of one reply, and the orders of one phase, show the same tracks, and drawing their
text was a third of a Schwerpunkt picture's composition (2.4 ms of 6.6).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import BOLD, REGULAR, font

BACKGROUND = (33, 37, 43)
KEY = (170, 190, 215)
VALUE = (245, 245, 245)


def panel_font_px(width: int) -> int:
    return max(14, min(26, width // 55))


KEPT = 32  # strips kept (about 0.1 MB each)


def status_panel(items: list[tuple[str, str]], width: int) -> Image.Image | None:
    """The strip for ``items`` (key, value), wrapped to ``width`` px; ``None`` if empty. The
    strip is shared: paste it, never draw on it."""
    if not items:
        return None
    return _strip(tuple(items), width)


@lru_cache(maxsize=KEPT)
def _strip(items: tuple[tuple[str, str], ...], width: int) -> Image.Image:
    px = panel_font_px(width)
    kf, vf = font(px, BOLD), font(px, REGULAR)
    gap, pad, line_h = px * 1.4, px // 2 + 2, int(px * 1.45)
    placed: list[tuple[float, int, str, str]] = []
    x, line = float(pad), 0
    for key, value in items:
        kw = kf.getlength(f"{key} ")
        w = kw + vf.getlength(value)
        if x > pad and x + w > width - pad:
            x, line = float(pad), line + 1
        placed.append((x, line, key, value))
        x += w + gap
    height = (line + 1) * line_h + 2 * pad - (line_h - px) // 2
    strip = Image.new("RGB", (width, height), BACKGROUND)
    d = ImageDraw.Draw(strip)
    for x, ln, key, value in placed:
        y = pad + ln * line_h
        d.text((x, y), f"{key} ", font=kf, fill=KEY)
        d.text((x + kf.getlength(f"{key} "), y), value, font=vf, fill=VALUE)
    return strip
