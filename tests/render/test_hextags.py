"""Hex marker tags sit in rows inside their hex, apart from each other and from the counters' own tags."""

import math

from PIL import Image

from engine.mapview import map_view
from render.compose import compose
from render.hextags import SQRT3, counter_shift, half_width, lay_out
from render.style import load_style, rgb
from tests.render.fakes import FakeGame, unit

SIZE = 36.0
HEIGHT = 11


def _inside(size: float, x: float, y: float) -> bool:
    return abs(y) <= size * SQRT3 / 2 and abs(x) <= half_width(size, y)


def _rects(widths: list[int], at_bottom: bool = False) -> list[tuple[int, int, int, int]]:
    rows = lay_out(SIZE, widths, HEIGHT, at_bottom)
    return [(x, y, x + w, y + HEIGHT) for (x, y), w in zip(rows.places, widths, strict=True)]


def test_every_tag_lies_inside_its_hex():
    """Each tag's corners (less their rounding) are inside the hex, however many tags (a Wire no longer straddles the hexside)."""
    for widths in ([20], [30, 19], [30, 19, 45], [60], [25] * 6):
        for at_bottom in (False, True):
            r = HEIGHT / 4
            for left, top, right, bottom in _rects(widths, at_bottom):
                for x, y in ((left + r, top), (right - r, top), (left + r, bottom), (right - r, bottom)):
                    assert _inside(SIZE, x, y), (widths, at_bottom, (left, top, right, bottom))


def test_tags_never_overlap_each_other():
    """No two tags of a hex share a pixel."""
    rects = _rects([30, 19, 45, 22, 22])
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_rows_start_below_the_top_edge_and_above_the_bottom_one():
    """The first row runs just inside the hexside nearest it: the top one, or the bottom one under a combat result."""
    edge = SIZE * SQRT3 / 2
    top = lay_out(SIZE, [20], HEIGHT)
    bottom = lay_out(SIZE, [20], HEIGHT, at_bottom=True)
    assert -edge < top.places[0][1] < -edge + 4
    assert edge - 4 < bottom.places[0][1] + HEIGHT < edge


def test_a_stack_steps_down_only_as_far_as_its_hex_allows():
    """A counter clears the top rows if there is room below it, and never leaves its hex."""
    rows = lay_out(SIZE, [20], HEIGHT)
    shift = counter_shift(SIZE, rows, -21.5, 22.5)
    assert math.isclose(-21.5 + shift, rows.bottom + 1)
    crowded = lay_out(SIZE, [30, 30, 30], HEIGHT)
    assert 22.5 + counter_shift(SIZE, crowded, -21.5, 22.5) <= SIZE * SQRT3 / 2
    assert counter_shift(SIZE, lay_out(SIZE, [20], HEIGHT, at_bottom=True), -21.5, 22.5) == 0


def _rows_of(image: Image.Image, colour: str) -> list[int]:
    """The row of every opaque pixel within a few steps of ``colour``."""
    want = rgb(colour)
    pixels = image.convert("RGBA").load()
    return [
        y for y in range(image.height) for x in range(image.width)
        if pixels[x, y][3] == 255 and all(abs(c - w) <= 24 for c, w in zip(pixels[x, y][:3], want, strict=False))
    ]


def _around_0404(view: dict) -> Image.Image:
    style = load_style("caucasus")
    picture = compose(FakeGame().board, map_view(view), style, "axis", False)
    cx, cy = picture.layout.center("0404")
    x, y, s = round(cx - picture.box[0]), round(cy - picture.box[1]), round(picture.layout.size)
    top = picture.image.height - (picture.box[3] - picture.box[1])  # under the status panel, if any
    return picture.image.crop((x - s, top + y - s, x + s, top + y + s))


def test_a_unit_s_tag_is_not_hidden_under_its_hex_s_tags():
    """A counter's tag ('D') starts below the hex's tags ('Obj 1', 'XX') and shows whole, not under them."""
    style = load_style("caucasus")
    alone = {"units": [unit("a", "0404", markers=["D"])]}
    marked = {**alone, "hex_markers": [{"hex": "0404", "text": "Obj 1"}, {"hex": "0404", "text": "XX"}]}
    hex_tags = _rows_of(_around_0404(marked), style.marker("Obj 1").fill)
    unit_tag = _rows_of(_around_0404(marked), style.marker("D").fill)
    assert hex_tags and max(hex_tags) < min(unit_tag)
    assert len(unit_tag) >= len(_rows_of(_around_0404(alone), style.marker("D").fill))


def test_a_small_hex_keeps_its_tags_between_its_top_and_bottom_sides():
    """On a small hex (a big map's whole picture) the rows never run into the hex above or below."""
    size, height = 14.0, 9
    for at_bottom in (False, True):
        rows = lay_out(size, [25, 30, 22], height, at_bottom)
        assert all(-size * SQRT3 / 2 <= y and y + height <= size * SQRT3 / 2 for _, y in rows.places), rows


def test_a_lower_counter_s_tag_shows_below_the_top_counter_s():
    """In a squared stack, the tags of the counter beneath ('OOS') go on below the top counter's ('D'), whole."""
    style = load_style("caucasus")
    top, beneath = unit("a", "0404", markers=["D"]), unit("b", "0404", markers=["OOS"])
    stacked = _around_0404({"units": [top, beneath]})
    alone = _around_0404({"units": [beneath]})
    d, oos = _rows_of(stacked, style.marker("D").fill), _rows_of(stacked, style.marker("OOS").fill)
    assert d and max(d) < min(oos)
    assert len(oos) >= len(_rows_of(alone, style.marker("OOS").fill))
