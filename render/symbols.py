"""NATO unit symbols drawn inside a unit box: one function per symbol part.

A unit type maps (in the game's style file) to a tuple of parts, e.g. panzergrenadiers are
``("infantry", "armour")``. Parts are drawn in the box ``(left, t, r, b)`` with line width ``w``.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

Box = tuple[float, float, float, float]
Ink = tuple[int, int, int, int]
PartPainter = Callable[[ImageDraw.ImageDraw, Box, Ink, int], None]


def _infantry(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    d.line([(left, t), (r, b)], fill=ink, width=w)
    d.line([(left, b), (r, t)], fill=ink, width=w)


def _armour(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    dx, dy = (r - left) * 0.17, (b - t) * 0.24
    d.rounded_rectangle((left + dx, t + dy, r - dx, b - dy), radius=(b - t - 2 * dy) / 2, outline=ink, width=w)


def _cavalry(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    d.line([(left, b), (r, t)], fill=ink, width=w)


def _mountain(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    cx, half, h = (left + r) / 2, (r - left) * 0.16, (b - t) * 0.38
    d.polygon([(cx - half, b), (cx, b - h), (cx + half, b)], fill=ink)


def _artillery(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    cx, cy, rad = (left + r) / 2, (t + b) / 2, (b - t) * 0.15
    d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=ink)


def _hq(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    d.line([(left, t), (left, b + (b - t) * 0.55)], fill=ink, width=int(w * 1.5))
    d.rectangle((left, t, r, t + (b - t) * 0.3), fill=ink)


def _anti_tank(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    d.line([(left, b), ((left + r) / 2, t), (r, b)], fill=ink, width=w, joint="curve")


def _naval(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    cx, h = (left + r) / 2, b - t
    ring = h * 0.1
    d.ellipse((cx - ring, t + h * 0.12, cx + ring, t + h * 0.12 + 2 * ring), outline=ink, width=max(1, w // 2))
    d.line([(cx, t + h * 0.12 + 2 * ring), (cx, b - h * 0.12)], fill=ink, width=w)
    d.line([(cx - h * 0.18, t + h * 0.42), (cx + h * 0.18, t + h * 0.42)], fill=ink, width=max(1, w // 2))
    arc = (cx - h * 0.3, b - h * 0.55, cx + h * 0.3, b - h * 0.1)
    d.arc(arc, 20, 160, fill=ink, width=w)


def _rail(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    cy, h = (t + b) / 2, b - t
    d.line([(left + (r - left) * 0.1, cy), (r - (r - left) * 0.1, cy)], fill=ink, width=w)
    for i in range(5):
        x = left + (r - left) * (0.2 + 0.15 * i)
        d.line([(x, cy - h * 0.18), (x, cy + h * 0.18)], fill=ink, width=max(1, w // 2 + 1))


def _motorised(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    d.line([((left + r) / 2, t), ((left + r) / 2, b)], fill=ink, width=w)


def _bicycle(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    rad = (b - t) * 0.14
    for cx in (left + (r - left) * 0.35, left + (r - left) * 0.65):
        d.ellipse((cx - rad, b - 2.4 * rad, cx + rad, b - 0.4 * rad), outline=ink, width=max(1, w // 2))


def _anti_aircraft(d: ImageDraw.ImageDraw, box: Box, ink: Ink, w: int) -> None:
    left, t, r, b = box
    h = b - t
    d.arc((left + (r - left) * 0.1, t + h * 0.25, r - (r - left) * 0.1, b + h * 0.55), 200, 340, fill=ink, width=w)


PARTS: dict[str, PartPainter] = {
    "infantry": _infantry,
    "armour": _armour,
    "cavalry": _cavalry,
    "mountain": _mountain,
    "artillery": _artillery,
    "hq": _hq,
    "anti_tank": _anti_tank,
    "naval": _naval,
    "rail": _rail,
    "motorised": _motorised,
    "bicycle": _bicycle,
    "anti_aircraft": _anti_aircraft,
}


def draw_symbol(d: ImageDraw.ImageDraw, box: Box, parts: tuple[str, ...], ink: Ink, w: int) -> None:
    """The unit box outline and each known part inside it (unknown parts are skipped)."""
    d.rectangle(box, outline=ink, width=w)
    for part in parts:
        painter = PARTS.get(part)
        if painter is not None:
            painter(d, box, ink, w)
