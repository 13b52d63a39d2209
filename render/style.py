"""A game's render style: counter colours, unit-type symbols, terrain palette, overlay colours.

Styles are data (``render/styles/<game>.toml``), merged onto ``render/styles/default.toml``
table by table, so a game's file holds only what differs from the default.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

RGB = tuple[int, int, int]
STYLES = Path(__file__).resolve().parent / "styles"


def rgb(colour: str) -> RGB:
    """``#rrggbb`` as an RGB tuple."""
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


@dataclass(frozen=True)
class Paint:
    """A fill colour and the colour of text and lines drawn on it."""

    fill: str
    text: str


@dataclass(frozen=True)
class TerrainPaint:
    fill: str
    pattern: str = "none"
    ink: str = "#000000"


@dataclass(frozen=True)
class Style:
    name: str
    tables: Mapping[str, Mapping[str, Any]]

    def side(self, side: str) -> Paint:
        spec = self.tables["sides"].get(side) or self.tables["sides"]["default"]
        return Paint(spec["fill"], spec["text"])

    def unit_paint(self, side: str, nationality: str | None) -> Paint:
        spec = self.tables["nationalities"].get(nationality or "")
        return Paint(spec["fill"], spec["text"]) if spec else self.side(side)

    def symbol(self, unit_type: str) -> tuple[str, ...]:
        parts = self.tables["types"].get(unit_type) or self.tables["types"].get(unit_type.upper())
        return tuple(parts) if parts else ("infantry",)

    def terrain(self, name: str) -> TerrainPaint:
        spec = self.tables["terrain"].get(name) or self.tables["terrain"]["default"]
        return TerrainPaint(spec["fill"], spec.get("pattern", "none"), spec.get("ink", "#000000"))

    def marker(self, marker: str) -> Paint:
        table = self.tables["markers"]
        spec = table.get(marker) or table.get(marker.split(" ")[0]) or table["default"]  # "Smoke 4" is painted as "Smoke"
        return Paint(spec["fill"], spec["text"])

    def fans_visible_stacks(self) -> bool:
        """Whether a stack whose every counter the viewer sees is drawn fanned out, each lower
        counter's values showing below the one above (``[stacks] fan_visible``, default off)."""
        return bool(self.tables.get("stacks", {}).get("fan_visible", False))

    def map_colour(self, key: str) -> str:
        return str(self.tables["map"][key])

    def overlay(self, key: str) -> str:
        return str(self.tables["overlay"][key])

    def side_feature(self, feature: str) -> Mapping[str, Any] | None:
        return self.tables["sides_features"].get(feature)

    def line(self, kind: str) -> Mapping[str, Any] | None:
        return self.tables["lines"].get(kind)

    def digest(self) -> str:
        """A hash of everything that changes how the map is drawn (for cache keys)."""
        keys = ("terrain", "map", "sides_features", "lines")
        blob = json.dumps({k: self.tables[k] for k in keys}, sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()


def _read(name: str) -> dict[str, Any] | None:
    path = STYLES / f"{name}.toml"
    if not path.is_file():
        return None
    return tomllib.loads(path.read_text(encoding="utf-8"))


@cache
def load_style(game: str) -> Style:
    """The style of ``game``: its own file merged onto the default one."""
    base = _read("default") or {}
    tables: dict[str, dict[str, Any]] = {k: dict(v) for k, v in base.items()}
    for key, table in (_read(game) or {}).items():
        tables.setdefault(key, {}).update(table)
    return Style(game, tables)
