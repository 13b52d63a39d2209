"""PNG encoding per image kind: exact where the colours fit a palette, deterministic always."""

import io

from PIL import Image, ImageChops, ImageDraw

from render.encode import encode


def _few_colours() -> Image.Image:
    """250 close shades (a palette guess would merge some) on a card-coloured ground."""
    image = Image.new("RGB", (250, 40), "#f6f1e3")
    d = ImageDraw.Draw(image)
    for i in range(250):
        d.line((i, 0, i, 39), fill=(i, i // 2, 255 - i))
    return image


def test_an_image_of_few_colours_round_trips_exactly() -> None:
    """An image of at most 256 colours is encoded with its exact palette: every pixel comes back."""
    image = _few_colours()
    back = Image.open(io.BytesIO(encode(image))).convert("RGB")
    assert ImageChops.difference(image, back).getbbox() is None


def test_encoding_is_deterministic() -> None:
    """The same image always gives the same bytes."""
    image = Image.effect_mandelbrot((200, 150), (-2.0, -1.2, 1.0, 1.2), 100).convert("RGB")
    assert encode(image) == encode(image.copy())
