"""The games' side names as the message catalogue knows them (context ``side``).

A side's name reaches the reader as a parameter of a message ("{role} draws a card") and is
translated there (``bot.i18n.Translator.term``); the engine keeps the English names as its roles.
Every game's roles must be listed here (``tests/bot/test_terms.py`` checks the registry).
"""

from __future__ import annotations

import re

SIDE_CONTEXT = "side"
#: The catalogue context of an order's placeholders (``bot.placeholders``) and what one looks
#: like: a word in capitals (``UNIT``, ``HEX``, the ``N`` and ``M`` of ``N-M``).
PLACEHOLDER_CONTEXT = "placeholder"
PLACEHOLDER = re.compile(r"(?<!\w)[A-Z][A-Z0-9]*(?!\w)")


def pgettext(context: str, message: str) -> str:
    """Mark ``message`` for the catalogue under ``context`` (Babel's default ``pgettext`` keyword)."""
    return message


SIDE_NAMES: frozenset[str] = frozenset({
    pgettext("side", "axis"),
    pgettext("side", "soviet"),
    pgettext("side", "allies"),
    pgettext("side", "german"),
    pgettext("side", "red"),
    pgettext("side", "blue"),
})


#: A side's name with its article, for languages whose grammar puts one before it (Italian
#: "l'Asse", "dell'Asse", "all'Asse", "dall'Asse"): the placeholder's format spec chooses the
#: form (``{side:the}``, ``{side:of}``, ``{side:to}``, ``{side:from}``; capitalised, ``{side:The}``,
#: at the start of a sentence) and the catalogue holds each form under its context. English
#: templates never use them; a language without the form reads the bare name.
ARTICLE_CONTEXTS: dict[str, str] = {
    "the": "side-the",
    "of": "side-of",
    "to": "side-to",
    "from": "side-from",
}

#: Every side's article forms, marked for the catalogue (one literal call per form, so that Babel
#: extracts them): the context is the form's, the message the side's English name.
SIDE_ARTICLES: frozenset[tuple[str, str]] = frozenset({
    (pgettext("side-the", "axis"), "side-the"),
    (pgettext("side-the", "soviet"), "side-the"),
    (pgettext("side-the", "allies"), "side-the"),
    (pgettext("side-the", "german"), "side-the"),
    (pgettext("side-the", "red"), "side-the"),
    (pgettext("side-the", "blue"), "side-the"),
    (pgettext("side-of", "axis"), "side-of"),
    (pgettext("side-of", "soviet"), "side-of"),
    (pgettext("side-of", "allies"), "side-of"),
    (pgettext("side-of", "german"), "side-of"),
    (pgettext("side-of", "red"), "side-of"),
    (pgettext("side-of", "blue"), "side-of"),
    (pgettext("side-to", "axis"), "side-to"),
    (pgettext("side-to", "soviet"), "side-to"),
    (pgettext("side-to", "allies"), "side-to"),
    (pgettext("side-to", "german"), "side-to"),
    (pgettext("side-to", "red"), "side-to"),
    (pgettext("side-to", "blue"), "side-to"),
    (pgettext("side-from", "axis"), "side-from"),
    (pgettext("side-from", "soviet"), "side-from"),
    (pgettext("side-from", "allies"), "side-from"),
    (pgettext("side-from", "german"), "side-from"),
    (pgettext("side-from", "red"), "side-from"),
    (pgettext("side-from", "blue"), "side-from"),
})
