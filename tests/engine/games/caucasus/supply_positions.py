"""Random positions of The Caucasus Campaign for the equivalence tests of the memoised supply,
ZOC and stacking lookups: states met in random play, and those states with the units scattered
over the map, the turn redrawn (every turn threshold of 2.31-2.33) and control shuffled."""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

from bot.benchwalk import pick
from engine import registry
from engine.errors import OrderError
from engine.games.caucasus.model import SIDES, Rules
from engine.games.caucasus.terrain import is_land
from engine.kernel import Match


def game() -> Any:
    return registry.get("caucasus")


def rules() -> Rules:
    return game().rules


@cache
def played(seed: str = "equivalence", records: int = 150, every: int = 6) -> tuple[dict[str, Any], ...]:
    """States met every ``every`` records of random play through every phase (``bot.benchwalk``)."""
    g = game()
    match = Match.new(g, "campaign", g.options, seed)
    rnd = random.Random(seed)
    out = []
    tries = 0
    while len(match.records) < records and tries < records * 4 and match.result() is None and match.active():
        tries += 1
        role = rnd.choice(sorted(match.active()))
        action = pick(match, role, rnd)
        if action is None:
            break
        try:
            match.play(role, action)
        except OrderError:
            continue
        if len(match.records) % every == 0:
            out.append(copy.deepcopy(match.state))
    return tuple(out)


def scrambled(state: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """``state`` with every unit on a random land hex (some in stacks, some off the map), a
    random turn and random control of the places that have it."""
    r = rules()
    out = copy.deepcopy(state)
    land = sorted(h for h in r.board.terrain if is_land(r, h))
    crowded = rnd.sample(land, 12)  # a few hexes most units crowd into: stacks and contact
    for u in out["units"].values():
        roll = rnd.random()
        if roll < 0.1:
            u["hex"] = None
        elif roll < 0.4:
            u["hex"] = rnd.choice(crowded)
        else:
            u["hex"] = rnd.choice(land)
    out["turn"] = rnd.randint(1, 16)
    for label in sorted(out.get("control", {})):
        if rnd.random() < 0.3:
            out["control"][label] = rnd.choice(SIDES)
    return out


def positions(seed: str = "equivalence", scrambles: int = 2) -> list[dict[str, Any]]:
    """The states of random play, each followed by ``scrambles`` scrambled copies of it."""
    rnd = random.Random(seed)
    out: list[dict[str, Any]] = []
    for state in played(seed):
        out.append(state)
        out += [scrambled(state, rnd) for _ in range(scrambles)]
    return out
