"""Stalin's War entrenchments (10.3, 23.1.3), Festung placement (16.3) and Partisan placement (16.1.1-3)."""

from __future__ import annotations

import pytest

from engine.errors import InvalidOrder
from engine.games.stalins_war import entrench, terrain
from tests.engine.games.stalins_war.test_moves import LINE, order, refused
from tests.engine.games.stalins_war.test_terrain import RULES, Ctx, blank_state, put


def entrench_state(side: str = "soviet", ops: int = 3) -> dict:
    state = blank_state(side=side, ops=ops)
    state["events"]["SU23" if side == "soviet" else "AX16"] = 1
    put(state, "su-west-front" if side == "soviet" else "ge-6a", LINE[0])
    return state


# Entrenchments ------------------------------------------------------------------------------------------
def test_entrenchment_needs_the_enabling_event_10_3_1():
    state = entrench_state()
    del state["events"]["SU23"]
    assert refused(state, "entrench", LINE[0]).rule == "10.3.1"
    state = entrench_state(side="axis")
    del state["events"]["AX16"]
    assert refused(state, "entrench", LINE[0]).rule == "10.3.1"


def test_entrenchment_needs_an_lcu_in_the_hex_10_3_1():
    state = entrench_state()
    put(state, "su-13r", LINE[2])
    assert refused(state, "entrench", LINE[2]).rule == "10.3.1"


def test_roll_1_to_3_at_the_end_of_movement_places_the_marker_10_3_1():
    state = entrench_state()
    order(state, "entrench", LINE[0])
    assert state["round"]["ops"] == 2 and state["round"]["move_markers"] == [LINE[0]]
    assert LINE[0] not in state["markers"]["entrench"]  # rolled only when movement ends
    order(state, "done", ctx=Ctx(3))
    assert state["markers"]["entrench"][LINE[0]] == "soviet"


def test_roll_4_to_6_fails_10_3_1():
    state = entrench_state()
    order(state, "entrench", LINE[0])
    order(state, "done", ctx=Ctx(4))
    assert LINE[0] not in state["markers"]["entrench"]


def test_combat_order_ends_movement_and_rolls_first_7_3_5_10_3_1():
    state = entrench_state()
    order(state, "entrench", LINE[0])
    ctx = order(state, "combat", LINE[0], ctx=Ctx(2))
    assert ctx.rolled and state["markers"]["entrench"][LINE[0]] == "soviet"


def test_after_hitler_opposes_defensive_works_the_axis_needs_a_1_su33():
    state = entrench_state(side="axis")
    state["events"]["SU33"] = 1
    order(state, "entrench", LINE[0])
    order(state, "done", ctx=Ctx(2))
    assert LINE[0] not in state["markers"]["entrench"]
    state = entrench_state(side="axis")
    state["effects"]["hitler_opposes"] = True
    order(state, "entrench", LINE[0])
    order(state, "done", ctx=Ctx(1))
    assert state["markers"]["entrench"][LINE[0]] == "axis"


def test_one_attempt_per_hex_per_action_round_10_3_1():
    state = entrench_state()
    order(state, "entrench", LINE[0])
    assert refused(state, "entrench", LINE[0]).rule == "10.3.1"


def test_the_entrenching_lcu_may_not_move_but_others_may_10_3_1():
    state = entrench_state()
    put(state, "su-13r", LINE[0])
    order(state, "entrench", LINE[0])
    assert refused(state, "move", "su-west-front", LINE[1]).rule == "10.3.1"
    order(state, "move", "su-13r", LINE[1])


def test_out_of_supply_units_cannot_entrench_13_3_3():
    state = entrench_state()
    state["units"]["su-west-front"]["oos"] = True
    assert refused(state, "entrench", LINE[0]).rule == "13.3.3"


def test_automatic_entrenchment_costs_one_more_ops_23_1_3():
    state = entrench_state()
    assert refused(state, "entrench", LINE[0], "auto").rule == "23.1.3"
    state["options"]["auto_entrench"] = True
    order(state, "entrench", LINE[0], "auto")
    assert state["round"]["ops"] == 1
    ctx = order(state, "done", ctx=Ctx(6))
    assert not ctx.rolled and state["markers"]["entrench"][LINE[0]] == "soviet"


def test_entrenchment_markers_are_an_absolute_limit_10_3_2():
    state = entrench_state()
    for i in range(entrench.entrench_limit(RULES)):
        state["markers"]["entrench"][f"x{i}"] = "soviet"
    assert refused(state, "entrench", LINE[0]).rule == "10.3.2"


# Festung ---------------------------------------------------------------------------------------------
def festung_state() -> dict:
    state = blank_state(side="axis", ops=2)
    state["events"]["AX48"] = 10
    return state


def test_festung_only_after_the_event_and_in_a_supplied_town_or_city_16_3_2():
    state = festung_state()
    order(state, "festung", "1621")  # Warsaw
    assert state["markers"]["festung"] == ["1621"] and state["round"]["ops"] == 1
    assert refused(state, "festung", "1621").rule == "16.3.2"  # already one there
    assert refused(state, "festung", LINE[0]).rule == "16.3.2"  # no town there
    del state["events"]["AX48"]
    assert refused(state, "festung", "1320").rule == "16.3.1"


def test_festung_not_in_an_enemy_controlled_or_unsupplied_hex_16_3_2():
    state = festung_state()
    assert refused(state, "festung", RULES.hex_of("Moscow")).rule == "16.3.2"  # Soviet-controlled
    state["control"]["3923"] = "axis"  # Sverdlovsk: out of any Axis trace
    assert refused(state, "festung", "3923").rule == "16.3.2"


# Partisans --------------------------------------------------------------------------------------------
def partisan_state() -> dict:
    state = blank_state(side="soviet", ops=3)
    state["events"]["SU21"] = 3
    return state


def forest_hexes(n: int, pred=None) -> list[str]:
    out = []
    for label in sorted(RULES.zone("ussr")):
        if RULES.board.terrain[label] in ("forest", "swamp") and (pred is None or pred(label)):
            if all(RULES.board.grid.distance(label, o) > 2 for o in out):
                out.append(label)
        if len(out) == n:
            return out
    raise LookupError("not enough forest")


def test_partisans_only_after_partisan_formation_16_1_1():
    state = partisan_state()
    a, b = forest_hexes(2)
    del state["events"]["SU21"]
    assert refused(state, "partisans", a, b).rule == "16.1.1"


def test_one_ops_places_two_inactive_partisans_drawn_from_the_pool_16_1_2_16_1_3():
    state = partisan_state()
    a, b = forest_hexes(2)
    put(state, "ge-43c", next(n for n in RULES.board.neighbours(a) if not terrain.impassable(RULES, n)))
    put(state, "ge-27c", next(n for n in RULES.board.neighbours(b) if not terrain.impassable(RULES, n)))
    put(state, "su-13r", MOSCOW_FAR)
    ctx = order(state, "partisans", a, b)
    placed = {u["hex"]: uid for uid, u in state["units"].items() if RULES.units[uid].partisan and u.get("hex")}
    assert set(placed) == {a, b}
    assert all(state["units"][uid]["active"] is False for uid in placed.values())
    assert state["round"]["ops"] == 2
    assert not any("su-partisan" in line for line in ctx.logs)  # the counter drawn stays hidden
    assert refused(state, "partisans", *forest_hexes(2, lambda h: h not in (a, b))).rule == "16.1.2"  # once per turn


MOSCOW_FAR = "3923"  # a Soviet unit far away, so the Axis units are nearer


def test_partisans_go_only_in_forest_or_swamp_in_the_ussr_16_1_3_16_1_1():
    state = partisan_state()
    put(state, "ge-43c", LINE[1])
    assert refused(state, "partisans", LINE[0]).rule == "16.1.3"  # clear
    baltic_forest = next((h for h in sorted(RULES.zone("baltic")) if RULES.board.terrain[h] in ("forest", "swamp")), None)
    if baltic_forest is not None:
        assert refused(state, "partisans", baltic_forest).rule == "16.1.1"


def test_partisan_hex_must_be_oos_or_nearer_to_an_axis_unit_16_1_3():
    state = partisan_state()
    (a,) = forest_hexes(1)
    near = [n for n in RULES.board.neighbours(a) if not terrain.impassable(RULES, n)]
    put(state, "su-13r", near[0])  # a Soviet unit next to it, no Axis unit nearer
    assert refused(state, "partisans", a).rule == "16.1.3"
    put(state, "ge-43c", a)
    assert refused(state, "partisans", a).rule == "16.1.3"  # an Axis unit in the hex
    state["units"]["ge-43c"].update(hex=None, box="setaside")
    far = [h for h in sorted(RULES.zone("ussr")) if RULES.board.grid.distance(h, a) == 1 and h != near[0] and not terrain.impassable(RULES, h)]
    put(state, "ge-43c", far[0])
    put(state, "su-13r", next(h for h in sorted(RULES.zone("ussr")) if RULES.board.grid.distance(h, a) == 3 and not terrain.impassable(RULES, h)))
    order(state, "partisans", a)


def test_never_more_than_six_partisans_on_the_map_16_1_2():
    state = partisan_state()
    hexes = forest_hexes(8)
    for i, uid in enumerate(sorted(entrench.partisan_pool(RULES, state))[:5]):
        put(state, uid, hexes[i])
        state["units"][uid]["active"] = False
    put(state, "ge-43c", next(n for n in RULES.board.neighbours(hexes[6]) if not terrain.impassable(RULES, n)))
    put(state, "ge-27c", next(n for n in RULES.board.neighbours(hexes[7]) if not terrain.impassable(RULES, n)))
    put(state, "su-13r", MOSCOW_FAR)
    assert refused(state, "partisans", hexes[6], hexes[7]).rule == "16.1.2"
    order(state, "partisans", hexes[6])


def test_partisan_order_needs_hexes():
    state = partisan_state()
    with pytest.raises(InvalidOrder):
        order(state, "partisans")


def _plain_soviet_town_in_axis_supply(state: dict) -> str:
    from engine.games.stalins_war import supply

    for label, place in sorted(RULES.board.places.items()):
        flags = ("port", "oil", "vp", "capital", "fortress")
        if place.kind == "town" and place.get("country") == "ussr" and not any(place.get(k) == "1" for k in flags):
            if state["control"].get(label) == "soviet" and supply.hex_traces(RULES, state, label, "axis") == "full":
                return label
    raise AssertionError("no plain Soviet town within Axis supply on the map")


def test_festung_in_a_town_whose_control_is_not_recorded_3_0_16_3_2():
    """3.0 records control of cities, ports, fortresses, oil and VP hexes, not towns: without the
    town-control option (23.1.5) a plain town the Axis never entered is not "controllato dal nemico"."""
    state = festung_state()
    town = _plain_soviet_town_in_axis_supply(state)
    order(state, "festung", town)
    assert town in state["markers"]["festung"]


def test_festung_with_town_control_a_soviet_town_is_enemy_controlled_23_1_5_16_3_2():
    state = festung_state()
    state["options"]["town_control"] = True
    town = _plain_soviet_town_in_axis_supply(state)
    assert refused(state, "festung", town).rule == "16.3.2"
