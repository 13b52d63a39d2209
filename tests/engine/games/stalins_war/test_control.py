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


def test_entering_a_plain_town_announces_no_control_change_without_the_option_3_0_23_1_5() -> None:
    from engine.games.stalins_war import control
    from tests.engine.games.stalins_war.flow_helpers import RULES, direct

    town = next(h for h, p in sorted(RULES.board.places.items()) if p.kind == "town" and p.get("country") == "ussr"
                and not any(p.get(k) == "1" for k in ("port", "oil", "vp", "capital", "fortress")))
    for option, announced in ((False, False), (True, True)):
        d = direct(turn=6, ar=2, town_control=option)
        before = len(d.ctx.entries)
        control.enter(RULES, d.state, town, "axis", d.ctx)
        said = [str(e.text) for e in d.ctx.entries[before:]]
        assert any("takes control" in s for s in said) == announced
