"""The engine benchmark prints figures for a chosen game (figures only: nothing asserts a time)."""

import json

from bot import bench


def test_engine_benchmark_runs_on_a_chosen_game(capsys):
    assert bench.main("engine", 1, "stalins-war") == 0
    out = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(out[-1])
    assert figures["game"] == "stalins-war" and figures["records"] > 0
    assert {"apply_median_ms", "baseline_clone_hash_ms", "prompt_median_ms", "replay_actions_per_s"} <= set(figures)
