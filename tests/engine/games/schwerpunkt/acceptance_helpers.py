"""Position files for the Schwerpunkt acceptance questions: the scenario's export with only the
stacks a question needs, in the step it asks about."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.engine.games.acceptance import exported, position_file

BOXES = ("box1-german", "box2-german", "box1-soviet", "box2-soviet")


def activity(side: str, step: str, general: bool = False, **frame: Any) -> list[dict[str, Any]]:
    """The flow of ``side``'s first activity phase of the turn at ``step`` (front, c3i, move,
    combat, admin...)."""
    return [{"proc": "turn", "i": 2, "returned": {}, "resumed": True},
            {"proc": "activity", "side": side, "step": step, "general": general, "done": [], "first": "move", **frame}]


def sp_position(
    stacks: Mapping[str, Sequence[str]],
    flow: list[dict[str, Any]] | None = None,
    units: Mapping[str, Mapping[str, Any]] | None = None,
    scenario: str = "scenario1",
    rolls: Sequence[int] = (),
    **state: Any,
) -> dict[str, Any]:
    """A position of ``scenario``: only ``stacks`` (top first) on the map and in the boxes, every
    other unit out of play; ``units`` changes those units' records; ``state`` any other part."""
    source = exported("schwerpunkt", scenario)
    base = source["state"]
    placed = {u for order in stacks.values() for u in order}
    cup = [u for u in base["cup"] if u not in placed]
    arrivals = {k: [u for u in v if u not in placed] for k, v in base["arrivals"].items()}
    arrivals = {k: v for k, v in arrivals.items() if v}
    waiting = set(cup) | {u for v in arrivals.values() for u in v}
    parts: dict[str, Any] = {
        "stacks": {h: list(order) for h, order in stacks.items()},
        "cup": cup,
        "arrivals": arrivals,
        "eliminated": [],
        "out_of_play": sorted(set(base["units"]) - placed - waiting),
        "phase": {"kind": "activity", "side": (flow or activity("german", "move"))[-1].get("side", "german"), "n": 1},
        "flow": flow or activity("german", "move"),
        "ap": {"german": 7, "southwest": 0, "voronezh": 0},
    }
    if units:
        parts["units"] = {uid: {**base["units"][uid], **changes} for uid, changes in units.items()}
    parts.update(state)
    return position_file(source, "schwerpunkt", scenario, parts, rolls)
