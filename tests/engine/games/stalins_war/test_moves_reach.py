"""Stalin's War: the search for the hexes a unit can reach (10.1) reads the hexes closed to it
once (enemy units 10.1.6, Hungary and Romania 4.4.3-4.4.4 and 19.1.1-19.2.1) and the map's
passable neighbours; it finds the same cheapest paths as a search asking ``step_problem`` and
``enter_cost`` of every step (below), over random positions and units."""

from __future__ import annotations

import heapq
import random
from typing import Any

from engine.games.stalins_war import moves, terrain
from engine.games.stalins_war.model import AXIS, SOVIET, Rules
from tests.engine.games.stalins_war.flow_helpers import RULES
from tests.engine.games.stalins_war.random_positions import random_position


def by_each_step(rules: Rules, state: dict[str, Any], snap: moves.Snapshot, uid: str) -> dict[str, tuple[int, list[str]]]:
    """10.1: the cheapest legal path to every hex, each step asked of ``step_problem`` and ``enter_cost``."""
    here = state["units"][uid]["hex"]
    spent = int(state["units"][uid].get("mp", 0) or 0)
    left = moves.allowance(rules, state, uid) - spent
    best: dict[str, tuple[int, list[str]]] = {here: (0, [here])}
    heap: list[tuple[int, str]] = [(0, here)]
    while heap:
        cost, node = heapq.heappop(heap)
        if cost > best[node][0] or (node != here and moves.stops_in(snap, node)):
            continue
        for nxt in terrain.static(rules).adj[node]:
            if moves.step_problem(rules, state, snap, uid, node, nxt) is not None:
                continue
            total = cost + terrain.enter_cost(rules, rules.units[uid], node, nxt)
            if total > left and not (spent == 0 and node == here):
                continue
            if nxt not in best or total < best[nxt][0]:
                best[nxt] = (total, [*best[node][1], nxt])
                heapq.heappush(heap, (total, nxt))
    best.pop(here)
    return best


def test_the_reach_of_a_unit_is_the_reach_step_by_step_over_random_positions_10_1():
    """Over random positions (turn 1 among them), units of both sides and every nation, some with
    MP spent: the same hexes, costs and paths as asking every step of ``step_problem`` (10.1)."""
    rnd = random.Random(101)
    nations = set()
    for _ in range(40):
        state = random_position(rnd)
        placed = sorted(uid for uid, u in state["units"].items() if u.get("hex"))
        for uid in rnd.sample(placed, 8):
            side = RULES.units[uid].side
            if rnd.random() < 0.3:
                state["units"][uid]["mp"] = rnd.randrange(3)
            snap = moves.snapshot(RULES, state, side)
            assert moves.reachable(RULES, state, snap, uid) == by_each_step(RULES, state, snap, uid)
            nations.add((side, RULES.units[uid].nationality, state["turn"]))
    assert {"RO", "HU", "GE", "SU"} <= {nation for _, nation, _ in nations}
    assert {(AXIS, 1), (SOVIET, 1), (AXIS, 5)} <= {(side, turn) for side, _, turn in nations}
