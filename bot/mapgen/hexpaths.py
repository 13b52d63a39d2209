"""Turning geographic polylines into hex data: chains of adjacent hexes (roads, railways) and
chains of hexsides (rivers, the mountain ridge). Pure: works in grid kilometres.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence

from bot.mapgen.placement import Placement, Point, Vertex
from engine.hexgrid import Grid, Label


def densify(points: Sequence[Point], step: float) -> list[Point]:
    """The polyline with extra points so that consecutive points are at most ``step`` apart."""
    out: list[Point] = []
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
        out.extend((x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(n))
    if points:
        out.append(points[-1])
    return out


def hex_line(grid: Grid, a: Label, b: Label) -> list[Label]:
    """The straight chain of hexes from ``a`` to ``b`` (both included), by cube interpolation."""
    q1, r1 = grid.to_axial(a)
    q2, r2 = grid.to_axial(b)
    n = grid.distance(a, b)
    out = [a]
    for k in range(1, n + 1):
        t = k / n
        # A tiny nudge keeps the rounding off exact hex boundaries, deterministically.
        q = q1 + (q2 - q1) * t + 1e-6
        r = r1 + (r2 - r1) * t + 2e-6
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        label = grid.from_axial(rq, rr)
        if label is not None and label != out[-1]:
            out.append(label)
    return out


def tidy_chain(grid: Grid, chain: Sequence[Label]) -> list[Label]:
    """Drop repeats, bridge gaps with straight hex lines and cut out loops (A ... A)."""
    out: list[Label] = []
    for label in chain:
        if out and label == out[-1]:
            continue
        if out and not grid.adjacent(out[-1], label):
            bridge = hex_line(grid, out[-1], label)
            out.extend(bridge[1:-1])
        if label in out:
            del out[out.index(label) + 1 :]
            continue
        out.append(label)
    return out


def cut_corners(grid: Grid, chain: Sequence[Label], keep: frozenset[Label] = frozenset()) -> list[Label]:
    """Drop hexes the line only clips: X in A X B when A and B are adjacent (unless X is kept)."""
    out = list(chain)
    i = 1
    while i < len(out) - 1:
        if out[i] not in keep and grid.adjacent(out[i - 1], out[i + 1]):
            del out[i]
            i = max(1, i - 1)
        else:
            i += 1
    return out


def chains_along(placement: Placement, points: Sequence[Point], step: float | None = None) -> list[list[Label]]:
    """The hexes a polyline (grid km) passes through, split where it leaves the map. Hexes the
    line only clips are dropped, never those holding one of the polyline's own points."""
    step = step or placement.hex_km / 6
    chains: list[list[Label]] = []
    current: list[Label] = []
    for x, y in densify(points, step):
        label = placement.hex_at_xy(x, y)
        if label is None:
            if len(current) > 0:
                chains.append(current)
            current = []
            continue
        current.append(label)
    if current:
        chains.append(current)
    keep = frozenset(h for h in (placement.hex_at_xy(x, y) for x, y in points) if h is not None)
    tidy = [cut_corners(placement.grid, tidy_chain(placement.grid, c), keep) for c in chains]
    return [c for c in tidy if c]


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _vertex_route(placement: Placement, start: Vertex, goal: Vertex, a: Point, b: Point) -> list[Vertex]:
    """Shortest corner-to-corner route along hex sides, preferring corners near segment a-b."""
    if start == goal:
        return [start]
    parents: dict[Vertex, Vertex | None] = {start: None}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        v = queue.popleft()
        if v == goal or depth[v] > 12:
            break
        for n in placement.vertex_neighbours(v):
            if n not in depth:
                depth[n] = depth[v] + 1
                parents[n] = v
                queue.append(n)
    if goal not in parents:
        return [start, goal]
    # Among the shortest routes, take the one closest to the segment: walk back from the goal
    # choosing, at each step, the best-placed predecessor one level nearer the start.
    route = [goal]
    while route[-1] != start:
        v = route[-1]
        preds = [n for n in placement.vertex_neighbours(v) if depth.get(n) == depth[v] - 1]
        route.append(min(preds, key=lambda n: (_segment_distance(placement.vertex_xy(n), a, b), n)))
    return route[::-1]


def side_path(placement: Placement, points: Sequence[Point], step: float | None = None) -> list[tuple[Vertex, Vertex]]:
    """The hexsides (as corner pairs) that best follow a polyline in grid km, without loops."""
    step = step or placement.size / 3
    dense = densify(points, step)
    corners: list[Vertex] = []
    prev_point: Point | None = None
    for p in dense:
        v = placement.nearest_vertex(*p)
        if corners and v != corners[-1]:
            a = prev_point or p
            route = _vertex_route(placement, corners[-1], v, a, p)
            corners.extend(route[1:])
        elif not corners:
            corners.append(v)
        prev_point = p
    # Cut loops: a corner visited twice means the river doubled back.
    clean: list[Vertex] = []
    for v in corners:
        if v in clean:
            del clean[clean.index(v) + 1 :]
        else:
            clean.append(v)
    return list(zip(clean, clean[1:], strict=False))


def sides_along(placement: Placement, points: Sequence[Point]) -> list[tuple[Label, Label]]:
    """The on-map hexsides (label pairs) along a polyline in grid km."""
    out: list[tuple[Label, Label]] = []
    for a, b in side_path(placement, points):
        c1, c2 = placement.side_between(a, b)
        l1, l2 = placement.label_of(c1), placement.label_of(c2)
        if l1 is not None and l2 is not None and placement.grid.adjacent(l1, l2):
            out.append((l1, l2))
    return out


def ridge_sides(placement: Placement, points: Sequence[Point]) -> list[tuple[Label, Label]]:
    """The hexsides along a west-to-east ridge line (grid km): every side between two hexes whose
    centres lie on opposite sides of the line, for hexes between the line's two ends. The sides
    form an unbroken barrier however the line wanders through the hexes."""
    xs = [p[0] for p in points]
    if any(b <= a for a, b in zip(xs, xs[1:], strict=False)):
        raise ValueError("the ridge line must run west to east")

    def ridge_y(x: float) -> float:
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            if x0 <= x <= x1:
                return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
        raise ValueError(x)

    north: dict[Label, bool] = {}
    for label in placement.grid.labels():
        x, y = placement.centre(label)
        if xs[0] <= x <= xs[-1]:
            north[label] = y < ridge_y(x)
    out = []
    for a in sorted(north):
        for b in placement.grid.neighbours(a):
            if b > a and b in north and north[a] != north[b]:
                out.append((a, b) if north[a] else (b, a))
    return out
