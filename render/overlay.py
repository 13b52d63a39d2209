"""Antialiased vector overlays drawn with Pillow: arrows along hex paths and hex outlines.

Strokes are collected in map pixels; those that reach into the picture are drawn at twice the
size over the picture's own pixels of their bounding box, doubled, and the result is halved
(which antialiases them): a few milliseconds, instead of a cairosvg pass per image.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render.geometry import Point
from render.style import rgb

SCALE = 2
BORDER = (20, 20, 20, 255)


@dataclass(frozen=True)
class Stroke:
    points: tuple[Point, ...]
    colour: str
    width: float
    head: bool = False
    dashed: bool = False
    closed: bool = False


@dataclass
class Overlay:
    strokes: list[Stroke] = field(default_factory=list)

    def arrow(self, points: list[Point], colour: str, width: float, *, dashed: bool = False,
              start_gap: float = 0.0, end_gap: float = 0.0) -> None:
        pts = _trim(points, start_gap, end_gap)
        if len(pts) >= 2:
            self.strokes.append(Stroke(tuple(pts), colour, width, head=True, dashed=dashed))

    def ring(self, polygon: list[Point], colour: str, width: float) -> None:
        self.strokes.append(Stroke(tuple(polygon), colour, width, closed=True))

    def inside(self, width: int, height: int, origin: tuple[int, int]) -> list[Stroke]:
        """The strokes that reach into the ``width`` x ``height`` image whose top-left corner is
        map pixel ``origin``: the others (earlier moves of the phase, off the crop) are not drawn."""
        out = []
        for s in self.strokes:
            pad = s.width * 3 + 4
            xs = [p[0] - origin[0] for p in s.points]
            ys = [p[1] - origin[1] for p in s.points]
            if min(xs) - pad < width and max(xs) + pad > 0 and min(ys) - pad < height and max(ys) + pad > 0:
                out.append(s)
        return out

    def composite(self, image: Image.Image, origin: tuple[int, int]) -> None:
        """Draw every stroke onto ``image``, whose top-left corner is map pixel ``origin``."""
        strokes = self.inside(image.width, image.height, origin)
        if not strokes:
            return
        pad = max(s.width for s in strokes) * 3 + 4
        xs = [p[0] for s in strokes for p in s.points]
        ys = [p[1] for s in strokes for p in s.points]
        left = max(0, int(min(xs) - pad - origin[0]))
        top = max(0, int(min(ys) - pad - origin[1]))
        right = min(image.width, int(max(xs) + pad - origin[0]) + 1)
        bottom = min(image.height, int(max(ys) + pad - origin[1]) + 1)
        if right <= left or bottom <= top:
            return
        size = ((right - left) * SCALE, (bottom - top) * SCALE)
        if image.mode == "RGB":
            # The picture's own pixels, doubled, drawn on and halved: each pixel is the average of
            # its four samples as with a transparent layer composited, without the layer's RGBA
            # (premultiplied) conversions; pixels no stroke touches come back exactly.
            canvas = image.crop((left, top, right, bottom)).resize(size, Image.Resampling.NEAREST)
        else:
            canvas = Image.new("RGBA", size, (0, 0, 0, 0))
        d = ImageDraw.Draw(canvas)
        ox, oy = origin[0] + left, origin[1] + top
        for stroke in strokes:
            pts = [((x - ox) * SCALE, (y - oy) * SCALE) for x, y in stroke.points]
            _draw(d, stroke, pts)
        layer = canvas.reduce(SCALE)
        if image.mode == "RGB":
            image.paste(layer, (left, top))
        elif image.mode == "RGBA":
            image.alpha_composite(layer, (left, top))
        else:
            image.paste(layer, (left, top), layer)


def _draw(d: ImageDraw.ImageDraw, stroke: Stroke, pts: list[Point]) -> None:
    w = max(1, round(stroke.width * SCALE))
    fill = (*rgb(stroke.colour), 255)
    if stroke.closed:
        d.line([*pts, pts[0], pts[1]], fill=fill, width=w, joint="curve")
        return
    border = max(2, w // 3)
    shaft = pts
    head: list[Point] = []
    if stroke.head:
        shaft, head = _head(pts, w * 2.6)
    segments = _dashes(shaft, w * 2.5, w * 1.6) if stroke.dashed else [shaft]
    for seg in segments:
        d.line(seg, fill=BORDER, width=w + 2 * border, joint="curve")
        _caps(d, seg, (w + 2 * border) / 2, BORDER)
    if head:
        d.polygon(head, fill=fill, outline=BORDER, width=border)
    for seg in segments:
        d.line(seg, fill=fill, width=w, joint="curve")
        _caps(d, seg, w / 2, fill)


def _caps(d: ImageDraw.ImageDraw, seg: list[Point], r: float, fill: tuple[int, int, int, int]) -> None:
    for x, y in (seg[0], seg[-1]):
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def _head(pts: list[Point], length: float) -> tuple[list[Point], list[Point]]:
    """The shaft shortened by the head, and the head's triangle."""
    (x1, y1), (x2, y2) = pts[-2], pts[-1]
    dx, dy = x2 - x1, y2 - y1
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    length = min(length, n * 0.9)
    bx, by = x2 - ux * length, y2 - uy * length
    half = length * 0.62
    head = [(x2, y2), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]
    shaft = [*pts[:-1], (x2 - ux * length * 0.6, y2 - uy * length * 0.6)]
    return shaft, head


def _trim(points: list[Point], start: float, end: float) -> list[Point]:
    """``points`` with ``start`` px cut from the first segment and ``end`` from the last."""
    pts = list(points)
    if len(pts) < 2:
        return pts
    if start:
        pts[0] = _towards(pts[0], pts[1], start)
    if end:
        pts[-1] = _towards(pts[-1], pts[-2], end)
    return pts


def _towards(a: Point, b: Point, dist: float) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    dist = min(dist, n * 0.45)
    return a[0] + dx / n * dist, a[1] + dy / n * dist


def _dashes(pts: list[Point], on: float, off: float) -> list[list[Point]]:
    out: list[list[Point]] = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:], strict=False):
        n = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while pos < n:
            a = pos / n
            b = min(n, pos + on) / n
            out.append([(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a), (x1 + (x2 - x1) * b, y1 + (y2 - y1) * b)])
            pos += on + off
    return out
