"""PNG encoding per image kind: exact where the colours fit a palette, deterministic always."""

import io

from PIL import Image, ImageChops, ImageDraw, ImageStat

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


def _many_colours_with_a_red_line() -> Image.Image:
    """Thousands of greens and blues (no palette holds them all) crossed by a 2-px red line."""
    base = Image.effect_mandelbrot((1000, 800), (-2.0, -1.2, 1.0, 1.2), 100)
    image = Image.merge("RGB", (base.point(lambda v: v // 3), base.point(lambda v: 255 - v), Image.linear_gradient("L").resize(base.size)))
    ImageDraw.Draw(image).rectangle((403, 0, 404, 799), fill=(230, 20, 20))
    return image


def test_a_thin_line_keeps_its_colour_in_a_picture_of_many_colours() -> None:
    """The palette, chosen from a sample of a big picture's pixels, still holds a 2-px line's colour."""
    back = Image.open(io.BytesIO(encode(_many_colours_with_a_red_line()))).convert("RGB")
    assert back.getpixel((403, 400)) == back.getpixel((404, 100)) == (230, 20, 20)


def _error(image: Image.Image, back: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(image, back.convert("RGB"))).mean) / 3


def test_a_sampled_palette_is_as_close_as_one_chosen_from_every_pixel() -> None:
    """A big picture of thousands of colours comes back as close as with a palette chosen from all its pixels."""
    image = _many_colours_with_a_red_line()
    whole = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    back = Image.open(io.BytesIO(encode(image)))
    assert _error(image, back) <= _error(image, whole) * 1.05


def _palette(data: bytes) -> list[int] | None:
    with Image.open(io.BytesIO(data)) as im:
        return im.getpalette()


def test_the_pictures_of_one_scene_share_the_public_ones_palette() -> None:
    """A seat's picture of the same scene (other counters on the same map) is mapped to the public one's palette."""
    first = _many_colours_with_a_red_line()
    second = first.copy()
    ImageDraw.Draw(second).rectangle((100, 100, 140, 140), fill=(200, 180, 60))
    alone = _palette(encode(second))
    assert _palette(encode(first, scene="one scene", public=True)) == _palette(encode(second, scene="one scene")) != alone


def test_another_scene_chooses_its_own_palette() -> None:
    """A picture of another scene (another last action) never borrows a palette chosen for an earlier one."""
    first = _many_colours_with_a_red_line()
    second = first.copy()
    ImageDraw.Draw(second).rectangle((100, 100, 140, 140), fill=(200, 180, 60))
    encode(first, scene="earlier order", public=True)
    assert _palette(encode(second, scene="later order")) == _palette(encode(second))


def test_a_seat_s_own_picture_never_lends_its_palette() -> None:
    """A palette chosen from a seat's picture (its hidden counters' colours) is never kept for the public one."""
    private = _many_colours_with_a_red_line()
    ImageDraw.Draw(private).rectangle((100, 100, 140, 140), fill=(200, 180, 60))
    public = _many_colours_with_a_red_line()
    encode(private, scene="seat first")
    assert _palette(encode(public, scene="seat first", public=True)) == _palette(encode(public))
