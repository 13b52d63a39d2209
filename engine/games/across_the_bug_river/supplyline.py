"""The supply line of VP hex control (9, "Controllo degli esagoni VP").

A side controls a VP hex when it occupies it or was the last to occupy it **and** it traces a line
from its supply source to the hex free of enemy units and of EZOC (its own units negate EZOC), of
which at most 5 hexes are off road or railway, anywhere along it (the rulebook's note: 3 off road,
10 along a road, 2 more off road); the line never crosses the unbridged Bug or a lake hexside.

RULINGS V4, V5: the line runs from the VP hex (itself free of enemy units and, unless a friendly
unit stands in it, of EZOC) to a hex of one of the side's supply areas, as the 5.7.1 supply path
does; a hex of the line is off road when the line enters it other than across a road or railway
hexside; a VP hex whose last occupier traces no such line is controlled by neither side.
"""

from __future__ import annotations

from collections import deque

from engine.game import State
from engine.games.across_the_bug_river import board
from engine.games.across_the_bug_river.data import Rules
from engine.hexgrid import Label

#: Hexes of the line that may be off road and railway (9).
OFF_ROAD = 5


def off_road_needed(rules: Rules, state: State, label: Label, side: str) -> int | None:
    """The fewest off-road hexes of an open line from ``label`` to ``side``'s supply areas, or
    ``None`` when no open line exists at all (0-1 breadth-first search)."""
    goals: set[Label] = set()
    for zone in board.SUPPLY_ZONES[side]:
        goals |= rules.board.zone(zone)
    ezoc = board.zoc(rules, state, board.other(side))

    def open_hex(h: Label) -> bool:
        return not board.holds_enemy(state, h, side) and (h not in ezoc or board.holds_friend(state, h, side))

    if not open_hex(label):
        return None
    best = {label: 0}
    queue: deque[tuple[Label, int]] = deque([(label, 0)])
    while queue:
        here, cost = queue.popleft()
        if cost > best.get(here, cost):
            continue
        if here in goals:
            return cost
        for n in rules.board.neighbours(here):
            if "lake" in rules.board.side(here, n) or board.bug_unbridged(rules, state, here, n) or not open_hex(n):
                continue
            along = rules.board.line("road", here, n) is not None or rules.board.line("rail", here, n) is not None
            step = cost + (0 if along else 1)
            if step < best.get(n, step + 1):
                best[n] = step
                if along:
                    queue.appendleft((n, step))
                else:
                    queue.append((n, step))
    return None


def traces(rules: Rules, state: State, label: Label, side: str) -> bool:
    """Whether ``side`` traces the 9 supply line to the VP hex ``label``."""
    needed = off_road_needed(rules, state, label, side)
    return needed is not None and needed <= OFF_ROAD


def controller(rules: Rules, state: State, label: Label) -> str | None:
    """Who controls the VP hex ``label`` (9): its last occupier if that side traces the supply
    line, else nobody (RULINGS V4)."""
    last = state["control"].get(label)
    if last is None or not traces(rules, state, label, str(last)):
        return None
    return str(last)
