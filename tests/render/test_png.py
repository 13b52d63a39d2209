"""The palette PNG writer: any reader gets the exact pixels and palette back, whatever deflate is in use."""

import io
import zlib

import pytest
from PIL import Image

from render import png
from render.png import palette_png, use_deflate


def _paletted() -> Image.Image:
    image = Image.effect_mandelbrot((301, 97), (-2.0, -1.2, 1.0, 1.2), 100).convert("RGB")
    return image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def test_a_palette_image_comes_back_pixel_for_pixel() -> None:
    """Pillow reads back the same indices and the same colours."""
    image = _paletted()
    with Image.open(io.BytesIO(palette_png(image))) as back:
        back.load()
        assert back.mode == "P" and back.tobytes() == image.tobytes()
        assert back.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_an_image_of_few_colours_keeps_every_index_in_its_palette() -> None:
    """A short palette is written whole (padded), so every index the rows hold has a colour."""
    image = Image.new("RGB", (20, 10), "#f6f1e3").convert("P", palette=Image.Palette.ADAPTIVE, colors=256)
    with Image.open(io.BytesIO(palette_png(image, small=True))) as back:
        assert back.convert("RGB").getpixel((5, 5)) == (0xF6, 0xF1, 0xE3)


def test_the_rows_go_through_the_deflate_in_use() -> None:
    """The application's deflate (``use_deflate``) writes the rows, at the level asked for the image's kind."""
    levels: list[int] = []

    def deflate(data: bytes, level: int) -> bytes:
        levels.append(level)
        return zlib.compress(data, level)

    saved = png._deflate[0]
    try:
        use_deflate(deflate, 2, 7)
        palette_png(_paletted())
        palette_png(_paletted(), small=True)
    finally:
        png._deflate[0] = saved
    assert levels == [2, 7]


def test_an_image_not_in_palette_mode_is_refused() -> None:
    """Only a palette image is written: an RGB one is an error, not a garbled file."""
    with pytest.raises(ValueError, match="palette"):
        palette_png(Image.new("RGB", (4, 4)))
