"""The map's compass (2.2.2): one numbering for the artillery's drift (O18.2.2) and the Breeze (E48)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.games.combat_commander import compass
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
    texts,
)


@pytest.mark.parametrize("name", sorted(DATA.maps))
def test_every_map_transcribes_a_compass_that_agrees_with_2_2_2(name: str) -> None:
    """Each map's [compass] gives 1 the top, 2 the bottom, 3-4 the right side, 5-6 the left side (2.2.2)."""
    board = DATA.maps[name]
    assert board.meta.get("compass") and compass.problems(board) == []
    assert compass.table(board)[1] == "N" and compass.table(board)[2] == "S"


def test_a_compass_pointing_3_to_the_left_is_refused() -> None:
    """2.2.2: 3 and 4 are on the right side; a table sending 3 to the upper left is a problem."""
    board = DATA.maps["farm"]
    bad = dict(board.meta)
    bad["compass"] = {**board.meta["compass"], "3": "NW", "6": "NE"}
    found = compass.problems(dataclasses.replace(board, meta=bad))
    assert any("[compass] 3" in p for p in found) and any("[compass] 6" in p for p in found)


def test_a_compass_missing_a_number_is_refused() -> None:
    """2.2.2 numbers six directions: a table without 6 is a problem."""
    board = DATA.maps["farm"]
    bad = dict(board.meta)
    bad["compass"] = {k: v for k, v in board.meta["compass"].items() if k != "6"}
    assert compass.problems(dataclasses.replace(board, meta=bad)) == ["[compass] must give the numbers 1 to 6 (2.2.2)"]


def test_an_inaccurate_round_drifts_along_compass_3_the_upper_right() -> None:
    """O18.2.2.2 with R43: white 3 is the upper right (the map's [compass] 3 = NE), red 2 the distance in hexes."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "N9"})
    cid = hold(m, "axis", "artillery_request")
    accuracy = find("axis", white=1, red=1, trigger="", exclude=(cid,))
    stack(m, "axis", [accuracy, find("axis", white=3, red=2, exclude=(cid, accuracy))])
    recs = play(m, "axis", "artillery-request", cid, "g-l1", "G8")
    grid = GAME.board_for(m.state).map.grid
    ne = compass.NAMES.index("NE")
    expected = grid.neighbour(grid.neighbour("G8", ne) or "", ne)
    assert any(f"drifts from G8 to {expected}" in line for line in texts(recs))
