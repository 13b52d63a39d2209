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

PICTURES_KEPT = 24  # about 3 MB of PNG: a few replies' public and private pictures

_kept: OrderedDict[Hashable, bytes] = OrderedDict()
_lock = threading.Lock()  # the service draws in two threads


def drawn_once(key: Hashable, draw: Callable[[], bytes | None]) -> bytes | None:
    """The picture kept under ``key``, else ``draw()``'s, kept for the next time."""
    with _lock:
        data = _kept.get(key)
        if data is not None:
            _kept.move_to_end(key)
            return data
    data = draw()
    if data is not None:
        with _lock:
            _kept[key] = data
            while len(_kept) > PICTURES_KEPT:
                _kept.popitem(last=False)
    return data


def forget() -> None:
    """Forget every kept picture."""
    with _lock:
        _kept.clear()
