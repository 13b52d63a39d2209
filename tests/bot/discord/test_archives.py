"""A whole campaign as a file on Discord: '/ref campaign-export' and '/adjutant import'."""

from __future__ import annotations

import json

from tests.bot.discord.conftest import Harness
from tests.bot.discord.fake_discord.payloads import Upload

FAIL = "\u2717"
PHRASE = "correct horse battery"


async def exported(h: Harness, passphrase: str = PHRASE) -> tuple[str, bytes]:
    """A few orders into a duel, then the referee's export: (file name, bytes)."""
    for line in ("move r1 0102", "draw", "end"):
        await h.post_after(h.channel, h.server.say(h.red, h.channel, line))
    it = await h.server.answered(await h.server.slash(h.ref, h.channel, "ref campaign-export", passphrase=passphrase))
    answer = it.messages()[-1]
    assert answer.ephemeral and answer.attachments
    return answer.attachments[0]["filename"], answer.files[0]


async def test_an_exported_campaign_imports_into_another_channel_to_the_same_hashes(discord_env: Harness):
    """Export with a passphrase, import in a new channel: the same position, the importer a referee."""
    h = discord_env
    row = await h.create()
    name, data = await exported(h)
    assert name == f"{row.name}.campaign.json" and json.loads(data)["sealed"]
    elsewhere = await h.server.open_channel("imported")
    post = await h.post_after(elsewhere, h.server.slash(
        h.ref, elsewhere, "adjutant import", file=Upload(name, data), passphrase=PHRASE, name="copy",
    ))
    assert "imported campaign copy" in post.text and "replayed to its hashes" in post.text  # announced in the channel
    copy = await h.store.campaign_by_channel(str(elsewhere))
    assert copy is not None and copy.name == "copy"
    assert (await h.service.match(copy)).hash() == (await h.service.match(row)).hash()
    assert await h.service.is_referee(copy, str(h.ref.id))
    await h.server.say(h.blue, elsewhere, "move b1 0504")  # the seats came with the file
    await h.server.wait_until(
        lambda: any(m.text.startswith("\u2713 move b1 0504") for m in h.server.from_bot(elsewhere)), what="blue's order answered",
    )


async def test_a_public_export_reads_but_does_not_import(discord_env: Harness):
    """Without a passphrase the file has no private part: an import is refused, saying why."""
    h = discord_env
    await h.create()
    name, data = await exported(h, passphrase="")
    doc = json.loads(data)
    assert "sealed" not in doc and doc["log"]
    elsewhere = await h.server.open_channel("imported")
    it = await h.server.answered(await h.server.slash(h.ref, elsewhere, "adjutant import", file=Upload(name, data), passphrase=PHRASE))
    assert it.messages()[0].ephemeral and FAIL in it.text and "can be read and audited, not imported" in it.text


async def test_an_import_with_the_wrong_passphrase_or_into_a_busy_channel_is_refused(discord_env: Harness):
    """A wrong passphrase, a channel that already hosts a campaign, a file that is not JSON: each refused."""
    h = discord_env
    await h.create()
    name, data = await exported(h)
    elsewhere = await h.server.open_channel("imported")
    wrong = await h.server.answered(await h.server.slash(h.ref, elsewhere, "adjutant import", file=Upload(name, data), passphrase="not the phrase"))
    assert "passphrase is wrong" in wrong.text
    busy = await h.server.answered(await h.server.slash(h.ref, h.channel, "adjutant import", file=Upload(name, data), passphrase=PHRASE))
    assert "already hosts campaign" in busy.text
    junk = await h.server.answered(await h.server.slash(h.ref, elsewhere, "adjutant import", file=Upload("x.json", b"{not json"), passphrase=PHRASE))
    assert "x.json is not a campaign export" in junk.text
    assert await h.store.campaign_by_channel(str(elsewhere)) is None


async def test_only_a_referee_exports_and_a_short_passphrase_is_refused(discord_env: Harness):
    """A player is refused the export (it holds every hand); a passphrase under 8 characters is refused."""
    h = discord_env
    await h.create()
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "ref campaign-export", passphrase=PHRASE))
    assert it.text.startswith("Sorry, only a referee") and not it.messages()[0].attachments
    short = await h.server.answered(await h.server.slash(h.ref, h.channel, "ref campaign-export", passphrase="short"))
    assert "at least 8 characters" in short.text and not short.messages()[-1].attachments


async def test_an_export_saved_with_a_byte_order_mark_imports(discord_env: Harness):
    """An export saved again by Windows Notepad (a UTF-8 byte order mark first) imports like the file the bot wrote."""
    h = discord_env
    await h.create()
    name, data = await exported(h)
    elsewhere = await h.server.open_channel("imported")
    it = await h.server.answered(await h.server.slash(
        h.ref, elsewhere, "adjutant import", file=Upload(name, "\ufeff".encode() + data), passphrase=PHRASE, name="copy",
    ))
    assert FAIL not in it.text, it.text
    assert await h.store.campaign_by_channel(str(elsewhere)) is not None
