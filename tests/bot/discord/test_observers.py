"""/adjutant observe through the fake Discord."""

from __future__ import annotations

from tests.bot.discord.conftest import Harness

FAIL = "\u2717"


async def test_observe_announces_and_lists_the_observer(discord_env: Harness):
    """The observer is announced in the channel and listed by /adjutant seats."""
    h = discord_env
    await h.create()
    post = await h.post_after(h.channel, h.server.slash(h.stranger, h.channel, "adjutant observe"))
    assert "Xavier now observes" in post.content
    seats = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant seats"))
    assert f"Observers: <@{h.stranger.id}>" in seats.text


async def test_an_observer_gets_the_public_view_and_no_hand(discord_env: Harness):
    """An observer's /adjutant hand is refused like any seatless user's; nothing comes by DM."""
    h = discord_env
    await h.create()
    await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant observe"))
    it = await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant hand"))
    assert "no seat" in it.text and h.server.dms(h.stranger) == []


async def test_an_observer_is_refused_a_seat_until_they_stop(discord_env: Harness):
    """Join is refused while observing; after /adjutant observe stop it works."""
    h = discord_env
    await h.create(seat=False)
    await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant observe"))
    refused = await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant join", side="red"))
    assert FAIL in refused.text and "observers hold no seat" in refused.text
    await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant observe", stop=True))
    joined = await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant join", side="red"))
    assert "Xavier now plays Red" in joined.text
