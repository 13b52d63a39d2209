"""Answers found once per immutable object (a map, a counter list, a game's rules).

A search asks the same map questions thousands of times; the answers depend only on printed data,
so they are kept beside the object they were read from. The key is the object's identity, checked
against the object itself, so an answer never outlives it (a campaign's own map edits make another
map object); at most ``size`` objects are kept, the whole table being dropped when it is full. The
engine stays pure: nothing kept depends on a campaign's state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

V = TypeVar("V")


class PerObject(Generic[V]):
    """``table(owner)``: what ``make(owner)`` gave for this very object, made on first asking."""

    def __init__(self, make: Callable[[object], V], size: int = 16) -> None:
        self._make = make
        self._size = size
        self._kept: dict[int, tuple[object, V]] = {}

    def __call__(self, owner: object) -> V:
        kept = self._kept.get(id(owner))
        if kept is None or kept[0] is not owner:
            if len(self._kept) >= self._size:
                self._kept.clear()
            kept = self._kept[id(owner)] = (owner, self._make(owner))
        return kept[1]
