"""Loading a campaign parses only the records after its latest snapshot; the others are read
when something asks for them (history, rewind), and read the same."""

import json
import random

from bot.service import CampaignService
from bot.storedrecords import StoredRecord
from engine.kernel import Match, Record
from tests.bot.people import BLUE, RED

SENDERS = {"red": RED, "blue": BLUE}


async def _played(service, row, store, records: int):
    """Random legal play of the duel until it holds ``records`` records and a snapshot after set-up."""
    rnd = random.Random("tail")
    while (match := await service.match(row)).next_seq() <= records or await store.snapshot_seq(row.id) == 0:
        role = rnd.choice(sorted(match.active()))
        action = rnd.choice(match.prompt(role).actions)
        await service.submit(row, SENDERS[role], action.text, role)
    return match


async def test_loading_leaves_the_records_a_snapshot_covers_unread(setup):
    """A fresh service loads to the same hash and has read none of the records its latest snapshot covers."""
    service, row, store = setup
    played = await _played(service, row, store, 80)
    covered = await store.snapshot_seq(row.id)
    loaded = await CampaignService(store).match(row)
    assert loaded.hash() == played.hash() and len(loaded.records) == len(played.records)
    early = [r for r in loaded.records if r.seq <= covered]
    assert early and all(isinstance(r, StoredRecord) and not r.parsed for r in early)
    assert all(not isinstance(r, StoredRecord) for r in loaded.records if r.seq > covered)


async def test_a_stored_record_reads_as_the_record_it_holds(setup):
    """Every field of a record kept as stored reads as the parsed record's, and it writes the same JSON."""
    service, row, store = setup
    await _played(service, row, store, 40)
    for seq, text in await store.record_texts(row.id, await store.snapshot_seq(row.id)):
        stored, parsed = StoredRecord(seq, text), Record.from_json(json.loads(text))
        assert (stored.seq, stored.role, stored.kind, stored.action, stored.entries, stored.barrier, stored.state_hash) == (
            parsed.seq, parsed.role, parsed.kind, parsed.action, parsed.entries, parsed.barrier, parsed.state_hash
        )
        assert stored.text == parsed.text and stored.to_json() == parsed.to_json()


async def test_history_and_a_replay_read_the_covered_records_as_played(setup):
    """After a load, the history reads the covered records as the playing service did, and they replay to the same hash."""
    service, row, store = setup
    played = await _played(service, row, store, 60)
    loaded = await CampaignService(store).match(row)
    assert loaded.history("public", 60) == played.history("public", 60)
    again = Match.replay(loaded.game, loaded.scenario, loaded.options, row.seed, loaded.records)
    assert again.hash() == played.hash()
