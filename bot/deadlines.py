"""Deadlines and reminders: the service owns the clock, the engine never sees it.

A campaign's policy (``Policy``) gives every decision a deadline in hours, reminder points
(hours before the deadline) and what happens when a deadline passes: the decision's published
default is applied as an ordinary order (``Game.default_action``), logged as applied after the
deadline, or the decision is handed to the referees. A decision opens when the game starts
waiting for a role and closes when it stops; a long phase of several orders is one decision.
Times are POSIX seconds; texts show them as Discord timestamps (``<t:SECONDS:f>``), which each
reader's client shows in their own time zone (the console prints them in UTC).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

import aiosqlite

from bot.store import Store
from engine.text import Text, t

ON_EXPIRY = ("default", "referee")
_STAMP = re.compile(r"<t:(\d+):[a-zA-Z]>")


@dataclass(frozen=True)
class Policy:
    hours: float
    reminders: tuple[float, ...] = (24.0, 2.0)
    on_expiry: str = "default"
    paused_at: float | None = None


@dataclass(frozen=True)
class Decision:
    role: str
    opened_at: float
    due_at: float | None
    reminded: int = 0
    expired: bool = False


@dataclass
class Due:
    """What the clock asks for in one campaign now."""

    reminders: list[tuple[Decision, float]] = field(default_factory=list)  # decision, hours left
    expired: list[Decision] = field(default_factory=list)


def stamp(seconds: float) -> str:
    """A time as a Discord timestamp (date and time in the reader's zone)."""
    return f"<t:{int(seconds)}:f>"


def plain_stamps(text: str) -> str:
    """Discord timestamps in ``text`` as UTC dates, for transports that are not Discord."""
    return _STAMP.sub(lambda m: datetime.fromtimestamp(int(m.group(1)), UTC).strftime("%Y-%m-%d %H:%M UTC"), text)


def parse_until(words: Sequence[str], now: float) -> float | None | Text:
    """When an absence ends: ``YYYY-MM-DD`` (the end of that day, UTC), ``YYYY-MM-DDTHH:MM``
    (UTC), ``Nd`` or ``Nh`` from now; ``back`` (``None``) ends it now. At most 60 days ahead."""
    usage = t("Usage: away YYYY-MM-DD, away YYYY-MM-DDTHH:MM (UTC), away 5d, away 12h, or 'away back'.")
    if len(words) != 1:
        return usage
    word = words[0].strip()
    if word.casefold() == "back":
        return None
    relative = re.fullmatch(r"(\d+(?:\.\d+)?)([dh])", word.casefold())
    if relative:
        until = now + float(relative.group(1)) * (86400 if relative.group(2) == "d" else 3600)
    else:
        try:
            when = datetime.fromisoformat(word)
        except ValueError:
            return usage
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        until = when.timestamp() + (86400 if len(word) == 10 else 0)
    if until <= now:
        return t("That time has passed already; give a time to come.")
    if until > now + 60 * 86400:
        return t("An absence lasts at most 60 days; ask a referee to pause the campaign for longer.")
    return until


def _number(word: str) -> bool:
    try:
        return all(float(x) >= 0 for x in word.split(",") if x) and any(word.split(","))
    except ValueError:
        return False


#: The shortest deadline a referee may set: five minutes (shorter would apply defaults at once).
MIN_DEADLINE_HOURS = 5 / 60


def parse_policy(args: Sequence[str]) -> Policy | None | Text:
    """``HOURS [remind H,H...] [default|referee]`` or ``off`` as a policy (``None``: no
    deadlines), or the text of what is wrong and what is accepted."""
    usage = t("Usage: deadline HOURS [remind H,H,...] [default|referee] because REASON, or 'deadline off because REASON'.")
    if list(args) == ["off"]:
        return None
    if not args:
        return usage
    try:
        hours = float(args[0])
    except ValueError:
        return usage
    if not MIN_DEADLINE_HOURS <= hours <= 24 * 90:
        return t("A deadline is between a few minutes and 90 days (2160 hours), not {hours}.", hours=args[0])
    # The default reminders that come before the deadline (none 24 hours before a 3-hour one).
    reminders: tuple[float, ...] = tuple(r for r in (24.0, 2.0) if r < hours)
    on_expiry = "default"
    rest = list(args[1:])
    while rest:
        word = rest.pop(0).casefold()
        if word == "remind" and rest:
            hours_before: set[float] = set()
            while rest and _number(rest[0]):  # "24,2" or "24 2" (the tokenizer may split at commas)
                hours_before |= {float(x) for x in rest.pop(0).split(",") if x}
            if not hours_before:
                return usage
            reminders = tuple(sorted(hours_before, reverse=True))
            if any(not 0 < r < hours for r in reminders):
                return t("Each reminder comes between the opening of a decision and its deadline: hours greater than 0 and less than {hours}.", hours=hours)
        elif word in ON_EXPIRY:
            on_expiry = word
        else:
            return usage
    return Policy(hours, reminders, on_expiry)


class Clocks:
    """The campaign's deadline policy and open decisions, in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def db(self) -> aiosqlite.Connection:
        return self.store.db

    async def timed(self) -> set[int]:
        """The campaigns that have a deadline policy (the only ones the clock looks at)."""
        async with self.db.execute("SELECT campaign_id FROM deadlines") as cur:
            return {int(r["campaign_id"]) for r in await cur.fetchall()}

    async def policy(self, campaign_id: int) -> Policy | None:
        async with self.db.execute("SELECT * FROM deadlines WHERE campaign_id = ?", (campaign_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        return Policy(float(row["hours"]), tuple(json.loads(row["reminders"])), row["on_expiry"], row["paused_at"])

    async def set_policy(self, campaign_id: int, policy: Policy | None, now: float) -> None:
        """Set (or, with ``None``, drop) the policy; open decisions get their new deadline,
        counted from when they opened."""
        async with self.store.transaction() as db:
            if policy is None:
                await db.execute("DELETE FROM deadlines WHERE campaign_id = ?", (campaign_id,))
                await db.execute("UPDATE decisions SET due_at = NULL WHERE campaign_id = ?", (campaign_id,))
                return
            await db.execute(
                "INSERT INTO deadlines (campaign_id, hours, reminders, on_expiry) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (campaign_id) DO UPDATE SET hours = excluded.hours, reminders = excluded.reminders,"
                " on_expiry = excluded.on_expiry",
                (campaign_id, policy.hours, json.dumps(list(policy.reminders)), policy.on_expiry),
            )
            await db.execute(
                "UPDATE decisions SET due_at = max(opened_at + ? * 3600, ?), reminded = 0, expired = 0 WHERE campaign_id = ?",
                (policy.hours, now, campaign_id),
            )

    async def decisions(self, campaign_id: int) -> dict[str, Decision]:
        async with self.db.execute("SELECT * FROM decisions WHERE campaign_id = ?", (campaign_id,)) as cur:
            rows = await cur.fetchall()
        return {r["role"]: Decision(r["role"], r["opened_at"], r["due_at"], r["reminded"], bool(r["expired"])) for r in rows}

    async def absences(self, campaign_id: int, now: float) -> dict[str, float]:
        """Declared absences not yet over: role -> until."""
        async with self.db.execute("SELECT role, until FROM absences WHERE campaign_id = ? AND until > ?", (campaign_id, now)) as cur:
            rows = await cur.fetchall()
        return {r["role"]: float(r["until"]) for r in rows}

    async def away(self, campaign_id: int, role: str, until: float | None, now: float) -> None:
        """``role`` is away until ``until`` (``None``: back now, or an absence a referee refused):
        its open decision is due a whole deadline after it is back (with ``None``, a whole
        deadline from when it opened, and at least an hour from now)."""
        policy = await self.policy(campaign_id)
        hours = policy.hours * 3600 if policy is not None else None
        async with self.store.transaction() as db:
            if until is None:
                await db.execute("DELETE FROM absences WHERE campaign_id = ? AND role = ?", (campaign_id, role))
                if hours is not None:
                    await db.execute(
                        "UPDATE decisions SET due_at = max(opened_at + ?, ?), reminded = 0 WHERE campaign_id = ? AND role = ?",
                        (hours, now + 3600, campaign_id, role),
                    )
                return
            await db.execute(
                "INSERT INTO absences (campaign_id, role, until) VALUES (?, ?, ?)"
                " ON CONFLICT (campaign_id, role) DO UPDATE SET until = excluded.until",
                (campaign_id, role, until),
            )
            if hours is not None:
                await db.execute(
                    "UPDATE decisions SET due_at = max(due_at, ?), reminded = 0, expired = 0 WHERE campaign_id = ? AND role = ?",
                    (until + hours, campaign_id, role),
                )

    async def follow(self, campaign_id: int, active: Iterable[str], now: float) -> dict[str, Decision]:
        """Open a decision for every role the game now waits for, close the others; the open
        decisions after that."""
        policy = await self.policy(campaign_id)
        open_now = await self.decisions(campaign_id)
        away = await self.absences(campaign_id, now)
        active = set(active)
        async with self.store.transaction() as db:
            for role in sorted(set(open_now) - active):
                await db.execute("DELETE FROM decisions WHERE campaign_id = ? AND role = ?", (campaign_id, role))
            for role in sorted(active - set(open_now)):
                due = None if policy is None else max(now, away.get(role, now)) + policy.hours * 3600
                await db.execute(
                    "INSERT INTO decisions (campaign_id, role, opened_at, due_at) VALUES (?, ?, ?, ?)",
                    (campaign_id, role, now, due),
                )
        return await self.decisions(campaign_id)

    async def due(self, campaign_id: int, now: float) -> Due:
        """The reminders and expiries the clock owes this campaign at ``now`` (none while paused)."""
        out = Due()
        policy = await self.policy(campaign_id)
        if policy is None or policy.paused_at is not None:
            return out
        for d in (await self.decisions(campaign_id)).values():
            if d.due_at is None or d.expired:
                continue
            if now >= d.due_at:
                out.expired.append(d)
                continue
            passed = [r for r in policy.reminders if now >= d.due_at - r * 3600]
            if len(passed) > d.reminded:
                out.reminders.append((d, (d.due_at - now) / 3600))
        return out

    async def mark(self, campaign_id: int, role: str, reminded: int | None = None, expired: bool = False) -> None:
        async with self.store.transaction() as db:
            if reminded is not None:
                await db.execute("UPDATE decisions SET reminded = ? WHERE campaign_id = ? AND role = ?", (reminded, campaign_id, role))
            if expired:
                await db.execute("UPDATE decisions SET expired = 1 WHERE campaign_id = ? AND role = ?", (campaign_id, role))

    async def pause(self, campaign_id: int, now: float) -> None:
        async with self.store.transaction() as db:
            await db.execute("UPDATE deadlines SET paused_at = ? WHERE campaign_id = ? AND paused_at IS NULL", (now, campaign_id))

    async def resume(self, campaign_id: int, now: float) -> None:
        """Every deadline moves on by the time the campaign was paused."""
        policy = await self.policy(campaign_id)
        if policy is None or policy.paused_at is None:
            return
        gap = max(0.0, now - policy.paused_at)
        async with self.store.transaction() as db:
            await db.execute("UPDATE deadlines SET paused_at = NULL WHERE campaign_id = ?", (campaign_id,))
            await db.execute("UPDATE decisions SET due_at = due_at + ? WHERE campaign_id = ? AND due_at IS NOT NULL", (gap, campaign_id))
