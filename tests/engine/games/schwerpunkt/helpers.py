"""Shared helpers for the Schwerpunkt tests: a match, a hand-set position, the phase wanted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine import registry
from engine.game import Override
from engine.kernel import Match


def game():
    return registry.get("schwerpunkt")


def new_match(scenario: str = "scenario1", seed: str = "t") -> Match:
    g = game()
    return Match.new(g, scenario, g.options, seed)


def position(match: Match, stacks: Mapping[str, Sequence[str]]) -> None:
    """Only these stacks on the map (top first); every other unit out of play."""
    state = match.state
    placed = {u for order in stacks.values() for u in order}
    state["stacks"] = {h: list(order) for h, order in stacks.items()}
    state["cup"] = [u for u in state["cup"] if u not in placed]
    state["arrivals"] = {k: [u for u in v if u not in placed] for k, v in state["arrivals"].items()}
    state["arrivals"] = {k: v for k, v in state["arrivals"].items() if v}
    state["eliminated"] = []
    state["out_of_play"] = sorted(set(state["units"]) - placed - set(state["cup"]) - {u for v in state["arrivals"].values() for u in v})
    match.game.check_invariants(state)


def fix_dice(match: Match, *values: int) -> None:
    match.override(Override("dice", tuple(str(v) for v in values), "test"))


def to_movement(match: Match, side: str, c3i: int = 1, dice: tuple[int, int] = (6, 6)) -> None:
    """Play the current phase's first steps up to ``side``'s Movement segment."""
    if side == "soviet":
        match.submit("soviet", "front done")
    else:
        while match.active() != frozenset({"german"}):
            role = sorted(match.active())[0]
            prompt = match.prompt(role)
            verbs = [a for a in prompt.actions if a.verb in ("front", "c3i", "end")]
            choice = next((a for a in verbs if a.text in ("front done", "c3i 0", "end")), prompt.actions[0])
            match.play(role, choice)
    match.submit(side, "order move-first")
    fix_dice(match, *dice)
    match.submit(side, f"c3i {c3i}")
