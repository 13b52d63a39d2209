"""``/adjutant``: everything a player can do, as slash commands.

Orders and undo go through the service exactly as typed orders do (their public replies are
posted in the channel from the outbox); read-only answers (status, seats, map, history, help,
options) come back to the asker privately unless they ask to share; the hand goes by DM.
"""

from __future__ import annotations

import contextlib
import functools
import io
from typing import Any

import discord
from discord import app_commands

from bot.discord.archives import import_file
from bot.discord.board import DESCRIPTION_LIMIT, FIELD_LIMIT, status_embed
from bot.discord.campaigns import listing
from bot.discord.components import show_choices
from bot.discord.delivery import first_lines
from bot.discord.interact import (
    ac_game,
    ac_hex,
    ac_my_side,
    ac_order,
    ac_scenario,
    ac_side,
    answer,
    campaign_here,
    client_of,
    held_role,
    viewer_role,
)
from bot.discord.pictures import around, has_board, hex_labels, hex_named
from bot.discord.posts import escape_markdown, extension
from bot.discord.seats import change_observer, change_seat, change_team, players_text, post_lobby
from bot.discord.slash import N_
from bot.i18n import languages, side_of
from bot.replies import PUBLIC, Reply
from bot.service import FAIL, ServiceError, options_json
from bot.store import CampaignRow
from engine import registry
from engine.text import t

COMMANDS_HELP = t(
    "Slash commands: /adjutant create, join, leave, seats, status, map, hand, options, order, history, "
    "undo, observe, campaigns, settings, help; referees: /ref seat, place, remove, override, grant-undo, rewind, pause, resume, position, export, end, appoint. "
    "You may also type orders in the campaign channel, one per line (prefix 'SIDE:' if you hold several "
    "seats), or by direct message to me (start with 'CAMPAIGN:' if you sit in several campaigns); lines "
    "starting with # and messages starting with // or > are ignored."
)


async def _submit(interaction: discord.Interaction[Any], row: CampaignRow, text: str, side: str | None) -> list[Reply] | None:
    client = client_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    sender = client.sender(interaction.user)
    try:
        replies = await client.act(row, functools.partial(client.service.submit, row, sender, text, side), interaction=interaction)
    except ServiceError as exc:
        await answer(interaction, f"{FAIL} {client.tr(exc.message)}")
        return None
    seats = await client.service.roles_of(row, sender.user_id)
    return [r for r in replies if r.to == PUBLIC or r.to in seats]  # never another side's private replies



async def may_start_campaign(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may start (create or import) a campaign in this channel; else answered why."""
    client = client_of(interaction)
    perms = interaction.permissions
    role_name = client.settings.referee_role
    has_role = isinstance(interaction.user, discord.Member) and any(r.name == role_name for r in interaction.user.roles)
    if interaction.guild is None or interaction.channel_id is None:
        await answer(interaction, client.tr(t("Campaigns live in server channels, threads or forum posts.")))
        return False
    if not (perms.manage_channels or perms.manage_guild or has_role):
        await answer(interaction, client.tr(t(
            "Sorry, only members who may manage this channel, or referees, may start a campaign here."
        )))
        return False
    return True

class PlayerCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="adjutant", description=N_("Play a wargame campaign refereed by Adjutant"))

    @app_commands.command(name=N_("create"), description=N_("Start a campaign in this channel, thread or forum post"))
    @app_commands.describe(
        game=N_("the game"), scenario=N_("the scenario (default: the game's first)"), options=N_("campaign options, key=value ..."),
        name=N_("the campaign's name (default: game and channel)"),
        language=N_("the language of the campaign's channel (default: English)"),
    )
    @app_commands.autocomplete(game=ac_game, scenario=ac_scenario)
    @app_commands.choices(language=[app_commands.Choice(name=code, value=code) for code in languages()])
    async def create(
        self, interaction: discord.Interaction[Any], game: str, scenario: str | None = None,
        options: str | None = None, name: str | None = None, language: str | None = None,
    ) -> None:
        client = client_of(interaction)
        if not await may_start_campaign(interaction):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with client.creating(interaction.channel_id):
            existing = await client.campaign_in(interaction.channel_id)
            if existing is not None:
                await answer(interaction, client.tr(t(
                    "This channel already hosts campaign {name}; start a thread for another one.", name=existing.name
                )))
                return
            try:
                row, _ = await client.service.create(
                    name or f"{game.casefold()}-{interaction.channel_id}", game, scenario, options_json(options or ""),
                    channel=str(interaction.channel_id), creator=str(interaction.user.id), guild=str(interaction.guild.id),
                    language=language,
                )
            except ServiceError as exc:
                await answer(interaction, f"{FAIL} {client.tr(exc.message)}")
                return
        async with client.gate(row.id):
            await client.delivery.flush(row.id)
        if isinstance(interaction.channel, discord.Thread):
            # A campaign in a thread or forum post: be a member, so its messages reach the bot.
            with contextlib.suppress(discord.HTTPException):
                await interaction.channel.join()
        channel = client.delivery.channel(row)
        if channel is not None:
            await post_lobby(client, row, channel)
        roles = ", ".join(registry.get(row.game).roles)
        await answer(interaction, client.tr(t(
            "Campaign {name} created; you are its referee. Players take a side with /adjutant join ({roles}).",
            name=row.name, roles=roles,
        )))

    @app_commands.command(name=N_("import"), description=N_("Make this channel's campaign from a campaign file (/ref campaign-export, adjutant export)"))
    @app_commands.describe(
        file=N_("the campaign file (JSON, with its private part)"), passphrase=N_("the passphrase it was exported with"),
        name=N_("the campaign's name here (default: its own)"),
    )
    async def import_(
        self, interaction: discord.Interaction[Any], file: discord.Attachment, passphrase: str, name: str | None = None,
    ) -> None:
        if not await may_start_campaign(interaction):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await import_file(interaction, file, passphrase, name)

    @app_commands.command(name=N_("join"), description=N_("Take a side"))
    @app_commands.describe(side=N_("the side to play"))
    @app_commands.autocomplete(side=ac_side)
    async def join(self, interaction: discord.Interaction[Any], side: str) -> None:
        await self._seat(interaction, side, join=True)

    @app_commands.command(name=N_("leave"), description=N_("Give up a side"))
    @app_commands.describe(side=N_("the side to leave"))
    @app_commands.autocomplete(side=ac_my_side)
    async def leave(self, interaction: discord.Interaction[Any], side: str) -> None:
        await self._seat(interaction, side, join=False)

    async def _seat(self, interaction: discord.Interaction[Any], side: str, join: bool) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        # Deferred first: the campaign's gate may be held by a slow delivery.
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            replies = await change_seat(client, row, side, interaction.user, join, interaction=interaction)
        except ServiceError as exc:
            await answer(interaction, f"{FAIL} {client.tr(exc.message)}")
            return
        await answer(interaction, "\n".join(r.text for r in replies))

    @app_commands.command(name=N_("team"), description=N_("Play a side as a team: its captain (or a referee) adds or removes a teammate"))
    @app_commands.describe(side=N_("the side"), user=N_("the member"), action=N_("add or remove"))
    @app_commands.choices(action=[app_commands.Choice(name=N_("add"), value="add"), app_commands.Choice(name=N_("remove"), value="remove")])
    @app_commands.autocomplete(side=ac_side)
    async def team(self, interaction: discord.Interaction[Any], side: str, user: discord.User, action: str = "add") -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            replies = await change_team(client, row, side, interaction.user, user, action == "add", interaction=interaction)
        except ServiceError as exc:
            await answer(interaction, f"{FAIL} {client.tr(exc.message)}")
            return
        await answer(interaction, "\n".join(r.text for r in replies))

    @app_commands.command(name=N_("seats"), description=N_("Who plays which side"))
    async def seats(self, interaction: discord.Interaction[Any]) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        seats = await client.store.seats(row.id)
        teams = await client.store.teammates(row.id)
        lines = []
        for role in registry.get(row.game).roles:
            seat = seats.get(role)
            who = players_text(client, seat, teams.get(role, [])) if seat else client.tr(t("free"))
            side = client.tr(t("{item}", item=role))
            lines.append(f"{side}: {who}")
        observers = await client.store.observers(row.id)
        if observers:
            names = ", ".join(f"<@{uid}>" if uid.isdigit() else name or uid for uid, name in observers.items())
            lines.append(client.tr(t("Observers: {names}", names=names)))
        await answer(interaction, f"{row.name}\n" + "\n".join(lines), escape=False)

    @app_commands.command(name=N_("observe"), description=N_("Follow this campaign as an observer (public view, no seat)"))
    @app_commands.describe(stop=N_("stop observing"))
    async def observe(self, interaction: discord.Interaction[Any], stop: bool = False) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            replies = await change_observer(client, row, interaction.user, stop, interaction=interaction)
        except ServiceError as exc:
            await answer(interaction, f"{FAIL} {client.tr(exc.message)}")
            return
        await answer(interaction, "\n".join(r.text for r in replies))

    @app_commands.command(name=N_("status"), description=N_("The turn, the phase and who is to act"))
    @app_commands.describe(share=N_("post the answer in the channel"))
    async def status(self, interaction: discord.Interaction[Any], share: bool = False) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        await interaction.response.defer(ephemeral=not share, thinking=True)
        _, last = await client.store.board(row.id)
        embed = await status_embed(client, await client.store.campaign(row.id) or row, last, row.language if share else client.tr_language())
        await answer(interaction, "", ephemeral=not share, embed=embed)

    @app_commands.command(name=N_("history"), description=N_("The last entries of the campaign log"))
    @app_commands.describe(count=N_("how many entries (default 20)"))
    async def history(self, interaction: discord.Interaction[Any], count: app_commands.Range[int, 1, 200] = 20) -> None:
        await self._query(interaction, "history", [str(count)], False)

    async def _query(self, interaction: discord.Interaction[Any], verb: str, args: list[str], share: bool) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        role = PUBLIC if share else await viewer_role(client, row, interaction.user)
        await interaction.response.defer(ephemeral=not share, thinking=True)
        match = await client.service.match(row)
        with client.service.reading(row.language if share else client.tr_language()):
            replies = await client.service.query(registry.get(row.game), match, role, verb, args)
        await answer(interaction, "\n".join(r.text for r in replies), ephemeral=not share)

    @app_commands.command(name=N_("map"), description=N_("The map: the area of the last action, the whole map, or around a hex"))
    @app_commands.describe(label=N_("show the map around this hex"), whole=N_("the whole map"), share=N_("post it in the channel"))
    @app_commands.rename(label=N_("hex"))
    @app_commands.autocomplete(label=ac_hex)
    async def map(
        self, interaction: discord.Interaction[Any], label: str | None = None, whole: bool = False, share: bool = False
    ) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        game = registry.get(row.game)
        renderer = client.service.renderer
        if renderer is None or (label and not has_board(game)):
            await answer(interaction, client.tr(t("No renderer is configured, so no map image.")))
            return
        role = PUBLIC if share else await viewer_role(client, row, interaction.user)
        await interaction.response.defer(ephemeral=not share, thinking=True)
        match = await client.service.match(row)
        # Shared in the channel: the campaign's language; else the asker's.
        language = row.language if share else client.tr_language()
        if label:
            where = hex_named(game, label)
            got = None if where is None else await client.service.draw(around, game, match.observe(role), where, language)
            if got is None:
                places = sorted(p.name for p in game.board.places.values()) if game.board is not None else []
                example = ", ".join([*hex_labels(game)[:1], *places[:2]])
                await answer(interaction, client.tr(t(
                    "'{hex}' is not a hex or a place of the map: give a hex as the map labels it or a place's name, e.g. {example}.",
                    hex=label, example=example,
                )), ephemeral=not share)
                return
            data, alt = got
        else:
            rendered = await client.service.draw(renderer, game, match.observe(role), whole, language=language)
            if rendered is None:
                await answer(interaction, client.tr(t("This game has no map image.")), ephemeral=not share)
                return
            data, alt = rendered
        file = discord.File(io.BytesIO(data), filename=f"map.{extension(data)}", description=alt[:1024])
        caption = client.tr(t("Around {hex}.", hex=label)) if label else client.tr(t("Whole map.")) if whole else ""
        await answer(interaction, caption, ephemeral=not share, file=file)

    @app_commands.command(name=N_("hand"), description=N_("Your private holdings, by direct message"))
    @app_commands.describe(side=N_("the side (if you hold several)"))
    @app_commands.autocomplete(side=ac_my_side)
    async def hand(self, interaction: discord.Interaction[Any], side: str | None = None) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        replies = await _submit(interaction, row, "hand", side)
        if replies is None:
            return
        if any(r.batch in client.delivery.ephemeral for r in replies):
            return  # the DM was refused; the copy was just given privately here
        await answer(interaction, client.tr(t("Sent to you by direct message.")))

    @app_commands.command(name=N_("options"), description=N_("What you may do now (with buttons when there are few choices)"))
    @app_commands.describe(side=N_("the side (if you hold several)"))
    @app_commands.autocomplete(side=ac_my_side)
    async def options(self, interaction: discord.Interaction[Any], side: str | None = None) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        role = await held_role(client, row, interaction.user, side)
        if role is None:
            roles = await client.service.roles_of(row, str(interaction.user.id))
            game = registry.get(row.game)
            named = side.casefold().strip() if side else ""
            if side and named not in game.roles and side_of(named) not in game.roles:
                refusal = t("'{role}' is not a side of {game}: {roles}.", role=side, game=game.name, roles=", ".join(game.roles))
            elif side:
                refusal = t("You do not hold the {role} seat.", role=str(side_of(named) or named))
            elif roles:
                refusal = t("You hold several seats ({roles}); say which one you act for.", roles=", ".join(roles))
            else:
                refusal = t("You have no seat in campaign {name}. Join a side first.", name=row.name)
            await answer(interaction, client.tr(refusal))
            return
        await show_choices(interaction, row, role)

    @app_commands.command(name=N_("order"), description=N_("Give an order; it completes from your legal orders as you type"))
    @app_commands.describe(text=N_("the order, e.g. move 13pz 1232"), side=N_("the side (if you hold several)"))
    @app_commands.autocomplete(text=ac_order, side=ac_my_side)
    async def order(self, interaction: discord.Interaction[Any], text: str, side: str | None = None) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        replies = await _submit(interaction, row, text, side)
        if replies is not None:
            await answer(interaction, first_lines(replies) or client.tr(t("Done.")))

    @app_commands.command(name=N_("undo"), description=N_("Take back your last order (back to the last roll, draw or change of player)"))
    @app_commands.describe(side=N_("the side (if you hold several)"))
    @app_commands.autocomplete(side=ac_my_side)
    async def undo(self, interaction: discord.Interaction[Any], side: str | None = None) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        replies = await _submit(interaction, row, "undo", side)
        if replies is not None:
            await answer(interaction, first_lines(replies) or client.tr(t("Done.")))

    @app_commands.command(name=N_("away"), description=N_("Declare an absence: your deadlines wait until you are back"))
    @app_commands.describe(until=N_("a date (2026-12-24, UTC), a span (5d, 12h) or 'back'"), side=N_("the side (if you hold several)"))
    @app_commands.autocomplete(side=ac_my_side)
    async def away(self, interaction: discord.Interaction[Any], until: str, side: str | None = None) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        replies = await _submit(interaction, row, f"away {until.strip()}", side)
        if replies is not None:
            said = first_lines(replies) or "\n".join(r.text for r in replies)
            await answer(interaction, said or client.tr(t("Done.")))

    @app_commands.command(name=N_("timelapse"), description=N_("The campaign turn by turn, the public map as an animated image"))
    @app_commands.describe(share=N_("post it in the channel"))
    async def timelapse(self, interaction: discord.Interaction[Any], share: bool = False) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        await interaction.response.defer(ephemeral=not share, thinking=True)
        made = await client.service.timelapse(row, client.service.language)
        if isinstance(made, tuple):
            data, frames = made
            file = discord.File(io.BytesIO(data), filename=f"{row.name}-timelapse.gif")
            await answer(interaction, client.tr(t("{name}: {frames} frames, one per turn.", name=row.name, frames=frames)), ephemeral=not share, file=file)
        else:
            await answer(interaction, client.tr(made), ephemeral=not share)

    @app_commands.command(name=N_("campaigns"), description=N_("The campaigns of this server: game, channel, where each stands"))
    async def campaigns(self, interaction: discord.Interaction[Any]) -> None:
        client = client_of(interaction)
        if interaction.guild is None:
            await answer(interaction, client.tr(t("Campaigns live in server channels; ask in a server.")))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await answer(interaction, await listing(client, interaction.guild), escape=False)

    @app_commands.command(name=N_("settings"), description=N_("Your own settings (in every campaign): how you are pinged"))
    @app_commands.describe(ping=N_("when a decision is yours: a mention in the campaign channel, or a direct message"))
    @app_commands.choices(ping=[
        app_commands.Choice(name=N_("in the channel"), value="channel"),
        app_commands.Choice(name=N_("by direct message"), value="dm"),
    ])
    async def settings(self, interaction: discord.Interaction[Any], ping: str | None = None) -> None:
        client = client_of(interaction)
        user_id = str(interaction.user.id)
        if ping is not None:
            await client.store.set_ping_by_dm(user_id, ping == "dm")
        by_dm = await client.store.ping_by_dm(user_id)
        where = client.tr(t("by direct message") if by_dm else t("with a mention in the campaign channel"))
        text = client.tr(t("When a decision is yours you are pinged {where}.", where=where))
        if ping is None:
            text += "\n" + client.tr(t("Change it with /adjutant settings ping: (in the channel or by direct message)."))
        await answer(interaction, text)

    @app_commands.command(name=N_("help"), description=N_("The orders of this campaign's game, or one order in detail"))
    @app_commands.describe(topic=N_("an order (verb) to explain"))
    async def help(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction, quiet=True)
        if row is None:
            games = ", ".join(f"{n} ({registry.get(n).title})" for n in registry.names())
            text = client.tr(t("Games: {games}. Start a campaign here with /adjutant create.", games=games))
        else:
            with client.service.reading(client.tr_language()):
                text = client.service.help_text(registry.get(row.game), topic)
        commands = client.tr(COMMANDS_HELP)
        described, listed = escape_markdown(text), escape_markdown(commands)
        if len(described) > DESCRIPTION_LIMIT or len(listed) > FIELD_LIMIT:
            await answer(interaction, text + "\n\n" + commands)  # too long for an embed: plain text, split
            return
        embed = discord.Embed(title=client.tr(t("Adjutant help")), description=described)
        embed.add_field(name=client.tr(t("Slash commands")), value=listed, inline=False)
        await answer(interaction, "", embed=embed)
