"""How the benchmarks play: random legal orders that go through every phase of a game.

A uniformly random legal order rarely ends a phase (one ``done`` among eighty moves), and in a
free set-up it soon undoes the very condition that lets a side declare itself ready (an emptied
zone hex), so play never left set-up. This walk leans on the orders that end a step, and while
one is on offer it plays no other order after which none would be: the orders it plays are
every kind the game offers, in every phase, turn after turn.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from engine.errors import OrderError
from engine.game import Action
from engine.kernel import Match

#: The verbs that end a step: the walk plays one of them ``LEAN`` of the time it is offered.
ENDING_VERBS = ("done", "pass", "end", "ready")
LEAN = 0.4
TRIES = 8  # other orders tried before falling back on an ending one


@dataclass
class Coverage:
    """What a walk went through: accepted orders by verb, and the game turns reached."""

    verbs: Counter[str] = field(default_factory=Counter)
    turns: set[int] = field(default_factory=set)

    def note(self, match: Match, verb: str) -> None:
        self.verbs[verb] += 1
        turn = match.game.turn(match.state)
        if turn is not None:
            self.turns.add(turn)

    def figures(self) -> dict[str, object]:
        return {"verbs_played": dict(sorted(self.verbs.items())), "turns_reached": max(self.turns, default=None)}


def keeps_an_ending(match: Match, role: str, action: Action) -> bool:
    """Whether, after ``action``, the step can still be ended (or it ended, or ``role`` has
    no more to do): the order is tried and taken back exactly as a refused order is."""
    state, count, undo = match.state, len(match.records), list(match._undo)
    try:
        match.play(role, action)
    except OrderError:
        return False
    try:
        if match.result() is not None or role not in match.active():
            return True
        return any(a.verb in ENDING_VERBS for a in match.prompt(role).actions)
    finally:
        match.state, match._undo = state, undo
        del match.records[count:]


def pick(match: Match, role: str, rnd: random.Random) -> Action | None:
    """A random legal order for ``role``, leaning on the ending ones (see the module's text)."""
    actions = match.prompt(role).actions
    if not actions:
        return None
    ending = [a for a in actions if a.verb in ENDING_VERBS]
    if ending and rnd.random() < LEAN:
        return rnd.choice(ending)
    others = [a for a in actions if a.verb not in ENDING_VERBS]
    if not others:
        return rnd.choice(actions)
    for _ in range(TRIES if ending else 1):
        action = rnd.choice(others)
        if not ending or keeps_an_ending(match, role, action):
            return action
    return rnd.choice(ending)


def plain(match: Match, role: str, rnd: random.Random) -> Action | None:
    """A random legal order for ``role``, an ending one half the time one is offered: the plainer
    walk of the replay and storage benchmarks (``None``: nothing is offered)."""
    actions = match.prompt(role).actions
    if not actions:
        return None
    ending = [a for a in actions if a.verb in ENDING_VERBS]
    return rnd.choice(ending) if ending and rnd.random() < 0.5 else rnd.choice(actions)
