"""States of random legal Caucasus play, for the tests that compare a fast rule path with the plain one."""

import random

from bot.benchwalk import pick
from engine import registry
from engine.errors import OrderError
from engine.kernel import Match


def positions(seed: str, steps: int, every: int) -> list[dict]:
    """States of random legal play, one every ``every`` accepted orders."""
    game = registry.get("caucasus")
    match = Match.new(game, next(iter(game.scenarios)), game.options, seed)
    rnd = random.Random(seed)
    out = []
    for n in range(steps):
        if match.result() is not None or not match.active():
            break
        role = rnd.choice(sorted(match.active()))
        action = pick(match, role, rnd)
        if action is None:
            break
        try:
            match.play(role, action)
        except OrderError:
            continue
        if n % every == 0:
            out.append(match.state)
    return out
