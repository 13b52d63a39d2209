"""The log of a retreat the engine eliminates lists every exit and the clause that bars it (11.2)."""

from __future__ import annotations

import copy
from typing import Any

from engine.kernel import KernelContext, Match
from tests.engine.games.caucasus.position import empty_board, referee, unit_of

#: A hex of the map's west edge: its neighbour 0722 (direction 5) has no hex beyond it, so every
#: way out through 0722 ends in a hex also reached through 0721 or 0822's other neighbours first.
ORIGIN = "0822"


def ringed_retreat(origin: str = ORIGIN) -> tuple[Match, dict[str, Any], KernelContext]:
    """A Soviet division in ``origin`` with every neighbour empty and an Axis division in every hex two
    away, made to retreat 2 hexes; the engine has run the retreat window."""
    m = empty_board(phase="axis primary combat")
    grid = m.game.rules.board.grid
    sov = unit_of(m, "soviet", "INF")
    referee(m, f"place {sov} {origin}")
    ring: tuple[str, ...] = ()
    for hex_ in sorted(set(grid.within(origin, 2)) - set(grid.within(origin, 1))):
        ring = (*ring, unit_of(m, "axis", "INF", exclude=ring))
        referee(m, f"place {ring[-1]} {hex_}")
    state = copy.deepcopy(m.state)
    frame = {"proc": "retreat_choice", "chooser": "soviet", "units": [sov], "origin": origin, "length": 2, "disorganize": False, "attackers": []}
    state["flow"].append(frame)
    ctx = KernelContext("ringed", 0)
    m.game.procedures["retreat_choice"].run(m.game, state, frame, ctx)  # type: ignore[attr-defined]
    assert state["units"][sov].get("hex") is None
    return m, state, ctx


def test_every_exit_is_listed_even_when_its_paths_rank_behind_others():
    """11.2: an exit whose every path ends where another exit's path ends first (0722) is still listed, with its clause."""
    m, _, ctx = ringed_retreat()
    [summary] = [str(e.text) for e in ctx.entries if str(e.text).startswith(f"No retreat from {ORIGIN} keeps a unit alive: ")]
    for hex_ in m.game.rules.board.neighbours(ORIGIN):
        assert f"{hex_} then into an enemy-occupied hex (11.2 b)" in summary


def test_an_exit_on_the_map_edge_is_barred_as_off_the_map():
    """11.2 a: 0723, on the west edge next to 0823, has no hex beyond it: the log names it, off the map."""
    m, _, ctx = ringed_retreat("0823")
    [summary] = [str(e.text) for e in ctx.entries if str(e.text).startswith("No retreat from 0823 keeps a unit alive: ")]
    assert "0723 then off the map (11.2 a)" in summary
    assert all(hex_ in summary for hex_ in m.game.rules.board.neighbours("0823"))
