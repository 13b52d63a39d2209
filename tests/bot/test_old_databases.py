"""Campaigns stored before the one-door projection still load, replay and play on."""

import json
import shutil
from pathlib import Path

from bot.service import CampaignService, Sender
from bot.store import Store
from engine import registry
from engine.kernel import Match, Record

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "databases" / "pre_projection.db"
CONSOLE = Sender("console", "console")


async def test_a_database_written_before_the_projection_replays_to_its_hashes(tmp_path):
    """Both games' campaigns of the fixture (commit 7c73946) replay record by record to the stored hashes."""
    db = tmp_path / "old.db"
    shutil.copy(FIXTURE, db)
    store = await Store.open(db)
    try:
        rows = await store.campaigns()
        assert {r.game for r in rows} == {"caucasus", "stalins-war"}
        for row in rows:
            records = [Record.from_json(r) for r in await store.records(row.id)]
            match = Match.replay(registry.get(row.game), row.scenario, row.options, row.seed, records)
            assert match.hash() == records[-1].state_hash
            loaded = await CampaignService(store).match(row)
            assert loaded.hash() == match.hash()
    finally:
        await store.close()


async def test_an_old_campaign_takes_the_next_order(tmp_path):
    """After the upgrade a stored campaign accepts its next legal order and stores it."""
    db = tmp_path / "old.db"
    shutil.copy(FIXTURE, db)
    store = await Store.open(db)
    try:
        service = CampaignService(store)
        for row in await store.campaigns():
            match = await service.match(row)
            if match.result() is not None:
                continue
            role = sorted(match.active())[0]
            action = match.prompt(role).actions[0]
            replies = await service.submit(row, CONSOLE, action.text, role=role)
            assert any(r.ok and r.text.startswith("\u2713") for r in replies), [r.text for r in replies]
            assert len(await store.records(row.id)) == len(match.records)
    finally:
        await store.close()


async def test_an_old_database_continues_after_a_rules_upgrade(tmp_path, monkeypatch):
    """The fixture's campaigns (no heads kept then) continue from their latest snapshot once a
    game's rules version is bumped, take their next order, and `replay` checks what follows."""
    db = tmp_path / "old.db"
    shutil.copy(FIXTURE, db)
    store = await Store.open(db)
    try:
        for row in await store.campaigns():
            game = registry.get(row.game)
            monkeypatch.setattr(game, "rules_version", game.rules_version + 1)
            records = [Record.from_json(r) for r in await store.records(row.id)]
            match = await CampaignService(store).match(row)
            assert match.hash() == records[-1].state_hash  # the same rules here: nothing moved
            row = await store.campaign(row.id)
            assert row.rules_version == game.rules_version and row.continued_from == records[-1].seq
            async with store.db.execute("SELECT payload FROM outbox WHERE campaign_id = ? ORDER BY id DESC LIMIT 2", (row.id,)) as cur:
                notices = [json.loads(r["payload"])["text"] for r in await cur.fetchall()]
            assert all("upgraded" in n for n in notices)
    finally:
        await store.close()


async def test_an_old_campaign_opens_unarchived_and_can_be_ended(tmp_path):
    """After the upgrade to the archive schema, old campaigns are neither archived nor lost, and can be ended."""
    db = tmp_path / "old.db"
    shutil.copy(FIXTURE, db)
    store = await Store.open(db)
    try:
        service = CampaignService(store)
        rows = await store.campaigns()
        assert rows and not any(r.archived or r.channel_lost or r.guild for r in rows)
        row = rows[0]
        await store.add_referee(row.id, CONSOLE.user_id)
        await service.referee(row, CONSOLE, "end because the fixture is old")
        assert (await store.campaign(row.id)).archived
    finally:
        await store.close()
