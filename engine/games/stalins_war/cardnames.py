"""A card's title in the reader's language: the English title for an English reader, the title the
Italian rulebook's card list prints (``title_it`` in the data) for an Italian one (``engine.text.Named``).

Texts, logs and prompts name cards with these, never with a bare ``card.title``, so that an Italian
reader reads the Italian titles the hand pictures show.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.games.stalins_war.model import CardSpec, Rules
from engine.text import Named, Text, joined, t


def card_title(rules: Rules, card_id: str) -> Named:
    """The card's title alone ("Sorge"; Italian "SORGE")."""
    card = rules.cards[card_id]
    return Named(card.title, {"it": card.title_it} if card.title_it else {})


def card_text(rules: Rules, card_id: str) -> Named:
    """The card's text: the digest's English summary, or the Italian rulebook's card text (``text_it``)."""
    card = rules.cards[card_id]
    return Named(card.text, {"it": card.text_it} if card.text_it else {})


def labelled(card: CardSpec) -> Named:
    """The card's id and title ("SU7 Sorge"; Italian "SU7 SORGE")."""
    return Named(f"{card.id} {card.title}", {"it": f"{card.id} {card.title_it}"} if card.title_it else {})


def card_label(rules: Rules, card_id: str) -> Named:
    """The card's id and title (``labelled``); an unknown id as given."""
    card = rules.cards.get(card_id)
    return labelled(card) if card is not None else Named(card_id)


def card_list(rules: Rules, card_ids: Iterable[str]) -> Text | str:
    """The cards' labels separated by commas, each in the reader's language."""
    return joined([t("{item}", item=card_label(rules, c)) for c in card_ids], ", ")
