"""Campaigns left behind by a deleted channel, thread or forum post.

When Discord says a campaign's channel was deleted (``CHANNEL_DELETE``, ``THREAD_DELETE``), or
the start-up catch-up finds it gone (404), the campaign is marked in the store (its record is
kept: history, seats, seed) and its referees are told once, by direct message; if none can be
reached, the server's system channel is told instead. Nothing here may crash the bot: every
failure to report is logged and passed over.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import aiohttp
import discord

from engine.text import t

if TYPE_CHECKING:
    from bot.discord.client import AdjutantClient

log = logging.getLogger("adjutant.discord.lost")


async def channel_deleted(client: AdjutantClient, channel_id: int, guild_id: int | None = None) -> None:
    """Mark the campaign of a deleted channel (if any) and report it to its referees, once.

    A deleted channel takes its threads and forum posts with it, without an event for each:
    the server's other campaigns whose channel is no longer known are checked too.
    """
    await _lost(client, channel_id, guild_id)
    guild = client.get_guild(guild_id) if guild_id is not None else None
    if guild is None:
        return
    try:
        rows = await client.store.campaigns_of_guild(str(guild.id))
    except Exception:
        log.exception("listing the campaigns of server %s failed", guild.id)
        return
    for row in rows:
        if row.archived or row.channel_lost or not row.channel or not row.channel.isdigit():
            continue
        if int(row.channel) == channel_id or guild.get_channel_or_thread(int(row.channel)) is not None:
            continue
        try:
            await client.fetch_channel(int(row.channel))
        except discord.NotFound:
            await _lost(client, int(row.channel), guild.id)
        except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
            log.info("campaign %s: could not check its channel (%s)", row.id, exc)


async def _lost(client: AdjutantClient, channel_id: int, guild_id: int | None) -> None:
    try:
        row = await client.campaign_in(channel_id)
        if row is None or not await client.store.mark_channel_lost(row.id):
            return
        log.warning("campaign %s: its channel %s was deleted; the campaign is marked and kept", row.id, channel_id)
        text = client.tr(t(
            "The channel of campaign {name} was deleted, so its players can no longer reach it. Its record "
            "(history, seats, seed) is kept, and /adjutant campaigns lists it as having lost its channel.",
            name=row.name,
        ))
        told = 0
        for user_id in sorted(await client.store.referees(row.id)):
            if not user_id.isdigit():
                continue
            try:
                dm = await client.create_dm(discord.Object(int(user_id)))
                await dm.send(content=text, allowed_mentions=discord.AllowedMentions.none())
                told += 1
            except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
                log.info("campaign %s: could not tell referee %s of the deleted channel (%s)", row.id, user_id, exc)
        if told:
            return
        where = guild_id or (int(row.guild) if row.guild and row.guild.isdigit() else None)
        guild = client.get_guild(where) if where is not None else None
        system = guild.system_channel if guild is not None else None
        if system is None:
            log.warning("campaign %s: no referee could be told of its deleted channel, and its server has no system channel", row.id)
            return
        await system.send(content=text, allowed_mentions=discord.AllowedMentions.none())
    except Exception:
        log.exception("reporting the deleted channel %s failed", channel_id)
