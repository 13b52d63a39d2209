"""Pixel geometry of one map at one scale: hex centres, corners, shared edges, crop boxes."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from engine.hexgrid import Grid, Label

Point = tuple[float, float]
Box = tuple[int, int, int, int]  # left, top, right, bottom (right/bottom exclusive)

SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Layout:
    """Where the hexes of ``grid`` fall on an image whose hex corner radius is ``size`` px."""

    grid: Grid
    size: float
    pad: int

    @staticmethod
    def of(grid: Grid, size: float) -> Layout:
        return Layout(grid, size, max(2, round(size * 0.25)))

    @property
    def image_size(self) -> tuple[int, int]:
        w, h = self.grid.pixel_size(self.size)
        return math.ceil(w) + 2 * self.pad, math.ceil(h) + 2 * self.pad

    def center(self, label: Label) -> Point:
        x, y = self.grid.center(label, self.size)
        return x + self.pad, y + self.pad

    def corners(self, label: Label, shrink: float = 1.0) -> list[Point]:
        x, y = self.center(label)
        r = self.size * shrink
        return [
            (x + r * math.cos(math.radians(60 * i)), y + r * math.sin(math.radians(60 * i)))
            for i in range(6)
        ]

    def edge(self, a: Label, b: Label) -> tuple[Point, Point]:
        """The two ends of the hexside between adjacent hexes ``a`` and ``b``."""
        bx, by = self.center(b)
        ranked = sorted(self.corners(a), key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
        return ranked[0], ranked[1]

    def box_around(self, hexes: Iterable[Label], margin_hexes: float) -> Box | None:
        """The pixel box holding ``hexes`` plus ``margin_hexes`` hexes all round, or None."""
        points = [self.center(h) for h in hexes if h in self.grid]
        if not points:
            return None
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        mx = self.size * (1.0 + 1.5 * margin_hexes)
        my = self.size * SQRT3 * (0.5 + margin_hexes)
        return self.clamp((int(min(xs) - mx), int(min(ys) - my), int(max(xs) + mx), int(max(ys) + my)))

    def window(self, centre: Point, cols: float, rows: float) -> Box:
        """A box ``cols`` x ``rows`` hexes centred on ``centre``, slid inside the image."""
        w = min(self.image_size[0], int(self.size * (1.5 * cols + 0.5)))
        h = min(self.image_size[1], int(self.size * SQRT3 * rows))
        left = int(centre[0] - w / 2)
        top = int(centre[1] - h / 2)
        left = max(0, min(left, self.image_size[0] - w))
        top = max(0, min(top, self.image_size[1] - h))
        return left, top, left + w, top + h

    def grow(self, box: Box, min_cols: float, min_rows: float) -> Box:
        """``box`` widened (about its centre) to at least ``min_cols`` x ``min_rows`` hexes."""
        left, t, r, b = box
        w = max(r - left, int(self.size * (1.5 * min_cols + 0.5)))
        h = max(b - t, int(self.size * SQRT3 * min_rows))
        cx, cy = (left + r) / 2, (t + b) / 2
        return self.clamp((int(cx - w / 2), int(cy - h / 2), int(cx + w / 2), int(cy + h / 2)))

    def clamp(self, box: Box) -> Box:
        """``box`` slid (and if need be cut) to lie inside the image."""
        iw, ih = self.image_size
        left, t, r, b = box
        w, h = min(r - left, iw), min(b - t, ih)
        left = max(0, min(left, iw - w))
        t = max(0, min(t, ih - h))
        return left, t, left + w, t + h
