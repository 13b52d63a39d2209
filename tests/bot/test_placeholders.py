"""Help writes the placeholders of an order's syntax in the reader's language (bot.placeholders)."""

from __future__ import annotations

import pytest

from bot.i18n import render, translator
from bot.placeholders import PLACEHOLDER_CONTEXT, PLACEHOLDERS, placeholders_in, typed_placeholders
from bot.service import CampaignService
from bot.store import Store
from engine import registry
from engine.text import t
from tests.bot.people import RED, REF

#: The placeholders an Italian writes as the English does: a number, an abbreviation.
SAME_IN_ITALIAN = {"N", "M", "HQ", "ID"}


def _syntaxes() -> list[str]:
    return [v.syntax for name in registry.names(include_unlisted=True) for v in registry.get(name).verbs.values()]


def test_every_games_placeholders_are_in_the_catalogue():
    """A placeholder of a game's syntax missing from bot.placeholders would stay English in Italian help."""
    used = {word for syntax in _syntaxes() for word in placeholders_in(syntax)}
    assert sorted(used - PLACEHOLDERS) == []


def test_every_placeholder_has_an_italian_translation():
    """Each placeholder reads in Italian (UNIT -> UNITÀ), but for numbers and abbreviations."""
    it = translator("it")
    untranslated = {w for w in PLACEHOLDERS if it.placeholder(PLACEHOLDER_CONTEXT, w) == w}
    assert untranslated == SAME_IN_ITALIAN


def test_a_syntax_reads_its_placeholders_in_italian():
    """'muovi UNIT[,UNIT] HEX [HEX ...] [esteso]' reads 'muovi UNITÀ[,UNITÀ] ESAGONO [ESAGONO ...] [esteso]'."""
    assert typed_placeholders("muovi UNIT[,UNIT] HEX [HEX ...] [esteso]", "it") == "muovi UNITÀ[,UNITÀ] ESAGONO [ESAGONO ...] [esteso]"
    assert typed_placeholders("standing luck never|ask|PURPOSE N-M", "it") == "standing luck never|ask|SCOPO N-M"


def test_english_reads_the_placeholders_as_written():
    """An English reader's syntax is unchanged."""
    assert typed_placeholders("move UNIT[,UNIT] HEX [HEX ...] [ext]", "en") == "move UNIT[,UNIT] HEX [HEX ...] [ext]"


@pytest.mark.parametrize("game", ["across-the-bug-river", "caucasus", "combat_commander", "schwerpunkt", "stalins-war"])
async def test_italian_help_writes_no_english_placeholder(tmp_path, game):
    """Every order of the five games' Italian help reads its placeholders in Italian, as the prompts do."""
    store = await Store.open(tmp_path / "h.db")
    service = CampaignService(store)
    row, _ = await service.create("h1", game, seed="help", creator=REF.user_id, language="it")
    await service.join(row, registry.get(game).roles[0], RED)
    helped = (await service.submit(row, RED, "aiuto"))[0].text
    await store.close()
    english = PLACEHOLDERS - SAME_IN_ITALIAN
    assert [line for line in helped.splitlines() if set(placeholders_in(line.split(" \u2014 ")[0])) & english] == []
    assert "ESAGONO" in helped


def test_a_syntax_refusal_reads_its_placeholders_in_italian():
    """The engine's 'Syntax: {syntax}' refusal writes UNIT and HEX in the reader's language: 'Sintassi: move UNITÀ ESAGONO'."""
    said = t("Syntax: {syntax}", syntax="move UNIT[,UNIT] HEX")
    assert render(said, "it") == "Sintassi: move UNITÀ[,UNITÀ] ESAGONO"
    assert render(said, "en") == "Syntax: move UNIT[,UNIT] HEX"


async def test_italian_help_of_a_verb_every_game_answers_writes_its_placeholders_in_italian(tmp_path):
    """'aiuto mappa' writes 'mappa [intera | ESAGONO]', as the list of 'aiuto' does, not 'map [full | HEX]'."""
    store = await Store.open(tmp_path / "h.db")
    service = CampaignService(store)
    row, _ = await service.create("h1", "caucasus", seed="help", creator=REF.user_id, language="it")
    await service.join(row, registry.get("caucasus").roles[0], RED)
    helped = (await service.submit(row, RED, "aiuto mappa"))[0].text
    away = (await service.submit(row, RED, "aiuto assente"))[0].text
    await store.close()
    assert helped.startswith("mappa [intera | ESAGONO]: ") and away.startswith("assente DATA | assente rientro: ")


async def test_an_italian_syntax_refusal_writes_the_verb_an_italian_types(tmp_path):
    """'muovi 13pz' refused for its words reads 'Sintassi: muovi UNITÀ...', the verb help shows, not 'move'."""
    store = await Store.open(tmp_path / "s.db")
    service = CampaignService(store)
    row, _ = await service.create("s1", "caucasus", seed="syntax", creator=REF.user_id, language="it")
    await service.join(row, "axis", RED)
    refused = (await service.submit(row, RED, "muovi 13pz"))[0].text
    await store.close()
    assert "Sintassi: muovi UNITÀ[,UNITÀ] ESAGONO [ESAGONO ...] [esteso] [strategico]" in refused


async def test_an_english_syntax_refusal_keeps_the_english_verb(tmp_path):
    """The same refusal in an English campaign reads 'Syntax: move UNIT...', as before."""
    store = await Store.open(tmp_path / "s.db")
    service = CampaignService(store)
    row, _ = await service.create("s1", "caucasus", seed="syntax", creator=REF.user_id)
    await service.join(row, "axis", RED)
    refused = (await service.submit(row, RED, "move 13pz"))[0].text
    await store.close()
    assert "Syntax: move UNIT[,UNIT] HEX [HEX ...] [ext] [strat]" in refused
