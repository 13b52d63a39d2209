"""Positions for Across the Bug River tests: an empty map, counters placed by hand, fixed dice."""

from __future__ import annotations

from typing import Any

from engine import registry, stacks
from engine.game import Action
from engine.games.across_the_bug_river.game import POLICY, AcrossTheBugRiver
from engine.kernel import KernelContext

GAME: AcrossTheBugRiver = registry.get("across-the-bug-river")  # type: ignore[assignment]


def ctx(*rolls: int) -> KernelContext:
    """A context whose d10 rolls are ``rolls`` in order (then seeded draws)."""
    return KernelContext("test", 0, [{"value": r, "reason": "test"} for r in rolls])


def fresh(scenario: str = "scenario1") -> dict[str, Any]:
    return GAME.setup(scenario, {}, ctx())


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


def play(state: dict[str, Any], role: str, line: str, *rolls: int) -> KernelContext:
    c = ctx(*rolls)
    GAME.apply(state, role, GAME.parse(state, role, line), c)
    return c


def act(state: dict[str, Any], role: str, action: Action, *rolls: int) -> KernelContext:
    c = ctx(*rolls)
    GAME.apply(state, role, action, c)
    return c
