"""The referee's overrides for the Fate cards (1.1-1.3, 1.9): a hand, the top of a deck, a discard pile.

``hand ROLE CARD...``: the hand is exactly these cards (the cards it held that are not named go to
the bottom of the deck); ``deck ROLE CARD...``: these cards, first named on top, are the next
ones revealed or drawn, so the next rolls are fixed (a roll is the deck's top card, 1.9);
``discard ROLE CARD...``: the discard pile is exactly these, the last named on top (its old cards
go to the bottom of the deck). A named card comes from wherever it is among the side's cards; a
hand never holds more than its posture allows (1.1), which the game's invariants check.
"""

from __future__ import annotations

from engine.errors import InvalidOrder
from engine.game import State
from engine.games.combat_commander import cards, model
from engine.text import t

OVERRIDES = ("hand", "deck", "discard")
USAGE = "hand axis|allies CARD..., deck axis|allies CARD... (the first is on top), discard axis|allies CARD..."


def override(state: State, kind: str, args: list[str]) -> State:
    if len(args) < 1 or args[0].lower() not in model.ROLES:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=USAGE))
    side = state["sides"][args[0].lower()]
    named = [w.lower() for w in args[1:]]
    own = {*side["hand"], *side["deck"], *side["discard"]}
    for cid in named:
        if cid not in own or not cards.is_card(cid):
            listing = "show sides." + args[0].lower() + ".deck"
            raise InvalidOrder(
                t("'{card}' is not a card of {side}'s Fate deck.", card=cid, side=args[0].lower()),
                t("Name cards by their id, as '{command}' lists them.", command=listing),
            )
    if len(set(named)) != len(named):
        raise InvalidOrder(t("A card is named twice."), t("Syntax: {syntax}", syntax=USAGE))
    if kind == "deck":
        for pile in ("hand", "discard"):
            if any(c in side[pile] for c in named):
                raise InvalidOrder(t("A card on top of the deck must come from the deck: take it out of the hand or the discard pile first ('hand', 'discard')."))
        side["deck"] = [*named, *(c for c in side["deck"] if c not in named)]
        return state
    pile = "hand" if kind == "hand" else "discard"
    others = [p for p in ("hand", "deck", "discard") if p != pile]
    leaving = [c for c in side[pile] if c not in named]
    for p in others:
        side[p] = [c for c in side[p] if c not in named]
    side[pile] = named
    side["deck"] = [*side["deck"], *leaving]
    return state


def public_text(kind: str, args: tuple[str, ...], viewer: str) -> str | None:
    """How ``viewer`` reads a ``hand`` or ``deck`` override: whole for the side itself, only the
    count of cards for the other (a hand and the deck's order are secret, 1.1); ``None``: as typed."""
    if kind not in ("hand", "deck") or not args or args[0].lower() == viewer:
        return None
    return f"{kind} {args[0].lower()} ({len(args) - 1})"
