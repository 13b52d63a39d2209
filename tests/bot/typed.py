"""Console input for tests: lines typed one at a time, each read before the next is typed."""

from __future__ import annotations

from collections.abc import Iterable

from bot.arrivals import Arrivals


class Typed(Arrivals):
    """``lines`` typed one by one: when one is read the next has not arrived yet."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._lines = [line if line.endswith("\n") else line + "\n" for line in lines]

    def readline(self) -> str:
        return self._lines.pop(0) if self._lines else ""

    def waiting(self) -> bool:
        return False
