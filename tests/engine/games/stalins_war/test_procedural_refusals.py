"""Refusals outside the current decision cite the step of the sequence of play and its rule
(issue "Rulings a player can check"): whom the game waits for, in which step, under which rule."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action
from engine.games.stalins_war.model import AXIS, SOVIET
from tests.engine.games.stalins_war.flow_helpers import GAME, act, at_ar, direct, new_match


def refusal(state: dict[str, Any], role: str, action: Action) -> IllegalOrder:
    """The refusal ``GAME`` gives ``role`` for ``action`` in ``state``."""
    d = direct()
    with pytest.raises(IllegalOrder) as exc:
        GAME.dispatch(state, role, action, d.ctx)
    return exc.value


def in_combat(*frames: dict[str, Any]) -> dict[str, Any]:
    """An Axis combat against a Soviet hex, stopped at ``frames`` (the top one waits)."""
    state = direct(turn=10, ar=2, side=AXIS).state
    state["round"] = {"side": AXIS}
    battle = {"proc": "battle", "combat": {"attacker": AXIS, "defender": SOVIET, "target": "3616"}}
    state["flow"] = [{"proc": "combat_step", "side": AXIS}, battle, *frames]
    return state


def test_not_your_turn_names_the_action_round_and_rule_7_2():
    """The Soviet ordering in the Axis round is told the game waits for the Axis choice of action (7.2)."""
    m = new_match()
    at_ar(m, 10, AXIS, 2)
    with pytest.raises(IllegalOrder) as exc:
        m.submit(SOVIET, "zero pass")
    assert exc.value.rule == "7.2"
    assert "the game waits for axis (choice of the action of the Axis Action Round, 7.2)" in str(exc.value)


def test_not_your_turn_in_the_defenders_combat_card_window_cites_11_2_1_3():
    """The attacker ordering while the defender chooses Combat Cards is told so (11.2.1(3))."""
    state = in_combat({"proc": "battle_cc", "side": SOVIET})
    error = refusal(state, AXIS, act("attack", "3617"))
    assert error.rule == "11.2.1(3)"
    assert "waits for soviet (Combat Card window of the defender, 11.2.1(3))" in str(error)


def test_an_order_of_another_step_in_the_retreat_cites_11_4():
    """A move given while the defender must retreat is refused citing the retreat step (11.4)."""
    state = in_combat({"proc": "battle_retreat", "side": SOVIET, "waiting": True, "origin": "3616", "length": 1, "units": []})
    error = refusal(state, SOVIET, act("move", "su-13r", "3617"))
    assert error.rule == "11.4"
    assert "'move' is not an order of the retreat of the defender (11.4)" in str(error)


def test_an_order_of_another_step_in_the_loss_allocation_is_still_an_invalid_order():
    """The out-of-step refusal stays an InvalidOrder for callers that catch one (and cites 11.3)."""
    state = in_combat({"proc": "battle_loss", "side": SOVIET, "waiting": True, "attacking": False})
    with pytest.raises(InvalidOrder) as exc:
        GAME.dispatch(state, SOVIET, act("retreat", "auto"), direct().ctx)
    assert "loss allocation of the defender (11.3)" in str(exc.value)


def test_an_order_of_the_movement_step_while_choosing_the_action_cites_7_2():
    """Moving before choosing the action of the round is refused citing the choice of action (7.2)."""
    m = new_match()
    at_ar(m, 10, AXIS, 2)
    with pytest.raises(IllegalOrder) as exc:
        m.submit(AXIS, "move ge-3pz 3617")
    assert exc.value.rule == "7.2"
    assert "not an order of the choice of the action of the Axis Action Round (7.2)" in str(exc.value)


def test_not_your_turn_in_the_draw_phase_cites_6_0d():
    """The Axis ordering while the Soviet discards first is told the Draw Phase order (6.0D)."""
    state = direct().state
    state["flow"] = [{"proc": "draw_phase", "side": SOVIET}]
    error = refusal(state, AXIS, act("keep"))
    assert error.rule == "6.0D"
    assert "waits for soviet (Strategy Card Draw Phase (the Soviet discards first), 6.0D)" in str(error)


def test_a_card_played_in_the_opponents_round_says_which_cards_may_be_7_5_5a():
    """Playing a card in the opponent's round: only Combat Cards, as the defender (7.5.5a)."""
    m = new_match()
    at_ar(m, 10, AXIS, 2)
    with pytest.raises(IllegalOrder) as exc:
        m.submit(SOVIET, "zero pass")
    assert "only Combat Cards, as the defender" in str(exc.value.text())
    assert "(7.5.5a)" in str(exc.value.text())
