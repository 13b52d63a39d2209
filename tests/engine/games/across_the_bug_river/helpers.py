"""Positions for Across the Bug River tests: an empty map, counters placed by hand, fixed dice."""

from __future__ import annotations

from typing import Any

from engine import registry, stacks
from engine.game import Action
from engine.games.across_the_bug_river.game import POLICY, AcrossTheBugRiver
from engine.hexgrid import hexside
from engine.kernel import KernelContext

GAME: AcrossTheBugRiver = registry.get("across-the-bug-river")  # type: ignore[assignment]


def ctx(*rolls: int) -> KernelContext:
    """A context whose d10 rolls are ``rolls`` in order (then seeded draws)."""
    return KernelContext("test", 0, [{"value": r, "reason": "test"} for r in rolls])


def ground(monkeypatch: Any, terrain: dict[str, str], open_sides: tuple[tuple[str, str], ...] = ()) -> None:
    """Give some hexes the terrain a test needs, and clear the hexsides ``open_sides`` (no stream,
    Bug or lake), for that test alone, whatever the map data says."""
    board = GAME.rules.board
    for label, kind in terrain.items():
        monkeypatch.setitem(board.terrain, label, kind)
    for a, b in open_sides:
        monkeypatch.delitem(board.sides, hexside(a, b), raising=False)


def fresh(scenario: str = "scenario1") -> dict[str, Any]:
    c = ctx()
    state = GAME.setup(scenario, {}, c)
    accept_rolls(state, c)
    return state


def empty(scenario: str = "scenario1") -> dict[str, Any]:
    """The scenario's state with every counter taken off the map."""
    state = fresh(scenario)
    for uid, u in state["units"].items():
        if u["hex"] is not None:
            stacks.remove(POLICY, state, state["units"], uid)
            u["hex"] = None
    state["shown"] = []
    return state


def put(state: dict[str, Any], uid: str, label: str) -> None:
    u = state["units"][uid]
    if u["hex"] is not None:
        stacks.remove(POLICY, state, state["units"], uid)
    u["hex"] = label
    stacks.place(POLICY, state, state["units"], uid, label)


def activating(state: dict[str, Any], side: str, formation: str, ap: int) -> None:
    """``formation`` of ``side`` is the active formation with ``ap`` action points."""
    state["flow"] = [{"proc": "ops"}, {"proc": "activation", "side": side, "formation": formation, "reaction": False}]
    state["ap"][side] = ap
    state["surprise"] = {"active": False, "left": 0, "used": []}


def accept_rolls(state: dict[str, Any], c: KernelContext) -> None:
    """The Schlachtenglück holder accepts every roll held for it (the published default, 5.2),
    with the same dice: a test that is not about 5.2 reads as if no roll were held."""
    while state.get("flow") and state["flow"][-1]["proc"] == "luck_roll" and state["flow"][-1].get("waiting"):
        GAME.apply(state, state["flow"][-1]["holder"], Action("accept"), c)


def run(state: dict[str, Any], c: KernelContext) -> KernelContext:
    """Run the automatic procedures with ``c``'s dice, the held rolls accepted."""
    GAME.run_automatic(state, c)
    accept_rolls(state, c)
    return c


def play(state: dict[str, Any], role: str, line: str, *rolls: int, held: bool = False) -> KernelContext:
    """``role`` gives ``line`` with the d10 ``rolls``; held rolls are accepted unless ``held``."""
    c = ctx(*rolls)
    GAME.apply(state, role, GAME.parse(state, role, line), c)
    if not held:
        accept_rolls(state, c)
    return c


def act(state: dict[str, Any], role: str, action: Action, *rolls: int, held: bool = False) -> KernelContext:
    c = ctx(*rolls)
    GAME.apply(state, role, action, c)
    if not held:
        accept_rolls(state, c)
    return c


def top(state: dict[str, Any]) -> dict[str, Any]:
    """The step the flow is at."""
    found: dict[str, Any] = state["flow"][-1]
    return found


def crowded() -> dict[str, Any]:
    """I/103 (infantry-type) and I/36 in 1507; I/108 (infantry-type) in 1506, about to join them."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-87rd", "2707")
    put(state, "I/103", "1507")
    put(state, "I/36", "1507")
    put(state, "I/108", "1506")
    activating(state, "german", "14pz", 5)
    return state
