"""The arrow overlay draws only the strokes that reach into the picture."""

from PIL import Image

from render.overlay import Overlay


def test_strokes_off_the_picture_are_left_out() -> None:
    """A stroke wholly outside the crop is not drawn; one crossing into it is (#20)."""
    overlay = Overlay()
    overlay.arrow([(1000.0, 1000.0), (1100.0, 1000.0)], "#c00000", 4.0)
    overlay.arrow([(-50.0, 20.0), (60.0, 20.0)], "#c00000", 4.0)
    kept = overlay.inside(100, 100, (0, 0))
    assert len(kept) == 1 and kept[0].points[0][0] < 0


def test_a_picture_without_strokes_inside_is_unchanged() -> None:
    """Compositing strokes that all fall outside leaves the picture as it was."""
    overlay = Overlay()
    overlay.arrow([(1000.0, 1000.0), (1100.0, 1000.0)], "#c00000", 4.0)
    image = Image.new("RGB", (100, 100), "white")
    overlay.composite(image, (0, 0))
    assert image.getcolors() == [(100 * 100, (255, 255, 255))]
