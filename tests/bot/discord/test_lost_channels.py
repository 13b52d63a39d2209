"""A campaign whose channel is deleted is marked and reported to its referees, never a crash."""

from __future__ import annotations

from tests.bot.discord.conftest import Harness
from tests.bot.discord.fake_discord import PUBLIC_THREAD

OK = "\u2713"


async def test_a_deleted_channel_marks_its_campaign_and_tells_the_referee(discord_env: Harness):
    """CHANNEL_DELETE: the campaign is marked as lost and its referee told by DM, naming it."""
    h = discord_env
    row = await h.create()
    await h.server.remove_channel(h.channel)
    told = await h.server.wait_until(lambda: [m for m in h.server.dms(h.ref) if "was deleted" in m.content], what="the report")
    assert row.name in told[0].content
    assert (await h.store.campaign(row.id)).channel_lost


async def test_the_bot_goes_on_after_a_channel_is_deleted(discord_env: Harness):
    """Another campaign keeps taking orders after one campaign's channel is gone."""
    h = discord_env
    await h.create()
    other = await h.server.open_channel("second")
    await h.create(channel=other)
    await h.server.remove_channel(h.channel)
    post = await h.post_after(other, h.server.say(h.red, other, "move r1 0102"))
    assert post.content.startswith(f"{OK} move r1 0102")


async def test_a_deleted_thread_marks_its_campaign(discord_env: Harness):
    """THREAD_DELETE of a campaign's thread marks it too."""
    h = discord_env
    thread = await h.server.open_channel("duel-thread", PUBLIC_THREAD, parent=h.channel)
    row = await h.create(channel=thread)
    await h.server.remove_channel(thread)
    await h.server.wait_until(lambda: [m for m in h.server.dms(h.ref) if "was deleted" in m.content], what="the report")
    assert (await h.store.campaign(row.id)).channel_lost


async def test_a_channel_deleted_while_away_is_found_at_start_up(discord_env: Harness):
    """At start-up the channel's 404 marks the campaign and tells the referee, once."""
    h = discord_env
    row = await h.create()
    await h.stop()
    await h.server.remove_channel(h.channel, announce=False)
    await h.start()
    await h.server.wait_until(lambda: [m for m in h.server.dms(h.ref) if "was deleted" in m.content], what="the report")
    assert (await h.store.campaign(row.id)).channel_lost
    await h.restart()
    await h.server.settle()
    assert len([m for m in h.server.dms(h.ref) if "was deleted" in m.content]) == 1


async def test_with_referees_out_of_reach_the_system_channel_is_told(discord_env: Harness):
    """A referee who accepts no DM: the report goes to the server's system channel."""
    h = discord_env
    row = await h.create()
    system = await h.server.open_channel("system")
    h.server.system_channel = system
    await h.restart()  # the guild is read again, with its system channel
    h.ref.dms_open = False
    await h.server.remove_channel(h.channel)
    post = await h.server.next_post(system, 0)
    assert "was deleted" in post.content and row.name in post.content


async def test_campaigns_lists_a_campaign_whose_channel_was_deleted(discord_env: Harness):
    """/adjutant campaigns says which campaign lost its channel."""
    h = discord_env
    row = await h.create()
    other = await h.server.open_channel("lobby")
    await h.server.remove_channel(h.channel)
    await h.server.wait_until(lambda: [m for m in h.server.dms(h.ref) if "was deleted" in m.content], what="the report")
    it = await h.server.answered(await h.server.slash(h.red, other, "adjutant campaigns"))
    assert "channel was deleted" in next(line for line in it.text.splitlines() if row.name in line)


async def test_a_deleted_parent_channel_takes_its_thread_campaign_with_it(discord_env: Harness):
    """Deleting a channel deletes its threads without an event each: their campaigns are found and reported too."""
    h = discord_env
    thread = await h.server.open_channel("duel-thread", PUBLIC_THREAD, parent=h.channel)
    row = await h.create(channel=thread)
    await h.server.remove_channel(thread, announce=False)
    await h.server.remove_channel(h.channel)
    told = await h.server.wait_until(lambda: [m for m in h.server.dms(h.ref) if "was deleted" in m.content], what="the report")
    assert row.name in told[0].content and (await h.store.campaign(row.id)).channel_lost
