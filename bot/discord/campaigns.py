"""The campaigns of a Discord server, listed for ``/adjutant campaigns``.

Each line gives the campaign's name, game and channel, where it stands (the game's status line,
or that it is paused, over, archived or that its channel was deleted) and, while it is played,
whom the game waits for. A campaign stored before its server was recorded is found by its
channel among the server's channels and threads, and its server is recorded then.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord.posts import escape_markdown
from bot.i18n import render
from bot.replies import PUBLIC
from bot.store import CampaignRow
from engine import registry
from engine.text import Text, t

if TYPE_CHECKING:
    from bot.discord.client import AdjutantClient

log = logging.getLogger("adjutant.discord.campaigns")


async def campaigns_of(client: AdjutantClient, guild: discord.Guild) -> list[CampaignRow]:
    """The server's campaigns, oldest first; those stored without a server are given this one."""
    channels = [str(c.id) for c in (*guild.channels, *guild.threads)]
    rows = await client.store.campaigns_of_guild(str(guild.id), channels)
    for row in rows:
        if row.guild is None:
            await client.store.set_guild(row.id, str(guild.id))
    return rows


def where(row: CampaignRow) -> str:
    """The campaign's channel as a link (Discord shows a deleted one as such)."""
    return f"<#{row.channel}>" if row.channel and row.channel.isdigit() else "-"


async def state_of(client: AdjutantClient, row: CampaignRow) -> Text | str:
    """Where the campaign stands, in one line."""
    if row.archived:
        reason = await client.store.archive_reason(row.id) or ""
        return t("archived (ended by a referee: {reason})", reason=reason)
    if row.channel_lost:
        return t("its channel was deleted; its record is kept")
    try:
        match = await client.service.match(row)
    except Exception:
        log.exception("campaign %s could not be loaded for the list", row.id)
        return t("cannot be loaded (see the log)")
    status = (render(match.observe(PUBLIC).status, client.service.language).splitlines() or [""])[0]
    if match.result() is not None:
        return t("over: {status}", status=status)
    seats = await client.store.seats(row.id)
    waiting = []
    for role in sorted(match.active()):
        user = seats.get(role)
        who = (f"<@{user[0]}>" if user[0].isdigit() else user[1] or user[0]) if user else client.tr(t("free seat"))
        waiting.append(client.tr(t("{side} ({who})", side=role, who=who)))
    if row.status == "paused":
        return t("paused by a referee; {status}", status=status)
    if not waiting:
        return status
    return t("{status} Waiting for: {who}.", status=status, who=", ".join(waiting))


async def listing(client: AdjutantClient, guild: discord.Guild) -> str:
    """The text of ``/adjutant campaigns``: one line per campaign of the server."""
    rows = await campaigns_of(client, guild)
    if not rows:
        return client.tr(t("No campaign in this server yet. Start one in a channel with /adjutant create."))
    lines = [client.tr(t("Campaigns in this server ({n}):", n=len(rows)))]
    for row in rows:
        try:
            title = registry.get(row.game).title
        except KeyError:
            title = row.game
        state = escape_markdown(client.tr(await state_of(client, row)))
        lines.append(f"- **{escape_markdown(row.name)}** \u2014 {escape_markdown(title)} \u2014 {where(row)} \u2014 {state}")
    return "\n".join(lines)
