"""Ways a database file goes bad, made on purpose for the tests of the store and the CLI.

The tests run as root, for whom ``chmod 0444`` does not stop a write: ``read_only`` sets the
file immutable (``chattr +i``), which stops root too, and SQLite then opens it read-only as it
would a write-protected file. A full disk is a connection whose ``max_page_count`` is the
database's current size (``capped_connect``).
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import subprocess
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import aiosqlite
import pytest


def truncate(path: Path) -> None:
    """Cut the file in half, as an interrupted copy does."""
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def garbage(path: Path) -> None:
    """A file that is not SQLite at all."""
    path.write_bytes(b"these are my notes, not a database\n" * 200)


def small_pages(path: Path) -> None:
    """Rewrite the database with 512-byte pages, so that any new row needs a new page."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA journal_mode=DELETE")
        db.execute("PRAGMA page_size=512")
        db.execute("VACUUM")
        db.execute("PRAGMA journal_mode=WAL")


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """The file cannot be written, not even by root, until the block ends."""
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed")
    made = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"this file system cannot make a file immutable: {made.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def capped_connect(real: Callable[..., Any]) -> Callable[..., Awaitable[aiosqlite.Connection]]:
    """``aiosqlite.connect`` whose connections cannot grow the database: the disk is full."""

    async def connect(*args: Any, **kwargs: Any) -> aiosqlite.Connection:
        db: aiosqlite.Connection = await real(*args, **kwargs)
        async with db.execute("PRAGMA page_count") as cur:
            row = await cur.fetchone()
        pages = int(row[0]) if row is not None else 0
        await db.execute(f"PRAGMA max_page_count={max(pages, 1)}")
        return db

    return connect
