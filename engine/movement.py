"""Generic movement: cheapest paths over movement points, with game hooks.

A game describes one step with ``step(frm, to, spent) -> Step | None``: its cost, whether the
unit must stop after it, or ``None`` if the step is prohibited. ``reachable`` computes every
legal destination with its cheapest cost and path; ``walk`` validates a typed path step by step
and reports the first step that breaks a rule.

Nodes are hex labels by default; a game may search over richer nodes (a hex plus a mode, e.g.
"still on the road") by passing its own ``neighbours`` and ``hex_of``.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass

from engine.text import Text


@dataclass(frozen=True)
class Step:
    """One step's cost in movement points and whether the mover must stop after it."""

    cost: float
    stop: bool = False


@dataclass(frozen=True)
class Refusal:
    """Why a step is prohibited, with the rule number."""

    reason: Text
    rule: str | None = None


StepFn = Callable[[Hashable, Hashable, float], "Step | Refusal"]


@dataclass(frozen=True)
class Reach:
    cost: float
    path: tuple[Hashable, ...]


def reachable(
    start: Hashable,
    allowance: float,
    neighbours: Callable[[Hashable], Iterable[Hashable]],
    step: StepFn,
    minimum_move: bool = False,
    goal: Hashable | None = None,
) -> dict[Hashable, Reach]:
    """Every node reachable from ``start`` within ``allowance`` MP, with its cheapest path.

    With ``minimum_move`` a single step that is not prohibited is always allowed, whatever its
    cost (the common "a unit may always move one hex" rule). With ``goal`` the search stops once
    the goal's cheapest path is known (it is the same path a whole search finds); the other
    nodes of the answer are then only those met on the way.
    """
    best: dict[Hashable, Reach] = {start: Reach(0.0, (start,))}
    heap: list[tuple[float, int, Hashable]] = [(0.0, 0, start)]
    stopped: set[Hashable] = set()
    counter = 1
    while heap:
        spent, _, node = heapq.heappop(heap)
        if spent > best[node].cost:
            continue
        if node == goal:
            break
        if node in stopped and node != start:
            continue
        for nxt in neighbours(node):
            s = step(node, nxt, spent)
            if isinstance(s, Refusal):
                continue
            total = spent + s.cost
            if total > allowance + 1e-9 and not (minimum_move and node == start):
                continue
            known = best.get(nxt)
            if known is None or total < known.cost - 1e-9:
                best[nxt] = Reach(total, (*best[node].path, nxt))
                if s.stop:
                    stopped.add(nxt)
                else:
                    stopped.discard(nxt)
                heapq.heappush(heap, (total, counter, nxt))
                counter += 1
    return best


@dataclass(frozen=True)
class Walk:
    """The result of walking a typed path: total cost, or the index and reason of the failure."""

    cost: float
    failed_at: int | None = None
    refusal: Refusal | None = None


def walk(
    path: Sequence[Hashable],
    allowance: float,
    step: StepFn,
    minimum_move: bool = False,
    over_allowance: Refusal | None = None,
) -> Walk:
    """Check a path hex by hex; the first prohibited or unaffordable step is reported."""
    spent = 0.0
    for i in range(1, len(path)):
        s = step(path[i - 1], path[i], spent)
        if isinstance(s, Refusal):
            return Walk(spent, i, s)
        spent += s.cost
        if spent > allowance + 1e-9 and not (minimum_move and i == 1):
            return Walk(spent, i, over_allowance)
        if s.stop and i != len(path) - 1:
            return Walk(spent, i + 1, Refusal(Text("The unit must stop on entering {hex}."), None))
    return Walk(spent)


def shortest_path(
    start: Hashable,
    goal: Hashable,
    neighbours: Callable[[Hashable], Iterable[Hashable]],
    step: StepFn,
    allowance: float = float("inf"),
) -> Reach | None:
    """The cheapest path from ``start`` to ``goal``, or ``None``."""
    found = reachable(start, allowance, neighbours, step)
    return found.get(goal)


def connected(
    starts: Iterable[Hashable],
    neighbours: Callable[[Hashable], Iterable[Hashable]],
    passable: Callable[[Hashable, Hashable], bool],
    limit: int | None = None,
) -> dict[Hashable, int]:
    """Breadth-first flood from ``starts``: every node reached, with its distance in steps."""
    dist: dict[Hashable, int] = {}
    frontier: list[Hashable] = []
    for s in starts:
        if s not in dist:
            dist[s] = 0
            frontier.append(s)
    while frontier:
        nxt: list[Hashable] = []
        for node in frontier:
            d = dist[node]
            if limit is not None and d >= limit:
                continue
            for n in neighbours(node):
                if n not in dist and passable(node, n):
                    dist[n] = d + 1
                    nxt.append(n)
        frontier = nxt
    return dist
