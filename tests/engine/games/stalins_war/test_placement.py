"""Reinforcement placement (7.5.2b-c, 7.5.3, 14.1.4) incl. the Total War swaps and the place_units procedure (8.1#15, #47)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from engine.games.stalins_war import placement
from engine.games.stalins_war.model import AXIS, SOVIET, load_rules
from tests.engine.games.stalins_war.test_events import answer, make, supplied, top

RULES = load_rules()
MOSCOW, LENINGRAD, KIEV, BERLIN = "2722", "2517", "2025", "1218"


def legal(state, uid):
    return placement.legal_placements(RULES, state, uid)


def test_soviet_general_placement_7_5_2c(monkeypatch):
    """Capital, full-supply sources, cities and fortresses of the USSR; friendly-controlled; in full supply."""
    supplied(monkeypatch, bad_hexes=frozenset({LENINGRAD}))
    _, state, _ = make(turn=2)
    state["control"][KIEV] = AXIS
    hexes = legal(state, "su-16r")
    assert MOSCOW in hexes and "1829" in hexes  # capital; Odessa fortress
    assert set(RULES.zone("soviet_supply_edge")) <= set(hexes)
    assert KIEV not in hexes  # enemy-controlled
    assert LENINGRAD not in hexes  # not in full supply
    towns = {h for h, p in RULES.board.places.items() if p.kind == "town"}
    assert not towns & set(hexes)
    assert "2019" not in hexes  # Riga: a Baltic city, not the USSR's (ruling C1-3)


def test_placement_respects_stacking_9_1(monkeypatch):
    supplied(monkeypatch)
    _, state, _ = make(turn=2)
    assert MOSCOW in legal(state, "su-16r")  # three stacking units there: one more SCU fits
    assert MOSCOW not in legal(state, "su-bryansk-front")  # the Reserve Front is already an LCU there
    state["units"]["su-42r"].update(hex=MOSCOW, box=None)
    assert MOSCOW not in legal(state, "su-16r")  # now four


def test_no_placement_with_enemy_units(monkeypatch):
    supplied(monkeypatch)
    _, state, _ = make(turn=2)
    state["units"]["ge-46pz"]["hex"] = "3023"
    assert "3023" not in legal(state, "su-16r")


def test_german_general_placement_berlin_sources_cities(monkeypatch):
    supplied(monkeypatch)
    _, state, _ = make(turn=2)
    hexes = legal(state, "ge-2a")
    assert BERLIN in hexes and "1422" in hexes and "1719" in hexes  # Berlin, USIR, Königsberg
    assert "1621" not in hexes  # Warsaw already holds the 4th Army (one LCU)
    assert "1621" in legal(state, "ge-27c")
    # 7.5.2c "di quella nazione": the Axis supply-edge hexes in Hungary and Bulgaria are not German sources.
    assert not {"1023", "1025", "1330", "1431"} & set(legal(state, "ge-27c"))


def test_italians_enter_at_bucharest_or_odessa_if_axis_controlled(monkeypatch):
    supplied(monkeypatch)
    _, state, _ = make(turn=2)
    assert legal(state, "it-csir") == ["1429"]
    state["control"]["1829"] = AXIS
    assert legal(state, "it-csir") == ["1429"]  # the Soviet Marine army still holds Odessa
    state["units"]["su-maritime-army"].update(hex=None, box="eliminated")
    assert legal(state, "it-csir") == ["1429", "1829"]


def test_hungarians_enter_at_buda(monkeypatch):
    supplied(monkeypatch)
    _, state, _ = make(turn=2)
    hexes = legal(state, "hu-2a")
    assert "1224" in hexes and all(h in RULES.zone("hungary") for h in hexes)


def test_card_specific_placement_flags(monkeypatch):
    supplied(monkeypatch, unsupplied=frozenset({"ge-11a"}))
    _, state, _ = make(turn=10)
    fronts = {u["hex"] for uid, u in state["units"].items() if u.get("hex") and RULES.units[uid].type == "front"}
    assert set(legal(state, "su-bg-1a")) <= fronts and legal(state, "su-bg-1a")
    assert legal(state, "ge-skpz") == ["1527"]  # with the 11th Army
    assert legal(state, "ge-bunker") == [BERLIN]
    assert set(legal(state, "ge-6ssa")) <= {BERLIN, "1224", "1320"}
    assert all(h in RULES.zone("germany") for h in legal(state, "ge-vlasov"))
    with_german = legal(state, "ge-abt-kempf")
    assert "1527" not in with_german  # the 11th Army there is not fully supplied
    assert "1623" not in with_german  # the 6th Army is already the LCU there


def test_units_in_parentheses_enter_reduced_7_5_3(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=10)
    placement.place(RULES, state, "ge-gdpz", BERLIN, ctx)
    assert state["units"]["ge-gdpz"]["level"] == 1


def test_tw_front_swaps_for_a_blitzkrieg_front_in_full_supply(monkeypatch):
    """7.5.2c: the TW Front takes the hex at full strength; the old Front leaves the game."""
    supplied(monkeypatch, unsupplied=frozenset({"su-south-front"}))
    game, state, ctx = make(turn=10)
    state["units"]["su-west-front"]["level"] = 1
    hexes = legal(state, "su-1-ukrainian-front")
    assert "1721" in hexes and "1726" not in hexes  # West Front in supply; South Front not
    assert MOSCOW in hexes  # the Reserve Front
    assert "2722" in hexes and "3023" not in hexes  # never an ordinary city
    placement.place(RULES, state, "su-1-ukrainian-front", "1721", ctx)
    assert state["units"]["su-1-ukrainian-front"] == {**state["units"]["su-1-ukrainian-front"], "hex": "1721", "level": 0}
    assert state["units"]["su-west-front"]["box"] == "removed" and state["units"]["su-west-front"]["hex"] is None
    # A TW Front never replaces another TW Front.
    assert "1721" not in legal(state, "su-2-ukrainian-front")


def test_tw_guards_army_swaps_for_an_army_only(monkeypatch):
    supplied(monkeypatch)
    _, state, _ = make(turn=10)
    hexes = legal(state, "su-4ga")
    armies = {u["hex"] for uid, u in state["units"].items() if u.get("hex") and RULES.units[uid].type == "rifle_army"}
    assert set(hexes) == armies  # 13R, 21R, 22R, 20R; never a mech corps or a Front
    assert "1723" not in hexes  # 4M mech corps only


def test_tw_guards_tank_army_swaps_for_a_tank_army(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=10)
    assert legal(state, "su-1gt") == []
    state["units"]["su-2t"].update(hex="3023", box=None, level=1)
    assert legal(state, "su-1gt") == ["3023"]
    placement.place(RULES, state, "su-1gt", "3023", ctx)
    assert state["units"]["su-2t"]["box"] == "removed" and state["units"]["su-1gt"]["level"] == 0


def test_swap_with_two_targets_in_a_hex_needs_the_replaced_unit(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=10)
    state["units"]["su-16r"].update(hex=MOSCOW, box=None)  # with the 20R
    with pytest.raises(IllegalOrder):
        placement.place(RULES, state, "su-4ga", MOSCOW, ctx)
    placement.place(RULES, state, "su-4ga", MOSCOW, ctx, "su-16r")
    assert state["units"]["su-16r"]["box"] == "removed" and state["units"]["su-20r"]["hex"] == MOSCOW


def test_tw_swap_without_target_is_lost_8_1_47(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=10)
    placement.start(state, SOVIET, ["su-1gt"], "SU26")
    prompt = placement.PlaceUnits().prompt(game, state, top(state), SOVIET)
    assert [a.text for a in prompt.actions] == ["done"]
    answer(game, state, SOVIET, Action("done"), ctx)
    assert state["units"]["su-1gt"]["box"] == "removed" and state["flow"] == []


def test_rebuilt_swap_unit_uses_the_general_rule_14_1_4(monkeypatch):
    supplied(monkeypatch)
    _, state, _ = make(turn=12)
    state["units"]["su-1-ukrainian-front"].update(box="eliminated")
    hexes = legal(state, "su-1-ukrainian-front")
    assert "3023" in hexes and "1721" not in hexes


def test_place_units_procedure(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=2)
    placement.start(state, SOVIET, ["su-16r", "su-34r"], "SU1")
    proc = placement.PlaceUnits()
    assert proc.active(game, state, top(state)) == frozenset({SOVIET})
    with pytest.raises(IllegalOrder):
        answer(game, state, SOVIET, Action("place", ("su-40r", MOSCOW)), ctx)  # not arriving now
    with pytest.raises(IllegalOrder) as err:
        answer(game, state, SOVIET, Action("place", ("su-16r", "3024")), ctx)
    assert MOSCOW in str(err.value.hint)
    answer(game, state, SOVIET, Action("place", ("su-16r", MOSCOW)), ctx)
    assert state["units"]["su-16r"]["hex"] == MOSCOW and top(state)["units"] == ["su-34r"]
    with pytest.raises(IllegalOrder):
        answer(game, state, SOVIET, Action("done"), ctx)  # 34R could still be placed
    with pytest.raises(IllegalOrder):
        answer(game, state, SOVIET, Action("done", ("confirm",)), ctx)  # 7.5.2b: no voluntary losses
    answer(game, state, SOVIET, Action("place", ("auto",)), ctx)
    assert state["units"]["su-34r"]["hex"] and state["flow"] == []


def test_a_placement_refusal_says_why_and_lists_the_nearest_legal_hexes(monkeypatch):
    supplied(monkeypatch, bad_hexes=frozenset({LENINGRAD}))
    game, state, ctx = make(turn=2)
    state["control"][KIEV] = AXIS
    placement.start(state, SOVIET, ["su-bryansk-front", "su-16r"], "SU1")
    cases = [
        ("su-bryansk-front", MOSCOW, "Only one LCU", "9.1.2"),  # the Reserve Front is there
        ("su-16r", KIEV, "enemy-controlled", "7.5.2c"),
        ("su-16r", LENINGRAD, "not in full supply", "7.5.2c"),
        ("su-16r", "3024", "not the capital, a City, a Fortress or a supply source", "7.5.2c"),
    ]
    for uid, label, why, rule in cases:
        with pytest.raises(IllegalOrder) as err:
            answer(game, state, SOVIET, Action("place", (uid, label)), ctx)
        assert why in str(err.value) and err.value.rule == rule, (label, str(err.value))
    hexes = legal(state, "su-bryansk-front")
    nearest = sorted(hexes, key=lambda h: (RULES.board.grid.distance(MOSCOW, h), h))
    with pytest.raises(IllegalOrder) as err:
        answer(game, state, SOVIET, Action("place", ("su-bryansk-front", MOSCOW)), ctx)
    hint = str(err.value.hint)
    assert ", ".join(nearest[: placement.HINT_HEXES]) in hint
    assert f"and {len(hexes) - placement.HINT_HEXES} more" in hint


def test_place_units_prompt_lists_only_legal_actions(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=10)
    state["units"]["su-16r"].update(hex=MOSCOW, box=None)
    placement.start(state, SOVIET, ["su-4ga", "su-5sh"], "SU26")
    prompt = placement.PlaceUnits().prompt(game, state, top(state), SOVIET)
    assert Action("place", ("su-4ga", MOSCOW, "su-16r")) in prompt.actions
    for action in prompt.actions:
        if action.verb == "place" and action.args != ("auto",):
            uid, label = action.args[0], action.args[1]
            assert label in legal(state, uid)


def test_place_units_prompt_says_when_not_every_legal_hex_is_listed(monkeypatch):
    supplied(monkeypatch)
    game, state, ctx = make(turn=2)
    placement.start(state, SOVIET, ["su-16r", "su-34r"], "SU1")
    prompt = placement.PlaceUnits().prompt(game, state, top(state), SOVIET)
    more = sum(len(legal(state, uid)) - placement.PROMPT_HEXES_PER_UNIT for uid in ("su-16r", "su-34r"))
    assert more > 0
    assert f"and {more} more are legal: any legal hex may be named" in str(prompt.text)


def test_romanian_units_need_romanian_supply_not_german_7_5_2c_13_2_1():
    """7.5.2c: the hex must be in full supply, and a Romanian unit traces to Bucharest (13.2.1).
    Soviet units without a ZOC in every hex around Bucharest cut every German trace to it, but
    Bucharest is the Romanian source itself: Romanian reinforcements still enter there."""
    from engine.games.stalins_war import supply, terrain
    from tests.engine.games.stalins_war.test_terrain import RULES as FULL_RULES
    from tests.engine.games.stalins_war.test_terrain import blank_state, put

    bucharest = FULL_RULES.hex_of("Bucharest")
    state = blank_state(turn=6, side="axis")
    ring = [h for h in FULL_RULES.board.neighbours(bucharest) if not terrain.impassable(FULL_RULES, h)]
    for uid, label in zip(("su-13r", "su-20r", "su-21r", "su-22r", "su-5r", "su-28r"), ring, strict=False):
        put(state, uid, label)
    assert len(ring) <= 6
    assert supply.hex_traces(FULL_RULES, state, bucharest, AXIS) != "full"  # no German trace
    assert placement.legal_placements(FULL_RULES, state, "ro-5c") == [bucharest]


def test_soviet_unit_placed_in_an_inactive_partisan_hex_sends_them_back_16_1_5():
    """16.1.5: inactive Partisans are removed when a supplied Soviet unit is in their hex, so they do not
    bar a Soviet reinforcement from a city in full supply (9.2.2 would otherwise forbid the stack)."""
    from tests.engine.games.stalins_war.test_terrain import RULES as FULL_RULES
    from tests.engine.games.stalins_war.test_terrain import Ctx, blank_state, put

    smolensk = "2322"
    state = blank_state(turn=6, side="soviet")
    put(state, "su-partisan-1", smolensk)
    assert smolensk in placement.legal_placements(FULL_RULES, state, "su-16r")
    placement.place(FULL_RULES, state, "su-16r", smolensk, Ctx())
    assert state["units"]["su-16r"]["hex"] == smolensk
    assert state["units"]["su-partisan-1"]["hex"] is None and state["units"]["su-partisan-1"]["box"] == "setaside"
