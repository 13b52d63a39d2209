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
