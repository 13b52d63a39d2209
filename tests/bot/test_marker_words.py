"""The map's marker tags read in the reader's language (engine/markerwords.py, Translator.marker)."""

from bot.i18n import translator
from engine.mapview import map_view

ITALIAN = translator("it")


def test_a_whole_marker_text_is_translated():
    """A unit's state and a named Front are looked up whole ("broken" on a unit is "in rotta")."""
    assert [ITALIAN.marker(m) for m in ("broken", "southwest Front", "Blaze")] == ["in rotta", "Fronte Sudovest", "Incendio"]


def test_a_marker_with_a_number_or_a_weapon_keeps_them():
    """'Obj 3' and 'Smoke 4' keep their number, 'LMG broken' its weapon's name."""
    assert [ITALIAN.marker(m) for m in ("Obj 3", "Smoke 4", "LMG broken", "Radio 10 broken")] == [
        "Ob. 3", "Fumo 4", "LMG guasta", "Radio 10 guasta",
    ]


def test_an_unknown_marker_and_english_stay_as_written():
    """A tag the catalogue does not know is printed as it is, and English reads the view's own text."""
    assert ITALIAN.marker("HMG") == "HMG"
    assert translator("en").marker("Obj 3") == "Obj 3"


def test_the_translated_map_prints_tags_in_italian_and_keeps_the_style_keys():
    """The picture's tags are Italian while each marker keeps its English text, the key of its colours."""
    view = {
        "units": [{"id": "a", "side": "allies", "hex": "A1", "markers": ["broken", "BAR"]}],
        "hex_markers": [{"hex": "B2", "text": "Smoke 4"}, {"hex": "C3", "text": "southwest Front"}],
    }
    shown = map_view(view).translated(ITALIAN)
    assert shown.units[0].shown_markers() == [("broken", "in rotta"), ("BAR", "BAR")]
    assert [(m.text, m.shown) for m in shown.markers] == [("Smoke 4", "Fumo 4"), ("southwest Front", "Fronte Sudovest")]


def test_the_panel_reads_side_names_and_catalogue_words_in_italian():
    """A panel value that is a list of sides or a catalogue word reads in Italian; other values as they are."""
    view = {"status": {"active": "axis, soviet", "weather": "good", "turn": "1 / 14"}}
    assert map_view(view).translated(ITALIAN).panel == (("attivo", "Asse, Sovietico"), ("meteo", "bel tempo"), ("turno", "1 / 14"))


def test_a_side_leading_an_item_of_a_panel_list_reads_in_italian():
    """'Axis 0, Soviet 0' (a count per side) names the sides in Italian and keeps the counts."""
    view = {"status": {"banked OPS": "Axis 0, Soviet 2"}}
    assert map_view(view).translated(ITALIAN).panel[0][1] == "Asse 0, Sovietico 2"


def test_a_radio_s_tag_names_its_owner_in_italian():
    """A radio's corner tag keeps its owner's tag and its number in Italian, broken or not (12, 11.4)."""
    assert [ITALIAN.marker(m) for m in ("AX Radio 10", "AL Radio 13 broken")] == ["Radio 10 AX", "Radio 13 AL guasta"]
