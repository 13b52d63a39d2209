"""An unchanged picture is not drawn again; any change, another viewer or another map draws afresh."""

import pytest

from engine.mapview import map_view
from render import drawn, images, terrain
from render.images import render_view
from tests.render.fakes import FakeGame, sample_view, unit


@pytest.fixture
def composed(monkeypatch):
    """How many pictures were composed (drawn, not taken from the kept ones)."""
    drawn.forget()
    calls: list[str] = []
    real = images.compose

    def spy(*args, **kwargs):
        calls.append(args[3])
        return real(*args, **kwargs)

    monkeypatch.setattr(images, "compose", spy)
    yield calls
    drawn.forget()


def _moved() -> dict:
    view = sample_view()
    view["units"] = [*view["units"][:-1], unit("new", "0702", side="soviet")]
    return view


def test_the_same_view_is_drawn_once(composed):
    """The same viewer's same map gives the same bytes, composed once."""
    game = FakeGame()
    first = render_view(game, map_view(sample_view()), "axis", False)
    assert render_view(game, map_view(sample_view()), "axis", False) == first
    assert composed == ["axis"]


def test_a_changed_view_is_drawn_afresh(composed):
    """One counter more on the map is another picture."""
    game = FakeGame()
    first = render_view(game, map_view(sample_view()), "axis", False)
    assert render_view(game, map_view(_moved()), "axis", False) != first
    assert len(composed) == 2


def test_another_viewer_never_gets_a_kept_picture(composed):
    """Two viewers of equal maps each get a picture drawn for them."""
    game = FakeGame()
    render_view(game, map_view(sample_view()), "axis", False)
    render_view(game, map_view(sample_view()), "soviet", False)
    render_view(game, map_view(sample_view()), "public", False)
    assert composed == ["axis", "soviet", "public"]


def test_the_full_map_and_the_action_crop_are_different_pictures(composed):
    """The whole map is not the action crop kept for the same view."""
    game = FakeGame()
    render_view(game, map_view(sample_view()), "axis", False)
    render_view(game, map_view(sample_view()), "axis", True)
    assert len(composed) == 2


def test_another_map_is_drawn_afresh(composed):
    """The same view on another board's data is drawn on that board."""
    from engine.mapdata import load_map
    from tests.render.fakes import TEXTS

    texts = dict(TEXTS, **{"terrain.txt": TEXTS["terrain.txt"].replace("01 ~~..ffmA", "01 ~~..fffA")})
    render_view(FakeGame(), map_view(sample_view()), "axis", True)
    render_view(FakeGame(board=load_map(texts)), map_view(sample_view()), "axis", True)
    assert len(composed) == 2


def test_forgetting_the_rasters_forgets_the_pictures(composed):
    """terrain.clear_memory() also drops the pictures drawn on the forgotten rasters."""
    game = FakeGame()
    render_view(game, map_view(sample_view()), "axis", False)
    terrain.clear_memory()
    render_view(game, map_view(sample_view()), "axis", False)
    assert len(composed) == 2


def test_only_the_latest_pictures_are_kept(composed):
    """Past PICTURES_KEPT other pictures, the first one is drawn again."""
    game = FakeGame()
    render_view(game, map_view(sample_view()), "axis", False)
    for n in range(drawn.PICTURES_KEPT):
        view = sample_view()
        view["status"]["turn"] = 100 + n
        render_view(game, map_view(view), "axis", False)
    render_view(game, map_view(sample_view()), "axis", False)
    assert len(composed) == drawn.PICTURES_KEPT + 2
