"""Hostile players on Discord in the three newest games (Combat Commander, Schwerpunkt, Across
the Bug River), through the fake Discord: mentions typed into orders and reasons never ping
anybody, a player cannot act as a referee or for the other seat, and autocompletion offers
nothing of a seat the user does not hold nor the referee's view to a player."""

from __future__ import annotations

import re

import pytest

from bot.discord.client import by_role
from tests.bot.discord.conftest import Harness
from tests.bot.discord.fake_discord.payloads import Upload
from tests.bot.discord.newgames import FAIL, OK, create_seated

NEW_GAMES = ("combat_commander", "schwerpunkt", "across-the-bug-river")


@pytest.mark.parametrize("game", NEW_GAMES)
async def test_mentions_typed_into_orders_and_reasons_ping_nobody(discord_env: Harness, game: str):
    """'@everyone', '@here' and a role's mention in orders, unit names and a referee's reason are echoed without a ping."""
    h = discord_env
    row, seats = await create_seated(h, game)
    referee_role = next(r for r in h.server.roles.values() if r.name == "Referee")
    role, user = next(iter(seats.items()))
    ping = f"@everyone @here <@&{referee_role.id}>"
    await h.server.say(user, h.channel, f"move {ping} 1234")
    await h.server.say(user, h.channel, f"{ping}")
    await h.server.say(user, h.channel, f"status {ping}")
    it = await h.server.slash(h.ref, h.channel, "ref place", unit="@everyone", hex=f"<@&{referee_role.id}>", reason=ping)
    await h.server.answered(it)
    it = await h.server.slash(h.ref, h.channel, "ref override", kind="vp", args="@here", reason=ping)
    await h.server.answered(it)
    await h.server.settle()
    posts = [m for m in h.server.messages if m.author_id == h.server.app_id]
    assert posts, "the bot answered nothing"
    assert any(ping in m.text or "@everyone" in m.text for m in posts), "the mentions were not echoed at all"
    pinging = [m.text[:120] for m in posts if m.payload.get("mention_everyone") or m.payload.get("mention_roles")]
    assert pinging == []


@pytest.mark.parametrize("game", NEW_GAMES)
async def test_a_player_cannot_use_referee_commands(discord_env: Harness, game: str):
    """A seated player's '/ref pause' and '/ref override' are refused, and the campaign takes orders as before."""
    h = discord_env
    row, seats = await create_seated(h, game)
    role, user = next(iter(seats.items()))
    before = (await h.service.match(row)).hash()
    for path, values in (("ref pause", {"reason": "I say so"}), ("ref override", {"kind": "vp", "args": "99", "reason": "x"})):
        it = await h.server.answered(await h.server.slash(user, h.channel, path, **values))
        assert "referee" in it.text.casefold(), it.text
    fresh = await h.store.campaign(row.id)
    assert fresh is not None and fresh.status != "paused"
    assert (await h.service.match(fresh)).hash() == before


@pytest.mark.parametrize("game", NEW_GAMES)
async def test_a_player_cannot_order_for_the_other_seat(discord_env: Harness, game: str):
    """'OTHER: status' typed by the first seat's player is refused naming the seat, and changes nothing."""
    h = discord_env
    row, seats = await create_seated(h, game)
    (mine, me), (other, _) = list(seats.items())
    before = (await h.service.match(row)).hash()
    post = await h.post_after(h.channel, h.server.say(me, h.channel, f"{other}: pass"))
    assert FAIL in post.text and other in post.text.casefold(), post.text
    assert OK not in post.text
    assert (await h.service.match(await h.store.campaign(row.id))).hash() == before


@pytest.mark.parametrize("game", NEW_GAMES)
async def test_autocompletion_offers_nothing_of_another_seat(discord_env: Harness, game: str):
    """'/adjutant order' completes nothing for the seat a user does not hold, a stranger, nor '/ref place' units for a player."""
    h = discord_env
    row, seats = await create_seated(h, game)
    (mine, me), (other, _) = list(seats.items())
    assert await h.server.autocomplete(me, h.channel, "adjutant order", "text", text="", side=other) == []
    assert await h.server.autocomplete(h.stranger, h.channel, "adjutant order", "text", text="") == []
    assert await h.server.autocomplete(me, h.channel, "ref place", "unit", unit="", hex="", reason="") == []


def test_a_prefix_naming_a_side_not_held_keeps_that_side():
    """'allies: pass' from the Axis player stays an order for allies (refused as not his seat), not the verb 'allies:'."""
    assert by_role("allies: pass\nbrace\nnobody: x", ["axis"], ["axis", "allies"]) == [("allies", "pass\nbrace\nnobody: x")]


def test_a_prefix_naming_a_side_in_italian_picks_that_side():
    """'Asse: stato' from the Axis player is the axis seat's order, as in the console, not the unknown verb 'asse:'."""
    assert by_role("Asse: stato\nsovietico: passa", ["axis"], ["axis", "soviet"]) == [("axis", "stato"), ("soviet", "passa")]


async def test_importing_a_file_nested_too_deeply_is_refused(discord_env: Harness):
    """'/adjutant import' of a file nested 100,000 levels deep, or holding a 5000-digit number, says it is not a campaign export."""
    h = discord_env
    channel = await h.server.open_channel("imported")
    for data in ("[" * 100_000 + "]" * 100_000, '{"kind": ' + "7" * 5000 + "}"):
        it = await h.server.answered(await h.server.slash(
            h.ref, channel, "adjutant import", file=Upload("hostile.campaign.json", data.encode()), passphrase="correct horse battery",
        ))
        assert FAIL in it.text and "not a campaign export" in it.text, it.text
    assert await h.store.campaign_by_channel(str(channel)) is None


@pytest.mark.parametrize("game", NEW_GAMES)
async def test_a_masked_link_typed_as_an_order_is_not_posted_as_a_link(discord_env: Harness, game: str):
    """'[Free Nitro](https://evil.example)' refused is quoted with its markdown escaped: the bot posts no masked link."""
    h = discord_env
    row, seats = await create_seated(h, game)
    role, user = next(iter(seats.items()))
    await h.server.say(user, h.channel, "[Free Nitro](https://evil.example/x)")
    await h.server.say(user, h.channel, "move [x](https://evil.example/y) 1234")
    await h.server.settle()
    posts = [m for m in h.server.messages if m.author_id == h.server.app_id]
    texts = [m.content for m in posts] + [
        str(e.get(k, "")) for m in posts for e in m.payload.get("embeds") or [] for k in ("title", "description")
    ]
    linked = [x for x in texts if re.search(r"(?<!\\)\[[^\]]*\]\(https://evil", x)]
    assert linked == [], [(m.channel_id == h.channel, m.content[:80], m.payload.get("embeds")) for m in posts if any(x in m.content or x in str(m.payload.get("embeds")) for x in linked)]


async def test_options_for_a_side_named_wrongly_says_which_sides_there_are(discord_env: Harness):
    """'/adjutant options side:zz' names the game's sides; 'side:Asse' (the side in Italian) is the Axis seat held."""
    h = discord_env
    h.service.renderer = None  # the harness's tiny map draws the duel's counters only
    await create_seated(h, "stalins-war")
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant options", side="zz"))
    assert "Axis, Soviet" in it.text, it.text
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant options", side="Asse"))
    assert "do not hold" not in it.text and "play" in it.text, it.text


@pytest.mark.parametrize("name", ["n" * 3000, "evil\u202eemag", "[here](https://example.com) @everyone"])
async def test_a_campaign_name_that_would_break_every_post_is_refused(discord_env: Harness, name: str):
    """'/adjutant create name:' of 3,000 characters (its lobby was rejected by Discord), a direction override or a masked link and mention is refused; the channel gets no campaign."""
    h = discord_env
    it = await h.server.answered(await h.server.slash(h.ref, h.channel, "adjutant create", game="caucasus", name=name))
    assert FAIL in it.text and "campaign name" in it.text, it.text
    assert await h.store.campaign_by_channel(str(h.channel)) is None
