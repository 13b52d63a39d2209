"""The Caucasus on Discord for an Italian client in an English campaign: the player's own answers
(help, status, the odds preview) in Italian with the orders as an Italian types them, his orders
typed in Italian accepted, the channel in English."""

from __future__ import annotations

import pytest

from bot.pictures import render_with_description
from tests.bot.discord.conftest import Harness
from tests.bot.discord.newgames import create_seated

OK = "\u2713"


@pytest.fixture
async def italian_axis(discord_env: Harness):
    """An English Caucasus campaign seated by slash command; Rosa (the Axis) uses Discord in Italian."""
    h = discord_env
    h.monkeypatch.setattr(h.service, "renderer", render_with_description)
    row, seats = await create_seated(h, "caucasus")
    assert seats["axis"] is h.red
    h.red.locale = "it"
    return h, row


async def say(h: Harness, user, line: str) -> list[str]:
    """``user`` types ``line`` in the channel; the bot's channel posts that follow."""
    before, direct = len(h.server.from_bot(h.channel)), len(h.server.dms(user))
    await h.server.say(user, h.channel, line)
    # The first answer (in the channel or privately) may come after a map is drawn, seconds on a
    # loaded machine: wait for it, then for the posts that follow it to stop.
    await h.server.wait_until(
        lambda: h.server.from_bot(h.channel)[before:] or h.server.dms(user)[direct:], timeout=30, what=f"the answer to {line!r}"
    )
    await h.server.settle()
    return [p.text for p in h.server.from_bot(h.channel)[before:]]


async def test_help_lists_the_orders_as_an_italian_types_them(italian_axis):
    """/adjutant help from an Italian client writes 'muovi ... [esteso] [strategico] (move)', not 'move ... [ext]'."""
    h, _ = italian_axis
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant help"))
    assert "  muovi UNITÀ[,UNITÀ] ESAGONO [ESAGONO ...] [esteso] [strategico] (move) \u2014 " in it.text


async def test_status_answers_an_italian_client_wholly_in_italian(italian_axis):
    """/adjutant status reads 'turno 1 di 14' and waits for 'Asse', 'Sovietico' for an Italian
    client, while the channel's own board stays English."""
    h, row = italian_axis
    it = await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant status"))
    assert "turno 1 di 14" in it.text and "Asse (<@" in it.text and "axis (<@" not in it.text
    assert row.language == "en"


async def test_orders_typed_in_italian_play_in_an_english_channel(italian_axis):
    """'pronto', 'muovi', 'fatto' typed by the Italian are echoed in the channel's English; the
    preview 'rapporto' reaches him privately, in Italian (his client's, known from a slash command)."""
    h, _ = italian_axis
    await h.server.answered(await h.server.slash(h.red, h.channel, "adjutant status"))
    assert (await say(h, h.red, "pronto"))[0].startswith(f"{OK} ready")
    assert (await say(h, h.blue, "ready"))[0].startswith(f"{OK} ready")
    assert (await say(h, h.red, "muovi 13pz 0827"))[0].startswith(f"{OK} move 13pz 0827")
    assert (await say(h, h.red, "fatto"))[0].startswith(f"{OK} done")
    dms = len(h.server.dms(h.red))
    await say(h, h.red, "rapporto 16mot -> 0936")
    preview = [p.text for p in h.server.dms(h.red)[dms:]]
    assert any("Colonna finale 1-1." in text for text in preview), preview
