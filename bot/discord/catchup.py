"""Orders typed while the bot was away: read back from each campaign channel's history.

Every campaign channel has a high-water mark in the store: the id of the last message handled
there. Handling a message runs under ``Store.handling``, so each step it commits records the
message id and advances the mark in the same transaction; a crash between handling and
marking therefore cannot make a restart handle the message again. A message of several lines
cut by a crash keeps the lines committed before it, and the catch-up handles the rest: each
handled line is recorded with the message's id, so the count says where to resume. A message
that commits nothing (chat, a spectator) is marked after it is handled.

On every READY (start and each reconnect) and RESUMED, each unfinished
campaign's channel is read after its mark, oldest first, and every message is handled exactly
as a live one. Live guild messages pass through here too (see ``AdjutantClient.dispatch``):
while the catch-up has not yet listed its channels they wait; while their channel is being
read they are queued behind its history; and a message at or below the channel's mark (one
the history already handled, or an event Discord replays) is not handled again. Messages of
one channel are handled one after the other, in order.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import TYPE_CHECKING

import discord

from engine.orders import split_lines

if TYPE_CHECKING:
    from bot.discord.client import AdjutantClient

log = logging.getLogger("adjutant.discord.catchup")


class Catchup:
    def __init__(self, client: AdjutantClient) -> None:
        self.client = client
        self.handled: dict[int, int] = {}  # channel id -> highest message id handled
        self._locks: dict[int, asyncio.Lock] = {}
        self._reading: dict[int, list[discord.Message]] = {}  # channels being read -> queued live messages
        # Live messages that arrived before the catch-up listed its channels (from the start).
        self._early: list[discord.Message] | None = []
        self._task: asyncio.Task[None] | None = None
        self._again = False
        self._live: set[asyncio.Task[None]] = set()

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # Live messages ------------------------------------------------------------------------------
    @staticmethod
    def takes(message: discord.Message) -> bool:
        """Messages ordered here: people's messages in guild channels (orders may be among them)."""
        return message.guild is not None and not message.author.bot

    def live(self, message: discord.Message) -> None:
        """A message from the gateway: handle it in its channel's order, once."""
        if self._early is not None:
            self._early.append(message)
            return
        queued = self._reading.get(message.channel.id)
        if queued is not None:
            queued.append(message)
            return
        if message.id <= self.handled.get(message.channel.id, 0):
            return
        task = asyncio.create_task(self._handle_live(message), name=f"adjutant-message-{message.id}")
        self._live.add(task)
        task.add_done_callback(self._live.discard)

    async def _handle_live(self, message: discord.Message) -> None:
        async with self.lock(message.channel.id):
            await self.handle(message)

    async def handle(self, message: discord.Message) -> None:
        """Handle one message as typed, once; the caller holds its channel's lock."""
        channel_id = message.channel.id
        if message.id <= self.handled.get(channel_id, 0) or self.client.closing:
            return  # handled already, or closing: read back after the restart
        store = self.client.store
        campaign = await store.campaign_by_channel(str(channel_id))
        try:
            with store.handling(str(channel_id), message.id):
                await self.client.on_message(message)
        except Exception:
            log.exception("channel %s: handling message %s failed", channel_id, message.id)
        if campaign is None:
            return
        self.handled[channel_id] = max(message.id, self.handled.get(channel_id, 0))
        try:
            await store.mark_handled(str(channel_id), message.id)
        except Exception:
            # The steps it made carry the mark already; only a message that changed nothing
            # may be read again after a restart, where it changes nothing again.
            log.exception("channel %s: could not mark message %s handled", channel_id, message.id)

    async def resume(self, message: discord.Message) -> int:
        """Handle the lines of the message at the mark that a crash left unhandled (the first
        ones were recorded with their steps); 1 if there were any, else 0."""
        store = self.client.store
        done = await store.lines_from(message.id)
        if done == 0 or done >= len(split_lines(message.content.strip())):
            return 0
        log.info("channel %s: message %s was cut after %d line(s); handling the rest", message.channel.id, message.id, done)
        try:
            with store.handling(str(message.channel.id), message.id):
                await self.client.on_message(message, skip=done)
        except Exception:
            log.exception("channel %s: handling the rest of message %s failed", message.channel.id, message.id)
        return 1

    # Catching up --------------------------------------------------------------------------------
    def hold(self) -> None:
        """Keep live messages waiting until the next catch-up has listed its channels."""
        if self._early is None:
            self._early = []

    def start(self) -> None:
        """Read every campaign channel's history since its mark (again, if a reading is under way)."""
        self.hold()
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.create_task(self._run(), name="adjutant-catch-up")

    async def stop(self) -> None:
        for task in [t for t in (self._task, *self._live) if t is not None]:
            task.cancel()
        for task in [t for t in (self._task, *self._live) if t is not None]:
            try:
                await task
            except BaseException:  # cancelled, or it had failed and logged
                continue

    async def _run(self) -> None:
        while True:
            self._again = False
            try:
                await self._catch_up()
            except Exception:
                log.exception("catching up on the campaign channels failed")
                self._release_early()
            if not self._again:
                return
            if self._early is None:
                self._early = []

    def _release_early(self) -> None:
        early, self._early = self._early or [], None
        for message in early:
            self.live(message)

    async def _catch_up(self) -> None:
        starts: dict[int, int] = {}
        for row, mark, created_at in await self.client.store.catch_up_from():
            if row.channel is None or not row.channel.isdigit():
                continue
            channel_id = int(row.channel)
            # Before any message was handled there: from the campaign's creation (a message
            # typed earlier was not an order of this campaign).
            start = mark if mark is not None else discord.utils.time_snowflake(datetime.fromisoformat(created_at))
            starts[channel_id] = max(start, self.handled.get(channel_id, 0))
        for channel_id in starts:
            self._reading.setdefault(channel_id, [])
        self._release_early()
        for channel_id, start in starts.items():
            try:
                async with self.lock(channel_id):
                    self.handled[channel_id] = max(start, self.handled.get(channel_id, 0))
                    count = await self._read(channel_id)
                    queued = self._reading.get(channel_id, [])
                    while queued:
                        await self.handle(queued.pop(0))
                    if count:
                        log.info("channel %s: handled %d message(s) typed while Adjutant was away", channel_id, count)
            except discord.NotFound:
                from bot.discord.lost import channel_deleted

                await channel_deleted(self.client, channel_id)  # deleted while Adjutant was away
            except discord.Forbidden as exc:
                log.error("channel %s: cannot read the messages typed while Adjutant was away: it lacks the"
                          " View Channels or Read Message History permission there (%s)", channel_id, exc.text)
            except Exception:
                log.exception("channel %s: could not read the messages typed while Adjutant was away", channel_id)
            finally:
                for message in self._reading.pop(channel_id, []):
                    self.live(message)

    async def _read(self, channel_id: int) -> int:
        """Handle the channel's messages after its mark, oldest first; how many were read."""
        channel = self.client.get_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            channel = await self.client.fetch_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            log.warning("channel %s is not a text channel; nothing to read back", channel_id)
            return 0
        count, skipped = 0, 0
        mark = self.handled[channel_id]
        # From the mark itself: a message of several lines that a crash cut keeps its rest.
        after = discord.Object(id=mark - 1)
        async for message in channel.history(limit=None, after=after, oldest_first=True):
            if message.id == mark:
                if not message.author.bot:
                    count += await self.resume(message)
                continue
            if message.author.bot:
                skipped = message.id  # its own posts and other bots': never orders
                continue
            await self.handle(message)
            count += 1
        if skipped > self.handled[channel_id]:
            # Trailing posts of bots: not read again at the next connection.
            self.handled[channel_id] = skipped
            await self.client.store.mark_handled(str(channel_id), skipped)
        return count
