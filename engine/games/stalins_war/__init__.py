"""Stalin's War (La Guerra di Stalin): the Eastern Front 1941-1945, card-driven, with hidden hands."""

from __future__ import annotations

from typing import Any


def make_game() -> Any:
    from engine.games.stalins_war.game import make_game as make

    return make()
