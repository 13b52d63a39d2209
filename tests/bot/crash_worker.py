"""A worker process for the crash tests: it is killed with SIGKILL at a chosen moment.

``console DB N`` runs the local console (``adjutant play duel``) on the order script it reads
from stdin, and kills itself just before its store's N-th SQL statement after opening (N = 0:
never); it prints ``COUNT create K`` after the campaign is created and ``COUNT end M`` when the
script is done, K and M being the statements run so far, so a test can aim inside either.
"""

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any

from bot import cli
from bot.service import CampaignService, Sender
from bot.store import Store
from engine import registry
from tests.fixtures import duel

registry.register("duel", duel.make_game)
USER = Sender("u", "u")


async def commit_then_hang(db: str) -> None:
    store = await Store.open(db)
    service = CampaignService(store)
    row, _ = await service.create("c", "duel", seed="k", creator="u")
    for role in ("red", "blue"):
        await store.set_seat(row.id, role, "u", "u")
    await service.submit(row, USER, "move r1 0102\nmove r1 0103", role="red")
    print("COMMITTED", flush=True)
    await asyncio.sleep(120)


async def deliver_some_then_hang(db: str) -> None:
    store = await Store.open(db)
    service = CampaignService(store)
    sent = 0

    async def send(entry):
        nonlocal sent
        if sent == 2:
            print("HANGING", flush=True)
            await asyncio.sleep(120)
        print(f"SENT {entry.id}", flush=True)
        sent += 1

    await service.deliver(send)


def console_killed_at(db: str, kill_at: int) -> int:
    count = 0
    real_open = Store.open.__func__
    real_create = CampaignService.create

    async def counting_open(cls: type[Store], path: str | Path, *args: Any, **kwargs: Any) -> Store:
        store = await real_open(cls, path, *args, **kwargs)
        real_execute = store.db.execute

        def execute(*args: Any, **kwargs: Any) -> Any:
            nonlocal count
            count += 1
            if count == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return real_execute(*args, **kwargs)

        store.db.execute = execute
        return store

    async def create(*args: Any, **kwargs: Any) -> Any:
        made = await real_create(*args, **kwargs)
        print(f"COUNT create {count}", flush=True)
        return made

    Store.open = classmethod(counting_open)
    CampaignService.create = create
    code = cli.main(["play", "duel", "--db", db, "--seed", "k", "--campaign", "c", "--json"])
    print(f"COUNT end {count}", flush=True)
    return code


if __name__ == "__main__":
    mode, db = sys.argv[1], sys.argv[2]
    if mode == "console":
        raise SystemExit(console_killed_at(db, int(sys.argv[3])))
    asyncio.run(commit_then_hang(db) if mode == "commit" else deliver_some_then_hang(db))
