"""Random legal play of Combat Commander through the shared harness (tests/harness.py), on every provisional scenario."""

from __future__ import annotations

import pytest

from engine import registry
from tests.harness import play_random

SCENARIOS = ("farm", "village", "hill")


@pytest.mark.parametrize(("scenario", "seed"), [(s, f"cc-{s}-{i}") for s in SCENARIOS for i in range(2)])
def test_random_play_keeps_every_invariant_and_secret(scenario: str, seed: str) -> None:
    """Random legal orders: no crash, no dead end, replay agrees, undo respects barriers, no hand leaks (1.2)."""
    game = registry.get("combat_commander")
    report = play_random(game, scenario, seed, max_steps=250, undo_rate=0.05, done_bias=0.3)
    assert report.finished or report.steps == 250


@pytest.mark.parametrize(("scenario", "seed"), [(s, f"cc-full-{s}-{i}") for s in SCENARIOS for i in range(2)])
def test_random_games_reach_an_end(scenario: str, seed: str) -> None:
    """Whole random games of every scenario end by Sudden Death, surrender, the last unit or an exit (6.3)."""
    game = registry.get("combat_commander")
    report = play_random(game, scenario, seed, max_steps=5000, undo_rate=0.0, done_bias=0.5, check_every=500)
    assert report.finished
