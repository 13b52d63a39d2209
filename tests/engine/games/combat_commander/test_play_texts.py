"""What a player reads while playing Combat Commander: refusals and answers that say each thing once."""

from __future__ import annotations

import pytest

from bot.i18n import render
from engine.errors import IllegalOrder
from engine.games.combat_commander import fire
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    find,
    hold,
    new_match,
    only_units,
    play,
    play_only,
    stack,
    texts,
)


def test_a_fire_group_refusal_cites_its_rule_once() -> None:
    """A fire group member out of Range is refused citing O20.3.1 once, and the member's own reason (O20.2.2)."""
    m = new_match()
    only_units(m, {"g-s1": "N9", "g-s2": "A1", "a-s1": "O10"})
    with pytest.raises(IllegalOrder) as exc:
        fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["g-s1", "g-s2"], "O10")
    said = render(exc.value.message)
    assert said.count("O20.3.1") == 1 and "O20.2.2" in said


def test_the_attack_window_names_only_the_actions_this_attack_admits() -> None:
    """A squad firing at range 2, no weapon, nobody moving, Attack posture: no Bore Sighting (A27), Crossfire (A30),
    Hand Grenades (A34) nor Sustained Fire (A41) is named; Marksmanship, which depends on its card (A37), is."""
    m = new_match()
    only_units(m, {"g-s1": "C7", "a-s1": "C9"})
    play_only(m, "axis", "fire", hold(m, "axis", "fire"), "g-s1")
    play_only(m, "axis", "attack", "C9", "g-s1")
    asked = render(GAME.prompt(m.state, "axis").text)
    assert "marksmanship" in asked
    for verb in ("bore-sighting", "crossfire", "hand-grenades", "sustained-fire"):
        assert verb not in asked, asked


def test_the_held_rolls_of_a_fire_attack_say_what_they_decide() -> None:
    """The Initiative card's holder reads the attack's FP before the attack roll, and the defender's Morale and
    Cover against the Attack total before its defense roll (9.1, O20.3.3, O20.3.4)."""
    m = new_match()
    only_units(m, {"g-s1": "C7", "a-s1": "C9"})
    stack(m, "axis", [find("axis", white=3, red=3, trigger="")])
    stack(m, "allies", [find("allies", white=2, red=2, trigger="")])
    play(m, "axis", "fire", hold(m, "axis", "fire"), "g-s1")
    said = " ".join(texts(play(m, "axis", "attack", "C9", "g-s1")))
    assert "(Fire attack on C9 with 5 FP)" in said
    assert "(Defense of a-s1: Morale and Cover 6 against 11)" in said


def test_the_fire_order_offers_the_fire_group_without_the_mortar() -> None:
    """A mortar never joins a fire group (O20.3.1.1): the other pieces able to fire are still offered as one group."""
    from engine.game import Action

    m = new_match()
    only_units(m, {"g-l2": "I2", "g-s3": "I2", "g-s4": "J2", "a-s3": "L3"})
    play_only(m, "axis", "fire", hold(m, "axis", "fire"), "g-l2", "g-s3", "g-s4")
    offered = GAME.prompt(m.state, "axis").actions
    assert Action("attack", ("L3", "g-s3", "g-s4", "g-w1")) in offered


def test_the_turn_prompt_offers_only_what_the_turn_allows() -> None:
    """Before any order the prompt offers an order or a Pass, never 'end' (5, O15); after one, an order or 'end'."""
    m = new_match()
    first = render(GAME.prompt(m.state, "axis").text)
    assert "'pass'" in first and "'end'" not in first
    assert f"up to {m.state['sides']['axis']['discard_cap']} card" in first  # the Pass's discard limit (O15)
    m.state["orders"] = 1
    later = render(GAME.prompt(m.state, "axis").text)
    assert "'end'" in later and "pass" not in later
