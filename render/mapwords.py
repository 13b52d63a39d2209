"""The generic words of a map's data in the reader's language: a map's name marked "(provisional
map)" and places named by their kind and hex or number ("village 1313", "Objective 1").

Map and place names proper stay as the data spells them (they are the rulebook's names); only the
generic part comes through the catalogue.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.hexgrid import Label
from engine.mapdata import MapData
from engine.text import Text, t

PROVISIONAL = " (provisional map)"


def map_title(name: str) -> Text | str:
    """A map's name, its "(provisional map)" mark in the reader's language."""
    if name.endswith(PROVISIONAL):
        return t("{name} (provisional map)", name=name[: -len(PROVISIONAL)])
    return name


def place_name(name: str) -> Text | str:
    """A place's name, a generic one ("village 1313", "Objective 1") in the reader's language."""
    word, space, rest = name.partition(" ")
    if not space or " " in rest:
        return name
    generic = {
        "village": t("village {x}", x=rest),
        "Objective": t("Objective {x}", x=rest),
    }
    return generic.get(word, name)


def place_labels(board: MapData, translate: Callable[[str], str] | None) -> dict[Label, str]:
    """The names the map layer draws, by hex, in the reader's language (``translate``, a
    ``bot.i18n`` translator; ``None``: as the data spells them)."""
    out: dict[Label, str] = {}
    for label, place in board.places.items():
        said = place_name(place.name)
        out[label] = said.format(translate) if isinstance(said, Text) else said
    return out
