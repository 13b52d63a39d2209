"""A weapon eliminated voluntarily by its owner at any time (11.3): the 'abandon' verb."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from engine.games.combat_commander import weapons
from tests.engine.games.combat_commander.helpers import (
    find,
    hold,
    new_match,
    only_units,
    play,
    play_only,
    stack,
    top,
)


def test_the_owner_eliminates_his_weapon_into_the_weapons_box() -> None:
    """11.3: the Axis eliminates the HMG g-w1 in his turn; it leaves its carrier, scores nothing, and the carrier stays."""
    m = new_match()
    vp = m.state["vp"]
    play(m, "axis", "abandon", "g-w1")
    assert m.state["weapons"]["g-w1"]["unit"] is None and m.state["vp"] == vp
    assert m.state["units"]["g-s3"]["hex"] is not None and weapons.carried(m.state, "g-s3") is None


def test_the_carrier_loses_the_weapon_s_movement_penalty() -> None:
    """11.3, 11.1: once the HMG is eliminated its carrier no longer pays its Movement penalty."""
    m = new_match()
    before = weapons.move_penalty(m.state, "g-s3")
    play(m, "axis", "abandon", "g-w1")
    assert before != 0 and weapons.move_penalty(m.state, "g-s3") == 0


def test_a_weapon_is_eliminated_in_the_opponent_s_turn() -> None:
    """11.3 "at any time": the Allies eliminate their BAR while the Axis is to play."""
    m = new_match()
    assert m.state["player"] == "axis"
    play(m, "allies", "abandon", "a-w1")
    assert m.state["weapons"]["a-w1"]["unit"] is None and top(m) == "turn"


def test_a_broken_weapon_may_be_eliminated() -> None:
    """11.3: a broken weapon too; it goes into the Weapons box good side up, like any eliminated weapon (11.4)."""
    m = new_match()
    m.state["weapons"]["g-w1"]["broken"] = True
    play(m, "axis", "abandon", "g-w1")
    assert m.state["weapons"]["g-w1"] == {**m.state["weapons"]["g-w1"], "unit": None, "broken": False}


def test_the_enemy_s_weapon_is_refused() -> None:
    """11.3: only the owner may eliminate a weapon."""
    m = new_match()
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "abandon", "a-w1")
    assert exc.value.rule == "11.3" and m.state["weapons"]["a-w1"]["unit"] == "a-s3"


def test_a_weapon_off_the_map_is_refused() -> None:
    """11.3: a weapon already in the Weapons box has no carrier to be taken from."""
    m = new_match()
    m.state["weapons"]["g-w1"]["unit"] = None
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "abandon", "g-w1")
    assert exc.value.rule == "11.3"


def test_a_radio_is_refused_as_no_weapon() -> None:
    """12: a radio is not a weapon, so 11.3 does not let its owner eliminate it."""
    m = new_match()
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "abandon", "g-r1")
    assert exc.value.rule == "12" and m.state["artillery"]["axis"]["id"] == "g-r1"


def test_a_weapon_firing_in_an_attack_not_yet_resolved_is_refused() -> None:
    """11.3, R67: the HMG firing in an attack waiting in its window before the roll is eliminated only once the attack is over."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7"})
    cid = hold(m, "axis", "fire")
    stack(m, "axis", [find("axis", white=1, red=1, trigger="", exclude=(cid,))])
    play_only(m, "axis", "fire", cid, "g-s3")
    play_only(m, "axis", "attack", "D7", "g-s3", "g-w1")
    assert top(m) == "attack_window"
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "abandon", "g-w1")
    assert exc.value.rule == "11.3" and m.state["weapons"]["g-w1"]["unit"] == "g-s3"


def test_the_turn_offers_the_owner_s_weapons_only() -> None:
    """11.3: the turn's options list 'abandon' for each weapon of the player's, none of the enemy's."""
    m = new_match()
    offered = [a for a in m.prompt("axis").actions if a.verb == "abandon"]
    assert offered == [Action("abandon", ("g-w1",)), Action("abandon", ("g-w2",))]


def test_the_italian_verb_reads_as_abandon() -> None:
    """11.3 in the Italian rulebook's words: 'abbandona' and 'elimina-arma' are the same order."""
    m = new_match()
    assert m.parse("axis", "abbandona g-w1") == m.parse("axis", "elimina-arma g-w1") == Action("abandon", ("g-w1",))
