"""Team seats through the fake Discord: /adjutant team, private posts and pings to every player."""

from __future__ import annotations

from tests.bot.discord.conftest import Harness
from tests.bot.discord.fake_discord import payloads as p

OK = "\u2713"


async def test_a_teammate_added_by_the_captain_gets_the_hand_and_may_order(discord_env: Harness):
    """/adjutant team: the new teammate receives red's hand by DM at once, and orders for red."""
    h = discord_env
    row = await h.create()
    await h.server.settle()
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant team", side="red", user=h.stranger))
    assert "joins the Red team (captain: Rosa)" in it.text
    dealt = await h.server.wait_until(lambda: h.server.dms(h.stranger), what="red's hand for the teammate")
    hand = (await h.service.match(row)).state["hands"]["red"]
    assert all(card in dealt[0].text for card in hand)
    moved = await h.post_after(h.channel, h.server.say(h.stranger, h.channel, "move r1 0102"))
    assert moved.text.startswith(f"{OK} move r1 0102")
    seats = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant seats"))
    assert f"<@{h.red.id}> (captain), <@{h.stranger.id}>" in seats.text


async def test_a_teams_private_posts_and_pings_reach_every_player(discord_env: Harness):
    """After a draw both players of red read the new hand; a decision handed to red pings both."""
    h = discord_env
    row = await h.create()
    await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant team", side="red", user=h.stranger))
    await h.server.wait_until(lambda: h.server.dms(h.stranger), what="the first hand")
    red_dms, mate_dms = len(h.server.dms(h.red)), len(h.server.dms(h.stranger))
    await h.server.say(h.stranger, h.channel, "draw")
    await h.server.wait_until(lambda: h.server.dms(h.red)[red_dms:] and h.server.dms(h.stranger)[mate_dms:], what="both DMs")
    drawn = (await h.service.match(row)).state["hands"]["red"][-1]
    assert drawn in h.server.dms(h.red)[red_dms].text and drawn in h.server.dms(h.stranger)[mate_dms].text
    await h.post_after(h.channel, h.server.say(h.red, h.channel, "end"))
    handed = await h.post_after(h.channel, h.server.say(h.blue, h.channel, "end"))
    assert sorted(int(u["id"]) for u in handed.payload["mentions"]) == sorted([h.red.id, h.stranger.id])


async def test_a_team_seats_private_thread_holds_every_player(discord_env: Harness):
    """With private threads, the seat's thread has the captain, the teammate and the referee."""
    h = discord_env
    row = await h.create()
    await h.server.answered(await h.server.slash(h.ref, h.channel, "ref private-posts", where="thread"))
    await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant team", side="red", user=h.stranger))
    thread = await h.server.wait_until(
        lambda: next((c.id for c in h.server.channels.values() if c.type == p.PRIVATE_THREAD and c.name.endswith("red")), None),
        what="red's thread",
    )
    await h.server.wait_until(lambda: h.server.from_bot(thread), what="the hand in the thread")
    assert h.server.members_of[thread] == {h.red.id, h.stranger.id, h.ref.id}
    assert row.name in h.server.channels[thread].name


async def test_a_player_of_another_side_may_not_change_a_team(discord_env: Harness):
    """Blue may not add anyone to red's team: refused privately, naming the captain."""
    h = discord_env
    await h.create()
    it = await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant team", side="red", user=h.stranger))
    assert it.messages()[0].ephemeral and "Only the captain of Red (Rosa) or a referee" in it.text
