"""The Caucasus Campaign (La Campagna del Caucaso): Axis invasion of the Kuban and Caucasus, 1942."""

from __future__ import annotations

from typing import Any


def make_game() -> Any:
    from engine.games.caucasus.game import make_game as make

    return make()
