"""What every slash command shares: the campaign of the channel, answers, autocompletion.

Autocompletion comes from the engine: sides from the game's roles, orders from the legal
actions of the prompt (``match.prompt(role).actions``), hexes from the map, units from the view.

Autocompletion answers, like every command, only for seats the user holds: a ``side`` option
is a request, never a credential. Orders and "my sides" come from the user's own seats alone
(a referee is not a seat holder, so ``/adjutant order`` completes nothing for a referee who
holds no seat); units come from the referee's view, so only referees get them. Anyone else
gets an empty list, never another side's orders. Public lists (the game's sides, hexes,
games, scenarios, override kinds) are offered to everyone.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.discord.choices import complete, filter_names
from bot.discord.pictures import hex_labels
from bot.discord.posts import MAX_TEXT_MESSAGES, MESSAGE_LIMIT, escape_markdown, split_text
from bot.i18n import side_of
from bot.replies import PUBLIC
from bot.store import CampaignRow
from engine import registry
from engine.game import REFEREE
from engine.text import t

if TYPE_CHECKING:
    from bot.discord.client import AdjutantClient

Choice = app_commands.Choice
COMMON_OVERRIDES = ("place", "remove", "set", "grant-undo", "rewind", "dice", "show", "deadline", "restack", "map", "counter")


def client_of(interaction: discord.Interaction[Any]) -> AdjutantClient:
    return cast("AdjutantClient", interaction.client)


async def answer(
    interaction: discord.Interaction[Any],
    text: str,
    *,
    ephemeral: bool = True,
    file: discord.File | None = None,
    escape: bool = True,
    embed: discord.Embed | None = None,
) -> None:
    """Answer an interaction (first response or followups), split within Discord's limits; an
    ``embed`` goes with the last piece."""
    body = escape_markdown(text) if escape else text
    pieces = split_text(body) or [""]
    files: list[discord.File] = [file] if file is not None else []
    if len(pieces) > MAX_TEXT_MESSAGES:
        pieces = [split_text(body, MESSAGE_LIMIT - 40)[0] + "\n\u2026 (the full text is attached)"]
        files.append(discord.File(io.BytesIO(text.encode("utf-8")), filename="adjutant.txt"))
    for k, piece in enumerate(pieces):
        last = k == len(pieces) - 1
        attach = files if last else []
        embeds = [embed] if last and embed is not None else discord.utils.MISSING
        if not interaction.response.is_done():
            await interaction.response.send_message(
                piece or discord.utils.MISSING,
                files=attach or discord.utils.MISSING,
                embeds=embeds,
                ephemeral=ephemeral,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        else:
            await interaction.followup.send(
                piece or discord.utils.MISSING,
                files=attach or discord.utils.MISSING,
                embeds=embeds,
                ephemeral=ephemeral,
                allowed_mentions=discord.AllowedMentions.none(),
            )


async def campaign_here(interaction: discord.Interaction[Any], quiet: bool = False) -> CampaignRow | None:
    """The campaign of the interaction's channel; if none, say so (unless ``quiet``)."""
    client = client_of(interaction)
    row = await client.campaign_in(interaction.channel_id)
    if row is None and not quiet and interaction.guild is None:  # a direct message: no campaign lives there
        await answer(interaction, client.tr(t(
            "A campaign's commands work in its channel. Here, in a direct message, type your orders as text "
            "(start with the campaign's name, 'NAME: options', if you play in several).",
        )))
    elif row is None and not quiet:
        await answer(
            interaction,
            client.tr(t("There is no campaign in this channel. Start one with /adjutant create.")),
        )
    return row


async def viewer_role(client: AdjutantClient, row: CampaignRow, user: discord.abc.User, side: str | None = None) -> str:
    """The role whose view a user sees: the side asked for if theirs, their only seat, or public."""
    roles = await client.service.roles_of(row, str(user.id))
    if side and side.casefold() in roles:
        return side.casefold()
    return roles[0] if len(roles) == 1 else PUBLIC


async def held_role(client: AdjutantClient, row: CampaignRow, user: discord.abc.User, side: str | None) -> str | None:
    """The seat a user acts for: the side named if they hold it, else their only seat; or None."""
    roles = await client.service.roles_of(row, str(user.id))
    if side:
        named = side.casefold().strip()
        named = named if named in roles else str(side_of(named))  # the side named in another language ("Asse")
        return named if named in roles else None
    return roles[0] if len(roles) == 1 else None


# Autocompletion ------------------------------------------------------------------------------------
def _choices(names: list[str]) -> list[Choice[str]]:
    return [Choice(name=n[:100], value=n[:100]) for n in names]


async def ac_game(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    """The listed games matching what is typed; a game not listed yet only when its name or an
    alias is typed whole (it is created by that name, as 'adjutant play NAME' does in the console)."""
    names = filter_names(registry.names(), current)
    try:
        typed = registry.resolve(current)
    except KeyError:
        typed = None
    if typed is not None and typed not in names:
        names.append(typed)
    return [Choice(name=f"{name} \u2014 {registry.get(name).title}"[:100], value=name) for name in names]


async def ac_scenario(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    try:
        game = registry.get(registry.resolve(str(interaction.namespace.game or "")))
    except KeyError:
        return []
    return [
        Choice(name=f"{s.name} \u2014 {s.title}"[:100], value=s.name)
        for s in game.scenarios.values()
        if s.name in filter_names(list(game.scenarios), current)
    ]


async def ac_side(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    row = await client_of(interaction).campaign_in(interaction.channel_id)
    if row is None:
        return []
    return _choices(filter_names(list(registry.get(row.game).roles), current))


async def ac_my_side(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    client = client_of(interaction)
    row = await client.campaign_in(interaction.channel_id)
    if row is None:
        return []
    return _choices(filter_names(await client.service.roles_of(row, str(interaction.user.id)), current))


async def ac_order(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    """The legal actions of a side the user holds, completed word by word as they type."""
    client = client_of(interaction)
    row = await client.campaign_in(interaction.channel_id)
    if row is None:
        return []
    side = getattr(interaction.namespace, "side", None)
    role = await held_role(client, row, interaction.user, str(side) if side else None)
    if role is None or role not in registry.get(row.game).roles:
        return []
    match = await client.service.match(row)
    actions = [a.text for a in match.prompt(role).actions]
    return [Choice(name=c.name, value=c.value) for c in complete(actions, current)]


async def ac_hex(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    row = await client_of(interaction).campaign_in(interaction.channel_id)
    if row is None:
        return []
    return _choices(filter_names(hex_labels(registry.get(row.game)), current))


def unit_names(view: Mapping[str, Any]) -> list[str]:
    units = view.get("units")
    if isinstance(units, Mapping):
        return sorted(str(k) for k in units)
    if isinstance(units, list):
        return [str(u["id"]) for u in units if isinstance(u, Mapping) and u.get("id")]
    return []


async def ac_unit(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    """Units as the referee sees them: for referees only (the referee's view may hold secrets)."""
    client = client_of(interaction)
    row = await client.campaign_in(interaction.channel_id)
    if row is None or not await client.may_referee(row, interaction):
        return []
    match = await client.service.match(row)
    try:
        view = match.view(REFEREE)
    except Exception:
        return []
    return _choices(filter_names(unit_names(view), current))


async def ac_override(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    row = await client_of(interaction).campaign_in(interaction.channel_id)
    kinds = list(COMMON_OVERRIDES)
    if row is not None:
        kinds += [k for k in registry.get(row.game).override_kinds if k not in kinds]
    return _choices(filter_names(kinds, current))
