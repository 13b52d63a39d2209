"""Generating the map model from a source folder and the data sets.

The order matters and is part of the format (see README of the map):

1. classify every hex from the data sets; hand-placed ``[[areas]]``;
2. places and entry hexes (a hex holding a place is land; north-edge entries are open);
3. ``terrain`` corrections;
4. hexsides: rivers, all-sea sides, the ridge (passes, alpine sides);
5. roads and railways;
6. zones: coasts, entry letters, army setup zones;
7. every other correction.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from bot.mapgen.classify import THRESHOLDS, classify
from bot.mapgen.corrections import apply_other_edits, apply_terrain_edits, parse_corrections
from bot.mapgen.hexpaths import chains_along, ridge_sides, sides_along
from bot.mapgen.model import Line, MapModel, PlaceOut
from bot.mapgen.placement import Placement, Point
from bot.mapgen.sampling import HexStats, PointSample, hex_offsets, sample_hex, summarise
from bot.mapgen.source import ATTR_ORDER, LatLon, LineSpec, Source, Waypoint
from engine.hexgrid import Hexside, Label, hexside

Probe = Callable[[float, float], PointSample]
WaterTest = Callable[[float, float], bool]
Rgb = tuple[int, int, int]


def sample_all(source: Source, probe: Probe, tests: tuple[Callable[[Rgb], bool], ...]) -> dict[Label, HexStats]:
    placement = source.placement
    offsets = hex_offsets(placement.size, float(source.data.get("sample_step_km", 2.5)))
    is_forest, is_dry, is_snow = tests
    return {
        label: summarise(list(sample_hex(placement, label, offsets, probe)), list(THRESHOLDS), is_forest, is_dry, is_snow)
        for label in source.grid.labels()
    }


def generate(source: Source, stats: dict[Label, HexStats], is_water: WaterTest) -> MapModel:
    """The whole map; ``stats`` from ``sample_all`` and ``is_water`` from the land/sea mask."""
    placement = source.placement
    grid = source.grid
    terrain: dict[Label, str] = {}
    for label in grid.labels():
        lat, lon = placement.centre_latlon(label)
        terrain[label] = _classify(source, stats[label], lat, lon)
    model = MapModel(grid=grid, terrain=terrain)
    _check_warp(source, model)

    for area in source.areas:
        for lat, lon in area.points:
            where = placement.hex_at(lat, lon)
            if where is None:
                model.notes.append(f"area {area.terrain} point {lat},{lon} is off the map")
            else:
                model.terrain[where] = area.terrain
        if area.polygon:
            for label in _hexes_inside(source, area.polygon):
                model.terrain[label] = area.terrain
        for label in area.hexes:
            if label in grid:
                model.terrain[label] = area.terrain
            else:
                model.notes.append(f"PROBLEM: area {area.terrain} hex {label} is not on the map")

    _add_places(source, model, stats)
    entries = _add_entries(source, model, stats)
    ridge = ridge_sides(placement, _xy(placement, list(source.ridge))) if source.ridge else []
    passes = _locate_passes(source, model, ridge)
    routes = _route_lines(source, model, passes)
    _fit_terrain_to_lines(source, model, stats, routes)
    edits = parse_corrections(source.corrections)
    apply_terrain_edits(model, edits, source.terrain_codes)

    _add_rivers(source, model)
    _add_sea_sides(source, model, stats, is_water)
    _add_ridge_sides(source, model, ridge, passes)
    _add_lines(model, routes)
    _add_zones(source, model, entries)
    apply_other_edits(model, edits)
    return model


def _classify(source: Source, stats: HexStats, lat: float, lon: float, keep_land: bool = False) -> str:
    """``classify`` with the source's ``[terrain_rename]`` applied (e.g. open -> clear)."""
    name = classify(stats, lat, lon, source.classify, keep_land=keep_land)
    return source.terrain_rename.get(name, name)


def _inside(x: float, y: float, polygon: list[Point]) -> bool:
    """Even-odd rule."""
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _hexes_inside(source: Source, polygon: tuple[LatLon, ...]) -> list[Label]:
    """The map hexes whose centre lies inside a polygon of [lat, lon] corners (straight edges on the map)."""
    corners = _xy(source.placement, polygon)
    return [label for label in source.grid.labels() if _inside(*source.placement.centre(label), corners)]


def _check_warp(source: Source, model: MapModel) -> None:
    """Every warp point lands in its hex, and the warp does not fold anywhere on the map."""
    placement = source.placement
    if placement.warp is None:
        return
    for q in source.warp_points:
        where = placement.hex_at(*q.at)
        if where != q.hex:
            model.notes.append(f"PROBLEM: warp point {q.why or q.at} lands in {where}, not {q.hex}")
    for label in source.grid.labels():
        for x, y in [placement.centre(label), *placement.corners(label)]:
            if placement.warp.jacobian_det(*placement.warp.inverse(x, y)) <= 0.05:
                model.notes.append(f"PROBLEM: the warp (nearly) folds at {label}")
                break


# Places and entries ----------------------------------------------------------------------------
def _ordered(attrs: dict[str, str]) -> dict[str, str]:
    keys = [k for k in ATTR_ORDER if k in attrs] + sorted(k for k in attrs if k not in ATTR_ORDER)
    return {k: attrs[k] for k in keys}


def _make_land(source: Source, model: MapModel, stats: dict[Label, HexStats], label: Label, why: str) -> None:
    if model.terrain[label] == "sea":
        lat, lon = source.placement.centre_latlon(label)
        model.terrain[label] = _classify(source, stats[label], lat, lon, keep_land=True)
        model.notes.append(f"{label}: mostly water but {why}: made {model.terrain[label]}")


def _add_places(source: Source, model: MapModel, stats: dict[Label, HexStats]) -> None:
    for spec in source.places:
        label = spec.hex or source.placement.hex_at(*spec.at)
        if label is None:
            model.notes.append(f"place {spec.name} is off the map")
            continue
        if label in model.places:
            model.notes.append(f"PROBLEM: {spec.name} falls in {label} with {model.places[label].name}")
            continue
        model.places[label] = PlaceOut(spec.name, spec.kind, _ordered(dict(spec.attrs)))
        _make_land(source, model, stats, label, f"{spec.name} stands in it")
        terrain = source.raw.get("place_terrain", {}).get(spec.kind)
        if terrain is not None:  # a map whose towns are hex terrain (source.toml [place_terrain])
            model.terrain[label] = str(terrain)


def _entry_hex(source: Source, lat: float, lon: float, edge: str | None) -> Label | None:
    placement = source.placement
    x, y = placement.to_xy(lat, lon)
    col, row = placement.cell_at(x, y)
    grid = source.grid
    col = min(max(col, grid.first_col), grid.first_col + grid.cols - 1)
    if edge == "north":
        row = grid.first_row
    else:
        row = min(max(row, grid.first_row), grid.first_row + grid.rows - 1)
    label = grid.label(col, row)
    return label if label in grid else None


def _add_entries(source: Source, model: MapModel, stats: dict[Label, HexStats]) -> dict[str, list[Label]]:
    out: dict[str, list[Label]] = {}
    for spec in source.places:
        if "entry" in spec.attrs:
            label = model.place_named(spec.name)
            if label is not None:
                out.setdefault(spec.attrs["entry"], []).append(label)
    for entry in source.entries:
        for lat, lon in entry.points:
            label = _entry_hex(source, lat, lon, entry.edge)
            if label is None:
                model.notes.append(f"PROBLEM: entry {entry.letter} point {lat},{lon} has no hex")
                continue
            out.setdefault(entry.letter, []).append(label)
            place = model.places.get(label)
            if place is None:
                model.places[label] = PlaceOut(f"Entry {entry.letter}", "entry", {"entry": entry.letter, "side": entry.side})
            else:
                place.attrs = _ordered({**place.attrs, "entry": entry.letter, "side": entry.side})
            if entry.edge == "north":
                model.terrain[label] = source.terrain_rename.get("open", "open")  # rulebook 4.1: north-edge entry hexes count as Open
            else:
                _make_land(source, model, stats, label, f"entry {entry.letter} is there")
    return out


# Hexsides --------------------------------------------------------------------------------------
def _xy(placement: Placement, points: tuple[LatLon, ...] | list[LatLon]) -> list[Point]:
    return [placement.to_xy(lat, lon) for lat, lon in points]


def _add_rivers(source: Source, model: MapModel) -> None:
    ignore = set(source.river_ignore_between)
    for river in source.rivers:
        kept = 0
        for a, b in sides_along(source.placement, _xy(source.placement, river.points)):
            ta, tb = model.terrain[a], model.terrain[b]
            if "sea" in (ta, tb) or (ta in ignore and tb in ignore) or {ta, tb} & _offmap(source):
                continue
            model.add_side(a, b, river.feature, note=river.name)
            kept += 1
        if kept == 0:
            model.notes.append(f"river {river.name}: no hexside on the map")
    for feats in model.sides.values():
        if "major_river" in feats:
            feats.discard("minor_river")  # a tributary's mouth on the main river
            feats.discard("river")


def _land_connected(source: Source, a: Label, b: Label, is_water: WaterTest, step: float) -> bool:
    """Whether the land of hex ``a`` reaches the land of hex ``b`` without leaving the two hexes
    (on a lattice of points ``step`` km apart)."""
    placement = source.placement
    (ax, ay), (bx, by) = placement.centre(a), placement.centre(b)
    reach = placement.size + step
    land: dict[tuple[int, int], Label] = {}
    for cx, cy, label in ((ax, ay, a), (bx, by, b)):
        for i in range(math.floor((cx - reach) / step), math.ceil((cx + reach) / step) + 1):
            for j in range(math.floor((cy - reach) / step), math.ceil((cy + reach) / step) + 1):
                x, y = i * step, j * step
                if (i, j) in land or placement.hex_at_xy(x, y) != label:
                    continue
                if not is_water(*placement.to_latlon(x, y)):
                    land[(i, j)] = label
    todo = [k for k, v in land.items() if v == a]
    seen = set(todo)
    while todo:
        i, j = todo.pop()
        if land[(i, j)] == b:
            return True
        for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1), (i + 1, j + 1), (i - 1, j - 1), (i + 1, j - 1), (i - 1, j + 1)):
            if n in land and n not in seen:
                seen.add(n)
                todo.append(n)
    return False


def _add_sea_sides(source: Source, model: MapModel, stats: dict[Label, HexStats], is_water: WaterTest) -> None:
    """``sea`` on the side between two land hexes whose land does not meet inside the two hexes:
    only water joins them (straits, and coasts where the shore does not cross their side)."""
    step = float(source.classify.get("sea_side_step_km", 1.5))
    skip = {"sea"} | _offmap(source)
    for a in source.grid.labels():
        if model.terrain[a] in skip:
            continue
        for b in source.grid.neighbours(a):
            if b < a or model.terrain[b] in skip or (stats[a].water == 0 and stats[b].water == 0):
                continue
            if not _land_connected(source, a, b, is_water, step):
                model.add_side(a, b, "sea", note="water between")


def _locate_passes(source: Source, model: MapModel, ridge: list[tuple[Label, Label]]) -> dict[str, Hexside]:
    """For each pass, the ridge side near it best aligned with its north -> south crossing;
    both hexes of a pass are made enterable. Ridge sides are (north hex, south hex)."""
    placement = source.placement
    passes: dict[str, Hexside] = {}
    for spec in source.passes:
        px, py = placement.to_xy(*spec.at)
        nx, ny = placement.to_xy(*spec.north_at)
        sx, sy = placement.to_xy(*spec.south_at)
        heading = math.atan2(sy - ny, sx - nx)

        def score(side: tuple[Label, Label], px: float = px, py: float = py, heading: float = heading) -> tuple[float, float, tuple[Label, Label]]:
            (ax, ay), (bx, by) = placement.centre(side[0]), placement.centre(side[1])
            near = math.hypot((ax + bx) / 2 - px, (ay + by) / 2 - py)
            turn = abs((math.atan2(by - ay, bx - ax) - heading + math.pi) % (2 * math.pi) - math.pi)
            return (0.0 if near <= placement.hex_km else near, turn, side)

        candidates = sorted(ridge, key=score)
        if not candidates:
            model.notes.append(f"PROBLEM: pass {spec.name} is not on the ridge")
            continue
        a, b = candidates[0]
        passes[spec.name] = hexside(a, b)
        for label in (a, b):
            if model.terrain[label] == "alpine":
                model.terrain[label] = "mountain"
                model.notes.append(f"{label}: alpine made mountain to open the {spec.name} pass")
    return passes


def _add_ridge_sides(source: Source, model: MapModel, ridge: list[tuple[Label, Label]], passes: dict[str, Hexside]) -> None:
    """Pass features on the pass sides; ``alpine`` on the other ridge sides between two
    enterable hexes (a side touching an alpine hex needs no mark)."""
    for spec in source.passes:
        if spec.name in passes:
            a, b = passes[spec.name]
            model.add_side(a, b, "pass", *([spec.feature] if spec.feature else []), note=f"{spec.name} pass")
    pass_sides = set(passes.values())
    for a, b in ridge:
        if hexside(a, b) in pass_sides:
            continue
        if model.terrain[a] in ("alpine", "sea") or model.terrain[b] in ("alpine", "sea"):
            continue
        model.add_side(a, b, "alpine", note="Main Caucasus ridge")


# Lines -----------------------------------------------------------------------------------------
def _resolve(source: Source, model: MapModel, passes: dict[str, Hexside], point: Waypoint, previous: Point | None) -> list[Point]:
    placement = source.placement
    if isinstance(point, tuple):
        return [placement.to_xy(*point)]
    if point.startswith("pass:"):
        side = passes.get(point[5:])
        if side is None:
            raise ValueError(f"unknown pass {point!r}")
        first, second = placement.centre(side[0]), placement.centre(side[1])
        if previous is not None and math.dist(previous, second) < math.dist(previous, first):
            first, second = second, first
        return [first, second]
    label = model.place_named(point)
    if label is not None:
        return [placement.centre(label)]
    if point in source.waypoints:
        return [placement.to_xy(*source.waypoints[point])]
    raise ValueError(f"unknown waypoint {point!r}")


Route = tuple[LineSpec, list[Label]]


def _route_lines(source: Source, model: MapModel, passes: dict[str, Hexside]) -> list[Route]:
    placement = source.placement
    routes: list[Route] = []
    for spec in source.lines:
        points: list[Point] = []
        for wp in spec.via:
            points.extend(_resolve(source, model, passes, wp, points[-1] if points else None))
        for chain in chains_along(placement, points):
            for run in _split_offmap(source, model, chain):
                if len(run) > 1:
                    routes.append((spec, run))
    return routes


def _offmap(source: Source) -> frozenset[str]:
    """Terrains that mark hexes beyond the printed map's edge (source.toml ``offmap_terrains``):
    no line, river or sea side is drawn into them."""
    return frozenset(str(t) for t in source.raw.get("offmap_terrains", []))


def _split_offmap(source: Source, model: MapModel, chain: list[Label]) -> list[list[Label]]:
    stop = _offmap(source)
    if not stop:
        return [chain]
    runs: list[list[Label]] = [[]]
    for label in chain:
        if model.terrain[label] in stop:
            runs.append([])
        else:
            runs[-1].append(label)
    return [r for r in runs if r]


def _fit_terrain_to_lines(source: Source, model: MapModel, stats: dict[Label, HexStats], routes: list[Route]) -> None:
    """A road or railway runs on land and below the snow line: coastal hexes with enough land
    become land, alpine hexes it runs through become mountain (a valley at this scale)."""
    min_land = float(source.classify.get("line_min_land", 0.15))
    for spec, chain in routes:
        for label in chain:
            if model.terrain[label] == "alpine":
                model.terrain[label] = "mountain"
                model.notes.append(f"{label}: alpine made mountain: the {spec.kind} '{spec.why}' runs through it")
            elif model.terrain[label] == "sea" and stats[label].land >= min_land:
                _make_land(source, model, stats, label, f"the {spec.kind} '{spec.why}' runs along its shore")


def _add_lines(model: MapModel, routes: list[Route]) -> None:
    for spec, chain in routes:
        model.lines.append(Line(spec.kind, spec.flags, chain, spec.why))
        for label in chain:
            if model.terrain[label] == "sea":
                model.notes.append(f"PROBLEM: {spec.kind} '{spec.why}' runs through sea hex {label}")
        for a, b in zip(chain, chain[1:], strict=False):
            side = model.sides.get(hexside(a, b), set())
            if "alpine" in side or "sea" in side:
                model.notes.append(f"PROBLEM: {spec.kind} '{spec.why}' crosses the {'/'.join(sorted(side))} side {a}-{b}")


# Zones -----------------------------------------------------------------------------------------
def sea_of(source: Source, label: Label) -> str | None:
    lat, lon = source.placement.centre_latlon(label)
    for sea in source.seas:
        if sea.holds(lat, lon):
            return sea.name
    return None


def _add_zones(source: Source, model: MapModel, entries: dict[str, list[Label]]) -> None:
    grid = source.grid
    seas = {label: sea_of(source, label) for label in grid.labels() if model.terrain[label] == "sea"}
    for zone, spec in source.coasts.items():
        exclude = {model.place_named(name) for name in spec.get("exclude", [])} | set(spec.get("exclude_hexes", []))
        hexes = {
            label
            for label in grid.labels()
            if model.terrain[label] != "sea"
            and label not in exclude
            and any(seas.get(n) == spec["sea"] for n in grid.neighbours(label))
        }
        model.zones[zone] = hexes
    for letter, entry_hexes in sorted(entries.items()):
        model.zones[f"entry_{letter}"] = set(entry_hexes)
    for area in source.zone_areas:
        hexes = {h for h in _hexes_inside(source, area.polygon) if model.terrain[h] not in area.skip_terrain}
        model.zones.setdefault(area.name, set()).update(hexes)
    for zone, listed in source.zones.items():
        bad = [h for h in listed if h not in grid]
        if bad:
            model.notes.append(f"PROBLEM: zone {zone} lists hexes not on the map: {bad}")
        model.zones[zone] = {h for h in listed if h in grid}
