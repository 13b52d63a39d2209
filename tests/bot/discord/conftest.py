"""The Discord harness: a fake Discord on 127.0.0.1, the real discord.py client, a real store.

Every wait is bounded: the client must be ready within 10 s, every expectation is awaited
with a timeout (``FakeDiscord.wait_until``), and tear-down closes the client, the store and
the server within seconds, whatever the test did.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl
from PIL import Image, ImageDraw

from bot.discord.client import AdjutantClient
from bot.discord.config import Settings
from bot.service import CampaignService
from bot.store import CampaignRow, Store
from tests.bot.discord.fake_discord import FakeDiscord, Posted, User
from tests.bot.discord.fake_discord import payloads as p

READY_TIMEOUT = 10.0


def tiny_map(game: Any, seen: Any, full: bool) -> tuple[bytes, str]:
    """A small PNG of the counters and its description (the duel has no board to render)."""
    units = seen.view.get("units", {})
    where = ", ".join(f"{k} in {u['hex']}" for k, u in sorted(units.items()))
    image = Image.new("RGB", (160, 20), "white")
    ImageDraw.Draw(image).text((2, 2), where, fill="black")
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue(), f"Duel map{' (whole)' if full else ''}: {where}."


@dataclass
class Harness:
    server: FakeDiscord
    store: Store
    service: CampaignService
    client: AdjutantClient
    channel: int
    red: User
    blue: User
    ref: User
    mod: User
    stranger: User
    db: Path
    monkeypatch: pytest.MonkeyPatch
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    async def create(self, game: str = "duel", channel: int | None = None, seat: bool = True, **options: Any) -> CampaignRow:
        """The referee creates a campaign with the slash command; the players take their sides."""
        where = channel or self.channel
        before = len(self.server.from_bot(where))
        it = await self.server.slash(self.ref, where, "adjutant create", game=game, **options)
        await self.server.answered(it)
        assert "created" in it.text, it.text
        await self.server.wait_until(lambda: len(self.server.from_bot(where)) > before, what="the creation post")
        row = await self.store.campaign_by_channel(str(where))
        assert row is not None
        if seat:
            roles = ("red", "blue") if game == "duel" else ("axis", "soviet")
            for user, role in zip((self.red, self.blue), roles, strict=True):
                it = await self.server.slash(user, where, "adjutant join", side=role)
                await self.server.answered(it)
        return row

    async def post_after(self, channel: int, action: Any) -> Posted:
        """Do ``action`` (a coroutine) and return the bot's next post in ``channel``."""
        before = len(self.server.from_bot(channel))
        await action
        return await self.server.next_post(channel, before)

    async def restart(self) -> None:
        """Stop the client and start a new one (a new process: new store, service and caches)."""
        await self.stop()
        await self.start()

    async def stop(self) -> None:
        """Stop the client and close the store (the bot is down until ``start``)."""
        await stop_client(self.client, self.tasks)
        await self.store.close()

    async def start(self) -> None:
        """Start a new client on the same database (a new process: new store, service and caches)."""
        self.store = await Store.open(self.db)
        self.service = CampaignService(self.store, renderer=tiny_map)
        self.client = await start_client(self.server, self.service, self.tasks)


async def start_client(server: FakeDiscord, service: CampaignService, tasks: list[asyncio.Task[None]]) -> AdjutantClient:
    settings = Settings(token=server.token, referee_role="Referee")
    client = AdjutantClient(service, settings, guild_ready_timeout=0.05)
    task = asyncio.create_task(client.start(server.token))
    tasks.append(task)
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait({ready, task}, timeout=READY_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:
        ready.cancel()
        if task.done() and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
        raise TimeoutError("the discord.py client did not become ready")
    return client


async def stop_client(client: AdjutantClient, tasks: list[asyncio.Task[None]]) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(client.close(), timeout=10)
    for task in tasks:
        if not task.done():
            task.cancel()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(task, timeout=5)
    tasks.clear()


def point_discord_py_at(server: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    """Send discord.py's REST calls and gateway connection to the fake server."""
    monkeypatch.setattr(discord.http.Route, "BASE", server.base_url)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url))


@pytest.fixture
async def fake_discord(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A started fake Discord that discord.py talks to (no harness around it)."""
    server = FakeDiscord()
    server.add_channel("general")
    await server.start()
    point_discord_py_at(server, monkeypatch)
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def discord_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Harness]:
    server = FakeDiscord()
    referee_role = server.add_role("Referee")
    moderators = server.add_role("Moderators", p.MANAGE_GUILD)
    red = server.add_user("Rosa")
    blue = server.add_user("Bruno")
    ref = server.add_user("Rita", referee_role)
    mod = server.add_user("Mauro", moderators)
    stranger = server.add_user("Xavier")
    channel = server.add_channel("duel-campaign")
    await server.start()
    point_discord_py_at(server, monkeypatch)
    monkeypatch.setenv("ADJUTANT_CACHE", str(tmp_path / "cache"))
    db = tmp_path / "bot.db"
    store = await Store.open(db)
    service = CampaignService(store, renderer=tiny_map)
    tasks: list[asyncio.Task[None]] = []
    try:
        client = await start_client(server, service, tasks)
    except BaseException:
        await store.close()
        await server.stop()
        raise
    harness = Harness(server, store, service, client, channel, red, blue, ref, mod, stranger, db, monkeypatch, tasks)
    try:
        yield harness
    finally:
        await stop_client(harness.client, harness.tasks)
        await harness.store.close()
        await server.stop()
