"""Hex geometry: axial coordinates and the printed four-digit labels of a map.

A printed label ``2314`` is column 23, row 14 (or row 23, column 14 on maps printed the other
way round: ``order``). Maps differ in these conventions, all part of ``Grid``: the number of the
first column and row (``00``, ``01`` or any other), which columns (those with even or odd
printed numbers) are shifted half a hex down, and the order of the two numbers. Hexes are flat-topped
with vertical columns, as on most wargame maps. Tactical maps print a column letter and a row
number instead (``C7``: column C, row 7): ``order = "letters"``, columns ``A`` to ``Z``.

Directions are numbered 0..5 clockwise from north-east for flat-top hexes; direction ``d``
and ``(d + 3) % 6`` are opposite, which rules about "opposite sides" use.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

Label = str
Hexside = tuple[Label, Label]

# Axial (q, r) steps for flat-top hexes: NE, SE, S, SW, NW, N.
AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, -1),
    (1, 0),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
)


def hexside(a: Label, b: Label) -> Hexside:
    """The key of the hexside between hexes ``a`` and ``b``: the unordered pair, sorted."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Grid:
    """The printed grid of one map: its size and its labelling convention."""

    cols: int
    rows: int
    first_col: int = 1
    first_row: int = 1
    shifted: Literal["even", "odd"] = "even"
    order: Literal["colrow", "rowcol", "letters"] = "colrow"
    digits: int = 2
    _labels: frozenset[str] = field(init=False, repr=False, compare=False)
    # Each hex's axial coordinates and six neighbours, found once (searches ask them again and again).
    _axial: dict[str, tuple[int, int]] = field(init=False, repr=False, compare=False, default_factory=dict)
    _six: dict[str, tuple[str | None, ...]] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        labels = frozenset(
            self.label(c, r)
            for c in range(self.first_col, self.first_col + self.cols)
            for r in range(self.first_row, self.first_row + self.rows)
        )
        object.__setattr__(self, "_labels", labels)

    # Labels ---------------------------------------------------------------------------------
    def label(self, col: int, row: int) -> Label:
        if self.order == "letters":
            return f"{chr(ord('A') + col - self.first_col)}{row}"
        if self.order == "rowcol":
            return f"{row:0{self.digits}d}{col:0{self.digits}d}"
        return f"{col:0{self.digits}d}{row:0{self.digits}d}"

    def parse(self, label: Label) -> tuple[int, int]:
        """Column and row of a printed label; ``ValueError`` if it is not a label of this map."""
        if label not in self._labels:
            raise ValueError(f"{label!r} is not a hex of this map")
        if self.order == "letters":
            return ord(label[0]) - ord("A") + self.first_col, int(label[1:])
        a, b = int(label[: self.digits]), int(label[self.digits :])
        return (b, a) if self.order == "rowcol" else (a, b)

    def __contains__(self, label: object) -> bool:
        return isinstance(label, str) and label in self._labels

    def labels(self) -> Iterator[Label]:
        for c in range(self.first_col, self.first_col + self.cols):
            for r in range(self.first_row, self.first_row + self.rows):
                yield self.label(c, r)

    # Coordinates ----------------------------------------------------------------------------
    def _is_shifted(self, col: int) -> bool:
        return (col % 2 == 0) == (self.shifted == "even")

    def to_axial(self, label: Label) -> tuple[int, int]:
        found = self._axial.get(label)
        if found is None:
            col, row = self.parse(label)
            found = self._axial[label] = self.axial_of(col, row)
        return found

    def axial_of(self, col: int, row: int) -> tuple[int, int]:
        # Offset columns ("even-q" or "odd-q"): a shifted column sits half a hex lower.
        if self.shifted == "even":
            return col, row - (col + (col & 1)) // 2
        return col, row - (col - (col & 1)) // 2

    def from_axial(self, q: int, r: int) -> Label | None:
        if self.shifted == "even":
            row = r + (q + (q & 1)) // 2
        else:
            row = r + (q - (q & 1)) // 2
        if q < 0 or row < 0:
            return None
        label = self.label(q, row)
        return label if label in self._labels else None

    def _around(self, label: Label) -> tuple[Label | None, ...]:
        """The hex in each of the six directions (``None`` off the map)."""
        found = self._six.get(label)
        if found is None:
            q, r = self.to_axial(label)
            found = self._six[label] = tuple(self.from_axial(q + dq, r + dr) for dq, dr in AXIAL_DIRECTIONS)
        return found

    def neighbour(self, label: Label, direction: int) -> Label | None:
        return self._around(label)[direction % 6]

    def neighbours(self, label: Label) -> list[Label]:
        """The on-map neighbours of ``label``, in direction order."""
        return [n for n in self._around(label) if n is not None]

    def direction(self, a: Label, b: Label) -> int | None:
        """The direction from ``a`` to adjacent ``b``, or ``None`` if they are not adjacent."""
        around = self._around(a)
        for d in range(6):
            if around[d] == b:
                return d
        return None

    def adjacent(self, a: Label, b: Label) -> bool:
        return self.direction(a, b) is not None

    def distance(self, a: Label, b: Label) -> int:
        q1, r1 = self.to_axial(a)
        q2, r2 = self.to_axial(b)
        return (abs(q1 - q2) + abs(r1 - r2) + abs((q1 + r1) - (q2 + r2))) // 2

    def within(self, label: Label, radius: int) -> list[Label]:
        """Every on-map hex at distance at most ``radius`` from ``label``."""
        q0, r0 = self.to_axial(label)
        out = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                lab = self.from_axial(q0 + dq, r0 + dr)
                if lab is not None:
                    out.append(lab)
        return out

    def flanking(self, a: Label, b: Label) -> list[Label]:
        """The (up to two) hexes adjacent to both ``a`` and ``b``: the ends of their hexside."""
        d = self.direction(a, b)
        if d is None:
            return []
        out = []
        for side in (d - 1, d + 1):
            n = self.neighbour(a, side)
            if n is not None:
                out.append(n)
        return out

    # Drawing --------------------------------------------------------------------------------
    def center(self, label: Label, size: float) -> tuple[float, float]:
        """Pixel centre of a hex whose corner radius is ``size``, column 0 / row 0 at origin."""
        col, row = self.parse(label)
        c = col - self.first_col
        r = row - self.first_row
        x = size * 1.5 * c + size
        y = size * math.sqrt(3) * (r + (0.5 if self._is_shifted(col) else 0.0)) + size * math.sqrt(3) / 2
        return x, y

    def corners(self, label: Label, size: float) -> list[tuple[float, float]]:
        x, y = self.center(label, size)
        return [
            (x + size * math.cos(math.radians(60 * i)), y + size * math.sin(math.radians(60 * i)))
            for i in range(6)
        ]

    def pixel_size(self, size: float) -> tuple[float, float]:
        width = size * 1.5 * (self.cols - 1) + 2 * size
        height = size * math.sqrt(3) * (self.rows + 0.5)
        return width, height
