"""``adjutant bench render``: how long an action image, a full map and a naive re-render take.

Uses the Caucasus map if its data files exist, else a generated 60x40 map, with about 300
counters. Prints medians of ``runs`` runs after a warm-up (the naive SVG re-render, which takes
seconds, at most 5 runs), then one JSON line with the figures.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine
from engine.mapdata import MapData, load_map
from engine.mapview import map_view
from render.compose import compose
from render.encode import encode
from render.naive import render_naive
from render.style import load_style
from render.synthetic import synthetic_map, synthetic_units

CAUCASUS_MAP = Path(engine.__file__).resolve().parent / "games" / "caucasus" / "data" / "map"
NAIVE_RUNS = 5


def largest_map() -> tuple[MapData, str]:
    """The Caucasus map if present (and valid), else the generated one; and the style name."""
    if (CAUCASUS_MAP / "map.toml").is_file():
        texts = {p.name: p.read_text(encoding="utf-8") for p in CAUCASUS_MAP.iterdir() if p.is_file()}
        try:
            return load_map(texts), "caucasus"
        except ValueError:
            pass
    return synthetic_map(60, 40), "caucasus"


def bench_view(board: MapData) -> dict[str, Any]:
    units = synthetic_units(board, 300)
    start = units[0]["hex"]
    path = [start]
    for direction in (1, 1, 2, 1):
        nxt = board.grid.neighbour(path[-1], direction)
        if nxt is not None:
            path.append(nxt)
    target = board.grid.neighbour(path[-1], 1) or board.grid.neighbour(path[-1], 4) or path[0]
    return {
        "units": units,
        "status": {"game": "Benchmark", "turn": 7, "phase": "Axis movement", "active": "axis", "weather": "Mud", "VP": "Axis 9"},
        "last": {"moves": [path], "attacks": [{"from": [path[-1]], "to": target, "result": "DR"}]},
    }


def _median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main(runs: int = 20) -> int:
    runs = max(1, runs)
    if not os.environ.get("ADJUTANT_CACHE"):
        os.environ["ADJUTANT_CACHE"] = tempfile.mkdtemp(prefix="adjutant-bench-")
    board, style_name = largest_map()
    style = load_style(style_name)
    view = bench_view(board)
    shown = map_view(view)

    def action() -> bytes:
        return encode(compose(board, shown, style, "axis", False).image)

    def full() -> bytes:
        return encode(compose(board, shown, style, "axis", True).image)

    def naive() -> bytes:
        return render_naive(board, shown, style)

    t = time.perf_counter()
    action_bytes, full_bytes, naive_bytes = action(), full(), naive()
    warm = (time.perf_counter() - t) * 1000
    action_ms = _median_ms(action, runs)
    full_ms = _median_ms(full, runs)
    naive_ms = _median_ms(naive, min(runs, NAIVE_RUNS))
    figures: dict[str, Any] = {
        "map": board.name,
        "hexes": board.grid.cols * board.grid.rows,
        "counters": len(view["units"]),
        "runs": runs,
        "warmup_ms": round(warm, 1),
        "action_ms": round(action_ms, 1),
        "full_ms": round(full_ms, 1),
        "naive_ms": round(naive_ms, 1),
        "action_bytes": len(action_bytes),
        "full_bytes": len(full_bytes),
        "naive_bytes": len(naive_bytes),
        "naive_over_full": round(naive_ms / full_ms, 1),
        "naive_over_action": round(naive_ms / action_ms, 1),
    }
    print(f"map: {figures['map']} ({figures['hexes']} hexes, {figures['counters']} counters), "
          f"median of {runs} runs after a warm-up of {warm:.0f} ms (cold caches)")
    print(f"{'':22}{'median ms':>10}{'bytes':>11}")
    print(f"{'action image':22}{figures['action_ms']:>10}{figures['action_bytes']:>11}")
    print(f"{'full map':22}{figures['full_ms']:>10}{figures['full_bytes']:>11}")
    print(f"{'naive full SVG':22}{figures['naive_ms']:>10}{figures['naive_bytes']:>11}")
    print(f"naive / full: {figures['naive_over_full']}x   naive / action: {figures['naive_over_action']}x")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
