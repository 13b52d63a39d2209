"""The map's compass (2.2.2): one numbering of the six directions for every rule that reads one,
the artillery's drift (O18.2.2.1-2) and the Breeze's wind (E48) alike.

Each map's ``map.toml`` transcribes its printed compass in a ``[compass]`` table: the number 1-6
to the grid direction it points to (``N``, ``NE``, ``SE``, ``S``, ``SW``, ``NW``: the order of
``engine.hexgrid``'s steps is NE, SE, S, SW, NW, N). 2.2.2 fixes 1 as the top, 2 the bottom, 3
and 4 the right side, 5 and 6 the left; which of each pair is the upper one is ruling R43
until a printed compass is transcribed.
"""

from __future__ import annotations

from engine.mapdata import MapData

#: The grid's direction names in ``engine.hexgrid.AXIAL_DIRECTIONS`` order.
NAMES = ("NE", "SE", "S", "SW", "NW", "N")
#: 2.2.2 with ruling R43 (3 upper right, 4 lower right, 5 lower left, 6 upper left).
DEFAULT = {1: "N", 2: "S", 3: "NE", 4: "SE", 5: "SW", 6: "NW"}
#: What 2.2.2 itself fixes: 1 the top, 2 the bottom, 3 and 4 the right side, 5 and 6 the left side.
SIDES = {1: ("N",), 2: ("S",), 3: ("NE", "SE"), 4: ("NE", "SE"), 5: ("SW", "NW"), 6: ("SW", "NW")}


def table(board: MapData) -> dict[int, str]:
    """The map's compass, number to direction name (the default where the map has none)."""
    raw = board.meta.get("compass")
    if not isinstance(raw, dict):
        return dict(DEFAULT)
    return {int(k): str(v) for k, v in raw.items()}


def direction(board: MapData, number: int) -> int:
    """The grid direction (``engine.hexgrid`` order) of compass number ``number`` on ``board`` (2.2.2)."""
    return NAMES.index(table(board)[number])


def problems(board: MapData) -> list[str]:
    """What is wrong with the map's ``[compass]`` table against 2.2.2."""
    raw = board.meta.get("compass")
    if raw is None:
        return []
    if not isinstance(raw, dict) or sorted(str(k) for k in raw) != ["1", "2", "3", "4", "5", "6"]:
        return ["[compass] must give the numbers 1 to 6 (2.2.2)"]
    found = {int(k): str(v) for k, v in raw.items()}
    out = [f"[compass] {n} = {d!r} is not one of {', '.join(SIDES[n])} (2.2.2)" for n, d in sorted(found.items()) if d not in SIDES[n]]
    if len(set(found.values())) != 6:
        out.append("[compass] two numbers point the same way (2.2.2)")
    return out
