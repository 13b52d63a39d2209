"""``adjutant play`` and ``adjutant replay`` on databases that cannot be used: exit 2, one line.

The commands run in a child process as a user runs them (``python -m bot``), except the full
disk, which needs the connection capped in this process (``damage.capped_connect``).
"""

from __future__ import annotations

import contextlib
import io
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import aiosqlite
import pytest

from bot.cli import main
from tests.bot import damage
from tests.child import REPO, Finished, child_env, run

CLI = [sys.executable, "-m", "bot"]


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A caucasus campaign database, made once by `adjutant play` (copy it before damaging it)."""
    folder = tmp_path_factory.mktemp("campaign")
    done = subprocess.run(
        [*CLI, "play", "caucasus", "--seed", "s", "--db", "c.db"], input="", cwd=folder,
        env=child_env(pythonpath=REPO), capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return folder / "c.db"


def copy(campaign: Path, tmp_path: Path) -> Path:
    path = tmp_path / "c.db"
    shutil.copy2(campaign, path)
    return path


async def play(db: Path, *args: str, script: str = "axis: ready\n") -> Finished:
    argv = [*CLI, "play", "caucasus", "--seed", "s", "--db", str(db), *args]
    return await run(argv, child_env(pythonpath=REPO), cwd=db.parent, stdin=script.encode())


async def replay(db: Path) -> Finished:
    return await run([*CLI, "replay", "--db", str(db)], child_env(pythonpath=REPO), cwd=db.parent)


def assert_refused(done: Finished, *words: str) -> None:
    """Exit 2, one line on stderr naming ``words``, no traceback, nothing on stdout."""
    assert done.code == 2, done.err
    assert "Traceback" not in done.err, done.err
    lines = done.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("adjutant: "), done.err
    assert all(w in lines[0] for w in words), lines[0]


def records(db: Path) -> int:
    with contextlib.closing(sqlite3.connect(db)) as con:
        return int(con.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


async def test_play_refuses_a_truncated_database(campaign, tmp_path):
    """A database cut short is called damaged and left as it was."""
    db = copy(campaign, tmp_path)
    damage.truncate(db)
    before = db.read_bytes()
    assert_refused(await play(db), "is damaged", "backup")
    assert db.read_bytes() == before


async def test_play_refuses_a_file_that_is_not_sqlite(tmp_path):
    """A file of something else is named as not SQLite and left as it was."""
    db = tmp_path / "notes.db"
    damage.garbage(db)
    before = db.read_bytes()
    assert_refused(await play(db), "not an SQLite database")
    assert db.read_bytes() == before


async def test_play_refuses_a_folder(tmp_path):
    """--db naming a folder is refused."""
    assert_refused(await play(tmp_path), "is a folder")


async def test_play_refuses_a_read_only_database(campaign, tmp_path):
    """A database that cannot be written is refused before any order is read."""
    db = copy(campaign, tmp_path)
    with damage.read_only(db):
        done = await play(db)
    assert_refused(done, "is read-only")
    assert done.out == ""


async def test_play_refuses_an_empty_file_without_new(tmp_path):
    """An existing 0-byte file is refused, naming --new, and stays empty."""
    db = tmp_path / "c.db"
    db.touch()
    assert_refused(await play(db), "empty", "--new")
    assert db.stat().st_size == 0


async def test_play_with_new_starts_a_campaign_in_an_empty_file(tmp_path):
    """`play --new` makes a new database in an existing 0-byte file and plays."""
    db = tmp_path / "c.db"
    db.touch()
    done = await play(db, "--new")
    assert done.code == 0, done.err
    assert "\u2713 ready" in done.out
    assert records(db) > 0


def test_play_on_a_full_disk_stops_with_one_line(campaign, tmp_path, monkeypatch, capsys):
    """An order whose step does not fit on the disk ends the session: exit 2, nothing of it kept."""
    db = copy(campaign, tmp_path)
    damage.small_pages(db)
    before = records(db)
    monkeypatch.setattr(aiosqlite, "connect", damage.capped_connect(aiosqlite.connect))
    monkeypatch.setattr(sys, "stdin", io.StringIO("axis: ready\n"))
    code = main(["play", "caucasus", "--db", str(db)])
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert code == 2, err
    assert len(lines) == 1 and "is full" in lines[0], err
    assert records(db) == before


async def test_replay_neither_writes_nor_switches_the_journal_mode(campaign, tmp_path):
    """`replay` of a rollback-journal database checks it and leaves every byte as it was."""
    db = copy(campaign, tmp_path)
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute("PRAGMA journal_mode=DELETE")
    before = db.read_bytes()
    done = await replay(db)
    assert done.code == 0, done.err
    assert "OK" in done.out
    assert db.read_bytes() == before
    with contextlib.closing(sqlite3.connect(db)) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


async def test_replay_reads_a_read_only_database(campaign, tmp_path):
    """`replay` needs no write access."""
    db = copy(campaign, tmp_path)
    with damage.read_only(db):
        done = await replay(db)
    assert done.code == 0, done.err


async def test_replay_refuses_a_truncated_database(campaign, tmp_path):
    """A damaged database gets the same one line from `replay`."""
    db = copy(campaign, tmp_path)
    damage.truncate(db)
    assert_refused(await replay(db), "is damaged")


async def test_replay_refuses_an_empty_file(tmp_path):
    """`replay` of a 0-byte file says it holds no campaigns; the file stays empty."""
    db = tmp_path / "c.db"
    db.touch()
    assert_refused(await replay(db), "empty")
    assert db.stat().st_size == 0


async def test_replay_refuses_a_missing_database(tmp_path):
    """`replay` creates no database where there was none."""
    db = tmp_path / "none.db"
    assert_refused(await replay(db), "no database")
    assert not db.exists()
