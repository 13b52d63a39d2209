"""Private posts in a private thread per seat (/ref private-posts), through the fake Discord."""

from __future__ import annotations

from tests.bot.discord.conftest import Harness
from tests.bot.discord.fake_discord import payloads as p


def seat_threads(h: Harness) -> dict[str, int]:
    """The private threads the bot opened, by name."""
    return {c.name: c.id for c in h.server.channels.values() if c.type == p.PRIVATE_THREAD}


async def test_private_posts_go_to_a_private_thread_per_seat_with_its_player_and_referees(discord_env: Harness):
    """'thread': a seat's hand goes to its own private thread (player and referee only), not by DM."""
    h = discord_env
    row = await h.create()
    it = await h.server.answered(await h.server.slash(h.ref, h.channel, "ref private-posts", where="thread"))
    assert "private thread per seat" in it.text
    dms = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "draw")
    threads = await h.server.wait_until(lambda: seat_threads(h).get(f"{row.name} \u00b7 red"), what="red's thread")
    hand = (await h.service.match(row)).state["hands"]["red"]
    post = await h.server.wait_until(lambda: h.server.from_bot(threads), what="the hand in the thread")
    assert all(card in post[0].text for card in hand) and "as Red" in post[0].text
    assert h.server.members_of[threads] == {h.red.id, h.ref.id}
    assert h.server.channels[threads].parent_id == h.channel
    await h.server.settle()
    assert len(h.server.dms(h.red)) == dms  # nothing by DM any more
    assert all(card not in m.text for m in h.server.from_bot(h.channel) for card in hand)
    assert f"{row.name} \u00b7 blue" not in seat_threads(h)  # opened when the seat first needs it


async def test_both_sends_a_private_post_by_dm_and_to_the_thread(discord_env: Harness):
    """'both': the same private post reaches the DM and the seat's thread."""
    h = discord_env
    row = await h.create()
    await h.server.answered(await h.server.slash(h.ref, h.channel, "ref private-posts", where="both"))
    dms = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "draw")
    thread = await h.server.wait_until(lambda: seat_threads(h).get(f"{row.name} \u00b7 red"), what="red's thread")
    drawn = (await h.service.match(row)).state["hands"]["red"][-1]
    await h.server.wait_until(lambda: h.server.from_bot(thread) and h.server.dms(h.red)[dms:], what="both copies")
    assert drawn in h.server.from_bot(thread)[0].text and drawn in h.server.dms(h.red)[dms].text


async def test_a_new_player_of_the_seat_replaces_the_old_one_in_its_thread(discord_env: Harness):
    """/ref seat gives red to another member: the next private post adds them and removes the old player."""
    h = discord_env
    row = await h.create()
    await h.server.answered(await h.server.slash(h.ref, h.channel, "ref private-posts", where="thread"))
    await h.server.say(h.red, h.channel, "draw")
    thread = await h.server.wait_until(lambda: seat_threads(h).get(f"{row.name} \u00b7 red"), what="red's thread")
    await h.server.wait_until(lambda: h.server.from_bot(thread), what="the first post")
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref seat", side="red", user=h.stranger, reason="Rosa left"))
    before = len(h.server.from_bot(thread))
    await h.server.say(h.stranger, h.channel, "hand")
    await h.server.wait_until(lambda: h.server.from_bot(thread)[before:], what="the hand for the new player")
    assert h.server.members_of[thread] == {h.stranger.id, h.ref.id}


async def test_a_deleted_thread_is_opened_again(discord_env: Harness):
    """A seat's thread deleted by a moderator: the next private post opens a new one."""
    h = discord_env
    row = await h.create()
    await h.server.answered(await h.server.slash(h.ref, h.channel, "ref private-posts", where="thread"))
    await h.server.say(h.red, h.channel, "hand")
    first = await h.server.wait_until(lambda: seat_threads(h).get(f"{row.name} \u00b7 red"), what="red's thread")
    await h.server.wait_until(lambda: h.server.from_bot(first), what="the hand")
    await h.server.remove_channel(first)
    await h.server.say(h.red, h.channel, "hand")
    second = await h.server.wait_until(lambda: seat_threads(h).get(f"{row.name} \u00b7 red"), what="a new thread")
    assert second != first
    await h.server.wait_until(lambda: h.server.from_bot(second), what="the hand in the new thread")


async def test_without_the_permission_private_posts_fall_back_to_direct_messages(discord_env: Harness):
    """The bot may not open private threads: the hand still arrives, by DM."""
    h = discord_env
    await h.create()
    await h.server.answered(await h.server.slash(h.ref, h.channel, "ref private-posts", where="thread"))
    h.server.thread_creating = False
    dms = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "hand")
    await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the hand by DM")
    assert seat_threads(h) == {}


async def test_only_a_referee_chooses_where_private_posts_go(discord_env: Harness):
    """A player may not switch the campaign to threads."""
    h = discord_env
    row = await h.create()
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "ref private-posts", where="thread"))
    assert "only a referee" in it.text
    assert (await h.store.campaign(row.id)).private_posts == "dm"
