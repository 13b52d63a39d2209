"""Verbs in other languages: aliases per language, read and shown."""

from __future__ import annotations

from engine.game import VerbInfo
from engine.text import t
from engine.verbs import with_aliases


def test_with_aliases_adds_the_language_aliases_and_remembers_their_language():
    """The table's aliases are read as the verb, and typed_in names the first of them."""
    verbs = with_aliases((VerbInfo("move", "move UNIT HEX", t("move a unit"), ("m",)),), "it", {"move": ("muovi", "movimento")})
    assert verbs["move"].aliases == ("m", "muovi", "movimento")
    assert verbs["move"].typed_in("it") == "muovi"
    assert verbs["move"].typed_in("en") == "move"


def test_a_verb_without_aliases_in_a_language_is_typed_by_its_name():
    """A verb the table does not translate keeps its own name in that language."""
    verbs = with_aliases((VerbInfo("end", "end", t("end the phase")),), "it", {})
    assert verbs["end"].typed_in("it") == "end"


def test_italian_keywords_after_the_verb_read_in_english():
    """'fronte fatto' reads as 'fronte done'; a line without Italian keywords is left alone."""
    from engine.verbs import english_keywords

    assert english_keywords("fronte fatto") == "fronte done"
    assert english_keywords("attacca 3314 con gd-pz") == "attacca 3314 with gd-pz"
    assert english_keywords("move 3-4 1231") is None
    assert english_keywords("fatto") is None


def test_a_schwerpunkt_order_typed_with_italian_keywords_is_the_english_order():
    """The Soviet's 'fronte fatto' ends the Front step as 'front done' does (E 14.2)."""
    from engine import registry
    from engine.kernel import Match

    game = registry.get("schwerpunkt")
    english = Match.new(game, "scenario1", game.options, "kw")
    italian = Match.new(game, "scenario1", game.options, "kw")
    english.submit("soviet", "front done")
    italian.submit("soviet", "fronte fatto")
    assert italian.hash() == english.hash()


def test_a_line_still_unreadable_in_english_keeps_its_first_refusal():
    """When the English reading fails too, the refusal is the one the line as typed got."""
    import pytest

    from engine import registry
    from engine.errors import InvalidOrder
    from engine.kernel import Match

    game = registry.get("schwerpunkt")
    m = Match.new(game, "scenario1", game.options, "kw")
    with pytest.raises(InvalidOrder) as typed:
        m.submit("soviet", "fronte banana")
    with pytest.raises(InvalidOrder) as with_keyword:
        m.submit("soviet", "fronte banana nessuno")
    assert str(with_keyword.value.message) == str(typed.value.message)


def test_every_keyword_a_listed_game_takes_has_an_italian_form():
    """Each lowercase word of a verb's syntax ('with', 'done', 'hasty', 'smoke', 'upto'...) has an
    Italian form, but for the names and abbreviations the rulebooks write the same (SAME_IN_ITALIAN)."""
    import re

    from engine import registry
    from engine.verbs import SAME_IN_ITALIAN, typed_keywords

    missing = set()
    for name in registry.names():
        for info in registry.get(name).verbs.values():
            for word in re.findall(r"(?<![\w-])[a-z][a-z0-9-]*(?![\w-])", info.syntax):
                if word != info.name and word not in SAME_IN_ITALIAN and typed_keywords(f"x {word}", "it") == f"x {word}":
                    missing.add((name, info.name, word))
    assert sorted(missing) == []


def test_a_line_typed_with_italian_keywords_reads_back_as_the_english_line():
    """'attack hasty 1507 1607' is typed 'attack affrettato 1507 1607' in Italian, which reads back as the original."""
    from engine.verbs import english_keywords, typed_keywords

    for line in ("attack hasty 1507 1607", "front done", "react initiative upto 7", "attack 2722 from 2823 nocc", "standing retreat stand"):
        typed = typed_keywords(line, "it")
        assert typed != line and english_keywords(typed) == line
    assert typed_keywords("front done", "en") == "front done"


def test_a_syntax_reads_with_the_italian_verb_and_keywords():
    """The verb and keywords read 'fronte FRONT HEX | fronte fatto' in Italian: the placeholders are left to bot.placeholders."""
    from engine.verbs import typed_syntax

    assert typed_syntax("front FRONT HEX | front done", "front", "fronte", "it") == "fronte FRONT HEX | fronte fatto"
    assert typed_syntax("attack HEX UNIT [UNIT...] | attack HEX WEAPON smoke", "attack", "attacca", "it") == (
        "attacca HEX UNIT [UNIT...] | attacca HEX WEAPON fumo"
    )


def test_an_order_its_game_reads_only_when_applied_takes_the_italian_keywords_too():
    """Schwerpunkt reads a standing order's words when it applies it: 'permanente ritirata resta' is 'standing retreat stand'."""
    from engine import registry
    from engine.kernel import Match

    game = registry.get("schwerpunkt")
    english = Match.new(game, "scenario1", game.options, "kw")
    italian = Match.new(game, "scenario1", game.options, "kw")
    english.submit("german", "standing retreat stand")
    italian.submit("german", "permanente ritirata resta")
    assert italian.hash() == english.hash()
