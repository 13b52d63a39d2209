"""The stacking check at the end of every turn (8.1, digest 6.3 W13): the owner's free Deploy and
his choice of the units eliminated."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import (
    GAME,
    new_match,
    only_units,
    play_only,
    texts,
    top,
)


def allies_end_turn_with(where: dict[str, str], broken: tuple[str, ...] = ()) -> Match:
    """At the end of an Allied turn (a Pass without discards) the Axis units stand at ``where``."""
    m = new_match()
    m.state["player"] = "allies"
    only_units(m, {**where, "a-s1": "N9"})
    for uid in broken:
        m.state["units"][uid]["broken"] = True
    play_only(m, "allies", "pass")
    return m


def test_the_rulebook_example_deploy_then_eliminate_one_team() -> None:
    """8.1's example: two broken Squads in a hex (8 figures); the Axis deploys one into two broken Teams, eliminates a Team, and keeps 6 figures."""
    m = allies_end_turn_with({"g-s1": "B7", "g-s2": "B7"}, broken=("g-s1", "g-s2"))
    assert top(m) == "stacking" and m.active() == {"axis"}
    play_only(m, "axis", "deploy", "g-s1")
    assert m.state["units"]["g-s1a"]["broken"] and m.state["units"]["g-s1b"]["broken"]
    assert top(m) == "stacking"  # 4 + 2 + 2 figures are still too many
    play_only(m, "axis", "choose", "g-s1a")
    assert m.state["units"]["g-s1a"]["hex"] is None
    assert [u for u, x in m.state["units"].items() if x["hex"] == "B7"] == ["g-s2", "g-s1b"]
    assert top(m) == "turn" and m.state["player"] == "axis"


def test_the_owner_chooses_which_unit_is_eliminated() -> None:
    """8.1: the owner eliminates units of his choice until the hex holds 7 figures or fewer."""
    m = allies_end_turn_with({"g-s1": "B7", "g-s2": "B7"})
    play_only(m, "axis", "choose", "g-s2")
    assert m.state["units"]["g-s2"]["hex"] is None and m.state["units"]["g-s1"]["hex"] == "B7"
    assert top(m) == "turn" and m.state["player"] == "axis"


def test_the_published_default_eliminates_the_unit_worth_fewest_vp() -> None:
    """R9: the default elimination is the unit worth the fewest VP, then by unit id."""
    m = new_match()
    only_units(m, {"a-s1": "B7", "a-s2": "B7", "a-t1": "B7", "g-s1": "N1"})
    play_only(m, "axis", "pass")
    assert m.active() == {"allies"}
    assert GAME.prompt(m.state, "allies").default == Action("choose", ("a-t1",))


def test_only_one_free_deploy_per_overstacked_hex() -> None:
    """8.1: at most one free Deploy in each overstacked hex."""
    m = allies_end_turn_with({"g-s1": "B7", "g-s2": "B7"})
    play_only(m, "axis", "deploy", "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "deploy", "g-s2")
    assert exc.value.rule == "8.1"
    assert Action("deploy", ("g-s2",)) not in GAME.prompt(m.state, "axis").actions


def test_a_unit_outside_the_overstacked_hex_cannot_be_chosen() -> None:
    """8.1: the units eliminated are the owner's units in the overstacked hex."""
    m = allies_end_turn_with({"g-s1": "B7", "g-s2": "B7", "g-s3": "N1"})
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "choose", "g-s3")
    assert exc.value.rule == "8.1"


def test_the_turn_ends_only_once_the_hexes_are_within_the_limit() -> None:
    """8.1, R12: the stacking check comes before the refill and the next player's turn."""
    m = new_match()
    turns = m.state["turns"]
    m.state["player"] = "allies"
    only_units(m, {"g-s1": "B7", "g-s2": "B7", "a-s1": "N9"})
    play_only(m, "allies", "pass")
    assert m.state["player"] == "allies" and m.state["turns"] == turns


def test_a_pass_with_discards_opens_the_demolition_window_after_the_stacking_check() -> None:
    """8.1, A31: the opponent's Demolition window follows the end of the passing player's turn, stacking included."""
    m = new_match()
    m.state["player"] = "allies"
    only_units(m, {"g-s1": "B7", "g-s2": "B7", "a-s1": "N9"})
    cid = m.state["sides"]["allies"]["hand"][0]
    play_only(m, "allies", "pass", cid)
    assert top(m) == "stacking"
    play_only(m, "axis", "choose", "g-s2")
    assert top(m) == "demolition_window" and m.active() == {"axis"}
    assert len(m.state["sides"]["allies"]["hand"]) == GAME.hand_size(m.state, "allies")


def test_enemy_figures_in_the_hex_do_not_count() -> None:
    """8.1: the limit counts one side's figures: 6 German and 4 American figures in a hex are legal."""
    m = allies_end_turn_with({"g-s1": "B7", "g-l1": "B7", "g-l2": "B7", "a-s2": "B7"})
    assert top(m) == "turn" and m.state["player"] == "axis"


def test_a_chosen_unit_stays_until_every_hex_is_within_the_limit() -> None:
    """8.1, R71: the units chosen in one overstacked hex are not eliminated while another hex is still overstacked."""
    m = allies_end_turn_with({"g-s1": "B7", "g-s2": "B7", "g-s3": "C7", "g-s4": "C7"})
    play_only(m, "axis", "choose", "g-s2")
    assert m.state["units"]["g-s2"]["hex"] == "B7" and m.state["vp"] == 0
    assert top(m) == "stacking" and "C7" in str(GAME.prompt(m.state, "axis").text)
    play_only(m, "axis", "choose", "g-s4")
    assert m.state["units"]["g-s2"]["hex"] is None and m.state["units"]["g-s4"]["hex"] is None
    assert top(m) == "turn" and m.state["vp"] == -4


def test_a_chosen_unit_cannot_be_chosen_twice() -> None:
    """8.1, R71: a unit already chosen is no longer offered, and the next choice must be another unit."""
    m = allies_end_turn_with({"g-s1": "B7", "g-s2": "B7", "g-s3": "C7", "g-s4": "C7"})
    play_only(m, "axis", "choose", "g-s2")
    assert Action("choose", ("g-s2",)) not in GAME.prompt(m.state, "axis").actions


def test_the_free_deploy_comes_before_the_eliminations() -> None:
    """8.1: the free Deploy is made just before eliminating: once a unit of the hex is chosen it is refused."""
    m = allies_end_turn_with({"g-s1": "B7", "g-s2": "B7", "g-s3": "B7"})
    play_only(m, "axis", "choose", "g-s3")
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "deploy", "g-s1")
    assert exc.value.rule == "8.1" and Action("deploy", ("g-s1",)) not in GAME.prompt(m.state, "axis").actions


def test_both_sides_losses_are_one_entry_of_the_log() -> None:
    """8.1, R71: the overstacked hexes of both sides lose their units in one entry, after every choice is made."""
    m = new_match()
    m.state["player"] = "allies"
    only_units(m, {"g-s1": "B7", "g-s2": "B7", "a-s1": "N9", "a-s2": "N9"})
    play_only(m, "allies", "pass")
    assert m.active() == {"axis"}
    play_only(m, "axis", "choose", "g-s1")
    assert m.state["units"]["g-s1"]["hex"] == "B7" and m.active() == {"allies"}
    records = play_only(m, "allies", "choose", "a-s2")
    lines = texts(records)
    assert sum("at once (8.1)" in line for line in lines) == 1
    assert any("axis eliminates g-s1, allies eliminates a-s2" in line for line in lines)
    assert m.state["units"]["g-s1"]["hex"] is None and m.state["units"]["a-s2"]["hex"] is None


def test_both_sides_surrendering_by_stacking_go_to_the_initiative_holder() -> None:
    """8.1, 6.3.1, 9.2 (R71): a loss that takes both sides to their Surrender space at once is won by the Initiative card's holder."""
    m = new_match()
    m.state["player"] = "allies"
    only_units(m, {"g-s1": "B7", "g-s2": "B7", "a-s1": "N9", "a-s2": "N9"})
    for role in ("axis", "allies"):
        m.state["sides"][role]["surrender"] = len(m.state["sides"][role]["casualties"]) + 1
    play_only(m, "allies", "pass")
    play_only(m, "axis", "choose", "g-s1")
    assert not m.state.get("over")
    play_only(m, "allies", "choose", "a-s2")
    assert m.state["over"] == {"winner": m.state["initiative"], "why": "both_lose"}


def test_a_chosen_unit_taken_off_meanwhile_is_not_eliminated_twice() -> None:
    """8.1, R71: a chosen unit no longer on the map when the loss is taken (a referee's edit) scores nothing and is not a casualty again."""
    m = allies_end_turn_with({"g-s1": "B7", "g-s2": "B7", "g-s3": "C7", "g-s4": "C7"})
    play_only(m, "axis", "choose", "g-s2")
    m.state["units"]["g-s2"]["hex"] = None
    play_only(m, "axis", "choose", "g-s4")
    assert m.state["sides"]["axis"]["casualties"].count("g-s2") == 0 and m.state["vp"] == -2
