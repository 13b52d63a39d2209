"""/adjutant campaigns and /ref end through the fake Discord: listing, ending, archiving."""

from __future__ import annotations

from tests.bot.discord.conftest import Harness

FAIL = "\u2717"


async def test_campaigns_lists_game_channel_status_and_whom_it_waits_for(discord_env: Harness):
    """Each campaign of the server: its name, game, channel link, status line and the waited-for players."""
    h = discord_env
    row = await h.create()
    it = await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant campaigns"))
    line = next(line for line in it.text.splitlines() if row.name in line)
    assert it.messages()[0].ephemeral
    assert f"<#{h.channel}>" in line and "Duel" in line
    assert "Waiting for" in line and f"Red (<@{h.red.id}>)" in line


async def test_campaigns_finds_a_campaign_stored_before_servers_were_recorded(discord_env: Harness):
    """A campaign without a stored server is listed when its channel is one of this server's, and only then."""
    h = discord_env
    here, _ = await h.service.create("old-here", "duel", channel=str(h.channel))
    await h.service.create("old-elsewhere", "duel", channel="42")
    it = await h.server.answered(await h.server.slash(h.ref, h.channel, "adjutant campaigns"))
    assert "old-here" in it.text and "old-elsewhere" not in it.text
    assert (await h.store.campaign(here.id)).guild == str(h.server.guild_id)


async def test_campaigns_says_when_the_server_has_none(discord_env: Harness):
    """An empty server gets a sentence saying how to start, not an empty message."""
    h = discord_env
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant campaigns"))
    assert "No campaign" in it.text and "/adjutant create" in it.text


async def test_ref_end_asks_for_confirmation_first(discord_env: Harness):
    """Without the campaign's name as confirmation nothing is ended; the answer says what to type."""
    h = discord_env
    row = await h.create()
    it = await h.server.answered(await h.server.slash(h.ref, h.channel, "ref end", reason="draw agreed"))
    assert it.messages()[0].ephemeral and f"confirm: {row.name}" in it.text
    assert not (await h.store.campaign(row.id)).archived


async def test_ref_end_archives_and_orders_are_refused_as_archived(discord_env: Harness):
    """Ended with confirmation: announced, a typed order is refused saying it is archived, the status still reads."""
    h = discord_env
    row = await h.create()
    post = await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref end", reason="draw agreed", confirm=row.name))
    assert "archived" in post.content and "draw agreed" in post.content
    refusal = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    assert refusal.content.startswith(FAIL) and "archived" in refusal.content
    status = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant status"))
    assert FAIL not in status.text and "Waiting for" in status.text
    history = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant history"))
    assert FAIL not in history.text
    listed = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant campaigns"))
    assert "archived" in next(line for line in listed.text.splitlines() if row.name in line)


async def test_ref_end_is_refused_to_a_player(discord_env: Harness):
    """A player (even with the right confirmation) cannot end the campaign."""
    h = discord_env
    row = await h.create()
    for confirm in ("", row.name):
        it = await h.server.answered(await h.server.slash(h.red, h.channel, "ref end", reason="losing", confirm=confirm))
        assert it.text.startswith("Sorry, only a referee"), it.text
    assert not (await h.store.campaign(row.id)).archived


async def test_an_archived_campaign_offers_no_join(discord_env: Harness):
    """Joining an archived campaign is refused with the archive's explanation."""
    h = discord_env
    row = await h.create(seat=False)
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref end", reason="abandoned", confirm=row.name))
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant join", side="red"))
    assert FAIL in it.text and "archived" in it.text


async def test_after_the_end_players_chat_without_refusals(discord_env: Harness):
    """In an archived campaign a message that is not an order ('good game') gets no refusal."""
    h = discord_env
    row = await h.create()
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref end", reason="draw agreed", confirm=row.name))
    before = len(h.server.from_bot(h.channel))
    await h.server.say(h.red, h.channel, "good game, well played")
    refusal = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    assert "archived" in refusal.content
    assert len(h.server.from_bot(h.channel)) == before + 1


async def test_after_the_end_a_read_typed_in_italian_is_answered(discord_env: Harness):
    """In an archived campaign 'stato' is read like 'status' (answered), not taken for chat and ignored."""
    h = discord_env
    row = await h.create(language="it")
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref end", reason="patta", confirm=row.name))
    status = await h.post_after(h.channel, h.server.say(h.red, h.channel, "stato"))
    assert FAIL not in status.content and "Turno 1" in status.content, status.content


async def test_campaigns_lists_each_status_in_the_readers_language(discord_env: Harness):
    """An Italian reader reads each campaign's status line and the sides it waits for in Italian, like the rest of the list."""
    h = discord_env
    h.service.renderer = None  # the harness's tiny map draws the duel's counters only
    await h.create("caucasus", seat=False)
    h.stranger.locale = "it"
    it = await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant campaigns"))
    assert "La Campagna del Caucaso, campagna: turno 1" in it.text and "Weather" not in it.text, it.text
    assert "In attesa di: Asse (" in it.text, it.text
