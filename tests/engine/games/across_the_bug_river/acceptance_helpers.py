"""Position files for the Across the Bug River acceptance questions: the scenario's export with
only the counters a question needs, in the step it asks about."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.engine.games.acceptance import exported, position_file


def activation(side: str, formation: str) -> list[dict[str, Any]]:
    """The flow of ``formation`` of ``side`` activated in the Ops cycle (6.3)."""
    return [{"proc": "ops"}, {"proc": "activation", "side": side, "formation": formation, "reaction": False}]


def br_position(
    placed: Mapping[str, str],
    flow: list[dict[str, Any]] | None = None,
    ap: Mapping[str, int] | None = None,
    units: Mapping[str, Mapping[str, Any]] | None = None,
    scenario: str = "scenario1",
    rolls: Sequence[int] = (),
    **state: Any,
) -> dict[str, Any]:
    """A position of ``scenario`` with only the counters of ``placed`` (unit -> hex, stacked in
    that order) on the map; ``units`` changes those units' records; ``state`` any other part.
    The surprise turn (10.2) is over unless ``state`` says otherwise."""
    source = exported("across-the-bug-river", scenario)
    base = source["state"]
    records = {uid: {**u, "hex": placed.get(uid)} for uid, u in base["units"].items() if u["hex"] is not None or uid in placed}
    for uid, changes in (units or {}).items():
        records[uid] = {**records.get(uid, base["units"][uid]), **changes}
    stacks: dict[str, list[str]] = {}
    for uid, label in placed.items():
        stacks.setdefault(label, []).append(uid)
    parts: dict[str, Any] = {
        "units": records,
        "stacks": stacks,
        "shown": [],
        "surprise": {"active": False, "left": 0, "used": []},
        "flow": flow or [{"proc": "ops"}, {"proc": "choose"}],
        "ap": {"german": 0, "soviet": 0, **(ap or {})},
    }
    parts.update(state)
    return position_file(source, "across-the-bug-river", scenario, parts, rolls)
