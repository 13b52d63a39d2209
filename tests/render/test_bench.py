"""The benchmark runs end to end and ends with a JSON line (tiny map, few counters: fast)."""

import json

from render import bench
from render.synthetic import synthetic_units
from tests.render.fakes import tiny_map


def test_bench_prints_a_json_summary(monkeypatch, capsys):
    """main() returns 0 and its last line holds the three medians and the ratios."""
    monkeypatch.setattr(bench, "largest_map", lambda: (tiny_map(), "caucasus"))
    monkeypatch.setattr(bench, "synthetic_units", lambda board, count: synthetic_units(board, 20))
    assert bench.main(1) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    figures = json.loads(last)
    for key in ("action_ms", "full_ms", "naive_ms", "naive_over_full", "naive_over_action"):
        assert figures[key] > 0
