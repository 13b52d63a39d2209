"""SIGKILL between commit and send: nothing acknowledged is lost, nothing is posted twice; SIGKILL
anywhere during creation or play: the campaign is whole or absent, its log contiguous and replayable."""

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service import CampaignService, Sender
from bot.store import Store
from engine import registry
from engine.kernel import Match, Record

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """\
red: move r1 0102
red: status
foo: bar
red:
red: move r1 0909
red: draw
red: end
blue: move b1 0504
blue: undo
blue: move b1 0405
referee: place b2 0303 because a table bump
blue: end
red: move r2 0203
red: attack r2 b2
blue: brace
red: end
referee: set turn "x" because a test
blue: draw
blue: end
red: move r1 0103
"""
KILLS = 6  # kill points per part (creation, play), drawn with a fixed seed
KILL_SEED = 20261126



def run_until(mode: str, db: Path, marker: str) -> list[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.crash_worker", mode, str(db)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    lines = []
    assert proc.stdout is not None
    for line in proc.stdout:
        lines.append(line.strip())
        if line.strip() == marker:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    return lines


async def test_kill_after_commit_loses_nothing_and_sends_once(tmp_path):
    db = tmp_path / "crash.db"
    run_until("commit", db, "COMMITTED")
    store = await Store.open(db)
    row = await store.campaign("c")
    assert [r["seq"] for r in await store.records(row.id)] == [1, 2]
    service = CampaignService(store)
    delivered = []

    async def send(entry):
        delivered.append(entry.payload["text"])

    assert await service.deliver(send) > 0
    assert await service.deliver(send) == 0
    assert sum(t.startswith("\u2713 move r1 0102") for t in delivered) == 1
    assert sum(t.startswith("\u2713 move r1 0103") for t in delivered) == 1
    assert (await service.match(row)).state["units"]["r1"]["hex"] == "0103"
    await store.close()


async def test_kill_during_delivery_resumes_without_duplicates(tmp_path):
    db = tmp_path / "crash.db"
    run_until("commit", db, "COMMITTED")
    first = run_until("deliver", db, "HANGING")
    sent_before = [int(line.split()[1]) for line in first if line.startswith("SENT")]
    assert len(sent_before) == 2
    store = await Store.open(db)
    rest = []

    async def send(entry):
        rest.append(entry.id)

    await CampaignService(store).deliver(send)
    assert not set(sent_before) & set(rest)
    async with store.db.execute("SELECT id FROM outbox ORDER BY id") as cur:
        every = [r[0] for r in await cur.fetchall()]
    assert sorted(sent_before + rest) == every
    await store.close()


def console_run(db: Path, kill_at: int) -> tuple[int, list[str]]:
    """Run the console on SCRIPT, killed just before its ``kill_at``-th SQL statement (0: never)."""
    proc = subprocess.run(
        [sys.executable, "-m", "tests.bot.crash_worker", "console", str(db), str(kill_at)],
        cwd=ROOT, input=SCRIPT, capture_output=True, text=True, timeout=120,
    )
    return proc.returncode, proc.stdout.splitlines()


@pytest.fixture(scope="module")
def kill_points(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, int]]:
    """The statement counts to kill at: KILLS inside creation and KILLS during play, from a dry run."""
    code, lines = console_run(tmp_path_factory.mktemp("dry") / "dry.db", 0)
    assert code == 0, lines
    counts = dict(line.split()[1:] for line in lines if line.startswith("COUNT"))
    created, end = int(counts["create"]), int(counts["end"])
    rng = random.Random(KILL_SEED)
    return [("create", n) for n in sorted(rng.sample(range(1, created + 1), KILLS))] + [
        ("play", n) for n in sorted(rng.sample(range(created + 1, end + 1), KILLS))
    ]


async def check_whole(store: Store, stage: str) -> None:
    """The campaign is absent (killed during creation) or whole: seats, referee, the published seed
    commitment, snapshot 0, contiguous records that replay, every accepted line with its record;
    and it takes the next legal order."""
    rows = await store.campaigns()
    if not rows:
        assert stage == "create", "a kill during play lost the campaign"
        return
    (row,) = rows
    assert await store.seats(row.id) == {"red": ("console", "console"), "blue": ("console", "console")}
    assert await store.referees(row.id) == {"console"}
    async with store.db.execute("SELECT payload FROM outbox WHERE campaign_id = ?", (row.id,)) as cur:
        assert any("Seed commitment" in r[0] for r in await cur.fetchall())
    assert await store.latest_snapshot(row.id) is not None
    records = [Record.from_json(r) for r in await store.records(row.id)]
    assert [r.seq for r in records] == list(range(1, len(records) + 1))
    game = registry.get(row.game)
    Match.replay(game, row.scenario, row.options, row.seed, records)  # raises on any hash difference
    async with store.db.execute("SELECT COUNT(*) FROM messages WHERE outcome = 'accepted'") as cur:
        accepted = (await cur.fetchone())[0]
    assert accepted == sum(r.kind in ("order", "undo", "override") for r in records)
    service = CampaignService(store)
    match = await service.match(row)
    role = sorted(match.active())[0]
    replies = await service.submit(row, Sender("console"), match.prompt(role).actions[0].text, role=role)
    assert replies[0].ok
    assert [r["seq"] for r in await store.records(row.id)][: len(records) + 1] == list(range(1, len(records) + 2))


@pytest.mark.parametrize("run", range(2 * KILLS))
async def test_a_kill_anywhere_leaves_a_whole_campaign(tmp_path, kill_points, run):
    """SIGKILL of the console before a random statement of creation or play: nothing half-written."""
    stage, kill_at = kill_points[run]
    db = tmp_path / "kill.db"
    code, lines = console_run(db, kill_at)
    assert code == -signal.SIGKILL, lines
    store = await Store.open(db)
    try:
        await check_whole(store, stage)
    finally:
        await store.close()
