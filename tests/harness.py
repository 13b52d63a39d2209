"""The shared random-play harness: any registered game, random legal actions, many seeds.

For each seed it plays random legal actions from setup to the end (or ``max_steps``) and
asserts: no exception from a legal action; no dead end (an unfinished game always has an
active role with a legal action); replay of the records reproduces every state hash; undo
never crosses a barrier; and no role's view, and no log entry it may read, contains a secret
of another role (games expose their secrets through an optional ``secrets(state)``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalOrder, OrderError
from engine.game import EVERYONE, Game
from engine.kernel import Match


@dataclass
class PlayReport:
    seed: str
    steps: int
    finished: bool
    undos: int


def string_values(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from string_values(v)
    elif isinstance(data, list | tuple):
        for v in data:
            yield from string_values(v)


def check_secrets(game: Game, match: Match) -> None:
    secrets_of = getattr(game, "secrets", None)
    if secrets_of is None:
        return
    secrets = secrets_of(match.state)
    for owner, tokens in secrets.items():
        for viewer in game.roles:
            if viewer == owner:
                continue
            leaked = tokens & set(string_values(match.view(viewer)))
            assert not leaked, f"{viewer}'s view shows {owner}'s secrets {sorted(leaked)}"
            for rec in match.records:
                for entry in rec.entries:
                    if entry.to in (EVERYONE, viewer):
                        words = set(str(entry.text).replace(",", " ").replace(".", " ").split())
                        leaked = tokens & words
                        assert not leaked, f"a log entry readable by {viewer} shows {owner}'s secret {sorted(leaked)}"



def play_random(
    game: Game,
    scenario: str,
    seed: str,
    max_steps: int = 400,
    undo_rate: float = 0.1,
    check_every: int = 25,
    done_bias: float = 0.0,
) -> PlayReport:
    rnd = random.Random(seed)
    match = Match.new(game, scenario, game.options, seed)
    undos = 0
    steps = 0
    for steps in range(1, max_steps + 1):
        if match.result() is not None:
            break
        if match.records and rnd.random() < undo_rate:
            last = match.records[-1]
            before = match.hash()
            role = match.records[-1].role
            if match.can_undo(role):
                assert not last.barrier, "undo offered across a barrier"
                match.undo(role)
                undos += 1
            else:
                try:
                    match.undo(role)
                except IllegalOrder:
                    assert match.hash() == before
                else:
                    raise AssertionError(f"seed {seed}: undo crossed a barrier after {last.text!r}")
        active = sorted(match.active())
        assert active, f"seed {seed}: dead end at step {steps}: nobody is active and no result"
        role = rnd.choice(active)
        actions = match.prompt(role).actions
        if not actions:
            others = [r for r in active if match.prompt(r).actions]
            assert others, f"seed {seed}: dead end at step {steps}: no active role has a legal action"
            role = rnd.choice(others)
            actions = match.prompt(role).actions
        finishing = [a for a in actions if a.verb in ("done", "ready")]
        action = finishing[0] if finishing and rnd.random() < done_bias else rnd.choice(actions)
        try:
            match.play(role, action)
        except OrderError as exc:
            raise AssertionError(
                f"seed {seed}, step {steps}: listed legal action {role}: {action.text!r} was refused: {exc}"
            ) from exc
        if steps % check_every == 0:
            check_secrets(game, match)
    check_secrets(game, match)
    replayed = Match.replay(game, scenario, game.options, seed, match.records)
    assert replayed.hash() == match.hash()
    return PlayReport(seed, steps, match.result() is not None, undos)
