"""The provisional tactical maps (issue 15): their layers, their five objectives, and what LOS reads from them."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.datafiles import read_texts
from engine.games.combat_commander.data import PACKAGE, load
from engine.hexgrid import hexside
from tests.engine.games.combat_commander.helpers import GAME

DATA = load()
MAPS = ("farm", "village", "hill")
NEW_MAPS = ("village", "hill")


@pytest.mark.parametrize("name", MAPS)
def test_every_map_file_says_it_is_provisional(name: str) -> None:
    """Each file of each map says PROVISIONAL on its first line (README, provisional data)."""
    texts = read_texts(PACKAGE, f"data/maps/{name}")
    assert {"map.toml", "terrain.txt", "levels.txt", "hexsides.txt", "lines.txt", "places.txt", "zones.txt", "los.txt"} <= set(texts)
    assert all("PROVISIONAL" in text.splitlines()[0] for text in texts.values())


@pytest.mark.parametrize("name", MAPS)
def test_every_map_has_five_numbered_objectives(name: str) -> None:
    """Five objectives per map, numbered 1 to 5 (2.3)."""
    board = DATA.maps[name]
    assert sorted(p.get("number") or "" for p in board.places.values() if p.kind == "objective") == ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize("name", NEW_MAPS)
def test_new_maps_hold_the_terrain_of_a_european_village_landscape(name: str) -> None:
    """Buildings, woods, orchards, a stream, walls, hedges, roads and trails (issue 15's map list)."""
    board = DATA.maps[name]
    kinds = Counter(board.terrain.values())
    assert all(kinds[k] for k in ("building", "woods", "orchard", "stream"))
    features = {f for feats in board.sides.values() for f in feats}
    assert {"wall", "hedge"} <= features
    assert {"road", "trail"} <= set(board.lines)


@pytest.mark.parametrize(("name", "top"), [("village", 2), ("hill", 3)])
def test_new_maps_have_a_hill_of_two_or_more_levels(name: str, top: int) -> None:
    """Each new map has a hill whose levels rise one at a time, so every crest is one level high (T88)."""
    board, levels = DATA.maps[name], DATA.levels[name]
    assert max(levels.values()) == top
    assert all(abs(levels[a] - levels[b]) <= 1 for a in board.grid.labels() for b in board.neighbours(a))


@pytest.mark.parametrize("name", NEW_MAPS)
def test_the_stream_is_one_connected_course(name: str) -> None:
    """The stream hexes, and any Main Bridge over them (T80.1), form one chain from map side to map side (T95)."""
    board = DATA.maps[name]
    stream = {h for h, k in board.terrain.items() if k in ("stream", "main_bridge")}
    start = min(stream)
    seen, todo = {start}, [start]
    while todo:
        for n in board.neighbours(todo.pop()):
            if n in stream and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == stream


@pytest.mark.parametrize("name", MAPS)
def test_the_map_carries_its_elevation_layer_for_the_pictures(name: str) -> None:
    """The loaded map holds its levels, which the renderer shades (T88)."""
    assert DATA.maps[name].levels == DATA.levels[name]


def test_a_hill_between_two_lower_hexes_blocks() -> None:
    """On Hill 112, the level-3 crest blocks LOS between level-0 hexes on either side (T88.3.3)."""
    sight = GAME._boards["hill"].sight("C5", "K5", {}, frozenset())
    assert sight.blocked and any(c.rule == "T88.3.3" for c in sight.blocks)


def test_the_hilltop_sees_down_to_the_valley() -> None:
    """From the level-3 top a hex at level 0 beyond lower slopes is seen (T88.3.2)."""
    assert GAME._boards["hill"].sight("H5", "M2", {}, frozenset()).clear


def test_a_walled_farmyard_blocks_lines_across_its_wall() -> None:
    """The village's farmyard walls are obstacles on the hexsides they stand on (10.1, T97)."""
    board = DATA.maps["village"]
    walls = [k for k, f in board.sides.items() if "wall" in f]
    assert walls and all(k == hexside(*k) for k in walls)
    sight = GAME._boards["village"].sight("I8", "G6", {}, frozenset())
    assert any(c.what == "wall" for c in sight.blocks)
