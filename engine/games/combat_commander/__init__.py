"""Combat Commander: Europe (GMT Games): card-driven tactical infantry combat, 1939-45."""

from __future__ import annotations

from typing import Any


def make_game() -> Any:
    from engine.games.combat_commander.game import make_game as make

    return make()
