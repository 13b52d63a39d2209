"""The hexes whose occupation decides an objective's control (7.3.1, 7.3.1.1).

An objective in a building hex is the whole building, however many hexes it covers: a side
claims it only while every hex of the building is clear of enemy units (7.3.1.1). The
provisional maps draw no building outlines, so a building is the set of Building hexes joined
through their common hexsides (RULINGS R65). Any other objective is its own hex.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.games.combat_commander.board import Board
from engine.hexgrid import Label

BUILDING = "building"


def building(board: Board, label: Label) -> frozenset[Label]:
    """The Building hexes joined to ``label`` through common hexsides (R65), ``label`` included."""
    if board.terrain(label).name != BUILDING:
        return frozenset({label})
    seen = {label}
    todo = [label]
    while todo:
        here = todo.pop()
        for n in board.map.grid.neighbours(here):
            if n not in seen and board.terrain(n).name == BUILDING:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def areas(board: Board, objectives: Mapping[str, Label]) -> dict[str, frozenset[Label]]:
    """Each objective's number -> the hexes that decide its control (7.3.1.1)."""
    return {number: building(board, label) for number, label in objectives.items()}
