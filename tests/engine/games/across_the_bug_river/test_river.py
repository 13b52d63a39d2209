"""German boat movement across the Bug (7.3.8) and pontoon bridges (10.3)."""

import pytest

from engine.errors import IllegalOrder
from engine.games.across_the_bug_river import moves, river
from engine.games.across_the_bug_river.admin import after_replacements
from engine.hexgrid import hexside
from tests.engine.games.across_the_bug_river.helpers import (
    GAME,
    activating,
    ctx,
    empty,
    ground,
    play,
    put,
)

RULES = GAME.rules


def boats():
    """The 44th Infantry Division activated with I/131 on the west bank of the Bug at 1807."""
    state = empty()
    put(state, "HQ-44id", "1505")
    put(state, "HQ-14pz", "1408")
    put(state, "I/131", "1807")
    activating(state, "german", "44id", 6)
    return state


def test_a_german_leg_unit_crosses_the_bug_by_boat():
    """7.3.8: a German leg unit starting next to an unbridged Bug hexside crosses it."""
    state = boats()
    play(state, "german", "move I/131 1907")
    assert state["units"]["I/131"]["hex"] == "1907"


def test_a_boat_crossing_costs_one_more_mp():
    """7.3.8: the crossing pays +1 MP on top of the hex terrain."""
    state = boats()
    cost = moves.plan(RULES, state, ["I/131"], ["1807", "1907"]).costs[0]
    assert cost == float(RULES.terrain("1907")["mp_leg"]) + 1


def test_a_boat_crossing_starts_the_movement_action():
    """7.3.8: the unit must start its move next to the Bug hexside it crosses."""
    state = boats()
    put(state, "I/131", "1707")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "move I/131 1807 1907")
    assert err.value.rule == "7.3.8"


def test_no_more_than_two_boat_crossings_per_activation():
    """7.3.8: at most 2 German units cross by boat in one Formation Activation."""
    state = boats()
    leg = [u for u, p in RULES.units.items() if p.formation == "44id" and p.move != "motorized" and u != "I/131"][:2]
    put(state, leg[0], "1806")
    put(state, leg[1], "1808")
    play(state, "german", "move I/131 1907")
    play(state, "german", f"move {leg[0]} 1906")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", f"move {leg[1]} 1909")
    assert err.value.rule == "7.3.8"


def pontoon_position():
    """The 14th Panzer Division activated with I/36 at 1807, next to the unbridged Bug hexside 1807-1907."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "I/36", "1807")
    activating(state, "german", "14pz", 5)
    return state


def test_a_pontoon_bridge_costs_two_ap_and_bridges_the_bug():
    """10.3: 2 AP; the hexside then counts as a bridge, and a motorised unit crosses paying +1 MP."""
    state = pontoon_position()
    play(state, "german", "pontoon 1807 1907")
    assert state["ap"]["german"] == 3
    assert ["1807", "1907"] in state["pontoons"]
    cost = moves.plan(RULES, state, ["I/36"], ["1807", "1907"]).costs[0]
    assert cost == float(RULES.terrain("1907")["mp_mot"]) + 1
    play(state, "german", "move I/36 1907")
    assert state["units"]["I/36"]["hex"] == "1907"


def test_one_pontoon_bridge_per_corps():
    """10.3: one pontoon bridge for III Motorized Corps; a second is refused."""
    state = pontoon_position()
    play(state, "german", "pontoon 1807 1907")
    put(state, "I/36", "1806")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "pontoon 1806 1906")
    assert err.value.rule == "10.3"


def test_a_pontoon_needs_the_far_hex_free_of_enemy_zoc():
    """10.3: the hex across the Bug must be free of enemy units and EZOC."""
    state = pontoon_position()
    put(state, "II/16", "2006")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "pontoon 1807 1907")
    assert err.value.rule == "10.3"


def test_a_pontoon_needs_a_builder_on_the_bank():
    """10.3: a unit of the activated formation must stand next to the hexside."""
    state = pontoon_position()
    put(state, "I/36", "1707")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "pontoon 1807 1907")
    assert err.value.rule == "10.3"


def test_no_pontoon_in_scenario_2():
    """11.2: scenario 2 uses no special rules, so no pontoon bridge."""
    state = pontoon_position()
    state["scenario"] = "scenario2"
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "pontoon 1807 1907")
    assert err.value.rule == "11.2"


def test_an_enemy_unit_next_to_a_pontoon_removes_it_for_good():
    """10.3: an enemy unit adjacent to the pontoon bridge removes it from the game."""
    state = pontoon_position()
    play(state, "german", "pontoon 1807 1907")
    put(state, "II/16", "2006")
    play(state, "german", "end")
    assert state["pontoons"] == []
    assert state["pontoon_of"]["III"] == "lost"


def reinforcement_segment(corps="III", where=("1905", "2005")):
    """The Admin Phase reaches the Reinforcement Segment with ``corps``' pontoon bridge standing."""
    state = empty()
    state["surprise"] = {"active": False, "left": 0, "used": []}
    state["pontoons"] = [sorted(where)]
    state["pontoon_of"] = {corps: "-".join(sorted(where))}
    state["flow"] = [{"proc": "replacement"}]
    after_replacements(GAME, state, ctx())
    return state


def test_the_german_is_asked_about_a_standing_pontoon_in_the_reinforcement_segment():
    """10.3: with a pontoon bridge on the map, the Reinforcement Segment asks the German; the published default keeps it."""
    state = reinforcement_segment()
    assert state["flow"][-1]["proc"] == "pontoons" and GAME.active(state) == {"german"}
    assert GAME.default_action(state, "german").verb == "pass"
    play(state, "german", "pass")
    assert state["pontoon_of"]["III"] == "1905-2005" and state["pontoons"] == [["1905", "2005"]]
    assert state["flow"][-1]["proc"] != "pontoons"


def test_a_pontoon_taken_up_may_be_built_again(monkeypatch):
    """10.3: 'pontoon remove III' takes the bridge off the map, and III Corps may build it again later."""
    ground(monkeypatch, {"1505": "village", "1905": "clear", "2005": "clear"})
    monkeypatch.setitem(RULES.board.sides, hexside("1905", "2005"), frozenset({"bug"}))
    state = reinforcement_segment()
    play(state, "german", "pontoon remove III")
    assert state["pontoons"] == [] and state["pontoon_of"]["III"] is None
    state["flow"] = [{"proc": "ops"}, {"proc": "activation", "side": "german", "formation": "44id", "reaction": False}]
    state["ap"]["german"] = 6
    put(state, "HQ-44id", "1505")
    put(state, "I/131", "1905")
    assert river.refusal(RULES, state, state["flow"][-1], "1905", "2005") is None


def test_no_pontoon_question_without_a_standing_bridge():
    """10.3: a lost bridge (or none) does not stop the Reinforcement Segment."""
    state = reinforcement_segment()
    state["pontoon_of"]["III"] = "lost"
    state["pontoons"] = []
    state["flow"] = [{"proc": "replacement"}]
    after_replacements(GAME, state, ctx())
    assert state["flow"][-1]["proc"] != "pontoons"


def test_a_pontoon_is_taken_up_only_in_the_reinforcement_segment():
    """10.3: 'pontoon remove' in an activation is refused."""
    state = boats()
    state["pontoons"] = [["1905", "2005"]]
    state["pontoon_of"] = {"III": "1905-2005"}
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "pontoon remove III")
    assert err.value.rule == "10.3"


def test_only_a_standing_pontoon_is_taken_up():
    """10.3: a corps with no bridge on the map has none to take up."""
    state = reinforcement_segment()
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "pontoon remove XXIX")
    assert err.value.rule == "10.3"
