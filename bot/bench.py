"""``adjutant bench engine|store``: benchmarks that print figures (never tests).

Each prints the median of several runs and a ratio against a baseline measured side by side
in the same process, then a last line holding one JSON object with the figures.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from engine import registry
from engine.errors import OrderError
from engine.kernel import Match
from engine.state import clone, state_hash

_GAME: list[str] = []


def _game_name() -> str:
    if _GAME:
        return _GAME[0]
    return "caucasus" if "caucasus" in registry.names() else registry.names()[0]


def _random_match(steps: int, seed: str, prompts: list[float] | None = None) -> tuple[Match, list[float], list[float]]:
    """Play random legal actions; return the match, apply latencies and baseline latencies."""
    game = registry.get(_game_name())
    scenario = next(iter(game.scenarios))
    match = Match.new(game, scenario, game.options, seed)
    rnd = random.Random(seed)
    latencies: list[float] = []
    baseline: list[float] = []
    for _ in range(steps):
        if match.result() is not None:
            break
        roles = sorted(match.active())
        if not roles:
            break
        role = rnd.choice(roles)
        t0 = time.perf_counter()
        actions = match.prompt(role).actions
        if prompts is not None:
            prompts.append(time.perf_counter() - t0)
        if not actions:
            break
        action = rnd.choice(actions)
        t0 = time.perf_counter()
        try:
            match.play(role, action)
        except OrderError:
            continue
        latencies.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        state_hash(clone(match.state))
        baseline.append(time.perf_counter() - t0)
    return match, latencies, baseline


def bench_engine(runs: int) -> dict[str, Any]:
    applies, bases, replays, prompt_runs = [], [], [], []
    records = 0
    for i in range(runs):
        prompts: list[float] = []
        match, lat, base = _random_match(300, f"bench-{i}", prompts)
        prompt_runs.append(statistics.median(prompts))
        applies.append(statistics.median(lat))
        bases.append(statistics.median(base))
        t0 = time.perf_counter()
        Match.replay(match.game, match.scenario, match.options, f"bench-{i}", match.records)
        elapsed = time.perf_counter() - t0
        replays.append(len(match.records) / elapsed)
        records += len(match.records)
    apply_ms = statistics.median(applies) * 1000
    base_ms = statistics.median(bases) * 1000
    out = {
        "game": _game_name(),
        "runs": runs,
        "records": records,
        "apply_median_ms": round(apply_ms, 3),
        "baseline_clone_hash_ms": round(base_ms, 3),
        "apply_vs_baseline": round(apply_ms / base_ms, 2) if base_ms else None,
        "replay_actions_per_s": round(statistics.median(replays), 1),
        "prompt_median_ms": round(statistics.median(prompt_runs) * 1000, 3),
    }
    print(f"engine ({out['game']}): {records} random legal actions over {runs} runs")
    print(f"  apply latency, median of run medians: {apply_ms:.3f} ms")
    print(f"  baseline (clone + hash of the state, side by side): {base_ms:.3f} ms; ratio {out['apply_vs_baseline']}")
    print(f"  replay speed, median: {out['replay_actions_per_s']} actions/s")
    print(f"  legal-action list (prompt) latency, median of run medians: {out['prompt_median_ms']} ms")
    return out


async def _commits(path: Path, durable: bool, n: int) -> float:
    from bot.store import Store

    store = await Store.open(path, durable=durable)
    cid = await store.create_campaign(f"bench-{durable}", "duel", "basic", {}, "seed", None)
    record = {"seq": 0, "hash": "0" * 64, "entries": ["x" * 200] * 8}
    t0 = time.perf_counter()
    for seq in range(1, n + 1):
        record["seq"] = seq
        await store.commit_step(cid, [record], [("public", {"to": "public", "text": "reply " * 20}, None)])
    elapsed = time.perf_counter() - t0
    await store.close()
    return n / elapsed


def bench_store(runs: int) -> dict[str, Any]:
    durable, normal = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            durable.append(asyncio.run(_commits(Path(tmp) / f"d{i}.db", True, 200)))
            normal.append(asyncio.run(_commits(Path(tmp) / f"n{i}.db", False, 200)))
    d, n = statistics.median(durable), statistics.median(normal)
    out = {"runs": runs, "durable_commits_per_s": round(d, 1), "normal_commits_per_s": round(n, 1), "durable_vs_normal": round(d / n, 3)}
    print(f"store: 200 commits per run, {runs} runs (one action record + one outbox reply per commit)")
    print(f"  durable (WAL, synchronous=FULL), median: {d:.1f} commits/s")
    print(f"  baseline (WAL, synchronous=NORMAL), side by side: {n:.1f} commits/s; ratio {out['durable_vs_normal']}")
    return out


def main(what: str, runs: int, game: str | None = None) -> int:
    if game:
        _GAME[:] = [registry.resolve(game)]
    result = bench_engine(runs) if what == "engine" else bench_store(runs)
    print(json.dumps(result, sort_keys=True))
    return 0
