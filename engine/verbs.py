"""Verbs typed in other languages: a game's aliases per language, for reading and for help."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from engine.game import VerbInfo


def with_aliases(verbs: Iterable[VerbInfo], language: str, table: Mapping[str, tuple[str, ...]]) -> dict[str, VerbInfo]:
    """``verbs`` by name, each also typed with its ``language`` aliases from ``table``."""
    return {
        v.name: dataclasses.replace(
            v, aliases=v.aliases + table.get(v.name, ()), translated=v.translated + ((language, table.get(v.name, ())),)
        )
        for v in verbs
    }


#: The words typed after a verb in Italian that read as the English keywords the games parse
#: ("fronte fatto" is "front done", "attacca 3314 con gd-pz" is "attack 3314 with gd-pz").
ITALIAN_KEYWORDS: dict[str, str] = {
    "fatto": "done",
    "nessuno": "none",
    "nessuna": "none",
    "niente": "none",
    "tutti": "all",
    "tutte": "all",
    "con": "with",
    "mai": "never",
    "sempre": "always",
    "chiedi": "ask",
    "passa": "pass",
    "evento": "event",
    "rifornimento": "supply",
    "migliori": "best",
}


def english_keywords(line: str) -> str | None:
    """``line`` with its Italian keywords after the verb read in English, or ``None`` when it has none."""
    words = line.split()
    if len(words) < 2:
        return None
    rest = [ITALIAN_KEYWORDS.get(w.casefold(), w) for w in words[1:]]
    if rest == words[1:]:
        return None
    return " ".join([words[0], *rest])
