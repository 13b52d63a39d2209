"""Across the Bug River under the random-play harness: every scenario to its end, no secret leaked."""

import pytest

from engine import registry
from tests.harness import play_random


@pytest.mark.parametrize(
    "scenario,seed", [("scenario1", "atbr-1"), ("scenario1", "atbr-2"), ("scenario2", "atbr-1"), ("campaign", "atbr-1")]
)
def test_random_play_reaches_the_end_of_the_scenario(scenario, seed):
    """Random legal orders: no crash, no dead end, replay agrees, secrets kept, undo respects barriers."""
    game = registry.get("across-the-bug-river")
    report = play_random(game, scenario, seed, max_steps=1500, undo_rate=0.05, done_bias=0.3, check_every=10)
    assert report.finished
