"""The map as the rules read it: terrain per hex, line of sight, movement costs and Cover.

``Board`` joins a scenario's ``MapData`` (terrain, hexsides, roads), its elevation layer and the
Terrain Chart, and answers ``engine.los``'s protocol with Smoke and Blaze markers from the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from engine import los
from engine.games.combat_commander import bridges
from engine.games.combat_commander.data import GameData, Terrain
from engine.hexgrid import Hexside, Label, hexside
from engine.mapdata import MapData


@dataclass(frozen=True)
class Board:
    data: GameData
    map: MapData
    levels: Mapping[Label, int]
    #: Pairs whose LOS the owner set by hand from the printed map (``los.txt``): they override the computed LOS.
    hand_set: Mapping[Hexside, los.HandSet] = field(default_factory=dict)

    # Hexes ---------------------------------------------------------------------------------
    def terrain(self, label: Label) -> Terrain:
        """The hex's line of the chart; a Minor Bridge's hex reads as the Bridge (T80.2, R72)."""
        bridge = self._bridged.get(label)
        if bridge is not None:
            return bridge
        return self.data.hexes[self.map.terrain[label]]

    @cached_property
    def _bridged(self) -> dict[Label, Terrain]:
        return bridges.bridged(self.data.hexes, self.data.features, self.map)

    def level(self, label: Label) -> int:
        return self.levels.get(label, 0)

    def label(self, at: los.Axial) -> Label | None:
        return self.map.grid.from_axial(*at)

    def axial(self, label: Label) -> los.Axial:
        return self.map.grid.to_axial(label)

    def path_sides(self, label: Label, kind: str) -> frozenset[int]:
        out = set()
        for d in range(6):
            n = self.map.grid.neighbour(label, d)
            if n is not None and self.map.line(kind, label, n) is not None:
                out.add(d)
        return frozenset(out)

    def has_path(self, label: Label, kind: str) -> bool:
        return bool(self.path_sides(label, kind))

    def side_feature(self, a: Label, b: Label) -> Terrain | None:
        for name in sorted(self.map.side(a, b)):
            if name in self.data.sides:
                return self.data.sides[name]
        return None

    # Line of sight (10, T88) ------------------------------------------------------------------
    def sight(self, a: Label, b: Label, smoke: Mapping[str, int], blaze: frozenset[str]) -> los.Sight:
        """LOS from the map's layers and the markers, unless the owner set the pair by hand (then the markers still count)."""
        computed = los.line_of_sight(_Terrain(self, smoke, blaze), self.axial(a), self.axial(b))
        entry = self.hand_set.get(hexside(a, b))
        if entry is None:
            return computed
        return los.hand_set(computed, entry, (self.axial(a), self.axial(b)))

    # Movement (O21.1, T88.1) -------------------------------------------------------------------
    def move_cost(self, a: Label, b: Label) -> int | None:
        """MP to move from ``a`` into adjacent ``b``, or ``None`` if it cannot be entered."""
        terrain = self.terrain(b)
        if terrain.move is None or self.off_bridge_road(a, b):
            return None
        feature = self.side_feature(a, b)
        if feature is not None and feature.move is None:
            return None
        along = [k for k, p in self.data.paths.items() if self.map.line(k, a, b) is not None and p.move is not None]
        cost = 1 if along else terrain.move
        if feature is not None and feature.move is not None:
            cost += feature.move
        if self.level(b) > self.level(a):
            cost += 1
        return cost

    def off_bridge_road(self, a: Label, b: Label) -> bool:
        """A step between adjacent ``a`` and ``b`` that a bridge makes impassable (``bridge_rule``)."""
        return self.bridge_rule(a, b) is not None

    def bridge_rule(self, a: Label, b: Label) -> str | None:
        """The rule making the step from ``a`` into adjacent ``b`` impassable across a hexside no Road,
        Trail or Railway crosses: into or out of a Main Bridge (T80.1, O16.3, O21.4), or into a Minor
        Bridge over impassable terrain (T80.2, R72); ``None`` when no bridge forbids it."""
        main = self.terrain(a).road_only or self.terrain(b).road_only
        minor = b in self._bridged and self.data.hexes[self.map.terrain[b]].move is None
        if not (main or minor) or any(self.map.line(kind, a, b) is not None for kind in self.data.paths):
            return None
        return "T80.1" if main else "T80.2"

    # Cover (T78.3, T93) ------------------------------------------------------------------------
    def cover(self, label: Label) -> int:
        """The hex's Cover, with a road's -1 (T93)."""
        value = self.terrain(label).cover
        if self.has_path(label, "road"):
            value -= 1
        return value


@dataclass(frozen=True)
class _Terrain:
    board: Board
    smoke: Mapping[str, int]
    blaze: frozenset[str]

    def hex_los(self, at: los.Axial) -> los.HexLos | None:
        label = self.board.label(at)
        if label is None:
            return None
        t = self.board.terrain(label)
        paths = tuple(
            los.PathLos(kind, sides, self.board.data.paths[kind].across)
            for kind in self.board.data.paths
            if (sides := self.board.path_sides(label, kind))
        )
        return los.HexLos(
            name=t.name,
            level=self.board.level(label),
            obstacle=t.obstacle,
            hindrance=t.hindrance,
            blind=t.blind,
            gully=t.gully,
            paths=paths,
            smoke=int(self.smoke.get(label, 0)),
            blaze=label in self.blaze,
        )

    def side_los(self, a: los.Axial, b: los.Axial) -> los.SideLos | None:
        la, lb = self.board.label(a), self.board.label(b)
        if la is None or lb is None:
            return None
        feature = self.board.side_feature(la, lb)
        if feature is None or not (feature.obstacle or feature.hindrance):
            return None
        return los.SideLos(feature.name, feature.obstacle, feature.hindrance)
