"""User-facing text as data: a template and its parameters, translated outside the engine.

The engine never formats final prose in one language. It returns ``Text`` values whose
template is a message-catalogue key (English source text, extracted by Babel through the
``t`` keyword) and whose parameters are filled in after translation by the application.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Text:
    """A translatable message: ``template`` with ``{name}`` placeholders and their values."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def format(self, translate: Any = None) -> str:
        """Render the text, translating the template with ``translate`` when given."""
        template = translate(self.template) if translate else self.template
        values = {
            k: (v.format(translate) if isinstance(v, Text) else v) for k, v in self.params.items()
        }
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return self.template.format(**values)

    def __str__(self) -> str:
        return self.format()

    def to_json(self) -> dict[str, Any]:
        return {
            "t": self.template,
            "p": {k: (v.to_json() if isinstance(v, Text) else v) for k, v in self.params.items()},
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Text:
        params = {
            k: (Text.from_json(v) if isinstance(v, dict) and "t" in v else v)
            for k, v in data.get("p", {}).items()
        }
        return Text(str(data["t"]), params)


def t(template: str, **params: Any) -> Text:
    """Mark ``template`` for translation and bind its parameters."""
    return Text(template, params)
