"""Refusing combat (S 12.6): a window for the defender, opened before any chit is drawn."""

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action
from engine.games.schwerpunkt import combat, sequence, terrain
from tests.engine.games.schwerpunkt.combat_helpers import german_combat


def refusing():
    """168-417 (TV 2) attacks the 12th Tank Corps (TV 4, motorised): the Soviet may refuse."""
    match = german_combat({"2020": ["168-417"], "2021": ["s-12tc"]})
    match.submit("german", "attack 2021 with 168-417")
    return match


def test_superior_motorised_defender_may_refuse_before_chits():
    """S 12.6, S 12.4 C: superiority and motorised units only open the refusal window; nothing is drawn yet."""
    match = refusing()
    c = match.state["combat"]
    assert c["stage"] == "refuse" and match.active() == frozenset({"soviet"})
    assert c["drawn"] == {} and "S 12.6" in str(match.prompt("soviet").text)


def test_no_refusal_without_defender_superiority():
    """S 12.6: equal Tactical Values (4 and 4): the chits are drawn at once."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-12tc"]})
    match.submit("german", "attack 2021 with gd-pz")
    assert match.state["combat"]["stage"] == "chits"


def test_no_refusal_with_a_non_motorised_defender():
    """S 12.6: the defending force must be motorised units only."""
    match = german_combat({"2020": ["168-417"], "2021": ["s-12tc", "s-100"]})
    match.submit("german", "attack 2021 with 168-417")
    assert match.state["combat"]["stage"] == "chits"


def test_out_of_supply_motorised_defender_cannot_refuse():
    """S 12.6 with S 12.10: an OOS motorised unit retreats 1 hex at most, so it cannot refuse 2."""
    match = german_combat({"2020": ["168-417"], "2021": ["s-12tc"]})
    match.state["units"]["s-12tc"]["oos"] = True
    match.state["units"]["168-417"]["oos"] = True
    match.submit("german", "attack 2021 with 168-417")
    assert match.state["combat"]["stage"] == "chits"


def test_refusal_retreats_the_stack_two_hexes_out_of_enemy_zones():
    """S 12.6: the stack retreats exactly 2 hexes, neither in an enemy ZOC."""
    match = refusing()
    path = combat.refusal_paths(match.state)[0]
    ezoc = terrain.zoc_of(match.state, "german")
    assert len(path) == 2 and not set(path) & ezoc
    match.submit("soviet", f"refuse {path[0]} {path[1]}")
    assert terrain.hex_of(match.state, "s-12tc") == path[1]


def test_refusal_into_an_enemy_zone_is_refused():
    """S 12.6: a refusal path through an enemy zone of control is refused, naming the rule."""
    match = refusing()
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "refuse 2121 2122")
    assert "S 12.6" in str(err.value)


def test_refusal_of_one_hex_is_refused():
    """S 12.6: refusing defenders must retreat two hexes, not one."""
    match = refusing()
    with pytest.raises(IllegalOrder) as err:
        match.play("soviet", Action("refuse", ("2022",)))
    assert "S 12.6" in str(err.value)
    with pytest.raises(InvalidOrder):
        match.submit("soviet", "refuse 2022")


def test_refusal_draws_no_chit_and_rolls_no_die():
    """S 12.6: a refused combat has no chits and no result; the attackers may advance into the vacated hex only."""
    match = refusing()
    cups = {side: list(c) for side, c in match.state["cups"].items()}
    path = combat.refusal_paths(match.state)[0]
    match.submit("soviet", f"refuse {path[0]} {path[1]}")
    assert match.state["cups"] == cups
    c = match.state["combat"]
    assert c["stage"] == "advance" and c["hits"] == {"german": 0, "soviet": 0}
    match.submit("german", "advance 168-417")
    assert "combat" not in match.state and terrain.hex_of(match.state, "168-417") == "2021"


def test_refusal_spends_the_attack_points():
    """S 12.6: the Activity Points the attacker spent are lost."""
    match = german_combat({"2020": ["168-417"], "2021": ["s-12tc"]})
    ap = match.state["ap"]["german"]
    match.submit("german", "attack 2021 with 168-417")
    path = combat.refusal_paths(match.state)[0]
    match.submit("soviet", f"refuse {path[0]} {path[1]}")
    assert match.state["ap"]["german"] == ap - 3


def test_refused_attackers_may_not_move_in_the_general_phase():
    """S 12.6: the attacking units are not available in this turn's General Phase."""
    match = refusing()
    path = combat.refusal_paths(match.state)[0]
    match.submit("soviet", f"refuse {path[0]} {path[1]}")
    match.submit("german", "advance none")
    assert combat.refused_this_turn(match.state, "168-417")
    with pytest.raises(IllegalOrder) as err:
        sequence.move_unit(match.state, {"general": True}, "german", "168-417", "2019", None)
    assert "S 12.6" in str(err.value)


def test_accepting_draws_the_chits():
    """S 12.4 C-D: a defender who accepts fights: each side draws its Tactical Value in chits."""
    match = refusing()
    match.submit("soviet", "accept")
    c = match.state["combat"]
    assert c["stage"] == "chits" and len(c["drawn"]["soviet"]) == 4 and len(c["drawn"]["german"]) == 2


def test_refuse_out_of_its_window_is_refused():
    """S 12.6: combat is refused only in its window, before the chits are drawn."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-12tc"]})
    match.submit("german", "attack 2021 with gd-pz")
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "refuse 2022 2023")
    assert "S 12.6" in str(err.value)


def test_the_published_default_is_to_accept():
    """S 12.6: the refusal window's published default is 'accept', and its prompt says so."""
    match = refusing()
    assert match.game.default_action(match.state, "soviet") == Action("accept")
    assert "default: accept" in str(match.prompt("soviet").text)
