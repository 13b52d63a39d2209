"""The order of the defense rolls of a Fire attack: the defending player chooses it (O20.3.4, digest 6.3 W4)."""

from __future__ import annotations

import re

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from engine.kernel import Match, Record
from tests.engine.games.combat_commander.helpers import (
    ANSWERED,
    GAME,
    find,
    hold,
    new_match,
    only_units,
    play_only,
    stack,
    texts,
    top,
)


def attack_on(m: Match, defenders: tuple[str, ...]) -> None:
    """g-s1 in B7 fires at D7, where ``defenders`` stand; the attack rolls 2, every defense roll 11 (no effect)."""
    only_units(m, {"g-s1": "B7", **{u: "D7" for u in defenders}, "a-s3": "N9"})
    cid = hold(m, "axis", "fire")
    stack(m, "axis", [find("axis", white=1, red=1, trigger="", exclude=(cid,))])
    d: list[str] = []
    for _ in defenders:
        d.append(find("allies", total=11, trigger="", exclude=tuple(d)))
    stack(m, "allies", d)
    play_only(m, "axis", "fire", cid, "g-s1")
    play_only(m, "axis", "attack", "D7", "g-s1")


def until_order(m: Match) -> list[Record]:
    """Answer windows and rolls with their defaults until the defense order is asked or play goes on."""
    out: list[Record] = []
    while m.state.get("flow") and top(m) in ANSWERED and top(m) != "defense_order":
        out += m.play(sorted(m.active())[0], Action(ANSWERED[top(m)]))
    return out


def rolled(records: list[Record]) -> list[str]:
    """The units whose defense results were logged, in order."""
    return [m.group(1) for line in texts(records) if (m := re.match(r"^(\S+): \d+ \+ \d+ = \d+", line))]


def test_the_defender_chooses_the_order_before_the_first_defense_roll() -> None:
    """O20.3.4: with two units to roll, their owner is asked which rolls first; 'pass' is the published default."""
    m = new_match()
    attack_on(m, ("a-l1", "a-s1"))
    until_order(m)
    assert top(m) == "defense_order" and m.active() == {"allies"}
    prompt = GAME.prompt(m.state, "allies")
    assert prompt.default == Action("pass")
    assert set(prompt.actions) == {Action("pass"), Action("choose", ("a-l1",)), Action("choose", ("a-s1",))}


def test_the_chosen_unit_rolls_first() -> None:
    """O20.3.4: a leader the owner names rolls before the Squad (the default would roll him last)."""
    m = new_match()
    attack_on(m, ("a-l1", "a-s1"))
    until_order(m)
    recs = play_only(m, "allies", "choose", "a-l1")
    recs += until_order(m)
    assert rolled(recs) == ["a-l1", "a-s1"]


def test_pass_keeps_the_published_order_for_the_whole_attack() -> None:
    """R8: 'pass' rolls the rest in the published order (leaders last) without asking again."""
    m = new_match()
    attack_on(m, ("a-l1", "a-s1", "a-s2"))
    until_order(m)
    recs = play_only(m, "allies", "pass")
    recs += until_order(m)
    assert top(m) != "defense_order" and rolled(recs) == ["a-s1", "a-s2", "a-l1"]


def test_after_a_choice_the_owner_is_asked_again_while_two_units_are_left() -> None:
    """O20.3.4: each choice names the next unit; with two or more still to roll, he is asked again."""
    m = new_match()
    attack_on(m, ("a-l1", "a-s1", "a-s2"))
    until_order(m)
    play_only(m, "allies", "choose", "a-s2")
    recs = until_order(m)
    assert rolled(recs) == ["a-s2"] and top(m) == "defense_order"


def test_a_unit_that_is_not_a_defender_cannot_be_chosen() -> None:
    """O20.3.4: the order is that of the units still to roll against this attack."""
    m = new_match()
    attack_on(m, ("a-l1", "a-s1"))
    until_order(m)
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "allies", "choose", "a-s3")
    assert exc.value.rule == "O20.3.4"


def test_a_lone_defender_is_not_asked() -> None:
    """O20.3.4: one unit to roll leaves no order to choose."""
    m = new_match()
    attack_on(m, ("a-s1",))
    until_order(m)
    assert top(m) == "turn" or top(m) == "fire_order"


def test_a_standing_pass_keeps_the_published_order() -> None:
    """Digest 6.4: 'react windows pass' answers the question of the defense order with the published order."""
    m = new_match()
    play_only(m, "allies", "react", "windows", "pass")
    play_only(m, "allies", "react", "initiative", "never")
    attack_on(m, ("a-l1", "a-s1"))
    until_order(m)
    assert top(m) != "defense_order"
