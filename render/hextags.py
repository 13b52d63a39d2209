"""Where a hex's marker tags go: in rows inside the hex, from its top edge down (from its bottom
edge up where a combat result takes the top), each row no wider than the hex where it runs.

Tags laid along the hexside itself looked as if they belonged to the hex above, and overlapped a
counter's own tags; here every tag stays inside its hex, and the band the rows take is given to
the counters, which step down out of it (``counter_shift``) and start their tags below it.
Geometry only (offsets from the hex's centre, in px), for flat-topped hexes of corner radius
``size``: the half-width at height ``y`` from the centre is ``size - |y| / sqrt(3)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SQRT3 = math.sqrt(3)
GAP = 1  # px between tags and between rows
SHIFT = 0.6  # a row moves inward by up to this share of a tag's height to take one more tag


@dataclass(frozen=True)
class TagRows:
    """Each tag's top-left corner from the hex's centre, and the band the rows take (``top`` to
    ``bottom``, from the centre; both 0 without tags)."""

    places: tuple[tuple[int, int], ...]
    top: float
    bottom: float


def inset(size: float) -> float:
    """How far inside the hexside the outer row starts (the hex's outline stays visible)."""
    return max(1.0, size * 0.06)


def half_width(size: float, y: float) -> float:
    """Half the hex's width at height ``y`` from its centre."""
    return max(0.0, size - abs(y) / SQRT3)


def _room(size: float, outer: float, height: int) -> float:
    """The width a row whose outer side is at ``outer`` may take: measured a quarter of the row in
    (the tags' rounded corners), less a px each side."""
    inner = outer + height * 0.25 if outer < 0 else outer - height * 0.25
    return 2 * half_width(size, inner) - 2 * GAP


def _outer_for(size: float, width: float, height: int, top: bool) -> float:
    """The outer side of a row nearest the edge where a row ``width`` wide fits."""
    y = SQRT3 * (size - (width + 2 * GAP) / 2) + height * 0.25  # |outer| at which _room equals width
    return -y if top else y


def lay_out(size: float, widths: list[int], height: int, at_bottom: bool = False) -> TagRows:
    """Rows of tags ``widths`` wide and ``height`` high inside the hex, in order, from its top edge
    (``at_bottom``: from its bottom edge); a row too wide for where it would run moves inward."""
    if not widths:
        return TagRows((), 0.0, 0.0)
    top = not at_bottom
    edge = size * SQRT3 / 2 - inset(size)
    outer = -edge if top else edge
    places: list[tuple[int, int]] = []
    i = 0
    while i < len(widths):
        row = [widths[i]]
        room = _room(size, outer, height)
        if widths[i] > room:  # a lone tag too wide here: further in, where it fits (never past the centre)
            wanted = _outer_for(size, widths[i], height, top)
            outer = max(outer, min(wanted, 0.0)) if top else min(outer, max(wanted, 0.0))
            room = _room(size, outer, height)
        while i + len(row) < len(widths):
            wider = sum(row) + GAP * len(row) + widths[i + len(row)]
            if wider > room:  # the row may move inward by up to half a tag to take one more
                wanted = _outer_for(size, wider, height, top)
                if abs(wanted - outer) > height * SHIFT or (wanted > 0 if top else wanted < 0):
                    break
                outer, room = wanted, _room(size, wanted, height)
            row.append(widths[i + len(row)])
        y = outer if top else outer - height
        x = -(sum(row) + GAP * (len(row) - 1)) / 2
        for w in row:
            places.append((round(x), round(y)))
            x += w + GAP
        i += len(row)
        outer = outer + height + GAP if top else outer - height - GAP
    first = -edge if top else edge
    last = outer - GAP if top else outer + GAP
    if abs(last) > edge and (last > 0) == top:  # past the far hexside (a small hex): as many rows as it holds, wider
        return _crowded(size, widths, height, top)
    return TagRows(tuple(places), min(first, last), max(first, last))


def _crowded(size: float, widths: list[int], height: int, top: bool) -> TagRows:
    """The tags in as many rows as the hex's height holds, from its edge, as even as their count
    allows: wider than the hex where they must be, never into the hex above or below."""
    edge = size * SQRT3 / 2 - inset(size)
    count = max(1, min(len(widths), int((2 * edge + GAP) // (height + GAP))))
    per = -(-len(widths) // count)
    places: list[tuple[int, int]] = []
    y = -edge if top else edge - height
    for start in range(0, len(widths), per):
        row = widths[start:start + per]
        x = -(sum(row) + GAP * (len(row) - 1)) / 2
        for w in row:
            places.append((round(x), round(y)))
            x += w + GAP
        y += (height + GAP) if top else -(height + GAP)
    far = y - GAP if top else y + height + GAP
    return TagRows(tuple(places), min(-edge if top else edge, far), max(-edge if top else edge, far))


def counter_shift(size: float, rows: TagRows, stack_top: float, stack_bottom: float) -> float:
    """How far down a stack spanning ``stack_top`` to ``stack_bottom`` (from the centre) steps to
    clear top rows ending at ``rows.bottom``: as far as the room below it allows."""
    if not rows.places or rows.top >= 0:
        return 0.0
    needed = rows.bottom + GAP - stack_top
    room = size * SQRT3 / 2 - inset(size) - stack_bottom
    return max(0.0, min(needed, room))
