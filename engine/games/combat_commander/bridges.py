"""The Minor Bridge (T80.2): a bridge wholly inside one hex, a feature beside the hex's terrain.

A map lists it in ``features.txt`` (``D9 minor_bridge``) and keeps the terrain under it in
``terrain.txt`` (the stream it spans); the Terrain Chart's ``[[feature]]`` entry gives the Bridge's
own values (T80: Cover 2, a Road making it 1; Hindrance 1). Ruling R72 reads the rest:

* the hex is a Bridge hex for every purpose but the cost of a step off its path (T78.1: the chart
  lists the Bridge before the Stream, as for a Main Bridge over a Stream), so it is not Water;
* its Cover is the better of the Bridge's and the other terrain's (T78.3: the player chooses one);
* a step along the road, trail or railway that crosses it costs 1, any other step into it the cost
  of the hex's other terrain (T80.2); when that terrain is impassable (a Water Barrier) the bridge
  is entered only along its path, and it is left by any hexside (T80.2 restricts no exit, T80.1 does).

``problems`` is the data check of a map's features: a Minor Bridge carries a path across its hex,
is no terrain of ``terrain.txt`` and never shares a hex with a Main Bridge.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.hexgrid import Label
from engine.mapdata import MapData

if TYPE_CHECKING:
    from engine.games.combat_commander.data import Terrain

MINOR = "minor_bridge"


def bridged(hexes: Mapping[str, Terrain], features: Mapping[str, Terrain], board: MapData) -> dict[Label, Terrain]:
    """Each Minor Bridge hex of ``board`` as the rules read it (R72): the Bridge's line of the chart,
    with the other terrain's cost for a step off its path and the better of the two Covers."""
    out: dict[Label, Terrain] = {}
    bridge = features.get(MINOR)
    if bridge is None:
        return out
    for label, kinds in board.features.items():
        under = hexes.get(board.terrain.get(label, ""))
        if MINOR in kinds and under is not None:
            move = under.move if under.move is not None else bridge.move
            out[label] = dataclasses.replace(bridge, move=move, cover=max(bridge.cover, under.cover), under=under.name)
    return out


def problems(board: MapData, hexes: Mapping[str, Terrain], features: Mapping[str, Terrain], paths: Mapping[str, Terrain]) -> list[str]:
    """What is wrong with the map's features (T80.2), for the data check."""
    out: list[str] = []
    for name in sorted(set(board.terrain.values()) & set(features)):
        out.append(f"terrain {name!r} is a feature beside a hex's terrain (features.txt), not a terrain of terrain.txt (T80.2)")
    for label, kinds in sorted(board.features.items()):
        out += [f"feature {kind!r} in {label} is not on the chart" for kind in sorted(kinds - set(features))]
        if MINOR not in kinds:
            continue
        terrain = hexes.get(board.terrain.get(label, ""))
        if terrain is not None and terrain.road_only:
            out.append(f"{label}: a Minor Bridge cannot lie in a Main Bridge hex (T80.1, T80.2)")
        crossed = [n for n in board.neighbours(label) if any(board.line(kind, label, n) is not None for kind in paths)]
        if len(crossed) < 2:
            out.append(f"{label}: a Minor Bridge carries a road, trail or railway across its hex, in and out (T80.2); {len(crossed)} hexside(s) crossed")
    return out


def terrain_of(hexes: Mapping[str, Terrain], features: Mapping[str, Terrain], board: MapData, label: Label) -> Terrain:
    """The line of the chart a hex reads as, for the callers without a ``Board`` (events): a Minor Bridge's hex the Bridge (R72)."""
    bridge = bridged(hexes, features, board).get(label) if label in board.features else None
    return bridge if bridge is not None else hexes[board.terrain[label]]
