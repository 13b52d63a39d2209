"""The naive renderer the benchmark compares against: the whole picture (terrain, counters,
arrows) as one SVG document, rasterised by cairosvg on every call. Not used by the bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

import cairosvg  # type: ignore[import-untyped]

from engine.mapdata import MapData
from engine.mapview import MapView
from render.compose import counter_side, full_size, stacks
from render.counters import counter_kind
from render.geometry import Layout
from render.style import Style
from render.terrain_svg import FONT, f, terrain_svg


def _counter(x: float, y: float, side: int, unit: Mapping[str, Any], style: Style) -> str:
    kind = counter_kind(unit, style)
    out = (
        f'<rect x="{f(x)}" y="{f(y)}" width="{side}" height="{side}" rx="{f(side / 12)}" '
        f'fill="{kind.fill}" stroke="#191919"/>'
    )
    if kind.hidden:
        return out
    left, t, r, b = x + side * 0.2, y + side * 0.27, x + side * 0.8, y + side * 0.62
    out += (
        f'<rect x="{f(left)}" y="{f(t)}" width="{f(r - left)}" height="{f(b - t)}" fill="none" stroke="{kind.ink}"/>'
        f'<path d="M{f(left)},{f(t)}L{f(r)},{f(b)}M{f(left)},{f(b)}L{f(r)},{f(t)}" stroke="{kind.ink}"/>'
        f'<text x="{f(x + side / 2)}" y="{f(y + side * .2)}" font-family="{FONT}" font-size="{f(side * .2)}" '
        f'font-weight="bold" text-anchor="middle" fill="{kind.ink}">{escape(kind.size)}</text>'
        f'<text x="{f(x + side / 2)}" y="{f(y + side * .92)}" font-family="{FONT}" font-size="{f(side * .27)}" '
        f'font-weight="bold" text-anchor="middle" fill="{kind.ink}">{escape(kind.values)}</text>'
    )
    for i, marker in enumerate(unit.get("markers") or ()):
        paint = style.marker(str(marker))
        my = y + i * side * 0.27
        out += (
            f'<rect x="{f(x + side * .7)}" y="{f(my)}" width="{f(side * .4)}" height="{f(side * .25)}" '
            f'rx="{f(side * .08)}" fill="{paint.fill}" stroke="#191919"/>'
            f'<text x="{f(x + side * .9)}" y="{f(my + side * .2)}" font-family="{FONT}" font-size="{f(side * .2)}" '
            f'text-anchor="middle" fill="{paint.text}">{escape(str(marker))}</text>'
        )
    return out


def naive_svg(board: MapData, shown: MapView, style: Style) -> str:
    size = full_size(board)
    lay = Layout.of(board.grid, size)
    side = counter_side(size)
    body = terrain_svg(board, lay, style).removesuffix("</svg>")
    parts = [body]
    for label, stack in stacks(list(shown.units)).items():
        cx, cy = lay.center(label)
        for level in range(len(stack) - 1, -1, -1):
            k = min(level, 3) * 3
            parts.append(_counter(cx - side / 2 + k, cy - side / 2 - k, side, stack[level].raw, style))
    last = shown.last
    for path in last.moves:
        pts = " ".join(f"{f(x)},{f(y)}" for x, y in (lay.center(h) for h in path))
        parts.append(f'<polyline points="{pts}" fill="none" stroke="#ffb300" stroke-width="{f(size * .13)}"/>')
    parts.append("</svg>")
    return "".join(parts)


def render_naive(board: MapData, shown: MapView, style: Style) -> bytes:
    """PNG bytes of the full picture, rasterised from scratch."""
    png: bytes = cairosvg.svg2png(bytestring=naive_svg(board, shown, style).encode("utf-8"))
    return png
