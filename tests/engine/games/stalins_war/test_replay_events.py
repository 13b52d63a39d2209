"""Stalin's War: replaying a campaign's own accepted event plays (``engine.replaying``) does not
check the event's conditions again (5.1.5, the cards' prerequisites): the same states, and a
replay of records from outside still checks them."""

from __future__ import annotations

import random

from engine.errors import OrderError
from engine.games.stalins_war import events
from engine.kernel import Match
from tests.engine.games.stalins_war.flow_helpers import new_match

ENDING = ("done", "pass", "keep")


def played_events(seed: str, steps: int = 260) -> Match:
    """Random legal play that prefers playing cards as events, and the ending verbs otherwise."""
    match = new_match(seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        active = sorted(match.active())
        if match.result() is not None or not active:
            break
        role = rnd.choice(active)
        actions = match.prompt(role).actions
        if not actions:
            break
        plays = [a for a in actions if a.verb == "play" and a.args[1:2] == ("event",)]
        ending = [a for a in actions if a.verb in ENDING]
        action = rnd.choice(plays or (ending if ending and rnd.random() < 0.6 else list(actions)))
        try:
            match.play(role, action)
        except OrderError:
            continue
    return match


def test_an_accepted_replay_does_not_check_the_events_again_and_reaches_the_same_hashes_5_1_5(monkeypatch):
    """Event plays replayed as accepted skip check_event; a replay of the same records from
    outside runs it for each; both reach every stored hash (5.1.5)."""
    match = played_events("replay-events")
    plays = [r for r in match.records if r.action is not None and r.action.verb == "play" and r.action.args[1:2] == ("event",)]
    assert len(plays) >= 3
    calls: list[str] = []
    check = events.check_event
    monkeypatch.setattr(events, "check_event", lambda game, state, side, card, args=(): calls.append(card) or check(game, state, side, card, args))
    seen: list[str] = []
    Match.replay(match.game, match.scenario, match.options, match._seed, match.records, on_record=lambda rec, got: seen.append(got), accepted=True)
    assert calls == []
    assert seen == [r.state_hash for r in match.records]
    Match.replay(match.game, match.scenario, match.options, match._seed, match.records)
    assert len(calls) >= len(plays)
