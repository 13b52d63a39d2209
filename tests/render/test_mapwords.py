"""The map's generic words (render/mapwords.py) read in the reader's language; names stay data."""

from bot.i18n import render, translator
from engine import registry
from engine.mapview import map_view
from render import terrain
from render.describe import describe
from render.geometry import Layout
from render.images import render_view
from render.mapwords import map_title, place_labels, place_name
from render.style import load_style
from render.terrain import layer_key
from render.terrain_svg import terrain_svg


def test_the_provisional_mark_of_a_map_name_reads_in_italian():
    """'(provisional map)' is translated and the map's own name kept."""
    assert render(map_title("The Caucasus Campaign (provisional map)"), "it") == "The Caucasus Campaign (mappa provvisoria)"
    assert render(map_title("The Caucasus Campaign (provisional map)"), "en") == "The Caucasus Campaign (provisional map)"


def test_generic_place_names_read_in_italian_and_proper_names_stay():
    """'village 1313' and 'Objective 1' are generic; 'Rostov' and two-word names are names."""
    assert [render(place_name(n), "it") for n in ("village 1313", "Objective 1", "Rostov", "Nowy Dwór")] == [
        "villaggio 1313", "Obiettivo 1", "Rostov", "Nowy Dwór",
    ]


def test_the_description_of_an_italian_picture_names_the_map_in_italian():
    """The alt text's first sentence carries the Italian mark of a provisional map."""
    text = describe(registry.get("caucasus"), map_view({}), full=True, translate=translator("it"))
    assert "(mappa provvisoria)" in text.split(".")[0] and "provisional" not in text


def test_the_map_layer_names_a_village_in_the_readers_language():
    """The picture's place labels of Across the Bug River read 'villaggio 1313' in Italian, 'village 1313' in English."""
    board = registry.get("across-the-bug-river").board
    assert board is not None and "1313" in board.places
    assert place_labels(board, translator("it"))["1313"] == "villaggio 1313"
    assert place_labels(board, translator("en"))["1313"] == "village 1313"
    svg = terrain_svg(board, Layout.of(board.grid, 10.0), load_style("across-the-bug-river"), place_labels(board, translator("it")))
    assert ">villaggio 1313<" in svg and ">village 1313<" not in svg


def test_the_cached_map_layer_is_keyed_by_the_names_it_draws():
    """An Italian raster is another cache entry than the English one, and the English key is the one it always was."""
    board = registry.get("across-the-bug-river").board
    assert board is not None
    style = load_style("across-the-bug-river")
    english, italian = place_labels(board, translator("en")), place_labels(board, translator("it"))
    assert layer_key(board, style, 10.0, italian) != layer_key(board, style, 10.0, english)
    assert layer_key(board, style, 10.0, english) == layer_key(board, style, 10.0)


def test_an_italian_picture_draws_the_italian_place_names(monkeypatch, tmp_path):
    """render_view with the Italian translator hands the map layer the Italian labels (the SVG it rasterises)."""
    monkeypatch.setenv("ADJUTANT_CACHE", str(tmp_path))
    terrain.clear_memory()
    drawn: list[str] = []
    real = terrain.terrain_svg

    def spy(*args, **kwargs):
        svg = real(*args, **kwargs)
        drawn.append(svg)
        return svg

    monkeypatch.setattr(terrain, "terrain_svg", spy)
    game = registry.get("across-the-bug-river")
    try:
        assert render_view(game, map_view({}).focused("1313"), "public", False, translate=translator("it")) is not None
    finally:
        terrain.clear_memory()
    assert drawn and ">villaggio 1313<" in drawn[0]
