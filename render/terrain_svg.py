"""The map authored as SVG: hexes with per-terrain fill and patterns, hexside features, roads
and railways, town and city symbols, names, entry letters and hex numbers.

The SVG is rasterised once per (map, scale) by ``render.terrain``; nothing here is per action.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping
from xml.sax.saxutils import escape

from engine.hexgrid import Hexside, Label, hexside
from engine.mapdata import MapData, Place
from render.geometry import Layout, Point
from render.style import Style

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
SIDE_ORDER = ("sea", "lake", "minor_river", "major_river", "alpine")


def f(v: float) -> str:
    return f"{v:.1f}"


def _poly(points: list[Point]) -> str:
    head, *rest = points
    return f"M{f(head[0])},{f(head[1])}" + "".join(f"L{f(x)},{f(y)}" for x, y in rest) + "Z"


def _pattern(pid: str, kind: str, ink: str, s: float) -> str:
    """A repeating pattern tile drawn over a terrain fill, sized to the hex radius ``s``."""
    if kind == "dots":
        t = s * 0.36
        body = f'<circle cx="{f(t * .25)}" cy="{f(t * .25)}" r="{f(s * .03)}" fill="{ink}"/>' + (
            f'<circle cx="{f(t * .75)}" cy="{f(t * .75)}" r="{f(s * .03)}" fill="{ink}"/>'
        )
    elif kind == "hatch":
        t = s * 0.42
        body = (
            f'<path d="M{f(t * .15)},{f(t * .55)} l{f(t * .3)},{f(-t * .3)} M{f(t * .6)},{f(t * .95)} '
            f'l{f(t * .3)},{f(-t * .3)}" stroke="{ink}" stroke-width="{f(s * .035)}" fill="none"/>'
        )
    elif kind == "marsh":
        t = s * 0.5
        w = f(s * 0.035)
        body = (
            f'<path d="M{f(t * .1)},{f(t * .3)} h{f(t * .35)} M{f(t * .55)},{f(t * .8)} h{f(t * .35)}" '
            f'stroke="{ink}" stroke-width="{w}"/>'
            f'<path d="M{f(t * .2)},{f(t * .3)} l{f(-t * .06)},{f(-t * .14)} M{f(t * .3)},{f(t * .3)} '
            f'l{f(t * .06)},{f(-t * .14)}" stroke="{ink}" stroke-width="{w}"/>'
        )
    elif kind == "trees":
        t = s * 0.46
        body = "".join(
            f'<circle cx="{f(t * cx)}" cy="{f(t * cy)}" r="{f(s * .075)}" fill="{ink}" fill-opacity=".55"/>'
            for cx, cy in ((0.25, 0.3), (0.75, 0.8))
        )
    elif kind == "peaks":
        t = s * 0.56
        body = (
            f'<path d="M{f(t * .1)},{f(t * .45)} l{f(t * .17)},{f(-t * .25)} l{f(t * .17)},{f(t * .25)} '
            f'M{f(t * .55)},{f(t * .95)} l{f(t * .17)},{f(-t * .25)} l{f(t * .17)},{f(t * .25)}" '
            f'stroke="{ink}" stroke-width="{f(s * .045)}" fill="none" stroke-linejoin="round"/>'
        )
    elif kind == "waves":
        t = s * 0.7
        body = (
            f'<path d="M{f(t * .1)},{f(t * .35)} q{f(t * .1)},{f(-t * .12)} {f(t * .2)},0 '
            f't{f(t * .2)},0" stroke="{ink}" stroke-width="{f(s * .03)}" fill="none"/>'
        )
    elif kind == "planks":
        t = s * 0.3
        body = f'<rect x="0" y="{f(t * .15)}" width="{f(t)}" height="{f(t * .6)}" fill="{ink}"/>'
    else:
        return ""
    return f'<pattern id="{pid}" patternUnits="userSpaceOnUse" width="{f(t)}" height="{f(t)}">{body}</pattern>'


def _terrain_layer(board: MapData, lay: Layout, style: Style) -> list[str]:
    by_terrain: dict[str, list[str]] = defaultdict(list)
    for label in board.grid.labels():
        by_terrain[board.terrain.get(label, "default")].append(_poly(lay.corners(label)))
    defs: list[str] = []
    fills: list[str] = []
    features: list[str] = []
    for i, (name, polys) in enumerate(sorted(by_terrain.items())):
        paint = style.terrain(name)
        d = "".join(polys)
        fills.append(f'<path d="{d}" fill="{paint.fill}"/>')
        pattern = _pattern(f"p{i}", paint.pattern, paint.ink, lay.size)
        if pattern:
            defs.append(pattern)
            features.append(f'<path d="{d}" fill="url(#p{i})"/>')
    grid = "".join(_poly(lay.corners(label)) for label in board.grid.labels())
    out = [f"<defs>{''.join(defs)}</defs>", *fills, *features]
    out.append(
        f'<path d="{grid}" fill="none" stroke="{style.map_colour("grid")}" '
        f'stroke-width="{f(max(0.6, lay.size * 0.025))}" stroke-opacity=".7"/>'
    )
    return out


def _level_layer(board: MapData, lay: Layout, style: Style) -> list[str]:
    """Elevation (a map's ``levels``): each level darkens its hexes a step more, a crest line runs
    along every hexside between two levels, and each raised hex shows its level by its number."""
    if not board.levels:
        return []
    s = lay.size
    shade, crest = style.map_colour("level"), style.map_colour("crest")
    by_level: dict[int, list[str]] = defaultdict(list)
    for label, level in board.levels.items():
        if level > 0 and label in board.grid:
            by_level[level].append(_poly(lay.corners(label)))
    out = [
        f'<path d="{"".join(polys)}" fill="{shade}" fill-opacity="{min(0.6, 0.16 * level):.2f}"/>'
        for level, polys in sorted(by_level.items())
    ]
    crests = ""
    for label in board.grid.labels():
        for n in board.neighbours(label):
            if label < n and board.levels.get(label, 0) != board.levels.get(n, 0):
                a, b = lay.edge(label, n)
                crests += f"M{f(a[0])},{f(a[1])}L{f(b[0])},{f(b[1])}"
    if crests:
        out.append(f'<path d="{crests}" fill="none" stroke="{crest}" stroke-width="{f(s * 0.06)}" stroke-linecap="round"/>')
    for label, level in sorted(board.levels.items()):
        if level > 0 and label in board.grid:
            x, y = lay.center(label)
            out.append(_text(x + s * 0.55, y - s * 0.45, str(level), s * 0.28, crest, style.map_colour("halo"), "bold"))
    return out


def _feature_layer(board: MapData, lay: Layout, style: Style) -> list[str]:
    """What lies in a hex beside its terrain (a map's ``features``), over the terrain's paint: a
    bridge (``pattern = "deck"`` in the style's terrain table) is a plank deck along each line that
    crosses its hex, from the hex's centre to each hexside the line crosses, the line drawn over it."""
    s = lay.size
    out: list[str] = []
    for label, kinds in sorted(board.features.items()):
        if label not in board.grid:
            continue
        for kind in sorted(kinds):
            paint = style.terrain(kind)
            if paint.pattern != "deck":
                continue
            c = lay.center(label)
            ends = [_lerp(c, lay.center(n), 0.5) for n in board.neighbours(label) if any(hexside(label, n) in edges for edges in board.lines.values())]
            d = "".join(f"M{f(c[0])},{f(c[1])}L{f(e[0])},{f(e[1])}" for e in ends)
            if not d:
                continue
            out.append(f'<path d="{d}" fill="none" stroke="{paint.ink}" stroke-width="{f(s * 0.62)}" stroke-linecap="butt"/>')
            out.append(f'<path d="{d}" fill="none" stroke="{paint.fill}" stroke-width="{f(s * 0.46)}" stroke-linecap="butt"/>')
            out.append(
                f'<path d="{d}" fill="none" stroke="{paint.ink}" stroke-width="{f(s * 0.46)}" '
                f'stroke-dasharray="{f(s * 0.03)} {f(s * 0.11)}" stroke-opacity=".6"/>'
            )
    return out


def _lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _zigzag(a: Point, b: Point, amp: float, teeth: int = 6) -> str:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    px, py = -dy / n * amp, dx / n * amp
    pts = [a]
    for i in range(1, teeth):
        x, y = _lerp(a, b, i / teeth)
        sign = 1 if i % 2 else -1
        pts.append((x + px * sign, y + py * sign))
    pts.append(b)
    return "M" + "L".join(f"{f(x)},{f(y)}" for x, y in pts)


def _tick(a: Point, b: Point, t: float, length: float) -> str:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    x, y = _lerp(a, b, t)
    px, py = -dy / n * length, dx / n * length
    return f"M{f(x - px)},{f(y - py)}L{f(x + px)},{f(y + py)}"


def _side_layer(board: MapData, lay: Layout, style: Style) -> list[str]:
    s = lay.size
    out: list[str] = []
    paths: dict[str, list[str]] = defaultdict(list)
    passes: list[tuple[Hexside, frozenset[str]]] = []
    for key, feats in sorted(board.sides.items()):
        a, b = lay.edge(*key)
        for feat in feats:
            spec = style.side_feature(feat)
            if spec is None or feat == "pass":
                continue
            if spec["kind"] == "zigzag":
                if "pass" in feats:
                    paths[feat].append(_zigzag(a, _lerp(a, b, 0.34), s * 0.06, 2))
                    paths[feat].append(_zigzag(_lerp(a, b, 0.66), b, s * 0.06, 2))
                else:
                    paths[feat].append(_zigzag(a, b, s * 0.06))
            else:
                paths[feat].append(f"M{f(a[0])},{f(a[1])}L{f(b[0])},{f(b[1])}")
        if "pass" in feats:
            passes.append((key, feats))
    order = [k for k in SIDE_ORDER if k in paths] + sorted(k for k in paths if k not in SIDE_ORDER)
    for feat in order:
        spec = style.side_feature(feat) or {}
        out.append(
            f'<path d="{"".join(paths[feat])}" fill="none" stroke="{spec["color"]}" '
            f'stroke-width="{f(s * float(spec["width"]))}" stroke-linecap="round" stroke-linejoin="round"/>'
        )
    if passes:
        ink = (style.side_feature("alpine") or {"color": "#000000"})["color"]
        ticks = ""
        for key, _ in passes:
            a, b = lay.edge(*key)
            ticks += _tick(a, b, 0.36, s * 0.16) + _tick(a, b, 0.64, s * 0.16)
        out.append(f'<path d="{ticks}" stroke="{ink}" stroke-width="{f(s * 0.07)}" stroke-linecap="round"/>')
    return out


def _line_layer(board: MapData, lay: Layout, style: Style) -> list[str]:
    s = lay.size
    out: list[str] = []
    for kind in sorted(board.lines, key=lambda k: (k != "road", k)):
        spec = style.line(kind)
        if spec is None:
            continue
        groups: dict[frozenset[str], list[str]] = defaultdict(list)
        for (a, b), flags in sorted(board.lines[kind].items()):
            (x1, y1), (x2, y2) = lay.center(a), lay.center(b)
            groups[flags].append(f"M{f(x1)},{f(y1)}L{f(x2)},{f(y2)}")
        for flags, segs in sorted(groups.items(), key=lambda kv: sorted(kv[0])):
            d = "".join(segs)
            colour = "#6e6e6e" if "supply_only" in flags else spec["color"]
            dash = f' stroke-dasharray="{f(s * .2)} {f(s * .12)}"' if "unfinished" in flags else ""
            width = s * float(spec["width"])
            out.append(
                f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{f(width)}" '
                f'stroke-linecap="round" stroke-linejoin="round"{dash}/>'
            )
            if spec.get("ties"):
                out.append(
                    f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{f(s * .22)}" '
                    f'stroke-dasharray="{f(max(1.0, s * .035))} {f(s * .14)}"/>'
                )
    return out


# Other games' place kinds drawn as one of ours: Stalin's War's cities and fortress cities (a capital
# is drawn as a major city).
KIND_LOOKS = {"city": "minor_city", "fortress_city": "major_city"}


def _look(place: Place) -> str:
    if place.get("capital") == "1" and place.kind in KIND_LOOKS:
        return "major_city"
    return KIND_LOOKS.get(place.kind, place.kind)


def _star(x: float, y: float, r: float, s: float) -> str:
    """A yellow star: a VP hex (Stalin's War 3.0, 'una stella gialla')."""
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = math.pi / 2 + i * math.pi / 5
        pts.append(f"{f(x + rr * math.cos(a))},{f(y - rr * math.sin(a))}")
    return f'<polygon points="{" ".join(pts)}" fill="#ffd600" stroke="#5d4000" stroke-width="{f(s * .025)}"/>'


def _place_symbol(place: Place, x: float, y: float, s: float) -> str:
    look = _look(place)
    mark = _star(x + s * .42, y - s * .3, s * .16, s) if place.get("vp") == "1" else ""
    return _kind_symbol(look, x, y, s) + mark


def _kind_symbol(kind: str, x: float, y: float, s: float) -> str:
    if kind == "major_city":
        r = s * 0.3
        return (
            f'<rect x="{f(x - r)}" y="{f(y - r)}" width="{f(2 * r)}" height="{f(2 * r)}" rx="{f(r * .2)}" '
            f'fill="#6b1414" stroke="#ffffff" stroke-width="{f(s * .05)}"/>'
            f'<rect x="{f(x - r * .45)}" y="{f(y - r * .45)}" width="{f(r * .9)}" height="{f(r * .9)}" fill="#ffffff"/>'
        )
    if kind == "minor_city":
        r = s * 0.18
        return (
            f'<rect x="{f(x - r)}" y="{f(y - r)}" width="{f(2 * r)}" height="{f(2 * r)}" '
            f'fill="#8a1c1c" stroke="#ffffff" stroke-width="{f(s * .045)}"/>'
        )
    if kind == "town":
        return f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(s * .13)}" fill="#1e1e1e" stroke="#ffffff" stroke-width="{f(s * .04)}"/>'
    if kind == "village":
        return f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(s * .08)}" fill="#ffffff" stroke="#1e1e1e" stroke-width="{f(s * .035)}"/>'
    return ""


def _text(x: float, y: float, text: str, size: float, fill: str, halo: str, weight: str = "normal") -> str:
    common = (
        f'x="{f(x)}" y="{f(y)}" font-family="{FONT}" font-size="{f(size)}" font-weight="{weight}" '
        f'text-anchor="middle"'
    )
    body = escape(text)
    return (
        f'<text {common} fill="none" stroke="{halo}" stroke-width="{f(size * .28)}" '
        f'stroke-linejoin="round">{body}</text><text {common} fill="{fill}">{body}</text>'
    )


def _label_layer(board: MapData, lay: Layout, style: Style, names: Mapping[Label, str] | None = None) -> list[str]:
    s = lay.size
    out: list[str] = []
    label_colour = style.map_colour("label")
    for label in board.grid.labels():
        if board.terrain.get(label) == "sea":
            continue
        x, y = lay.center(label)
        common = f'x="{f(x)}" y="{f(y - s * .6)}" font-family="{FONT}" font-size="{f(s * .2)}" text-anchor="middle"'
        out.append(
            f'<text {common} fill="none" stroke="#ffffff" stroke-opacity=".8" stroke-width="{f(s * .08)}" '
            f'stroke-linejoin="round">{label}</text><text {common} fill="{label_colour}">{label}</text>'
        )
    for label, place in sorted(board.places.items()):
        x, y = lay.center(label)
        out.append(_place_symbol(place, x, y, s))
    name_colour, halo = style.map_colour("name"), style.map_colour("halo")
    for label, place in sorted(board.places.items()):
        x, y = lay.center(label)
        if _look(place) in ("major_city", "minor_city", "town", "village") and place.name:
            big = _look(place) == "major_city"
            weight = "bold" if big or place.get("vp") else "normal"
            name = names.get(label, place.name) if names is not None else place.name
            out.append(_text(x, y + s * .8, name, s * (.3 if big else .25), name_colour, halo, weight))
        letter = place.get("entry")
        if letter:
            out.append(_entry_mark(x - s * .68, y, letter, s, style.side(place.get("side") or "default").fill))
    return out


def _entry_mark(x: float, y: float, letter: str, s: float, ring: str) -> str:
    r = s * 0.22
    return (
        f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(r)}" fill="#ffffff" stroke="{ring}" stroke-width="{f(s * .07)}"/>'
        f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(r + s * .035)}" fill="none" stroke="#000000" stroke-width="{f(s * .02)}"/>'
        f'<text x="{f(x)}" y="{f(y + r * .45)}" font-family="{FONT}" font-size="{f(r * 1.25)}" '
        f'font-weight="bold" fill="#000000" text-anchor="middle">{escape(letter)}</text>'
    )


def terrain_svg(board: MapData, lay: Layout, style: Style, names: Mapping[Label, str] | None = None) -> str:
    """The whole map as one SVG document, in pixels of ``lay``; places named by ``names`` (their
    labels in the reader's language, ``render.mapwords.place_labels``), else as the data spells them."""
    w, h = lay.image_size
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
        f'<rect width="{w}" height="{h}" fill="{style.map_colour("background")}"/>',
        *_terrain_layer(board, lay, style),
        *_level_layer(board, lay, style),
        *_feature_layer(board, lay, style),
        *_side_layer(board, lay, style),
        *_line_layer(board, lay, style),
        *_label_layer(board, lay, style, names),
        "</svg>",
    ]
    return "".join(parts)
