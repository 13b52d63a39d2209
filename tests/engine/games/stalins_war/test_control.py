"""Control and the Paulus-Line record (control.py): 5.1.3 counts a supplied Axis unit east of the Paulus
Line however it got there (move, advance, exploitation)."""

from __future__ import annotations

from engine.games.stalins_war import control, exploit, terrain
from tests.engine.games.stalins_war.test_battle import RULES, FakeCtx, board, put

EAST = sorted(RULES.zone("paulus_zone"))[len(RULES.zone("paulus_zone")) // 2]
WEST = next(h for h in sorted(RULES.board.terrain) if terrain.in_region(RULES, h, "ussr") and not terrain.east_of_paulus(RULES, h) and RULES.board.terrain.get(h) == "clear")


def test_a_supplied_axis_unit_east_of_the_line_counts_5_1_3() -> None:
    state = board(turn=3)
    put(state, "ge-46pz", EAST)
    control.note_paulus(RULES, state, "ge-46pz")
    assert state["paulus_crossed"] is True


def test_out_of_supply_west_of_the_line_or_soviet_do_not_count_5_1_3() -> None:
    state = board(turn=3)
    put(state, "ge-46pz", EAST)
    state["units"]["ge-46pz"]["oos"] = True
    control.note_paulus(RULES, state, "ge-46pz")
    put(state, "ge-43c", WEST)
    control.note_paulus(RULES, state, "ge-43c")
    put(state, "su-1t", sorted(RULES.zone("paulus_zone"))[0])
    control.note_paulus(RULES, state, "su-1t")
    assert state["paulus_crossed"] is False


def test_an_exploitation_east_of_the_line_counts_5_1_3() -> None:
    state = board(turn=3)
    start = next(n for n in RULES.board.neighbours(EAST) if n != EAST)
    put(state, "ge-46pz", start)
    exploit.apply(RULES, state, "ge-46pz", [EAST], FakeCtx())
    assert state["units"]["ge-46pz"]["hex"] == EAST and state["paulus_crossed"] is True
