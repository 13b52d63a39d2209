"""The campaign store: SQLite through aiosqlite, in WAL mode, with numbered migrations.

Every accepted action is one transaction: its log record, any snapshot, the messages typed
and the replies to deliver (the outbox) are committed together. A reply is marked delivered
only after its transport has sent it, so a crash between commit and send loses nothing and,
because delivery reads the outbox in order and marks each entry, posts nothing twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
import zlib
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import aiosqlite

from engine.text import Text, t

# The schema files ship inside the installed package (the top-level ``migrations`` package).
MIGRATIONS: Traversable = files("migrations")
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_SIDECARS = ("-wal", "-shm", "-journal")

# The transport message being handled, as (channel id, message id), while a transport handles
# one (``handling``): every step committed meanwhile records the message id with its typed
# lines and advances the channel's high-water mark in the same transaction, so a crash between
# handling a message and marking it handled cannot make a restart handle it twice.
HANDLING: ContextVar[tuple[str, int] | None] = ContextVar("adjutant_handling", default=None)


class StoreError(Exception):
    """The database cannot be used: damaged, not SQLite, read-only, full, written by newer code.

    ``message`` says what is wrong and what to do, in one line, through the message catalogue.
    """

    def __init__(self, message: Text) -> None:
        super().__init__(str(message))
        self.message = message


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def migrations(folder: Traversable = MIGRATIONS) -> list[tuple[int, Traversable]]:
    found = []
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        m = _MIGRATION_NAME.match(path.name)
        if m:
            found.append((int(m.group(1)), path))
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise StoreError(
            t("The migrations must be numbered 0001, 0002, ... without gaps, not {numbers}.", numbers=numbers)
        )
    return found


def explain(exc: sqlite3.Error, path: str) -> Text | None:
    """What a SQLite error about the database itself means to the user; None for other errors.

    Damage, a file that is not SQLite, a read-only file, a full disk and I/O errors are the
    database's condition, not a bug: they get one line saying what to do. Constraint
    violations and programming errors are left to the caller (None).
    """
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    detail = str(exc)
    if code == sqlite3.SQLITE_CORRUPT:
        return _damaged(path, detail)
    if code == sqlite3.SQLITE_NOTADB:
        return t(
            "The file {path} is not an SQLite database; Adjutant changed nothing. Name an Adjutant database or a new file.",
            path=path,
        )
    if code == sqlite3.SQLITE_READONLY:
        return t(
            "The database {path} is read-only, and Adjutant must write to it. Check the permissions of the file and of its folder.",
            path=path,
        )
    if code == sqlite3.SQLITE_FULL:
        return t(
            "The disk holding the database {path} is full; the change in hand was not saved. Free some space and start again.",
            path=path,
        )
    if code == sqlite3.SQLITE_CANTOPEN:
        return t(
            "Cannot open the database {path} (SQLite: {detail}). Check that its folder exists and may be written.",
            path=path, detail=detail,
        )
    if code == sqlite3.SQLITE_IOERR:
        return t(
            "Reading or writing the database {path} failed (SQLite: {detail}). Check the disk, then restore from a backup if it persists.",
            path=path, detail=detail,
        )
    return None


@dataclass(frozen=True)
class CampaignRow:
    id: int
    name: str
    game: str
    scenario: str
    options: dict[str, Any]
    seed: str
    status: str
    channel: str | None
    rules_version: int = 1  # the game's rules version the campaign is played under
    continued_from: int | None = None  # the record it continued from after a rules upgrade
    guild: str | None = None
    archived: bool = False  # ended by a referee: readable, takes no more orders
    channel_lost: bool = False  # its Discord channel was deleted
    language: str = "en"  # the language of the campaign's channel (its public replies)
    private_posts: str = "dm"  # where private posts go on Discord: 'dm', 'thread' (one per seat) or 'both'


#: Where a campaign's private posts may go on Discord.
PRIVATE_POSTS = ("dm", "thread", "both")


@dataclass(frozen=True)
class Saved:
    """A state saved at record ``seq`` (a snapshot or a campaign's head): canonical JSON, its
    hash, and the rules version and state format it was written under."""

    seq: int
    state: str
    state_hash: str
    rules_version: int = 1
    format: int = 1


def _saved(row: aiosqlite.Row) -> Saved:
    return Saved(row["seq"], unpacked(row["state"]), row["state_hash"], int(row["rules_version"]), int(row["format"]))


STATE_LEVEL = 6  # zlib level of stored states: a 30 KB state in about 0.3 ms, to a sixth or less


def packed(state: str) -> bytes:
    """A state's canonical text as stored in a snapshot or head (zlib; schema version 14 on)."""
    return zlib.compress(state.encode("utf-8"), STATE_LEVEL)


def unpacked(stored: str | bytes) -> str:
    """A stored state's canonical text: compressed (version 14 on) or as written before."""
    return zlib.decompress(stored).decode("utf-8") if isinstance(stored, bytes) else stored


@dataclass(frozen=True)
class OutboxEntry:
    id: int
    campaign_id: int
    recipient: str
    payload: dict[str, Any]
    image: bytes | None


class Store:
    """One SQLite database of campaigns."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self.db = db
        self.path = path
        # One connection serves every campaign: write transactions must not interleave.
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, durable: bool = True, *, new: bool = False, read_only: bool = False) -> Store:
        """Open (creating if needed) and migrate the database, or raise ``StoreError`` saying why not.

        Before anything is written, the file is checked: a folder, a file that is not SQLite, a
        damaged database, one written by newer code or a read-only one is refused. An existing
        empty (0-byte) file is refused unless ``new``: it is more likely a damaged campaign
        database than a new one. ``read_only`` opens without writing anything at all (no
        journal-mode switch, no migration), for commands that only read.
        """
        name = str(path)
        file = None if name == ":memory:" else Path(name)
        created = file is not None and not file.exists()
        if file is not None:
            _check_file(file, new=new, read_only=read_only)
        try:
            if read_only and file is not None:
                # SQLite's own read-only open: no write can happen, whatever the permissions.
                db = await aiosqlite.connect(file.resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None)
            else:
                if file is not None:
                    file.parent.mkdir(parents=True, exist_ok=True)
                db = await aiosqlite.connect(name, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise _open_failure(exc, name) from exc
        db.row_factory = aiosqlite.Row
        store = cls(db, name)
        try:
            await store._check_integrity()
            await store.refuse_newer()
            if read_only:
                await store._refuse_older()
            else:
                await store._check_writable()
                await db.execute("PRAGMA journal_mode=WAL")
                await db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
                await db.execute("PRAGMA foreign_keys=ON")
                await store.migrate()
        except BaseException as exc:
            await db.close()
            if created and file is not None:
                _remove_new(file)
            if isinstance(exc, sqlite3.Error):
                raise _open_failure(exc, name) from exc
            raise
        return store

    async def close(self) -> None:
        await self.db.close()

    async def version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def _check_integrity(self) -> None:
        """Read every page once (``PRAGMA quick_check``): a damaged or truncated file is refused."""
        async with self.db.execute("PRAGMA quick_check") as cur:
            rows = await cur.fetchall()
        problems = [str(r[0]) for r in rows if str(r[0]) != "ok"]
        if problems:
            raise StoreError(_damaged(self.path, problems[0]))

    async def _check_writable(self) -> None:
        """Try a write inside a transaction that is rolled back: a read-only database fails here."""
        version = await self.version()
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            await self.db.execute(f"PRAGMA user_version={version}")
        finally:
            if self.db.in_transaction:
                await self.db.execute("ROLLBACK")

    async def refuse_newer(self) -> None:
        """Raise before touching anything if the database was written by newer code."""
        steps = migrations()
        current = await self.version()
        latest = steps[-1][0] if steps else 0
        if current > latest:
            raise StoreError(
                t(
                    "The database {path} has schema version {version}, but this Adjutant knows only up to {latest}: it was written by newer code. Upgrade Adjutant; the database has not been modified.",
                    path=self.path, version=current, latest=latest,
                )
            )

    async def _refuse_older(self) -> None:
        """Read-only use needs the current schema: an empty or older database cannot be read."""
        current = await self.version()
        latest = migrations()[-1][0]
        if current == 0:
            raise StoreError(t("The database {path} holds no Adjutant campaigns (it has no Adjutant tables).", path=self.path))
        if current < latest:
            raise StoreError(
                t(
                    "The database {path} has schema version {version}; this Adjutant reads version {latest}. Run 'adjutant play' or 'adjutant serve' on it once to upgrade it (this command never writes).",
                    path=self.path, version=current, latest=latest,
                )
            )

    async def migrate(self) -> None:
        await self.refuse_newer()
        current = await self.version()
        for number, path in migrations():
            if number <= current:
                continue
            sql = path.read_text(encoding="utf-8")
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                await _run_script(self.db, sql)
                await self.db.execute(f"PRAGMA user_version={number}")
                await self.db.execute("COMMIT")
            except Exception:
                if self.db.in_transaction:
                    await self.db.execute("ROLLBACK")
                raise

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                try:
                    yield self.db
                except BaseException:
                    # SQLite may have rolled back already (a full disk does).
                    if self.db.in_transaction:
                        await self.db.execute("ROLLBACK")
                    raise
                else:
                    await self.db.execute("COMMIT")
            except sqlite3.Error as exc:
                # The database's condition (full, read-only, damaged) is the user's to fix.
                if self.db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        await self.db.execute("ROLLBACK")
                message = explain(exc, self.path)
                if message is None:
                    raise
                raise StoreError(message) from exc

    # Campaigns ------------------------------------------------------------------------------
    async def create_campaign(
        self,
        name: str,
        game: str,
        scenario: str,
        options: dict[str, Any],
        seed: str,
        channel: str | None,
        referees: Iterable[str] = (),
        seats: Mapping[str, tuple[str, str]] | None = None,
        replies: Iterable[tuple[str, dict[str, Any], bytes | None]] = (),
        snapshot: tuple[int, str, str] | None = None,
        head: Saved | None = None,
        records: Iterable[dict[str, Any]] = (),
        guild: str | None = None,
        language: str = "en",
    ) -> int:
        """Create a campaign with its referees, seats, opening replies, first snapshot and first
        records (a position it starts from), in one transaction: a crash leaves either all of it
        (the seed commitment published) or nothing."""
        stamp = now()
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO campaigns (name, game, scenario, options, seed, channel, created_at, rules_version, guild, language)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (name, game, scenario, json.dumps(options, sort_keys=True), seed, channel, stamp,
                 head.rules_version if head is not None else 1, guild, language),
            )
            assert cur.lastrowid is not None
            campaign_id = int(cur.lastrowid)
            for user_id in referees:
                await db.execute(
                    "INSERT OR IGNORE INTO referees (campaign_id, user_id) VALUES (?, ?)", (campaign_id, user_id)
                )
            for role, (user_id, user_name) in sorted((seats or {}).items()):
                await db.execute(
                    "INSERT INTO seats (campaign_id, role, user_id, user_name) VALUES (?, ?, ?, ?)",
                    (campaign_id, role, user_id, user_name),
                )
            await self._write_step(db, campaign_id, stamp, records, replies, (), snapshot, head)
            return campaign_id

    def _campaign(self, row: aiosqlite.Row) -> CampaignRow:
        return CampaignRow(
            id=row["id"],
            name=row["name"],
            game=row["game"],
            scenario=row["scenario"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            status=row["status"],
            channel=row["channel"],
            rules_version=int(row["rules_version"]),
            continued_from=row["continued_from"],
            guild=row["guild"],
            archived=row["archived_at"] is not None,
            channel_lost=row["channel_lost_at"] is not None,
            # A database opened read-only before its upgrade has no language yet: English.
            language=row["language"] if "language" in row.keys() else "en",
            private_posts=row["private_posts"] if "private_posts" in row.keys() else "dm",
        )

    async def campaign(self, key: int | str) -> CampaignRow | None:
        column = "id" if isinstance(key, int) else "name"
        async with self.db.execute(f"SELECT * FROM campaigns WHERE {column} = ?", (key,)) as cur:
            row = await cur.fetchone()
        return self._campaign(row) if row else None

    async def campaigns(self) -> list[CampaignRow]:
        async with self.db.execute("SELECT * FROM campaigns ORDER BY id") as cur:
            rows = await cur.fetchall()
        return [self._campaign(r) for r in rows]

    async def campaign_by_channel(self, channel: str) -> CampaignRow | None:
        async with self.db.execute("SELECT * FROM campaigns WHERE channel = ?", (channel,)) as cur:
            row = await cur.fetchone()
        return self._campaign(row) if row else None

    async def campaigns_of_guild(self, guild: str, channels: Iterable[str] = ()) -> list[CampaignRow]:
        """The campaigns of a Discord server: those stored with it, and those stored without a
        server (created before it was recorded) whose channel is one of ``channels``."""
        known = list(channels)
        marks = ",".join("?" * len(known))
        sql = "SELECT * FROM campaigns WHERE guild = ?"
        if known:
            sql += f" OR (guild IS NULL AND channel IN ({marks}))"
        async with self.db.execute(sql + " ORDER BY id", (guild, *known)) as cur:
            rows = await cur.fetchall()
        return [self._campaign(r) for r in rows]

    async def set_guild(self, campaign_id: int, guild: str) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE campaigns SET guild = ? WHERE id = ?", (guild, campaign_id))

    async def archive_reason(self, campaign_id: int) -> str | None:
        async with self.db.execute("SELECT archive_reason FROM campaigns WHERE id = ?", (campaign_id,)) as cur:
            row = await cur.fetchone()
        return row["archive_reason"] if row else None

    async def attach_channel(self, campaign_id: int, channel: str, guild: str | None) -> None:
        """Make ``channel`` the campaign's (an imported campaign starts with none)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE campaigns SET channel = ?, guild = ?, channel_lost_at = NULL WHERE id = ?", (channel, guild, campaign_id)
            )

    async def mark_channel_lost(self, campaign_id: int) -> bool:
        """Record that the campaign's channel is gone; True the first time only."""
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE campaigns SET channel_lost_at = ? WHERE id = ? AND channel_lost_at IS NULL", (now(), campaign_id)
            )
            return cur.rowcount > 0

    async def board(self, campaign_id: int) -> tuple[str | None, str | None]:
        """The campaign's status board message id and its last accepted action's post id."""
        async with self.db.execute(
            "SELECT board_message, last_action_message FROM campaigns WHERE id = ?", (campaign_id,)
        ) as cur:
            row = await cur.fetchone()
        return (row["board_message"], row["last_action_message"]) if row else (None, None)

    async def lobby_message(self, campaign_id: int) -> str | None:
        async with self.db.execute("SELECT lobby_message FROM campaigns WHERE id = ?", (campaign_id,)) as cur:
            row = await cur.fetchone()
        return row["lobby_message"] if row else None

    async def set_board(
        self, campaign_id: int, *, board: str | None = None, last_action: str | None = None, lobby: str | None = None
    ) -> None:
        """Record the board's message id, the last accepted action's post id, the lobby's message id."""
        async with self.transaction() as db:
            if lobby is not None:
                await db.execute("UPDATE campaigns SET lobby_message = ? WHERE id = ?", (lobby, campaign_id))
            if board is not None:
                await db.execute("UPDATE campaigns SET board_message = ? WHERE id = ?", (board, campaign_id))
            if last_action is not None:
                await db.execute("UPDATE campaigns SET last_action_message = ? WHERE id = ?", (last_action, campaign_id))

    async def set_private_posts(self, campaign_id: int, where: str) -> None:
        """Where the campaign's private posts go on Discord: 'dm', 'thread' or 'both'."""
        if where not in PRIVATE_POSTS:
            raise ValueError(where)
        async with self.transaction() as db:
            await db.execute("UPDATE campaigns SET private_posts = ? WHERE id = ?", (where, campaign_id))

    async def seat_thread(self, campaign_id: int, role: str) -> tuple[str, str] | None:
        """The seat's private thread and the users it was last opened to (ids, space-separated), if it has one."""
        async with self.db.execute(
            "SELECT thread_id, user_id FROM seat_threads WHERE campaign_id = ? AND role = ?", (campaign_id, role)
        ) as cur:
            row = await cur.fetchone()
        return (row["thread_id"], row["user_id"]) if row else None

    async def set_seat_thread(self, campaign_id: int, role: str, thread_id: str | None, user_id: str = "") -> None:
        """Record the seat's private thread (``None``: it is gone) and the users it is open to (ids, space-separated)."""
        async with self.transaction() as db:
            if thread_id is None:
                await db.execute("DELETE FROM seat_threads WHERE campaign_id = ? AND role = ?", (campaign_id, role))
            else:
                await db.execute(
                    "INSERT INTO seat_threads (campaign_id, role, thread_id, user_id) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (campaign_id, role) DO UPDATE SET thread_id = excluded.thread_id, user_id = excluded.user_id",
                    (campaign_id, role, thread_id, user_id),
                )

    # User settings ------------------------------------------------------------------------------
    async def ping_by_dm(self, user_id: str) -> bool:
        async with self.db.execute("SELECT ping_by_dm FROM user_settings WHERE user_id = ?", (user_id,)) as cur:
            row = await cur.fetchone()
        return bool(row["ping_by_dm"]) if row else False

    async def set_ping_by_dm(self, user_id: str, by_dm: bool) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, ping_by_dm) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET ping_by_dm = excluded.ping_by_dm",
                (user_id, int(by_dm)),
            )

    async def set_player_language(self, user_id: str, language: str | None) -> None:
        """The language of what is sent to ``user_id`` alone (``None``: back to each campaign's)."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, language) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                (user_id, language),
            )

    async def player_languages(self, user_ids: Iterable[str]) -> dict[str, str]:
        """The languages of the players among ``user_ids``: the one each chose for themselves, else
        their Discord client's as last seen (``remember_client_language``); the others have none."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        async with self.db.execute(
            f"SELECT user_id, COALESCE(language, client_language) AS spoken FROM user_settings"
            f" WHERE COALESCE(language, client_language) IS NOT NULL AND user_id IN ({marks})",
            wanted,
        ) as cur:
            return {str(r["user_id"]): str(r["spoken"]) for r in await cur.fetchall()}

    async def chosen_language(self, user_id: str) -> str | None:
        """The language the user chose for themselves ('language LANG'), if any."""
        async with self.db.execute("SELECT language FROM user_settings WHERE user_id = ?", (user_id,)) as cur:
            row = await cur.fetchone()
        return str(row["language"]) if row and row["language"] else None

    async def remember_client_language(self, user_id: str, language: str | None) -> None:
        """The language of the user's Discord client (``None``: one Adjutant does not speak)."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, client_language) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET client_language = excluded.client_language",
                (user_id, language),
            )

    async def set_status(self, campaign_id: int, status: str) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE campaigns SET status = ? WHERE id = ?", (status, campaign_id))

    # Seats and referees ----------------------------------------------------------------------
    async def seats(self, campaign_id: int) -> dict[str, tuple[str, str]]:
        async with self.db.execute(
            "SELECT role, user_id, user_name FROM seats WHERE campaign_id = ?", (campaign_id,)
        ) as cur:
            rows = await cur.fetchall()
        return {r["role"]: (r["user_id"], r["user_name"]) for r in rows}

    async def teammates(self, campaign_id: int) -> dict[str, list[tuple[str, str]]]:
        """Each seat's teammates besides its captain (the seat's holder): (user id, name), in id order."""
        async with self.db.execute(
            "SELECT role, user_id, user_name FROM teammates WHERE campaign_id = ? ORDER BY role, user_id", (campaign_id,)
        ) as cur:
            rows = await cur.fetchall()
        out: dict[str, list[tuple[str, str]]] = {}
        for r in rows:
            out.setdefault(r["role"], []).append((r["user_id"], r["user_name"]))
        return out

    async def players(self, campaign_id: int) -> dict[str, list[str]]:
        """Every user who plays each seat: its captain first, then its teammates."""
        out = {role: [uid] for role, (uid, _) in (await self.seats(campaign_id)).items()}
        for role, mates in (await self.teammates(campaign_id)).items():
            out.setdefault(role, []).extend(uid for uid, _ in mates if uid not in out.get(role, []))
        return out

    async def set_teammate(self, campaign_id: int, role: str, user_id: str, user_name: str | None) -> None:
        """Add a teammate to a seat (``user_name`` ``None``: remove them)."""
        async with self.transaction() as db:
            if user_name is None:
                await db.execute(
                    "DELETE FROM teammates WHERE campaign_id = ? AND role = ? AND user_id = ?", (campaign_id, role, user_id)
                )
            else:
                await db.execute(
                    "INSERT INTO teammates (campaign_id, role, user_id, user_name) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (campaign_id, role, user_id) DO UPDATE SET user_name = excluded.user_name",
                    (campaign_id, role, user_id, user_name),
                )
                await db.execute("DELETE FROM observers WHERE campaign_id = ? AND user_id = ?", (campaign_id, user_id))

    async def giver(self, campaign_id: int, seq: int) -> str | None:
        """The user whose message became record ``seq`` (``None``: not known, e.g. an older record)."""
        async with self.db.execute(
            "SELECT user_id FROM messages WHERE campaign_id = ? AND seq = ? AND outcome = 'accepted' ORDER BY id LIMIT 1",
            (campaign_id, seq),
        ) as cur:
            row = await cur.fetchone()
        return str(row["user_id"]) if row else None

    async def set_seat(self, campaign_id: int, role: str, user_id: str | None, user_name: str = "") -> None:
        async with self.transaction() as db:
            if user_id is None:
                await db.execute("DELETE FROM seats WHERE campaign_id = ? AND role = ?", (campaign_id, role))
            else:
                await db.execute(
                    "INSERT INTO seats (campaign_id, role, user_id, user_name) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (campaign_id, role) DO UPDATE SET user_id = excluded.user_id,"
                    " user_name = excluded.user_name",
                    (campaign_id, role, user_id, user_name),
                )
                await db.execute(
                    "DELETE FROM teammates WHERE campaign_id = ? AND role = ? AND user_id = ?", (campaign_id, role, user_id)
                )

    async def observers(self, campaign_id: int) -> dict[str, str]:
        """The campaign's observers: user id -> name."""
        async with self.db.execute(
            "SELECT user_id, user_name FROM observers WHERE campaign_id = ? ORDER BY user_name, user_id", (campaign_id,)
        ) as cur:
            rows = await cur.fetchall()
        return {r["user_id"]: r["user_name"] for r in rows}

    async def set_observer(self, campaign_id: int, user_id: str, user_name: str | None) -> None:
        """Make ``user_id`` an observer (with a name) or, with ``None``, no longer one."""
        async with self.transaction() as db:
            if user_name is None:
                await db.execute("DELETE FROM observers WHERE campaign_id = ? AND user_id = ?", (campaign_id, user_id))
            else:
                await db.execute(
                    "INSERT INTO observers (campaign_id, user_id, user_name) VALUES (?, ?, ?)"
                    " ON CONFLICT (campaign_id, user_id) DO UPDATE SET user_name = excluded.user_name",
                    (campaign_id, user_id, user_name),
                )

    async def referees(self, campaign_id: int) -> set[str]:
        async with self.db.execute("SELECT user_id FROM referees WHERE campaign_id = ?", (campaign_id,)) as cur:
            rows = await cur.fetchall()
        return {r["user_id"] for r in rows}

    async def add_referee(self, campaign_id: int, user_id: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT OR IGNORE INTO referees (campaign_id, user_id) VALUES (?, ?)", (campaign_id, user_id)
            )

    # Log --------------------------------------------------------------------------------------
    async def records(self, campaign_id: int, after: int = 0) -> list[dict[str, Any]]:
        async with self.db.execute(
            "SELECT record FROM actions WHERE campaign_id = ? AND seq > ? ORDER BY seq", (campaign_id, after)
        ) as cur:
            rows = await cur.fetchall()
        return [json.loads(r["record"]) for r in rows]

    async def record_texts(self, campaign_id: int, upto: int) -> list[tuple[int, str]]:
        """The stored text of each record up to ``upto``, with its number, unparsed."""
        async with self.db.execute(
            "SELECT seq, record FROM actions WHERE campaign_id = ? AND seq <= ? ORDER BY seq", (campaign_id, upto)
        ) as cur:
            rows = await cur.fetchall()
        return [(int(r["seq"]), str(r["record"])) for r in rows]

    async def snapshot_seq(self, campaign_id: int) -> int:
        """The record the latest snapshot was taken after (0: none, or the set-up's)."""
        async with self.db.execute("SELECT max(seq) FROM snapshots WHERE campaign_id = ?", (campaign_id,)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row is not None and row[0] is not None else 0

    async def latest_snapshot(self, campaign_id: int) -> tuple[int, dict[str, Any], str] | None:
        saved = await self.saved_snapshot(campaign_id)
        return (saved.seq, json.loads(saved.state), saved.state_hash) if saved else None

    async def saved_snapshot(self, campaign_id: int, seq: int | None = None) -> Saved | None:
        """The latest snapshot (or the one at ``seq``) with its rules version and state format."""
        sql = "SELECT * FROM snapshots WHERE campaign_id = ?"
        params: tuple[Any, ...] = (campaign_id,)
        if seq is not None:
            sql += " AND seq = ?"
            params = (campaign_id, seq)
        async with self.db.execute(sql + " ORDER BY seq DESC LIMIT 1", params) as cur:
            row = await cur.fetchone()
        return _saved(row) if row else None

    async def head(self, campaign_id: int) -> Saved | None:
        """The campaign's latest state as its last step left it (``None`` before version 3)."""
        async with self.db.execute("SELECT * FROM heads WHERE campaign_id = ?", (campaign_id,)) as cur:
            row = await cur.fetchone()
        return _saved(row) if row else None

    async def continue_campaign(self, campaign_id: int, head: Saved, replies: Iterable[tuple[str, dict[str, Any], bytes | None]]) -> None:
        """After a rules upgrade: the campaign goes on from ``head`` under its rules version (a
        snapshot there, so a replay checks what follows) and ``replies`` tell everybody."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE campaigns SET rules_version = ?, continued_from = ? WHERE id = ?",
                (head.rules_version, head.seq, campaign_id),
            )
            await self._write_step(db, campaign_id, now(), (), replies, (), (head.seq, head.state, head.state_hash), head)

    async def commit_step(
        self,
        campaign_id: int,
        records: Iterable[dict[str, Any]],
        replies: Iterable[tuple[str, dict[str, Any], bytes | None]],
        messages: Iterable[tuple[str, str | None, str, str]] = (),
        snapshot: tuple[int, str, str] | None = None,
        status: str | None = None,
        seats: Mapping[str, tuple[str, str]] | None = None,
        head: Saved | None = None,
        archive: str | None = None,
        language: str | None = None,
    ) -> None:
        """Commit one step atomically: records, typed messages, snapshot, outbox replies, and any
        change of status, of the channel's language or of seats (role -> user id and name) it
        announces; ``archive`` (a reason) ends the campaign: it is archived and takes no more orders."""
        stamp = now()
        async with self.transaction() as db:
            await self._write_step(db, campaign_id, stamp, records, replies, messages, snapshot, head)
            if archive is not None:
                await db.execute(
                    "UPDATE campaigns SET archived_at = ?, archive_reason = ? WHERE id = ?", (stamp, archive, campaign_id)
                )
            if status is not None:
                await db.execute("UPDATE campaigns SET status = ? WHERE id = ?", (status, campaign_id))
            if language is not None:
                await db.execute("UPDATE campaigns SET language = ? WHERE id = ?", (language, campaign_id))
            for role, (user_id, user_name) in sorted((seats or {}).items()):
                await db.execute(
                    "INSERT INTO seats (campaign_id, role, user_id, user_name) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (campaign_id, role) DO UPDATE SET user_id = excluded.user_id,"
                    " user_name = excluded.user_name",
                    (campaign_id, role, user_id, user_name),
                )
                # A seat given by a referee ends its holder's observing: observers hold no seat;
                # a teammate made captain is no longer listed among the teammates.
                await db.execute("DELETE FROM observers WHERE campaign_id = ? AND user_id = ?", (campaign_id, user_id))
                await db.execute(
                    "DELETE FROM teammates WHERE campaign_id = ? AND role = ? AND user_id = ?", (campaign_id, role, user_id)
                )

    @staticmethod
    async def _write_step(
        db: aiosqlite.Connection,
        campaign_id: int,
        stamp: str,
        records: Iterable[dict[str, Any]],
        replies: Iterable[tuple[str, dict[str, Any], bytes | None]],
        messages: Iterable[tuple[str, str | None, str, str]],
        snapshot: tuple[int, str, str] | None,
        head: Saved | None = None,
    ) -> None:
        """Write one step's rows inside the caller's transaction (an accepted message keeps the
        number of the first record it became: who gave which order)."""
        records = list(records)
        first = records[0]["seq"] if records else None
        for rec in records:
            await db.execute(
                "INSERT INTO actions (campaign_id, seq, record, state_hash, created_at) VALUES (?, ?, ?, ?, ?)",
                (campaign_id, rec["seq"], json.dumps(rec, sort_keys=True), rec["hash"], stamp),
            )
        handling = HANDLING.get()
        source = str(handling[1]) if handling is not None else None
        for user_id, role, text, outcome in messages:
            await db.execute(
                "INSERT INTO messages (campaign_id, user_id, role, text, outcome, created_at, source, seq)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (campaign_id, user_id, role, text, outcome, stamp, source, first if outcome == "accepted" else None),
            )
        if handling is not None:
            await Store._advance_mark(db, *handling)
        if snapshot is not None:
            seq, state, digest = snapshot
            version, form = (head.rules_version, head.format) if head is not None else (1, 1)
            await db.execute(
                "INSERT OR REPLACE INTO snapshots (campaign_id, seq, state, state_hash, rules_version, format)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (campaign_id, seq, packed(state), digest, version, form),
            )
        if head is not None:
            await db.execute(
                "INSERT OR REPLACE INTO heads (campaign_id, seq, state, state_hash, rules_version, format)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (campaign_id, head.seq, packed(head.state), head.state_hash, head.rules_version, head.format),
            )
        for recipient, payload, image in replies:
            async with db.execute(
                "INSERT INTO outbox (campaign_id, recipient, payload, created_at) VALUES (?, ?, ?, ?)",
                (campaign_id, recipient, json.dumps(payload, sort_keys=True), stamp),
            ) as cur:
                entry_id = cur.lastrowid
            if image is not None:
                # In a table of its own, deleted once delivered (schema version 14).
                await db.execute("INSERT INTO outbox_images (entry_id, image) VALUES (?, ?)", (entry_id, image))

    # Outbox -------------------------------------------------------------------------------------
    async def pending(self, campaign_id: int | None = None, limit: int = 500) -> list[OutboxEntry]:
        # A picture is in outbox_images (version 14 on), or in the entry itself (written before).
        sql = (
            "SELECT o.id, o.campaign_id, o.recipient, o.payload, coalesce(i.image, o.image) AS image"
            " FROM outbox o LEFT JOIN outbox_images i ON i.entry_id = o.id WHERE o.delivered_at IS NULL"
        )
        params: tuple[Any, ...] = ()
        if campaign_id is not None:
            sql += " AND o.campaign_id = ?"
            params = (campaign_id,)
        sql += " ORDER BY o.id LIMIT ?"
        async with self.db.execute(sql, (*params, limit)) as cur:
            rows = await cur.fetchall()
        return [
            OutboxEntry(r["id"], r["campaign_id"], r["recipient"], json.loads(r["payload"]), r["image"]) for r in rows
        ]

    async def mark_delivered(self, *entry_ids: int) -> None:
        """Mark outbox entries delivered, all in one transaction."""
        async with self.transaction() as db:
            stamp = now()
            for entry_id in entry_ids:
                # A delivered picture is not kept: it can be drawn again from the log (``map``), and
                # so can its description (the entry's text, about 1 KB, three per order in games of
                # hidden stacks); a text reply keeps its text.
                await db.execute(
                    "UPDATE outbox SET delivered_at = ?, image = NULL,"
                    " payload = CASE WHEN image IS NOT NULL OR EXISTS (SELECT 1 FROM outbox_images WHERE entry_id = outbox.id)"
                    " THEN json_set(payload, '$.text', '') ELSE payload END"
                    " WHERE id = ? AND delivered_at IS NULL",
                    (stamp, entry_id),
                )
                await db.execute("DELETE FROM outbox_images WHERE entry_id = ?", (entry_id,))

    # Channel marks ------------------------------------------------------------------------------
    @staticmethod
    async def _advance_mark(db: aiosqlite.Connection, channel: str, message_id: int) -> None:
        await db.execute(
            "INSERT INTO channel_marks (channel, message_id) VALUES (?, ?)"
            " ON CONFLICT (channel) DO UPDATE SET message_id = max(message_id, excluded.message_id)",
            (channel, message_id),
        )

    async def mark_handled(self, channel: str, message_id: int) -> None:
        """Raise ``channel``'s high-water mark to ``message_id`` (never lower it)."""
        async with self.transaction() as db:
            await self._advance_mark(db, channel, message_id)

    async def catch_up_from(self) -> list[tuple[CampaignRow, int | None, str]]:
        """Every unfinished campaign with a channel, its channel's high-water mark (None if no
        message was handled there yet) and the campaign's creation time (ISO 8601)."""
        async with self.db.execute(
            "SELECT c.*, m.message_id AS mark FROM campaigns c LEFT JOIN channel_marks m ON m.channel = c.channel"
            " WHERE c.channel IS NOT NULL AND c.status != 'finished' AND c.archived_at IS NULL"
            " AND c.channel_lost_at IS NULL ORDER BY c.id"
        ) as cur:
            rows = await cur.fetchall()
        return [(self._campaign(r), r["mark"], r["created_at"]) for r in rows]

    @contextlib.contextmanager
    def handling(self, channel: str, message_id: int) -> Iterator[None]:
        """Steps committed inside record ``message_id`` and advance ``channel``'s mark with it."""
        token = HANDLING.set((channel, message_id))
        try:
            yield
        finally:
            HANDLING.reset(token)

    async def lines_from(self, message_id: int) -> int:
        """How many typed lines of Discord message ``message_id`` are recorded (handled)."""
        async with self.db.execute("SELECT COUNT(*) FROM messages WHERE source = ?", (str(message_id),)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    # Game turns ---------------------------------------------------------------------------------
    async def last_turn(self, campaign_id: int) -> tuple[int, int, dict[str, Any]] | None:
        """The latest game turn recorded: its number, the record it began at and its counters."""
        async with self.db.execute(
            "SELECT turn, seq, counters FROM turns WHERE campaign_id = ? ORDER BY turn DESC LIMIT 1", (campaign_id,)
        ) as cur:
            row = await cur.fetchone()
        return (int(row["turn"]), int(row["seq"]), json.loads(row["counters"])) if row else None

    async def begin_turn(self, campaign_id: int, turn: int, seq: int, counters: Mapping[str, Any], replies: Iterable[tuple[str, dict[str, Any], bytes | None]] = ()) -> None:
        """Record that game turn ``turn`` began at record ``seq`` with these public ``counters``,
        with the replies that sum up the turn before (one transaction)."""
        async with self.transaction() as db:
            # A turn taken back (a referee's rewind) is begun again: the later ones are forgotten.
            await db.execute("DELETE FROM turns WHERE campaign_id = ? AND turn >= ?", (campaign_id, turn))
            await db.execute(
                "INSERT OR REPLACE INTO turns (campaign_id, turn, seq, counters) VALUES (?, ?, ?, ?)",
                (campaign_id, turn, seq, json.dumps(counters, sort_keys=True)),
            )
            await self._write_step(db, campaign_id, now(), (), replies, (), None)

    async def message_count(self, campaign_id: int) -> int:
        async with self.db.execute("SELECT COUNT(*) FROM messages WHERE campaign_id = ?", (campaign_id,)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0


async def _run_script(db: aiosqlite.Connection, sql: str) -> None:
    """Run the statements of a migration inside the current transaction."""
    for statement in _statements(sql):
        await db.execute(statement)


def _statements(sql: str) -> list[str]:
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


def _damaged(path: str, detail: str) -> Text:
    return t(
        "The database {path} is damaged (SQLite: {detail}); Adjutant changed nothing. Restore it from a backup.",
        path=path, detail=detail,
    )


def _check_file(file: Path, new: bool, read_only: bool) -> None:
    """Refuse what is not a database file before SQLite opens (and perhaps creates) it."""
    path = str(file)
    if file.is_dir():
        raise StoreError(t("The database {path} is a folder; name a database file (it may not exist yet).", path=path))
    if read_only and not file.exists():
        raise StoreError(t("There is no database at {path}.", path=path))
    if file.is_file() and file.stat().st_size == 0:
        if read_only:
            raise StoreError(
                t("The database {path} is an empty (0-byte) file: it holds no campaigns. If it was a campaign database, restore it from a backup.", path=path)
            )
        if not new:
            raise StoreError(
                t(
                    "The database {path} is an empty (0-byte) file: more likely a damaged campaign database than a new one. Restore it from a backup, or start with --new to make a new database in it.",
                    path=path,
                )
            )


def _open_failure(exc: OSError | sqlite3.Error, path: str) -> StoreError:
    """The one-line refusal for an error while opening ``path``."""
    if isinstance(exc, sqlite3.Error):
        message = explain(exc, path)
        if message is not None:
            return StoreError(message)
        detail = str(exc)
    else:
        detail = exc.strerror or str(exc)
    return StoreError(t("Cannot open the database {path}: {detail}.", path=path, detail=detail))


def _remove_new(file: Path) -> None:
    """Remove a database file this open created but could not finish (and its side files)."""
    for candidate in (file, *(file.with_name(file.name + suffix) for suffix in _SIDECARS)):
        with contextlib.suppress(OSError):
            candidate.unlink()
