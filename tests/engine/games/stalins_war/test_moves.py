"""Stalin's War normal movement, ZOC effects, banked OPS and Combat markers in the movement step
(7.3.3-7.3.5, 8.3, 10.1, 4.4.2-4.4.4, 16.3.4, 16.4.5, 19.1-19.2, 18.1.1, 18.3.1)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action
from engine.games.stalins_war import moves, terrain
from tests.engine.games.stalins_war.test_terrain import (
    RULES,
    Ctx,
    Game,
    blank_state,
    clear_line,
    put,
)

STEP = moves.MoveStep()


def order(state: dict[str, Any], verb: str, *args: str, ctx: Ctx | None = None) -> Ctx:
    """Give an order to the move step (as the round's side); returns the context used."""
    ctx = ctx or Ctx()
    if not state.get("flow"):
        state["flow"] = [{"proc": "action_round"}, {"proc": "move_step"}]
    STEP.handle(Game, state, state["flow"][-1], state["round"]["side"], Action(verb, tuple(args)), ctx)
    return ctx


def refused(state: dict[str, Any], verb: str, *args: str) -> IllegalOrder:
    with pytest.raises(IllegalOrder) as info:
        order(state, verb, *args)
    return info.value


def zoc_geometry() -> tuple[list[str], str]:
    """A clear line L0..L4 and a hex E next to L2 and L3 but not L1: a ZOC unit in E covers L2, L3."""
    board = RULES.board
    for n in range(5, 9):
        line = clear_line(n)
        for e in sorted(set(board.neighbours(line[2])) & set(board.neighbours(line[3]))):
            if e in line or e in board.neighbours(line[1]) or terrain.impassable(RULES, e):
                continue
            if terrain.passable(RULES, e, line[2]) and terrain.passable(RULES, e, line[3]):
                return line[:5], e
    raise LookupError("no ZOC geometry")


LINE, ENEMY = zoc_geometry()


# Basic movement ---------------------------------------------------------------------------------------
def test_move_along_a_path_costs_one_mp_per_clear_hex_10_1():
    state = blank_state(side="axis")
    put(state, "ge-43c", LINE[0])
    order(state, "move", "ge-43c", LINE[1], LINE[2], LINE[3])
    u = state["units"]["ge-43c"]
    assert u["hex"] == LINE[3] and u["mp"] == 3 and u["moved"] is True
    assert state["round"]["ops"] == 3  # normal movement costs no OPS (7.3.3)


def test_single_destination_takes_the_cheapest_legal_path_10_1():
    state = blank_state(side="axis")
    put(state, "ge-43c", LINE[0])
    order(state, "move", "ge-43c", LINE[3])
    assert state["units"]["ge-43c"]["hex"] == LINE[3]


def test_path_steps_must_be_adjacent_10_1_3():
    state = blank_state(side="axis")
    put(state, "ge-43c", LINE[0])
    assert refused(state, "move", "ge-43c", LINE[1], LINE[3]).rule == "10.1.3"
    assert refused(state, "move", "ge-43c", LINE[0], LINE[2]).rule == "10.1.3"


def test_more_mp_than_the_ma_is_refused_10_1_4():
    state = blank_state(side="soviet")
    line = clear_line(5)
    put(state, "su-13r", line[0])  # MA 3
    assert refused(state, "move", "su-13r", *line[1:5]).rule == "10.1.4"


def test_one_hex_minimum_move_10_1_4():
    """A Shock Army (MA 2) may always move one hex, even into mountain (3 MP)."""
    board = RULES.board
    state = blank_state(side="soviet")
    for label in sorted(board.terrain):
        if board.terrain[label] != "mountain" or not terrain.in_region(RULES, label, "ussr"):
            continue
        start = next((n for n in board.neighbours(label) if terrain.passable(RULES, n, label) and not board.side(n, label) and board.terrain.get(n) == "mountain"), None)
        beyond = next((n for n in board.neighbours(label) if n != start and terrain.passable(RULES, label, n) and board.terrain.get(n) == "mountain"), None)
        if start and beyond:
            break
    else:
        raise AssertionError("no mountain pair")
    put(state, "su-1sh", start)
    assert refused(state, "move", "su-1sh", label, beyond).rule == "10.1.4"
    order(state, "move", "su-1sh", label)
    assert state["units"]["su-1sh"]["hex"] == label


def test_out_of_supply_units_lose_two_ma_13_3_1():
    state = blank_state(side="soviet")
    put(state, "su-13r", LINE[0])
    state["units"]["su-13r"]["oos"] = True  # MA 3 -> 1
    assert refused(state, "move", "su-13r", LINE[1], LINE[2]).rule == "13.3.1"
    order(state, "move", "su-13r", LINE[1])


def test_paulus_line_reduces_axis_ma_in_turns_1_to_4_10_1_5():
    line = clear_line(4)
    if not all(terrain.east_of_paulus(RULES, h) for h in line):
        line = next_paulus_line()
    state = blank_state(turn=3, side="axis")
    put(state, "ge-43c", line[0])  # MA 3 -> 2
    assert refused(state, "move", "ge-43c", *line[1:4]).rule == "10.1.5"
    state = blank_state(turn=5, side="axis")
    put(state, "ge-43c", line[0])
    order(state, "move", "ge-43c", *line[1:4])


def next_paulus_line() -> list[str]:
    board = RULES.board
    for start in sorted(RULES.zone("paulus_zone")):
        for d in range(6):
            line = [start]
            while len(line) < 4 and line[-1] is not None:
                nxt = board.grid.neighbour(line[-1], d)
                if nxt is None:
                    break
                line.append(nxt)
            if len(line) == 4 and all(
                board.terrain.get(h) == "clear" and terrain.east_of_paulus(RULES, h) and h not in board.places for h in line
            ) and all(not board.side(a, b) for a, b in zip(line, line[1:], strict=False)):
                return line
    raise LookupError("no clear line east of the Paulus Line")


def test_major_river_costs_one_more_mp_chart():
    board = RULES.board
    for (a, b), feats in sorted(board.sides.items()):
        if feats != frozenset({"major_river"}) or board.terrain.get(a) != "clear" or board.terrain.get(b) != "clear":
            continue
        if not terrain.in_region(RULES, a, "ussr") or not terrain.in_region(RULES, b, "ussr"):
            continue
        state = blank_state(side="soviet")
        put(state, "su-13r", a)
        order(state, "move", "su-13r", b)
        assert state["units"]["su-13r"]["mp"] == 2
        return
    raise AssertionError("no major river between clear hexes")


def test_lake_or_coast_hexside_is_prohibited_chart():
    state = blank_state(side="soviet")
    put(state, "su-13r", "2131")
    assert refused(state, "move", "su-13r", "2232").rule == "10.1"


def test_no_entry_into_enemy_occupied_hexes_10_1_6():
    state = blank_state(side="soviet")
    put(state, "su-13r", LINE[0])
    put(state, "ge-43c", LINE[1])
    assert refused(state, "move", "su-13r", LINE[1]).rule == "10.1.6"


def test_axis_units_may_enter_inactive_partisan_hexes_10_1_6():
    state = blank_state(side="axis")
    put(state, "ge-43c", LINE[0])
    put(state, "su-partisan-1", LINE[1])
    state["units"]["su-partisan-1"]["active"] = False
    order(state, "move", "ge-43c", LINE[1], LINE[2])
    assert state["units"]["ge-43c"]["hex"] == LINE[2]
    state["units"]["su-partisan-1"]["active"] = True
    put(state, "ge-27c", LINE[0])
    assert refused(state, "move", "ge-27c", LINE[1]).rule == "10.1.6"


def test_supplied_soviet_unit_ending_in_inactive_partisans_removes_them_16_1_5():
    state = blank_state(side="soviet")
    put(state, "su-13r", LINE[0])
    put(state, "su-partisan-1", LINE[1])
    state["units"]["su-partisan-1"]["active"] = False
    order(state, "move", "su-13r", LINE[1])
    assert state["units"]["su-partisan-1"]["hex"] is None
    assert state["units"]["su-partisan-1"]["box"] == "setaside"


def test_stacking_must_hold_where_a_move_ends_9_1_4():
    state = blank_state(side="soviet")
    put(state, "su-west-front", LINE[1])
    put(state, "su-south-front", LINE[0])
    assert refused(state, "move", "su-south-front", LINE[1]).rule == "9.1.2"
    order(state, "move", "su-south-front", LINE[1], LINE[2])  # passing through is fine


def test_control_passes_on_entering_ruling_42():
    board = RULES.board
    town = "2029"  # Kherson, Soviet-controlled
    start = next(n for n in board.neighbours(town) if terrain.passable(RULES, n, town) and not board.side(n, town) and terrain.in_region(RULES, n, "ussr"))
    state = blank_state(side="axis")
    put(state, "ge-43c", start)
    order(state, "move", "ge-43c", town)
    assert state["control"][town] == "axis"


def test_paulus_crossed_is_set_by_a_supplied_axis_unit_5_1_3():
    line = next_paulus_line()
    state = blank_state(turn=5, side="axis")
    put(state, "ge-43c", line[0])
    order(state, "move", "ge-43c", line[1])
    assert state["paulus_crossed"] is True
    state = blank_state(turn=5, side="axis")
    put(state, "ge-43c", line[0])
    state["units"]["ge-43c"]["oos"] = True
    order(state, "move", "ge-43c", line[1])
    assert state["paulus_crossed"] is False


# ZOC --------------------------------------------------------------------------------------------------
def test_entering_enemy_zoc_stops_the_unit_8_3():
    state = blank_state(side="axis")
    put(state, "ge-43c", LINE[0])
    put(state, "su-west-front", ENEMY)
    assert refused(state, "move", "ge-43c", LINE[1], LINE[2], LINE[3]).rule == "8.3"
    order(state, "move", "ge-43c", LINE[1], LINE[2])
    assert refused(state, "move", "ge-43c", LINE[1]).rule == "8.3"  # stopped for the AR


def test_no_move_from_one_enemy_zoc_hex_to_another_8_3():
    state = blank_state(side="axis")
    put(state, "ge-43c", LINE[2])
    put(state, "ge-27c", LINE[2])  # stays behind: no OPS needed
    put(state, "su-west-front", ENEMY)
    assert refused(state, "move", "ge-43c", LINE[2], LINE[3]).rule == "8.3"


def test_leaving_zoc_alone_costs_one_ops_7_3_3():
    state = blank_state(side="axis", ops=2)
    put(state, "ge-43c", LINE[2])
    put(state, "su-west-front", ENEMY)
    order(state, "move", "ge-43c", LINE[1], LINE[0])
    assert state["round"]["ops"] == 1
    assert state["round"]["zoc_paid"] == [LINE[2]]
    assert state["round"]["move_markers"] == [LINE[2]]


def test_leaving_zoc_without_ops_is_refused_7_3_3():
    state = blank_state(side="axis", ops=0)
    put(state, "ge-43c", LINE[2])
    put(state, "su-west-front", ENEMY)
    assert refused(state, "move", "ge-43c", LINE[1]).rule == "7.3.3"
    assert state["units"]["ge-43c"]["hex"] == LINE[2]


def test_one_ops_lets_the_whole_group_leave_while_one_stays_they_are_free_7_3_3():
    state = blank_state(side="axis", ops=2)
    for uid in ("ge-43c", "ge-27c"):
        put(state, uid, LINE[2])
    put(state, "su-west-front", ENEMY)
    order(state, "move", "ge-43c", LINE[1])
    assert state["round"]["ops"] == 2  # ge-27c stays: free
    order(state, "move", "ge-27c", LINE[1])
    assert state["round"]["ops"] == 1  # the last one leaving pays for the group


def test_units_that_moved_into_the_hex_do_not_count_as_staying_7_3_3():
    state = blank_state(side="axis", ops=1)
    put(state, "ge-43c", LINE[2])
    put(state, "ge-27c", LINE[0])
    put(state, "su-west-front", ENEMY)
    order(state, "move", "ge-27c", LINE[1], LINE[2])
    order(state, "move", "ge-43c", LINE[1])
    assert state["round"]["ops"] == 0


def test_defend_the_motherland_forbids_paying_to_leave_axis_zoc_ax18():
    state = blank_state(side="soviet", ops=2)
    put(state, "su-13r", LINE[2])
    put(state, "ge-6a", ENEMY)
    state["effects"]["defend_motherland"] = {"turn": state["turn"], "cancelled_from_round": None}
    assert refused(state, "move", "su-13r", LINE[1]).rule == "AX18"
    state["effects"]["defend_motherland"]["cancelled_from_round"] = 1
    order(state, "move", "su-13r", LINE[1])
    assert state["round"]["ops"] == 1


def test_where_a_german_soldier_stands_forbids_paying_unless_manstein_su22():
    state = blank_state(side="axis", ops=2)
    put(state, "ge-43c", LINE[2])
    put(state, "su-west-front", ENEMY)
    state["effects"]["german_soldier_stands"] = state["turn"]
    assert refused(state, "move", "ge-43c", LINE[1]).rule == "SU22"
    state["effects"]["manstein"] = state["turn"]
    order(state, "move", "ge-43c", LINE[1])


def test_strategic_withdrawal_leaves_axis_zoc_for_free_su11():
    state = blank_state(side="soviet", ops=0)
    put(state, "su-13r", LINE[2])
    put(state, "ge-6a", ENEMY)
    state["effects"]["strategic_withdrawal"] = state["turn"]
    order(state, "move", "su-13r", LINE[1])
    assert state["units"]["su-13r"]["hex"] == LINE[1]
    assert refused(state, "move", "su-13r", LINE[2]).rule == "SU11"  # may not re-enter Axis ZOC
    order(state, "move", "su-13r", LINE[0])


def test_leaving_free_because_a_unit_stays_carries_no_strategic_withdrawal_condition_7_3_3_su11():
    """7.3.3: while a unit that began the AR in the hex stays, the others leave the enemy ZOC for free
    anyway; Strategic Withdrawal's "may not re-enter Axis ZOC this AR" binds only units it freed."""
    state = blank_state(side="soviet", ops=0)
    put(state, "su-13r", LINE[2])
    put(state, "su-20r", LINE[2])
    put(state, "ge-6a", ENEMY)
    state["effects"]["strategic_withdrawal"] = state["turn"]
    order(state, "move", "su-13r", LINE[1])  # su-20r stays behind
    order(state, "move", "su-13r", LINE[2])  # back into the Axis ZOC: legal
    assert state["units"]["su-13r"]["hex"] == LINE[2]


# Bans -------------------------------------------------------------------------------------------------
def test_axis_units_do_not_move_in_turn_1_4_4_2():
    state = blank_state(turn=1, side="axis")
    put(state, "ge-43c", LINE[0])
    assert refused(state, "move", "ge-43c", LINE[1]).rule == "4.4.2"


def test_nobody_enters_hungary_in_turn_1_4_4_3():
    board = RULES.board
    for h in sorted(RULES.zone("hungary")):
        n = next((x for x in board.neighbours(h) if terrain.in_region(RULES, x, "ussr") and terrain.passable(RULES, x, h)), None)
        if n:
            break
    else:
        raise AssertionError("no USSR-Hungary border")
    state = blank_state(turn=1, side="soviet")
    put(state, "su-13r", n)
    assert refused(state, "move", "su-13r", h).rule == "4.4.3"
    state = blank_state(turn=2, side="soviet")
    put(state, "su-13r", n)
    order(state, "move", "su-13r", h)


def test_soviets_do_not_move_into_romania_in_turn_1_4_4_4():
    board = RULES.board
    for h in sorted(RULES.zone("romania")):
        n = next((x for x in board.neighbours(h) if terrain.in_region(RULES, x, "ussr") and terrain.passable(RULES, x, h)), None)
        if n:
            break
    else:
        raise AssertionError("no USSR-Romania border")
    state = blank_state(turn=1, side="soviet")
    put(state, "su-13r", n)
    assert refused(state, "move", "su-13r", h).rule == "4.4.4"


def test_romanians_never_enter_hungary_and_hungarians_never_romania_19_1_19_2():
    state = blank_state(side="axis")
    put(state, "ro-3c", "1226")
    assert refused(state, "move", "ro-3c", "1325").rule == "19.1.1"
    put(state, "hu-schnell", "1325")
    assert refused(state, "move", "hu-schnell", "1226").rule == "19.2.1"


def test_units_in_a_festung_never_leave_16_3_4():
    state = blank_state(side="axis")
    put(state, "ge-43c", LINE[0])
    state["markers"]["festung"].append(LINE[0])
    assert refused(state, "move", "ge-43c", LINE[1]).rule == "16.3.4"


def test_units_entering_a_festung_stop_there_16_3_4():
    state = blank_state(side="axis")
    put(state, "ge-43c", LINE[0])
    state["markers"]["festung"].append(LINE[1])
    assert refused(state, "move", "ge-43c", LINE[1], LINE[2]).rule == "16.3.4"


def test_stalin_never_moves_normally_16_4_5():
    state = blank_state(side="soviet")
    put(state, "su-stalin", LINE[0])
    assert refused(state, "move", "su-stalin", LINE[1]).rule == "16.4.5"


def test_entrenching_lcu_may_not_move_10_3_1():
    state = blank_state(side="soviet")
    put(state, "su-west-front", LINE[0])
    state["units"]["su-west-front"]["entrenching"] = True
    assert refused(state, "move", "su-west-front", LINE[1]).rule == "10.3.1"


def test_strategic_movers_may_not_also_move_10_2_1():
    state = blank_state(side="soviet")
    put(state, "su-13r", LINE[0])
    state["units"]["su-13r"]["strategic"] = True
    assert refused(state, "move", "su-13r", LINE[1]).rule == "10.2.1"


def test_a_unit_may_continue_with_its_remaining_mp_8_1_1():
    """Ruling 8.1#1: the MA is per Action Round; several orders may share it."""
    state = blank_state(side="axis")
    put(state, "ge-43c", LINE[0])
    order(state, "move", "ge-43c", LINE[1])
    order(state, "move", "ge-43c", LINE[2], LINE[3])
    assert refused(state, "move", "ge-43c", LINE[4]).rule == "10.1.4"


def test_bad_input_is_refused_cleanly():
    state = blank_state(side="axis")
    put(state, "ge-43c", LINE[0])
    with pytest.raises(InvalidOrder):
        order(state, "move", "no-such-unit", LINE[1])
    with pytest.raises(InvalidOrder):
        order(state, "move", "ge-43c", "9999")
    with pytest.raises(InvalidOrder):
        order(state, "move", "ge-43c")
    with pytest.raises(InvalidOrder):
        order(state, "fly", "ge-43c")
    with pytest.raises(IllegalOrder):
        order(state, "move", "su-13r", LINE[1])  # not the mover's unit (not on the map either)


# Banked OPS, Combat markers, done -------------------------------------------------------------------------
def test_bank_moves_banked_ops_into_the_round_18_1_1():
    state = blank_state(side="axis", ops=1)
    state["banked"]["axis"] = 2
    order(state, "bank", "2")
    assert state["round"]["ops"] == 3 and state["banked"]["axis"] == 0
    assert refused(state, "bank", "1").rule == "18.1.1"


def test_soviet_spends_recorded_banked_ops_wherever_stalin_is_18_3_1_18_1_3():
    """18.3.1 / 16.4.7: Stalin in Moscow is needed to *receive* banked OPS ("può ricevere"); once
    recorded they are kept until spent or the end of the turn (18.1.3), even with Stalin away."""
    state = blank_state(side="soviet", ops=0)
    state["banked"]["soviet"] = 2
    put(state, "su-stalin", LINE[0])
    order(state, "bank", "1")
    assert state["round"]["ops"] == 1 and state["banked"]["soviet"] == 1
    put(state, "su-stalin", RULES.hex_of("Moscow"))
    order(state, "bank", "1")
    assert state["round"]["ops"] == 2 and state["banked"]["soviet"] == 0


def test_combat_markers_cost_one_ops_each_and_end_movement_7_3_5():
    state = blank_state(side="soviet", ops=2)
    put(state, "su-13r", LINE[0])
    put(state, "su-20r", LINE[3])
    err = refused(state, "combat", LINE[0], LINE[3], LINE[4])
    assert err.rule == "7.3.5" and str(err.message).startswith("3 Combat markers: 3 OPS needed, and you have 2 left.")
    order(state, "combat", LINE[0])
    assert state["round"]["combat_markers"] == [LINE[0]] and state["round"]["ops"] == 1
    assert refused(state, "move", "su-20r", LINE[4]).rule == "7.3.5"
    assert refused(state, "combat", LINE[0]).rule == "7.3.5"
    order(state, "combat", LINE[3])
    order(state, "done")
    assert state["flow"] == [{"proc": "action_round", "returned": {}, "resumed": True}]


def test_prompt_lists_sample_legal_actions_on_the_setup_position():
    """Every listed action is accepted; the listed moves are samples (the prompt stays cheap:
    its cost is measured by the engine benchmark, never asserted here)."""
    from engine.games.stalins_war import supply
    from engine.games.stalins_war.state import initial_state

    state = initial_state(RULES, "campaign", {}, Ctx())
    for side in ("axis", "soviet"):
        supply.update_supply(RULES, state, side)
    for u in state["units"].values():
        if u.get("hex"):
            u["began"] = u["hex"]
    state["round"] = blank_state(side="soviet", ops=2)["round"]
    state["flow"] = [{"proc": "action_round"}, {"proc": "move_step"}]
    prompt = STEP.prompt(Game, state, state["flow"][-1], "soviet")
    assert "any legal move may be named" in str(prompt.text)  # the listed moves are samples
    verbs = {a.verb for a in prompt.actions}
    assert {"done", "move", "combat"} <= verbs
    import copy

    for action in prompt.actions:
        trial = copy.deepcopy(state)
        STEP.handle(Game, trial, trial["flow"][-1], "soviet", action, Ctx())
