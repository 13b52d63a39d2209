"""The benchmarks' random play goes through the phases of a game, not only its set-up."""

import random

from bot.benchwalk import ENDING_VERBS, Coverage, keeps_an_ending, pick, plain
from engine import registry
from engine.kernel import Match


def _caucasus() -> Match:
    game = registry.get("caucasus")
    return Match.new(game, "campaign", game.options, "walk")


def test_the_walk_leaves_the_caucasus_set_up_and_moves() -> None:
    """Random play of The Caucasus Campaign gets past the free set-up to movement (a uniform walk never did)."""
    match, rnd, coverage = _caucasus(), random.Random("walk"), Coverage()
    for _ in range(40):
        role = rnd.choice(sorted(match.active()))
        action = pick(match, role, rnd)
        assert action is not None
        match.play(role, action)
        coverage.note(match, action.verb)
    assert {"ready", "move"} <= set(coverage.verbs)
    assert coverage.figures()["turns_reached"] is not None


def test_trying_an_order_leaves_the_match_as_it_was() -> None:
    """Looking ahead at an order takes it back whole: state, records and undo stack."""
    match = _caucasus()
    match.submit("axis", "ready")
    setup = next(a for a in match.prompt("soviet").actions if a.verb == "setup")
    before = (match.hash(), len(match.records), list(match._undo))
    keeps_an_ending(match, "soviet", setup)
    assert (match.hash(), len(match.records), list(match._undo)) == before


def test_no_order_is_picked_that_would_take_away_the_ending_one() -> None:
    """While 'ready' is on offer, the walk plays no set-up move after which the set-up could not be ended."""
    match, rnd = _caucasus(), random.Random("keep")
    match.submit("axis", "ready")
    for _ in range(30):
        action = pick(match, "soviet", rnd)
        assert action is not None
        if action.verb in ENDING_VERBS:
            break
        match.play("soviet", action)
        assert any(a.verb == "ready" for a in match.prompt("soviet").actions)


def test_the_plain_walk_picks_an_offered_order_and_an_ending_one_half_the_time() -> None:
    """The plain walk of the replay and storage benchmarks plays only offered orders, an ending one about half the time."""
    match, rnd = _caucasus(), random.Random("plain")
    role = sorted(match.active())[0]
    offered = match.prompt(role).actions
    picks = [plain(match, role, rnd) for _ in range(200)]
    assert all(a in offered for a in picks)
    assert 60 < sum(a is not None and a.verb in ENDING_VERBS for a in picks) < 140
