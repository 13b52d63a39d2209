"""The status board: one pinned embed per campaign, edited after every delivered public post.

After the board, the campaign's lobby (``bot.discord.seats``) is redrawn if its seats changed.

The board shows the campaign's status line (turn, phase, victory points as the game words
them), whom the game waits for (with their seat holders), the victory points where the game's
public view counts them, and the last accepted action with a link to its post. It is posted
the first time the campaign's channel receives a post, pinned (if Adjutant may pin there;
otherwise it stays unpinned and the log says why), and edited afterwards; if someone deleted
it, a new one is posted. The same embed answers ``/adjutant status``.

A board that cannot be drawn or sent never holds up delivery: the failure is logged.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord.posts import Post
from bot.i18n import render
from bot.replies import PUBLIC
from bot.store import CampaignRow
from engine import registry
from engine.text import t

if TYPE_CHECKING:
    from bot.discord.client import AdjutantClient

log = logging.getLogger("adjutant.discord.board")

OK = "\u2713"
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_LIMIT = 1024
COLOUR_PLAYING = discord.Colour.blue()
COLOUR_STOPPED = discord.Colour.light_grey()


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def jump_url(client: AdjutantClient, row: CampaignRow, message_id: str) -> str | None:
    """The link to a message of the campaign's channel (None when the server is unknown)."""
    guild = row.guild
    if guild is None and row.channel and row.channel.isdigit():
        channel = client.get_channel(int(row.channel))
        guild = str(channel.guild.id) if channel is not None and getattr(channel, "guild", None) else None
    if guild is None or not row.channel:
        return None
    return f"https://discord.com/channels/{guild}/{row.channel}/{message_id}"


async def status_embed(
    client: AdjutantClient, row: CampaignRow, last_action_message: str | None = None, language: str | None = None
) -> discord.Embed:
    """The campaign's status as an embed (public: nothing any seat holds privately), in ``language``
    (the reader of an ephemeral answer) if given."""
    game = registry.get(row.game)
    match = await client.service.match(row)
    seen = match.observe(PUBLIC)  # the one door: what everybody may know
    status = render(seen.status, language or client.service.language)
    over = match.result() is not None
    stopped = over or row.archived or row.status == "paused"
    embed = discord.Embed(
        title=_cut(row.name, TITLE_LIMIT), description=_cut(status, DESCRIPTION_LIMIT),
        colour=COLOUR_STOPPED if stopped else COLOUR_PLAYING,
    )
    seats = await client.store.seats(row.id)
    waiting = []
    for role in sorted(match.active()):
        user = seats.get(role)
        who = (f"<@{user[0]}>" if user[0].isdigit() else user[1] or user[0]) if user else client.tr(t("free seat"), language)
        waiting.append(client.tr(t("{side} ({who})", side=role, who=who), language))
    if over:
        waited = client.tr(t("nobody: the campaign is over"), language)
    else:
        waited = ", ".join(waiting) or "-"
    embed.add_field(name=client.tr(t("Waiting for"), language), value=_cut(waited, FIELD_LIMIT), inline=False)
    vp = seen.view.get("vp")
    if isinstance(vp, int | float | str) and str(vp):
        embed.add_field(name=client.tr(t("Victory points"), language), value=_cut(str(vp), FIELD_LIMIT), inline=True)
    last = match.history(PUBLIC, 1)
    if last:
        actor = client.tr(t("{item}", item=last[0].role), language)  # a side's name, not its role key
        line = f"#{last[0].seq} {actor}: {last[0].said}"
        url = jump_url(client, row, last_action_message) if last_action_message else None
        see = client.tr(t("see the post"), language)
        text = f"{line}\n[{see}]({url})" if url else line
        embed.add_field(name=client.tr(t("Last action"), language), value=_cut(text, FIELD_LIMIT), inline=False)
    if row.archived:
        footer = client.tr(t("Ended by a referee and archived."), language)
    elif row.status == "paused":
        footer = client.tr(t("Paused by a referee."), language)
    else:
        footer = game.title
    embed.set_footer(text=_cut(footer, 2048))
    return embed


class Board:
    """What one delivery round tells the board: whether the channel got a post, and the last action's post."""

    def __init__(self, client: AdjutantClient) -> None:
        self.client = client
        self.touched = False
        self.last_action: discord.Message | None = None

    def delivered(self, post: Post, sent: discord.Message | None) -> None:
        if not post.public or sent is None:
            return
        self.touched = True
        if post.text.startswith(OK):
            self.last_action = sent

    async def refresh(self, row: CampaignRow) -> None:
        """Post, pin or edit the campaign's board after a round that posted in its channel."""
        if not self.touched:
            return
        from bot.discord.seats import redraw_lobby

        try:
            await self._refresh(row)
        except Exception:
            log.exception("campaign %s: the status board could not be updated", row.id)
        try:
            await redraw_lobby(self.client, row)  # seats may have changed (a join, a referee, an end)
        except Exception:
            log.exception("campaign %s: the lobby could not be redrawn", row.id)

    async def _refresh(self, row: CampaignRow) -> None:
        client = self.client
        fresh = await client.store.campaign(row.id) or row
        channel = client.delivery.channel(fresh)
        if channel is None or fresh.channel_lost:
            return
        if self.last_action is not None:
            await client.store.set_board(row.id, last_action=str(self.last_action.id))
        board, last = await client.store.board(row.id)
        embed = await status_embed(client, fresh, last, fresh.language)  # a channel post: the campaign's language
        if board is not None and board.isdigit() and hasattr(channel, "get_partial_message"):
            try:
                await channel.get_partial_message(int(board)).edit(embed=embed)
                return
            except discord.NotFound:
                log.info("campaign %s: its status board was deleted; posting a new one", row.id)
        message = await channel.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())
        await client.store.set_board(row.id, board=str(message.id))
        try:
            await message.pin(reason=client.tr(t("The campaign's status board")))
        except discord.HTTPException as exc:
            log.warning("campaign %s: could not pin its status board (%s %s); it lacks the Pin Messages permission",
                        row.id, exc.status, exc.text)
