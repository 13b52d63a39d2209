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
