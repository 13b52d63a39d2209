"""The engine benchmark prints figures for a chosen game (figures only: nothing asserts a time)."""

import json

from bot import bench


def test_engine_benchmark_runs_on_a_chosen_game(capsys):
    assert bench.main("engine", 1, "stalins-war") == 0
    out = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(out[-1])
    assert figures["game"] == "stalins-war" and figures["records"] > 0
    assert {"apply_median_ms", "baseline_clone_hash_ms", "prompt_median_ms", "replay_actions_per_s"} <= set(figures)


def test_service_benchmark_measures_whole_replies_beside_a_text_only_baseline(capsys, monkeypatch):
    """The service benchmark plays accepted orders with pictures and prints p50/p95 and the ratio."""
    monkeypatch.setattr(bench, "bench_service", lambda runs, orders=6, _real=bench.bench_service: _real(runs, orders))
    assert bench.main("service", 1, "stalins-war") == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["orders"] == 6
    assert {"reply_p50_ms", "reply_p95_ms", "baseline_text_only_p50_ms", "p50_vs_baseline", "db_bytes_per_order"} <= set(figures)
    assert sum(figures["verbs_played"].values()) == 6 and "turns_reached" in figures
    assert figures["reply_cpu_p95_ms"] >= figures["reply_cpu_p50_ms"] > 0


def test_replay_benchmark_prints_loading_and_checking_speeds_beside_the_copying_baseline(capsys):
    """The replay benchmark replays as many records of random play as asked three ways and prints the figures and the ratio."""
    assert bench.main("replay", 2, "duel", records=40) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["game"] == "duel" and 40 <= figures["records"] < 60 and figures["runs"] == 2
    assert {"replay_actions_per_s_p95", "replay_each_hash_actions_per_s_median", "baseline_copying_actions_per_s_median", "replay_vs_baseline"} <= set(figures)
    assert sum(figures["verbs_played"].values()) > 0 and "turns_reached" in figures


def test_load_benchmark_times_a_fresh_service_loading_a_long_campaign(capsys, monkeypatch):
    """The load benchmark loads a stored campaign through a fresh service and prints p50/p95 beside reading its records."""
    monkeypatch.setattr(bench, "bench_load", lambda runs, total=30, _real=bench.bench_load: _real(runs, total))
    assert bench.main("load", 2, "duel") == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["game"] == "duel" and figures["records"] > 0 and figures["runs"] == 2
    assert {"load_p50_ms", "load_p95_ms", "baseline_read_records_p50_ms", "load_vs_baseline"} <= set(figures)


def test_memory_benchmark_measures_idle_campaigns_beside_their_database(capsys, monkeypatch):
    """The memory benchmark loads several stored campaigns in one service and prints the memory grown beside the database size."""
    monkeypatch.setattr(bench, "bench_memory", lambda runs, campaigns, total=20, _real=bench.bench_memory: _real(runs, campaigns, total))
    assert bench.main("memory", 1, "duel", campaigns=3) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["campaigns"] == 3 and figures["records_each"] > 0
    assert {"rss_growth_mb_median", "mb_per_loaded_campaign", "baseline_database_mb", "memory_vs_database"} <= set(figures)
    assert figures["process_rss_mb_max"] > 0


def test_engine_benchmark_reports_the_p95_of_applies(capsys):
    """The engine benchmark prints the p95 of every apply beside the median."""
    assert bench.main("engine", 1, "duel") == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["apply_p95_ms"] >= figures["apply_median_ms"] > 0
