"""Refusals outside the current decision cite the step of the sequence of play and its rule
(issue "Rulings a player can check"): whom the game waits for, in which step, under which rule."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from engine.kernel import KernelContext, Match
from tests.engine.games.caucasus.position import empty_board, plain_hexes, referee, unit_of


def refusal(m: Match, state: dict[str, Any], role: str, *words: str) -> IllegalOrder:
    """The refusal the game gives ``role`` for the order ``words`` in ``state``."""
    with pytest.raises(IllegalOrder) as exc:
        m.game.dispatch(state, role, Action(words[0], tuple(words[1:])), KernelContext("refusal", 0))  # type: ignore[attr-defined]
    return exc.value


def test_not_your_turn_names_the_primary_movement_phase_and_rule_7_2():
    """The Soviet moving in the Axis Primary Movement Phase is told whom the game waits for (7.2)."""
    m = empty_board()
    hexes = plain_hexes(m)
    sov = unit_of(m, "soviet", "INF")
    referee(m, f"place {sov} {hexes[0]}")
    with pytest.raises(IllegalOrder) as exc:
        m.submit("soviet", f"move {sov} {hexes[1]}")
    assert exc.value.rule == "7.2"
    assert "the game waits for axis (Axis Primary Movement Phase, 7.2)" in str(exc.value)


def test_not_your_turn_in_a_secondary_combat_phase_cites_7_3():
    """A Secondary Combat Phase is cited under 7.3 (only Assault-marked units attack)."""
    m = empty_board(phase="soviet secondary combat")
    error = refusal(m, m.state, "axis", "done")
    assert error.rule == "7.3"
    assert "waits for soviet (Soviet Secondary Combat Phase, 7.3)" in str(error)


def test_an_order_of_another_phase_in_the_combat_phase_cites_8_1():
    """A move given in the Combat Phase is refused citing the Combat Phase (8.1)."""
    m = empty_board(phase="axis primary combat")
    error = refusal(m, m.state, "axis", "move", "X", "Y")
    assert error.rule == "8.1"
    assert "'move' is not an order of the Axis Primary Combat Phase (8.1)" in str(error)


def test_an_order_of_another_step_in_the_retreat_cites_11_1():
    """An attack given while the defender must retreat is refused citing the retreat (11.1)."""
    m = empty_board(phase="axis primary combat")
    state = copy.deepcopy(m.state)
    state["flow"].append({"proc": "retreat_choice", "chooser": "soviet", "waiting": True, "units": [], "origin": "0101", "length": 2})
    error = refusal(m, state, "soviet", "attack", "X")
    assert error.rule == "11.1"
    assert "'attack' is not an order of the retreat of the defender (11.1)" in str(error)


def test_not_your_turn_in_the_loss_choice_cites_10_2():
    """The attacker ordering while the defender chooses his step losses is told so (10.2)."""
    m = empty_board(phase="axis primary combat")
    state = copy.deepcopy(m.state)
    state["flow"].append({"proc": "loss", "chooser": "soviet", "waiting": True, "pool": [], "n": 1, "why": "defender"})
    error = refusal(m, state, "axis", "done")
    assert error.rule == "10.2"
    assert "waits for soviet (choice of the defender's step losses, 10.2)" in str(error)


def test_an_order_before_the_free_set_up_is_over_cites_20_1():
    """Moving during the free set-up is refused citing the set-up (20.1)."""
    m = empty_board()
    state = copy.deepcopy(m.state)
    state["flow"].append({"proc": "setup"})
    error = refusal(m, state, "axis", "move", "X", "Y")
    assert error.rule == "20.1"
    assert "'move' is not an order of the free set-up before the game (20.1)" in str(error)


def test_a_step_loss_forced_on_the_only_unit_is_logged_with_10_2():
    """The engine takes the loss from the only candidate and says the owner had no choice (10.2)."""
    m = empty_board(phase="axis primary combat")
    hexes = plain_hexes(m)
    sov = unit_of(m, "soviet", "INF")
    referee(m, f"place {sov} {hexes[0]}")
    state = copy.deepcopy(m.state)
    frame = {"proc": "loss", "chooser": "soviet", "pool": [sov], "n": 1, "why": "defender"}
    state["flow"].append(frame)
    ctx = KernelContext("forced-loss", 0)
    m.game.procedures["loss"].run(m.game, state, frame, ctx)  # type: ignore[attr-defined]
    lines = [str(e.text) for e in ctx.entries]
    assert f"Soviet does not choose: {sov} is the only unit that may lose the defender's step (10.2)." in lines


def bad_weather_turn_past_the_axis_primary_impulse() -> tuple[Match, str, str]:
    """An empty board in bad weather with one unit per side, played on from the Axis Primary
    Combat Phase (it stops in the Soviet Initial Phase, placing random reinforcements); the
    order that would move each unit one hex."""
    m = empty_board(phase="axis primary combat")
    hexes = plain_hexes(m)
    axis, sov = unit_of(m, "axis", "INF"), unit_of(m, "soviet", "INF")
    referee(m, f"place {axis} {hexes[0]}")
    referee(m, f"place {sov} {hexes[-1]}")
    referee(m, "weather bad")
    m.submit("axis", "done")
    one_hex = m.game.rules.board.neighbours
    return m, f"move {axis} {one_hex(hexes[0])[0]}", f"move {sov} {one_hex(hexes[-1])[0]}"


def test_an_axis_move_after_bad_weather_names_the_skipped_secondary_impulse_4_8():
    """The Axis moving out of turn after its Secondary Impulse was skipped is told the weather
    skipped it (4.8)."""
    m, axis_move, _ = bad_weather_turn_past_the_axis_primary_impulse()
    with pytest.raises(IllegalOrder) as exc:
        m.submit("axis", axis_move)
    assert exc.value.rule == "4.8"
    assert "It is not your turn: the game waits for soviet" in str(exc.value)
    assert "The Axis Secondary Impulse is over: the weather is bad, so the engine skipped it (4.8)." in str(exc.value)


def test_a_soviet_move_in_his_initial_phase_names_the_skipped_secondary_impulse_4_8():
    """The Soviet moving in his Initial Phase after bad weather skipped his Secondary Impulse is
    told so (4.8), besides the step that runs now."""
    m, _, soviet_move = bad_weather_turn_past_the_axis_primary_impulse()
    assert m.active() == {"soviet"}
    with pytest.raises(IllegalOrder) as exc:
        m.submit("soviet", soviet_move)
    assert exc.value.rule == "4.8"
    assert "'move' is not an order of the" in str(exc.value)
    assert "The Soviet Secondary Impulse is over: the weather is bad, so the engine skipped it (4.8)." in str(exc.value)


def test_good_weather_keeps_no_memory_of_a_skipped_impulse():
    """In good weather nothing is skipped, so the state holds no closed steps."""
    m = empty_board(phase="axis primary combat")
    referee(m, "weather good")
    m.submit("axis", "done")
    assert "closed" not in m.state


def test_a_replay_rebuilds_the_same_closed_memory():
    """The memory of the skipped impulses is state: a replay of the records rebuilds it."""
    m, _, _ = bad_weather_turn_past_the_axis_primary_impulse()
    assert m.state.get("closed")
    again = Match.replay(m.game, m.scenario, m.options, "test", m.records)
    assert again.state["closed"] == m.state["closed"] and again.hash() == m.hash()


def test_a_loss_the_engine_took_is_named_when_the_chooser_orders_it_later():
    """A 'loss' after the engine took the only candidate cites 10.2 and says what happened."""
    m = empty_board(phase="axis primary combat")
    hexes = plain_hexes(m)
    sov = unit_of(m, "soviet", "INF")
    referee(m, f"place {sov} {hexes[0]}")
    state = copy.deepcopy(m.state)
    frame = {"proc": "loss", "chooser": "soviet", "pool": [sov], "n": 1, "why": "defender"}
    state["flow"].append(frame)
    m.game.procedures["loss"].run(m.game, state, frame, KernelContext("forced-loss", 0))  # type: ignore[attr-defined]
    error = refusal(m, state, "soviet", "loss", sov)
    assert error.rule == "10.2"
    assert f"The choice of the defender's step losses is over: {sov} was the only unit that could lose the step, so the engine took it (10.2)." in str(error)


def test_the_sides_next_movement_phase_forgets_its_skipped_impulse():
    """The Soviet's own Primary Movement Phase makes the skip of his Secondary Impulse old news."""
    m, _, _ = bad_weather_turn_past_the_axis_primary_impulse()
    while m.active() == {"soviet"} and m.state["phase"]["impulse"] == "initial":
        m.submit("soviet", "done")
    assert m.state["phase"] == {"side": "soviet", "impulse": "primary", "step": "movement"}
    assert [e["roles"] for e in m.state["closed"]] == [["axis"]]


def test_a_referees_phase_jump_forgets_the_closed_steps():
    """After 'phase', the impulses skipped before the jump are no longer cited."""
    m, _, _ = bad_weather_turn_past_the_axis_primary_impulse()
    assert m.state.get("closed")
    referee(m, "phase soviet primary movement")
    assert "closed" not in m.state


def surrounded_retreat() -> tuple[Match, dict[str, Any], str, KernelContext]:
    """A Soviet division with an Axis division in each of its six neighbours, made to retreat 2
    hexes; the engine has run the retreat window."""
    m = empty_board(phase="axis primary combat")
    hexes = plain_hexes(m)
    sov = unit_of(m, "soviet", "INF")
    referee(m, f"place {sov} {hexes[0]}")
    ring: tuple[str, ...] = ()
    for hex_ in m.game.rules.board.neighbours(hexes[0]):
        ring = (*ring, unit_of(m, "axis", "INF", exclude=ring))
        referee(m, f"place {ring[-1]} {hex_}")
    state = copy.deepcopy(m.state)
    frame = {"proc": "retreat_choice", "chooser": "soviet", "units": [sov], "origin": hexes[0], "length": 2, "disorganize": False, "attackers": []}
    state["flow"].append(frame)
    ctx = KernelContext("no-retreat", 0)
    m.game.procedures["retreat_choice"].run(m.game, state, frame, ctx)  # type: ignore[attr-defined]
    return m, state, sov, ctx


def test_a_unit_with_no_retreat_it_survives_is_eliminated_by_the_engine_naming_the_clause():
    """Surrounded by enemy units, the unit is eliminated at once and the log names 11.2's enemy-hex case."""
    m, state, sov, ctx = surrounded_retreat()
    assert state["units"][sov].get("hex") is None
    lines = [str(e.text) for e in ctx.entries]
    assert any(x.startswith(f"{sov} has no retreat it survives and is eliminated: into an enemy-occupied hex (11.2 b)") for x in lines)


def test_the_log_names_every_exit_and_the_clause_that_bars_it():
    """The engine's elimination of a surrounded unit lists each neighbour with 11.2 b, the clause barring it."""
    m, state, sov, ctx = surrounded_retreat()
    origin = plain_hexes(m)[0]
    summary = [str(e.text) for e in ctx.entries if str(e.text).startswith(f"No retreat from {origin} keeps a unit alive: ")]
    assert len(summary) == 1
    for hex_ in m.game.rules.board.neighbours(origin):
        assert f"{hex_} into an enemy-occupied hex (11.2 b)" in summary[0]


def test_a_retreat_order_after_the_engine_eliminated_the_unit_cites_11_2():
    """A 'retreat' after the engine eliminated the surrounded unit says so, citing 11.2."""
    m, state, sov, ctx = surrounded_retreat()
    error = refusal(m, state, "soviet", "retreat", "all", "0101", "0102")
    assert error.rule == "11.2 b"
    assert "every retreat from" in str(error) and "eliminated the units, so the engine eliminated them (11.2 b)" in str(error)


def test_a_dd_after_the_engine_skipped_it_for_want_of_a_lead_unit_cites_10_4():
    """A 'dd' after a DR against a Disorganized defender (no unit may lead a DD) names 10.4 and why."""
    m = empty_board(phase="axis primary combat")
    hexes = plain_hexes(m)
    axis, sov = unit_of(m, "axis", "INF"), unit_of(m, "soviet", "INF")
    referee(m, f"place {axis} {m.game.rules.board.neighbours(hexes[0])[0]}")
    referee(m, f"place {sov} {hexes[0]}")
    state = copy.deepcopy(m.state)
    state["units"][sov]["disorganized"] = True
    frame = {
        "proc": "battle", "result": "DR", "side": "axis", "stage": "dd", "target": hexes[0],
        "defenders": [sov], "attackers": [axis], "dd": None, "steps_involved": 2,
    }
    state["flow"].append(frame)
    m.game.procedures["battle"].run(m.game, state, frame, KernelContext("dd-skipped", 0))  # type: ignore[attr-defined]
    state["flow"].remove(frame)
    error = refusal(m, state, "soviet", "dd", sov)
    assert error.rule == "10.4"
    assert "no surviving unit may lead a Determined Defence, so the defender retreats (10.4)." in str(error)


def test_the_forced_step_loss_names_the_chooser_with_its_article_in_italian_10_2():
    """An Italian reads 'Il Sovietico non sceglie' (the side term with its article), not a raw English name (10.2)."""
    from bot.i18n import render

    m = empty_board(phase="axis primary combat")
    sov = unit_of(m, "soviet", "INF")
    referee(m, f"place {sov} {plain_hexes(m)[0]}")
    state = copy.deepcopy(m.state)
    frame = {"proc": "loss", "chooser": "soviet", "pool": [sov], "n": 1, "why": "defender"}
    state["flow"].append(frame)
    ctx = KernelContext("forced-loss", 0)
    m.game.procedures["loss"].run(m.game, state, frame, ctx)  # type: ignore[attr-defined]
    said = [render(e.text, "it") for e in ctx.entries]
    assert f"Il Sovietico non sceglie: {sov} è l'unica unità (difensore) che può perdere il livello (10.2)." in said
