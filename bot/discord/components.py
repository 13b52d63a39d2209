"""Buttons and select menus for response windows, built from the prompt's legal actions.

A public post whose state waits on a seated role with few legal actions carries a "decide"
button for that role. Its owner's click opens the choices privately (an ephemeral message:
the legal actions may name cards in a hand): buttons for up to five actions, a select menu
for up to 25. Every custom id carries the state hash the choices were built from
(``bot.discord.choices``); a click on a message from an older state is refused and nothing is
applied. The items are ``DynamicItem`` classes, so they keep working after a restart.
"""

from __future__ import annotations

import functools
import logging
import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.choices import (
    CHOICE_LIMIT,
    CHOICE_TEMPLATE,
    DECIDE_TEMPLATE,
    PRIVATE_TEMPLATE,
    SELECT_TEMPLATE,
    Kind,
    Ref,
    label,
    state_tag,
)
from bot.discord.delivery import first_lines
from bot.discord.seats import JoinButton
from bot.replies import Reply
from bot.service import FAIL, ServiceError
from bot.store import CampaignRow
from engine import registry
from engine.orders import is_number
from engine.text import t

if TYPE_CHECKING:
    from bot.discord.client import AdjutantClient

BUTTONS_UP_TO = 5
log = logging.getLogger("adjutant.discord.components")


class Stale(Exception):
    """The click belongs to an older state of the campaign."""


def client_of(interaction: discord.Interaction[Any]) -> AdjutantClient:
    return cast("AdjutantClient", interaction.client)


def _ref(custom_id: str) -> Ref:
    ref = Ref.parse(custom_id)
    if ref is None:
        raise ValueError(f"not an Adjutant custom id: {custom_id!r}")
    return ref


class DecideButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=DECIDE_TEMPLATE):
    def __init__(self, ref: Ref) -> None:
        super().__init__(
            discord.ui.Button(label=f"Options ({ref.role})", style=discord.ButtonStyle.primary, custom_id=ref.custom_id)
        )
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecideButton:
        return cls(_ref(match.group(0)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await client_of(interaction).speak_to(interaction)  # answered in the clicker's language
        await decide(interaction, self.ref)


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CHOICE_TEMPLATE):
    def __init__(self, ref: Ref, text: str = "") -> None:
        super().__init__(
            discord.ui.Button(label=label(text or "?"), style=discord.ButtonStyle.secondary, custom_id=ref.custom_id)
        )
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        return cls(_ref(match.group(0)), getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await client_of(interaction).speak_to(interaction)  # answered in the clicker's language
        assert self.ref.index is not None
        await choose(interaction, self.ref, self.ref.index)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    def __init__(self, ref: Ref, actions: tuple[str, ...] = (), placeholder: str = "") -> None:
        options = [discord.SelectOption(label=label(a, 100), value=str(i)) for i, a in enumerate(actions[:CHOICE_LIMIT])]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ref.custom_id, placeholder=placeholder[:150] or None, options=options or [discord.SelectOption(label="?")]
        )
        super().__init__(select)
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceSelect:
        made = cls(_ref(match.group(0)))
        if isinstance(item, discord.ui.Select):
            made.item = item
        return made

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await client_of(interaction).speak_to(interaction)  # answered in the clicker's language
        values = self.item.values
        if not values or not is_number(values[0]):
            await interaction.response.send_message("?", ephemeral=True)
            return
        await choose(interaction, self.ref, int(values[0]))


class PrivateButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PRIVATE_TEMPLATE):
    def __init__(self, ref: Ref, text: str = "") -> None:
        super().__init__(
            discord.ui.Button(label=label(text or ref.role), style=discord.ButtonStyle.secondary, custom_id=ref.custom_id)
        )
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PrivateButton:
        return cls(_ref(match.group(0)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await client_of(interaction).speak_to(interaction)  # answered in the clicker's language
        await private_copy(interaction, self.ref)


DYNAMIC_ITEMS = (DecideButton, ChoiceButton, ChoiceSelect, PrivateButton, JoinButton)


# What the clicks do -----------------------------------------------------------------------------
async def _owner(client: AdjutantClient, row: CampaignRow, role: str, user: discord.abc.User) -> bool:
    """Whether ``user`` plays ``role`` (its captain or a teammate)."""
    return str(user.id) in (await client.store.players(row.id)).get(role, [])


def choices_view(row: CampaignRow, role: str, tag: str, actions: tuple[str, ...], placeholder: str) -> discord.ui.View | None:
    """Buttons for a few actions, a select menu for up to 25, nothing for more."""
    if not actions or len(actions) > CHOICE_LIMIT:
        return None
    view = discord.ui.View(timeout=None)
    ref = Ref(Kind.SELECT, row.id, role, tag)
    if len(actions) <= BUTTONS_UP_TO:
        for i, action in enumerate(actions):
            view.add_item(ChoiceButton(ref.with_index(i), action))
    else:
        view.add_item(ChoiceSelect(ref, actions, placeholder))
    return view


async def private(interaction: discord.Interaction[Any], text: str, view: discord.ui.View | None = None) -> None:
    """Answer privately: the first response, or a followup once the interaction was deferred."""
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True, **extra)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True, **extra)


async def show_choices(interaction: discord.Interaction[Any], row: CampaignRow, role: str) -> None:
    """Answer privately with what ``role`` is asked now and its legal actions as components."""
    client = client_of(interaction)
    match = await client.service.match(row)
    prompt = match.prompt(role)
    actions = tuple(a.text for a in prompt.actions)
    side = client.tr(t("{item}", item=role))
    text = f"**{side}**: {client.tr(prompt.text)}"
    view = choices_view(row, role, state_tag(match.hash()), actions, client.tr(t("Choose an order for {role}", role=role)))
    if not actions:
        text += "\n" + client.tr(t("Nothing to decide now."))
    elif view is None:
        shown = "\n".join(actions[:30])
        more = len(actions) - 30
        text += "\n" + shown + ("\n" + client.tr(t("... and {n} more.", n=more)) if more > 0 else "")
        text += "\n" + client.tr(t("Type the order in the channel, or use /adjutant order (it completes as you type)."))
    await private(interaction, text, view)


async def decide(interaction: discord.Interaction[Any], ref: Ref) -> None:
    client = client_of(interaction)
    # Deferred first: rebuilding the match after a restart may take longer than Discord waits.
    await interaction.response.defer(ephemeral=True, thinking=True)
    row = await client.store.campaign(ref.campaign_id)
    if row is None:
        await private(interaction, client.tr(t("That campaign no longer exists.")))
        return
    if not await _owner(client, row, ref.role, interaction.user):
        await private(interaction, client.tr(t("Sorry, only the player of {role} decides this.", role=ref.role)))
        return
    match = await client.service.match(row)
    if state_tag(match.hash()) != ref.tag:
        await private(interaction, stale_text(client))
        return
    await show_choices(interaction, row, ref.role)


def stale_text(client: AdjutantClient) -> str:
    return client.tr(t(
        "This choice belongs to an older state of the game, so nothing was applied. "
        "Use /adjutant options for what you may do now."
    ))


async def choose(interaction: discord.Interaction[Any], ref: Ref, index: int) -> None:
    """Apply the chosen legal action, only if the campaign is still in the state it was offered in."""
    client = client_of(interaction)
    row = await client.store.campaign(ref.campaign_id)
    if row is None:
        await interaction.response.send_message(client.tr(t("That campaign no longer exists.")), ephemeral=True)
        return
    if not await _owner(client, row, ref.role, interaction.user):
        await interaction.response.send_message(
            client.tr(t("Sorry, only the player of {role} decides this.", role=ref.role)), ephemeral=True
        )
        return
    await interaction.response.defer()
    sender = client.sender(interaction.user)

    async def work() -> list[Reply]:
        match = await client.service.match(row)
        actions = match.prompt(ref.role).actions
        if state_tag(match.hash()) != ref.tag or index >= len(actions):
            raise Stale
        return await client.service.submit(row, sender, actions[index].text, role=ref.role)

    try:
        replies = await client.act(row, functools.partial(work), interaction=interaction)
    except Stale:
        await interaction.edit_original_response(content=stale_text(client), view=None)
        return
    except ServiceError as exc:
        await interaction.edit_original_response(content=f"{FAIL} {client.tr(exc.message)}", view=None)
        return
    except Exception:
        log.exception("campaign %s: choice %s of %s failed", ref.campaign_id, index, ref.role)
        await interaction.edit_original_response(content=client.tr(t("Sorry, something went wrong; the error was logged.")), view=None)
        return
    await interaction.edit_original_response(content=first_lines(replies, (ref.role,))[:2000] or "\u2713", view=None)


async def private_copy(interaction: discord.Interaction[Any], ref: Ref) -> None:
    """A private (ephemeral) copy of a reply that a closed DM could not take."""
    client = client_of(interaction)
    row = await client.store.campaign(ref.campaign_id)
    if row is None or not await _owner(client, row, ref.role, interaction.user):
        await interaction.response.send_message(
            client.tr(t("Sorry, this private message is for the player of {role}.", role=ref.role)), ephemeral=True
        )
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    post = client.delivery.held.get(ref.tag)
    if post is not None and (post.campaign_id, post.recipient) == (row.id, ref.role):  # never another seat's post
        await client.delivery.ephemeral_copy(interaction, post)
        return
    match = await client.service.match(row)
    game = registry.get(row.game)
    hand = client.tr(game.holdings(match.state, ref.role))
    text = client.tr(t("That message is no longer held (the bot restarted since). What you hold now:")) + "\n" + hand
    await interaction.followup.send(text[:2000], ephemeral=True)
