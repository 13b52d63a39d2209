"""Compose one picture from the cached layers: map crop, highlights, counters, arrows, panel.

``compose`` is a pure function of the map, a viewer's typed map (``engine.mapview``) and a style; the caches behind it (terrain
rasters, counter sprites) only make it fast.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from PIL import Image

from engine.hexgrid import Label
from engine.mapdata import MapData
from engine.mapview import HexMarker, LastAction, MapView, UnitOnMap
from render.counters import badge_sprite, counter_kind, counter_sprite, marker_sprite
from render.geometry import Box, Layout, Point
from render.hextags import TagRows, counter_shift, lay_out
from render.overlay import Overlay
from render.panel import status_panel
from render.style import Style
from render.terrain import layer_key, terrain_layer

ACTION_SIZE = 36            # hex corner radius (px) of action images
FULL_MAX_SIZE = ACTION_SIZE  # ... of full-map images (one raster serves both), shrunk for big maps
FULL_MAX_PIXELS = 4_000_000  # the full map stays under about this many pixels
MARGIN_HEXES = 4            # around the last action
MIN_CROP = (11.0, 8.0)      # an action image shows at least this many hexes (cols, rows)
WINDOW = (20.0, 14.0)       # the view without a last action: around the viewer's units
MAX_STACK_STEPS = 3         # deeper counters of a stack share the last offset
FAN_STEP = 0.34             # a fanned stack's counters step down by this share of a counter


@dataclass(frozen=True)
class Picture:
    image: Image.Image
    box: Box
    layout: Layout
    #: What every viewer's picture of this moment shares (the map layer, size and last action),
    #: so they may share a palette (``render.encode``); counters are not part of it, nor the crop:
    #: with no last action each viewer's picture is centred on his own units, and the public
    #: palette maps a seat's crop as closely as the seat's own (measured on 222 such Schwerpunkt
    #: and Across the Bug River pictures: mean error per channel 1.16 and 1.26 against 1.13 and
    #: 1.26 with their own; the largest on any pixel 20 and 25 against 27 and 24).
    scene: Hashable = None


def full_size(board: MapData) -> float:
    """The hex radius of the full-map image of ``board``."""
    w1, h1 = board.grid.pixel_size(1.0)
    fit = math.sqrt(FULL_MAX_PIXELS / (w1 * h1))
    return float(max(14, min(FULL_MAX_SIZE, int(fit))))


def counter_side(size: float) -> int:
    return round(size * 1.18)


def crop_box(lay: Layout, units: list[UnitOnMap], last: LastAction, role: str, full: bool) -> Box:
    if full:
        w, h = lay.image_size
        return 0, 0, w, h
    hexes = latest_hexes(last)
    box = lay.box_around(hexes, MARGIN_HEXES) if hexes else None
    if box is not None:
        return lay.grow(box, *MIN_CROP)
    return lay.window(_viewer_centre(lay, units, role), *WINDOW)


def latest_hexes(last: LastAction) -> list[Label]:
    """The hexes of the latest action, which the action crop frames: the last move, attack and
    retreat of the phase (earlier ones show only where they fall inside), else the focus hexes.

    A phase's record grows with every move; framing all of it made a late order's picture grow
    to the whole front (2.5 MP and more) for the same one arrow of news.
    """
    out: list[Label] = list(last.moves[-1]) if last.moves else []
    if last.attacks:
        out += [*last.attacks[-1].sources, last.attacks[-1].target]
    if last.retreats:
        out += list(last.retreats[-1])
    return out or list(last.focus)


def _viewer_centre(lay: Layout, units: list[UnitOnMap], role: str) -> Point:
    own = [u for u in units if u.side == role] or units
    points = [lay.center(u.hex) for u in own]
    if not points:
        w, h = lay.image_size
        return w / 2, h / 2
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def stacks(units: list[UnitOnMap]) -> dict[Label, list[UnitOnMap]]:
    out: dict[Label, list[UnitOnMap]] = {}
    for u in units:
        out.setdefault(u.hex, []).append(u)
    return out


def compose(
    board: MapData, shown: MapView, style: Style, role: str, full: bool, names: Mapping[Label, str] | None = None
) -> Picture:
    size = full_size(board) if full else float(ACTION_SIZE)
    lay = Layout.of(board.grid, size)
    units = [u for u in shown.units if u.hex in board.grid]
    last = shown.last
    box = crop_box(lay, units, last, role, full)
    image = terrain_layer(board, style, size, names).crop(box)
    origin = (box[0], box[1])
    _highlights(lay, last, style).composite(image, origin)
    results = {a.target for a in last.attacks if a.result}
    tags = _hex_tags(lay, list(shown.markers), style, results)
    _draw_counters(image, lay, box, units, style, {h: rows for h, (_, rows) in tags.items()})
    _draw_hex_markers(image, lay, box, tags)
    _arrows(lay, last, style, {u.hex for u in units}).composite(image, origin)
    _results(image, lay, origin, last, style)
    panel = status_panel(shown.panel_items(), image.width)
    if panel is not None:
        framed = Image.new("RGB", (image.width, image.height + panel.height))
        framed.paste(panel, (0, 0))
        framed.paste(image, (0, panel.height))
        image = framed
    return Picture(image, box, lay, (layer_key(board, style, size, names), image.size, last))


def _draw_counters(
    image: Image.Image, lay: Layout, box: Box, units: list[UnitOnMap], style: Style, rows: Mapping[Label, TagRows]
) -> None:
    """Each hex's stack, stepped down out of the band its hex tags take on top (``rows``), each
    counter's own tags starting below that band."""
    side = counter_side(lay.size)
    step = max(2, round(side * 0.09))
    tag_h = max(9, round(side * 0.27))
    for label, stack in stacks(units).items():
        cx, cy = lay.center(label)
        if not (box[0] - side < cx < box[2] + side and box[1] - side < cy < box[3] + side):
            continue
        fanned = len(stack) > 1 and style.fans_visible_stacks() and not any(u.hidden for u in stack)
        depth = len(stack) - 1 if fanned else min(len(stack) - 1, MAX_STACK_STEPS)
        # A fanned stack (every counter seen) shows each lower counter's bottom, its values, below the one above.
        dx, dy = (0.0, -side * FAN_STEP) if fanned else (step, step)
        x0 = cx - box[0] - side / 2 - depth * dx / 2
        y0 = cy - box[1] - side / 2 + depth * dy / 2
        tops = [y0 - k * dy for k in range(depth + 1)]
        band = rows.get(label)
        floor = -math.inf
        if band is not None:
            y0 += counter_shift(lay.size, band, min(tops) - (cy - box[1]), max(tops) + side + 1 - (cy - box[1]))
            floor = cy - box[1] + band.bottom + 1 if band.places and band.top < 0 else floor
        below = -math.inf  # a stack drawn squared: each lower counter's tags go on below the ones above, not under them
        for level in range(len(stack) - 1, -1, -1):
            unit = stack[level]
            k = level if fanned else min(level, MAX_STACK_STEPS)
            x, y = round(x0 + k * dx), round(y0 - k * dy)
            sprite = counter_sprite(counter_kind(unit.raw, style), side)
            image.paste(sprite, (x, y), sprite)
            if fanned:
                _draw_markers(image, unit, x + side, round(max(y - tag_h // 4, floor)) + tag_h // 4, tag_h, style)
        for level, unit in enumerate(stack if not fanned else ()):
            k = min(level, MAX_STACK_STEPS)
            x, y = round(x0 + k * dx), round(y0 - k * dy)
            top = round(max(y - tag_h // 4, floor, below))
            _draw_markers(image, unit, x + side, top + tag_h // 4, tag_h, style)
            below = top + len(unit.markers) * (tag_h - 1) + 1 if unit.markers else below
        if len(stack) > 1:
            badge = badge_sprite(len(stack), tag_h)
            bx, by = round(x0 - badge.width * 0.7), round(y0 + side - badge.height * 0.8)
            image.paste(badge, (bx, by), badge)


def _hex_tags(
    lay: Layout, markers: list[HexMarker], style: Style, below: set[Label]
) -> dict[Label, tuple[list[Image.Image], TagRows]]:
    """Each hex's marker tags and their rows inside it (``hextags``): from its top edge down, from
    its bottom edge up in the hexes of ``below``, whose top carries a combat result."""
    height = max(9, round(lay.size * 0.3))
    found: dict[Label, list[HexMarker]] = {}
    for m in markers:
        if m.hex in lay.grid:
            found.setdefault(m.hex, []).append(m)
    out: dict[Label, tuple[list[Image.Image], TagRows]] = {}
    for label, row in found.items():
        tags = []
        for m in row:
            paint = style.marker(m.text)
            tags.append(marker_sprite(m.shown, paint.fill, paint.text, height))
        out[label] = (tags, lay_out(lay.size, [tag.width for tag in tags], height, at_bottom=label in below))
    return out


def _draw_hex_markers(image: Image.Image, lay: Layout, box: Box, tags: Mapping[Label, tuple[list[Image.Image], TagRows]]) -> None:
    """Hex markers as tags in rows inside their hex, above any counters."""
    for label, (sprites, rows) in tags.items():
        cx, cy = lay.center(label)
        if not (box[0] - lay.size < cx < box[2] + lay.size and box[1] - lay.size < cy < box[3] + lay.size):
            continue
        for tag, (x, y) in zip(sprites, rows.places, strict=True):
            image.paste(tag, (round(cx - box[0]) + x, round(cy - box[1]) + y), tag)


def _draw_markers(image: Image.Image, unit: UnitOnMap, right: int, top: int, height: int, style: Style) -> None:
    y = top - height // 4
    for marker, label in unit.shown_markers():
        paint = style.marker(marker)
        tag = marker_sprite(label, paint.fill, paint.text, height)
        image.paste(tag, (right - tag.width + height // 2, y), tag)
        y += height - 1


def _highlights(lay: Layout, last: LastAction, style: Style) -> Overlay:
    overlay = Overlay()
    width = lay.size * 0.11
    mark = style.overlay("highlight")
    ends = {p[-1] for p in last.moves if p} | set(last.focus)
    for label in sorted(ends):
        if label in lay.grid:
            overlay.ring(lay.corners(label, 0.9), mark, width)
    for attack in last.attacks:
        if attack.target in lay.grid:
            overlay.ring(lay.corners(attack.target, 0.9), style.overlay("attack"), width)
    return overlay


def _path(lay: Layout, hexes: tuple[Label, ...]) -> list[Point]:
    return [lay.center(h) for h in hexes if h in lay.grid]


def _gaps(a: Point, b: Point, start: float, end: float, least: float) -> tuple[float, float]:
    """``start`` and ``end`` shrunk alike if they would leave less than ``least`` px of arrow."""
    room = math.dist(a, b) - start - end
    if room >= least:
        return start, end
    cut = (least - room) / 2
    return max(0.0, start - cut), max(0.0, end - cut)


def _exit(a: Point, b: Point, half: float) -> float:
    """How far from ``a``, toward ``b``, a line leaves a square counter centred on ``a``."""
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    n = math.hypot(dx, dy) or 1.0
    return half * n / max(dx, dy, 1e-9) + 2


def _arrows(lay: Layout, last: LastAction, style: Style, occupied: set[Label]) -> Overlay:
    overlay = Overlay()
    s = lay.size
    half = counter_side(s) * 0.5
    for kind, paths, width in (("move", last.moves, 0.13), ("retreat", last.retreats, 0.11)):
        for path in paths:
            pts = _path(lay, path)
            if len(pts) < 2:
                continue
            start = _exit(pts[0], pts[1], half) if path[0] in occupied else s * 0.15
            end = _exit(pts[-1], pts[-2], half)
            if len(pts) == 2:
                start, end = _gaps(pts[0], pts[1], start, end, s * 0.7)
            overlay.arrow(pts, style.overlay(kind), s * width, dashed=kind == "retreat", start_gap=start, end_gap=end)
    for attack in last.attacks:
        if attack.target not in lay.grid:
            continue
        target = lay.center(attack.target)
        for source in attack.sources:
            if source in lay.grid:
                origin = lay.center(source)
                start, end = _gaps(origin, target, _exit(origin, target, half), _exit(target, origin, half), s * 0.5)
                overlay.arrow([origin, target], style.overlay("attack"), s * 0.16, start_gap=start, end_gap=end)
    return overlay


def _results(image: Image.Image, lay: Layout, origin: tuple[int, int], last: LastAction, style: Style) -> None:
    height = max(12, round(lay.size * 0.5))
    for attack in last.attacks:
        if not attack.result or attack.target not in lay.grid:
            continue
        x, y = lay.center(attack.target)
        tag = marker_sprite(attack.result, style.overlay("attack"), "#ffffff", height)
        tx = round(x - origin[0] - tag.width / 2)
        ty = round(y - origin[1] - counter_side(lay.size) / 2 - height - max(3, height // 4))
        image.paste(tag, (tx, max(0, ty)), tag)
