import sqlite3

import pytest

from bot.store import Store, StoreError, migrations


async def test_migrations_apply_from_empty(tmp_path):
    """A new database gets every migration and the latest schema version."""
    store = await Store.open(tmp_path / "a.db")
    assert await store.version() == migrations()[-1][0]
    await store.close()


async def test_reopening_does_not_reapply(tmp_path):
    store = await Store.open(tmp_path / "a.db")
    cid = await store.create_campaign("c", "duel", "basic", {}, "seed", None)
    await store.close()
    store = await Store.open(tmp_path / "a.db")
    assert (await store.campaign(cid)).name == "c"
    await store.close()


async def test_newer_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "new.db"
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version=99")
    con.execute("CREATE TABLE future (x)")
    con.commit()
    con.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as exc:
        await Store.open(path)
    assert "newer code" in str(exc.value)
    assert path.read_bytes() == before


async def test_wal_mode(tmp_path):
    store = await Store.open(tmp_path / "a.db")
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.close()


async def test_commit_step_is_atomic(tmp_path):
    """A failing step leaves neither its records nor its replies behind."""
    store = await Store.open(tmp_path / "a.db")
    cid = await store.create_campaign("c", "duel", "basic", {}, "seed", None)
    rec = {"seq": 1, "hash": "h"}
    await store.commit_step(cid, [rec], [("public", {"to": "public", "text": "x"}, None)])
    with pytest.raises(sqlite3.IntegrityError):
        await store.commit_step(cid, [rec], [("public", {"to": "public", "text": "y"}, None)])
    assert len(await store.records(cid)) == 1
    assert [e.payload["text"] for e in await store.pending(cid)] == ["x"]
    await store.close()


async def test_outbox_delivery_marks_each_entry_once(tmp_path):
    store = await Store.open(tmp_path / "a.db")
    cid = await store.create_campaign("c", "duel", "basic", {}, "seed", None)
    await store.commit_step(cid, [], [("public", {"to": "public", "text": str(i)}, None) for i in range(3)])
    first = await store.pending(cid)
    await store.mark_delivered(first[0].id)
    assert [e.payload["text"] for e in await store.pending(cid)] == ["1", "2"]
    await store.close()


async def test_concurrent_campaigns_do_not_interleave_transactions(tmp_path):
    """Two campaigns committing at the same moment share one connection safely."""
    import asyncio

    store = await Store.open(tmp_path / "a.db")
    a = await store.create_campaign("a", "duel", "basic", {}, "seed", None)
    b = await store.create_campaign("b", "duel", "basic", {}, "seed", None)

    async def commits(cid):
        for seq in range(1, 21):
            await store.commit_step(cid, [{"seq": seq, "hash": "h"}], [("public", {"to": "public", "text": str(seq)}, None)])

    await asyncio.gather(commits(a), commits(b))
    assert len(await store.records(a)) == 20 and len(await store.records(b)) == 20
    await store.close()
