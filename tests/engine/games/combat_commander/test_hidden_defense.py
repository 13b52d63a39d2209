"""Hidden Entrenchments and Hidden Pillbox (A35.1, A35.3) in the window before a defense roll (W4)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from tests.engine.games.combat_commander.helpers import (
    GAME,
    find,
    hold,
    hold_action,
    new_match,
    only_units,
    play_only,
    settle,
    stack,
    top,
    without_action,
)


def to_defense_window(m, target: str, attack: tuple[int, int] = (3, 3), defense: tuple[int, int] = (1, 1)) -> None:  # type: ignore[no-untyped-def]
    """g-s1 fires at ``target``; the attack roll is accepted and the defender's window is on top."""
    cid = hold(m, "axis", "fire")
    stack(m, "axis", [find("axis", white=attack[0], red=attack[1], trigger="", exclude=(cid,))])
    stack(m, "allies", [find("allies", white=defense[0], red=defense[1], trigger="")])
    play_only(m, "axis", "fire", cid, "g-s1")
    play_only(m, "axis", "attack", target, "g-s1")
    play_only(m, "axis", "pass")
    play_only(m, "allies", "accept")


def test_the_window_opens_for_a_defense_player_in_the_open_whatever_his_hand() -> None:
    """A35.1: a Defense-posture defender is asked before his defense roll, without Cover and without the card."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    for action in ("concealment", "hidden_entrenchments", "hidden_pillbox"):
        without_action(m, "allies", action)
    to_defense_window(m, "D7")
    assert top(m) == "defense_window" and GAME.prompt(m.state, "allies").actions == (Action("pass"),)


def test_the_question_is_the_same_with_or_without_the_card() -> None:
    """A35: the window's text names the Hidden actions from the posture alone, never from the hand."""
    asked = []
    for holds in (True, False):
        m = new_match()
        only_units(m, {"g-s1": "B7", "a-s1": "D7"})
        if holds:
            hold_action(m, "allies", "hidden_entrenchments")
        else:
            without_action(m, "allies", "hidden_entrenchments")
        to_defense_window(m, "D7")
        asked.append(GAME.prompt(m.state, "allies").text)
    assert asked[0] == asked[1] and "A35.1" in str(asked[0])


def test_hidden_entrenchments_give_the_defender_foxholes_before_his_roll() -> None:
    """A35.1, F102: Foxholes in the attacked hex count for the defense roll that follows (Cover 3)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    cid = hold_action(m, "allies", "hidden_entrenchments")
    to_defense_window(m, "D7")
    assert Action("hidden-entrenchments", (cid,)) in GAME.prompt(m.state, "allies").actions
    play_only(m, "allies", "hidden-entrenchments", cid)
    settle(m)
    u = m.state["units"]["a-s1"]
    assert m.state["forts"] == {"D7": "foxholes"} and cid in m.state["sides"]["allies"]["discard"]
    assert not u["broken"]


def test_hidden_entrenchments_are_not_offered_in_a_building() -> None:
    """A35.1: the attacked hex may not be a Building (F5); the window opens but does not list them."""
    m = new_match()
    only_units(m, {"g-s1": "F4", "a-s1": "F5"})
    cid = hold_action(m, "allies", "hidden_entrenchments")
    to_defense_window(m, "F5")
    assert Action("hidden-entrenchments", (cid,)) not in GAME.prompt(m.state, "allies").actions
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "allies", "hidden-entrenchments", cid)
    assert exc.value.rule == "A35.1"


def test_hidden_entrenchments_refused_where_a_fortification_is() -> None:
    """A35.1: the attacked hex must hold no fortification of any kind (F100.3)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    m.state["forts"]["D7"] = "wire"
    cid = hold_action(m, "allies", "hidden_entrenchments")
    to_defense_window(m, "D7")
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "allies", "hidden-entrenchments", cid)
    assert exc.value.rule == "F100.3"


def test_hidden_pillbox_goes_in_the_attacked_objective_before_the_roll() -> None:
    """A35.3, F104: the Pillbox in the attacked objective hex (L3, objective 3) counts for the roll."""
    m = new_match()
    only_units(m, {"g-s1": "L2", "a-s1": "L3"})
    cid = hold_action(m, "allies", "hidden_pillbox")
    to_defense_window(m, "L3")
    play_only(m, "allies", "hidden-pillbox", cid)
    assert m.state["forts"] == {"L3": "pillbox"}


def test_hidden_pillbox_not_offered_off_an_objective() -> None:
    """A35.3: only an attack on an objective hex allows it."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    cid = hold_action(m, "allies", "hidden_pillbox")
    to_defense_window(m, "D7")
    assert Action("hidden-pillbox", (cid,)) not in GAME.prompt(m.state, "allies").actions
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "allies", "hidden-pillbox", cid)
    assert exc.value.rule == "A35.3"


def test_hidden_pillbox_refused_once_the_pillbox_is_in_play() -> None:
    """A35.3: only if the Pillbox is not already in play."""
    m = new_match()
    only_units(m, {"g-s1": "L2", "a-s1": "L3"})
    m.state["forts"]["B7"] = "pillbox"
    cid = hold_action(m, "allies", "hidden_pillbox")
    to_defense_window(m, "L3")
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "allies", "hidden-pillbox", cid)
    assert exc.value.rule == "A35.3"


def test_only_the_defense_posture_plays_them_before_a_defense_roll() -> None:
    """A35: a defender in Attack posture in Cover gets the window but may not play Hidden Entrenchments."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    m.state["forts"]["D7"] = "foxholes"  # Cover opens the window for Concealment (A29)
    m.state["sides"]["allies"]["posture"] = "attack"
    cid = hold_action(m, "allies", "hidden_pillbox")
    to_defense_window(m, "D7")
    assert "A35" not in str(GAME.prompt(m.state, "allies").text)
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "allies", "hidden-pillbox", cid)
    assert exc.value.rule == "A35"


def test_outside_the_window_they_are_refused_with_their_rule() -> None:
    """A35.1, A35.3: played only right before a defense roll of the Defense player."""
    m = new_match()
    rules = set()
    for verb, action in (("hidden-entrenchments", "hidden_entrenchments"), ("hidden-pillbox", "hidden_pillbox")):
        cid = hold_action(m, "allies", action)
        with pytest.raises(IllegalOrder) as exc:
            GAME.parse(m.state, "allies", f"{verb} {cid}")
        rules.add(exc.value.rule)
    assert rules == {"A35.1", "A35.3"}


def test_the_standing_pass_answers_the_window_even_with_the_card() -> None:
    """Digest 6.4: 'react windows pass' passes the window before the defense roll too."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    hold_action(m, "allies", "hidden_entrenchments")
    play_only(m, "allies", "react", "windows", "pass")
    to_defense_window(m, "D7")
    assert top(m) != "defense_window" and m.state["forts"] == {}
