"""The map's generic words (render/mapwords.py) read in the reader's language; names stay data."""

from bot.i18n import render, translator
from engine import registry
from engine.mapview import map_view
from render.describe import describe
from render.mapwords import map_title, place_name


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
