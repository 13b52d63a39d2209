"""Orders typed by direct message to the bot, and the answer to an edited or deleted order.

A player may write to the bot directly for a campaign they sit in, so that a sealed pick or a
secret attachment is typed where nobody else reads it. With a seat in one campaign (on Discord
and not finished), every line of a direct message is that campaign's order; with seats in
several, the message starts with the campaign's name, ``NAME: order`` (a later line may name
another; ``SIDE:`` may follow, as in a channel). Seats are checked exactly as in the channel:
only a campaign where the writer holds a seat can be named, and a writer with no seat is told
so without a word about any campaign.

Everything the player reads about such an order stays in the direct message: refusals, query
answers and the private echo (the service addresses them to the seat, and a seat is answered
by direct message). The order's public projection (its ✓ line as everybody reads it, the log,
the map) is posted in the campaign's channel as for any order; nothing posted there quotes the
line as typed.

Orders are read once, when they are sent: editing or deleting a message that was read as
orders changes nothing, and the author is told so once, with how to take an order back.
"""

from __future__ import annotations

import functools
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.discord.client import CHAT_PREFIXES, by_role
from bot.service import FAIL, ServiceError
from bot.store import CampaignRow
from engine import registry
from engine.orders import split_lines
from engine.text import t

if TYPE_CHECKING:
    from bot.discord.client import AdjutantClient

log = logging.getLogger("adjutant.discord")

READ_LIMIT = 4096


class ReadOrders:
    """The messages read as orders since the bot started (the latest ``limit``), with their authors.

    An edit or deletion of one of them is answered once: the first answer forgets the message.
    """

    def __init__(self, limit: int = READ_LIMIT) -> None:
        self.limit = limit
        self._read: OrderedDict[int, int] = OrderedDict()

    def add(self, message_id: int, author_id: int) -> None:
        self._read[message_id] = author_id
        while len(self._read) > self.limit:
            self._read.popitem(last=False)

    def take(self, message_id: int) -> int | None:
        """The author of a message read as orders, forgetting it; None if it was not one."""
        return self._read.pop(message_id, None)


async def seated(client: AdjutantClient, user_id: str) -> list[tuple[CampaignRow, list[str]]]:
    """The campaigns on Discord, not finished, where ``user_id`` holds a seat, with those seats."""
    out = []
    for row in await client.store.campaigns():
        if row.status == "finished" or not row.channel:
            continue
        roles = await client.service.roles_of(row, user_id)
        if roles:
            out.append((row, roles))
    return out


def by_campaign(content: str, names: Sequence[str]) -> list[tuple[str | None, str]]:
    """The message's order lines grouped by campaign.

    A line ``NAME: ...`` naming one of ``names`` (case-insensitive; the longest name that fits)
    starts that campaign's lines; the lines after it belong to it until another is named. Lines
    before any name are grouped under None.
    """
    longest = sorted(names, key=len, reverse=True)
    groups: list[tuple[str | None, list[str]]] = []
    for line in split_lines(content):
        name = groups[-1][0] if groups else None
        for candidate in longest:
            head, rest = line[: len(candidate)], line[len(candidate):].lstrip()
            if head.casefold() == candidate.casefold() and rest.startswith(":"):
                name, line = candidate, rest[1:].strip()
                break
        if not groups or groups[-1][0] != name:
            groups.append((name, []))
        if line:
            groups[-1][1].append(line)
    return [(name, "\n".join(lines)) for name, lines in groups if lines]


async def on_direct_message(client: AdjutantClient, message: discord.Message) -> None:
    """A direct message to the bot: the writer's orders for a campaign they sit in."""
    content = message.content.strip()
    if not content or content.startswith(CHAT_PREFIXES):
        return
    sender = client.sender(message.author)
    seats = await seated(client, sender.user_id)
    mine = await client.language_of_user(sender.user_id)  # before a campaign is known: the writer's own
    if not seats:
        await client.say(message, client.tr(t(
            "You hold no seat in any campaign in progress, so I take no orders from you here. "
            "Take a side with /adjutant join in a campaign's channel."
        ), mine))
        return
    campaigns = {row.name: (row, roles) for row, roles in seats}
    groups = by_campaign(content, list(campaigns))
    if not groups:
        await client.say(message, f"{FAIL} {client.tr(t('The message holds no order.'), mine)}")
        return
    if groups[0][0] is None and len(seats) > 1:
        names = sorted(campaigns)
        await client.say(message, client.tr(t(
            "You sit in several campaigns ({names}); start the message with the campaign's name, "
            "for example '{example}: options'. Nothing was done.",
            names=", ".join(names), example=names[0],
        ), mine))
        return
    client.read_orders.add(message.id, message.author.id)
    for name, text in groups:
        row, roles = campaigns[name] if name is not None else seats[0]
        language = await client.language_of_user(sender.user_id, row=row)  # answered privately
        for role, lines in by_role(text, roles, registry.get(row.game).roles):
            try:
                await client.act(row, functools.partial(client.service.submit, row, sender, lines, role, private=True))
            except ServiceError as exc:
                await client.say(message, f"{FAIL} {client.tr(exc.message, language)}")
            except Exception:
                # The service recorded the lines as failed and kept only what it committed.
                log.exception("campaign %s: direct message %s failed", row.id, message.id)
                await client.say(message, f"{FAIL} {client.tr(t('Sorry, something went wrong; the error was logged.'), language)}")


async def order_edited(client: AdjutantClient, payload: discord.RawMessageUpdateEvent) -> None:
    """A message read as orders was edited: say, once, that the edit changes nothing."""
    if payload.message.edited_at is None:
        return  # a link preview or a pin updates a message too; only an edit has an edit time
    author = client.read_orders.take(payload.message_id)
    if author is None:
        return
    text = client.tr(t(
        "Orders are read once, when they are sent: editing this message changes nothing. "
        "To take an order back, type 'undo', then type the new order."
    ), await _answer_language(client, payload.channel_id, payload.guild_id, author))
    try:
        await payload.message.reply(text, mention_author=False)
    except discord.HTTPException as exc:
        log.warning("could not answer the edit of message %s in channel %s: %s", payload.message_id, payload.channel_id, exc)


async def order_deleted(client: AdjutantClient, payload: discord.RawMessageDeleteEvent) -> None:
    """A message read as orders was deleted: say, once, that its orders still stand."""
    author = client.read_orders.take(payload.message_id)
    if author is None:
        return
    text = client.tr(t(
        "<@{user}>, orders are read once, when they are sent: deleting a message does not take "
        "its orders back. To take an order back, type 'undo'.",
        user=author,
    ), await _answer_language(client, payload.channel_id, payload.guild_id, author))
    try:
        await client.get_partial_messageable(payload.channel_id).send(text)
    except discord.HTTPException as exc:
        log.warning("could not answer the deletion of message %s in channel %s: %s", payload.message_id, payload.channel_id, exc)


async def _answer_language(client: AdjutantClient, channel_id: int, guild_id: int | None, author: int) -> str:
    """The language of an answer about a message read as orders: the campaign's in its channel
    (everybody reads it there), the author's own in a direct message."""
    row = await client.campaign_in(channel_id) if guild_id is not None else None
    return row.language if row is not None else await client.language_of_user(str(author))
