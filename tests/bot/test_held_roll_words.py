"""A held roll's question (engine.windows.HeldRoll: Schlachtenglück 5.2, the Initiative card 9.1)
says what to type to keep the roll and what to type to cancel it, in the words the reader's game
reads in the reader's language."""

from __future__ import annotations

import re

from bot.i18n import render
from engine.games.across_the_bug_river import game as bug_river
from engine.games.across_the_bug_river.luck import LuckRoll
from engine.games.combat_commander import game as combat_commander
from engine.games.combat_commander.responses import InitiativeRoll
from engine.text import t
from engine.windows import HeldRoll

WHY = t("Combat: {source} on {target}", source="1507", target="1607").to_json()


def quoted(text: str) -> list[str]:
    """The words in quotes ('accetta'), not an elided article (L'Asse)."""
    return re.findall(r"(?<!\w)'([\w-]+)'(?!\w)", text)


def typed(verbs: dict, name: str, language: str) -> str:
    return verbs[name].typed_in(language)


def test_the_schlachtenglueck_question_names_the_italian_verbs_the_game_reads():
    """5.2: the Italian question tells the German player to type 'accetta' to keep the die and 'rilancia' to give the marker up."""
    frame = {"roll": 7, "why": WHY, "roller": "german"}
    said = render(LuckRoll().question(None, {}, frame, "german"), "it")
    verbs = bug_river.VERBS
    assert quoted(said) == [typed(verbs, "accept", "it"), typed(verbs, "reroll", "it")] == ["accetta", "rilancia"]
    assert "Schlachtenglück" in said and "(5.2)" in said
    assert quoted(render(LuckRoll().question(None, {}, frame, "german"), "en")) == ["accept", "reroll"]


def test_the_initiative_card_question_names_the_italian_verbs_the_game_reads():
    """9.1: the Italian question tells the Initiative holder to type 'accetta' to keep the roll and 'rilancia' to play the card."""
    frame = {"roll": {"value": 7}, "why": WHY, "roller": "axis"}
    said = render(InitiativeRoll().question(None, {}, frame, "allies"), "it")
    verbs = combat_commander.VERBS
    assert quoted(said) == [typed(verbs, "accept", "it"), typed(verbs, "reroll", "it")] == ["accetta", "rilancia"]
    assert said.startswith("L'Asse ha lanciato 7") and "carta Iniziativa (9.1)" in said


def test_the_kernels_own_held_roll_question_names_both_answers():
    """A game that keeps HeldRoll's question still tells the reader what to type, in English and in Italian."""

    class Plain(HeldRoll):
        def draw(self, game, state, frame, ctx):
            return 3

    question = Plain().question(None, {}, {}, "a")
    assert quoted(render(question, "en")) == ["accept", "reroll"]
    assert quoted(render(question, "it")) == ["accetta", "rilancia"]
