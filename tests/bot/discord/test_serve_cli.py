"""``adjutant serve`` as systemd runs it: what a restart cannot fix exits 2 with one clear line.

The unit's ``RestartPreventExitStatus=2`` relies on it. The command runs in a child process
(``tests.bot.discord.fake_discord.redirect``) against a fake Discord on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.discord.fake_discord import FakeDiscord, redirect
from tests.child import CHECKOUT_CLI, REPO, Child, Finished, child_env


@pytest.fixture
async def server() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    fake.add_channel("general")
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


def serve_env(server: FakeDiscord, db: Path, token: str | None = None) -> dict[str, str]:
    return child_env(
        {
            "ADJUTANT_DISCORD_TOKEN": token or server.token,
            "ADJUTANT_DB": str(db),
            "ADJUTANT_CACHE": str(db.parent / "cache"),
            **redirect.environment(server.base_url, server.gateway_url),
        },
        pythonpath=REPO,
    )


async def serve(server: FakeDiscord, db: Path, *args: str, token: str | None = None) -> Finished:
    """Run ``adjutant serve``; stop it with SIGTERM if it connects, else wait for its exit."""
    child = await Child.start([*CHECKOUT_CLI, "serve", *args], serve_env(server, db, token), cwd=db.parent)
    try:
        await server.wait_until(
            lambda: child.process.returncode is not None or (server.identified.is_set() and server.commands.get(None)),
            timeout=30, what="adjutant serve to connect or end",
        )
    finally:
        done = await child.stop()
    return done


def assert_refused(done: Finished, *words: str) -> None:
    """Exit 2, exactly one error line naming ``words``, and no traceback."""
    errors = [line for line in done.err.splitlines() if " ERROR " in line]
    assert done.code == 2, done.err
    assert "Traceback" not in done.err, done.err
    assert len(errors) == 1, done.err
    assert all(w in errors[0] for w in words), errors[0]


async def test_refused_token_exits_2(server, tmp_path):
    """A token Discord refuses will not work after a restart: exit 2."""
    done = await serve(server, tmp_path / "a.db", token="not-the-token")
    assert_refused(done, "refused the token", "ADJUTANT_DISCORD_TOKEN")
    assert "not-the-token" not in done.err


async def test_missing_message_content_intent_exits_2(server, tmp_path):
    """The portal's Message Content switch is off: exit 2 saying which switch."""
    server.portal_intents = 0
    done = await serve(server, tmp_path / "a.db")
    assert_refused(done, "Message Content intent")


async def test_database_path_that_is_a_folder_exits_2(server, tmp_path):
    """ADJUTANT_DB naming a folder is refused before connecting."""
    (tmp_path / "db").mkdir()
    done = await serve(server, tmp_path / "db")
    assert_refused(done, "is a folder")
    assert server.identifies == []


async def test_database_that_is_not_sqlite_exits_2(server, tmp_path):
    """A file that is not SQLite is refused and left as it was."""
    db = tmp_path / "notes.db"
    db.write_bytes(b"these are my notes, not a database\n" * 200)
    before = db.read_bytes()
    done = await serve(server, db)
    assert_refused(done, "not an SQLite database")
    assert db.read_bytes() == before


async def test_empty_database_file_is_refused_without_new(server, tmp_path):
    """An existing 0-byte file is more likely a damaged campaign: exit 2 naming --new."""
    db = tmp_path / "a.db"
    db.touch()
    done = await serve(server, db)
    assert_refused(done, "empty", "--new")
    assert db.stat().st_size == 0


async def test_empty_database_file_is_used_with_new(server, tmp_path):
    """`serve --new` makes a new database in an existing 0-byte file and connects."""
    db = tmp_path / "a.db"
    db.touch()
    done = await serve(server, db, "--new")
    assert done.code == 0, done.err
    assert db.stat().st_size > 0
