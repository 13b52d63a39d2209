"""Writing the map model as the engine's readable text files (see ``engine.mapdata``).

Output is deterministic: same model, byte-identical texts. The source's optional ``[output]``
table replaces the Caucasus defaults below (header line, comments, declared features and line
kinds); without it the files come out exactly as before.
"""

from __future__ import annotations

import json

from bot.mapgen.model import MapModel
from bot.mapgen.source import Source
from engine.hexgrid import hexside

HEADER = (
    "# PROVISIONAL: generated from real geography (GSHHS land/sea mask, ETOPO1 relief, Blue Marble cover, "
    "geonames coordinates) by `python -m bot.mapgen engine/games/caucasus/data/mapsrc`; "
    "NOT transcribed from the printed game map. Edit mapsrc/ and regenerate rather than this file."
)
SIDE_ORDER = ("major_river", "minor_river", "lake", "sea", "alpine", "pass")
ZONE_WRAP = 16
SIDE_FEATURES = ["minor_river", "major_river", "alpine", "pass", "krestovy", "lake", "sea"]
LINE_KINDS = ["road", "rail"]
LINE_FLAGS = ["supply_only", "unfinished"]
OFFMAP_COMMENT = "# rulebook 7.22: a railway joins Tbilisi and entry F off the map (Soviet only; stop at the far end)"
LINES_COMMENT = [
    "# kind[:flags] HEX HEX ...: roads and railways through adjacent hexes. Flags: supply_only",
    "# (never for rail movement), unfinished (usable from turn 8). Each segment is written once.",
]
PLACES_COMMENT = [
    "# HEX | name | kind | key=value ...   kinds: major_city, minor_city, town, village (named only), entry.",
    "# vp = Axis victory points; port = minor|major on sea = black|azov|caspian; control = axis at start.",
]


def _output(source: Source, key: str, default: object) -> object:
    return source.raw.get("output", {}).get(key, default)


def header(source: Source) -> str:
    return str(_output(source, "header", HEADER))


def _toml_list(values: list[str]) -> str:
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def map_toml(source: Source, model: MapModel, features: list[str], offmap: dict[str, list[str]]) -> str:
    g = source.grid
    p = source.placement
    proj = p.projection
    lines = [
        header(source),
        f"name = {json.dumps(source.name)}",
        "provisional = true",
        "",
        "[grid]",
        f"cols = {g.cols}",
        f"rows = {g.rows}",
        f"first_col = {g.first_col}",
        f"first_row = {g.first_row}",
        f'shifted = "{g.shifted}"',
        f'order = "{g.order}"',
        "",
        "[terrain_codes]",
        *(f"{json.dumps(code)} = {json.dumps(name)}" for code, name in source.terrain_codes.items()),
        "",
        "[sides]",
        f"features = {_toml_list(features)}",
        "",
        "[lines]",
        f"kinds = {_toml_list(list(_output(source, 'line_kinds', LINE_KINDS)))}",  # type: ignore[call-overload]
        f"flags = {_toml_list(list(_output(source, 'line_flags', LINE_FLAGS)))}",  # type: ignore[call-overload]
        "",
        "[offmap_links]",
        *([str(_output(source, "offmap_comment", OFFMAP_COMMENT))] if _output(source, "offmap_comment", OFFMAP_COMMENT) else []),
        *(f"{name} = {_toml_list(hexes)}" for name, hexes in sorted(offmap.items())),
        "",
        "[geography]",
        "# Where the grid lies on the Earth (for tools; the engine does not need it).",
        f"hex_km = {p.hex_km}",
        'projection = "lcc"',
        f"lat_1 = {proj.lat_1}",
        f"lat_2 = {proj.lat_2}",
        f"lat_0 = {proj.lat_0}",
        f"lon_0 = {proj.lon_0}",
        f'anchor_hex = "{p.anchor}"',
        f"anchor_lat = {p.anchor_lat}",
        f"anchor_lon = {p.anchor_lon}",
    ]
    if p.warp is not None:
        lines += [
            "# After the projection, a smooth warp (Gaussian bumps of this radius) pulls the places",
            "# listed in mapsrc/source.toml [warp] into the hexes the rulebook gives them.",
            f"warp_sigma_km = {p.warp.sigma}",
            f"warp_points = {len(p.warp.centres)}",
        ]
    return "\n".join(lines) + "\n"


def terrain_txt(source: Source, model: MapModel) -> str:
    g = source.grid
    code_of = source.code_of
    cols = range(g.first_col, g.first_col + g.cols)
    out = [
        header(source),
        f"# One line per row: the row number, then one code per column, columns {g.first_col} (west) to {g.first_col + g.cols - 1} (east).",
        "# Codes are in map.toml [terrain_codes]; columns shifted half a hex down: " + g.shifted + ".",
        "#  " + "".join(str(c // 10) for c in cols),
        "#  " + "".join(str(c % 10) for c in cols),
    ]
    for row in range(g.first_row, g.first_row + g.rows):
        out.append(f"{row:02d} " + "".join(code_of[model.terrain[g.label(c, row)]] for c in cols))
    return "\n".join(out) + "\n"


def _feature_key(f: str) -> tuple[int, str]:
    return (SIDE_ORDER.index(f), f) if f in SIDE_ORDER else (len(SIDE_ORDER), f)


def hexsides_txt(source: Source, model: MapModel) -> str:
    out = [header(source), "# HEX HEX feature...: features of the side between two adjacent hexes."]
    for key in sorted(model.sides):
        feats = sorted(model.sides[key], key=_feature_key)
        note = model.side_notes.get(key)
        comment = f"  # {', '.join(sorted(note))}" if note else ""
        out.append(f"{key[0]} {key[1]} {' '.join(feats)}{comment}")
    return "\n".join(out) + "\n"


def lines_txt(source: Source, model: MapModel) -> str:
    out = [header(source), *(str(c) for c in _output(source, "lines_comment", LINES_COMMENT))]  # type: ignore[attr-defined]
    final = {kind: model.segments(kind) for kind in sorted({ln.kind for ln in model.lines})}
    written: set[tuple[str, tuple[str, str]]] = set()
    for line in model.lines:
        runs: list[tuple[tuple[str, ...], list[str]]] = []
        for a, b in zip(line.hexes, line.hexes[1:], strict=False):
            key = hexside(a, b)
            if (line.kind, key) in written:
                continue
            written.add((line.kind, key))
            flags = final[line.kind][key]
            if runs and runs[-1][0] == flags and runs[-1][1][-1] == a:
                runs[-1][1].append(b)
            else:
                runs.append((flags, [a, b]))
        if not runs:
            continue
        out.append(f"# {line.why}" if line.why else "#")
        for flags, hexes in runs:
            kind = line.kind + (":" + ",".join(flags) if flags else "")
            out.append(f"{kind} {' '.join(hexes)}")
    return "\n".join(out) + "\n"


def places_txt(source: Source, model: MapModel) -> str:
    out = [header(source), *(str(c) for c in _output(source, "places_comment", PLACES_COMMENT))]  # type: ignore[attr-defined]
    for label in sorted(model.places):
        place = model.places[label]
        attrs = " ".join(f"{k}={v}" for k, v in place.attrs.items())
        out.append(f"{label} | {place.name} | {place.kind}" + (f" | {attrs}" if attrs else ""))
    return "\n".join(out) + "\n"


def zones_txt(source: Source, model: MapModel) -> str:
    out = [header(source), "# zone: HEX HEX ...  (a zone may take several lines)"]
    for zone in sorted(model.zones):
        hexes = sorted(model.zones[zone])
        if not hexes:
            continue
        for k in range(0, len(hexes), ZONE_WRAP):
            out.append(f"{zone}: {' '.join(hexes[k : k + ZONE_WRAP])}")
    return "\n".join(out) + "\n"


def render_files(source: Source, model: MapModel) -> dict[str, str]:
    features = [str(f) for f in _output(source, "side_features", SIDE_FEATURES)]  # type: ignore[attr-defined]
    extra = sorted({f for fs in model.sides.values() for f in fs} - set(features))
    offmap: dict[str, list[str]] = {}
    for name, ends in source.offmap_links.items():
        hexes = []
        for end in ends:
            label = model.place_named(end)
            if label is None:
                label = next(iter(sorted(model.zones.get(f"entry_{end}", set()))), None)
            if label is not None:
                hexes.append(label)
        offmap[name] = hexes
    return {
        "map.toml": map_toml(source, model, features + extra, offmap),
        "terrain.txt": terrain_txt(source, model),
        "hexsides.txt": hexsides_txt(source, model),
        "lines.txt": lines_txt(source, model),
        "places.txt": places_txt(source, model),
        "zones.txt": zones_txt(source, model),
    }
