"""Standing orders under the random-play harness: both sides give them now and then; the kernel
applies their answers; no crash, no dead end, replay agrees, and no channel leaks a secret."""

import random

import pytest

from engine import registry
from engine.games.across_the_bug_river import board
from engine.kernel import Match
from tests.harness import play_random

GAME = registry.get("across-the-bug-river")
FIXED = ["noreact", "hold", "hit", "luck never", "luck ask", "luck combat 1-4", "luck efficiency 1-3", "luck ap 1-2", "clear"]


def give_standing_order(match: Match, rnd: random.Random) -> bool:
    """A random player gives a random standing order (a reaction order names the formation of one of its units and that unit's hex)."""
    role = rnd.choice(["german", "soviet"])
    state = match.state
    mine = sorted(u for u, x in state["units"].items()
                  if x["side"] == role and x["hex"] is not None and x["kind"] == "unit" and board.acting_formation(x) in state["formations"])
    if mine and rnd.random() < 0.4:
        unit = state["units"][rnd.choice(mine)]
        words = f"react {board.acting_formation(unit)} {unit['hex']}"
    else:
        words = rnd.choice(FIXED)
    match.play(role, GAME.parse(state, role, f"standing {words}"))
    return True


@pytest.mark.parametrize("scenario,seed", [("scenario1", "standing-3"), ("scenario1", "standing-4"), ("scenario2", "standing-2")])
def test_random_play_with_standing_orders_keeps_secrets(scenario, seed):
    """Random orders and random standing orders: the answers they give are legal, and nothing leaks."""
    report = play_random(GAME, scenario, seed, max_steps=700, undo_rate=0.05, done_bias=0.3, check_every=10,
                         disturb=give_standing_order, disturb_rate=0.2)
    assert report.steps > 100
