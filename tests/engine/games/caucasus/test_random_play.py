"""The shared random-play harness on The Caucasus Campaign."""

import pytest

from engine import registry
from tests.harness import play_random


@pytest.mark.parametrize("seed", [f"cc-{i}" for i in range(6)])
def test_random_play_keeps_every_invariant(seed):
    """Random legal orders: no crash, no dead end, replay agrees, undo respects barriers."""
    game = registry.get("caucasus")
    report = play_random(game, "tournament", seed, max_steps=400, undo_rate=0.05, done_bias=0.35)
    assert report.steps > 50


@pytest.mark.parametrize(
    "scenario,seed",
    [("tournament", f"full-{i}") for i in range(1, 6)] + [("campaign", "camp-1"), ("campaign", "camp-2")],
)
def test_random_games_reach_a_victory_determination(scenario, seed):
    """Random play of whole games ends with a winner named by the victory rules."""
    game = registry.get("caucasus")
    report = play_random(game, scenario, seed, max_steps=40000, undo_rate=0.0, done_bias=0.6, check_every=1000)
    assert report.finished
