"""The last pictures drawn, kept by everything they show, so an unchanged picture is not drawn again.

Many orders leave a viewer's picture as it was (a hidden deployment seen from the other side,
an administrative step, a phase end with nothing moved): in random play through Schwerpunkt and
Across the Bug River more than half of the pictures were the same pixels as an earlier one, each
drawn and encoded again for about 14 ms. A picture is kept under its map, style, place names,
viewer, crop kind and the viewer's whole typed map (``engine.mapview.MapView``, compared by its
``repr``: every value it holds, the counters' raw fields included), so a hit is the picture that
would be drawn: never another viewer's (the viewer is part of the key) and never an older state.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

PICTURES_KEPT = 24  # about 3 MB of PNG: a few replies' public and private pictures

T = TypeVar("T")


class Kept(Generic[T]):
    """The latest ``size`` values drawn, by key (the service draws in two threads: locked)."""

    def __init__(self, size: int = PICTURES_KEPT) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()
        _every.append(self)

    def drawn_once(self, key: Hashable, draw: Callable[[], T | None]) -> T | None:
        """The value kept under ``key``, else ``draw()``'s, kept for the next time."""
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
                return value
        value = draw()
        if value is not None:
            with self._lock:
                self._kept[key] = value
                while len(self._kept) > self.size:
                    self._kept.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


_every: list[Kept[Any]] = []
_pictures: Kept[bytes] = Kept()


def drawn_once(key: Hashable, draw: Callable[[], bytes | None]) -> bytes | None:
    """The picture kept under ``key``, else ``draw()``'s, kept for the next time."""
    return _pictures.drawn_once(key, draw)


def forget() -> None:
    """Forget every kept picture (and everything kept with one, such as its description)."""
    for kept in _every:
        kept.clear()
