"""Card hands as a readable strip of cards, for the private messages that carry a hand.

A view's hand is a list of cards, each a mapping with ``id``, ``title``, optional ``values``
(short figures such as "OPS 4  RP 2"), ``text`` (the card's event or action text), and optional
``kind`` (colours the header: "event", "combat", "order", "action"...). Cards are laid out side
by side in rows of at most ``per_row``, with the text wrapped to the card.

A card's face is drawn once and kept (the ``CARDS_KEPT`` most recently drawn): a hand changes by
a card or two, and drawing a card's wrapped text took about 8 ms, most of a hand's picture.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.text import t
from render.encode import encode
from render.fonts import BOLD, REGULAR, Font, font

CARD_W, CARD_H, GAP = 230, 320, 12
HEADER = {"event": "#8a3b2a", "combat": "#2a4f8a", "order": "#3d6b35", "action": "#6b4f8a"}
DEFAULT_HEADER = "#44474d"
CARDS_KEPT = 48  # card faces kept drawn (about 220 KB each)


def wrap(text: str, face: Font, width: float) -> list[str]:
    """Greedy word wrap of ``text`` to lines no wider than ``width`` pixels."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if face.getlength(trial) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_card(card: Mapping[str, Any]) -> Image.Image:
    """The face of ``card`` (shared: paste it, never draw on it)."""
    return _face(json.dumps(card, sort_keys=True, default=str))


@lru_cache(maxsize=CARDS_KEPT)
def _face(key: str) -> Image.Image:
    card = json.loads(key)
    img = Image.new("RGB", (CARD_W, CARD_H), "#f6f1e3")
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), radius=12, outline="#222", width=2)
    head = HEADER.get(str(card.get("kind", "")), DEFAULT_HEADER)
    d.rounded_rectangle((2, 2, CARD_W - 3, 58), radius=10, fill=head)
    title_font = font(17, BOLD)
    y = 8
    for line in wrap(str(card.get("title", card.get("id", "?"))), title_font, CARD_W - 20)[:2]:
        d.text((10, y), line, font=title_font, fill="white")
        y += 21
    values = str(card.get("values", ""))
    if values:
        d.text((10, 66), values, font=font(16, BOLD), fill="#222")
    body = font(14, REGULAR)
    y = 92 if values else 68
    for line in wrap(str(card.get("text", "")), body, CARD_W - 20):
        if y > CARD_H - 40:
            d.text((10, y), "...", font=body, fill="#222")
            break
        d.text((10, y), line, font=body, fill="#222")
        y += 18
    d.text((10, CARD_H - 26), f"#{card.get('id', '')}", font=font(13, REGULAR), fill="#555")
    return img


def render_hand(cards: Sequence[Mapping[str, Any]], per_row: int = 5, translate: Callable[[str], str] | None = None) -> bytes:
    """PNG bytes of ``cards`` laid out side by side (an empty hand gives a small note)."""
    if not cards:
        img = Image.new("RGB", (CARD_W, 60), "#f6f1e3")
        note = t("(no cards)").format(translate)
        ImageDraw.Draw(img).text((10, 20), note, font=font(16, REGULAR), fill="#222")
        return encode(img)
    cols = min(per_row, len(cards))
    rows = (len(cards) + per_row - 1) // per_row
    sheet = Image.new("RGB", (GAP + cols * (CARD_W + GAP), GAP + rows * (CARD_H + GAP)), "#2b2f36")
    for i, card in enumerate(cards):
        r, c = divmod(i, per_row)
        sheet.paste(draw_card(card), (GAP + c * (CARD_W + GAP), GAP + r * (CARD_H + GAP)))
    return encode(sheet)


def describe_hand(cards: Sequence[Mapping[str, Any]]) -> str:
    """The hand as text, for screen readers and the message that carries the image."""
    return "; ".join(
        f"#{c.get('id', '')} {c.get('title', '')}" + (f" ({c['values']})" if c.get("values") else "") for c in cards
    )
