"""A whole campaign as a file on Discord: ``/ref campaign-export`` answers a referee with the
campaign's export (the same document as ``adjutant export``: its public log, and with a
passphrase its sealed private part), and ``/adjutant import`` makes a campaign of this channel
from such a file, replayed to its hashes (``bot.exchange``)."""

from __future__ import annotations

import io
import json
import uuid
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.interact import answer, client_of
from bot.exchange import ExchangeError, export_campaign, import_campaign
from bot.i18n import render
from bot.replies import PUBLIC, Reply
from bot.service import FAIL
from engine.text import t

if TYPE_CHECKING:
    from bot.store import CampaignRow

#: The largest campaign file read from an attachment (a long campaign's export is a few MB).
MAX_BYTES = 25_000_000
MIN_PASSPHRASE = 8


async def export_file(interaction: discord.Interaction[Any], row: CampaignRow, passphrase: str) -> None:
    """Answer the referee (alone) with the campaign's export; without a passphrase its public part only."""
    client = client_of(interaction)
    if passphrase and len(passphrase) < MIN_PASSPHRASE:
        short = client.tr(t("The passphrase is too short: use at least {n} characters.", n=MIN_PASSPHRASE))
        await answer(interaction, f"{FAIL} {short}")
        return
    doc = await export_campaign(client.store, row, passphrase or None)
    data = (json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    attached = discord.File(io.BytesIO(data), filename=f"{row.name}.campaign.json")
    if passphrase:
        said = t("Campaign {name} as a file, with its private part sealed by your passphrase: import it with /adjutant import or 'adjutant import'.", name=row.name)
    else:
        said = t("Campaign {name} as a file, its public part only (no passphrase given): it reads and audits, but does not import.", name=row.name)
    await answer(interaction, client.tr(said), file=attached)


async def import_file(
    interaction: discord.Interaction[Any], file: discord.Attachment, passphrase: str, name: str | None,
) -> None:
    """Make the file's campaign this channel's, its importer a referee; refused with the reason."""
    client = client_of(interaction)
    assert interaction.channel_id is not None and interaction.guild is not None
    refusal = None
    doc: Any = None
    if file.size > MAX_BYTES:
        refusal = t("The file is too large ({n} bytes; at most {most}).", n=file.size, most=MAX_BYTES)
    else:
        try:
            doc = json.loads((await file.read()).decode("utf-8-sig"))  # "-sig": a byte order mark (Notepad) is no part of it
        except (ValueError, RecursionError):  # not UTF-8, not JSON, nested too deeply, an endless number
            refusal = t("{path} is not a campaign export.", path=file.filename)
        except discord.HTTPException:
            refusal = t("The attached file could not be fetched from Discord; attach it again.")
    if refusal is None and not isinstance(doc, dict):
        refusal = t("{path} is not a campaign export.", path=file.filename)
    if refusal is not None:
        await answer(interaction, f"{FAIL} {client.tr(refusal)}")
        return
    async with client.creating(interaction.channel_id):
        existing = await client.campaign_in(interaction.channel_id)
        if existing is not None:
            await answer(interaction, client.tr(t(
                "This channel already hosts campaign {name}; start a thread for another one.", name=existing.name
            )))
            return
        try:
            done = await import_campaign(client.store, doc, passphrase, name or None)
        except ExchangeError as exc:
            await answer(interaction, f"{FAIL} {client.tr(exc.message)}")
            return
        await client.store.attach_channel(done.row.id, str(interaction.channel_id), str(interaction.guild.id))
        await client.store.add_referee(done.row.id, str(interaction.user.id))
    said = t(
        "{user} imported campaign {name} ({game}, {n} records, replayed to its hashes) into this channel.",
        user=interaction.user.display_name, name=done.row.name, game=done.row.game, n=done.records,
    )
    # Announced in the channel through the outbox (in the campaign's language), like any reply.
    announcement = Reply(PUBLIC, render(said, done.row.language), batch=uuid.uuid4().hex)
    await client.store.commit_step(done.row.id, [], [(announcement.to, announcement.payload(), None)])
    async with client.gate(done.row.id):
        await client.delivery.flush(done.row.id)
    await answer(interaction, client.tr(said))
