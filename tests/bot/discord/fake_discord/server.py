"""A fake Discord: REST API v10 and the gateway websocket, on 127.0.0.1, for the real discord.py.

The server holds one guild with text channels, threads and a forum post, members with roles,
and direct-message channels. It enforces what the tests must prove the bot respects: the
token on every REST call, message limits (2,000 characters, ten attachments, 8 MiB, alt text
1,024, components), interaction rules (one callback, within three seconds) and nonce
deduplication (``enforce_nonce``). Tests drive it as people would: type a message, run a slash
command, ask for autocompletion, click a button or pick from a select menu, and wait for what
the bot posts. Failures (a 429, a closed DM) can be injected.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.bot.discord.fake_discord import payloads as p
from tests.bot.discord.fake_discord.payloads import Channel, Role, User, snowflake

log = logging.getLogger("fake_discord")

API = "/api/v10"
MAX_CONTENT = 2000
MAX_ATTACHMENTS = 10
MAX_UPLOAD = 8 * 1024 * 1024
MAX_ALT = 1024
MAX_NONCE = 25
INTERACTION_DEADLINE = 3.0


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON as Discord sends it: ``Content-Type: application/json`` exactly (discord.py checks)."""
    return web.Response(
        body=json.dumps(data).encode("utf-8"), status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass
class Posted:
    """A message as the server holds it: its JSON, the uploaded bytes, where it came from."""

    payload: dict[str, Any]
    files: list[bytes] = field(default_factory=list)
    interaction: Interaction | None = None

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel_id"])

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.payload.get("flags") or 0) & p.EPHEMERAL)

    @property
    def author_id(self) -> int:
        return int(self.payload["author"]["id"])

    @property
    def attachments(self) -> list[dict[str, Any]]:
        return list(self.payload.get("attachments") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        """Every component (buttons, selects) of the message, flattened."""
        return [c for row in self.payload.get("components") or [] for c in row.get("components", [])]

    def custom_ids(self) -> list[str]:
        return [str(c["custom_id"]) for c in self.components if "custom_id" in c]

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.payload.get("embeds") or [])

    @property
    def embed_text(self) -> str:
        """The words of the message's embeds: titles, descriptions, field names and values, footers."""
        parts: list[str] = []
        for e in self.embeds:
            parts += [str(e[k]) for k in ("title", "description") if e.get(k)]
            for f in e.get("fields") or []:
                parts += [str(f.get("name") or ""), str(f.get("value") or "")]
            if (e.get("footer") or {}).get("text"):
                parts.append(str(e["footer"]["text"]))
        return "\n".join(parts)

    @property
    def text(self) -> str:
        """What a reader reads: the content, then each embed as one line ("title — description
        (field value...)"), the way a ruling reads as text elsewhere."""
        parts = [self.content] if self.content else []
        for e in self.embeds:
            line = " \u2014 ".join(str(e[k]) for k in ("title", "description") if e.get(k))
            values = " ".join(f"({f.get('value')})" for f in e.get("fields") or [])
            parts.append(f"{line} {values}".strip())
        return "\n".join(parts)

    @property
    def pinned(self) -> bool:
        return bool(self.payload.get("pinned"))


@dataclass
class Interaction:
    id: int
    token: str
    type: int
    user: User
    channel_id: int
    payload: dict[str, Any]
    created: float
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    source: Posted | None = None  # the message whose component was used
    original: Posted | None = None  # the interaction's own response message
    followups: list[Posted] = field(default_factory=list)
    edits: list[Posted] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    loading: bool = False

    @property
    def answered(self) -> bool:
        """The interaction has a visible answer (not only a "thinking..." defer)."""
        if self.followups or self.edits:
            return True
        if self.original is not None and not self.loading:
            return True
        return any(c["type"] in (4, 7, 8) for c in self.callbacks)

    def messages(self) -> list[Posted]:
        """Every message that answers the interaction, in order."""
        first = [self.original] if self.original is not None and not self.loading else []
        return first + [m for m in self.edits if m not in first] + self.followups

    @property
    def text(self) -> str:
        """What the asker reads: every answer's content and embeds."""
        return "\n".join("\n".join(x for x in (m.content, m.embed_text) if x) for m in self.messages())


@dataclass
class Failure:
    method: str
    path: re.Pattern[str]
    status: int
    body: dict[str, Any]
    headers: dict[str, str]
    times: int = 1


class FakeDiscord:
    """One fake Discord with one guild. ``await start()``; ``await stop()``."""

    def __init__(self, token: str = "fake-token.for.tests") -> None:
        self.token = token
        self.app_id = snowflake()
        self.bot = User(self.app_id, "Adjutant", bot=True)
        self.guild_id = snowflake()
        self.owner = User(snowflake(), "Owner")
        self.everyone = Role(self.guild_id, "@everyone", p.MEMBER)
        self.roles: dict[int, Role] = {self.everyone.id: self.everyone}
        self.users: dict[int, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.channels: dict[int, Channel] = {}
        self.messages: list[Posted] = []
        self.interactions: dict[int, Interaction] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.requests: list[tuple[str, str]] = []
        self.identifies: list[dict[str, Any]] = []
        self.deduplicated = 0
        self.history_reads = 0
        self.thread_members: set[int] = set()  # the threads the bot joined
        self.members_of: dict[int, set[int]] = {}  # a private thread's members (users the bot added)
        self.thread_creating = True  # False: the bot may not create private threads here
        self.rejected: list[tuple[str, str, int]] = []
        self.failures: list[Failure] = []
        self.holds: list[tuple[str, re.Pattern[str], asyncio.Event]] = []
        self.held: list[tuple[str, str]] = []
        self.portal_intents = p.MESSAGE_CONTENT_INTENT
        self.pinning = True  # False: the bot may not pin (no Pin Messages / Manage Messages)
        self.system_channel: int | None = None  # the server's system channel (Server Settings > Overview)
        self._nonces: dict[tuple[int, int, str], Posted] = {}
        self._sockets: list[web.WebSocketResponse] = []
        self._seq = 0
        self._tick = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.identified = asyncio.Event()
        self.uploads: dict[int, bytes] = {}  # files attached to slash commands, served as the CDN would

    # Set-up -------------------------------------------------------------------------------------------
    def add_role(self, name: str, permissions: int = 0) -> Role:
        role = Role(snowflake(), name, permissions, position=len(self.roles))
        self.roles[role.id] = role
        return role

    def add_user(self, name: str, *roles: Role, dms_open: bool = True) -> User:
        user = User(snowflake(), name, dms_open=dms_open, roles=[r.id for r in roles])
        self.users[user.id] = user
        return user

    def add_channel(self, name: str, kind: int = p.TEXT, parent: int | None = None) -> int:
        owner = self.owner.id if kind == p.PUBLIC_THREAD else None
        channel = Channel(snowflake(), kind, name, self.guild_id, parent, owner)
        self.channels[channel.id] = channel
        return channel.id

    async def open_channel(self, name: str, kind: int = p.TEXT, parent: int | None = None) -> int:
        """Create a channel, thread or forum post while the bot is connected (CHANNEL_/THREAD_CREATE)."""
        cid = self.add_channel(name, kind, parent)
        payload = self.channels[cid].payload()
        if kind == p.PUBLIC_THREAD:
            await self.dispatch("THREAD_CREATE", {**payload, "newly_created": True})
        else:
            await self.dispatch("CHANNEL_CREATE", payload)
        self._changed()
        return cid

    async def remove_channel(self, channel_id: int, announce: bool = True) -> None:
        """Delete a channel, thread or forum post; ``announce`` sends CHANNEL_/THREAD_DELETE
        (False: deleted while the bot was away, it learns by a 404)."""
        channel = self.channels.pop(channel_id)
        if announce and channel.type in (p.PUBLIC_THREAD, p.PRIVATE_THREAD):
            await self.dispatch("THREAD_DELETE", {
                "id": str(channel.id), "guild_id": str(self.guild_id), "parent_id": str(channel.parent_id), "type": channel.type,
            })
        elif announce:
            await self.dispatch("CHANNEL_DELETE", channel.payload())
        self._changed()

    def permissions(self, user: User) -> int:
        if user.id == self.owner.id:
            return p.ALL
        perms = self.everyone.permissions
        for rid in user.roles:
            perms |= self.roles[rid].permissions
        return p.ALL if perms & p.ADMINISTRATOR else perms

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{aid}/{name}", self._upload)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def _upload(self, request: web.Request) -> web.Response:
        data = self.uploads.get(int(request.match_info["aid"]))
        return web.Response(body=data) if data is not None else web.Response(status=404)

    async def stop(self) -> None:
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=1001)
        if self._runner is not None:
            await asyncio.wait_for(self._runner.cleanup(), timeout=5)

    # Waiting --------------------------------------------------------------------------------------------
    def _changed(self) -> None:
        self._tick.set()
        self._tick = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], Any], timeout: float = 10.0, what: str = "") -> Any:
        """Wait until ``predicate()`` is truthy (re-checked after every change); return it."""
        deadline = time.monotonic() + timeout
        while True:
            got = predicate()
            if got:
                return got
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"fake Discord: timed out waiting for {what or predicate}")
            tick = self._tick
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(tick.wait(), timeout=min(remaining, 0.5))

    async def settle(self, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Wait until nothing has changed for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            tick = self._tick
            try:
                await asyncio.wait_for(tick.wait(), timeout=quiet)
            except TimeoutError:
                return

    def public(self, channel_id: int) -> list[Posted]:
        return [m for m in self.messages if m.channel_id == channel_id and not m.ephemeral]

    def from_bot(self, channel_id: int) -> list[Posted]:
        return [m for m in self.public(channel_id) if m.author_id == self.bot.id]

    def dms(self, user: User) -> list[Posted]:
        """What the bot sent ``user`` by direct message."""
        ids = {c.id for c in self.channels.values() if c.type == p.DM and c.recipient is user}
        return [m for m in self.messages if m.channel_id in ids and m.author_id == self.bot.id]

    async def next_post(self, channel_id: int, after: int, timeout: float = 10.0) -> Posted:
        """The first message the bot posts in ``channel_id`` after the first ``after`` ones."""
        posts = await self.wait_until(lambda: self.from_bot(channel_id)[after:], timeout, f"a post in {channel_id}")
        return posts[0]  # type: ignore[no-any-return]

    # Injected failures ----------------------------------------------------------------------------------
    def rate_limit_next(self, method: str, path: str, retry_after: float = 0.05, times: int = 1) -> None:
        self.failures.append(
            Failure(method, re.compile(path), 429,
                    {"message": "You are being rate limited.", "retry_after": retry_after, "global": False},
                    {"Via": "1.1 google", "X-RateLimit-Scope": "user"}, times)
        )

    def hold(self, method: str, path: str) -> asyncio.Event:
        """Keep matching requests waiting (a slow upload) until the returned event is set."""
        release = asyncio.Event()
        self.holds.append((method, re.compile(path), release))
        return release

    async def deny_bot(self, channel_id: int, permissions: int) -> None:
        """Take ``permissions`` from the bot in a channel (a member overwrite, announced by CHANNEL_UPDATE).

        The bot's posts there are then refused as Discord does: 403 Missing Permissions without
        Send Messages (or View Channel), and for any post with files without Attach Files.
        """
        channel = self.channels[channel_id]
        channel.overwrites = [o for o in channel.overwrites if o["id"] != str(self.bot.id)]
        channel.overwrites.append({"id": str(self.bot.id), "type": 1, "allow": "0", "deny": str(permissions)})
        await self.dispatch("CHANNEL_UPDATE", channel.payload())
        self._changed()

    def bot_denied(self, channel_id: int) -> int:
        channel = self.channels.get(channel_id)
        if channel is None:
            return 0
        return sum(int(o["deny"]) for o in channel.overwrites if o["id"] == str(self.bot.id))

    def fail_next(self, method: str, path: str, status: int, code: int, message: str, times: int = 1) -> None:
        self.failures.append(Failure(method, re.compile(path), status, {"message": message, "code": code}, {}, times))

    # Gateway --------------------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=None, max_msg_size=0)
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                op = data.get("op")
                if op == 1:
                    await ws.send_json({"op": 11})
                elif op == 2:
                    await self._identify(ws, data["d"])
                elif op == 6:
                    await ws.send_json({"op": 9, "d": False})
        finally:
            if ws in self._sockets:
                self._sockets.remove(ws)
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        self.identifies.append(data)
        if data.get("token") != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(data.get("intents", 0))
        if intents & p.MESSAGE_CONTENT_INTENT and not self.portal_intents & p.MESSAGE_CONTENT_INTENT:
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        self._sockets.append(ws)
        self._seq = 0
        await self._send(ws, "READY", {
            "v": 10, "user": {**self.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(self.guild_id), "unavailable": True}], "session_id": secrets.token_hex(16),
            "resume_gateway_url": self.gateway_url, "shard": [0, 1], "application": {"id": str(self.app_id), "flags": 0},
            "private_channels": [], "relationships": [],
        })
        await self._send(ws, "GUILD_CREATE", self.guild_payload())
        self.identified.set()
        self._changed()

    def guild_payload(self) -> dict[str, Any]:
        channels = [c for c in self.channels.values() if c.type in (p.TEXT, p.FORUM)]
        threads = [c for c in self.channels.values() if c.type == p.PUBLIC_THREAD]
        return {
            "id": str(self.guild_id), "name": "Wargamers", "icon": None, "owner_id": str(self.owner.id),
            "roles": [r.payload() for r in self.roles.values()], "emojis": [], "stickers": [], "features": [],
            "channels": [c.payload() for c in channels], "threads": [c.payload() for c in threads],
            "members": [self.bot.member()], "member_count": len(self.users), "large": False,
            "unavailable": False, "joined_at": p.now(), "voice_states": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "premium_tier": 0, "preferred_locale": "en-US", "nsfw_level": 0,
            "system_channel_id": str(self.system_channel) if self.system_channel else None, "afk_channel_id": None, "afk_timeout": 300,
        }

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self._seq += 1
        await ws.send_json({"op": 0, "t": event, "s": self._seq, "d": data})

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        for ws in list(self._sockets):
            if not ws.closed:
                await self._send(ws, event, data)

    # What people do -----------------------------------------------------------------------------------
    async def say(self, user: User, channel_id: int, content: str) -> Posted:
        """``user`` types ``content`` in a channel (a MESSAGE_CREATE reaches the bot)."""
        channel = self.channels[channel_id]
        payload = p.message(channel, user, content, nonce=str(snowflake()))
        payload["member"] = user.member(with_user=False)
        posted = Posted(payload)
        self.messages.append(posted)
        await self.dispatch("MESSAGE_CREATE", payload)
        self._changed()
        return posted

    async def dm(self, user: User, content: str) -> Posted:
        """``user`` writes ``content`` to the bot by direct message (a MESSAGE_CREATE without a guild)."""
        payload = p.message(self._dm(user.id), user, content, nonce=str(snowflake()))
        posted = Posted(payload)
        self.messages.append(posted)
        await self.dispatch("MESSAGE_CREATE", payload)
        self._changed()
        return posted

    async def edit(self, message: Posted, content: str) -> Posted:
        """The author of ``message`` edits it to ``content`` (a MESSAGE_UPDATE)."""
        message.payload.update(content=content, edited_timestamp=p.now())
        await self.dispatch("MESSAGE_UPDATE", dict(message.payload))
        self._changed()
        return message

    async def delete(self, message: Posted) -> None:
        """The author of ``message`` deletes it (a MESSAGE_DELETE)."""
        self.messages.remove(message)
        event = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if "guild_id" in message.payload:
            event["guild_id"] = message.payload["guild_id"]
        await self.dispatch("MESSAGE_DELETE", event)
        self._changed()

    def _interaction(self, kind: int, user: User, channel_id: int, data: dict[str, Any], message: Posted | None = None) -> Interaction:
        channel = self.channels[channel_id]
        iid = snowflake()
        token = "itoken-" + secrets.token_hex(12)
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.app_id), "type": kind, "token": token, "version": 1,
            "data": data, "channel_id": str(channel_id), "channel": channel.payload(), "locale": user.locale,
            "entitlements": [], "authorizing_integration_owners": {"0": str(self.guild_id)}, "context": 0,
            "attachment_size_limit": MAX_UPLOAD, "app_permissions": str(p.MEMBER),
        }
        if channel.guild_id is not None:
            payload.update(guild_id=str(self.guild_id), guild_locale="en-US",
                           guild={"id": str(self.guild_id), "locale": "en-US", "features": []},
                           member=user.member(permissions=self.permissions(user)))
        else:
            payload["user"] = user.payload()
        if message is not None:
            payload["message"] = message.payload
        it = Interaction(iid, token, kind, user, channel_id, payload, time.monotonic())
        self.interactions[iid] = it
        return it

    def _command(self, path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The registered command of ``path`` (``"adjutant join"``) and its option schema."""
        words = path.split()
        for cmd in self.commands.get(None, []) + self.commands.get(self.guild_id, []):
            if cmd["name"] != words[0]:
                continue
            schema = cmd.get("options", [])
            for word in words[1:]:
                sub = next((o for o in schema if o["name"] == word and o["type"] in (1, 2)), None)
                if sub is None:
                    raise KeyError(f"no subcommand {word!r} in {path!r}")
                schema = sub.get("options", [])
            return cmd, schema
        raise KeyError(f"the bot registered no command {path!r}")

    def _options(self, path: str, values: dict[str, Any], focused: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        cmd, schema = self._command(path)
        resolved: dict[str, Any] = {}
        opts = []
        for name, value in values.items():
            spec = next((o for o in schema if o["name"] == name), None)
            if spec is None:
                raise KeyError(f"/{path} has no option {name!r}; it has {[o['name'] for o in schema]}")
            if isinstance(value, p.Upload):
                aid = snowflake()
                self.uploads[aid] = value.data
                url = f"http://127.0.0.1:{self.port}/attachments/{aid}/{value.filename}"
                resolved.setdefault("attachments", {})[str(aid)] = {
                    "id": str(aid), "filename": value.filename, "size": len(value.data), "url": url, "proxy_url": url,
                    "content_type": "application/json",
                }
                value = str(aid)
            if isinstance(value, User):
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                resolved.setdefault("members", {})[str(value.id)] = value.member(with_user=False, permissions=self.permissions(value))
                value = str(value.id)
            opt: dict[str, Any] = {"type": spec["type"], "name": name, "value": value}
            if name == focused:
                opt["focused"] = True
            opts.append(opt)
        if focused is None:
            missing = [o["name"] for o in schema if o.get("required") and o["name"] not in values]
            if missing:
                raise KeyError(f"/{path} needs {missing}")
        for word in reversed(path.split()[1:]):
            opts = [{"type": 1, "name": word, "options": opts}]
        data: dict[str, Any] = {"id": str(cmd["id"]), "name": cmd["name"], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        return data, resolved

    async def slash(self, who: User, channel_id: int, path: str, /, **values: Any) -> Interaction:
        """``who`` runs ``/path`` with options in a channel; returns the interaction."""
        data, _ = self._options(path, values)
        it = self._interaction(2, who, channel_id, data)
        await self.dispatch("INTERACTION_CREATE", it.payload)
        return it

    async def autocomplete(
        self, who: User, channel_id: int, path: str, focused: str, /, timeout: float = 5.0, **values: Any
    ) -> list[dict[str, Any]]:
        """What the bot suggests for option ``focused`` of ``/path`` given ``values``."""
        data, _ = self._options(path, values, focused=focused)
        it = self._interaction(4, who, channel_id, data)
        await self.dispatch("INTERACTION_CREATE", it.payload)
        await self.wait_until(lambda: it.choices is not None, timeout, f"autocomplete of {path}")
        return it.choices or []

    async def click(self, user: User, message: Posted, custom_id: str) -> Interaction:
        """``user`` presses the button ``custom_id`` of ``message``."""
        if custom_id not in message.custom_ids():
            raise KeyError(f"no component {custom_id!r} on message {message.id}")
        it = self._interaction(3, user, message.channel_id, {"custom_id": custom_id, "component_type": 2}, message)
        it.source = message
        await self.dispatch("INTERACTION_CREATE", it.payload)
        return it

    async def pick(self, user: User, message: Posted, custom_id: str, values: list[str]) -> Interaction:
        """``user`` picks ``values`` in the select menu ``custom_id`` of ``message``."""
        if custom_id not in message.custom_ids():
            raise KeyError(f"no component {custom_id!r} on message {message.id}")
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        it = self._interaction(3, user, message.channel_id, data, message)
        it.source = message
        await self.dispatch("INTERACTION_CREATE", it.payload)
        return it

    async def answered(self, it: Interaction, timeout: float = 10.0) -> Interaction:
        await self.wait_until(lambda: it.answered, timeout, f"an answer to interaction {it.id}")
        return it

    # REST -------------------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        self.requests.append((request.method, path))
        for method, pattern, release in list(self.holds):
            if method == request.method and pattern.fullmatch(path) and not release.is_set():
                self.held.append((request.method, path))
                self._changed()
                await release.wait()
        for failure in list(self.failures):
            if failure.method == request.method and failure.path.fullmatch(path):
                failure.times -= 1
                if failure.times <= 0:
                    self.failures.remove(failure)
                return json_response(failure.body, status=failure.status, headers=failure.headers)
        open_routes = path.startswith(("/interactions/", "/webhooks/"))
        if not open_routes and request.headers.get("Authorization") != f"Bot {self.token}":
            return json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        try:
            body, files = await self._body(request)
            result = await self._route(request.method, path, body, files, request.query)
        except ApiError as exc:
            self.rejected.append((request.method, path, exc.code))
            log.warning("fake Discord rejects %s %s: %s", request.method, path, exc.message)
            return json_response({"message": exc.message, "code": exc.code}, status=exc.status)
        finally:
            self._changed()
        if result is None:
            return web.Response(status=204)
        return json_response(result)

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
        if request.content_type.startswith("multipart/"):
            body: dict[str, Any] = {}
            files: list[tuple[str, bytes]] = []
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(data)
                else:
                    files.append((part.filename or "file", bytes(data)))  # type: ignore[union-attr]
            return body, files
        if request.can_read_body:
            raw = await request.read()
            return (json.loads(raw) if raw else {}), []
        return {}, []

    async def _route(self, method: str, path: str, body: dict[str, Any], files: list[tuple[str, bytes]], query: Any) -> Any:
        m = re.fullmatch
        if method == "GET" and path == "/users/@me":
            return {**self.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0}
        if method == "GET" and path == "/oauth2/applications/@me":
            return {
                "id": str(self.app_id), "name": "Adjutant", "icon": None, "description": "", "bot_public": True,
                "bot_require_code_grant": False, "owner": self.owner.payload(), "verify_key": "0" * 64, "flags": 0,
                "team": None, "summary": "", "rpc_origins": [],
            }
        if method == "GET" and path in ("/gateway", "/gateway/bot"):
            return {"url": self.gateway_url, "shards": 1,
                    "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}
        if r := m(r"/applications/(\d+)/commands", path):
            return self._put_commands(None, body) if method == "PUT" else self.commands.get(None, [])
        if r := m(r"/applications/(\d+)/guilds/(\d+)/commands", path):
            return self._put_commands(int(r.group(2)), body) if method == "PUT" else self.commands.get(int(r.group(2)), [])
        if method == "POST" and (r := m(r"/channels/(\d+)/messages", path)):
            denied = self.bot_denied(int(r.group(1)))
            if denied & (p.SEND_MESSAGES | p.VIEW_CHANNEL) or (files and denied & p.ATTACH_FILES):
                raise ApiError(403, 50013, "Missing Permissions")
            return self._create(int(r.group(1)), self.bot, body, files).payload
        if method == "PATCH" and (r := m(r"/channels/(\d+)/messages/(\d+)", path)):
            return self._edit(self._message(int(r.group(1)), int(r.group(2))), body, files).payload
        if method == "PUT" and (r := m(r"/channels/(\d+)/messages/pins/(\d+)", path)):
            if not self.pinning:
                raise ApiError(403, 50013, "Missing Permissions")
            self._message(int(r.group(1)), int(r.group(2))).payload["pinned"] = True
            return None
        if method == "GET" and (r := m(r"/channels/(\d+)/messages", path)):
            return self._history(int(r.group(1)), query)
        if method == "GET" and (r := m(r"/channels/(\d+)", path)):
            channel = self.channels.get(int(r.group(1)))
            if channel is None:
                raise ApiError(404, 10003, "Unknown Channel")
            return channel.payload()
        if method == "POST" and (r := m(r"/channels/(\d+)/threads", path)):
            return self._private_thread(int(r.group(1)), body)
        if method in ("PUT", "DELETE") and (r := m(r"/channels/(\d+)/thread-members/(\d+)", path)):
            members = self.members_of.get(int(r.group(1)))
            if members is None:
                raise ApiError(404, 10003, "Unknown Channel")
            (members.add if method == "PUT" else members.discard)(int(r.group(2)))
            return None
        if method == "PUT" and (r := m(r"/channels/(\d+)/thread-members/@me", path)):
            if self.channels.get(int(r.group(1)), Channel(0, p.TEXT)).type != p.PUBLIC_THREAD:
                raise ApiError(400, 50024, "Cannot execute action on this channel type")
            self.thread_members.add(int(r.group(1)))
            return None
        if method == "POST" and path == "/users/@me/channels":
            return self._dm(int(body["recipient_id"])).payload()
        if method == "GET" and (r := m(r"/users/(\d+)", path)):
            user = self.users.get(int(r.group(1)))
            if user is None:
                raise ApiError(404, 10013, "Unknown User")
            return user.payload()
        if method == "POST" and (r := m(r"/interactions/(\d+)/([\w-]+)/callback", path)):
            return self._callback(int(r.group(1)), r.group(2), body, files, query)
        if method == "POST" and (r := m(r"/webhooks/(\d+)/([\w-]+)", path)):
            return self._followup(r.group(2), body, files).payload
        if r := m(r"/webhooks/(\d+)/([\w-]+)/messages/(@original|\d+)", path):
            return self._webhook_message(method, r.group(2), r.group(3), body, files)
        raise ApiError(404, 0, f"fake Discord has no route {method} {path}")

    def _private_thread(self, parent_id: int, body: Any) -> dict[str, Any]:
        """POST /channels/{id}/threads without a message: a private thread of a text channel."""
        parent = self.channels.get(parent_id)
        if parent is None:
            raise ApiError(404, 10003, "Unknown Channel")
        if parent.type != p.TEXT or int(body.get("type", p.PRIVATE_THREAD)) != p.PRIVATE_THREAD:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not self.thread_creating or self.bot_denied(parent_id) & p.CREATE_PRIVATE_THREADS:
            raise ApiError(403, 50013, "Missing Permissions")
        thread = Channel(snowflake(), p.PRIVATE_THREAD, str(body.get("name", ""))[:100], self.guild_id, parent_id, self.bot.id)
        self.channels[thread.id] = thread
        self.members_of[thread.id] = set()
        self.thread_members.add(thread.id)
        self._changed()
        return thread.payload()

    def _put_commands(self, guild: int | None, body: Any) -> list[dict[str, Any]]:
        stored = []
        for cmd in body:
            stored.append({**cmd, "id": str(snowflake()), "application_id": str(self.app_id), "version": "1",
                           "type": cmd.get("type", 1), "default_member_permissions": cmd.get("default_member_permissions"),
                           "guild_id": str(guild) if guild else None})
        self.commands[guild] = stored
        return stored

    def _dm(self, user_id: int) -> Channel:
        user = self.users[user_id]
        for c in self.channels.values():
            if c.type == p.DM and c.recipient is user:
                return c
        channel = Channel(snowflake(), p.DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    # Messages ---------------------------------------------------------------------------------------
    def _history(self, channel_id: int, query: Any) -> list[dict[str, Any]]:
        """A channel's messages as Discord lists them: the ``limit`` (at most 100) next after
        ``after``, or the latest before ``before``, newest first either way."""
        if channel_id not in self.channels:
            raise ApiError(404, 10003, "Unknown Channel")
        self.history_reads += 1
        limit = max(1, min(100, int(query.get("limit", 50))))
        found = sorted(self.public(channel_id), key=lambda m: m.id)
        if "after" in query:
            found = [m for m in found if m.id > int(query["after"])][:limit]
        else:
            if "before" in query:
                found = [m for m in found if m.id < int(query["before"])]
            found = found[-limit:]
        return [m.payload for m in reversed(found)]

    def _message(self, channel_id: int, message_id: int) -> Posted:
        found = next((x for x in self.messages if x.id == message_id and x.channel_id == channel_id), None)
        if found is None:
            raise ApiError(404, 10008, "Unknown Message")
        return found

    def _check(self, body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        content = body.get("content") or ""
        if len(content) > MAX_CONTENT:
            raise ApiError(400, 50035, f"Invalid Form Body: content must be 2000 or fewer in length ({len(content)})")
        if len(files) > MAX_ATTACHMENTS:
            raise ApiError(400, 50035, "Invalid Form Body: at most 10 attachments")
        if sum(len(d) for _, d in files) > MAX_UPLOAD:
            raise ApiError(413, 40005, "Request entity too large")
        for a in body.get("attachments") or []:
            if len(a.get("description") or "") > MAX_ALT:
                raise ApiError(400, 50035, "Invalid Form Body: attachment description over 1024")
        nonce = body.get("nonce")
        if nonce is not None and len(str(nonce)) > MAX_NONCE:
            raise ApiError(400, 50035, "Invalid Form Body: nonce over 25 characters")
        rows = body.get("components") or []
        if len(rows) > 5:
            raise ApiError(400, 50035, "Invalid Form Body: at most 5 action rows")
        for row in rows:
            items = row.get("components", [])
            if len(items) > 5 or (any(c["type"] == 3 for c in items) and len(items) > 1):
                raise ApiError(400, 50035, "Invalid Form Body: an action row holds 5 buttons or 1 select")
            for c in items:
                if len(c.get("custom_id", "")) > 100 or len(c.get("label") or "") > 80:
                    raise ApiError(400, 50035, "Invalid Form Body: custom_id over 100 or label over 80")
                options = c.get("options") or []
                if len(options) > 25 or any(len(o["label"]) > 100 or len(o["value"]) > 100 for o in options):
                    raise ApiError(400, 50035, "Invalid Form Body: select options")
        for e in body.get("embeds") or []:
            fields = e.get("fields") or []
            sizes = [len(e.get("title") or ""), len(e.get("description") or ""), len((e.get("footer") or {}).get("text") or "")]
            if (sizes[0] > 256 or sizes[1] > 4096 or sizes[2] > 2048 or len(fields) > 25
                    or any(len(f.get("name") or "") > 256 or len(f.get("value") or "") > 1024 or not f.get("value") for f in fields)
                    or sum(sizes) + sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields) > 6000):
                raise ApiError(400, 50035, "Invalid Form Body: embed over Discord's limits")
        if not content and not files and not rows and not body.get("embeds"):
            raise ApiError(400, 50006, "Cannot send an empty message")

    def _attachments(self, body: dict[str, Any], files: list[tuple[str, bytes]], channel_id: int) -> list[dict[str, Any]]:
        meta = {int(a["id"]): a for a in body.get("attachments") or [] if str(a.get("id", "")).isdigit()}
        return [
            p.attachment(data, meta.get(i, {}).get("filename", name), meta.get(i, {}).get("description"), channel_id)
            for i, (name, data) in enumerate(files)
        ]

    def _create(self, channel_id: int, author: User, body: dict[str, Any], files: list[tuple[str, bytes]],
                interaction: Interaction | None = None, flags: int = 0) -> Posted:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        if channel.type == p.DM and channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        self._check(body, files)
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            known = self._nonces.get((channel_id, author.id, str(nonce)))
            if known is not None:
                self.deduplicated += 1
                return known
        reference = body.get("message_reference")
        payload = p.message(
            channel, author, body.get("content") or "",
            attachments=self._attachments(body, files, channel_id), components=body.get("components"),
            flags=flags | int(body.get("flags") or 0), nonce=str(nonce) if nonce is not None else None,
            reference={"message_id": str(reference["message_id"])} if reference else None,
            webhook_id=self.app_id if interaction is not None else None,
        )
        payload["mentions"] = self._pinged(payload["content"], body.get("allowed_mentions"))
        payload["mention_everyone"], payload["mention_roles"] = self._pinged_many(payload["content"], body.get("allowed_mentions"))
        payload["embeds"] = list(body.get("embeds") or [])
        posted = Posted(payload, [d for _, d in files], interaction)
        self.messages.append(posted)
        if nonce is not None:
            self._nonces[(channel_id, author.id, str(nonce))] = posted
        if not posted.ephemeral:
            event = dict(payload)
            if channel.guild_id is not None:
                event["member"] = author.member(with_user=False)
            asyncio.get_running_loop().create_task(self.dispatch("MESSAGE_CREATE", event))
        return posted

    def _pinged(self, content: str, allowed: dict[str, Any] | None) -> list[dict[str, Any]]:
        """The users a message pings, as Discord decides: mentioned in the text and allowed."""
        named = [int(i) for i in re.findall(r"<@!?(\d+)>", content)]
        if allowed is not None and "users" not in (allowed.get("parse") or []):
            permitted = {int(i) for i in allowed.get("users") or []}
            named = [i for i in named if i in permitted]
        return [self.users[i].payload() for i in dict.fromkeys(named) if i in self.users]

    def _pinged_many(self, content: str, allowed: dict[str, Any] | None) -> tuple[bool, list[str]]:
        """Whether a message pings @everyone (or @here), and the roles it pings, as Discord decides:
        without ``allowed_mentions`` everything written pings; with it, only what it allows."""
        parse = None if allowed is None else set(allowed.get("parse") or [])
        everyone = bool(re.search(r"@(everyone|here)\b", content)) and (parse is None or "everyone" in parse)
        permitted = set() if allowed is None else {int(i) for i in allowed.get("roles") or []}
        roles = [int(i) for i in re.findall(r"<@&(\d+)>", content)]
        pinged = [i for i in roles if parse is None or "roles" in parse or i in permitted]
        return everyone, [str(i) for i in dict.fromkeys(pinged)]

    def _edit(self, posted: Posted, body: dict[str, Any], files: list[tuple[str, bytes]]) -> Posted:
        if "content" in body or files or "components" in body:
            self._check({"content": "", "components": [], **body, "embeds": [{}]}, files)
        for key in ("content", "components", "embeds"):
            if key in body:
                posted.payload[key] = body[key] if body[key] is not None else ("" if key == "content" else [])
        if files:
            posted.payload["attachments"] = self._attachments(body, files, posted.channel_id)
            posted.files = [d for _, d in files]
        posted.payload["edited_timestamp"] = p.now()
        return posted

    # Interactions -------------------------------------------------------------------------------------
    def _by_token(self, token: str) -> Interaction:
        for it in self.interactions.values():
            if it.token == token:
                return it
        raise ApiError(404, 10015, "Unknown Webhook")

    def _callback(self, iid: int, token: str, body: dict[str, Any], files: list[tuple[str, bytes]], query: Any) -> Any:
        it = self.interactions.get(iid)
        if it is None or it.token != token:
            raise ApiError(404, 10062, "Unknown interaction")
        if time.monotonic() - it.created > INTERACTION_DEADLINE:
            raise ApiError(404, 10062, "Unknown interaction (answered after three seconds)")
        if it.callbacks:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        it.callbacks.append(body)
        kind, data = int(body["type"]), body.get("data") or {}
        info: dict[str, Any] = {"id": str(it.id), "type": it.type}
        resource: dict[str, Any] | None = None
        if kind == 4:
            flags = int(data.get("flags") or 0)
            it.original = self._create(it.channel_id, self.bot, data, files, it, flags)
            info.update(response_message_id=str(it.original.id), response_message_loading=False,
                        response_message_ephemeral=it.original.ephemeral)
            resource = {"type": 4, "message": it.original.payload}
        elif kind == 5:
            flags = int(data.get("flags") or 0)
            channel = self.channels[it.channel_id]
            it.original = Posted(p.message(channel, self.bot, "", flags=flags | 128, webhook_id=self.app_id), [], it)
            it.loading = True
            info.update(response_message_id=str(it.original.id), response_message_loading=True,
                        response_message_ephemeral=bool(flags & p.EPHEMERAL))
        elif kind == 7:
            if it.source is None:
                raise ApiError(400, 40060, "UPDATE_MESSAGE answers only a component interaction")
            self._edit(it.source, data, files)
            it.edits.append(it.source)
            resource = {"type": 7, "message": it.source.payload}
        elif kind == 8:
            choices = data.get("choices", [])
            if len(choices) > 25 or any(len(c["name"]) > 100 or len(str(c["value"])) > 100 for c in choices):
                raise ApiError(400, 50035, "Invalid Form Body: autocomplete choices")
            it.choices = choices
        if not query.get("with_response"):
            return None
        out: dict[str, Any] = {"interaction": info}
        if resource is not None:
            out["resource"] = resource
        return out

    def _followup(self, token: str, body: dict[str, Any], files: list[tuple[str, bytes]]) -> Posted:
        it = self._by_token(token)
        if it.loading and it.original is not None:
            # The first followup after a "thinking..." defer becomes the deferred message.
            self._check(body, files)
            flags = int(it.original.payload.get("flags") or 0) & p.EPHEMERAL
            posted = self._create(it.channel_id, self.bot, body, files, it, flags)
            it.original = posted
            it.loading = False
            return posted
        posted = self._create(it.channel_id, self.bot, body, files, it, int(body.get("flags") or 0))
        it.followups.append(posted)
        return posted

    def _webhook_message(self, method: str, token: str, which: str, body: dict[str, Any], files: list[tuple[str, bytes]]) -> Any:
        it = self._by_token(token)
        if which == "@original":
            target = it.original if it.original is not None else it.source
        else:
            target = next((m for m in [*it.messages(), *([it.source] if it.source else [])] if str(m.id) == which), None)
        if target is None:
            raise ApiError(404, 10008, "Unknown Message")
        if method == "GET":
            return target.payload
        if method == "DELETE":
            return None
        if it.loading and target is it.original:
            it.loading = False
            target.payload["flags"] = int(target.payload.get("flags") or 0) & ~128
            self.messages.append(target)
        self._edit(target, body, files)
        if target is not it.original and target not in it.edits:
            it.edits.append(target)
        return target.payload
