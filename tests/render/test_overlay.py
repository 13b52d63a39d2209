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


def test_an_arrow_is_antialiased_and_leaves_the_rest_exact() -> None:
    """A drawn arrow has blended edge pixels, and pixels far from it keep their exact colour."""
    image = Image.new("RGB", (120, 60), (10, 120, 200))
    image.paste((200, 180, 40), (0, 0, 120, 8))
    overlay = Overlay()
    overlay.arrow([(20.0, 30.0), (100.0, 30.0)], "#c00000", 4.0)
    overlay.composite(image, (0, 0))
    colours = {c for _, c in image.getcolors(120 * 60) or []}
    assert (200, 180, 40) in colours and (10, 120, 200) in colours
    assert len(colours) > 6  # stroke, border and the blends between them and the ground
    assert image.getpixel((60, 30)) == (192, 0, 0)
    assert image.getpixel((5, 3)) == (200, 180, 40)
