"""User-facing text as data: a template and its parameters, translated outside the engine.

The engine never formats final prose in one language. It returns ``Text`` values whose
template is a message-catalogue key (English source text, extracted by Babel through the
``t`` keyword) and whose parameters are filled in after translation by the application.

A parameter may be a ``Secret``: a value that only some viewers may read (the player who gave
an order, the owner of a hand). The text is rendered *for a viewer*, and everybody else reads
the secret's public face instead. This is how one log entry, one refusal or one echo can be
shown to everyone without quoting what only its owner may know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Who reads everything: the referee (and the engine's own tests when no viewer is given).
ALL_SEEING = "referee"


@dataclass(frozen=True)
class Secret:
    """A value only ``to`` (and the referee) may read; every other viewer reads ``shown``."""

    value: Any
    to: tuple[str, ...]
    shown: Any = None

    def for_viewer(self, viewer: str | None) -> Any:
        """The value as ``viewer`` may read it (``None`` means the all-seeing referee)."""
        if viewer is None or viewer == ALL_SEEING or viewer in self.to:
            return self.value
        return self.shown if self.shown is not None else SECRET_FACE

    def to_json(self) -> dict[str, Any]:
        return {"$secret": _param_json(self.value), "to": list(self.to), "shown": _param_json(self.shown)}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Secret:
        return Secret(_param_from_json(data["$secret"]), tuple(str(r) for r in data.get("to", ())), _param_from_json(data.get("shown")))


@dataclass(frozen=True)
class Text:
    """A translatable message: ``template`` with ``{name}`` placeholders and their values.

    A message that counts something also has a ``plural`` template and the ``count`` that
    chooses between them (``ngettext``): each language picks its own form for the count.
    """

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: int = 1

    def source(self) -> str:
        """The English template this text uses for its count."""
        if self.plural is None or self.count == 1:
            return self.template
        return self.plural

    def format(self, translate: Any = None, viewer: str | None = None) -> str:
        """Render the text for ``viewer`` (``None``: everything), translating with ``translate``
        (a callable of the template; its ``ngettext`` attribute, if any, translates plurals)."""
        template = self._translated(translate)
        source = self.source()
        # A parameter quoted in the template ("'{word}' is not a hex") is what was typed: shown as typed.
        values = {k: _render_param(v, translate, viewer, f"'{{{k}}}'" in source) for k, v in self.params.items()}
        # An order's syntax ("Syntax: {syntax}") writes its placeholders (UNIT, HEX) in the reader's language.
        said = getattr(translate, "syntax", None)
        if said is not None and isinstance(self.params.get("syntax"), str):
            values["syntax"] = said(self.params["syntax"])
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return self.source().format(**values)

    def _translated(self, translate: Any) -> str:
        if not translate:
            return self.source()
        if self.plural is None:
            return str(translate(self.template))
        plural_of = getattr(translate, "ngettext", None)
        if plural_of is None:
            return self.source()
        return str(plural_of(self.template, self.plural, self.count))

    def __str__(self) -> str:
        return self.format()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.template, "p": {k: _param_json(v) for k, v in self.params.items()}}
        if self.plural is not None:
            out["pl"] = self.plural
            out["n"] = self.count
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Text:
        params = {k: _param_from_json(v) for k, v in data.get("p", {}).items()}
        plural = data.get("pl")
        if plural is None:
            return Text(str(data["t"]), params)
        return Text(str(data["t"]), params, str(plural), int(data.get("n", 1)))

    def secrets(self) -> list[Secret]:
        """Every secret parameter, nested ones included."""
        out: list[Secret] = []
        for v in self.params.values():
            if isinstance(v, Secret):
                out.append(v)
                for inner in (v.value, v.shown):
                    if isinstance(inner, Text):
                        out += inner.secrets()
            elif isinstance(v, Text):
                out += v.secrets()
        return out


@dataclass(frozen=True)
class Named:
    """A proper name printed differently per language (a card's title as the Italian rulebook
    prints it): ``value`` for English (and any language not in ``names``), ``names[language]``
    for a reader of that language (the translator's ``language``)."""

    value: str
    names: Mapping[str, str] = field(default_factory=dict)

    def in_language(self, language: str | None) -> str:
        return self.names.get(language, self.value) if language else self.value

    def __str__(self) -> str:
        return self.value

    def to_json(self) -> dict[str, Any]:
        return {"$named": self.value, "names": dict(self.names)}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Named:
        return Named(str(data["$named"]), {str(k): str(v) for k, v in data.get("names", {}).items()})


def t(template: str, **params: Any) -> Text:
    """Mark ``template`` for translation and bind its parameters."""
    return Text(template, params)


def ngettext(singular: str, plural: str, n: int, **params: Any) -> Text:
    """Mark a message that counts ``n`` things: ``singular`` and ``plural`` English templates,
    ``n`` bound as the parameter ``{n}`` (with ``params``). Babel extracts it by its default
    ``ngettext`` keyword, so the catalogue command needs nothing more than ``-k t``."""
    return Text(singular, {"n": n, **params}, plural, n)


def joined(items: Sequence[Text | str], separator: str = "; ") -> Text | str:
    """``items`` as one text, each translated in the reader's language, separated by "; " or ", "
    (the only separators: a template stays a literal the catalogue knows)."""
    if not items:
        return ""
    out: Text | str = items[-1]
    for item in reversed(items[:-1]):
        out = t("{head}, {tail}", head=item, tail=out) if separator == ", " else t("{head}; {tail}", head=item, tail=out)
    return out if isinstance(out, Text) else t("{item}", item=out)


SECRET_FACE = t("(secret)")


def _render_param(value: Any, translate: Any, viewer: str | None, typed: bool = False) -> Any:
    if isinstance(value, Secret):
        value = value.for_viewer(viewer)
    if isinstance(value, Text):
        return value.format(translate, viewer)
    if isinstance(value, Named):
        value = value.in_language(getattr(translate, "language", None))
    if isinstance(value, str):
        # A side's name ("axis", "soviet"...) as a parameter reads in the reader's language: the
        # translator's ``term`` knows the games' side names and returns anything else unchanged.
        term = getattr(translate, "term", None)
        if term is not None and not typed:
            return term(value)
    return value


def _param_json(value: Any) -> Any:
    if isinstance(value, Text | Secret | Named):
        return value.to_json()
    return value


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "$secret" in value:
        return Secret.from_json(value)
    if isinstance(value, dict) and "$named" in value:
        return Named.from_json(value)
    if isinstance(value, dict) and "t" in value:
        return Text.from_json(value)
    return value
