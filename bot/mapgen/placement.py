"""Where the hex grid lies on the Earth: projected kilometres <-> hexes.

Grid kilometres have ``x`` growing east (with the columns) and ``y`` growing south (with the
rows), measured from the centre of the hex in column 0, row 0 (which need not be on the map).
The hex geometry agrees with ``engine.hexgrid.Grid.center``: flat-top hexes in vertical columns,
the ``shifted`` columns half a hex lower.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.mapgen.projection import Lcc
from engine.hexgrid import Grid, Label

SQRT3 = math.sqrt(3.0)
Point = tuple[float, float]
# A hex corner, as integer multiples of (size / 2, size * sqrt(3) / 2) in grid kilometres.
Vertex = tuple[int, int]


@dataclass(frozen=True)
class Placement:
    """A grid, a projection, the hex size and the geographic position of one anchor hex."""

    grid: Grid
    projection: Lcc
    hex_km: float
    anchor: Label
    anchor_lat: float
    anchor_lon: float

    @property
    def size(self) -> float:
        """Corner radius of a hex in km (``hex_km`` is the distance across the flats)."""
        return self.hex_km / SQRT3

    # Hex centres ----------------------------------------------------------------------------
    def _shifted(self, col: int) -> bool:
        return (col % 2 == 0) == (self.grid.shifted == "even")

    def centre_of(self, col: int, row: int) -> Point:
        """Grid-km centre of any column/row pair, on the map or not."""
        return 1.5 * self.size * col, self.hex_km * (row + (0.5 if self._shifted(col) else 0.0))

    def centre(self, label: Label) -> Point:
        return self.centre_of(*self.grid.parse(label))

    def cell_at(self, x: float, y: float) -> tuple[int, int]:
        """Column and row of the hex containing the grid-km point (ties: lowest column, row)."""
        best: tuple[float, int, int] | None = None
        c0 = round(x / (1.5 * self.size))
        for col in (c0 - 1, c0, c0 + 1):
            r0 = round(y / self.hex_km - (0.5 if self._shifted(col) else 0.0))
            for row in (r0 - 1, r0, r0 + 1):
                cx, cy = self.centre_of(col, row)
                cand = ((cx - x) ** 2 + (cy - y) ** 2, col, row)
                if best is None or cand < best:
                    best = cand
        assert best is not None
        return best[1], best[2]

    def hex_at_xy(self, x: float, y: float) -> Label | None:
        col, row = self.cell_at(x, y)
        label = self.grid.label(col, row) if col >= 0 and row >= 0 else None
        return label if label is not None and label in self.grid else None

    # Geography ------------------------------------------------------------------------------
    def _offset(self) -> Point:
        ax, ay = self.projection.forward(self.anchor_lat, self.anchor_lon)
        gx, gy = self.centre(self.anchor)
        return gx - ax, gy + ay

    def to_xy(self, lat: float, lon: float) -> Point:
        px, py = self.projection.forward(lat, lon)
        ox, oy = self._offset()
        return px + ox, oy - py

    def to_latlon(self, x: float, y: float) -> Point:
        ox, oy = self._offset()
        return self.projection.inverse(x - ox, oy - y)

    def hex_at(self, lat: float, lon: float) -> Label | None:
        """The map hex containing a geographic point, or ``None`` if it is off the map."""
        return self.hex_at_xy(*self.to_xy(lat, lon))

    def centre_latlon(self, label: Label) -> Point:
        return self.to_latlon(*self.centre(label))

    # Corners and sides ----------------------------------------------------------------------
    def corners(self, label: Label) -> list[Point]:
        """The six corners in grid km, clockwise from east (y grows south)."""
        x, y = self.centre(label)
        s = self.size
        return [(x + s * math.cos(math.radians(60 * i)), y + s * math.sin(math.radians(60 * i))) for i in range(6)]

    def vertex_key(self, x: float, y: float) -> Vertex:
        return round(2 * x / self.size), round(2 * y / self.hex_km)

    def vertex_xy(self, v: Vertex) -> Point:
        return v[0] * self.size / 2, v[1] * self.hex_km / 2

    def nearest_vertex(self, x: float, y: float) -> Vertex:
        """The hex corner nearest a point (always a corner of the hex containing it)."""
        cx, cy = self.centre_of(*self.cell_at(x, y))
        s = self.size
        best = min(
            (
                (x - cx - s * math.cos(math.radians(60 * i))) ** 2
                + (y - cy - s * math.sin(math.radians(60 * i))) ** 2,
                i,
            )
            for i in range(6)
        )
        i = best[1]
        return self.vertex_key(cx + s * math.cos(math.radians(60 * i)), cy + s * math.sin(math.radians(60 * i)))

    def vertex_neighbours(self, v: Vertex) -> list[Vertex]:
        """The three corners joined to ``v`` by a hex side."""
        x, y = self.vertex_xy(v)
        out = []
        for ang in range(0, 360, 60):
            nx = x + self.size * math.cos(math.radians(ang))
            ny = y + self.size * math.sin(math.radians(ang))
            # A real neighbour is a corner of the hex that contains the side's midpoint.
            mx, my = (x + nx) / 2, (y + ny) / 2
            cx, cy = self.centre_of(*self.cell_at(mx, my))
            if abs(math.hypot(nx - cx, ny - cy) - self.size) < 1e-6 and abs(math.hypot(x - cx, y - cy) - self.size) < 1e-6:
                out.append(self.vertex_key(nx, ny))
        return sorted(set(out))

    def side_between(self, a: Vertex, b: Vertex) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two cells (col, row) on either side of the hex side from corner ``a`` to ``b``."""
        ax, ay = self.vertex_xy(a)
        bx, by = self.vertex_xy(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        # Unit normal of the side; the two centres lie hex_km / 2 away on either side.
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        nx, ny = -dy / length, dx / length
        h = self.hex_km / 2
        c1 = self.cell_at(mx + nx * h, my + ny * h)
        c2 = self.cell_at(mx - nx * h, my - ny * h)
        return c1, c2

    def label_of(self, cell: tuple[int, int]) -> Label | None:
        col, row = cell
        if col < 0 or row < 0:
            return None
        label = self.grid.label(col, row)
        return label if label in self.grid else None
