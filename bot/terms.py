"""The games' side names as the message catalogue knows them (context ``side``).

A side's name reaches the reader as a parameter of a message ("{role} draws a card") and is
translated there (``bot.i18n.Translator.term``); the engine keeps the English names as its roles.
Every game's roles must be listed here (``tests/bot/test_terms.py`` checks the registry).
"""

from __future__ import annotations

SIDE_CONTEXT = "side"


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
