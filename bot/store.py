"""The campaign store: SQLite through aiosqlite, in WAL mode, with numbered migrations.

Every accepted action is one transaction: its log record, any snapshot, the messages typed
and the replies to deliver (the outbox) are committed together. A reply is marked delivered
only after its transport has sent it, so a crash between commit and send loses nothing and,
because delivery reads the outbox in order and marks each entry, posts nothing twice.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class StoreError(Exception):
    """The database cannot be used (for example it was written by newer code)."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def migrations(folder: Path = MIGRATIONS) -> list[tuple[int, Path]]:
    found = []
    for path in sorted(folder.glob("*.sql")):
        m = _MIGRATION_NAME.match(path.name)
        if m:
            found.append((int(m.group(1)), path))
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise StoreError(f"migrations must be numbered 0001, 0002, ... without gaps: {numbers}")
    return found


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
    async def open(cls, path: str | Path, durable: bool = True) -> Store:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        store = cls(db, path)
        try:
            await store.refuse_newer()
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            await db.execute("PRAGMA foreign_keys=ON")
            await store.migrate()
        except Exception:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self.db.close()

    async def version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def refuse_newer(self) -> None:
        """Raise before touching anything if the database was written by newer code."""
        steps = migrations()
        current = await self.version()
        latest = steps[-1][0] if steps else 0
        if current > latest:
            raise StoreError(
                f"database {self.path} has schema version {current}, but this Adjutant knows only "
                f"up to {latest}: it was written by newer code. Upgrade Adjutant; the database "
                f"has not been modified."
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
                await self.db.execute("ROLLBACK")
                raise

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            else:
                await self.db.execute("COMMIT")

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
    ) -> int:
        """Create a campaign with its referees, seats, opening replies and first snapshot, in one
        transaction: a crash leaves either all of it (the seed commitment published) or nothing."""
        stamp = now()
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO campaigns (name, game, scenario, options, seed, channel, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (name, game, scenario, json.dumps(options, sort_keys=True), seed, channel, stamp),
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
            await self._write_step(db, campaign_id, stamp, (), replies, (), snapshot)
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

    async def latest_snapshot(self, campaign_id: int) -> tuple[int, dict[str, Any], str] | None:
        async with self.db.execute(
            "SELECT seq, state, state_hash FROM snapshots WHERE campaign_id = ? ORDER BY seq DESC LIMIT 1",
            (campaign_id,),
        ) as cur:
            row = await cur.fetchone()
        return (row["seq"], json.loads(row["state"]), row["state_hash"]) if row else None

    async def commit_step(
        self,
        campaign_id: int,
        records: Iterable[dict[str, Any]],
        replies: Iterable[tuple[str, dict[str, Any], bytes | None]],
        messages: Iterable[tuple[str, str | None, str, str]] = (),
        snapshot: tuple[int, str, str] | None = None,
        status: str | None = None,
        seats: Mapping[str, tuple[str, str]] | None = None,
    ) -> None:
        """Commit one step atomically: records, typed messages, snapshot, outbox replies, and any
        change of status or of seats (role -> user id and name) it announces."""
        stamp = now()
        async with self.transaction() as db:
            await self._write_step(db, campaign_id, stamp, records, replies, messages, snapshot)
            if status is not None:
                await db.execute("UPDATE campaigns SET status = ? WHERE id = ?", (status, campaign_id))
            for role, (user_id, user_name) in sorted((seats or {}).items()):
                await db.execute(
                    "INSERT INTO seats (campaign_id, role, user_id, user_name) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (campaign_id, role) DO UPDATE SET user_id = excluded.user_id,"
                    " user_name = excluded.user_name",
                    (campaign_id, role, user_id, user_name),
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
    ) -> None:
        """Write one step's rows inside the caller's transaction."""
        for rec in records:
            await db.execute(
                "INSERT INTO actions (campaign_id, seq, record, state_hash, created_at) VALUES (?, ?, ?, ?, ?)",
                (campaign_id, rec["seq"], json.dumps(rec, sort_keys=True), rec["hash"], stamp),
            )
        for user_id, role, text, outcome in messages:
            await db.execute(
                "INSERT INTO messages (campaign_id, user_id, role, text, outcome, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (campaign_id, user_id, role, text, outcome, stamp),
            )
        if snapshot is not None:
            seq, state, digest = snapshot
            await db.execute(
                "INSERT OR REPLACE INTO snapshots (campaign_id, seq, state, state_hash) VALUES (?, ?, ?, ?)",
                (campaign_id, seq, state, digest),
            )
        for recipient, payload, image in replies:
            await db.execute(
                "INSERT INTO outbox (campaign_id, recipient, payload, image, created_at) VALUES (?, ?, ?, ?, ?)",
                (campaign_id, recipient, json.dumps(payload, sort_keys=True), image, stamp),
            )

    # Outbox -------------------------------------------------------------------------------------
    async def pending(self, campaign_id: int | None = None, limit: int = 500) -> list[OutboxEntry]:
        sql = "SELECT * FROM outbox WHERE delivered_at IS NULL"
        params: tuple[Any, ...] = ()
        if campaign_id is not None:
            sql += " AND campaign_id = ?"
            params = (campaign_id,)
        sql += " ORDER BY id LIMIT ?"
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
                await db.execute("UPDATE outbox SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL", (stamp, entry_id))

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
