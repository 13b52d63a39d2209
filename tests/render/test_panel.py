"""The status panel strip: drawn once per (items, width) and shared."""

from render.panel import status_panel


def test_the_same_tracks_at_the_same_width_are_drawn_once():
    """A second picture with the same status and width reuses the strip already drawn."""
    items = [("Turn", "3"), ("Weather", "mud")]
    first = status_panel(items, 640)
    assert first is not None
    assert status_panel(list(items), 640) is first


def test_other_tracks_or_width_draw_another_strip():
    """Another value or another width is another strip."""
    first = status_panel([("Turn", "3")], 640)
    assert status_panel([("Turn", "4")], 640) is not first
    assert status_panel([("Turn", "3")], 700) is not first
