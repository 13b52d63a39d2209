"""The real Caucasus map renders (skipped until its data files exist)."""

import io
from pathlib import Path

import pytest
from PIL import Image

import engine
from engine.mapdata import parse_map
from engine.mapview import map_view
from render.images import render_view
from render.synthetic import synthetic_units
from tests.render.fakes import FakeGame

MAP = Path(engine.__file__).resolve().parent / "games" / "caucasus" / "data" / "map"


@pytest.mark.skipif(not (MAP / "map.toml").is_file(), reason="the Caucasus map is not written yet")
def test_caucasus_map_renders_full_and_action():
    """The whole Caucasus map with 300 counters is a PNG under 1 MB, and so is an action crop."""
    texts = {p.name: p.read_text(encoding="utf-8") for p in MAP.iterdir() if p.is_file()}
    board, problems = parse_map(texts)
    assert board is not None, problems
    game = FakeGame(board=board)
    units = synthetic_units(board, 300)
    view = {"units": units, "status": {"turn": 1}, "last": {"focus": [units[0]["hex"]]}}
    for full in (True, False):
        data = render_view(game, map_view(view), "axis", full)
        assert data is not None and len(data) < 1_000_000
        assert Image.open(io.BytesIO(data)).format == "PNG"


def test_stalins_war_position_renders_with_a_blank_inactive_partisan():
    """The Stalin's War set-up draws on its map; an inactive Partisan is a blank counter (16.1.3)."""
    from engine import registry
    from engine.kernel import Match
    from render.images import describe

    game = registry.get("stalins-war")
    match = Match.new(game, "campaign", game.options, "render")
    match.state["units"]["su-partisan-7"].update(hex="2220", box=None, active=False)
    view = match.view("axis")
    hidden = [u for u in view["units"] if u.get("hidden")]
    assert len(hidden) == 1 and hidden[0]["values"] == "?" and "su-partisan-7" not in str(view)
    for full in (True, False):
        data = render_view(game, map_view(view), "axis", full)
        assert data is not None and Image.open(io.BytesIO(data)).format == "PNG"
    assert "3-3" not in describe(game, map_view(view), True).split("2220")[-1][:40]
