"""The source folder of a generated map: ``source.toml`` (geography and choices) and
``corrections.txt`` (hand edits), parsed into plain typed records. Pure: no file access
except ``read_source_folder``.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.mapgen.placement import Placement, fit_warp
from bot.mapgen.projection import Lcc
from engine.hexgrid import Grid

LatLon = tuple[float, float]
Waypoint = str | LatLon
# Attribute order in places.txt; anything else follows alphabetically.
ATTR_ORDER = ("entry", "side", "port", "sea", "vp", "oil", "control", "also")


class SourceError(ValueError):
    """The source folder is not well formed."""


@dataclass(frozen=True)
class PlaceSpec:
    name: str
    at: LatLon
    kind: str
    attrs: dict[str, str]
    hex: str | None = None


@dataclass(frozen=True)
class AreaSpec:
    terrain: str
    why: str
    points: tuple[LatLon, ...]
    polygon: tuple[LatLon, ...] = ()  # every hex whose centre lies inside also gets the terrain
    hexes: tuple[str, ...] = ()  # and these hexes, by label


@dataclass(frozen=True)
class ZoneAreaSpec:
    """Hexes whose centre lies inside ``polygon`` join zone ``name`` (several areas may share a name)."""

    name: str
    why: str
    polygon: tuple[LatLon, ...]
    skip_terrain: tuple[str, ...] = ()


@dataclass(frozen=True)
class WarpPoint:
    """A place the printed map puts in ``hex``: the warp pulls it (nearly) there."""

    hex: str
    at: LatLon
    why: str


@dataclass(frozen=True)
class SeaSpec:
    name: str
    box: tuple[float, float, float, float]  # south, west, north, east

    def holds(self, lat: float, lon: float) -> bool:
        s, w, n, e = self.box
        return s <= lat <= n and w <= lon <= e


@dataclass(frozen=True)
class EntrySpec:
    letter: str
    side: str
    why: str
    points: tuple[LatLon, ...]
    edge: str | None


@dataclass(frozen=True)
class RiverSpec:
    name: str
    feature: str
    points: tuple[LatLon, ...]


@dataclass(frozen=True)
class PassSpec:
    name: str
    at: LatLon
    feature: str | None
    north_at: LatLon  # a point in the valley the pass road climbs from the north
    south_at: LatLon  # and one on the southern side


@dataclass(frozen=True)
class LineSpec:
    kind: str
    flags: tuple[str, ...]
    why: str
    via: tuple[Waypoint, ...]


@dataclass(frozen=True)
class Source:
    """Everything in ``source.toml``, plus the text of ``corrections.txt``."""

    name: str
    grid: Grid
    placement: Placement
    data: Mapping[str, Any]
    relief: Mapping[str, Any]
    cover: Mapping[str, Any]
    terrain_codes: dict[str, str]
    classify: Mapping[str, float]
    areas: tuple[AreaSpec, ...]
    seas: tuple[SeaSpec, ...]
    places: tuple[PlaceSpec, ...]
    waypoints: dict[str, LatLon]
    entries: tuple[EntrySpec, ...]
    offmap_links: dict[str, list[str]]
    rivers: tuple[RiverSpec, ...]
    river_ignore_between: tuple[str, ...]
    ridge: tuple[LatLon, ...]
    passes: tuple[PassSpec, ...]
    lines: tuple[LineSpec, ...]
    coasts: dict[str, dict[str, Any]]
    zones: dict[str, list[str]]
    corrections: str = ""
    raw: Mapping[str, Any] = field(default_factory=dict)
    zone_areas: tuple[ZoneAreaSpec, ...] = ()
    warp_points: tuple[WarpPoint, ...] = ()
    terrain_rename: dict[str, str] = field(default_factory=dict)

    @property
    def code_of(self) -> dict[str, str]:
        """Terrain name -> one-character code."""
        return {name: code for code, name in self.terrain_codes.items()}


def _latlon(value: Any, where: str) -> LatLon:
    if not (isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int | float) for v in value)):
        raise SourceError(f"{where}: expected [lat, lon], got {value!r}")
    return float(value[0]), float(value[1])


def _points(values: Any, where: str) -> tuple[LatLon, ...]:
    if not isinstance(values, list) or not values:
        raise SourceError(f"{where}: expected a list of [lat, lon]")
    return tuple(_latlon(v, where) for v in values)


def _waypoint(value: Any, where: str) -> Waypoint:
    return value if isinstance(value, str) else _latlon(value, where)


def parse_source(text: str, corrections: str = "") -> Source:
    """Parse the text of ``source.toml`` (and keep the corrections text alongside)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SourceError(f"source.toml: {exc}") from exc
    try:
        g = raw["grid"]
        grid = Grid(
            cols=int(g["cols"]),
            rows=int(g["rows"]),
            first_col=int(g["first_col"]),
            first_row=int(g["first_row"]),
            shifted=g["shifted"],
            order=g["order"],
        )
        p = raw["projection"]
        if p.get("kind", "lcc") != "lcc":
            raise SourceError("only the 'lcc' projection is supported")
        proj = Lcc(float(p["lat_1"]), float(p["lat_2"]), float(p["lon_0"]), float(p["lat_0"]), float(p.get("radius_km", 6371.0)))
        a = raw["anchor"]
        placement = Placement(grid, proj, float(g["hex_km"]), str(a["hex"]), float(a["lat"]), float(a["lon"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise SourceError(f"source.toml: bad [grid], [projection] or [anchor] ({exc})") from exc

    places = []
    for name, spec in raw.get("places", {}).items():
        attrs = {k: str(v) for k, v in spec.items() if k not in ("at", "kind", "hex", "name")}
        shown = str(spec.get("name", name))  # several hexes of one town: distinct keys, one printed name
        places.append(PlaceSpec(shown, _latlon(spec.get("at"), f"places.{name}"), str(spec["kind"]), attrs, spec.get("hex")))
    entries = tuple(
        EntrySpec(str(e["letter"]), str(e["side"]), str(e.get("why", "")), _points(e["at"], f"entries.{e['letter']}"), e.get("edge"))
        for e in raw.get("entries", [])
    )
    rivers = tuple(RiverSpec(str(r["name"]), str(r["feature"]), _points(r["points"], f"rivers.{r['name']}")) for r in raw.get("rivers", []))
    passes = tuple(
        PassSpec(
            str(q["name"]),
            _latlon(q["at"], f"passes.{q['name']}"),
            q.get("feature"),
            _latlon(q["north"], f"passes.{q['name']}.north"),
            _latlon(q["south"], f"passes.{q['name']}.south"),
        )
        for q in raw.get("passes", [])
    )
    lines = tuple(
        LineSpec(
            str(ln["kind"]),
            tuple(str(f) for f in ln.get("flags", [])),
            str(ln.get("why", "")),
            tuple(_waypoint(v, f"lines ({ln.get('why', '')})") for v in ln["via"]),
        )
        for ln in raw.get("lines", [])
    )
    areas = tuple(
        AreaSpec(
            str(a["terrain"]),
            str(a.get("why", "")),
            _points(a["points"], "areas") if "points" in a else (),
            _points(a["polygon"], "areas.polygon") if "polygon" in a else (),
            tuple(str(h) for h in a.get("hexes", [])),
        )
        for a in raw.get("areas", [])
    )
    zone_areas = tuple(
        ZoneAreaSpec(str(z["name"]), str(z.get("why", "")), _points(z["polygon"], f"zone_areas.{z['name']}"), tuple(z.get("skip_terrain", [])))
        for z in raw.get("zone_areas", [])
    )
    warp_points: tuple[WarpPoint, ...] = ()
    if "warp" in raw:
        w = raw["warp"]
        warp_points = tuple(WarpPoint(str(q["hex"]), _latlon(q["at"], f"warp {q.get('hex')}"), str(q.get("why", ""))) for q in w.get("points", []))
        bad = [q.hex for q in warp_points if q.hex not in grid]
        if bad:
            raise SourceError(f"source.toml: [warp] points in hexes not on the map: {bad}")
        placement = _warped(placement, warp_points, w)
    seas = tuple(SeaSpec(str(s["name"]), tuple(float(v) for v in s["box"])) for s in raw.get("seas", []))  # type: ignore[arg-type]
    return Source(
        name=str(raw.get("name", "map")),
        grid=grid,
        placement=placement,
        data=raw.get("data", {}),
        relief=raw.get("relief", {}),
        cover=raw.get("cover", {}),
        terrain_codes={str(k): str(v) for k, v in raw.get("terrain_codes", {}).items()},
        classify=raw.get("classify", {}),
        areas=areas,
        seas=seas,
        places=tuple(places),
        waypoints={k: _latlon(v, f"waypoints.{k}") for k, v in raw.get("waypoints", {}).items()},
        entries=entries,
        offmap_links={k: list(v) for k, v in raw.get("offmap_links", {}).items()},
        rivers=rivers,
        river_ignore_between=tuple(raw.get("river_rules", {}).get("ignore_between", [])),
        ridge=_points(raw["ridge"]["points"], "ridge") if "ridge" in raw else (),
        passes=passes,
        lines=lines,
        coasts={k: dict(v) for k, v in raw.get("coasts", {}).items()},
        zones={k: [str(h) for h in v] for k, v in raw.get("zones", {}).items()},
        corrections=corrections,
        raw=raw,
        zone_areas=zone_areas,
        warp_points=warp_points,
        terrain_rename={str(k): str(v) for k, v in raw.get("terrain_rename", {}).items()},
    )


def _warped(placement: Placement, points: tuple[WarpPoint, ...], spec: Mapping[str, Any]) -> Placement:
    """The placement with a warp that pulls every point to within ``inside_km`` of its hex centre
    (points already that close stay where the projection puts them)."""
    inside = float(spec.get("inside_km", 0.0))
    starts, goals = [], []
    for q in points:
        sx, sy = placement.projected_xy(*q.at)
        cx, cy = placement.centre(q.hex)
        dist = math.hypot(sx - cx, sy - cy)
        starts.append((sx, sy))
        if dist <= inside:
            goals.append((sx, sy))
        else:
            goals.append((cx + (sx - cx) * inside / dist, cy + (sy - cy) * inside / dist))
    warp = fit_warp(starts, goals, float(spec["sigma_km"]), float(spec.get("smoothing", 0.0)))
    return replace(placement, warp=warp)


def read_source_folder(folder: Path) -> Source:
    corrections_path = folder / "corrections.txt"
    corrections = corrections_path.read_text(encoding="utf-8") if corrections_path.exists() else ""
    return parse_source((folder / "source.toml").read_text(encoding="utf-8"), corrections)
