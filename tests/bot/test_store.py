import contextlib
import sqlite3
import time

import aiosqlite
import pytest

from bot.i18n import render
from bot.store import Store, StoreError, migrations
from tests.bot import damage


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


# Damaged and unusable databases: one clear refusal, nothing written ----------------------------
async def campaign_db(path):
    """A database holding one campaign with a few committed steps, closed cleanly."""
    store = await Store.open(path)
    cid = await store.create_campaign("c", "duel", "basic", {}, "seed", None)
    for seq in range(1, 41):
        await store.commit_step(cid, [{"seq": seq, "hash": "h" * 64}], [("public", {"to": "public", "text": "x" * 200}, None)])
    await store.close()
    return path


async def refused(path, **options):
    with pytest.raises(StoreError) as exc:
        await Store.open(path, **options)
    return render(exc.value.message)


async def test_truncated_database_is_refused_untouched(tmp_path):
    """A database cut short (an interrupted copy) is called damaged and left as it is."""
    path = await campaign_db(tmp_path / "a.db")
    damage.truncate(path)
    before = path.read_bytes()
    assert "is damaged" in await refused(path)
    assert path.read_bytes() == before


async def test_file_that_is_not_sqlite_is_refused_untouched(tmp_path):
    """A file of something else is named as not SQLite and left as it is."""
    path = tmp_path / "notes.db"
    damage.garbage(path)
    before = path.read_bytes()
    assert "not an SQLite database" in await refused(path)
    assert path.read_bytes() == before


async def test_folder_is_refused(tmp_path):
    """A folder given as the database is refused, and no file is made inside it."""
    assert "is a folder" in await refused(tmp_path)
    assert list(tmp_path.iterdir()) == []


async def test_empty_file_is_refused_unless_new(tmp_path):
    """An existing 0-byte file is refused (naming --new); with new=True it becomes a database."""
    path = tmp_path / "a.db"
    path.touch()
    assert "--new" in await refused(path)
    assert path.stat().st_size == 0
    store = await Store.open(path, new=True)
    assert await store.version() == migrations()[-1][0]
    await store.close()


async def test_read_only_database_is_refused_at_open(tmp_path):
    """A database that cannot be written is refused when opened, not at the first order."""
    path = await campaign_db(tmp_path / "a.db")
    with damage.read_only(path):
        assert "is read-only" in await refused(path)


async def test_full_disk_refuses_the_write_and_keeps_nothing_of_it(tmp_path, monkeypatch):
    """A write that does not fit is a StoreError saying the disk is full; nothing of it is kept."""
    path = await campaign_db(tmp_path / "a.db")
    damage.small_pages(path)
    monkeypatch.setattr(aiosqlite, "connect", damage.capped_connect(aiosqlite.connect))
    store = await Store.open(path)
    cid = (await store.campaign("c")).id
    with pytest.raises(StoreError) as exc:
        await store.commit_step(cid, [{"seq": 41, "hash": "h"}], [("public", {"to": "public", "text": "y" * 2000}, None)])
    assert "is full" in render(exc.value.message)
    assert len(await store.records(cid)) == 40
    await store.close()


async def test_new_database_on_a_full_disk_is_not_left_behind(tmp_path, monkeypatch):
    """Creating a database that does not fit leaves no empty file to be refused next time."""
    monkeypatch.setattr(aiosqlite, "connect", damage.capped_connect(aiosqlite.connect))
    assert "is full" in await refused(tmp_path / "a.db")
    assert list(tmp_path.iterdir()) == []


async def test_read_only_open_neither_writes_nor_switches_the_journal(tmp_path):
    """read_only=True reads a rollback-journal database without changing a byte of it."""
    path = await campaign_db(tmp_path / "a.db")
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA journal_mode=DELETE")
    before = path.read_bytes()
    store = await Store.open(path, read_only=True)
    assert len(await store.records((await store.campaign("c")).id)) == 40
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "delete"
    await store.close()
    assert path.read_bytes() == before


async def test_read_only_open_reads_an_immutable_database(tmp_path):
    """A database nobody may write can still be read with read_only=True."""
    path = await campaign_db(tmp_path / "a.db")
    with damage.read_only(path):
        store = await Store.open(path, read_only=True)
        assert [r.name for r in await store.campaigns()] == ["c"]
        await store.close()


async def test_a_step_while_handling_a_message_marks_it_in_the_same_transaction(tmp_path):
    """Lines committed while handling a message carry its id and raise the channel's mark with them."""
    store = await Store.open(tmp_path / "a.db")
    cid = await store.create_campaign("c", "duel", "basic", {}, "seed", "42")
    with store.handling("42", 1005):
        await store.commit_step(cid, [], [], messages=[("u", "red", "move r1 0102", "accepted")])
    with store.handling("42", 1003):  # an older message never lowers the mark
        await store.commit_step(cid, [], [], messages=[("u", "red", "end", "refused")])
    await store.commit_step(cid, [], [], messages=[("u", "red", "status", "query")])  # not from a message
    async with store.db.execute("SELECT text, source FROM messages ORDER BY id") as cur:
        rows = [tuple(r) for r in await cur.fetchall()]
    assert rows == [("move r1 0102", "1005"), ("end", "1003"), ("status", None)]
    assert [(row.id, mark) for row, mark, _ in await store.catch_up_from()] == [(cid, 1005)]
    await store.close()


async def test_a_failed_step_does_not_mark_its_message(tmp_path):
    """A step that rolls back leaves the mark where it was, so the message is read again."""
    store = await Store.open(tmp_path / "a.db")
    cid = await store.create_campaign("c", "duel", "basic", {}, "seed", "42")
    with store.handling("42", 7), pytest.raises(sqlite3.IntegrityError):
        await store.commit_step(cid, [{"seq": 1, "hash": "h"}, {"seq": 1, "hash": "h"}], [])
    assert [mark for _, mark, _ in await store.catch_up_from()] == [None]
    await store.close()


async def test_upgrading_marks_existing_campaign_channels_at_the_upgrade(tmp_path):
    """Campaigns of a version-1 database start reading their channel at the upgrade, not from the start."""
    path = tmp_path / "v1.db"
    con = sqlite3.connect(path)
    con.executescript(migrations()[0][1].read_text(encoding="utf-8"))
    con.execute("INSERT INTO campaigns (name, game, scenario, seed, channel, created_at) VALUES ('c', 'duel', 'basic', 's', '42', '2020-01-01T00:00:00+00:00')")
    con.execute("PRAGMA user_version=1")
    con.commit()
    con.close()
    before = (int(time.time() * 1000) - 1_420_070_400_000) << 22
    store = await Store.open(path)
    [(row, mark, _)] = await store.catch_up_from()
    assert row.channel == "42" and mark is not None and mark >= before - (2000 << 22)
    await store.close()
