"""Upgrades never break a running campaign: it continues from its latest state, and says so."""

import argparse

import pytest

from bot import service as service_module
from bot.cli import cmd_replay
from bot.service import CampaignService, ServiceError
from engine import registry
from tests.bot.people import RED


async def outbox_texts(store, campaign_id):
    return [e.payload["text"] for e in await store.pending(campaign_id)]


async def test_after_a_rules_upgrade_a_campaign_continues_from_its_head_and_says_what_changed(setup, monkeypatch):
    """A new rules version: the campaign goes on from the state it stood in, records the new
    version and the record it continued from, and tells the channel and referees the changes."""
    service, row, store = setup
    await service.submit(row, RED, "move r1 0102")
    monkeypatch.setattr(registry.get("duel"), "rules_version", 2)
    monkeypatch.setattr(service_module, "changes_since", lambda game, version: ["Brace now needs a 5."])
    fresh = CampaignService(store)
    match = await fresh.match(row)
    assert match.state["units"]["r1"]["hex"] == "0102"
    row = await store.campaign(row.id)
    assert (row.rules_version, row.continued_from) == (2, 1)
    notices = [e for e in await store.pending(row.id) if "upgraded" in e.payload["text"]]
    assert {e.recipient for e in notices} == {"public", "referee"}
    assert "rules version 1 \u2192 2" in notices[0].payload["text"] and "Brace now needs a 5." in notices[0].payload["text"]
    await fresh.submit(row, RED, "move r1 0103")
    assert (await CampaignService(store).match(row)).state["units"]["r1"]["hex"] == "0103"


async def test_a_log_that_no_longer_replays_is_kept_and_play_goes_on(setup, monkeypatch):
    """A stored order the rules now refuse (no version bump): the campaign continues from its
    head, the log stays whole, and the channel and referees are told it no longer replays."""
    service, row, store = setup
    await service.submit(row, RED, "move r1 0102")
    records = await store.records(row.id)
    broken = [dict(r) for r in records]
    broken[-1] = {**broken[-1], "action": ["move", "r1", "0909"]}

    async def stored(campaign_id, after=0):
        return broken

    monkeypatch.setattr(store, "records", stored)
    match = await CampaignService(store).match(row)
    assert match.state["units"]["r1"]["hex"] == "0102" and len(match.records) == 1
    texts = await outbox_texts(store, row.id)
    assert any("no longer replays" in x and "now refused" in x for x in texts)


async def test_a_database_without_heads_continues_from_its_latest_snapshot(setup, monkeypatch):
    """Written before heads were kept: the latest snapshot and the records after it, applied
    under the new rules as far as they go."""
    service, row, store = setup
    await service.submit(row, RED, "move r1 0102")
    await store.db.execute("DELETE FROM heads")
    await store.db.commit()
    monkeypatch.setattr(registry.get("duel"), "rules_version", 2)
    match = await CampaignService(store).match(row)
    assert match.state["units"]["r1"]["hex"] == "0102"
    assert (await store.campaign(row.id)).continued_from == 1


async def test_a_state_in_an_unknown_format_is_a_clear_refusal(setup, monkeypatch):
    """A head saved in a format this version cannot read: a clear error, not a traceback."""
    service, row, store = setup
    await service.submit(row, RED, "move r1 0102")
    await store.db.execute("UPDATE heads SET format = 9")
    await store.db.commit()
    monkeypatch.setattr(registry.get("duel"), "rules_version", 2)
    with pytest.raises(ServiceError) as exc:
        await CampaignService(store).match(row)
    assert "cannot continue from record 1" in str(exc.value) and "format 9" in str(exc.value)


async def test_replay_reports_a_continued_campaign_and_checks_what_follows(setup, monkeypatch, capsys):
    """`adjutant replay` says where a campaign continued and checks the records after it."""
    service, row, store = setup
    await service.submit(row, RED, "move r1 0102")
    monkeypatch.setattr(registry.get("duel"), "rules_version", 2)
    fresh = CampaignService(store)
    await fresh.match(row)
    await fresh.submit(row, RED, "move r1 0103")
    assert await cmd_replay(argparse.Namespace(db=store.path, campaign=None)) == 0
    out = capsys.readouterr().out
    assert "continued from snapshot at record 1" in out and "OK" in out
