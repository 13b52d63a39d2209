"""Refusals outside the current decision cite the step of the sequence of play and its rule
(issue "Rulings a player can check"): whom the game waits for, in which step, under which rule."""

from __future__ import annotations

from typing import Any

import pytest

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action
from engine.games.stalins_war import sequence
from engine.games.stalins_war.model import AXIS, SOVIET
from engine.kernel import Match
from engine.text import t
from tests.engine.games.stalins_war.flow_helpers import GAME, act, at_ar, direct, new_match, ref


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


def refused_after(m: Match, role: str, line: str) -> IllegalOrder:
    """The refusal of ``line`` from ``role`` in the match as it stands."""
    with pytest.raises(IllegalOrder) as exc:
        m.submit(role, line)
    return exc.value


def axis_round(action: str) -> Match:
    """The Axis AR2 of turn 10 with ``action`` taken, the Soviet AR2 waiting."""
    m = new_match()
    at_ar(m, 10, AXIS, 2, hand=("AX17",))
    m.submit(AXIS, action)
    return m


def test_a_move_after_a_0_ops_pass_round_cites_7_2_6():
    """Moving after one's 0-OPS pass round says the round had no movement (7.2.6)."""
    m = axis_round("zero pass")
    error = refused_after(m, AXIS, "move ge-3pz 3617")
    assert error.rule == "7.2.6"
    assert "waits for soviet" in str(error)
    assert "The movement step of the Axis Action Round is over: a 0-OPS round without movement moves no unit and activates no hex for combat (7.2.6)." in str(error)


def test_an_attack_after_a_replacement_round_cites_7_4_1():
    """Attacking after one's RP round says an RP card allows nothing else in its round (7.4.1)."""
    m = axis_round("play AX17 rp")
    error = refused_after(m, AXIS, "attack 3617")
    assert error.rule == "7.4.1"
    assert "a card played for replacement points allows no other action in its round (7.4.1)." in str(error)


def test_an_attack_after_a_round_without_combat_markers_cites_11_1_1():
    """Attacking after a round whose combat step the engine skipped (no Combat marker) cites 11.1.1."""
    m = axis_round("zero move")
    m.submit(AXIS, "done")
    error = refused_after(m, AXIS, "attack 3617")
    assert error.rule == "11.1.1"
    assert "The combat step of the Axis Action Round is over: no hex holds a Combat marker, so the engine skipped it (11.1.1)." in str(error)


def test_an_exploit_after_a_round_without_blitz_markers_cites_12_1_4():
    """Exploiting after a round without Blitz markers says no unit could exploit (12.1.4)."""
    m = axis_round("zero move")
    m.submit(AXIS, "done")
    error = refused_after(m, AXIS, "exploit ge-3pz 3617")
    assert error.rule == "12.1.4"
    assert "The exploitation step of the Axis Action Round is over: no Blitz marker was placed this round, so no unit could exploit (12.1.4)." in str(error)


def test_the_sides_next_round_forgets_its_closed_steps():
    """The Axis AR3 makes the steps closed in the Axis AR2 old news: only the Soviet's remain."""
    m = axis_round("zero pass")
    m.submit(SOVIET, "zero pass")
    assert m.state["ar"] == 3 and m.active() == {AXIS}
    assert m.state["closed"] and all(e["roles"] == [SOVIET] for e in m.state["closed"])


def test_a_replay_rebuilds_the_same_closed_memory():
    """The memory of a round that ended at once is state: a replay of the records rebuilds it."""
    m = axis_round("zero pass")
    assert m.state.get("closed")
    again = Match.replay(m.game, m.scenario, m.options, "helper-f", m.records)
    assert again.state["closed"] == m.state["closed"] and again.hash() == m.hash()


def test_a_move_after_an_event_round_without_movement_cites_7_5_1a():
    """Moving after one's event round that gave no OPS says an event moves no unit unless it
    says so (7.5.1a)."""
    m = new_match()
    at_ar(m, 10, AXIS, 2, hand=("AX6",))
    m.submit(AXIS, "play AX6 event")
    error = refused_after(m, AXIS, "move ge-3pz 3617")
    assert error.rule == "7.5.1a"
    assert "a card played as an event moves no unit unless the event says so (7.5.1a)." in str(error)


def test_a_referees_phase_jump_forgets_the_closed_steps():
    """After 'phase', the steps closed before the jump are no longer cited."""
    m = axis_round("zero pass")
    assert m.state.get("closed")
    ref(m, "phase soviet 3")
    assert "closed" not in m.state


def test_a_new_turn_forgets_the_closed_steps():
    """The start of a turn makes every step closed in the turn before old news."""
    d = direct()
    flow.close(d.state, flow.Step(t("movement step"), "7.2.6"), t("why"), roles=[AXIS], verbs=["move"])
    d.state["flow"] = [{"proc": "turn", "i": 0}]
    sequence.Turn().run(GAME, d.state, d.state["flow"][0], d.ctx)
    assert "closed" not in d.state
