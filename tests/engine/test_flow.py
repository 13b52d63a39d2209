"""The flow's memory of the steps the engine closed itself (``flow.close``): what it keeps, what
it forgets, how a refusal uses it, and that the state hash leaves it out."""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder, OrderOutOfStep
from engine.state import UNHASHED, state_hash
from engine.text import t

STEP = flow.Step(t("Soviet Secondary Impulse"), "4.8")
WHY = t("the weather is bad, so the engine skipped it")


def closed_once() -> dict[str, Any]:
    """A state whose memory holds the Soviet Secondary Impulse skipped by the weather."""
    state: dict[str, Any] = {"turn": 3}
    flow.close(state, STEP, WHY, roles=["soviet"], verbs=["move", "attack"])
    return state


def test_a_closed_step_is_found_by_its_role_and_verb():
    """The memory answers the role and verb of the closed step, with its rule."""
    why, rule = flow.closed_step(closed_once(), "soviet", "move") or (None, None)
    assert rule == "4.8"
    assert str(why) == "The Soviet Secondary Impulse is over: the weather is bad, so the engine skipped it (4.8)."


def test_another_role_or_verb_finds_nothing():
    """Another side, or an order of another step, is not told about the closed step."""
    state = closed_once()
    assert flow.closed_step(state, "axis", "move") is None
    assert flow.closed_step(state, "soviet", "loss") is None


def test_the_memory_keeps_the_newest_steps_only():
    """At most CLOSED_KEPT steps are kept, the oldest going first."""
    state: dict[str, Any] = {}
    for n in range(flow.CLOSED_KEPT + 2):
        flow.close(state, flow.Step(t("step {n}", n=n), str(n)), WHY, roles=["axis"], verbs=[f"v{n}"])
    assert [e["rule"] for e in state["closed"]] == [str(n) for n in range(2, flow.CLOSED_KEPT + 2)]


def test_the_same_step_closed_again_replaces_its_entry():
    """A step closed twice (two forced losses) is remembered once, with the newest reason."""
    state = closed_once()
    flow.close(state, STEP, t("again"), roles=["soviet"], verbs=["move", "attack"])
    assert len(state["closed"]) == 1 and state["closed"][0]["why"]["t"] == "again"


def test_forgetting_a_role_keeps_the_others_and_drops_the_key_when_empty():
    """A side's new phase forgets its own closed steps only; an empty memory leaves no key."""
    state = closed_once()
    flow.close(state, STEP, WHY, roles=["axis"], verbs=["move"])
    flow.forget_closed(state, roles=["soviet"])
    assert [e["roles"] for e in state["closed"]] == [["axis"]]
    flow.forget_closed(state)
    assert "closed" not in state


def test_forgetting_a_scope_keeps_the_other_scope():
    """A new combat forgets the combat decisions, not the steps of the phase."""
    state = closed_once()
    flow.close(state, flow.Step(t("loss"), "10.2"), WHY, roles=["soviet"], verbs=["loss"], scope="combat")
    flow.forget_closed(state, scope="combat")
    assert [e["rule"] for e in state["closed"]] == ["4.8"]


def test_a_refusal_is_completed_with_the_rule_that_closed_the_step():
    """An out-of-step refusal gets the closed step's reason and rule, and stays out of step."""
    error = flow.out_of_step("move", flow.Step(t("Soviet Initial Phase"), "3.0"))
    better = flow.explain_closed(error, closed_once(), "soviet", "move")
    assert isinstance(better, OrderOutOfStep) and better.rule == "4.8"
    assert "'move' is not an order of the Soviet Initial Phase (3.0). The Soviet Secondary Impulse is over:" in str(better)


def test_a_refusal_without_a_closed_step_is_unchanged():
    """With nothing remembered for the order, the refusal is the same object."""
    error = IllegalOrder(t("It is not your turn."), "7.2")
    assert flow.explain_closed(error, {"turn": 3}, "soviet", "move") is error


def test_the_state_hash_leaves_the_memory_out():
    """The memory explains and decides nothing: a state hashes the same with or without it."""
    assert flow.CLOSED_KEY in UNHASHED
    state = closed_once()
    assert state_hash(state) == state_hash({"turn": 3})
