"""``adjutant bench engine|store|service|replay|load|memory``: benchmarks that print figures (never tests).

Each prints the median of several runs and a ratio against a baseline measured side by side
in the same process, then a last line holding one JSON object with the figures.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.benchwalk import Coverage, pick, plain
from engine import registry
from engine.errors import OrderError
from engine.kernel import Match, Record
from engine.state import canonical, clone, state_hash

_GAME: list[str] = []


def _game_name() -> str:
    if _GAME:
        return _GAME[0]
    return "caucasus" if "caucasus" in registry.names() else registry.names()[0]


def _random_match(steps: int, seed: str, prompts: list[float] | None = None) -> tuple[Match, list[float], list[float]]:
    """Play random legal actions through every phase (``bot.benchwalk``); return the match,
    apply latencies and baseline latencies."""
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
        action = pick(match, role, rnd)  # through every phase (bot.benchwalk), not only set-up
        if action is None:
            break
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
    every: list[float] = []
    records = 0
    for i in range(runs):
        prompts: list[float] = []
        match, lat, base = _random_match(300, f"bench-{i}", prompts)
        prompt_runs.append(statistics.median(prompts))
        applies.append(statistics.median(lat))
        bases.append(statistics.median(base))
        every += lat
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
        "apply_p95_ms": round(_percentile(every, 0.95) * 1000, 3),
        "baseline_clone_hash_ms": round(base_ms, 3),
        "apply_vs_baseline": round(apply_ms / base_ms, 2) if base_ms else None,
        "replay_actions_per_s": round(statistics.median(replays), 1),
        "prompt_median_ms": round(statistics.median(prompt_runs) * 1000, 3),
    }
    print(f"engine ({out['game']}): {records} random legal actions over {runs} runs")
    print(f"  apply latency, median of run medians: {apply_ms:.3f} ms; p95 of every apply {out['apply_p95_ms']} ms")
    print(f"  baseline (clone + hash of the state, side by side): {base_ms:.3f} ms; ratio {out['apply_vs_baseline']}")
    print(f"  replay speed, median: {out['replay_actions_per_s']} actions/s")
    print(f"  legal-action list (prompt) latency, median of run medians: {out['prompt_median_ms']} ms")
    return out


def _long_logs(total: int, seed: str, coverage: Coverage | None = None) -> list[Match]:
    """Random legal play through every phase (``bot.benchwalk``), over as many campaigns as it
    takes (a game over starts another) to hold ``total`` records; what it went through is noted
    in ``coverage``."""
    game = registry.get(_game_name())
    scenario = next(iter(game.scenarios))
    rnd = random.Random(seed)
    matches = [Match.new(game, scenario, game.options, f"{seed}-1")]
    tries = 0
    while sum(len(m.records) for m in matches) < total and tries < total * 4:
        tries += 1
        match = matches[-1]
        if match.result() is not None or not match.active():
            matches.append(Match.new(game, scenario, game.options, f"{seed}-{len(matches) + 1}"))
            continue
        role = rnd.choice(sorted(match.active()))
        action = pick(match, role, rnd)
        if action is None:
            break
        try:
            match.play(role, action)
        except OrderError:
            continue
        if coverage is not None:
            coverage.note(match, action.verb)
        last = match.undoable()
        if last is not None and last.role == role and rnd.random() < 0.05 and match.can_undo(role):
            match.undo(role)
    return matches


def _replay_copying(match: Match) -> None:
    """The baseline: the replay as it was, a copy of the state and the invariants at every record."""
    again = Match.new(match.game, match.scenario, match.options, match._seed)
    for rec in match.records:
        again._replay_one(rec, trust=True)
    if again.hash() != match.hash():
        raise AssertionError("the baseline replay diverged")


def bench_replay(runs: int, total: int = 600) -> dict[str, Any]:
    """Replay speed of long logs: loading (check at the end, the campaign's own accepted orders)
    and ``adjutant replay`` (every hash and every rule checked), beside the replay that copies the state at every record, run by run, in CPU time (on a
    shared machine wall time of the same replay swings x2)."""
    coverage = Coverage()
    logs = _long_logs(total, "replay", coverage)
    records = sum(len(m.records) for m in logs)
    fast: list[float] = []
    each: list[float] = []
    base: list[float] = []
    for _ in range(runs):
        t0 = time.process_time()
        for m in logs:
            Match.replay(m.game, m.scenario, m.options, m._seed, m.records, check="end", accepted=True)
        fast.append(time.process_time() - t0)
        t0 = time.process_time()
        for m in logs:
            Match.replay(m.game, m.scenario, m.options, m._seed, m.records)
        each.append(time.process_time() - t0)
        t0 = time.process_time()
        for m in logs:
            _replay_copying(m)
        base.append(time.process_time() - t0)

    def rate(times: list[float], q: float) -> float:
        return round(records / _percentile(times, q), 1)

    out = {
        "game": _game_name(),
        "runs": runs,
        "records": records,
        "campaigns": len(logs),
        "replay_actions_per_s_median": rate(fast, 0.5),
        "replay_actions_per_s_p95": rate(fast, 0.95),
        "replay_each_hash_actions_per_s_median": rate(each, 0.5),
        "replay_each_hash_actions_per_s_p95": rate(each, 0.95),
        "baseline_copying_actions_per_s_median": rate(base, 0.5),
        "baseline_copying_actions_per_s_p95": rate(base, 0.95),
        **coverage.figures(),
    }
    out["replay_vs_baseline"] = round(out["replay_actions_per_s_median"] / out["baseline_copying_actions_per_s_median"], 2)
    print(f"replay ({out['game']}): {records} records of random legal play in {len(logs)} campaigns, {runs} runs, CPU time")
    print(f"  orders played, by verb: {out['verbs_played']}; game turns reached: {out['turns_reached']}")
    print(f"  loading (hash checked at the end), median / p95 run: {out['replay_actions_per_s_median']} / {out['replay_actions_per_s_p95']} actions/s")
    print(
        f"  'adjutant replay' (every hash checked), median / p95 run: "
        f"{out['replay_each_hash_actions_per_s_median']} / {out['replay_each_hash_actions_per_s_p95']} actions/s"
    )
    print(
        f"  baseline (a copy of the state and the invariants at every record), side by side: "
        f"{out['baseline_copying_actions_per_s_median']} / {out['baseline_copying_actions_per_s_p95']} actions/s; "
        f"ratio {out['replay_vs_baseline']}"
    )
    return out


def _campaign_log(total: int, seed: str) -> tuple[Match, list[tuple[list[dict[str, Any]], tuple[int, str, str] | None]]]:
    """One campaign of random legal play (leaning to ending steps) up to ``total`` records or its
    end, cut into the steps the service would commit: each step's records and the snapshot the
    service writes with it (at the first barrier ``SNAPSHOT_EVERY`` records after the last)."""
    from bot.service import SNAPSHOT_EVERY

    game = registry.get(_game_name())
    scenario = next(iter(game.scenarios))
    match = Match.new(game, scenario, game.options, seed)
    rnd = random.Random(seed)
    steps: list[tuple[list[dict[str, Any]], tuple[int, str, str] | None]] = []
    snapped, tries = 0, 0
    while len(match.records) < total and tries < total * 4 and match.result() is None and match.active():
        tries += 1
        role = rnd.choice(sorted(match.active()))
        action = plain(match, role, rnd)
        if action is None:
            break
        try:
            records = match.play(role, action)
        except OrderError:
            continue
        snap = None
        if records[-1].barrier and records[-1].seq - snapped >= SNAPSHOT_EVERY:
            snapped = records[-1].seq
            snap = (snapped, canonical(match.state), match.hash())
        steps.append(([r.to_json() for r in records], snap))
    return match, steps


async def _write_campaigns(path: Path, match: Match, steps: list[tuple[list[dict[str, Any]], tuple[int, str, str] | None]], copies: int) -> list[int]:
    """``copies`` campaigns of the same log (same seed) in a database at ``path``, written as the
    service writes them (created with its set-up snapshot, then step by step, snapshots and head)."""
    from bot.service import CampaignService
    from bot.store import Saved, Store

    store = await Store.open(path, durable=False)
    service = CampaignService(store)
    game = match.game
    seats = {role: ("bench", "bench") for role in game.roles}
    head = Saved(len(match.records) and match.records[-1].seq, canonical(match.state), match.hash(), game.rules_version, game.state_format)
    ids = []
    for n in range(copies):
        row, _ = await service.create(f"bench-{n}", game.name, match.scenario, match.options, seed=match._seed, creator="bench", seats=seats)
        ids.append(row.id)
        for i, (records, snap) in enumerate(steps):
            replies = [("public", {"to": "public", "text": "reply " * 20}, None)]
            await store.commit_step(row.id, records, replies, snapshot=snap, head=head if i == len(steps) - 1 else None)
    await store.close()
    return ids


def _rss() -> int:
    """This process's resident memory in bytes (Linux), after a full collection."""
    gc.collect()
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


async def _loads(path: Path, ids: list[int], runs: int) -> tuple[list[float], list[float], int]:
    """Load each campaign ``runs`` times through a fresh service (from its latest snapshot and the
    tail, as after a restart), beside reading and parsing its stored records (the baseline: the
    part of a load no engine work can save)."""
    from bot.service import CampaignService
    from bot.store import Store

    store = await Store.open(path, durable=False)
    loads: list[float] = []
    reads: list[float] = []
    records = 0
    for _ in range(runs):
        for cid in ids:
            service = CampaignService(store)
            row = await store.campaign(cid)
            assert row is not None
            t0 = time.perf_counter()
            match = await service.match(row)
            loads.append(time.perf_counter() - t0)
            records = len(match.records)
            t0 = time.perf_counter()
            [Record.from_json(r) for r in await store.records(cid)]
            reads.append(time.perf_counter() - t0)
    await store.close()
    return loads, reads, records


def bench_load(runs: int, total: int = 2000) -> dict[str, Any]:
    """Load time of one long campaign (up to ``total`` records, or as long as random play lasts),
    from its latest snapshot and the tail, beside reading its stored records."""
    match, steps = _campaign_log(total, "load")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "load.db"
        ids = asyncio.run(_write_campaigns(path, match, steps, 1))
        loads, whole, records = asyncio.run(_loads(path, ids, runs))
    p50, p95 = _percentile(loads, 0.5) * 1000, _percentile(loads, 0.95) * 1000
    b50 = _percentile(whole, 0.5) * 1000
    out = {
        "game": _game_name(),
        "runs": runs,
        "records": records,
        "load_p50_ms": round(p50, 1),
        "load_p95_ms": round(p95, 1),
        "baseline_read_records_p50_ms": round(b50, 1),
        "load_vs_baseline": round(p50 / b50, 2) if b50 else None,
        "load_p50_ms_per_1000_records": round(p50 * 1000 / records, 1) if records else None,
    }
    print(f"load ({out['game']}): one campaign of {records} records of random legal play, {runs} loads by a fresh service")
    print(f"  load (latest snapshot and the tail, every stored hash checked), p50 / p95: {p50:.1f} / {p95:.1f} ms")
    print(f"  baseline (reading and parsing its stored records), side by side: {b50:.1f} ms; ratio {out['load_vs_baseline']}")
    return out


def bench_memory(runs: int, campaigns: int = 100, total: int = 500) -> dict[str, Any]:
    """Memory of ``campaigns`` idle campaigns with history loaded by one service (the same
    ``total``-record log each), beside the bytes the database holds for them (the baseline)."""
    from bot.service import LOADED_CAMPAIGNS, CampaignService
    from bot.store import Store

    match, steps = _campaign_log(total, "memory")
    growth: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "memory.db"
        ids = asyncio.run(_write_campaigns(path, match, steps, campaigns))
        stored = path.stat().st_size

        async def load_all() -> int:
            store = await Store.open(path, durable=False)
            service = CampaignService(store)
            before = _rss()
            for cid in ids:
                row = await store.campaign(cid)
                assert row is not None
                await service.match(row)
            after = _rss()
            whole.append(after)
            await store.close()
            del service
            return after - before

        whole: list[int] = []
        for _ in range(runs):
            growth.append(asyncio.run(load_all()))
    held = min(campaigns, LOADED_CAMPAIGNS)
    grown = statistics.median(growth)
    out = {
        "game": _game_name(),
        "runs": runs,
        "campaigns": campaigns,
        "records_each": len(match.records),
        "loaded_at_most": LOADED_CAMPAIGNS,
        "rss_growth_mb_median": round(grown / 2**20, 1),
        "rss_growth_mb_p95": round(_percentile(growth, 0.95) / 2**20, 1),
        "mb_per_loaded_campaign": round(grown / held / 2**20, 2),
        "process_rss_mb_max": round(max(whole) / 2**20, 1),
        "baseline_database_mb": round(stored / 2**20, 1),
        "memory_vs_database": round(grown / stored, 2) if stored else None,
    }
    print(f"memory ({out['game']}): {campaigns} idle campaigns of {out['records_each']} records loaded by one service, {runs} runs")
    print(
        f"  resident memory grown, median / p95: {out['rss_growth_mb_median']} / {out['rss_growth_mb_p95']} MB "
        f"({out['mb_per_loaded_campaign']} MB per loaded campaign, at most {LOADED_CAMPAIGNS} kept)"
    )
    print(f"  the whole process's resident memory with them loaded, largest run: {out['process_rss_mb_max']} MB")
    print(f"  baseline (the database holding them), side by side: {out['baseline_database_mb']} MB; ratio {out['memory_vs_database']}")
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


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _service_walk(
    path: Path, seed: str, orders: int, pictures: bool, coverage: Coverage | None = None, cpu: list[float] | None = None
) -> tuple[list[float], int, int]:
    """Random legal play through the service as the Discord bot wires it (pictures included when
    ``pictures``), through every phase (``bot.benchwalk``): the latency of each accepted order's
    whole reply, the orders, the database bytes; what it went through is noted in ``coverage``, and
    each reply's CPU time (every thread of the process: the drawing thread's too) in ``cpu``."""
    from bot.pictures import render_hand_of, render_with_description
    from bot.service import CampaignService, Sender
    from bot.store import Store

    store = await Store.open(path)
    service = CampaignService(
        store, renderer=render_with_description if pictures else None, hand_renderer=render_hand_of if pictures else None
    )
    game = registry.get(_game_name())
    seats = {role: ("bench", "bench") for role in game.roles}
    games = 0

    async def new_campaign() -> Any:
        nonlocal games
        games += 1
        created, _ = await service.create(f"bench-{seed}-{games}", game.name, seed=f"{seed}-{games}", creator="bench", seats=seats)
        return created

    row = await new_campaign()
    sender = Sender("bench", "bench")
    rnd = random.Random(seed)
    latencies: list[float] = []

    async def drop(entry: Any) -> None:
        return None

    tries = 0
    while len(latencies) < orders and tries < orders * 4:
        tries += 1
        match = await service.match(row)
        if match.result() is not None or not match.active():
            row = await new_campaign()  # a game over: the walk goes on in a new campaign
            continue
        role = rnd.choice(sorted(match.active()))
        action = pick(match, role, rnd)
        if action is None:
            break
        t0, c0 = time.perf_counter(), time.process_time()
        replies = await service.submit(row, sender, action.text, role)
        await service.deliver(drop, row.id)
        elapsed, used = time.perf_counter() - t0, time.process_time() - c0
        if replies and replies[0].ok:
            latencies.append(elapsed)
            if cpu is not None:
                cpu.append(used)
            if coverage is not None:
                coverage.note(await service.match(row), action.verb)
    await store.close()
    return latencies, len(latencies), path.stat().st_size


def bench_service(runs: int, orders: int = 320) -> dict[str, Any]:
    """Whole replies as players feel them: each accepted order of real play (set-up, movement,
    combat, later turns) through the service, pictures and delivery bookkeeping included, beside
    the same walk without pictures (the baseline)."""
    with_pictures: list[float] = []
    without: list[float] = []
    accepted, size = 0, 0
    coverage = Coverage()
    cpu: list[float] = []
    cpu_base: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            lat, n, db = asyncio.run(_service_walk(Path(tmp) / f"p{i}.db", f"svc-{i}", orders, True, coverage, cpu))
            base, _, _ = asyncio.run(_service_walk(Path(tmp) / f"t{i}.db", f"svc-{i}", orders, False, cpu=cpu_base))
            with_pictures += lat
            without += base
            accepted += n
            size += db
    p50, p95 = _percentile(with_pictures, 0.5) * 1000, _percentile(with_pictures, 0.95) * 1000
    b50, b95 = _percentile(without, 0.5) * 1000, _percentile(without, 0.95) * 1000
    out = {
        "game": _game_name(),
        "runs": runs,
        "orders": accepted,
        "reply_p50_ms": round(p50, 1),
        "reply_p95_ms": round(p95, 1),
        "baseline_text_only_p50_ms": round(b50, 1),
        "baseline_text_only_p95_ms": round(b95, 1),
        "p50_vs_baseline": round(p50 / b50, 2) if b50 else None,
        "db_bytes_per_order": round(size / accepted) if accepted else None,
        # CPU time: what a reply costs whatever else the machine runs (wall time on a shared one is not)
        "reply_cpu_p50_ms": round(_percentile(cpu, 0.5) * 1000, 1),
        "reply_cpu_p95_ms": round(_percentile(cpu, 0.95) * 1000, 1),
        "baseline_text_only_cpu_p50_ms": round(_percentile(cpu_base, 0.5) * 1000, 1),
        "baseline_text_only_cpu_p95_ms": round(_percentile(cpu_base, 0.95) * 1000, 1),
        **coverage.figures(),
    }
    print(f"service ({out['game']}): {accepted} accepted orders of random legal play over {runs} runs, pictures included")
    print(f"  orders played, by verb: {out['verbs_played']}; game turns reached: {out['turns_reached']}")
    print(f"  whole reply, p50 / p95: {p50:.1f} / {p95:.1f} ms")
    print(f"  baseline (same walks, no pictures), side by side: {b50:.1f} / {b95:.1f} ms; p50 ratio {out['p50_vs_baseline']}")
    print(f"  CPU time of the whole reply (every thread), p50 / p95: {out['reply_cpu_p50_ms']} / {out['reply_cpu_p95_ms']} ms")
    print(f"  baseline CPU time (no pictures): {out['baseline_text_only_cpu_p50_ms']} / {out['baseline_text_only_cpu_p95_ms']} ms")
    print(f"  database bytes per accepted order: {out['db_bytes_per_order']}")
    return out


def main(what: str, runs: int, game: str | None = None, campaigns: int = 100, records: int = 600) -> int:
    if game:
        _GAME[:] = [registry.resolve(game)]
    if what == "service":
        result = bench_service(runs)
    elif what == "replay":
        result = bench_replay(runs, total=records)
    elif what == "load":
        result = bench_load(runs)
    elif what == "memory":
        result = bench_memory(runs, campaigns=campaigns)
    else:
        result = bench_engine(runs) if what == "engine" else bench_store(runs)
    print(json.dumps(result, sort_keys=True))
    return 0
