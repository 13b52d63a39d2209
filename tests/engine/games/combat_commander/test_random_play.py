"""Random legal play of Combat Commander through the shared harness (tests/harness.py)."""

from __future__ import annotations

import pytest

from engine import registry
from tests.harness import play_random


@pytest.mark.parametrize("seed", [f"cc-{i}" for i in range(4)])
def test_random_play_keeps_every_invariant_and_secret(seed: str) -> None:
    """Random legal orders: no crash, no dead end, replay agrees, undo respects barriers, no hand leaks (1.2)."""
    game = registry.get("combat_commander")
    report = play_random(game, "farm", seed, max_steps=300, undo_rate=0.05, done_bias=0.3)
    assert report.finished or report.steps == 300


@pytest.mark.parametrize("seed", ["cc-full-1", "cc-full-2"])
def test_random_games_reach_an_end(seed: str) -> None:
    """Whole random games end by Sudden Death, surrender or the last unit (6.3)."""
    game = registry.get("combat_commander")
    report = play_random(game, "farm", seed, max_steps=5000, undo_rate=0.0, done_bias=0.5, check_every=500)
    assert report.finished
