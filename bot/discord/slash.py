"""Slash commands in each user's language: ``N_`` marks their texts for the catalogue, and the
translator hands Discord each text in every language Adjutant speaks.

Command names, descriptions, option descriptions and renamed options and choices are written in
English in ``player.py`` and ``referee.py``, each wrapped in ``N_`` (a marker Babel extracts by
default, which returns the text unchanged), so the message catalogue holds them. When the
commands are synced, discord.py asks ``CatalogueTranslator`` for each text in each Discord locale:
an Italian client then shows ``/adjutant crea`` with Italian descriptions, while the command
Adjutant receives is the same.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.i18n import language_of as speaks
from bot.i18n import translator

#: What Discord accepts as a command, option or group name: lowercase, no spaces, 1-32 characters.
NAME = re.compile(r"^[-_\w]{1,32}$")
_NAMES = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)


def N_(text: str) -> str:  # noqa: N802 - the conventional name of gettext's no-op marker
    """Mark ``text`` for the message catalogue (extracted by Babel) and return it unchanged."""
    return text


def language_of(locale: discord.Locale) -> str | None:
    """The catalogue language for a Discord locale (``it`` for Italian), if Adjutant speaks it
    and it is not English (the texts as written)."""
    code = speaks(locale.value)
    return code if code not in (None, "en") else None


class CatalogueTranslator(app_commands.Translator):
    """Slash-command texts from the message catalogue, for every language Adjutant speaks."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        language = language_of(locale)
        if language is None:
            return None
        text = translator(language)(string.message)
        if not text or text == string.message:
            return None
        if context.location in _NAMES:
            text = text.casefold()
            if not NAME.match(text):
                return None  # never a name Discord would refuse: the English one stays
        return text
