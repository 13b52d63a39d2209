"""SIGKILL between commit and send: nothing acknowledged is lost, nothing is posted twice."""

import os
import signal
import subprocess
import sys
from pathlib import Path

from bot.service import CampaignService
from bot.store import Store

ROOT = Path(__file__).resolve().parents[2]


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
