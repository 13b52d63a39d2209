"""Positions on Discord: '/ref position' loads an attached file, '/ref export' answers with one."""

from __future__ import annotations

import json

from engine import registry
from engine.kernel import Match
from tests.bot.discord.conftest import Harness
from tests.bot.discord.fake_discord.payloads import Upload
from tests.harness import walk

OK, FAIL = "\u2713", "\u2717"


def table_position() -> Match:
    """A duel some orders into the game: the position a group brings to the bot."""
    game = registry.get("duel")
    return walk(Match.new(game, "basic", game.options, "table"), 20, "table")


async def test_a_referee_loads_an_attached_position(discord_env: Harness):
    """The file becomes the campaign's position, announced in the channel with the reason."""
    h = discord_env
    row = await h.create()
    source = table_position()
    upload = Upload("table.position.json", source.export_position().encode())
    post = await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref position", file=upload, reason="moving our table game"))
    assert post.content.startswith(f"{OK} referee: position") and "Reason: moving our table game" in post.content
    assert (await h.service.match(row)).hash() == source.hash()


async def test_a_bad_attached_position_is_refused_privately(discord_env: Harness):
    """A file with a unit off the map is refused to the referee alone, naming the hex; nothing changes."""
    h = discord_env
    row = await h.create()
    before = (await h.service.match(row)).hash()
    doc = json.loads(table_position().export_position())
    doc["state"]["units"]["r1"]["hex"] = "0909"
    upload = Upload("bad.json", json.dumps(doc).encode())
    it = await h.server.answered(await h.server.slash(h.ref, h.channel, "ref position", file=upload, reason="test"))
    assert it.messages()[0].ephemeral and FAIL in it.text and "hex 0909" in it.text
    assert (await h.service.match(row)).hash() == before


async def test_a_file_that_is_not_text_is_refused(discord_env: Harness):
    """Bytes that are not UTF-8 are refused with the file's name."""
    h = discord_env
    await h.create()
    it = await h.server.answered(await h.server.slash(h.ref, h.channel, "ref position", file=Upload("map.png", b"\x89PNG\xff"), reason="x"))
    assert FAIL in it.text and "map.png is not UTF-8 text" in it.text


async def test_export_answers_the_referee_with_the_file(discord_env: Harness):
    """'/ref export' attaches the position file to a private answer; the file loads back."""
    h = discord_env
    row = await h.create()
    it = await h.server.answered(await h.server.slash(h.ref, h.channel, "ref export"))
    answer = it.messages()[-1]
    assert answer.ephemeral and answer.attachments[0]["filename"] == f"{row.name}-0.position.json"
    assert answer.files[0].decode() == (await h.service.match(row)).export_position()


async def test_a_player_cannot_export(discord_env: Harness):
    """The file holds every hand: a player is refused."""
    h = discord_env
    await h.create()
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "ref export"))
    assert it.text.startswith("Sorry, only a referee") and not it.messages()[0].attachments
