"""The catalogue files as the Italian tests read them: the template, a catalogue, re-extraction."""

from __future__ import annotations

import string
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "bot" / "locale" / "adjutant.pot"
#: The folders ``pybabel extract -F bot/locale/babel.cfg -k t ... engine bot render`` reads.
SOURCES = ("engine", "bot", "render")


def read_catalogue(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def msgid_key(msgid: str | tuple[str, ...]) -> tuple[str, ...]:
    """A message's identity: its template, or its singular and plural templates."""
    return (msgid,) if isinstance(msgid, str) else tuple(msgid)


def template_ids() -> set[tuple[str, ...]]:
    return {msgid_key(m.id) for m in read_catalogue(TEMPLATE) if m.id}


def extracted_ids() -> set[tuple[str, ...]]:
    """What the extraction command finds in the code now (``t`` and Babel's default keywords)."""
    keywords = {**DEFAULT_KEYWORDS, "t": None}
    found: set[tuple[str, ...]] = set()
    for folder in SOURCES:
        for _, _, message, *_ in extract_from_dir(str(ROOT / folder), method_map=[("**.py", "python")], keywords=keywords):
            found.add(msgid_key(message))
    return found


def placeholders(template: str) -> list[str]:
    """The ``{name:spec!conv}`` fields of a template, sorted (each as written, spec included)."""
    out = []
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is not None:
            out.append(f"{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}")
    return sorted(out)
