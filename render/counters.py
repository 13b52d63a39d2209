"""Counter sprites: one RGBA image per kind of counter and size, drawn once and cached.

A kind is everything printed on the counter (colours, symbol, size mark, values, step); a
hidden unit's kind is only its side, so a blank counter never depends on what it hides.
Markers and stack badges are small sprites of their own, pasted over the counter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.fonts import BOLD, CONDENSED_BOLD, fitted, font
from render.style import RGB, Style, rgb
from render.symbols import draw_symbol

SUPERSAMPLE = 4
SHADOW = (0, 0, 0, 90)
OUTLINE = (25, 25, 25, 255)


@dataclass(frozen=True)
class CounterKind:
    """What a counter looks like; the cache key of its sprite."""

    fill: str
    ink: str
    symbol: tuple[str, ...] = ()
    size: str = ""
    values: str = ""
    step: int = 0
    hidden: bool = False

    @property
    def key(self) -> str:
        if self.hidden:
            return f"hidden:{self.fill}"
        return f"{self.fill}/{self.ink}/{'+'.join(self.symbol)}/{self.size}/{self.values}/{self.step}"


def counter_kind(unit: Mapping[str, Any], style: Style) -> CounterKind:
    """The kind of counter that shows ``unit`` (blank in its side's colour if hidden)."""
    side = str(unit.get("side") or "default")
    if unit.get("hidden"):
        paint = style.side(side)
        return CounterKind(paint.fill, paint.text, hidden=True)
    paint = style.unit_paint(side, unit.get("nationality"))
    return CounterKind(
        fill=paint.fill,
        ink=paint.text,
        symbol=style.symbol(str(unit.get("type") or "")),
        size=str(unit.get("size") or ""),
        values=str(unit.get("values") or ""),
        step=int(unit.get("step") or 0),
    )


def _lighter(colour: RGB, amount: float) -> RGB:
    r, g, b = colour
    return (
        int(r + (255 - r) * amount),
        int(g + (255 - g) * amount),
        int(b + (255 - b) * amount),
    )


@lru_cache(maxsize=4096)
def counter_sprite(kind: CounterKind, side: int) -> Image.Image:
    """The counter ``kind`` as an RGBA sprite ``side`` px square (plus 1 px of shadow)."""
    k = SUPERSAMPLE
    big = Image.new("RGBA", ((side + 1) * k, (side + 1) * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    s = side * k
    radius = max(2, s // 12)
    d.rounded_rectangle((k, k, s + k - 1, s + k - 1), radius=radius, fill=SHADOW)
    base = rgb(kind.fill)
    fill = _lighter(base, 0.5) if kind.step else base
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=radius, fill=(*fill, 255), outline=OUTLINE, width=k)
    ink = (*rgb(kind.ink), 255)
    if not kind.hidden:
        line = max(k, round(s / 30))
        if kind.step:
            # Reduced steps: diagonal stripes across the top-right corner, one per step lost.
            for i in range(min(kind.step, 2)):
                off = s * (0.2 + 0.16 * i)
                d.line([(s - off, 0), (s, off)], fill=(*base, 255), width=round(s * 0.1))
                d.line([(s - off, 0), (s, off)], fill=OUTLINE, width=max(1, k // 2))
        box = (s * 0.2, s * 0.27, s * 0.8, s * 0.62)
        draw_symbol(d, box, kind.symbol, ink, line)
    sprite = big.resize((side + 1, side + 1), Image.Resampling.LANCZOS)
    if not kind.hidden:
        _print_text(sprite, kind, side)
    return sprite


def _print_text(sprite: Image.Image, kind: CounterKind, side: int) -> None:
    d = ImageDraw.Draw(sprite)
    ink = (*rgb(kind.ink), 255)
    if kind.size:
        f = fitted(kind.size, side * 0.6, max(6, round(side * 0.2)), BOLD)
        d.text((side / 2, side * 0.14), kind.size, font=f, fill=ink, anchor="mm")
    if kind.values:
        f = fitted(kind.values, side * 0.94, max(7, round(side * 0.29)), CONDENSED_BOLD)
        d.text((side / 2, side * 0.82), kind.values, font=f, fill=ink, anchor="mm")


@lru_cache(maxsize=512)
def marker_sprite(text: str, fill: str, ink: str, height: int) -> Image.Image:
    """A small rounded tag reading ``text``."""
    f = font(max(6, round(height * 0.78)), CONDENSED_BOLD)
    width = int(f.getlength(text)) + height // 2 + 2
    k = SUPERSAMPLE
    big = Image.new("RGBA", (width * k, height * k), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * k - 1, height * k - 1), radius=height * k // 3, fill=(*rgb(fill), 255), outline=OUTLINE, width=k
    )
    tag = big.resize((width, height), Image.Resampling.LANCZOS)
    ImageDraw.Draw(tag).text((width / 2, height / 2), text, font=f, fill=(*rgb(ink), 255), anchor="mm")
    return tag


@lru_cache(maxsize=64)
def badge_sprite(count: int, height: int) -> Image.Image:
    """A dark disc with the number of counters in a stack."""
    text = str(count)
    f = font(max(6, round(height * 0.72)), CONDENSED_BOLD)
    width = max(height, int(f.getlength(text)) + height // 2)
    k = SUPERSAMPLE
    big = Image.new("RGBA", (width * k, height * k), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * k - 1, height * k - 1), radius=height * k // 2, fill=(20, 20, 20, 235), outline=(255, 255, 255, 255), width=k
    )
    badge = big.resize((width, height), Image.Resampling.LANCZOS)
    ImageDraw.Draw(badge).text((width / 2, height / 2), text, font=f, fill=(255, 255, 255, 255), anchor="mm")
    return badge
