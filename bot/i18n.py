"""The message catalogue: every user-facing string is translated here (gettext with Babel).

Engine, renderer and bot all build ``engine.text.Text`` values with ``t("...")`` (and
``ngettext("...", "...", n)`` for a message that counts something); Babel extracts them
(``pybabel extract -F bot/locale/babel.cfg -k t -o bot/locale/adjutant.pot --no-location
--omit-header engine bot render``: ``ngettext`` is one of Babel's default keywords) into
``bot/locale/adjutant.pot``. English is the source language, so English needs no catalogue.
Every other language is ``bot/locale/LANG/LC_MESSAGES/adjutant.po`` (brought in step with the
template by ``pybabel update -i bot/locale/adjutant.pot -d bot/locale -D adjutant -N
--ignore-obsolete -w 100``, then translated), compiled in memory the first time it is used (no
compiled ``.mo`` to keep in step with it, nothing to build before installing: the wheel ships the
``.po`` files). ``tests/bot/test_italian.py`` fails while a message has no Italian.

For translators: a side's name arrives as a bare placeholder (``{side}``, ``{role}``: "Asse").
Where the language puts an article or a preposition before it, the translation writes the
form as the placeholder's format spec: ``{side:the}`` ("l'Asse", "il Sovietico"), ``{side:of}``
("dell'Asse"), ``{side:to}`` ("all'Asse"), ``{side:from}`` ("dall'Asse"), capitalised at the
start of a sentence (``{side:The}`` -> "L'Asse"). Each side's forms are catalogue entries under
the contexts ``side-the``, ``side-of``, ``side-to``, ``side-from`` (``bot.terms``); English
templates never use them. Use a form only on a placeholder that holds a side's name: any other
text (a user's name, a list of sides) reads bare, and a value that is a whole message of its own
cannot take it (the message then falls back to its English template).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from bot.terms import ARTICLE_CONTEXTS, PLACEHOLDER, PLACEHOLDER_CONTEXT, SIDE_CONTEXT, SIDE_NAMES
from engine.game import VerbInfo
from engine.markerwords import MARKER_CONTEXT
from engine.text import Text
from engine.verbs import typed_syntax

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "adjutant"
DEFAULT_LANGUAGE = "en"
#: The language of the reader being written for now, where a caller cannot pass it (the service
#: sets it around each picture it draws; the picture functions of ``bot.pictures`` default to it).
SPEAKING: ContextVar[str] = ContextVar("adjutant_speaking", default=DEFAULT_LANGUAGE)
#: The verbs of the game being answered (the service sets them around each request about one
#: campaign): an order's syntax in a refusal ("Syntax: move UNIT HEX") writes its verb as the
#: reader types it ("Sintassi: muovi UNITÀ ESAGONO"); outside a game the verb stays as written.
ANSWERING: ContextVar[Mapping[str, VerbInfo] | None] = ContextVar("adjutant_answering", default=None)


@contextmanager
def answering(verbs: Mapping[str, VerbInfo]) -> Iterator[None]:
    """Write the syntax of ``verbs`` (a game's, by name) as their readers type them meanwhile."""
    token = ANSWERING.set(verbs)
    try:
        yield
    finally:
        ANSWERING.reset(token)


class Translator:
    """A language's catalogue as ``Text.format`` uses it: called with a template, and with an
    ``ngettext`` for the messages that count something."""

    def __init__(self, translations: NullTranslations, language: str = DEFAULT_LANGUAGE) -> None:
        self.language = language  # the language a ``Named`` parameter is read in
        self.gettext: Callable[[str], str] = translations.gettext
        self.ngettext: Callable[[str, str, int], str] = translations.ngettext
        self._pgettext: Callable[[str, str], str] = translations.pgettext

    def term(self, value: str) -> str:
        """A game's side name in this language (``bot.terms``), also capitalised ("Axis") or as a
        list ("axis, soviet"); any other value unchanged."""
        if value.casefold() in SIDE_NAMES:
            return self._side(value)
        if ", " in value:
            items = value.split(", ")
            if all(item.casefold() in SIDE_NAMES for item in items):
                return PlainWord(", ".join(self._side(item) for item in items))
        return PlainWord(value)

    def marker(self, text: str) -> str:
        """A map marker's tag in this language (``engine.markerwords``): the whole text, else its
        pattern with its number as {n} or its first word as {x}; unknown: unchanged."""
        words = text.split(" ")
        numbers = [w for w in words if w.isdigit()]
        tries = [(text, "", "")]
        if len(numbers) == 1:
            tries.append((" ".join("{n}" if w.isdigit() else w for w in words), "{n}", numbers[0]))
        if len(words) > 1:
            tries.append((" ".join(["{x}", *words[1:]]), "{x}", words[0]))
        for key, slot, value in tries:
            said = self._pgettext(MARKER_CONTEXT, key)
            if said != key:
                return said.replace(slot, value) if slot else said
        return text

    def placeholder(self, context: str, word: str) -> str:
        """A placeholder of an order's syntax (``bot.placeholders``) in this language; unknown: unchanged."""
        return self._pgettext(context, word)

    def syntax(self, value: str) -> str:
        """An order's syntax ("move UNIT HEX") with each placeholder in this language ("move UNITÀ
        ESAGONO"); when it is a verb of the game being answered (``ANSWERING``), the verb and its
        keywords as a reader of this language types them ("muovi UNITÀ ESAGONO [esteso]", as help
        writes it), else as written (the parser reads them)."""
        info = (ANSWERING.get() or {}).get(value.split(" ", 1)[0])
        if info is not None:
            value = typed_syntax(value, info.name, info.typed_in(self.language), self.language)
        return PLACEHOLDER.sub(lambda m: self.placeholder(PLACEHOLDER_CONTEXT, m.group(0)), value)

    def _side(self, value: str) -> str:
        said = self._pgettext(SIDE_CONTEXT, value.casefold())
        # Untranslated (English): the side's name, capitalised as a name ("axis" -> "Axis"), never the role key.
        name = value[:1].upper() + value[1:] if said == value.casefold() else said
        forms = {}
        for spec, context in ARTICLE_CONTEXTS.items():
            form = self._pgettext(context, value.casefold())
            forms[spec] = name if form == value.casefold() else form
        return SideWord(name, forms)

    def __call__(self, template: str) -> str:
        # gettext("") is the catalogue's header, never an empty text's translation.
        return self.gettext(template) if template else template


class SideWord(str):
    """A side's name as a message parameter: the bare name, and with its article when the
    translation asks for it with a format spec (``{side:of}`` -> "dell'Asse"; ``{side:Of}``
    capitalised, for the start of a sentence; see ``bot.terms.ARTICLE_CONTEXTS``)."""

    forms: dict[str, str]

    def __new__(cls, name: str, forms: dict[str, str]) -> SideWord:
        word = super().__new__(cls, name)
        word.forms = forms
        return word

    def __format__(self, spec: str) -> str:
        form = self.forms.get(spec.lower()) if spec else None
        if form is None:
            return str.__format__(str(self), spec)
        return form[:1].upper() + form[1:] if spec[:1].isupper() else form


class PlainWord(str):
    """A parameter that is no single side's name (a unit, a user, a list of sides): an article
    form asked of it (``{who:of}``) reads the bare value, so that the translation stays in its
    language rather than falling back to the English template."""

    def __format__(self, spec: str) -> str:
        if spec.lower() in ARTICLE_CONTEXTS:
            return str(self)
        return str.__format__(str(self), spec)


def catalogue_path(language: str) -> Path:
    """Where the catalogue of ``language`` lives (it may not exist)."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def languages() -> tuple[str, ...]:
    """The languages Adjutant speaks: English and every language with a catalogue."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (DEFAULT_LANGUAGE, *(lang for lang in found if lang != DEFAULT_LANGUAGE))


def language_of(code: str | None) -> str | None:
    """The language Adjutant speaks for ``code`` (``it``, ``IT``, ``it-IT``, ``it_CH``, ...), or
    ``None`` when it speaks none such."""
    if not code:
        return None
    base = code.strip().replace("_", "-").split("-")[0].lower()
    return base if base in languages() else None


@cache
def translator(language: str = DEFAULT_LANGUAGE) -> Translator:
    """The catalogue of ``language``; English (the templates themselves) for an unknown one."""
    path = catalogue_path(language)
    if language == DEFAULT_LANGUAGE or not path.is_file():
        return Translator(NullTranslations())
    with path.open("rb") as f:
        catalog = read_po(f, locale=language, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translator(Translations(compiled, domain=DOMAIN), language)


def side_of(word: str) -> str | None:
    """The side ``word`` names in any language Adjutant speaks ("Asse" -> "axis"), or ``None``."""
    wanted = word.strip().casefold()
    for side in SIDE_NAMES:
        if any(translator(lang).term(side).casefold() == wanted for lang in languages()):
            return side
    return None


def render(text: Text | str, language: str = DEFAULT_LANGUAGE, viewer: str | None = None) -> str:
    """The text in ``language`` as ``viewer`` may read it (secret parameters masked for everybody
    they do not belong to; ``None`` reads everything), parameters filled in after translation."""
    if isinstance(text, str):
        return translator(language)(text)
    return text.format(translator(language), viewer)
