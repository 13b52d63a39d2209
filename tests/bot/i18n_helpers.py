"""The catalogue files as the Italian tests read them: the template, a catalogue, re-extraction."""

from __future__ import annotations

import ast
import string
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from bot.terms import ARTICLE_CONTEXTS

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


def literal_calls() -> list[tuple[str, int, str]]:
    """Every ``t("...")``/``ngettext("...", ...)`` call with a literal template, found by parsing the
    code (so a call the extractor cannot see, inside an f-string or nested two calls deep, is found):
    (file, line, template)."""
    out = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("t", "ngettext")
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
                    and node.args[0].value
                ):
                    out.append((str(path.relative_to(ROOT)), node.lineno, node.args[0].value))
    return out


def placeholders(template: str) -> list[str]:
    """The ``{name:spec!conv}`` fields of a template, sorted (each as written, spec included,
    except a side's article form, ``{side:of}``, which a translation adds deliberately:
    ``bot.terms.ARTICLE_CONTEXTS``)."""
    out = []
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is not None:
            if spec and spec.lower() in ARTICLE_CONTEXTS:
                spec = ""
            out.append(f"{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}")
    return sorted(out)
