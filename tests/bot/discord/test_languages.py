"""Languages on Discord: the channel reads the campaign's language, each user's own replies (the
ephemeral answers to their slash commands) read their Discord client's language."""

from __future__ import annotations

from tests.bot.discord.conftest import Harness
from tests.bot.discord.newgames import fix_seed

FAIL = "\u2717"


async def test_a_campaign_created_in_italian_posts_in_italian(discord_env: Harness):
    """/adjutant create language:it: the channel's announcements and refusals are Italian."""
    h = discord_env
    row = await h.create(language="it")
    assert row.language == "it"
    created = h.server.from_bot(h.channel)[0]
    assert created.content.startswith("Campagna '")
    refused = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0909"))
    assert refused.text.startswith(f"{FAIL} move r1 0909") and "not a hex" not in refused.text


async def test_an_italian_client_reads_its_own_replies_in_italian(discord_env: Harness):
    """A user whose Discord speaks Italian is answered in Italian; the channel stays English."""
    h = discord_env
    row = await h.create()
    h.stranger.locale = "it"
    it = await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant create", game="duel"))
    assert it.text.startswith("Spiacente, solo i membri che possono gestire questo canale")
    h.stranger.locale = "en-US"
    it = await h.server.answered(await h.server.slash(h.stranger, h.channel, "adjutant create", game="duel"))
    assert it.text.startswith("Sorry, only members who may manage this channel")
    h.ref.locale = "it"
    it = await h.server.answered(await h.server.slash(h.ref, h.channel, "adjutant create", game="duel"))
    assert it.text == f"Questo canale ospita già la campagna {row.name}; avvia un thread per un'altra."
    moved = await h.post_after(h.channel, h.server.say(h.red, h.channel, "move r1 0909"))
    assert "not a hex" in moved.text


async def test_a_players_chosen_language_wins_over_the_client(discord_env: Harness):
    """'language it' typed by a player makes their slash replies Italian on an English client."""
    h = discord_env
    await h.create()
    before = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "language it")
    said = await h.server.wait_until(lambda: h.server.dms(h.red)[before:], what="the answer by DM")
    assert "italiano (it)" in said[0].content
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant create", game="duel"))
    assert it.text.startswith("Spiacente, solo i membri")


async def test_help_answers_an_italian_client_in_italian(discord_env: Harness):
    """/adjutant help, asked from an Italian Discord client, lists the orders in Italian."""
    h = discord_env
    await h.create()
    h.red.locale = "it"
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant help"))
    assert "Sempre disponibili:" in it.text and "stato (status)" in it.text


async def test_a_click_is_answered_in_the_clickers_language(discord_env: Harness):
    """A button pressed from an Italian client is answered in Italian, in an English campaign."""
    h = discord_env
    row = await h.create()
    h.blue.dms_open = False
    notice = await h.post_after(h.channel, h.server.say(h.blue, h.channel, "hand"))
    h.red.locale = "it"
    other = await h.server.answered(await h.server.click(h.red, notice, notice.custom_ids()[0]))
    assert "questo messaggio privato è per il giocatore del Blu" in other.text
    assert row.language == "en" and "Read privately (Blue)" in str(notice.payload["components"])


async def test_private_posts_follow_the_players_discord_language_until_they_choose(discord_env: Harness):
    """Red's client speaks Italian: after a command, red's hand by DM is Italian; 'language en' wins over it."""
    h = discord_env
    await h.create()
    h.red.locale = "it"
    await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant status"))
    dms = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "draw")
    got = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the draw by DM")
    assert "Hai pescato" in got[0].text
    dms = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "language en")
    await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the language's confirmation")
    dms = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "draw")
    got = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the next draw by DM")
    assert "You drew" in got[0].text


async def test_the_head_of_a_private_post_reads_its_readers_language(discord_env: Harness):
    """The '[campaign, channel, as side]' head of a DM and the DM ping read the player's language, like the post's body."""
    h = discord_env
    h.red.locale = h.blue.locale = "it"
    await h.create()
    await h.server.answered(await h.server.slash(h.blue, h.channel, "adjutant settings", ping="dm"))
    dms = len(h.server.dms(h.red))
    await h.server.say(h.red, h.channel, "draw")
    got = await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the draw by DM")
    assert "Hai pescato" in got[0].text and ", come Rosso]" in got[0].text.splitlines()[0], got[0].text
    await h.server.say(h.red, h.channel, "end")
    pinged = await h.server.wait_until(lambda: [m for m in h.server.dms(h.blue) if "campagna" in m.content], what="the DM ping")
    assert pinged[0].content.startswith("Tocca a te nella campagna"), pinged[0].content


async def test_an_italian_players_hand_is_dealt_in_italian_and_sent_once_per_change(discord_env: Harness):
    """Stalin's War: the hand dealt at the join reads Italian, and after a card is played the hand comes once, in Italian only."""
    h = discord_env
    h.service.renderer = None  # the harness's tiny map draws the duel's counters only
    fix_seed(h)
    h.red.locale = "it"
    row = await h.create("stalins-war", seat=False)
    for user, role in ((h.red, "axis"), (h.blue, "soviet")):
        await h.server.answered(await h.server.slash(user, h.channel, "adjutant join", side=role))
    dealt = await h.server.wait_until(lambda: [m for m in h.server.dms(h.red) if "mano" in m.text or "hand" in m.text], what="the hand")
    assert "La tua mano" in dealt[0].text and "Your hand" not in dealt[0].text, dealt[0].text
    await h.server.settle()
    dms = len(h.server.dms(h.red))
    card = next(a.text for a in (await h.service.match(row)).prompt("axis").actions if a.text.startswith("play"))
    await h.server.say(h.red, h.channel, card)
    await h.server.wait_until(lambda: h.server.dms(h.red)[dms:], what="the new hand")
    await h.server.settle()
    text = "\n".join(m.text for m in h.server.dms(h.red)[dms:])
    assert text.count("La tua mano") == 1 and "Your hand" not in text, text
