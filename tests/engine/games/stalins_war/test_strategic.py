"""Stalin's War strategic movement: rail and sea (10.2), Stalin's rail moves (16.4.5-6)."""

from __future__ import annotations

from engine.games.stalins_war import strategic, terrain
from tests.engine.games.stalins_war.test_moves import order, refused
from tests.engine.games.stalins_war.test_terrain import RULES, blank_state, put

MOSCOW, LENINGRAD, WARSAW, BERLIN = "2722", "2517", "1621", "1218"


def test_rail_move_costs_one_ops_and_excludes_normal_movement_10_2_1():
    state = blank_state(turn=6, side="soviet", ops=2)
    put(state, "su-13r", MOSCOW)
    order(state, "rail", "su-13r", LENINGRAD)
    u = state["units"]["su-13r"]
    assert u["hex"] == LENINGRAD and u["strategic"] is True
    assert state["round"]["ops"] == 1 and state["round"]["move_markers"] == [MOSCOW]
    assert refused(state, "move", "su-13r", "2518").rule == "10.2.1"
    assert refused(state, "rail", "su-13r", MOSCOW).rule == "10.2.1"


def test_only_scus_use_strategic_movement_10_2_1():
    state = blank_state(turn=6, side="soviet")
    put(state, "su-west-front", MOSCOW)
    assert refused(state, "rail", "su-west-front", LENINGRAD).rule == "10.2.1"


def test_units_that_moved_may_not_use_rail_10_2_1():
    state = blank_state(turn=6, side="soviet")
    put(state, "su-13r", MOSCOW)
    state["units"]["su-13r"]["moved"] = True
    assert refused(state, "rail", "su-13r", LENINGRAD).rule == "10.2.1"


def test_rail_needs_an_ops_10_2_1():
    state = blank_state(turn=6, side="soviet", ops=0)
    put(state, "su-13r", MOSCOW)
    assert refused(state, "rail", "su-13r", LENINGRAD).rule == "10.2.1"


def test_the_ops_refusal_reads_well_whatever_the_expense():
    """Not 'The Combat markers costs 5 OPS': the count is part of the expense, no verb to agree."""
    state = blank_state(turn=6, side="soviet", ops=0)
    put(state, "su-13r", MOSCOW)
    assert str(refused(state, "rail", "su-13r", LENINGRAD).message).startswith("Rail movement: 1 OPS needed, and you have 0 left.")


def test_out_of_supply_units_may_not_use_strategic_movement_13_3_2():
    state = blank_state(turn=6, side="soviet")
    put(state, "su-13r", MOSCOW)
    state["units"]["su-13r"]["oos"] = True
    assert refused(state, "rail", "su-13r", LENINGRAD).rule == "13.3.2"


def test_no_axis_rail_in_the_ussr_in_turns_1_to_4_10_2_3():
    minsk = "2022"
    state = blank_state(turn=4, side="axis")
    state["control"][minsk] = "axis"
    put(state, "ge-43c", WARSAW)
    assert refused(state, "rail", "ge-43c", minsk).rule == "10.2.3"
    order(state, "rail", "ge-43c", BERLIN)  # inside Germany: allowed
    state = blank_state(turn=5, side="axis")
    state["control"][minsk] = "axis"
    put(state, "ge-43c", WARSAW)
    order(state, "rail", "ge-43c", minsk)


def test_no_axis_rail_in_the_baltic_states_in_turns_1_and_2_10_2_3():
    riga = "2019"
    state = blank_state(turn=2, side="axis")
    state["control"][riga] = "axis"
    put(state, "ge-43c", "1719")
    assert refused(state, "rail", "ge-43c", riga).rule == "10.2.3"
    state["turn"] = 5
    order(state, "rail", "ge-43c", riga)


def test_axis_never_rails_in_the_caucasus_zone_10_2_4():
    state = blank_state(turn=8, side="axis")
    dest = next(h for h in sorted(terrain.static(RULES).rail_hexes) if terrain.in_caucasus_zone(RULES, h))
    put(state, "ge-43c", "2530")
    assert refused(state, "rail", "ge-43c", dest).rule == "10.2.4"


def test_thunderclap_stops_axis_rail_this_turn_su51():
    state = blank_state(turn=16, side="axis")
    put(state, "ge-43c", WARSAW)
    state["effects"]["thunderclap"] = 16
    assert refused(state, "rail", "ge-43c", BERLIN).rule == "SU51"


def test_soviets_never_rail_in_germany_10_2_4():
    state = blank_state(turn=14, side="soviet")
    state["control"][WARSAW] = "soviet"
    put(state, "su-13r", "2022")
    assert refused(state, "rail", "su-13r", WARSAW).rule == "10.2.4"


def test_rail_may_not_enter_enemy_zoc_and_starts_in_it_only_with_a_friend_10_2_2():
    state = blank_state(turn=6, side="soviet")
    put(state, "su-13r", MOSCOW)
    near = next(n for n in terrain.static(RULES).adj[LENINGRAD] if not terrain.on_rail(RULES, n))
    put(state, "ge-6a", near)
    assert refused(state, "rail", "su-13r", LENINGRAD).rule == "10.2.2"
    state = blank_state(turn=6, side="soviet")
    put(state, "su-13r", MOSCOW)
    near = next(n for n in terrain.static(RULES).adj[MOSCOW] if not terrain.on_rail(RULES, n))
    put(state, "ge-6a", near)
    assert refused(state, "rail", "su-13r", LENINGRAD).rule == "10.2.2"
    put(state, "su-20r", MOSCOW)
    order(state, "rail", "su-13r", LENINGRAD)


def test_rail_line_must_be_free_of_enemy_units_10_2_3():
    """The Murmansk line: an Axis unit on it at 2715 cuts the way to 2913."""
    state = blank_state(turn=6, side="soviet")
    put(state, "su-13r", "2618")
    assert "2913" in strategic.rail_destinations(RULES, state, "soviet", "2618")
    put(state, "ge-43c", "2715")
    assert refused(state, "rail", "su-13r", "2913").rule == "10.2.3"


def test_axis_rail_stops_on_entering_a_second_inactive_partisan_hex_10_2_2():
    """The Constanta spur 1429-1529-1630, Inactive Partisans in 1429 and 1529."""
    state = blank_state(turn=6, side="axis")
    for uid, label in (("su-partisan-1", "1429"), ("su-partisan-2", "1529")):
        put(state, uid, label)
        state["units"][uid]["active"] = False
    put(state, "ge-43c", "1428")
    assert refused(state, "rail", "ge-43c", "1630").rule == "10.2.3"
    order(state, "rail", "ge-43c", "1529")


def test_axis_sea_move_one_per_sea_per_turn_port_to_port_10_2_5():
    state = blank_state(turn=6, side="axis", ops=3)
    put(state, "ge-43c", "1619")
    put(state, "ge-27c", "1619")
    order(state, "sea", "ge-43c", "1719")
    assert state["axis_sea"]["baltic"] == 6
    assert refused(state, "sea", "ge-27c", "1418").rule == "10.2.5"


def test_axis_sea_move_never_east_of_a_soviet_port_10_2_5():
    state = blank_state(turn=6, side="axis")
    state["control"]["1931"] = "axis"  # Sevastopol; Odessa (1829) still Soviet, further west
    put(state, "ge-43c", "1630")
    assert refused(state, "sea", "ge-43c", "1931").rule == "10.2.5"
    state["control"]["1829"] = "axis"
    for port in ("1928", "2029"):
        state["control"][port] = "axis"
    order(state, "sea", "ge-43c", "1931")


def test_soviet_sea_move_black_sea_only_one_per_action_round_10_2_6():
    state = blank_state(turn=6, side="soviet", ops=3)
    put(state, "su-13r", "1931")
    put(state, "su-20r", "1931")
    order(state, "sea", "su-13r", "2232")
    assert refused(state, "sea", "su-20r", "2329").rule == "10.2.6"
    state = blank_state(turn=6, side="soviet")
    put(state, "su-13r", LENINGRAD)
    assert refused(state, "sea", "su-13r", "2217").rule == "10.2.6"


def test_soviet_sea_move_never_west_of_an_axis_port_10_2_6():
    state = blank_state(turn=6, side="soviet")
    state["control"]["1928"] = "axis"  # Nikolaev
    put(state, "su-13r", "1931")
    assert refused(state, "sea", "su-13r", "1829").rule == "10.2.6"


def test_stalin_rails_out_of_moscow_and_back_once_each_16_4_5_16_4_6():
    state = blank_state(turn=6, side="soviet", ops=4)
    put(state, "su-stalin", LENINGRAD)
    assert refused(state, "rail", "su-stalin", MOSCOW).rule == "16.4.5"  # the first move leaves Moscow
    put(state, "su-stalin", MOSCOW)
    order(state, "rail", "su-stalin", LENINGRAD)
    assert state["effects"]["stalin_rail_moves"] == 1
    state["units"]["su-stalin"]["strategic"] = False  # next Action Round
    elsewhere = next(h for h in sorted(strategic.rail_destinations(RULES, state, "soviet", LENINGRAD)) if h != MOSCOW)
    assert refused(state, "rail", "su-stalin", elsewhere).rule == "16.4.5"
    order(state, "rail", "su-stalin", MOSCOW)
    state["units"]["su-stalin"]["strategic"] = False
    assert refused(state, "rail", "su-stalin", LENINGRAD).rule == "16.4.6"


def test_hungarian_rail_move_never_runs_through_romania_19_2_1():
    """19.2.1: Hungarian units never enter a Romanian hex, and a rail move enters every hex of its
    line. With a Soviet unit on the line at 1624, 1625 is reachable from 1426 only through Romania."""
    state = blank_state(turn=6, side="axis")
    put(state, "hu-schnell", "1426")
    put(state, "su-13r", "1624")
    routes = strategic.rail_destinations(RULES, state, "axis", "1426", "hu-schnell")
    romania = RULES.zone("romania")
    assert routes and not any(h in romania for path in routes.values() for h in path)
    assert "1625" in strategic.rail_destinations(RULES, state, "axis", "1426")  # some unit could
    assert refused(state, "rail", "hu-schnell", "1625").rule == "19.2.1"
    assert state["units"]["hu-schnell"]["hex"] == "1426"
