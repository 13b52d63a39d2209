"""Combat under the random-play harness: a referee now and then puts an enemy unit next to the
acting formation, so that attacks, losses windows, retreats and bonus AP are played at random
with every channel checked for secrets (5.3.4: strengths and hidden counters never leak)."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.errors import OrderError
from engine.game import Override
from engine.games.across_the_bug_river import board
from engine.kernel import Match
from tests.harness import play_random

REASON = "test"


def contact(match: Match, rnd: random.Random) -> bool:
    """Referee: an enemy combat unit placed in an empty clear or village hex next to an acting unit."""
    state = match.state
    top = state.get("flow", [{}])[-1]
    if top.get("proc") != "activation":
        return False
    rules = match.game.rules  # type: ignore[attr-defined]
    side = top["side"]
    mine = sorted(u for u, x in board.combat_units(state, side).items() if board.acting_formation(x) == top["formation"])
    enemies = sorted(u for u, x in state["units"].items() if x["side"] != side and x["kind"] == "unit")
    if not mine or not enemies:
        return False
    here = state["units"][rnd.choice(mine)]["hex"]
    free = [n for n in rules.board.neighbours(here) if not board.at(state, n) and rules.board.terrain[n] in ("clear", "village")]
    if not free:
        return False
    try:
        match.override(Override("place", (rnd.choice(enemies), rnd.choice(free)), REASON))
    except OrderError:
        return False
    return True


@pytest.mark.parametrize("scenario,seed", [("scenario1", "fight-1"), ("scenario1", "fight-2"), ("scenario2", "fight-1")])
def test_random_play_with_combats_keeps_secrets_and_ends(scenario, seed):
    """Random attacks and their windows: no crash, no dead end, replay agrees, secrets kept, the scenario ends."""
    game = registry.get("across-the-bug-river")
    report = play_random(game, scenario, seed, max_steps=1500, undo_rate=0.05, done_bias=0.1, check_every=5, disturb=contact, disturb_rate=0.5)
    assert report.finished
