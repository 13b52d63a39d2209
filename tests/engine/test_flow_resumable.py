"""``flow.Resumable``: a procedure that goes on by itself when the procedure it called ends."""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.game import Context, State


class Recorder(flow.Resumable):
    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []

    def resume(self, game: Any, state: State, frame: flow.Frame, ctx: Context, back: dict[str, Any]) -> None:
        self.seen.append(back)


def test_a_resumable_runs_when_the_called_procedure_ends_and_gets_its_result() -> None:
    """``flow.end`` marks the caller resumed; ``run`` clears the mark and hands over what was returned."""
    state: dict[str, Any] = {}
    flow.call(state, "recorder")
    flow.call(state, "callee")
    flow.end(state, roll=7)
    proc, frame = Recorder(), state["flow"][-1]
    assert proc.automatic(frame)
    proc.run(None, state, frame, None)  # type: ignore[arg-type]
    assert proc.seen == [{"roll": 7}] and not proc.automatic(frame) and "returned" not in frame


def test_a_resumable_set_to_run_again_gets_nothing_back() -> None:
    """A procedure that marks itself resumed runs again with an empty result."""
    proc, frame = Recorder(), {"resumed": True}
    proc.run(None, {}, frame, None)  # type: ignore[arg-type]
    assert proc.seen == [{}]
