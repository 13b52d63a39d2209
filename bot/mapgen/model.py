"""The map being generated: a mutable, label-keyed picture of what the text files will hold."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.hexgrid import Grid, Hexside, Label, hexside


@dataclass
class Line:
    """A road or railway through consecutive adjacent hexes."""

    kind: str
    flags: tuple[str, ...]
    hexes: list[Label]
    why: str = ""


@dataclass
class PlaceOut:
    name: str
    kind: str
    attrs: dict[str, str] = field(default_factory=dict)


@dataclass
class MapModel:
    grid: Grid
    terrain: dict[Label, str]
    sides: dict[Hexside, set[str]] = field(default_factory=dict)
    side_notes: dict[Hexside, set[str]] = field(default_factory=dict)  # names, for comments
    lines: list[Line] = field(default_factory=list)
    places: dict[Label, PlaceOut] = field(default_factory=dict)
    zones: dict[str, set[Label]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def add_side(self, a: Label, b: Label, *features: str, note: str = "") -> None:
        self.sides.setdefault(hexside(a, b), set()).update(features)
        if note:
            self.side_notes.setdefault(hexside(a, b), set()).add(note)

    def remove_side(self, a: Label, b: Label, *features: str) -> None:
        key = hexside(a, b)
        if key not in self.sides:
            return
        if features:
            self.sides[key] -= set(features)
        else:
            self.sides[key] = set()
        if not self.sides[key]:
            del self.sides[key]
            self.side_notes.pop(key, None)

    def place_named(self, name: str) -> Label | None:
        for label, place in self.places.items():
            if place.name.casefold() == name.casefold():
                return label
        return None

    def segments(self, kind: str) -> dict[Hexside, tuple[str, ...]]:
        """Every segment of ``kind`` with its flags; a segment any line gives no flags has none
        (flags only restrict, so an ordinary line through the same two hexes wins)."""
        out: dict[Hexside, tuple[str, ...]] = {}
        for line in self.lines:
            if line.kind != kind:
                continue
            for a, b in zip(line.hexes, line.hexes[1:], strict=False):
                key = hexside(a, b)
                if key in out:
                    out[key] = tuple(f for f in out[key] if f in line.flags)
                else:
                    out[key] = line.flags
        return out
