"""Stalin's War: the supply trace floods the map once from the sources and lets the port hops
(13.1.2) and Baku (13.2.3) join it as sources; it reaches exactly the hexes of a separate flood
for each (the trace as the rules state it, below), over random blocked hexes and control."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from typing import Any

from engine.games.stalins_war import supply
from engine.games.stalins_war.model import AXIS, SOVIET, Rules
from engine.games.stalins_war.terrain import Static
from tests.engine.games.stalins_war.flow_helpers import RULES
from tests.engine.games.stalins_war.random_positions import empty_position

DATA = supply.static(RULES)
GROUPS = (supply.GERMAN, supply.ROMANIAN, supply.BUDA, supply.SOVIET_GROUP)


def flood(data: Static, blocked: frozenset[str], sources: Iterable[str], reach: int) -> dict[str, int]:
    """13.1.2: the rail net joined to the sources, then ``reach`` hexes; blocked hexes reached, not passed."""
    start = [s for s in sources if s not in blocked]
    base = set(start)
    queue = deque(start)
    while queue:
        a = queue.popleft()
        for b in data.rail_adj[a]:
            if b not in base and b not in blocked:
                base.add(b)
                queue.append(b)
    dist = {h: 0 for h in base}
    frontier = list(base)
    for step in range(1, reach + 1):
        nxt = []
        for a in frontier:
            if a in blocked:
                continue
            for b in data.adj[a]:
                if b not in dist:
                    dist[b] = step
                    nxt.append(b)
        frontier = nxt
    return dist


def with_hops(state: dict[str, Any], side: str, blocked: frozenset[str], dist: dict[str, int], reach: int) -> dict[str, int]:
    """13.1.2: one port-to-port hop: a friendly port whose sea has another friendly traced port floods too."""
    extra = []
    for sea in supply.HOP_SEAS:
        ports = [p for p in DATA.ports.get(sea, ()) if state["control"].get(p) == side]
        traced = [p for p in ports if p in dist]
        extra += [p for p in ports if p not in blocked and any(q != p for q in traced)]
    merged = dict(dist)
    for h, d in flood(DATA, blocked, extra, reach).items():
        merged[h] = min(d, merged.get(h, d))
    return merged


def by_the_rule(rules: Rules, state: dict[str, Any], group: str, blocked: frozenset[str]) -> supply.Reach:
    """13.1.2-13.2.3 with a separate flood for the sources, for the sources with Baku, and for each hop."""
    side = SOVIET if group == supply.SOVIET_GROUP else AXIS
    sources = supply.sources_of(rules, state, group)
    reach = supply.range_hexes(rules)
    baku = rules.places_by_name.get("baku") if group == supply.SOVIET_GROUP else None
    plain = with_hops(state, side, blocked, flood(DATA, blocked, sources, reach), reach)
    if baku is None or state["control"].get(baku) != SOVIET or baku in blocked:
        return supply.Reach(frozenset(plain), frozenset())
    also = with_hops(state, side, blocked, flood(DATA, blocked, [*sources, baku], reach), reach)
    caspian = [p for p in DATA.ports.get("caspian", ()) if p != baku and state["control"].get(p) == SOVIET]
    if any(p in plain for p in caspian):
        return supply.Reach(frozenset(also), frozenset(), True)
    return supply.Reach(frozenset(plain), frozenset(also) - frozenset(plain), False)


def random_blocked(rnd: random.Random) -> frozenset[str]:
    """Up to a third of the map, often around Baku and the ports, so that traces are cut."""
    hexes = sorted(DATA.adj)
    ports = sorted(p for ps in DATA.ports.values() for p in ps)
    around = sorted({n for p in ports for n in DATA.adj[p]})
    picked = rnd.sample(hexes, rnd.randrange(len(hexes) // 3))
    picked += rnd.sample(around, rnd.randrange(len(around)))
    return frozenset(picked)


def test_one_flood_joined_by_the_hops_and_baku_reaches_what_separate_floods_reach_13_1_2_13_2_3():
    """Over random blocked hexes and control, every supply group: the same full and limited hexes
    and the same Baku answer as a separate flood for each source, hop and Baku (13.1.2, 13.2.3)."""
    rnd = random.Random(1312)
    state = empty_position()
    labels = sorted(state["control"])
    seen = set()
    for _ in range(150):
        for label in labels:
            state["control"][label] = rnd.choice((AXIS, SOVIET))
        blocked = random_blocked(rnd)
        for group in GROUPS:
            side = SOVIET if group == supply.SOVIET_GROUP else AXIS
            got = supply._trace(RULES, state, group, side, DATA, blocked, supply.sources_of(RULES, state, group))
            want = by_the_rule(RULES, state, group, blocked)
            assert got == want
            seen.add((group, bool(got.limited), got.baku_full))
    assert {(supply.SOVIET_GROUP, True, False), (supply.SOVIET_GROUP, False, True)} <= seen  # Baku both ways
