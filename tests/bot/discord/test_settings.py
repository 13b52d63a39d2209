"""/adjutant settings: a player pinged by DM instead of in the channel."""

from __future__ import annotations

from tests.bot.discord.conftest import Harness

OK = "\u2713"


def turn_dms(h: Harness, user) -> list[str]:
    return [m.content for m in h.server.dms(user) if m.content.startswith("Your turn")]


async def test_settings_shows_and_changes_how_one_is_pinged(discord_env: Harness):
    """Without options the setting is shown; 'ping: dm' stores it for the user."""
    h = discord_env
    shown = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant settings"))
    assert "mention in the campaign channel" in shown.text and shown.messages()[0].ephemeral
    changed = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant settings", ping="dm"))
    assert "by direct message" in changed.text
    assert await h.store.ping_by_dm(str(h.blue.id)) and not await h.store.ping_by_dm(str(h.red.id))


async def test_a_player_who_asked_is_pinged_by_dm_not_in_the_channel(discord_env: Harness):
    """The post handing blue the turn mentions nobody; blue gets one DM naming the campaign, with a link to the post."""
    h = discord_env
    row = await h.create()
    await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant settings", ping="dm"))
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "end"))
    assert post.content.startswith(f"{OK} end") and "<@" not in post.content and post.payload["mentions"] == []
    dms = await h.server.wait_until(lambda: turn_dms(h, h.blue), what="the DM ping")
    assert len(dms) == 1 and row.name in dms[0] and f"/{h.channel}/{post.id}" in dms[0]


async def test_back_to_channel_pings(discord_env: Harness):
    """'ping: channel' restores the mention in the channel and no DM is sent."""
    h = discord_env
    await h.create()
    await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant settings", ping="dm"))
    await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant settings", ping="channel"))
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "end"))
    await h.server.settle()
    assert post.content.endswith(f"<@{h.blue.id}>") and turn_dms(h, h.blue) == []


async def test_a_closed_dm_loses_no_post(discord_env: Harness):
    """A DM ping refused (DMs closed) is logged; the post in the channel is delivered all the same."""
    h = discord_env
    row = await h.create()
    await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant settings", ping="dm"))
    h.blue.dms_open = False
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "end"))
    assert post.content.startswith(f"{OK} end")
    await h.server.settle()
    assert await h.store.pending(row.id) == []
