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


def test_a_card_face_is_drawn_once_for_every_hand_that_holds_it():
    """Hands sharing cards draw each face once: the second hand draws only its new card."""
    from render.hands import _face

    _face.cache_clear()
    render_hand(CARDS[:2])
    render_hand(CARDS)
    assert _face.cache_info().misses == 3


def test_kept_faces_draw_the_same_hand_as_fresh_ones():
    """A hand drawn from kept faces is byte for byte the hand drawn afresh."""
    from render.hands import _face

    first = render_hand(CARDS)
    _face.cache_clear()
    assert render_hand(CARDS) == first


def test_cards_differing_in_one_value_get_their_own_faces():
    """A card whose values changed is drawn anew, not taken from the face kept for the old values."""
    changed = [dict(CARDS[0], values="OPS 4"), CARDS[0]]
    img = Image.open(io.BytesIO(render_hand(changed))).convert("RGB")
    left = img.crop((12, 12, 12 + 230, 12 + 320))
    right = img.crop((12 + 242, 12, 12 + 242 + 230, 12 + 320))
    assert left.tobytes() != right.tobytes()
