"""The terrain is rasterised by cairosvg once per (map, scale), then reused from memory or disk."""

import pytest

from render import terrain
from render.images import render_match
from tests.render.fakes import FakeGame, FakeMatch


@pytest.fixture
def counted(monkeypatch, tmp_path):
    monkeypatch.setenv("ADJUTANT_CACHE", str(tmp_path))
    terrain.clear_memory()
    calls = []
    real = terrain.cairosvg.svg2png

    def spy(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(terrain.cairosvg, "svg2png", spy)
    yield calls
    terrain.clear_memory()


def test_second_render_does_not_call_cairosvg(counted):
    """Two renders at the same scale rasterise the map once."""
    game = FakeGame()
    render_match(game, FakeMatch(game), "axis", full=False)
    render_match(game, FakeMatch(game), "soviet", full=False)
    assert len(counted) == 1


def test_disk_cache_survives_a_restart(counted, tmp_path):
    """After the memory cache is lost, the raster comes from disk, not cairosvg."""
    game = FakeGame()
    render_match(game, FakeMatch(game), "axis", full=True)
    assert len(counted) == 1 and list(tmp_path.glob("terrain-*.png"))
    terrain.clear_memory()
    render_match(game, FakeMatch(game), "axis", full=True)
    assert len(counted) == 1


def test_a_changed_map_gets_a_new_raster(counted):
    """The cache key follows the map data: a different map is rasterised afresh."""
    from engine.mapdata import load_map
    from tests.render.fakes import TEXTS

    game = FakeGame()
    render_match(game, FakeMatch(game), "axis", full=True)
    texts = dict(TEXTS, **{"terrain.txt": TEXTS["terrain.txt"].replace("01 ~~..ffmA", "01 ~~..fffA")})
    other = FakeGame(board=load_map(texts))
    render_match(other, FakeMatch(other), "axis", full=True)
    assert len(counted) == 2
