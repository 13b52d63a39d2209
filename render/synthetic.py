"""A generated map and a full set of counters, for benchmarks when no real map is at hand.

Deterministic for a given seed; written in the map text format and read back with the real
parser, so it exercises the same code as a game's map.
"""

from __future__ import annotations

import random
from typing import Any

from engine.hexgrid import Grid, Label
from engine.mapdata import MapData, load_map

CODES = {"~": "sea", ".": "open", "d": "desert", "r": "rough", "s": "swamp", "f": "forest", "m": "mountain", "A": "alpine"}
NATIONALITIES = {
    "axis": ["wehrmacht", "wehrmacht", "wehrmacht", "ss", "romanian", "italian", "slovak", "ost", "luftwaffe"],
    "soviet": ["soviet", "soviet", "soviet", "soviet_guards", "soviet_navy", "nkvd"],
}
TYPES = ["INF", "INF", "INF", "PANZER", "PZGREN", "MOT_INF", "CAVALRY", "MOUNTAIN", "AT", "HQ", "NAVAL_INF", "STUG", "FLAK", "ARMORED_TRAIN", "BICYCLE"]
SIZES = ["II", "III", "X", "XX", "XX", "XX", "XXX", "XXXX"]
MARKERS = ["D", "OOS", "LIM", "AS", "AE", "R", "RR"]


def _noise(rng: random.Random, cols: int, rows: int, cell: int) -> list[list[float]]:
    gw, gh = cols // cell + 2, rows // cell + 2
    coarse = [[rng.random() for _ in range(gw)] for _ in range(gh)]
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            fx, fy = c / cell, r / cell
            x0, y0 = int(fx), int(fy)
            tx, ty = fx - x0, fy - y0
            top = coarse[y0][x0] * (1 - tx) + coarse[y0][x0 + 1] * tx
            bottom = coarse[y0 + 1][x0] * (1 - tx) + coarse[y0 + 1][x0 + 1] * tx
            row.append(top * (1 - ty) + bottom * ty)
        out.append(row)
    return out


def _walk(grid: Grid, a: Label, b: Label) -> list[Label]:
    path = [a]
    while path[-1] != b and len(path) < 500:
        here = path[-1]
        path.append(min(grid.neighbours(here), key=lambda n: (grid.distance(n, b), n)))
    return path


def synthetic_texts(cols: int = 60, rows: int = 40, seed: int = 1942) -> dict[str, str]:
    rng = random.Random(seed)
    grid = Grid(cols=cols, rows=rows)
    height = _noise(rng, cols, rows, 7)
    wet = _noise(rng, cols, rows, 5)
    terrain: dict[Label, str] = {}
    lines_out = ["# SOURCE: synthetic benchmark map"]
    for r in range(rows):
        codes = ""
        for c in range(cols):
            e = height[r][c] - (0.35 if c < 4 else 0.0)
            m = wet[r][c]
            code = (
                "~" if e < 0.22 else "A" if e > 0.86 else "m" if e > 0.76 else "r" if e > 0.64
                else "s" if m > 0.8 else "f" if m > 0.64 else "d" if m < 0.18 else "."
            )
            codes += code
            terrain[grid.label(c + 1, r + 1)] = CODES[code]
        lines_out.append(f"{r + 1:02d} {codes}")
    land = [h for h in grid.labels() if terrain[h] != "sea"]
    kinds = ["major_city"] * 5 + ["minor_city"] * 12 + ["town"] * 30 + ["village"] * 10
    spots = rng.sample(land, len(kinds))
    places = ["# SOURCE: synthetic benchmark map"]
    for i, (label, kind) in enumerate(zip(spots, kinds, strict=True)):
        places.append(f"{label} | {kind.split('_')[0].title()} {i} | {kind} | vp={i % 3}")
    for letter, label in zip("ABCDEFG", [grid.label(c, 1) for c in range(8, cols, 8)], strict=False):
        if label not in spots:
            places.append(f"{label} | {letter} | entry | entry={letter} side=axis")
    sides = ["# SOURCE: synthetic benchmark map"]
    for n in range(6):
        row = rng.randrange(3, rows - 3)
        for c in range(rng.randrange(1, cols // 3), cols):
            a, b = grid.label(c, row), grid.label(c, row + 1)
            sides.append(f"{a} {b} {'major_river' if n < 2 else 'minor_river'}")
            if rng.random() < 0.25:
                row = max(2, min(rows - 3, row + rng.choice((-1, 1))))
    for label in land:
        if terrain[label] == "alpine":
            for nb in grid.neighbours(label):
                if terrain[nb] == "alpine" and label < nb and rng.random() < 0.3:
                    sides.append(f"{label} {nb} alpine{' pass' if rng.random() < 0.2 else ''}")
    cities = [p.split(" | ")[0] for p in places[1:] if "city" in p]
    lines = ["# SOURCE: synthetic benchmark map"]
    for i, (a, b) in enumerate(zip(cities, cities[1:], strict=False)):
        lines.append(f"{'rail' if i % 2 else 'road'} {' '.join(_walk(grid, a, b))}")
    meta = (
        '# SOURCE: synthetic benchmark map\nname = "Synthetic benchmark map"\n'
        f"[grid]\ncols = {cols}\nrows = {rows}\n[terrain_codes]\n"
        + "".join(f'"{k}" = "{v}"\n' for k, v in CODES.items())
    )
    return {
        "map.toml": meta,
        "terrain.txt": "\n".join(lines_out) + "\n",
        "hexsides.txt": "\n".join(sides) + "\n",
        "lines.txt": "\n".join(lines) + "\n",
        "places.txt": "\n".join(places) + "\n",
    }


def synthetic_map(cols: int = 60, rows: int = 40, seed: int = 1942) -> MapData:
    return load_map(synthetic_texts(cols, rows, seed))


def synthetic_units(board: MapData, count: int = 300, seed: int = 7) -> list[dict[str, Any]]:
    """``count`` counters on land hexes, some stacked, with every kind of marker and step."""
    rng = random.Random(seed)
    land = sorted(h for h, t in board.terrain.items() if t != "sea")
    hexes = rng.sample(land, min(len(land), count * 2 // 3))
    units = []
    for i in range(count):
        side = "axis" if i % 2 == 0 else "soviet"
        units.append(
            {
                "id": f"u{i}",
                "name": f"Unit {i}",
                "side": side,
                "nationality": rng.choice(NATIONALITIES[side]),
                "type": rng.choice(TYPES),
                "size": rng.choice(SIZES),
                "values": f"{rng.randint(1, 12)}-{rng.randint(1, 9)}-{rng.randint(3, 8)}",
                "step": rng.choice((0, 0, 0, 1, 2)),
                "markers": rng.sample(MARKERS, rng.choice((0, 0, 0, 1, 2))),
                "hex": hexes[i % len(hexes)],
                "hidden": rng.random() < 0.05,
            }
        )
    return units
