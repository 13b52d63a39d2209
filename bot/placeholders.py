"""The placeholders of an order's syntax ("move UNIT HEX") as the message catalogue knows them
(context ``placeholder``), so that help writes them in the reader's language ("muovi UNITÀ
ESAGONO"), as the translated prompts do. A placeholder stands for what the player types (a
unit's id, a hex's number), never for a word typed as it is: the parser reads the same orders.

Every placeholder of every game's syntax and of the verbs every game answers is listed here
(``tests/bot/test_placeholders.py`` checks the registry).
"""

from __future__ import annotations

from bot.i18n import translator
from bot.terms import PLACEHOLDER, PLACEHOLDER_CONTEXT

__all__ = ["PLACEHOLDER", "PLACEHOLDER_CONTEXT", "PLACEHOLDERS", "placeholders_in", "typed_placeholders"]


def pgettext(context: str, message: str) -> str:
    """Mark ``message`` for the catalogue under ``context`` (Babel's default ``pgettext`` keyword)."""
    return message


PLACEHOLDERS: frozenset[str] = frozenset({
    pgettext("placeholder", "UNIT"),
    pgettext("placeholder", "UNITS"),
    pgettext("placeholder", "HEX"),
    pgettext("placeholder", "CARD"),
    pgettext("placeholder", "MARKER"),
    pgettext("placeholder", "WEAPON"),
    pgettext("placeholder", "FORMATION"),
    pgettext("placeholder", "TARGET"),
    pgettext("placeholder", "FROM"),
    pgettext("placeholder", "HQ"),
    pgettext("placeholder", "PORT"),
    pgettext("placeholder", "FRONT"),
    pgettext("placeholder", "ARGS"),
    pgettext("placeholder", "ARG"),
    pgettext("placeholder", "CORPS"),
    pgettext("placeholder", "PURPOSE"),
    pgettext("placeholder", "LEAD"),
    pgettext("placeholder", "TYPE"),
    pgettext("placeholder", "LEADER"),
    pgettext("placeholder", "OPTION"),
    pgettext("placeholder", "SQUAD"),
    pgettext("placeholder", "ID"),
    pgettext("placeholder", "GVR"),
    pgettext("placeholder", "N"),
    pgettext("placeholder", "M"),
    pgettext("placeholder", "VERB"),
    pgettext("placeholder", "DATE"),
    pgettext("placeholder", "LANG"),
})


def placeholders_in(syntax: str) -> list[str]:
    """The placeholders written in ``syntax``, in order."""
    return PLACEHOLDER.findall(syntax)


def typed_placeholders(syntax: str, language: str) -> str:
    """``syntax`` with each placeholder in ``language`` ("UNIT HEX" -> "UNITÀ ESAGONO" in
    Italian); every other word (the verb, its keywords) as it is."""
    return translator(language).syntax(syntax)
