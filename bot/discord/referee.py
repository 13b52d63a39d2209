"""``/ref``: referee overrides. Every one needs a reason, is logged and announced in the channel.

Referees are the campaign's referees (the store's ``referees`` table); a member holding the
configured referee role (``ADJUTANT_REFEREE_ROLE``) or the Manage Server permission becomes
one the first time they act. Anyone else gets a polite refusal.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.discord.archives import export_file
from bot.discord.delivery import first_lines
from bot.discord.interact import ac_override, ac_side, ac_unit, answer, campaign_here, client_of
from bot.discord.slash import N_
from bot.replies import PUBLIC, Reply
from bot.service import FAIL, ServiceError
from bot.store import CampaignRow
from engine import registry
from engine.game import REFEREE
from engine.position import MAX_CHARS
from engine.text import t

After = Callable[[CampaignRow], Awaitable[None]]
REASON = N_("why (announced to everyone and logged)")


async def referee_line(interaction: discord.Interaction[Any], line: str, after: After | None = None) -> None:
    """Check the referee, run ``line because reason`` through the service, announce, confirm."""
    client = client_of(interaction)
    # Deferred first: the campaign's gate may be held by a slow delivery.
    await interaction.response.defer(ephemeral=True, thinking=True)
    row = await campaign_here(interaction)
    if row is None:
        return
    if not await client.is_referee(row, interaction):
        await answer(interaction, client.tr(t(
            "Sorry, only a referee of campaign {name} may do that (referees hold the '{role}' role "
            "or the Manage Server permission).", name=row.name, role=client.settings.referee_role,
        )))
        return
    sender = client.sender(interaction.user)

    async def work() -> list[Reply]:
        replies = await client.service.referee(row, sender, line)
        if after is not None:
            await after(row)
        return replies

    try:
        replies = await client.act(row, work, interaction=interaction)
    except ServiceError as exc:
        await answer(interaction, f"{FAIL} {client.tr(exc.message)}")
        return
    # Never what went privately to a seat (a substitute's hand): the channel's and the referees' texts.
    shown = "\n".join(r.text for r in replies if r.to in (PUBLIC, REFEREE) and r.image is None)
    await answer(interaction, first_lines(replies) or shown or client.tr(t("Done.")))


async def _referee_here(interaction: discord.Interaction[Any]) -> CampaignRow | None:
    """The campaign of the channel if the user referees it (deferred first); else answered and None."""
    client = client_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    row = await campaign_here(interaction)
    if row is None:
        return None
    if not await client.is_referee(row, interaction):
        await answer(interaction, client.tr(t("Sorry, only a referee of campaign {name} may do that.", name=row.name)))
        return None
    return row


async def load_position(interaction: discord.Interaction[Any], file: discord.Attachment, reason: str) -> None:
    """Load a position file attached to ``/ref position`` into the channel's campaign."""
    client = client_of(interaction)
    row = await _referee_here(interaction)
    if row is None:
        return
    refusal = None
    text = ""
    if file.size > MAX_CHARS:
        refusal = t("The position file is too long ({n} characters; at most {most}).", n=file.size, most=MAX_CHARS)
    else:
        try:
            text = (await file.read()).decode("utf-8")
        except UnicodeDecodeError:
            refusal = t("The position file {path} is not UTF-8 text.", path=file.filename)
        except discord.HTTPException:
            refusal = t("The attached file could not be fetched from Discord; attach it again.")
    if refusal is not None:
        await answer(interaction, f"{FAIL} {client.tr(refusal)}")
        return
    sender = client.sender(interaction.user)

    async def work() -> list[Reply]:
        return await client.service.load_position(row, sender, text, _one_line(reason))

    try:
        replies = await client.act(row, work, interaction=interaction)
    except ServiceError as exc:
        await answer(interaction, f"{FAIL} {client.tr(exc.message)}")
        return
    await answer(interaction, first_lines(replies) or client.tr(t("Done.")))


async def export_position(interaction: discord.Interaction[Any]) -> None:
    """Answer ``/ref export`` with the position file, to the referee alone (it holds every hand)."""
    client = client_of(interaction)
    row = await _referee_here(interaction)
    if row is None:
        return
    sender = client.sender(interaction.user)

    async def work() -> list[Reply]:
        return await client.service.referee(row, sender, "export position")

    try:
        replies = await client.act(row, work, interaction=interaction)
    except ServiceError as exc:
        await answer(interaction, f"{FAIL} {client.tr(exc.message)}")
        return
    reply = replies[0]
    if not reply.ok or not reply.extra.get("file"):
        await answer(interaction, reply.text)
        return
    attached = discord.File(io.BytesIO(reply.text.encode("utf-8")), filename=str(reply.extra["file"]))
    said = t("The position of campaign {name}: load it with /ref position, or 'adjutant play GAME --position FILE'.", name=row.name)
    await answer(interaction, client.tr(said), file=attached)


def _one_line(text: str) -> str:
    return " ".join(text.split())


class RefereeCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="ref", description=N_("Referee overrides (each needs a reason and is announced)"))

    @app_commands.command(name=N_("seat"), description=N_("Give a side to a member (assign or replace a player)"))
    @app_commands.describe(side=N_("the side"), user=N_("the member who will play it"), reason=REASON)
    @app_commands.autocomplete(side=ac_side)
    async def seat(self, interaction: discord.Interaction[Any], side: str, user: discord.User, reason: str) -> None:
        async def name_seat(row: CampaignRow) -> None:
            client = client_of(interaction)
            role = client.service.role_named(registry.get(row.game), side)  # "Sovietico" is the soviet seat
            await client.store.set_seat(row.id, role, str(user.id), user.display_name)

        await referee_line(interaction, f"seat {side} {user.id} because {_one_line(reason)}", after=name_seat)

    @app_commands.command(name=N_("place"), description=N_("Move or place a unit on a hex"))
    @app_commands.describe(unit=N_("the unit"), label=N_("the hex"), reason=REASON)
    @app_commands.rename(label=N_("hex"))
    @app_commands.autocomplete(unit=ac_unit)
    async def place(self, interaction: discord.Interaction[Any], unit: str, label: str, reason: str) -> None:
        await referee_line(interaction, f"place {unit} {label} because {_one_line(reason)}")

    @app_commands.command(name=N_("remove"), description=N_("Remove a unit from the map"))
    @app_commands.describe(unit=N_("the unit"), reason=REASON)
    @app_commands.autocomplete(unit=ac_unit)
    async def remove(self, interaction: discord.Interaction[Any], unit: str, reason: str) -> None:
        await referee_line(interaction, f"remove {unit} because {_one_line(reason)}")

    @app_commands.command(name=N_("override"), description=N_("Any engine override: KIND ARGS (see the game's referee kinds)"))
    @app_commands.describe(kind=N_("e.g. set, step, mark, weather, phase"), args=N_("its arguments"), reason=REASON)
    @app_commands.autocomplete(kind=ac_override)
    async def override(self, interaction: discord.Interaction[Any], kind: str, reason: str, args: str = "") -> None:
        await referee_line(interaction, f"{_one_line(kind)} {_one_line(args)} because {_one_line(reason)}")

    @app_commands.command(name=N_("grant-undo"), description=N_("Let a side take back one more order across a barrier"))
    @app_commands.describe(side=N_("the side"), reason=REASON)
    @app_commands.autocomplete(side=ac_side)
    async def grant_undo(self, interaction: discord.Interaction[Any], side: str, reason: str) -> None:
        await referee_line(interaction, f"grant-undo {side} because {_one_line(reason)}")

    @app_commands.command(name=N_("rewind"), description=N_("Rewind the campaign to a record of its history (0: the start)"))
    @app_commands.describe(record=N_("the record number (see /adjutant history)"), reason=REASON)
    async def rewind(self, interaction: discord.Interaction[Any], record: app_commands.Range[int, 0], reason: str) -> None:
        await referee_line(interaction, f"rewind {record} because {_one_line(reason)}")

    @app_commands.command(name=N_("pause"), description=N_("Pause the campaign: no orders until resumed"))
    @app_commands.describe(reason=REASON)
    async def pause(self, interaction: discord.Interaction[Any], reason: str) -> None:
        await referee_line(interaction, f"pause because {_one_line(reason)}")

    @app_commands.command(name=N_("resume"), description=N_("Resume a paused campaign"))
    @app_commands.describe(reason=REASON)
    async def resume(self, interaction: discord.Interaction[Any], reason: str) -> None:
        await referee_line(interaction, f"resume because {_one_line(reason)}")

    @app_commands.command(name=N_("deadline"), description=N_("A deadline for every decision, with reminders; 0 hours removes them"))
    @app_commands.describe(
        hours=N_("hours per decision (0: no deadlines)"), reason=REASON, reminders=N_("hours before the deadline, e.g. 24,2"),
        then=N_("when a deadline passes: apply the decision's default, or let the referees decide"),
    )
    @app_commands.choices(then=[app_commands.Choice(name=N_("apply the default"), value="default"), app_commands.Choice(name=N_("referees decide"), value="referee")])
    async def deadline(
        self, interaction: discord.Interaction[Any], hours: app_commands.Range[float, 0, 2160], reason: str,
        reminders: str = "24,2", then: str = "default",
    ) -> None:
        if hours == 0:
            await referee_line(interaction, f"deadline off because {_one_line(reason)}")
            return
        await referee_line(interaction, f"deadline {hours:g} remind {_one_line(reminders)} {then} because {_one_line(reason)}")

    @app_commands.command(name=N_("position"), description=N_("Load a position file (as /ref export writes): the campaign continues from it"))
    @app_commands.describe(file=N_("the position file (JSON)"), reason=REASON)
    async def position(self, interaction: discord.Interaction[Any], file: discord.Attachment, reason: str) -> None:
        await load_position(interaction, file, reason)

    @app_commands.command(name=N_("export"), description=N_("The whole position as a file, for you alone (it holds every hand)"))
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await export_position(interaction)

    @app_commands.command(name=N_("campaign-export"), description=N_("The whole campaign as a file, for you alone (import it elsewhere, audit its rolls)"))
    @app_commands.describe(passphrase=N_("seals the private part (hands, seed) so the file imports; without it, the public part only"))
    async def campaign_export(self, interaction: discord.Interaction[Any], passphrase: str = "") -> None:
        row = await _referee_here(interaction)
        if row is None:
            return
        await export_file(interaction, row, passphrase)

    @app_commands.command(name=N_("appoint"), description=N_("Make a member a referee of this campaign"))
    @app_commands.describe(user=N_("the new referee"))
    async def appoint(self, interaction: discord.Interaction[Any], user: discord.User) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        if not await client.is_referee(row, interaction):
            await answer(interaction, client.tr(t("Sorry, only a referee of campaign {name} may do that.", name=row.name)))
            return
        await client.store.add_referee(row.id, str(user.id))
        text = client.tr(t("{by} appointed {user} referee of campaign {name}.", by=interaction.user.display_name,
                           user=user.display_name, name=row.name))
        await answer(interaction, text, ephemeral=False)

    @app_commands.command(name=N_("private-posts"), description=N_("Where players receive their private posts: direct messages, a private thread per seat, or both"))
    @app_commands.describe(where=N_("direct messages, a private thread per seat in this channel, or both"))
    @app_commands.choices(where=[
        app_commands.Choice(name=N_("direct messages"), value="dm"),
        app_commands.Choice(name=N_("a private thread per seat"), value="thread"),
        app_commands.Choice(name=N_("both"), value="both"),
    ])
    async def private_posts(self, interaction: discord.Interaction[Any], where: str) -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        if not await client.is_referee(row, interaction):
            await answer(interaction, client.tr(t("Sorry, only a referee of campaign {name} may do that.", name=row.name)))
            return
        if where != "dm" and not isinstance(interaction.channel, discord.TextChannel):
            await answer(interaction, client.tr(t(
                "Private threads need a text channel: this campaign lives in a thread or a forum post. Its private posts stay direct messages.",
            )))
            return
        await client.store.set_private_posts(row.id, where)
        said = {
            "dm": t("Private posts of campaign {name} now go by direct message.", name=row.name),
            "thread": t("Private posts of campaign {name} now go to a private thread per seat, opened at each seat's next private post (its player and the referees only).", name=row.name),
            "both": t("Private posts of campaign {name} now go by direct message and to a private thread per seat (its player and the referees only).", name=row.name),
        }[where]
        await answer(interaction, client.tr(said), ephemeral=False)

    @app_commands.command(name=N_("end"), description=N_("End the campaign and archive it: no more orders, history kept"))
    @app_commands.describe(reason=REASON, confirm=N_("the campaign's name, to confirm"))
    async def end(self, interaction: discord.Interaction[Any], reason: str, confirm: str = "") -> None:
        client = client_of(interaction)
        row = await campaign_here(interaction)
        if row is None:
            return
        if confirm.strip() != row.name:
            if not await client.may_referee(row, interaction):
                await answer(interaction, client.tr(t(
                    "Sorry, only a referee of campaign {name} may do that (referees hold the '{role}' role "
                    "or the Manage Server permission).", name=row.name, role=client.settings.referee_role,
                )))
                return
            await answer(interaction, client.tr(t(
                "Ending a campaign cannot be undone. To end and archive it, run /ref end again with confirm: {name}",
                name=row.name,
            )))
            return
        await referee_line(interaction, f"end because {_one_line(reason)}")
