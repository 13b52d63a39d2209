"""Taking and giving up seats: ``/adjutant join`` and ``leave``, the lobby's Join buttons, and
``/adjutant observe`` (an observer follows the public channel, holds no seat, gets nothing private).

``/adjutant create`` posts a lobby in the campaign's channel: the seats, and a Join button for
each free one. A click claims the seat exactly as ``/adjutant join`` does (the same service
call, checks and public announcement), then the lobby is redrawn with the seats as they are
now; it is also redrawn whenever its seats change otherwise (``/adjutant join``, ``/ref seat``,
``/ref end``: after each delivered public post, if its text changed). A click on a seat someone
else took meanwhile, or in a campaign that has ended, is refused privately with the reason, and
the lobby is redrawn so its buttons are true again. The buttons are ``DynamicItem``s: they work
after a restart.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import uuid
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.choices import label
from bot.replies import Reply
from bot.service import FAIL, ServiceError
from bot.store import CampaignRow
from engine import registry
from engine.text import t

if TYPE_CHECKING:
    from bot.discord.client import AdjutantClient

log = logging.getLogger("adjutant.discord.seats")

JOIN_TEMPLATE = r"adj:j:(?P<cid>\d+):(?P<role>[a-z0-9][a-z0-9_-]{0,23})"
BUTTONS_LIMIT = 25  # five rows of five


def _client(interaction: discord.Interaction[Any]) -> AdjutantClient:
    return cast("AdjutantClient", interaction.client)


async def change_seat(
    client: AdjutantClient, row: CampaignRow, side: str, user: discord.abc.User, join: bool,
    interaction: discord.Interaction[Any] | None = None,
) -> list[Reply]:
    """Join or leave ``side`` for ``user``; the announcement is posted from the outbox.

    Raises ``ServiceError`` with the reason when the seat cannot be taken or given up.
    """
    sender = client.sender(user)
    call = client.service.join if join else client.service.leave

    async def work() -> list[Reply]:
        batch = uuid.uuid4().hex
        replies = [dataclasses.replace(r, batch=batch) for r in await call(row, side, sender)]
        await client.store.commit_step(row.id, [], [(r.to, r.payload(), r.image) for r in replies])
        return replies

    replies = await client.act(row, work, interaction=interaction)
    if join:  # "Asse" is the axis seat: its holdings go to the role the service seated
        await client.deal_holdings(row, client.service.role_named(registry.get(row.game), side))
    return replies


async def change_team(
    client: AdjutantClient, row: CampaignRow, side: str, by: discord.abc.User, user: discord.abc.User, add: bool,
    interaction: discord.Interaction[Any] | None = None,
) -> list[Reply]:
    """The captain of ``side`` (or a referee) adds ``user`` to its team or removes them; a new
    teammate receives the side's private information at once."""
    sender = client.sender(by)
    if add and getattr(user, "bot", False):
        raise ServiceError(t("A bot cannot play a side."))

    async def work() -> list[Reply]:
        batch = uuid.uuid4().hex
        said = await client.service.team(row, side, sender, str(user.id), user.display_name, add)
        replies = [dataclasses.replace(r, batch=batch) for r in said]
        await client.store.commit_step(row.id, [], [(r.to, r.payload(), r.image) for r in replies])
        return replies

    replies = await client.act(row, work, interaction=interaction)
    if add:
        await client.deal_holdings(row, client.service.role_named(registry.get(row.game), side))
    return replies


async def change_observer(
    client: AdjutantClient, row: CampaignRow, user: discord.abc.User, stop: bool,
    interaction: discord.Interaction[Any] | None = None,
) -> list[Reply]:
    """Start or stop observing the campaign; the announcement is posted from the outbox."""
    sender = client.sender(user)

    async def work() -> list[Reply]:
        batch = uuid.uuid4().hex
        replies = [dataclasses.replace(r, batch=batch) for r in await client.service.observe(row, sender, stop)]
        await client.store.commit_step(row.id, [], [(r.to, r.payload(), r.image) for r in replies])
        return replies

    return await client.act(row, work, interaction=interaction)


# The lobby ------------------------------------------------------------------------------------------
class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=JOIN_TEMPLATE):
    def __init__(self, campaign_id: int, role: str, text: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label(text or role), style=discord.ButtonStyle.success, custom_id=f"adj:j:{campaign_id}:{role}"
            )
        )
        self.campaign_id = campaign_id
        self.role = role

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> JoinButton:
        return cls(int(match.group("cid")), match.group("role"), getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await claim(interaction, self.campaign_id, self.role)


async def lobby(client: AdjutantClient, row: CampaignRow) -> tuple[str, discord.ui.View | None]:
    """The lobby's text (every seat and who holds it) and a Join button for each free seat, in the
    campaign's language (a channel post, whoever's click or command redraws it)."""
    seats = await client.store.seats(row.id)
    teams = await client.store.teammates(row.id)
    language = row.language
    lines = [client.tr(t("Seats of campaign {name}:", name=row.name), language)]
    view = discord.ui.View(timeout=None)
    for role in registry.get(row.game).roles:
        seat = seats.get(role)
        if seat is not None:
            who = players_text(client, seat, teams.get(role, []), language)
            lines.append("- " + client.tr(t("{side}: {who}", side=role, who=who), language))
            continue
        lines.append("- " + client.tr(t("{side}: {who}", side=role, who=t("free")), language))
        if len(view.children) < BUTTONS_LIMIT and not row.archived:
            view.add_item(JoinButton(row.id, role, client.tr(t("Join as {role}", role=role), language)))
    if row.archived:
        lines.append(client.tr(t("The campaign has ended; its seats are closed."), language))
    elif view.children:
        lines.append(client.tr(t("Press a button to take a free seat (or use /adjutant join)."), language))
    else:
        lines.append(client.tr(t("Every seat is taken."), language))
    return "\n".join(lines), view if view.children else None


def players_text(client: AdjutantClient, captain: tuple[str, str], mates: list[tuple[str, str]], language: str | None = None) -> str:
    """Who plays a seat: its holder, and with a team, "(captain)" and each teammate (in ``language``, else the reader's)."""
    def who(user: tuple[str, str]) -> str:
        return f"<@{user[0]}>" if user[0].isdigit() else user[1] or user[0]

    if not mates:
        return who(captain)
    return ", ".join([client.tr(t("{user} (captain)", user=who(captain)), language), *(who(m) for m in mates)])


async def post_lobby(client: AdjutantClient, row: CampaignRow, channel: discord.abc.Messageable) -> None:
    """Post the campaign's lobby in its channel (a failure is logged: /adjutant join still works)."""
    text, view = await lobby(client, row)
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    try:
        message = await channel.send(content=text, allowed_mentions=discord.AllowedMentions.none(), **extra)
    except discord.HTTPException as exc:
        log.warning("campaign %s: could not post its lobby (%s)", row.id, exc)
        return
    await client.store.set_board(row.id, lobby=str(message.id))
    client.delivery.lobbies[row.id] = text


async def redraw_lobby(client: AdjutantClient, row: CampaignRow) -> None:
    """Redraw the campaign's lobby if its seats changed since it was drawn (a command, a
    referee, an end); a lobby that cannot be edited (deleted, no channel) is left alone, logged."""
    lobby_id = await client.store.lobby_message(row.id)
    channel = client.delivery.channel(row)
    if lobby_id is None or not lobby_id.isdigit() or channel is None or not hasattr(channel, "get_partial_message"):
        return
    fresh = await client.store.campaign(row.id) or row
    text, view = await lobby(client, fresh)
    if client.delivery.lobbies.get(row.id) == text:
        return
    try:
        await channel.get_partial_message(int(lobby_id)).edit(content=text, view=view, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.info("campaign %s: could not redraw its lobby (%s)", row.id, exc)
        return
    client.delivery.lobbies[row.id] = text


async def claim(interaction: discord.Interaction[Any], campaign_id: int, role: str) -> None:
    """A Join button: take the seat as /adjutant join would, then redraw the lobby."""
    client = _client(interaction)
    row = await client.store.campaign(campaign_id)
    if row is None:
        await interaction.response.send_message(client.tr(t("That campaign no longer exists.")), ephemeral=True)
        return
    await interaction.response.defer()  # the lobby is edited below; the clicker is answered privately
    try:
        replies = await change_seat(client, row, role, interaction.user, join=True, interaction=interaction)
        said = "\n".join(r.text for r in replies)
    except ServiceError as exc:
        said = f"{FAIL} {client.tr(exc.message)}"
    fresh = await client.store.campaign(campaign_id) or row
    text, view = await lobby(client, fresh)
    clicked = str(interaction.message.id) if interaction.message is not None else None
    current = clicked is not None and clicked == await client.store.lobby_message(campaign_id)
    if not (current and client.delivery.lobbies.get(campaign_id) == text):  # not redrawn after the announcement
        try:
            await interaction.edit_original_response(content=text, view=view, allowed_mentions=discord.AllowedMentions.none())
            if current:
                client.delivery.lobbies[campaign_id] = text
        except discord.HTTPException as exc:
            log.info("campaign %s: could not redraw the lobby (%s)", campaign_id, exc)
    await interaction.followup.send(said[:2000], ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
