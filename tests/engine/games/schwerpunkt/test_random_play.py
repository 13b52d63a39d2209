"""The shared random-play harness on Von Manstein's Backhand Blow."""

import pytest

from engine import registry
from tests.harness import play_random


@pytest.mark.parametrize("seed", [f"vmbb-{i}" for i in range(3)])
def test_scenario_one_plays_to_a_victory_determination(seed):
    """Random legal orders through scenario 1: no crash, no dead end, no leak, replay agrees, a result."""
    report = play_random(registry.get("schwerpunkt"), "scenario1", seed, max_steps=3000, undo_rate=0.05, done_bias=0.5, check_every=40, redeal_every=10)
    assert report.finished


@pytest.mark.slow
def test_scenario_two_plays_to_a_victory_determination():
    """Random legal orders through the campaign to a victory determination."""
    report = play_random(registry.get("schwerpunkt"), "scenario2", "vmbb-campaign", max_steps=20000, undo_rate=0.0, done_bias=0.6, check_every=400, redeal_every=50)
    assert report.finished
