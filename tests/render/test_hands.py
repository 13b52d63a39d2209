import io

from PIL import Image

from render.fonts import font
from render.hands import describe_hand, render_hand, wrap

CARDS = [
    {"id": "12", "title": "Red Choir", "values": "OPS 3", "kind": "event", "text": "The Axis player shows you every non-combat card in hand."},
    {"id": "31", "title": "T-34", "values": "OPS 2", "kind": "combat", "text": "Play as defender: the attacking Panzer corps loses a step first."},
    {"id": "7", "title": "Fire", "values": "2 / 5", "kind": "order", "text": "Fire order. " * 40},
]


def test_hand_strip_has_one_card_per_slot():
    img = Image.open(io.BytesIO(render_hand(CARDS)))
    assert img.width > 3 * 230 and img.height >= 320


def test_rows_wrap_after_per_row():
    wide = Image.open(io.BytesIO(render_hand(CARDS * 4, per_row=5)))
    assert wide.height > 2 * 320


def test_long_text_wraps_within_the_card():
    lines = wrap("word " * 100, font(14), 210)
    assert len(lines) > 5 and all(font(14).getlength(line) <= 210 for line in lines)


def test_description_lists_the_cards():
    assert describe_hand(CARDS).startswith("#12 Red Choir (OPS 3); #31 T-34")


def test_empty_hand():
    assert Image.open(io.BytesIO(render_hand([]))).height == 60
