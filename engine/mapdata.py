"""The map data model and its readable text format.

A map is a folder of small text files that a person can read and edit:

``map.toml``
    ``name``, a ``[grid]`` table (``cols``, ``rows``, ``first_col``, ``first_row``, ``shifted``, ``order``),
    a ``[terrain_codes]`` table mapping one character to a terrain name, and optional
    ``[sides]`` / ``[lines]`` tables naming the hexside features and line kinds it uses.
``terrain.txt``
    One line per row: the printed row number, then one terrain code per column (first column
    first, no separators). ``#`` starts a comment.
``hexsides.txt``
    ``HEX HEX feature [feature ...]``: features of the hexside between two adjacent hexes.
``lines.txt``
    ``kind[:flag,flag] HEX HEX HEX ...``: a road, railway or other line through hex centres;
    every consecutive pair must be adjacent.
``places.txt``
    ``HEX | name | kind | key=value key=value``: towns, cities, ports, entry hexes and so on.
``zones.txt``
    ``zone-name: HEX HEX ...``: named sets of hexes (setup zones, coasts, entry areas).
``features.txt``
    ``HEX feature [feature ...]``: what lies in a hex beside its terrain without replacing it (a
    bridge wholly inside the hex over the hex's stream, say); ``map.toml``'s ``[features]`` table
    names the kinds the map uses (``kinds = [...]``).

Every data file starts with a provenance line (``# PROVISIONAL ...`` or ``# TRANSCRIBED ...``).
Parsing is pure: the caller hands in the texts. ``validate_map`` lists every problem found.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.hexgrid import Grid, Hexside, Label, hexside

MAP_FILES = ("map.toml", "terrain.txt", "hexsides.txt", "lines.txt", "places.txt", "zones.txt")
#: Files only the maps that need them have.
OPTIONAL_FILES = ("features.txt",)


@dataclass(frozen=True)
class Place:
    """A named point of the map: a town, a city, a port, an entry hex."""

    hex: Label
    name: str
    kind: str
    attrs: Mapping[str, str] = field(default_factory=dict)

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.attrs.get(key, default)


@dataclass(frozen=True)
class MapData:
    """Everything a game needs to know about its map, keyed by printed hex label."""

    name: str
    grid: Grid
    terrain: Mapping[Label, str]
    sides: Mapping[Hexside, frozenset[str]]
    lines: Mapping[str, Mapping[Hexside, frozenset[str]]]
    places: Mapping[Label, Place]
    zones: Mapping[str, frozenset[Label]]
    meta: Mapping[str, Any] = field(default_factory=dict)
    #: The level of each hex (a game's elevation layer, e.g. ``levels.txt``); empty on flat maps.
    levels: Mapping[Label, int] = field(default_factory=dict)
    #: What lies in a hex beside its terrain (``features.txt``), by hex; empty on most maps.
    features: Mapping[Label, frozenset[str]] = field(default_factory=dict)
    _neighbours: dict[Label, tuple[Label, ...]] = field(default_factory=dict, repr=False)

    def neighbours(self, label: Label) -> tuple[Label, ...]:
        cached = self._neighbours.get(label)
        if cached is None:
            cached = tuple(self.grid.neighbours(label))
            self._neighbours[label] = cached
        return cached

    def side(self, a: Label, b: Label) -> frozenset[str]:
        return self.sides.get(hexside(a, b), frozenset())

    def line(self, kind: str, a: Label, b: Label) -> frozenset[str] | None:
        """The flags of the ``kind`` line between ``a`` and ``b``, or ``None`` if there is none."""
        return self.lines.get(kind, {}).get(hexside(a, b))

    def on_line(self, kind: str, label: Label) -> bool:
        return any(label in edge for edge in self.lines.get(kind, {}))

    def place_named(self, name: str) -> Place | None:
        key = name.casefold()
        for place in self.places.values():
            if place.name.casefold() == key:
                return place
        return None

    def zone(self, name: str) -> frozenset[Label]:
        return self.zones.get(name, frozenset())


class MapFormatError(ValueError):
    """The map files cannot be parsed; ``problems`` lists every one found."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems[:10]))
        self.problems = problems


def _content_lines(text: str) -> list[tuple[int, str]]:
    out = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].rstrip()
        if line.strip():
            out.append((n, line))
    return out


def parse_map(texts: Mapping[str, str]) -> tuple[MapData | None, list[str]]:
    """Parse the map files; returns the map (or ``None``) and the list of problems found."""
    problems: list[str] = []
    for name in (*MAP_FILES, *OPTIONAL_FILES):
        text = texts.get(name)
        if text is None:
            if name in ("map.toml", "terrain.txt"):
                problems.append(f"{name}: missing")
            continue
        head = text.lstrip().splitlines()[0] if text.strip() else ""
        if not any(w in head.upper() for w in ("PROVISIONAL", "TRANSCRIBED", "SOURCE")):
            problems.append(f"{name}: line 1 must say where the data comes from (PROVISIONAL/TRANSCRIBED/SOURCE)")
    if "map.toml" not in texts or "terrain.txt" not in texts:
        return None, problems
    try:
        meta = tomllib.loads(texts["map.toml"])
    except tomllib.TOMLDecodeError as exc:
        return None, problems + [f"map.toml: {exc}"]
    g = meta.get("grid", {})
    try:
        grid = Grid(
            cols=int(g["cols"]),
            rows=int(g["rows"]),
            first_col=int(g.get("first_col", 1)),
            first_row=int(g.get("first_row", 1)),
            shifted=g.get("shifted", "even"),
            order=g.get("order", "colrow"),
        )
    except (KeyError, ValueError, TypeError) as exc:
        return None, problems + [f"map.toml: bad [grid] table ({exc})"]
    codes: dict[str, str] = dict(meta.get("terrain_codes", {}))
    known_sides = set(meta.get("sides", {}).get("features", []))
    known_lines = set(meta.get("lines", {}).get("kinds", []))

    terrain: dict[Label, str] = {}
    for n, line in _content_lines(texts["terrain.txt"]):
        parts = line.split(None, 1)
        if len(parts) != 2 or not parts[0].isdigit():
            problems.append(f"terrain.txt:{n}: expected 'ROW CODES'")
            continue
        row = int(parts[0])
        row_codes = parts[1].strip()
        if len(row_codes) != grid.cols:
            problems.append(f"terrain.txt:{n}: row {row} has {len(row_codes)} codes, the grid has {grid.cols} columns")
        for i, ch in enumerate(row_codes[: grid.cols]):
            col = grid.first_col + i
            label = grid.label(col, row)
            if label not in grid:
                problems.append(f"terrain.txt:{n}: row {row} is outside the grid")
                break
            if ch not in codes:
                problems.append(f"terrain.txt:{n}: unknown terrain code {ch!r} at {label}")
                continue
            terrain[label] = codes[ch]
    missing = [lab for lab in grid.labels() if lab not in terrain]
    if missing:
        problems.append(f"terrain.txt: {len(missing)} hexes have no terrain (first: {missing[0]})")

    def check_hex(file: str, n: int, label: str) -> bool:
        if label not in grid:
            problems.append(f"{file}:{n}: {label!r} is not a hex of this map")
            return False
        return True

    sides: dict[Hexside, frozenset[str]] = {}
    for n, line in _content_lines(texts.get("hexsides.txt", "")):
        parts = line.split()
        if len(parts) < 3:
            problems.append(f"hexsides.txt:{n}: expected 'HEX HEX feature...'")
            continue
        a, b, feats = parts[0], parts[1], parts[2:]
        if not (check_hex("hexsides.txt", n, a) and check_hex("hexsides.txt", n, b)):
            continue
        if not grid.adjacent(a, b):
            problems.append(f"hexsides.txt:{n}: {a} and {b} are not adjacent")
            continue
        for f in feats:
            if known_sides and f not in known_sides:
                problems.append(f"hexsides.txt:{n}: unknown feature {f!r} (known: {', '.join(sorted(known_sides))})")
        key = hexside(a, b)
        sides[key] = sides.get(key, frozenset()) | frozenset(feats)

    lines: dict[str, dict[Hexside, frozenset[str]]] = {}
    for n, line in _content_lines(texts.get("lines.txt", "")):
        parts = line.split()
        if len(parts) < 3:
            problems.append(f"lines.txt:{n}: expected 'kind HEX HEX ...'")
            continue
        kind, _, flagtext = parts[0].partition(":")
        flags = frozenset(f for f in flagtext.split(",") if f)
        if known_lines and kind not in known_lines:
            problems.append(f"lines.txt:{n}: unknown line kind {kind!r}")
        hexes = parts[1:]
        ok = all(check_hex("lines.txt", n, h) for h in hexes)
        if not ok:
            continue
        for a, b in zip(hexes, hexes[1:], strict=False):
            if not grid.adjacent(a, b):
                problems.append(f"lines.txt:{n}: {a} and {b} are not adjacent")
                continue
            lines.setdefault(kind, {})[hexside(a, b)] = flags

    places: dict[Label, Place] = {}
    for n, line in _content_lines(texts.get("places.txt", "")):
        cols = [c.strip() for c in line.split("|")]
        if len(cols) < 3:
            problems.append(f"places.txt:{n}: expected 'HEX | name | kind | key=value ...'")
            continue
        label, name, kind = cols[0], cols[1], cols[2]
        attrs: dict[str, str] = {}
        for tok in (cols[3].split() if len(cols) > 3 else []):
            akey, eq, value = tok.partition("=")
            if not eq:
                problems.append(f"places.txt:{n}: attribute {tok!r} is not key=value")
                continue
            attrs[akey] = value
        if not check_hex("places.txt", n, label):
            continue
        if label in places:
            problems.append(f"places.txt:{n}: {label} is listed twice")
        places[label] = Place(label, name, kind, attrs)

    zones: dict[str, frozenset[Label]] = {}
    for n, line in _content_lines(texts.get("zones.txt", "")):
        name, colon, rest = line.partition(":")
        if not colon:
            problems.append(f"zones.txt:{n}: expected 'zone-name: HEX HEX ...'")
            continue
        hexes = [h for h in rest.split() if check_hex("zones.txt", n, h)]
        zones[name.strip()] = zones.get(name.strip(), frozenset()) | frozenset(hexes)

    known_features = set(meta.get("features", {}).get("kinds", []))
    features: dict[Label, frozenset[str]] = {}
    for n, line in _content_lines(texts.get("features.txt", "")):
        parts = line.split()
        if len(parts) < 2:
            problems.append(f"features.txt:{n}: expected 'HEX feature...'")
            continue
        if not check_hex("features.txt", n, parts[0]):
            continue
        for kind in parts[1:]:
            if kind not in known_features:
                problems.append(f"features.txt:{n}: unknown feature {kind!r} (known: {', '.join(sorted(known_features)) or 'none'})")
        features[parts[0]] = features.get(parts[0], frozenset()) | frozenset(parts[1:])

    data = MapData(
        name=str(meta.get("name", "map")),
        grid=grid,
        terrain=terrain,
        sides=sides,
        lines=lines,
        places=places,
        zones=zones,
        meta=meta,
        features=features,
    )
    return data, problems


def load_map(texts: Mapping[str, str]) -> MapData:
    """Parse the map files, raising ``MapFormatError`` listing every problem if any."""
    data, problems = parse_map(texts)
    if problems or data is None:
        raise MapFormatError(problems or ["map could not be parsed"])
    return data
