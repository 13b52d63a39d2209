"""Languages: a campaign answers its channel in the language chosen at creation (English by
default), each player reads what is sent to them alone in their own, and the console plays in
either."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from bot.console import CONSOLE, Console
from bot.i18n import SPEAKING
from bot.service import CampaignService, ServiceError
from bot.store import Store
from tests.bot.people import BLUE, RED, REF
from tests.child import REPO, child_env


@pytest.fixture
async def italian(tmp_path):
    """A duel campaign created in Italian, red and blue seated: (service, row, store)."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, replies = await service.create("c1", "duel", seed="fixed", creator=REF.user_id, language="it")
    await service.join(row, "red", RED)
    await service.join(row, "blue", BLUE)
    yield service, row, replies, store
    await store.close()


async def test_a_campaign_is_english_unless_chosen(setup):
    """Without a language the campaign is stored in English and answers in English."""
    service, row, store = setup
    assert row.language == "en" and (await store.campaign(row.id)).language == "en"
    replies = await service.submit(row, RED, "status")
    assert "Turn" in replies[0].text


async def test_a_campaign_created_in_italian_answers_in_italian(italian):
    """The language chosen at creation is stored with the campaign and its channel reads it."""
    service, row, created, store = italian
    assert (await store.campaign(row.id)).language == "it"
    assert created[0].text.startswith("Campagna 'c1' creata")
    joined = await service.join(row, "red", RED)
    assert joined[0].text == "Rosa ora gioca il Rosso."  # the side named in Italian, with its article
    refused = await service.submit(row, RED, "move r1 0909")
    assert "\u2717 move r1 0909 \u2014 " in refused[0].text and "not a hex" not in refused[0].text


async def test_an_unknown_language_is_refused_with_the_choices(tmp_path):
    """Creating a campaign in a language Adjutant does not speak says which it speaks."""
    store = await Store.open(tmp_path / "c.db")
    with pytest.raises(ServiceError) as exc:
        await CampaignService(store).create("c1", "duel", language="klingon")
    assert "Unknown language 'klingon'. Languages: en, it." == str(exc.value.message)
    assert await store.campaign("c1") is None
    await store.close()


async def test_a_regional_code_reads_its_language(tmp_path):
    """'it-IT' (as Discord spells a locale) is Italian."""
    store = await Store.open(tmp_path / "c.db")
    row, _ = await CampaignService(store).create("c1", "duel", language="it-IT")
    assert row.language == "it"
    await store.close()


async def test_a_player_reads_their_own_language_privately(setup):
    """'language it' turns what goes to that player alone into Italian; the channel and the
    other player stay in the campaign's English."""
    service, row, _ = setup
    chosen = await service.submit(row, RED, "language it")
    assert [r.to for r in chosen] == ["red"] and "italiano (it)" in chosen[0].text
    hand = await service.submit(row, RED, "hand")
    assert hand[0].to == "red" and hand[0].text.startswith("La tua mano")
    assert (await service.submit(row, BLUE, "hand"))[0].text.startswith("Your hand")
    moved = await service.submit(row, RED, "move r1 0102")
    assert all("Turn" not in r.text or r.to == "public" for r in moved)
    assert any(r.to == "public" and r.text.startswith("\u2713 move r1 0102") for r in moved)
    refused = await service.submit(row, RED, "move r1 0909", private=True)
    assert refused[0].to == "red" and "not a hex" not in refused[0].text


async def test_a_player_goes_back_to_the_channels_language(setup):
    """'language default' forgets the player's choice."""
    service, row, store = setup
    await service.submit(row, RED, "language it")
    back = await service.submit(row, RED, "language default")
    assert "English (en)" in back[0].text
    assert await store.player_languages([RED.user_id]) == {}
    assert (await service.submit(row, RED, "hand"))[0].text.startswith("Your hand")


async def test_language_alone_says_who_reads_what(setup):
    """'language' with no argument names the player's language, the channel's and the choices."""
    service, row, _ = setup
    said = await service.submit(row, RED, "language")
    assert said[0].to == "red" and "English (en)" in said[0].text and "en, it" in said[0].text


async def test_an_unknown_player_language_is_refused_and_changes_nothing(setup):
    """A language Adjutant does not speak is refused with the list, and nothing is stored."""
    service, row, store = setup
    refused = await service.submit(row, RED, "language fr")
    assert not refused[0].ok and "'fr' is not a language Adjutant speaks" in refused[0].text
    assert "italiano (it)" in refused[0].text
    assert await store.player_languages([RED.user_id]) == {}


async def test_a_referee_switches_the_channels_language(setup):
    """'referee: language it because ...' is announced in Italian and the channel reads Italian."""
    service, row, store = setup
    said = await service.referee(row, REF, "language it because the players are Italian")
    assert said[0].to == "public" and said[0].text.startswith("Il canale della campagna c1 ora è in italiano (it)")
    row = await store.campaign(row.id)
    assert row.language == "it"
    assert (await service.submit(row, RED, "hand"))[0].text.startswith("La tua mano")


async def test_a_referee_cannot_switch_to_an_unknown_language(setup):
    """The referee's language command names the languages when it is refused."""
    service, row, store = setup
    with pytest.raises(ServiceError) as exc:
        await service.referee(row, REF, "language xx because why not")
    assert "Languages:" in str(exc.value.message)
    assert (await store.campaign(row.id)).language == "en"


async def test_pictures_are_drawn_in_their_readers_language(setup):
    """A picture for a seat is described in its player's language, the channel's in the campaign's."""
    service, row, _ = setup
    await service.submit(row, RED, "language it")
    async with service.speaking(row):
        assert await service.draw(SPEAKING.get, viewer="red") == "it"
        assert await service.draw(SPEAKING.get, viewer="blue") == "en"
        assert await service.draw(SPEAKING.get) == "en"
    assert SPEAKING.get() == "en"


async def test_the_console_speaks_the_campaigns_language(tmp_path):
    """The console's own messages (a bad prefix) read the campaign's language."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("duel-basic", "duel", seed="s", creator=CONSOLE.user_id, language="it")
    out = io.StringIO()
    await Console(service, row, out=out, as_json=False).run(io.StringIO("green: end\n"))
    assert "Inizia la riga con la parte che dà l'ordine" in out.getvalue()
    await store.close()


def test_adjutant_play_lang_it_plays_in_italian(tmp_path):
    """'adjutant play duel --lang it' creates the campaign in Italian and answers in Italian."""
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "duel", "--seed", "s", "--db", "c.db", "--lang", "it"],
        input="red: hand\n", cwd=tmp_path, env=child_env(pythonpath=REPO), capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Campagna 'duel-" in done.stdout and "La tua mano" in done.stdout


async def test_the_verbs_every_game_answers_have_italian_names(setup):
    """'stato', 'mano', 'lingua' are status, hand and language; help names them."""
    service, row, _ = setup
    assert (await service.submit(row, RED, "stato"))[0].text == (await service.submit(row, RED, "status"))[0].text
    assert (await service.submit(row, RED, "mano"))[0].text.startswith("Your hand")
    assert "italiano (it)" in (await service.submit(row, RED, "lingua it"))[0].text
    helped = (await service.submit(row, RED, "aiuto"))[0].text
    assert "stato (status)" in helped and "Sempre disponibili" in helped


async def test_undo_has_an_italian_name(setup):
    """'indietro' takes back the last order as 'undo' does."""
    service, row, _ = setup
    await service.submit(row, RED, "move r1 0102")
    assert (await service.match(row)).state["units"]["r1"]["hex"] == "0102"
    assert (await service.submit(row, RED, "indietro"))[0].ok
    assert (await service.match(row)).state["units"]["r1"]["hex"] == "0101"


async def test_the_keywords_of_the_verbs_every_game_answers_read_in_italian(setup):
    """'lingua predefinita' is 'language default'; help writes 'mappa [intera | ESAGONO]' and 'assente rientro' to an Italian reader."""
    service, row, _ = setup
    await service.submit(row, RED, "lingua it")
    helped = (await service.submit(row, RED, "aiuto"))[0].text
    assert "  mappa [intera | ESAGONO] (map) \u2014 " in helped and "  assente DATA | assente rientro (away) \u2014 " in helped
    assert "  indietro (undo) \u2014 " in helped
    back = await service.submit(row, RED, "lingua predefinita")
    assert back[0].ok and back[0].text == (await service.submit(row, RED, "language default"))[0].text


@pytest.fixture
async def caucasus_it(tmp_path):
    """A Caucasus campaign created in Italian, the Axis seated: (service, row)."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("c1", "caucasus", seed="fixed", creator=REF.user_id, language="it")
    await service.join(row, "axis", RED)
    yield service, row
    await store.close()


async def test_help_shows_each_verb_as_typed_in_italian(caucasus_it):
    """An Italian reader's help writes each order with its Italian verb and keywords, the rulebook's English verb beside it."""
    service, row = caucasus_it
    helped = (await service.submit(row, RED, "aiuto"))[0].text
    assert "muovi UNITÀ[,UNITÀ] ESAGONO [ESAGONO ...] [esteso] [strategico] (move) \u2014 " in helped
    assert "pronto (ready) \u2014 " in helped


async def test_options_are_written_as_an_italian_reader_types_them(caucasus_it):
    """An Italian reader's options start with the Italian verb and are accepted as written."""
    service, row = caucasus_it
    replies = await service.submit(row, RED, "opzioni")
    lines = replies[0].text.splitlines()[1:]
    assert "pronto" in lines and all(not line.startswith("setup ") for line in lines)
    assert any(line.startswith("schiera ") for line in lines)
    assert replies[0].actions and all(a.split()[0] in ("ready", "setup") for a in replies[0].actions)
    accepted = await service.submit(row, RED, next(line for line in lines if line.startswith("schiera ")))
    assert accepted[0].ok, accepted[0].text


async def test_options_write_the_keywords_after_the_verb_in_italian(tmp_path):
    """Schwerpunkt's Soviet reads 'fronte fatto' among its options (E 14.2), and the line is accepted as written."""
    store = await Store.open(tmp_path / "s.db")
    service = CampaignService(store)
    row, _ = await service.create("s1", "schwerpunkt", seed="kw", creator=REF.user_id, language="it")
    await service.join(row, "soviet", RED)
    lines = (await service.submit(row, RED, "opzioni"))[0].text.splitlines()[1:]
    assert "fronte fatto" in lines and "front done" not in lines
    accepted = await service.submit(row, RED, "fronte fatto")
    assert accepted[0].ok and accepted[0].text == "\u2713 fronte fatto"
    await store.close()


async def test_options_stay_english_for_an_english_reader(caucasus_it):
    """A player who reads English sees the verbs as the rules name them."""
    service, row = caucasus_it
    await service.submit(row, RED, "language en")
    lines = (await service.submit(row, RED, "options"))[0].text.splitlines()
    assert "ready" in lines and any(line.startswith("setup ") for line in lines)


async def test_the_waiting_line_names_the_sides_in_italian(italian):
    """The channel's 'Waiting for' line names each side waited for in the campaign's language."""
    service, row, _, _ = italian
    replies = await service.submit(row, RED, "move r1 0102")
    waiting = [r.text for r in replies if r.text.startswith("In attesa di")]
    assert waiting and waiting[0].split(" \u2014 ")[0] in ("In attesa di Rosso", "In attesa di Blu")



async def test_an_accepted_order_is_echoed_with_its_italian_verb(caucasus_it):
    """The channel of an Italian campaign reads an accepted order as an Italian types it."""
    service, row = caucasus_it
    lines = (await service.submit(row, RED, "options"))[0].text.splitlines()[1:]
    setup = next(line for line in lines if line.startswith("schiera "))
    accepted = await service.submit(row, RED, "setup" + setup[len("schiera"):])
    assert accepted[0].ok and accepted[0].to == "public"
    assert accepted[0].text == "\u2713 " + setup


async def test_an_english_campaign_echoes_the_verb_in_english(tmp_path):
    """An English channel keeps the rulebook's English verb in the echo of an order typed in Italian."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("c1", "caucasus", seed="fixed", creator=REF.user_id)
    await service.join(row, "axis", RED)
    accepted = await service.submit(row, RED, "pronto")
    assert accepted[0].text == "\u2713 ready", accepted[0].text
    await store.close()


async def test_a_referee_override_is_echoed_in_the_campaigns_language(italian):
    """'referee:' before an override's echo reads in the Italian channel's language."""
    service, row, _, _ = italian
    echoed = [r.text for r in await service.referee(row, REF, "place r1 0304 because test") if r.to == "public"]
    assert any(text.startswith("\u2713 arbitro: place r1 0304") for text in echoed), echoed
