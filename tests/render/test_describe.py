"""describe(): the alt text says what happened and where, and keeps hidden units hidden."""

from bot.i18n import translator
from engine.mapview import map_view
from render.describe import describe
from tests.render.fakes import FakeGame, sample_view, unit


def test_describes_the_last_action_with_place_names():
    """Moves, attacks with their result and retreats are told with hexes and place names."""
    text = describe(FakeGame(), map_view(sample_view()), full=False)
    assert "Moved 0302 (Northtown) - 0402 - 0503 (Hamlet)" in text
    assert "Attack from 0503 (Hamlet) on 0604 (Millford): result DR" in text
    assert "Retreat 0604 (Millford) - 0705" in text
    assert "turn: 3" in text and "phase: Axis impulse 2" in text


def test_full_map_description_counts_units_by_side():
    """The full-map description names the map and counts the counters by side."""
    text = describe(FakeGame(), map_view(sample_view()), full=True)
    assert text.startswith("Whole map of Tiny test map.")
    assert "8 counters on the map (axis 4, soviet 4)" in text


def test_hidden_units_are_described_by_side_only():
    """A hidden unit's name and values never reach the text."""
    view = {"units": [unit("secret", "0404", name="7th Panzer", values="9-9-9", hidden=True)]}
    text = describe(FakeGame(), map_view(view), full=True)
    assert "a hidden axis unit" in text
    assert "7th Panzer" not in text and "9-9-9" not in text


def test_description_fits_an_alt_text():
    """However many counters, the text stays within the limit."""
    units = [unit(f"u{i}", f"0{1 + i % 8}0{1 + i % 6}", name=f"Division number {i}") for i in range(300)]
    text = describe(FakeGame(), map_view({"units": units}), full=True)
    assert len(text) <= 1000 and "more hexes" in text


def test_without_last_action_says_where():
    """With no last action, the action image shows the viewer's area."""
    text = describe(FakeGame(), map_view({"units": [unit("a", "0101")]}), full=False)
    assert "the area around your units" in text


def test_a_picture_around_a_requested_hex_says_so():
    """`map HEX`: the picture is around the hex the player named, not 'the last action'."""
    view = {"units": [unit("a", "0604")], "last": {"focus": ["0604"]}}
    text = describe(FakeGame(), map_view(view), full=False, around="0604")
    assert text.startswith("Tiny test map, the area around 0604 (Millford).")
    assert "last action" not in text


def test_an_italian_reader_reads_the_sides_and_the_hidden_count_in_italian():
    """The tally names the sides in Italian and agrees 'nascosta' with one hidden counter."""
    view = {"units": [unit("secret", "0404", hidden=True), unit("seen", "0505", side="soviet")]}
    text = describe(FakeGame(), map_view(view), full=True, translate=translator("it"))
    assert "2 pedine sulla mappa (Asse 1, Sovietico 1; 1 nascosta)" in text


def test_hex_markers_are_listed_with_their_values():
    """A text-only post keeps each hex's markers: Smoke with its value, a fortification, a Blaze."""
    view = {"hex_markers": [{"hex": "0503", "text": "Smoke 4"}, {"hex": "0503", "text": "Wire"}, {"hex": "0604", "text": "Blaze"}]}
    text = describe(FakeGame(), map_view(view), full=True)
    assert "Markers: 0503 (Hamlet): Smoke 4, Wire; 0604 (Millford): Blaze." in text


def test_a_marker_s_side_is_named_once_per_hex():
    """An objective's controller is named after its first marker, not again after the control tag."""
    view = {"hex_markers": [{"hex": "0404", "text": "Obj 1", "side": "axis"}, {"hex": "0404", "text": "AX", "side": "axis"}]}
    text = describe(FakeGame(), map_view(view), full=True)
    assert "0404 (Rivergrad): Obj 1 (axis), AX." in text


def test_an_italian_reader_reads_the_markers_in_italian():
    """The markers' words and the controller's name are in the reader's language."""
    tr = translator("it")
    view = {"hex_markers": [{"hex": "0503", "text": "Smoke 4"}, {"hex": "0404", "text": "Obj 1", "side": "axis"}]}
    text = describe(FakeGame(), map_view(view).translated(tr), full=True, translate=tr)
    assert "Segnalini: 0404 (Rivergrad): Ob. 1 (Asse); 0503 (Hamlet): Fumo 4." in text


def test_an_action_picture_lists_only_the_markers_near_the_action():
    """The area of the last action lists the markers it shows, not those across the map."""
    view = {"last": {"focus": ["0101"]}, "hex_markers": [{"hex": "0201", "text": "Wire"}, {"hex": "0806", "text": "Mines"}]}
    text = describe(FakeGame(), map_view(view), full=False)
    assert "0201: Wire" in text and "Mines" not in text


def test_markers_leave_room_for_the_counters():
    """However many markers, the text stays within the limit and still lists counters."""
    markers = [{"hex": f"0{1 + i % 8}0{1 + i % 6}", "text": f"Smoke {i}"} for i in range(48)]
    text = describe(FakeGame(), map_view({"hex_markers": markers, "units": [unit("a", "0101")]}), full=True)
    assert len(text) <= 1000 and "more hexes" in text and "Counters: 0101: A" in text
