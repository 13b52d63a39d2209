"""Deadlines and reminders through the fake Discord, with a fake clock: the prompt shows the
deadline as a Discord timestamp, reminders ping in the channel and by DM, a passed deadline
applies the decision's default."""

from __future__ import annotations

import re

from tests.bot.discord.conftest import Harness

HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def clocked(h: Harness) -> Clock:
    """A duel with a 48-hour deadline reminded at 24 and 2 hours, set by '/ref deadline', on a fake clock."""
    clock = Clock()
    h.service.clock = clock
    await h.create()
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref deadline", hours=48, reason="one turn every two days"))
    return clock


async def tick(h: Harness) -> None:
    """What the client's clock loop does every minute: the service's tick, then delivery."""
    await h.service.tick()
    h.client.delivery.wake()
    await h.server.settle()


async def test_the_prompt_shows_the_deadline_as_a_discord_timestamp(discord_env: Harness):
    """After red's order the 'Waiting for' line carries red's deadline as <t:...:f>, read in each reader's time zone."""
    h = discord_env
    clock = await clocked(h)
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    assert f"<t:{int(clock.now + 48 * HOUR)}:f>" in post.text


async def test_a_reminder_pings_the_player_in_the_channel_and_by_dm_once(discord_env: Harness):
    """25 hours on, red is reminded in the channel (mentioned) and by DM; a second tick says nothing more."""
    h = discord_env
    clock = await clocked(h)
    await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0102"))
    before, dms = len(h.server.from_bot(h.channel)), len(h.server.dms(h.red))
    clock.now += 25 * HOUR
    await tick(h)
    reminder = await h.server.next_post(h.channel, before)
    assert "Reminder: Red" in reminder.text and [int(u["id"]) for u in reminder.payload["mentions"]] == [h.red.id]
    assert re.search(r"<t:\d+:R>|<t:\d+:f>", reminder.text)
    private = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the reminder by DM")
    assert "Reminder" in private[0].text
    count = len(h.server.from_bot(h.channel))
    await tick(h)
    assert len(h.server.from_bot(h.channel)) == count


async def test_a_passed_deadline_applies_the_default_in_the_channel(discord_env: Harness):
    """49 hours on, red's default is applied as an ordinary order and said to be so; blue is handed the turn."""
    h = discord_env
    clock = await clocked(h)
    before = len(h.server.from_bot(h.channel))
    clock.now += 49 * HOUR
    await tick(h)
    posts = await h.server.wait_until(
        lambda: [m for m in h.server.from_bot(h.channel)[before:] if "after the deadline" in m.text], what="the default applied",
    )
    assert h.blue.id in [int(u["id"]) for m in h.server.from_bot(h.channel)[before:] for u in m.payload["mentions"]]
    assert (await h.service.match(await h.store.campaign_by_channel(str(h.channel)))).active() == {"blue"}
    assert posts
