"""Stalin's War supply traces are cached on what they depend on (13.1.3's blocking units,
control, markers, events): the cache key changes with each, and a state holding the same in
another order traces alike."""

from __future__ import annotations

import copy

from engine.games.stalins_war import supply
from tests.engine.games.stalins_war.test_terrain import RULES, blank_state, put


def axis_unit() -> str:
    return next(uid for uid, spec in sorted(RULES.units.items()) if spec.side == "axis" and spec.nationality == "GE")


def test_the_key_changes_when_a_unit_moves_or_falls_out_of_supply_13_1_3():
    """A unit moving (13.1.3: enemy units block a trace) or marked out of supply changes the key."""
    state = blank_state()
    uid = axis_unit()
    put(state, uid, "1527")
    key = supply.state_key(state, "soviet", "soviet")
    put(state, uid, "1528")
    moved = supply.state_key(state, "soviet", "soviet")
    state["units"][uid]["oos"] = True
    assert len({key, moved, supply.state_key(state, "soviet", "soviet")}) == 3


def test_the_key_changes_with_control_markers_and_events_13_1_3():
    """Control of a hex, an entrenchment, a Festung, a built fortress and an event each change the key (13.1.3)."""
    state = blank_state()
    keys = {supply.state_key(state, "soviet", "soviet")}
    label = next(iter(sorted(state["control"])))
    state["control"][label] = "axis" if state["control"][label] != "axis" else "soviet"
    keys.add(supply.state_key(state, "soviet", "soviet"))
    state["markers"].setdefault("entrench", {})["1527"] = "axis"
    keys.add(supply.state_key(state, "soviet", "soviet"))
    state["markers"].setdefault("festung", []).append("1528")
    keys.add(supply.state_key(state, "soviet", "soviet"))
    state["markers"].setdefault("fortress_built", []).append("1529")
    keys.add(supply.state_key(state, "soviet", "soviet"))
    state.setdefault("events", {})["AX12"] = 1
    keys.add(supply.state_key(state, "soviet", "soviet"))
    assert len(keys) == 6


def test_the_same_position_in_another_order_traces_alike_13_1_2():
    """Units listed in another order give the same supply (13.1.2), whether the cache hits or not."""
    state = blank_state()
    uid = axis_unit()
    put(state, uid, "1527")
    reordered = copy.deepcopy(state)
    reordered["units"] = dict(reversed(list(reordered["units"].items())))
    assert supply.reach_of(RULES, reordered, "soviet") == supply.reach_of(RULES, state, "soviet")
    assert supply.reach_of(RULES, reordered, "german") == supply.reach_of(RULES, state, "german")


def soviet_unit() -> str:
    return next(uid for uid, spec in sorted(RULES.units.items()) if spec.side == "soviet" and spec.zoc and not spec.partisan)


def test_a_change_that_blocks_nothing_traces_again_from_the_cache_13_1_3(monkeypatch):
    """A Soviet unit moving where no Axis ZOC is, or falling out of supply, changes no hex that
    blocks the Soviet trace (13.1.3): the floods are not run again, and the reach is the same."""
    state = blank_state()
    uid = soviet_unit()
    put(state, uid, "1527")
    floods = []
    real = supply._trace
    monkeypatch.setattr(supply, "_trace", lambda *args: floods.append(1) or real(*args))
    supply._FLOODS.clear()
    supply._CACHE.clear()
    first = supply.reach_of(RULES, state, "soviet")
    put(state, uid, "1528")
    state["units"][uid]["oos"] = True
    assert supply.reach_of(RULES, state, "soviet") == first
    assert len(floods) == 1


def test_a_change_that_blocks_a_hex_floods_again_13_1_3(monkeypatch):
    """An Axis unit moving next to the trace blocks its hex (13.1.3): the floods run again."""
    state = blank_state()
    uid = axis_unit()
    put(state, uid, "1527")
    floods = []
    real = supply._trace
    monkeypatch.setattr(supply, "_trace", lambda *args: floods.append(1) or real(*args))
    supply._FLOODS.clear()
    supply._CACHE.clear()
    supply.reach_of(RULES, state, "soviet")
    put(state, uid, "1528")
    supply.reach_of(RULES, state, "soviet")
    assert len(floods) == 2
