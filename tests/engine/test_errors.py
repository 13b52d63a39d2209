"""A refusal names its rule once, however its text already cites it."""

from __future__ import annotations

from engine.errors import IllegalOrder
from engine.text import t


def test_a_refusal_appends_its_rule():
    """A text that cites no rule gets the rule appended in brackets."""
    assert str(IllegalOrder(t("The hex is full."), "8.1").message.format()) == "The hex is full. (8.1)"


def test_a_rule_cited_among_others_is_not_appended_again():
    """A text ending '(O21.1, 7.2.1).' is not followed by '(7.2.1)' again."""
    refusal = IllegalOrder(t("No exit here (O21.1, 7.2.1)."), "7.2.1")
    assert refusal.message.format() == "No exit here (O21.1, 7.2.1)."


def test_a_placeholder_citing_the_rule_is_read_once():
    """A rule that reaches the text through a placeholder is recognised too."""
    refusal = IllegalOrder(t("Closed by the weather ({rules}).", rules="6.2; 9.1"), "9.1")
    assert refusal.message.format() == "Closed by the weather (6.2; 9.1)."


def test_other_brackets_do_not_hide_the_rule():
    """A text ending with a hex in brackets still gets its rule."""
    refusal = IllegalOrder(t("No unit of yours ({hex}).", hex="C7"), "7.1")
    assert refusal.message.format() == "No unit of yours (C7). (7.1)"


def test_a_rule_cited_inside_the_text_is_not_appended_again():
    """A text citing its rule before an example ('(9.2.1), as in 3616.') is not followed by it."""
    refusal = IllegalOrder(t("Too many units ({rule}), as in {hex}.", rule="9.2.1", hex="3616"), "9.2.1")
    assert refusal.message.format() == "Too many units (9.2.1), as in 3616."
