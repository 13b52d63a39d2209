"""The service's pictures are deflated by ISA-L where it is installed (render.png's deflate)."""

import io

import pytest
from PIL import Image

isal_zlib = pytest.importorskip("isal.isal_zlib")


def test_the_service_s_pictures_deflate_with_isal() -> None:
    """Importing the service's renderer hands ISA-L's deflate to the PNG writer, and its PNG reads back exactly."""
    import bot.pictures  # noqa: F401  (installs the deflate)
    from render import png

    assert png._deflate[0][0] is isal_zlib.compress
    image = Image.effect_mandelbrot((200, 120), (-2.0, -1.2, 1.0, 1.2), 100).convert("P", palette=Image.Palette.ADAPTIVE)
    with Image.open(io.BytesIO(png.palette_png(image))) as back:
        back.load()
        assert back.tobytes() == image.tobytes()
