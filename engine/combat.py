"""Combat helpers: odds and differential columns, column shifts with limits, table lookup."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class OddsColumns:
    """Odds columns such as 1-2, 1-1, 2-1 ... 9-1, each ``(attack, defence)``.

    ``index`` rounds the ratio down in the defender's favour. Ratios below the first column
    continue as 1-3, 1-4 ... (negative indices) and above the last as 10-1, 11-1 ... so that
    shifts can be applied before limits are checked.
    """

    columns: tuple[tuple[int, int], ...]

    def label(self, index: int) -> str:
        if 0 <= index < len(self.columns):
            a, d = self.columns[index]
            return f"{a}-{d}"
        if index < 0:
            first_a, first_d = self.columns[0]
            return f"1-{first_d - index}" if first_a == 1 else f"<{first_a}-{first_d}"
        last_a, last_d = self.columns[-1]
        return f"{last_a + index - len(self.columns) + 1}-{last_d}"

    def index(self, attack: float, defence: float) -> int:
        if defence <= 0:
            return len(self.columns) + 1000
        if attack <= 0:
            return -1000
        ratio = attack / defence
        best: int | None = None
        for i, (a, d) in enumerate(self.columns):
            if ratio + 1e-9 >= a / d:
                best = i
        if best is None:
            # Below the first column: 1-n with n = ceil(D / A), continuing downward.
            first_a, first_d = self.columns[0]
            n = math.ceil(defence / attack - 1e-9)
            return -(n - first_d) if first_a == 1 else -1
        if best == len(self.columns) - 1:
            last_a, last_d = self.columns[-1]
            if last_d == 1:
                return best + max(0, math.floor(ratio + 1e-9) - last_a)
        return best


def differential_index(attack: int, defence: int, first: int, last: int) -> int:
    """Column of a differential table whose columns run from ``first`` to ``last``."""
    return max(first, min(last, attack - defence)) - first


def shift(index: int, right: int, left: int) -> int:
    return index + right - left


def clamp(index: int, lowest: int, highest: int) -> int:
    return max(lowest, min(highest, index))


@dataclass(frozen=True)
class Table:
    """A printed table: row keys (die rolls), column keys, and cells."""

    rows: tuple[int, ...]
    columns: tuple[str, ...]
    cells: Mapping[tuple[int, str], str]

    def lookup(self, row: int, column: str) -> str:
        row = max(self.rows[0], min(self.rows[-1], row))
        return self.cells[(row, column)]

    @staticmethod
    def from_rows(columns: Sequence[str], rows: Mapping[int, Sequence[str]]) -> Table:
        cells = {}
        for r, values in rows.items():
            if len(values) != len(columns):
                raise ValueError(f"row {r} has {len(values)} cells for {len(columns)} columns")
            for c, v in zip(columns, values, strict=True):
                cells[(r, c)] = v
        return Table(tuple(sorted(rows)), tuple(columns), cells)
