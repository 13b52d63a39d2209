"""A worker process for the crash tests: it is killed with SIGKILL at a chosen moment."""

import asyncio
import sys

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


if __name__ == "__main__":
    mode, db = sys.argv[1], sys.argv[2]
    asyncio.run(commit_then_hang(db) if mode == "commit" else deliver_some_then_hang(db))
