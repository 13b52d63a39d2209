"""Cards: decks, hands, discards and reshuffles over plain lists of card ids in the state.

Hands are private to their owner by default: a game's ``view`` shows another role only the
number of cards in a hand, never their identities.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.game import Context
from engine.text import t


def shuffle_into(deck: list[str], cards: Sequence[str], ctx: Context) -> None:
    """Add ``cards`` to ``deck`` and shuffle the whole deck."""
    deck.extend(cards)
    deck[:] = ctx.shuffle(deck, t("Deck"))


def draw(deck: list[str], hand: list[str], n: int, discard: list[str] | None = None, ctx: Context | None = None) -> list[str]:
    """Draw up to ``n`` cards from the top of ``deck`` into ``hand``.

    When the deck runs out and a discard pile and context are given, the discard is shuffled
    into a new deck and drawing continues. Returns the cards drawn.
    """
    drawn: list[str] = []
    for _ in range(n):
        if not deck and discard and ctx is not None:
            deck[:] = ctx.shuffle(discard, t("Discards reshuffled into the deck"))
            discard.clear()
        if not deck:
            break
        card = deck.pop(0)
        hand.append(card)
        drawn.append(card)
    return drawn


def play(hand: list[str], card: str, discard: list[str]) -> None:
    """Move ``card`` from ``hand`` to the discard pile; ``ValueError`` if it is not held."""
    hand.remove(card)
    discard.append(card)


def hidden(cards: Sequence[str]) -> dict[str, int]:
    """What another role may see of a hand or deck: its size only."""
    return {"count": len(cards)}
