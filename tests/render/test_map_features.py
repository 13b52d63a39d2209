"""Hex features in the map pictures: what lies in a hex beside its terrain (``features.txt``), drawn over its paint."""

from __future__ import annotations

import dataclasses

from engine.games.combat_commander.data import load
from engine.mapdata import MapData
from render.geometry import Layout
from render.style import load_style
from render.terrain import map_digest
from render.terrain_svg import terrain_svg

DATA = load()


def svg(board: MapData) -> str:
    return terrain_svg(board, Layout.of(board.grid, 20.0), load_style("combat_commander"))


def test_the_hill_s_minor_bridge_is_drawn_as_a_plank_deck_along_its_road() -> None:
    """T80.2: the Minor Bridge at D9 is a deck in its own colours over the stream, along the road C10-D9-E10."""
    paint = load_style("combat_commander").terrain("minor_bridge")
    board = DATA.maps["hill"]
    lay = Layout.of(board.grid, 20.0)
    text = svg(board)
    assert paint.pattern == "deck" and f'stroke="{paint.ink}" stroke-width="12.4"' in text
    cx, cy = lay.center("D9")
    assert f"M{cx:.1f},{cy:.1f}L" in text


def test_a_map_without_features_draws_no_deck() -> None:
    """No feature, no deck: the village's Main Bridge is a terrain, painted as one."""
    paint = load_style("combat_commander").terrain("minor_bridge")
    assert paint.ink not in svg(DATA.maps["village"])
    assert paint.ink not in svg(dataclasses.replace(DATA.maps["hill"], features={}))


def test_features_change_the_cached_map() -> None:
    """The terrain raster's cache key changes with the map's features, so a new bridge is redrawn."""
    board = DATA.maps["hill"]
    assert map_digest(board) != map_digest(dataclasses.replace(board, features={}))
