"""The village map's stream (T95): one hex wide, from the west edge to the east edge."""

from __future__ import annotations

from tests.engine.games.combat_commander.helpers import DATA, GAME

BOARD = DATA.maps["village"]
#: The stream's course, the Main Bridge that carries the road over it at I9 included (T80.1).
STREAM = sorted(h for h, kind in BOARD.terrain.items() if kind in ("stream", "main_bridge"))


def stream_neighbours(label: str) -> list[str]:
    return [n for n in BOARD.grid.neighbours(label) if n in STREAM]


def test_the_stream_is_one_hex_wide() -> None:
    """Every Stream hex touches at most two others (a chain, not a two-row band), and its two ends one each."""
    assert all(len(stream_neighbours(h)) <= 2 for h in STREAM)
    assert sum(1 for h in STREAM if len(stream_neighbours(h)) == 1) == 2


def test_the_stream_runs_from_the_west_edge_to_the_east_edge() -> None:
    """The chain is connected and its ends lie in columns A and O."""
    seen, todo = {STREAM[0]}, [STREAM[0]]
    while todo:
        for n in stream_neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    ends = sorted(h[0] for h in STREAM if len(stream_neighbours(h)) == 1)
    assert seen == set(STREAM) and ends == ["A", "O"]


def test_no_objective_or_set_up_hex_is_in_the_stream() -> None:
    """The objectives (2.3) and the village scenario's set-up hexes stay out of the Water (T95), and the data validates."""
    objectives = [p.hex for p in BOARD.places.values() if p.kind == "objective"]
    setup = [spec.split()[2] for side in DATA.scenarios["village"].sides.values() for spec in side["units"]]
    assert not set(objectives + setup) & set(STREAM)
    assert GAME.validate() == []
