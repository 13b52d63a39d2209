"""The message catalogue: every user-facing string is translated here (gettext with Babel).

Engine, renderer and bot all build ``engine.text.Text`` values with ``t("...")``; Babel extracts
them (``pybabel extract -F bot/locale/babel.cfg -k t``) into ``bot/locale/adjutant.pot``.
English is the source language, so English needs no compiled catalogue.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from babel.support import NullTranslations, Translations

from engine.text import Text

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "adjutant"
DEFAULT_LANGUAGE = "en"


@cache
def translator(language: str = DEFAULT_LANGUAGE) -> Callable[[str], str]:
    translations: NullTranslations = Translations.load(str(LOCALE_DIR), [language], DOMAIN)
    return translations.gettext


def render(text: Text | str, language: str = DEFAULT_LANGUAGE, viewer: str | None = None) -> str:
    """The text in ``language`` as ``viewer`` may read it (secret parameters masked for everybody
    they do not belong to; ``None`` reads everything), parameters filled in after translation."""
    if isinstance(text, str):
        return translator(language)(text)
    return text.format(translator(language), viewer)
