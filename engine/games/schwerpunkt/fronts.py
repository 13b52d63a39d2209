"""The forced relocation of a Soviet Front marker (E 14.1): a marker must always trace a path of
any length to a Soviet source, through no German unit and no German ZOC unless a Soviet unit
stands there. When a German unit enters its hex or its trace is cut, it moves at once, in either
side's phase, to the first available hex nearer a Soviet source that meets those conditions.

Ruling (digest 8.1 item 10): the nearest such hex to the marker, strictly nearer a Soviet source
than the marker's hex, chosen by the engine (the nearest to a source, then the lowest number, on
a tie) so that the move never waits for the Soviet in the German's phase.
"""

from __future__ import annotations

from collections import deque

from engine.game import Context, State
from engine.games.schwerpunkt import terrain
from engine.games.schwerpunkt.model import FRONTS, GERMAN, SOVIET, rules
from engine.games.schwerpunkt.words import front_name
from engine.hexgrid import Label
from engine.text import t


def source_distance() -> dict[Label, int]:
    """Land hexes by their distance from the nearest Soviet source hex."""
    board = rules().board
    start = sorted(board.zone("soviet_supply"))
    out = dict.fromkeys(start, 0)
    queue = deque(start)
    while queue:
        h = queue.popleft()
        for n in board.neighbours(h):
            if n not in out and board.terrain.get(n) != "sea":
                out[n] = out[h] + 1
                queue.append(n)
    return out


def relocate_cut(state: State, ctx: Context) -> None:
    """E 14.1: move every Front marker whose hex holds a German unit or has lost its trace."""
    held = terrain.sides_in(state)
    reached = terrain.supplied_hexes(state, SOVIET)

    def fine(h: Label) -> bool:
        return held.get(h) != GERMAN and terrain.in_supply(h, reached)

    grid = rules().board.grid
    for front in FRONTS:
        here = state["fronts"][front]
        if fine(here):
            continue
        far = source_distance()
        limit = far.get(here, len(far))
        candidates = [h for h, d in far.items() if d < limit and fine(h) and h not in state["fronts"].values()]
        if not candidates:
            ctx.log(t("The {front} Front marker in {hex} is cut off and has no hex to go to: it stays (E 14.1).", front=front_name(front), hex=here))
            continue
        best = min(candidates, key=lambda h: (grid.distance(here, h), far[h], h))
        state["fronts"][front] = best
        ctx.log(t("The {front} Front marker is cut off in {start} and moves at once to {hex} (E 14.1).", front=front_name(front), start=here, hex=best))
