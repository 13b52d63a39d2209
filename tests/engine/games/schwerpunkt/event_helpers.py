"""Helpers for the random-event tests: a combat whose unmodified roll is fixed, played to its end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.kernel import Match
from tests.engine.games.schwerpunkt.helpers import fix_dice, new_match, position, to_movement


def combat_then_event(stacks: Mapping[str, Sequence[str]], event: tuple[int, int], combat_roll: tuple[int, int] = (6, 6),
                      attack: str = "attack 2021 with gd-pz", scenario: str = "scenario2",
                      c3i: Mapping[str, int] | None = None) -> Match:
    """The German's first activity phase, Combat segment: ``attack`` with the combat roll and then
    the random event's roll fixed; the combat's losses and advance take the first legal choice."""
    match = new_match(scenario)
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, stacks)
    match.state["flow"][-1]["step"] = "combat"
    match.state["c3i"].update(c3i or {})
    match.submit("german", attack)
    match.submit("german", "chits none")
    fix_dice(match, *combat_roll, *event)
    match.submit("soviet", "chits none")
    finish_combat(match)
    return match


def finish_combat(match: Match) -> None:
    """Play the combat under way to its end with the first legal choice of each step."""
    while "combat" in match.state:
        role = sorted(match.active())[0]
        prompt = match.prompt(role)
        choice = next((a for a in prompt.actions if a.text == "advance none"), prompt.actions[0])
        match.play(role, choice)
