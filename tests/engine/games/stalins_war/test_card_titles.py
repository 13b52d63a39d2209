"""Stalin's War card titles read in the reader's language: the Italian rulebook's titles for an
Italian reader in the hand text, logs and refusals; the English titles for an English one."""

from __future__ import annotations

from typing import Any

from bot.i18n import render
from engine.games.stalins_war import cardplay
from engine.games.stalins_war.cardnames import card_list
from engine.games.stalins_war.game import StalinsWar
from engine.games.stalins_war.model import load_rules
from engine.games.stalins_war.state import initial_state

RULES = load_rules()
HAND = ["AX8", "AX23", "AX6"]  # Blau, a Combat Card and Nordlicht


class Ctx:
    """A Context keeping every line it is given."""

    def __init__(self) -> None:
        self.lines: list[Any] = []

    def log(self, text: Any, to: str = "*") -> None:
        self.lines.append(text)

    reveal = log

    def shuffle(self, items: Any, why: Any) -> list[Any]:
        return list(items)


def axis_hand_state() -> dict[str, Any]:
    state = initial_state(RULES, "campaign", {}, Ctx())
    pile = state["cards"]["axis"]
    pile["deck"] += [c for c in pile["hand"] if c not in HAND]
    pile["deck"] = [c for c in pile["deck"] if c not in HAND]
    pile["hand"] = list(HAND)
    return state


def test_the_hand_text_titles_each_card_in_the_readers_language():
    """'mano' lists each card with the Italian rulebook's title for an Italian, the English for an English reader."""
    text = StalinsWar().holdings(axis_hand_state(), "axis")
    italian, english = render(text, "it", "axis"), render(text, "en", "axis")
    for cid in HAND:
        card = RULES.cards[cid]
        assert f"{cid} {card.title_it} (OPS" in italian and f"{cid} {card.title} (OPS" in english


def test_a_card_play_logs_the_italian_title_to_an_italian_reader():
    """The public line of a card played for replacements names it by its Italian title in Italian."""
    ctx = Ctx()
    cardplay.record_rp(axis_hand_state(), "axis", RULES.cards["AX8"], ctx)
    assert "AX8 BLAU" in render(ctx.lines[-1], "it", "soviet")
    assert "AX8 Blau" in render(ctx.lines[-1], "en", "soviet")


def test_a_list_of_cards_reads_every_title_in_the_readers_language():
    """Cards listed together (a draw, a discard) each read in the reader's language, in order."""
    listing = card_list(RULES, ["SU7", "SU1"])
    assert render(listing, "it") == "SU7 SORGE, SU1 RINFORZI SOVIETICI"
    assert render(listing, "en") == "SU7 Sorge, SU1 Soviet Reinforcements"


def test_the_hand_picture_carries_each_cards_italian_text():
    """The hand picture's view gives each card the Italian rulebook's text under 'texts', beside the English 'text'."""
    faces = StalinsWar().view(axis_hand_state(), "axis")["hand"]
    assert [face["texts"]["it"] for face in faces] == [RULES.cards[cid].text_it for cid in HAND]
    assert [face["text"] for face in faces] == [RULES.cards[cid].text for cid in HAND]
    assert RULES.cards["AX8"].text_it.startswith("Giocarla dopo *Hitler Prende il Comando*")
