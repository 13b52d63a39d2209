"""The lobby: /adjutant create posts a Join button per free seat; a click claims it like /adjutant join."""

from __future__ import annotations

import copy

from tests.bot.discord.conftest import Harness
from tests.bot.discord.fake_discord import Interaction, Posted, User

FAIL = "\u2717"


def lobby_of(h: Harness) -> Posted:
    return next(m for m in h.server.from_bot(h.channel) if any(c.startswith("adj:j:") for c in m.custom_ids()))


def join_id(post: Posted, role: str) -> str:
    return next(c for c in post.custom_ids() if c.startswith("adj:j:") and c.endswith(f":{role}"))


async def clicked(h: Harness, user: User, post: Posted, custom_id: str) -> Interaction:
    """Click and wait for the clicker's private answer (the lobby is redrawn before it)."""
    it = await h.server.click(user, post, custom_id)
    await h.server.wait_until(lambda: it.followups, what="the answer")
    return it


async def test_create_posts_a_lobby_with_a_join_button_per_free_seat(discord_env: Harness):
    """The lobby names every seat and offers one Join button for each."""
    h = discord_env
    await h.create(seat=False)
    post = lobby_of(h)
    assert "- Red: " in post.content and "- Blue: " in post.content
    assert sorted(c.rsplit(":", 1)[1] for c in post.custom_ids()) == ["blue", "red"]


async def test_a_click_takes_the_seat_and_redraws_the_lobby(discord_env: Harness):
    """Clicking Join seats the clicker, announces it, and the lobby loses that button."""
    h = discord_env
    row = await h.create(seat=False)
    post = lobby_of(h)
    it = await clicked(h, h.red, post, join_id(post, "red"))
    assert "Rosa now plays Red" in it.text and it.followups[0].ephemeral
    assert (await h.store.seats(row.id))["red"][0] == str(h.red.id)
    assert [c.rsplit(":", 1)[1] for c in post.custom_ids()] == ["blue"]
    assert f"- Red: <@{h.red.id}>" in post.content
    await h.server.wait_until(lambda: any("Rosa now plays Red" in m.content for m in h.server.from_bot(h.channel)))


async def test_a_stale_click_on_a_taken_seat_is_refused(discord_env: Harness):
    """A click on a seat another player took meanwhile is refused, naming who holds it; the seat is unchanged."""
    h = discord_env
    row = await h.create(seat=False)
    post = lobby_of(h)
    button = join_id(post, "red")
    seen = Posted(copy.deepcopy(post.payload))  # the lobby as Bruno's screen still shows it
    await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant join", side="red"))
    it = await clicked(h, h.blue, seen, button)
    assert FAIL in it.text and "taken by Rosa" in it.text and it.followups[0].ephemeral
    assert (await h.store.seats(row.id))["red"][0] == str(h.red.id)
    assert [c.rsplit(":", 1)[1] for c in post.custom_ids()] == ["blue"]  # redrawn to the truth


async def test_a_full_lobby_has_no_buttons(discord_env: Harness):
    """Once every seat is taken through the lobby, it says so and offers no button."""
    h = discord_env
    await h.create(seat=False)
    post = lobby_of(h)
    await clicked(h, h.red, post, join_id(post, "red"))
    await clicked(h, h.blue, post, join_id(post, "blue"))
    assert post.custom_ids() == [] and "Every seat is taken" in post.content


async def test_a_lobby_click_works_after_a_restart(discord_env: Harness):
    """The Join buttons are persistent: a click after a restart still takes the seat."""
    h = discord_env
    row = await h.create(seat=False)
    post = lobby_of(h)
    await h.restart()
    it = await clicked(h, h.blue, post, join_id(post, "blue"))
    assert "Bruno now plays Blue" in it.text
    assert (await h.store.seats(row.id))["blue"][0] == str(h.blue.id)


async def test_a_click_in_an_ended_campaign_is_refused(discord_env: Harness):
    """After /ref end the lobby is closed, and a click on its old buttons is refused as archived."""
    h = discord_env
    row = await h.create(seat=False)
    post = lobby_of(h)
    seen = Posted(copy.deepcopy(post.payload))  # the lobby as Rosa's screen still shows it
    await h.server.slash(h.ref, h.channel, "ref end", reason="no players", confirm=row.name)
    await h.server.wait_until(lambda: "ended" in post.content, what="the closed lobby")
    assert post.custom_ids() == []
    it = await clicked(h, h.red, seen, join_id(seen, "red"))
    assert FAIL in it.text and "archived" in it.text
    assert await h.store.seats(row.id) == {}


async def test_the_lobby_follows_seats_taken_by_command(discord_env: Harness):
    """A seat taken with /adjutant join, or given by /ref seat, disappears from the lobby's buttons."""
    h = discord_env
    await h.create(seat=False)
    post = lobby_of(h)
    await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant join", side="red"))
    await h.server.wait_until(lambda: [c.rsplit(":", 1)[1] for c in post.custom_ids()] == ["blue"], what="the redraw")
    await h.post_after(h.channel, h.server.slash(h.ref, h.channel, "ref seat", side="blue", user=h.stranger, reason="stand-in"))
    await h.server.wait_until(lambda: post.custom_ids() == [] and "Every seat is taken" in post.content, what="the redraw")


async def test_the_lobby_of_an_italian_campaign_reads_italian(discord_env: Harness):
    """The lobby is a channel post: in an Italian campaign it reads Italian, sides and buttons too, whoever's client created it."""
    h = discord_env
    await h.create(seat=False, language="it")
    post = lobby_of(h)
    assert post.content.startswith("Posti della campagna") and "- Rosso: " in post.content, post.content
    assert "Unisciti come Blu" in str(post.payload["components"])
    await clicked(h, h.red, post, join_id(post, "red"))
    assert "Seats of campaign" not in post.content and f"- Rosso: <@{h.red.id}>" in post.content, post.content
