"""What the database keeps per order: pictures only until delivered, states compressed; what
older databases hold still reads."""

import json
import sqlite3

from bot.store import Saved, Store

STATE = json.dumps({"units": {f"u{i}": {"hex": f"{i:04d}", "steps": 2} for i in range(400)}}, sort_keys=True)
PICTURE = bytes(range(256)) * 200  # 51 KB that do not compress


async def _campaign(store: Store) -> int:
    return await store.create_campaign("c", "duel", "basic", {}, "seed", None)


async def test_a_pending_picture_is_read_with_its_entry(tmp_path):
    """An undelivered picture comes back with its outbox entry, from the pictures' own table."""
    store = await Store.open(tmp_path / "a.db")
    cid = await _campaign(store)
    await store.commit_step(cid, [], [("public", {"text": "map"}, PICTURE), ("public", {"text": "plain"}, None)])
    assert [(e.payload["text"], e.image) for e in await store.pending(cid)] == [("map", PICTURE), ("plain", None)]
    await store.close()


async def test_a_delivered_picture_frees_its_pages_for_the_next(tmp_path):
    """Pictures delivered step after step do not grow the database: their pages are reused (about 2 KB per order were lost)."""
    path = tmp_path / "a.db"
    store = await Store.open(path, durable=False)
    cid = await _campaign(store)

    async def steps(n: int) -> None:
        for _ in range(n):
            await store.commit_step(cid, [], [("public", {"text": "map " * 60}, PICTURE)])
            await store.mark_delivered(*[e.id for e in await store.pending(cid)])

    await steps(20)
    await store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = path.stat().st_size
    await steps(200)
    await store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert path.stat().st_size - before < 200 * 500  # the entries' text (about 400 B), not the pictures' pages (700 B)
    await store.close()


async def test_an_older_picture_still_in_the_outbox_is_delivered(tmp_path):
    """A picture written into its outbox entry before version 14 is still read and dropped on delivery."""
    path = tmp_path / "a.db"
    store = await Store.open(path)
    cid = await _campaign(store)
    await store.db.execute(
        "INSERT INTO outbox (campaign_id, recipient, payload, image, created_at) VALUES (?, 'public', '{}', ?, 'then')", (cid, PICTURE)
    )
    await store.db.commit()
    (entry,) = await store.pending(cid)
    assert entry.image == PICTURE
    await store.mark_delivered(entry.id)
    async with store.db.execute("SELECT COUNT(*) FROM outbox WHERE image IS NOT NULL") as cur:
        assert (await cur.fetchone())[0] == 0
    await store.close()


async def test_snapshots_and_heads_are_stored_compressed_and_read_back_whole(tmp_path):
    """A snapshot and a head take a fraction of their text in the database and read back as the same text."""
    path = tmp_path / "a.db"
    store = await Store.open(path)
    cid = await _campaign(store)
    await store.commit_step(cid, [], [], snapshot=(5, STATE, "h5"), head=Saved(5, STATE, "h5", 2, 3))
    assert await store.saved_snapshot(cid) == Saved(5, STATE, "h5", 2, 3)
    assert await store.head(cid) == Saved(5, STATE, "h5", 2, 3)
    assert (await store.latest_snapshot(cid))[1] == json.loads(STATE)
    await store.close()
    with sqlite3.connect(path) as con:
        stored = con.execute("SELECT length(state) FROM snapshots UNION ALL SELECT length(state) FROM heads").fetchall()
    assert all(size < len(STATE) / 4 for (size,) in stored)


async def test_states_stored_as_text_by_older_versions_still_read(tmp_path):
    """A snapshot and a head written as plain text (before version 14) read as they were."""
    path = tmp_path / "a.db"
    store = await Store.open(path)
    cid = await _campaign(store)
    await store.db.execute("INSERT INTO snapshots (campaign_id, seq, state, state_hash) VALUES (?, 7, ?, 'h7')", (cid, STATE))
    await store.db.execute(
        "INSERT INTO heads (campaign_id, seq, state, state_hash, rules_version, format) VALUES (?, 7, ?, 'h7', 1, 1)", (cid, STATE)
    )
    await store.db.commit()
    assert await store.saved_snapshot(cid) == Saved(7, STATE, "h7", 1, 1)
    assert await store.head(cid) == Saved(7, STATE, "h7", 1, 1)
    await store.close()


async def test_a_delivered_picture_s_description_goes_with_it_and_a_text_reply_stays(tmp_path):
    """Delivered, a picture's description (drawn again with it from the log) is emptied; a text reply keeps its text."""
    store = await Store.open(tmp_path / "a.db")
    cid = await _campaign(store)
    await store.commit_step(cid, [], [("public", {"text": "map of 0503", "batch": "b1"}, PICTURE), ("public", {"text": "plain"}, None)])
    await store.mark_delivered(*[e.id for e in await store.pending(cid)])
    async with store.db.execute("SELECT payload FROM outbox ORDER BY id") as cur:
        kept = [json.loads(r[0]) for r in await cur.fetchall()]
    assert kept == [{"text": "", "batch": "b1"}, {"text": "plain"}]
    await store.close()
