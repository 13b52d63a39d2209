"""Orders by direct message to the bot, and edited or deleted orders, through the fake Discord."""

from __future__ import annotations

from bot.discord.direct import by_campaign
from tests.bot.discord.conftest import Harness

OK, FAIL = "\u2713", "\u2717"


def lines(posts) -> list[str]:
    return [line for m in posts for line in m.content.splitlines()]


async def test_a_secret_pick_by_direct_message_is_never_named_in_the_channel(discord_env: Harness):
    """A DM'd 'pick CARD': the channel reads '✓ pick (a card, secret)', the DM the whole order."""
    h = discord_env
    h.service.renderer = None  # the harness's tiny map draws the duel's counters only
    row = await h.create("stalins-war", options="pick_card=true")
    card = sorted((await h.service.match(row)).state["cards"]["axis"]["deck"])[0]
    before, dms = len(h.server.from_bot(h.channel)), len(h.server.dms(h.red))
    await h.server.dm(h.red, f"pick {card}")
    post = await h.server.next_post(h.channel, before)
    assert post.content.startswith(f"{OK} pick (a card, secret)")
    await h.server.wait_until(lambda: f"{OK} pick {card}" in lines(h.server.dms(h.red)[dms:]), what="the private echo")
    await h.server.settle()
    assert not [m for m in h.server.public(h.channel) if card in m.content]
    assert not [m for m in h.server.dms(h.blue) if card in m.content]
    assert card in (await h.service.match(row)).state["cards"]["axis"]["hand"]


async def test_a_refused_direct_order_is_answered_in_the_dm_only(discord_env: Harness):
    """A DM'd order the engine refuses is answered by DM, even in a game whose refusals are public."""
    h = discord_env
    await h.create()
    await h.server.settle()
    before, dms = len(h.server.from_bot(h.channel)), len(h.server.dms(h.red))
    await h.server.dm(h.red, "move r1 0909")
    got = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the refusal by DM")
    assert got[0].text.splitlines()[1].startswith(f"{FAIL} move r1 0909") and "not a hex" in got[0].text  # under the campaign header
    await h.server.settle()
    assert len(h.server.from_bot(h.channel)) == before


async def test_a_direct_query_is_answered_in_the_dm_only(discord_env: Harness):
    """'status' typed by DM, which the channel would answer in public, is answered by DM."""
    h = discord_env
    await h.create()
    await h.server.settle()
    before, dms = len(h.server.from_bot(h.channel)), len(h.server.dms(h.red))
    await h.server.dm(h.red, "status")
    got = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the status by DM")
    assert "Turn 1" in got[0].content
    await h.server.settle()
    assert len(h.server.from_bot(h.channel)) == before


async def test_two_campaigns_need_the_campaign_name(discord_env: Harness):
    """With seats in two campaigns, a DM without 'NAME:' lists them and does nothing; with it, it orders there."""
    h = discord_env
    second = await h.server.open_channel("duel-two")
    one, two = await h.create(), await h.create(channel=second)
    await h.server.settle()
    dms = len(h.server.dms(h.red))
    await h.server.dm(h.red, "move r1 0102")
    got = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the list of campaigns")
    assert "several campaigns" in got[0].content and one.name in got[0].content and two.name in got[0].content
    post = await h.post_after(second, h.server.dm(h.red, f"{two.name.upper()} : move r1 0102"))
    assert post.content.startswith(f"{OK} move r1 0102")
    assert (await h.service.match(one)).records == []


async def test_a_direct_message_from_someone_without_a_seat_reveals_no_campaign(discord_env: Harness):
    """A DM from a user who sits nowhere gets a clear answer naming no campaign; nothing is posted."""
    h = discord_env
    row = await h.create()
    await h.server.settle()
    before = len(h.server.from_bot(h.channel))
    await h.server.dm(h.stranger, "end")
    got = await h.server.wait_until(lambda: h.server.dms(h.stranger), what="the answer")
    assert "no seat in any campaign" in got[0].content and row.name not in got[0].content
    await h.server.settle()
    assert len(h.server.from_bot(h.channel)) == before and (await h.service.match(row)).records == []


async def test_an_edited_order_gets_one_reply_saying_orders_are_read_once(discord_env: Harness):
    """Editing a message read as orders is answered once, in reply to it; the state is unchanged."""
    h = discord_env
    row = await h.create()
    typed = await h.server.say(h.red, h.channel, "move r1 0102")
    await h.server.wait_until(lambda: (h.server.from_bot(h.channel)[-1].content.startswith(f"{OK} move r1 0102")))
    before = len(h.server.from_bot(h.channel))
    reply = await h.post_after(h.channel, h.server.edit(typed, "move r1 0201"))
    assert "read once" in reply.content and "undo" in reply.content
    assert reply.payload["message_reference"]["message_id"] == str(typed.id)
    await h.server.edit(typed, "move r1 0103")
    await h.server.settle()
    assert len(h.server.from_bot(h.channel)) == before + 1
    assert (await h.service.match(row)).state["units"]["r1"]["hex"] == "0102"


async def test_an_edited_direct_order_is_answered_in_the_dm(discord_env: Harness):
    """Editing an order written by DM is answered in the DM, in reply to it, not in the channel."""
    h = discord_env
    await h.create()
    edited = await h.server.dm(h.red, "move r1 0102")
    await h.server.wait_until(lambda: h.server.from_bot(h.channel)[-1].content.startswith(f"{OK} move r1 0102"))
    await h.server.settle()
    before, dms = len(h.server.from_bot(h.channel)), len(h.server.dms(h.red))
    await h.server.edit(edited, "move r2 0302")
    got = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the answer to the edit")
    assert "read once" in got[0].content and got[0].payload["message_reference"]["message_id"] == str(edited.id)
    await h.server.settle()
    assert len(h.server.from_bot(h.channel)) == before


async def test_a_deleted_order_gets_a_reply_naming_its_author(discord_env: Harness):
    """Deleting a message read as orders is answered in the channel: its orders still stand."""
    h = discord_env
    row = await h.create()
    typed = await h.server.say(h.red, h.channel, "move r1 0102")
    await h.server.wait_until(lambda: (h.server.from_bot(h.channel)[-1].content.startswith(f"{OK} move r1 0102")))
    reply = await h.post_after(h.channel, h.server.delete(typed))
    assert f"<@{h.red.id}>" in reply.content and "read once" in reply.content and "undo" in reply.content
    assert (await h.service.match(row)).state["units"]["r1"]["hex"] == "0102"


async def test_an_edited_chat_message_is_not_answered(discord_env: Harness):
    """A message that was not read as orders (chat, a spectator's) may be edited in peace."""
    h = discord_env
    await h.create()
    chat = await h.server.say(h.red, h.channel, "// good luck")
    spectator = await h.server.say(h.stranger, h.channel, "nice move")
    await h.server.settle()
    before = len(h.server.from_bot(h.channel))
    await h.server.edit(chat, "// good luck, have fun")
    await h.server.edit(spectator, "nice move!")
    await h.server.delete(spectator)
    await h.server.settle()
    assert len(h.server.from_bot(h.channel)) == before


def test_lines_are_grouped_by_the_campaign_they_name():
    """'NAME:' picks the longest campaign name that fits, case-insensitively, and carries to later lines."""
    got = by_campaign("order 1\nduel-2: move a\nred: end\nDUEL-22 :move b\nduel-3: x", ["duel-2", "duel-22"])
    assert got == [(None, "order 1"), ("duel-2", "move a\nred: end"), ("duel-22", "move b\nduel-3: x")]


async def test_an_edited_order_in_an_italian_campaign_is_answered_in_italian(discord_env: Harness):
    """The answer to an edited order in an Italian campaign's channel reads the campaign's language."""
    h = discord_env
    await h.create(language="it")
    typed = await h.server.say(h.red, h.channel, "move r1 0102")
    await h.server.wait_until(lambda: h.server.from_bot(h.channel)[-1].content.startswith(f"{OK} "), what="the echo")
    reply = await h.post_after(h.channel, h.server.edit(typed, "move r1 0201"))
    assert "una volta sola" in reply.content and "read once" not in reply.content, reply.content


async def test_a_deleted_order_in_an_italian_campaign_is_answered_in_italian(discord_env: Harness):
    """The answer to a deleted order in an Italian campaign's channel reads the campaign's language."""
    h = discord_env
    await h.create(language="it")
    typed = await h.server.say(h.red, h.channel, "move r1 0102")
    await h.server.wait_until(lambda: h.server.from_bot(h.channel)[-1].content.startswith(f"{OK} "), what="the echo")
    reply = await h.post_after(h.channel, h.server.delete(typed))
    assert f"<@{h.red.id}>" in reply.content and "read once" not in reply.content, reply.content


async def test_direct_refusals_read_the_language_the_player_chose(discord_env: Harness):
    """A player who typed 'language it' is answered in Italian by DM: no seat named, several campaigns, an edit."""
    h = discord_env
    second = await h.server.open_channel("duel-two")
    await h.create(), await h.create(channel=second)
    await h.server.say(h.red, h.channel, "language it")
    await h.server.settle()
    dms = len(h.server.dms(h.red))
    await h.server.dm(h.red, "move r1 0102")
    got = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the list of campaigns")
    assert "several campaigns" not in got[0].content, got[0].content


async def test_a_campaign_command_in_a_direct_message_says_where_it_works(discord_env: Harness):
    """'/adjutant status' typed in a DM with the bot says slash commands work in a campaign's channel and orders may be typed here, not 'start one with /adjutant create' (refused in a DM)."""
    h = discord_env
    await h.create()
    it = await h.server.answered(await h.server.slash(h.red, h.server._dm(h.red.id).id, "adjutant status"))
    assert "/adjutant create" not in it.text and "channel" in it.text and "order" in it.text, it.text
