"""The JSON objects of Discord's API v10, as the fake server sends them to discord.py.

Only what discord.py reads is filled in; the shapes follow Discord's documentation (users,
members, roles, channels, threads, messages, attachments, interactions).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

# Permission bits (https://discord.com/developers/docs/topics/permissions)
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
MEMBER = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS | SEND_MESSAGES_IN_THREADS
ALL = (1 << 50) - 1

EPHEMERAL = 1 << 6
MESSAGE_CONTENT_INTENT = 1 << 15

TEXT, DM, PUBLIC_THREAD, FORUM = 0, 1, 11, 15
PRIVATE_THREAD = 12
CREATE_PRIVATE_THREADS = 1 << 36

DISCORD_EPOCH_MS = 1_420_070_400_000
_last_id = 0


def snowflake() -> int:
    """A new id, as Discord makes them: the time in its top bits, and always increasing."""
    global _last_id
    _last_id = max(_last_id + 1, (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22)
    return _last_id


def now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class Role:
    id: int
    name: str
    permissions: int = 0
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "name": self.name, "color": 0, "colors": {"primary_color": 0},
            "hoist": False, "icon": None, "unicode_emoji": None, "position": self.position,
            "permissions": str(self.permissions), "managed": False, "mentionable": False, "flags": 0,
        }


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    roles: list[int] = field(default_factory=list)
    locale: str = "en-US"  # the language of the user's Discord client (sent with each interaction)

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.name,
            "avatar": None, "bot": self.bot, "public_flags": 0,
        }

    def member(self, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "roles": [str(r) for r in self.roles], "joined_at": now(), "deaf": False, "mute": False,
            "flags": 0, "nick": None, "avatar": None, "pending": False, "premium_since": None,
        }
        if with_user:
            out["user"] = self.payload()
        if permissions is not None:
            out["permissions"] = str(permissions)
        return out


@dataclass
class Channel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: User | None = None
    overwrites: list[dict[str, Any]] = field(default_factory=list)

    def payload(self) -> dict[str, Any]:
        if self.type == DM:
            assert self.recipient is not None
            return {"id": str(self.id), "type": DM, "recipients": [self.recipient.payload()], "last_message_id": None}
        out: dict[str, Any] = {
            "id": str(self.id), "type": self.type, "guild_id": str(self.guild_id), "name": self.name,
            "position": 0, "permission_overwrites": list(self.overwrites), "nsfw": False, "rate_limit_per_user": 0,
            "parent_id": str(self.parent_id) if self.parent_id else None, "last_message_id": None, "flags": 0,
        }
        if self.type == TEXT:
            out["topic"] = None
        if self.type == FORUM:
            out.update(
                topic=None, available_tags=[], default_reaction_emoji=None, default_sort_order=None,
                default_forum_layout=0, default_thread_rate_limit_per_user=0,
            )
        if self.type in (PUBLIC_THREAD, PRIVATE_THREAD):
            out.update(
                owner_id=str(self.owner_id), message_count=0, member_count=1, total_message_sent=0,
                applied_tags=[],
                thread_metadata={
                    "archived": False, "auto_archive_duration": 1440, "archive_timestamp": now(),
                    "locked": False, "invitable": self.type == PUBLIC_THREAD,
                },
            )
        return out


@dataclass(frozen=True)
class Upload:
    """A file a user attaches to a slash command's attachment option."""

    filename: str
    data: bytes


def attachment(data: bytes, filename: str, description: str | None, channel_id: int) -> dict[str, Any]:
    aid = snowflake()
    url = f"https://cdn.invalid/attachments/{channel_id}/{aid}/{filename}"
    content_type = "image/png" if filename.endswith(".png") else "image/jpeg" if filename.endswith(".jpg") else "text/plain"
    out: dict[str, Any] = {
        "id": str(aid), "filename": filename, "size": len(data), "url": url, "proxy_url": url,
        "content_type": content_type,
    }
    if description is not None:
        out["description"] = description
    return out


def message(
    channel: Channel,
    author: User,
    content: str,
    *,
    attachments: list[dict[str, Any]] | None = None,
    components: list[dict[str, Any]] | None = None,
    flags: int = 0,
    nonce: str | None = None,
    reference: dict[str, Any] | None = None,
    webhook_id: int | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": str(snowflake()), "channel_id": str(channel.id), "author": author.payload(), "content": content,
        "timestamp": now(), "edited_timestamp": None, "tts": False, "mention_everyone": False,
        "mentions": [], "mention_roles": [], "attachments": attachments or [], "embeds": [],
        "pinned": False, "type": 19 if reference else 0, "flags": flags, "components": components or [],
    }
    if channel.guild_id is not None:
        out["guild_id"] = str(channel.guild_id)
    if nonce is not None:
        out["nonce"] = nonce
    if reference is not None:
        out["message_reference"] = {"type": 0, "channel_id": str(channel.id), **reference}
    if webhook_id is not None:
        out["webhook_id"] = str(webhook_id)
        out["application_id"] = str(webhook_id)
    return out
