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
