"""Parsing costs a bounded number of name look-ups per word and suggests names at most once (no stall)."""

from __future__ import annotations

import difflib

import pytest

from engine import registry
from engine.errors import OrderError
from engine.game import Override
from engine.games.caucasus import parsing as caucasus
from engine.games.stalins_war import overrides as sw_overrides
from engine.games.stalins_war import parsing as stalins_war

UNKNOWN = [f"zq{i}x" for i in range(200)]


@pytest.fixture
def suggestions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every name the fuzzy suggestion was asked about (the costly part of a refusal)."""
    asked: list[str] = []
    real = difflib.get_close_matches

    def counting(word: str, *args: object, **kwargs: object) -> list[str]:
        asked.append(word)
        return real(word, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("engine.orders.difflib.get_close_matches", counting)
    return asked


def test_caucasus_refuses_the_first_unknown_word_of_a_long_order(suggestions):
    """A 200-word Caucasus order is refused naming its first word, with one suggestion search at most."""
    rules = registry.get("caucasus").rules
    with pytest.raises(OrderError, match="'zq0x'"):
        caucasus.parse(rules, "move " + " ".join(UNKNOWN))
    assert len(suggestions) <= 1


def test_caucasus_looks_each_word_up_a_bounded_number_of_times():
    """Joining unit names costs at most four look-ups per word, however long the line."""
    rules = registry.get("caucasus").rules
    index = caucasus.unit_index(rules)
    before = index.lookups
    caucasus.merge_unit_names(rules, UNKNOWN)
    assert index.lookups - before <= 4 * len(UNKNOWN)


def test_caucasus_still_joins_a_unit_name_of_several_words():
    """The linear joining still reads a unit by its full name."""
    rules = registry.get("caucasus").rules
    uid, spec = next((u, s) for u, s in sorted(rules.units.items()) if len(s.name.split()) >= 2)
    assert caucasus.merge_unit_names(rules, [*spec.name.split(), "0733"]) == [uid, "0733"]


def test_stalins_war_refuses_the_first_unknown_word_of_a_long_order(suggestions):
    """A 200-word Stalin's War order is refused naming its first word, with one suggestion search at most."""
    rules = registry.get("stalins-war").rules
    with pytest.raises(OrderError, match="'zq0x'"):
        stalins_war.parse(rules, "axis", "move " + " ".join(UNKNOWN))
    assert len(suggestions) <= 1


def test_public_text_of_a_long_override_suggests_no_names(suggestions):
    """Redacting a referee's long argument list never runs the fuzzy suggestion."""
    rules = registry.get("stalins-war").rules
    assert sw_overrides.public_text(rules, Override("place", (*UNKNOWN, "su-partisan-1", "2722"), "x")) is not None
    assert suggestions == []


def test_public_text_looks_each_word_up_a_bounded_number_of_times():
    """Redaction costs at most one name search per word (the rest are dictionary look-ups)."""
    rules = registry.get("stalins-war").rules
    index = stalins_war.unit_index(rules)
    before = index.lookups
    sw_overrides.public_text(rules, Override("place", tuple(UNKNOWN), "x"))
    assert index.lookups - before <= len(UNKNOWN)
