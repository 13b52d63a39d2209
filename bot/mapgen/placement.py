"""Where the hex grid lies on the Earth: projected kilometres <-> hexes.

Grid kilometres have ``x`` growing east (with the columns) and ``y`` growing south (with the
rows), measured from the centre of the hex in column 0, row 0 (which need not be on the map).
The hex geometry agrees with ``engine.hexgrid.Grid.center``: flat-top hexes in vertical columns,
the ``shifted`` columns half a hex lower.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bot.mapgen.projection import Lcc
from engine.hexgrid import Grid, Label

SQRT3 = math.sqrt(3.0)
Point = tuple[float, float]
# A hex corner, as integer multiples of (size / 2, size * sqrt(3) / 2) in grid kilometres.
Vertex = tuple[int, int]


@dataclass(frozen=True)
class Warp:
    """A smooth displacement of the projected plane (grid km): the sum of Gaussian bumps of
    radius ``sigma`` centred on ``centres`` with vector ``weights``. It lets a printed map that
    is not a plain projection (a designer's stretch of a front, say) be followed locally while
    the projection fits it globally. Build one with ``fit_warp``."""

    centres: tuple[Point, ...]
    weights: tuple[Point, ...]
    sigma: float

    def _terms(self, x: float, y: float) -> tuple[float, float, float, float, float, float]:
        """Displacement (dx, dy) at the point and its Jacobian (d dx/dx, d dx/dy, d dy/dx, d dy/dy)."""
        dx = dy = jxx = jxy = jyx = jyy = 0.0
        inv = 1.0 / (2.0 * self.sigma * self.sigma)
        reach = (4.5 * self.sigma) ** 2
        for (cx, cy), (wx, wy) in zip(self.centres, self.weights, strict=True):
            ux, uy = x - cx, y - cy
            r2 = ux * ux + uy * uy
            if r2 > reach:
                continue
            phi = math.exp(-r2 * inv)
            gx, gy = -2.0 * inv * ux * phi, -2.0 * inv * uy * phi
            dx += wx * phi
            dy += wy * phi
            jxx += wx * gx
            jxy += wx * gy
            jyx += wy * gx
            jyy += wy * gy
        return dx, dy, jxx, jxy, jyx, jyy

    def forward(self, x: float, y: float) -> Point:
        dx, dy, *_ = self._terms(x, y)
        return x + dx, y + dy

    def inverse(self, x: float, y: float) -> Point:
        """The point that ``forward`` takes to (x, y) (Newton's method; the warp must not fold)."""
        px, py = x, y
        for _ in range(50):
            dx, dy, jxx, jxy, jyx, jyy = self._terms(px, py)
            fx, fy = px + dx - x, py + dy - y
            if abs(fx) < 1e-9 and abs(fy) < 1e-9:
                break
            a, b, c, d = 1.0 + jxx, jxy, jyx, 1.0 + jyy
            det = a * d - b * c
            px -= (d * fx - b * fy) / det
            py -= (a * fy - c * fx) / det
        return px, py

    def jacobian_det(self, x: float, y: float) -> float:
        """Local area factor of the warp: positive everywhere when the warp does not fold."""
        _, _, jxx, jxy, jyx, jyy = self._terms(x, y)
        return (1.0 + jxx) * (1.0 + jyy) - jxy * jyx


def fit_warp(starts: Sequence[Point], goals: Sequence[Point], sigma: float, smoothing: float) -> Warp:
    """The warp moving each ``starts`` point (nearly) to its ``goals`` point: Gaussian radial basis
    functions solved by least squares with ``smoothing`` added to the diagonal (0 = exact)."""
    n = len(starts)
    inv = 1.0 / (2.0 * sigma * sigma)
    rows = [
        [math.exp(-((starts[i][0] - starts[j][0]) ** 2 + (starts[i][1] - starts[j][1]) ** 2) * inv) + (smoothing if i == j else 0.0) for j in range(n)]
        + [goals[i][0] - starts[i][0], goals[i][1] - starts[i][1]]
        for i in range(n)
    ]
    for i in range(n):  # Gauss-Jordan elimination with partial pivoting
        pivot = max(range(i, n), key=lambda r: abs(rows[r][i]))
        rows[i], rows[pivot] = rows[pivot], rows[i]
        for r in range(n):
            if r != i and rows[r][i] != 0.0:
                f = rows[r][i] / rows[i][i]
                rows[r] = [v - f * w for v, w in zip(rows[r], rows[i], strict=True)]
    weights = tuple((rows[i][n] / rows[i][i], rows[i][n + 1] / rows[i][i]) for i in range(n))
    return Warp(tuple((float(x), float(y)) for x, y in starts), weights, sigma)


@dataclass(frozen=True)
class Placement:
    """A grid, a projection, the hex size and the geographic position of one anchor hex;
    optionally a ``warp`` applied after the projection (see ``Warp``)."""

    grid: Grid
    projection: Lcc
    hex_km: float
    anchor: Label
    anchor_lat: float
    anchor_lon: float
    warp: Warp | None = None

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
        x, y = self.projected_xy(lat, lon)
        return self.warp.forward(x, y) if self.warp is not None else (x, y)

    def to_latlon(self, x: float, y: float) -> Point:
        if self.warp is not None:
            x, y = self.warp.inverse(x, y)
        ox, oy = self._offset()
        return self.projection.inverse(x - ox, oy - y)

    def projected_xy(self, lat: float, lon: float) -> Point:
        """Grid km of a point by the projection and anchor alone (before any warp)."""
        px, py = self.projection.forward(lat, lon)
        ox, oy = self._offset()
        return px + ox, oy - py

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
