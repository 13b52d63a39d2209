"""Elevation in the map pictures: raised hexes shaded by level, crest lines between levels, the scenario's own map."""

from __future__ import annotations

import dataclasses

from engine import registry
from engine.games.combat_commander.data import load
from engine.kernel import Match
from render.describe import describe
from render.geometry import Layout
from render.style import load_style
from render.terrain import map_digest
from render.terrain_svg import terrain_svg

DATA = load()


def svg(levels: dict[str, int]) -> str:
    board = dataclasses.replace(DATA.maps["farm"], levels=levels)
    return terrain_svg(board, Layout.of(board.grid, 20.0), load_style("combat_commander"))


def test_a_flat_map_has_no_crest_lines() -> None:
    """Without levels nothing is shaded and no crest is drawn."""
    style = load_style("combat_commander")
    assert style.map_colour("crest") not in svg({})


def test_raised_hexes_are_shaded_darker_per_level() -> None:
    """Level 1 and level 2 hexes get two shades, the higher darker."""
    text = svg({"C3": 1, "C4": 2})
    assert 'fill-opacity="0.16"' in text and 'fill-opacity="0.32"' in text


def test_crest_lines_run_between_levels() -> None:
    """A crest line is drawn on the hexsides between different levels (T88.3.1, RULINGS R1)."""
    style = load_style("combat_commander")
    assert f'stroke="{style.map_colour("crest")}"' in svg({"C3": 1})


def test_levels_change_the_cached_map() -> None:
    """The terrain raster's cache key changes with the levels, so a new hill is redrawn."""
    board = DATA.maps["farm"]
    assert map_digest(board) != map_digest(dataclasses.replace(board, levels={}))


def test_the_description_names_the_scenario_s_map() -> None:
    """A picture of the village scenario is described as the village map, not the game's first map."""
    game = registry.get("combat_commander")
    m = Match.new(game, "village", game.options, "cc-describe")
    text = describe(game, m.observe("public").map, True)
    assert text.startswith("Whole map of Village crossroads")


def test_the_village_s_main_bridge_is_drawn_as_a_plank_deck_over_the_stream() -> None:
    """T80.1: the village's bridge hex (I9) is painted in its own style, the stream's blue under a deck of planks."""
    style = load_style("combat_commander")
    paint = style.terrain("main_bridge")
    text = terrain_svg(DATA.maps["village"], Layout.of(DATA.maps["village"].grid, 20.0), style)
    assert paint.pattern == "planks" and paint.fill == style.terrain("stream").fill
    assert f'<rect x="0" y="0.9" width="6.0" height="3.6" fill="{paint.ink}"/>' in text
