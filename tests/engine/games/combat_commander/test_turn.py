"""Set-up, hands by posture, Pass and the end of a turn (1.1, 4.1, 5, O15, 5.4)."""

from __future__ import annotations

import copy

import pytest

from engine.errors import IllegalOrder, InvalidOrder, NotImplementedRule
from engine.game import Action
from engine.games.combat_commander.cards import card
from engine.games.combat_commander.common import NOT_YET
from engine.kernel import KernelContext
from tests.engine.games.combat_commander.helpers import (
    GAME,
    hold,
    new_match,
    only_units,
    play,
    texts,
    top,
)


def test_opening_hands_follow_posture() -> None:
    """Attack 6 cards, Defense 4 (1.1)."""
    m = new_match()
    assert len(m.state["sides"]["axis"]["hand"]) == 6
    assert len(m.state["sides"]["allies"]["hand"]) == 4


def test_every_card_is_in_exactly_one_pile() -> None:
    """Hand, deck and discard together hold the nation's 72 cards."""
    m = new_match()
    for side in m.state["sides"].values():
        assert len(side["hand"]) + len(side["deck"]) + len(side["discard"]) == 72


def test_scenario_names_the_first_player() -> None:
    """The scenario says who plays first (5): the Axis here."""
    m = new_match()
    assert m.active() == frozenset({"axis"}) and top(m) == "turn"


def test_pass_discards_and_ends_the_turn() -> None:
    """A Pass discards cards, the hand is refilled and the other player is active (O15, 5.4)."""
    m = new_match()
    cid = m.state["sides"]["axis"]["hand"][0]
    play(m, "axis", "pass", cid)
    assert cid in m.state["sides"]["axis"]["discard"]
    assert len(m.state["sides"]["axis"]["hand"]) == 6
    assert m.active() == frozenset({"allies"})


def test_pass_over_the_discard_capacity_is_refused() -> None:
    """A Pass discards at most the nation's capacity (O15)."""
    m = new_match()
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "pass", *m.state["sides"]["axis"]["hand"][:3])
    assert exc.value.rule == "O15"


def test_pass_with_no_discard() -> None:
    """A Pass may discard nothing (5.3)."""
    m = new_match()
    play(m, "axis", "pass")
    assert m.active() == frozenset({"allies"})


def test_end_before_any_order_is_refused() -> None:
    """A turn is orders or a Pass: 'end' needs an order first (5)."""
    m = new_match()
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "end")
    assert exc.value.rule == "5"


def test_only_the_active_player_refills() -> None:
    """The inactive player's hand is not refilled at the end of the other's turn (5.4)."""
    m = new_match()
    side = m.state["sides"]["allies"]
    side["discard"].append(side["hand"].pop())
    play(m, "axis", "pass")
    assert len(m.state["sides"]["allies"]["hand"]) == 3


def test_order_capacity_is_enforced() -> None:
    """No more Orders than the capacity in one turn (5.1)."""
    m = new_match()
    m.state["orders"] = 3
    cid = hold(m, "axis", "move")
    only_units(m, {"g-s1": "B7", "a-s1": "N9"})
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "move", cid, "g-s1")
    assert exc.value.rule == "5.1"


@pytest.mark.parametrize("verb,rule", sorted(NOT_YET.items()))
def test_unimplemented_orders_are_refused_naming_their_rule(verb: str, rule: str) -> None:
    """What is not implemented yet is refused, naming the rule and the referee (never ignored)."""
    m = new_match()
    with pytest.raises(NotImplementedRule) as exc:
        GAME.parse(m.state, "axis", f"{verb} g-s1")
    assert exc.value.rule == rule and "not implemented yet" in str(exc.value.text())


def test_unknown_verb_says_what_is_possible() -> None:
    """An unknown word gets the list of orders."""
    m = new_match()
    with pytest.raises(InvalidOrder):
        GAME.parse(m.state, "axis", "charge g-s1")


def test_parse_picks_a_held_card_of_the_order() -> None:
    """'move UNIT' plays a Move card from the hand when none is named (O14.1)."""
    m = new_match()
    cid = hold(m, "axis", "move")
    action = GAME.parse(m.state, "axis", "move g-s1")
    assert action.verb == "move" and card(action.args[0]).order == "move" and action.args[1:] == ("g-s1",)
    assert cid in m.state["sides"]["axis"]["hand"]


def test_parse_refuses_an_order_without_its_card() -> None:
    """No Order without a card showing it (O14.1)."""
    m = new_match()
    side = m.state["sides"]["axis"]
    side["deck"] += [c for c in side["hand"] if card(c).order == "fire"]
    side["hand"] = [c for c in side["hand"] if card(c).order != "fire"]
    with pytest.raises(IllegalOrder):
        GAME.parse(m.state, "axis", "fire g-s1")


def test_others_never_read_the_card_an_order_names() -> None:
    """An echo masks the card id (1.2): the channel reads 'card'."""
    assert GAME.order_text(Action("fire", ("ger07", "g-s1")), "public") == "fire card g-s1"


def test_secrets_are_the_hands_and_the_secret_objectives() -> None:
    """Each seat keeps its hand (1.2) and its secret objective chits (7.3.3) from the other."""
    m = new_match()
    chits = m.state["chits"]["secret"]
    assert GAME.secrets(m.state) == {r: set(s["hand"]) | set(chits[r]) for r, s in m.state["sides"].items()}


def test_redeal_keeps_sizes_and_the_top_of_the_deck() -> None:
    """A redeal changes the hand, not its size nor the next cards to be revealed."""
    m = new_match()
    state = copy.deepcopy(m.state)
    side = state["sides"]["allies"]
    top_half = list(side["deck"][: len(side["deck"]) // 2])
    out = GAME.redeal(state, "allies", KernelContext("x", 0))
    assert out is not None
    assert len(out["sides"]["allies"]["hand"]) == 4 and out["sides"]["allies"]["deck"][: len(top_half)] == top_half


def test_drawing_is_private_but_counted_publicly() -> None:
    """The refill tells the drawer its cards and everybody how many (1.2, 6.1)."""
    m = new_match()
    recs = play(m, "axis", "pass", m.state["sides"]["axis"]["hand"][0])
    public = [str(e.text) for r in recs for e in r.entries if e.to == "*"]
    assert any("draws 1 card" in line for line in public)
    assert any(e.to == "axis" and "You draw" in str(e.text) for r in recs for e in r.entries)
    assert texts(recs)
