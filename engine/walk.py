"""A resumable walk: a move that carries its whole path and pauses only where a decision is legal.

Game-agnostic and plain JSON, so a walk can wait in the state for another player's answer (a
reaction, an interception) and resume where it stopped. A walk is ``{"path": [...], "at": i,
"stage": "leave" | "enter", "done": bool}``: the mover stands on ``path[at]``; ``stage`` says which
moment of that position is next to be looked at: trying to leave it, or having just entered it.

``advance(walk, may_pause, step)`` goes on from there. Before each step out of ``path[at]`` it asks
``may_pause("leave", at)``; after ``step(at + 1)`` has moved the mover it asks
``may_pause("enter", at + 1)``. The first ``True`` pauses the walk (``advance`` returns
``"pause"``) with the walk positioned *past* that moment, so the next ``advance`` resumes
without asking again. ``step`` returns ``False`` when the mover must stop there (the walk is then
over). ``stop(walk)`` ends it where it stands (a successful reaction).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

Walk = dict[str, Any]
Moment = Literal["leave", "enter"]


def start(path: Sequence[str]) -> Walk:
    """A walk standing on ``path[0]`` that will next try to leave it."""
    if len(path) < 1:
        raise ValueError("a walk needs at least its start")
    return {"path": list(path), "at": 0, "stage": "leave", "done": len(path) == 1}


def position(walk: Walk) -> str:
    """Where the mover stands now."""
    return str(walk["path"][walk["at"]])


def stop(walk: Walk) -> Walk:
    """End the walk where the mover stands."""
    walk["done"] = True
    return walk


def advance(walk: Walk, may_pause: Callable[[Moment, int], bool], step: Callable[[int], bool]) -> Literal["pause", "done"]:
    """Walk on until a pause or the end; see the module text."""
    path = walk["path"]
    while not walk["done"]:
        at = int(walk["at"])
        if walk["stage"] == "leave":
            if at >= len(path) - 1:
                walk["done"] = True
                break
            walk["stage"] = "step"
            if may_pause("leave", at):
                return "pause"
        if walk["stage"] == "step":
            walk["at"] = at + 1
            walk["stage"] = "enter"
            if not step(at + 1):
                walk["done"] = True
                # The mover stops here, but entering it is still a moment that may pause.
                return "pause" if may_pause("enter", at + 1) else "done"
            continue
        if walk["stage"] == "enter":
            walk["stage"] = "leave"
            if walk["at"] >= len(path) - 1:
                walk["done"] = True
            if may_pause("enter", at):
                return "pause"
    return "done"
