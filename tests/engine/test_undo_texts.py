"""Live play keeps the states undo can reach as compact JSON texts (not a state of objects per
order), and undo brings each back exactly."""

import random

from engine.kernel import Match
from tests.fixtures.duel import make_game


def played(seed: str, steps: int) -> tuple[Match, list[str]]:
    """Random legal duel play; the hash before each order."""
    rnd = random.Random(seed)
    match = Match.new(make_game(), "basic", {}, seed)
    hashes = []
    for _ in range(steps):
        if match.result() is not None:
            break
        role = sorted(match.active())[0]
        actions = match.prompt(role).actions
        hashes.append(match.hash())
        match.play(role, rnd.choice(actions))
    return match, hashes


def test_the_undo_stack_of_live_play_holds_texts_not_states():
    """Every state undo can reach after live orders is kept as JSON text, none as a state object."""
    match, _ = played("texts", 30)
    assert match._undo and all(isinstance(before, (bytes, str)) for before, _ in match._undo)


def test_undo_brings_back_each_state_exactly_from_its_text():
    """Taking back orders one by one (granted past barriers) returns to each earlier state's hash."""
    from engine.game import Override

    match, hashes = played("exact", 12)
    for expected in reversed(hashes[-len(match._undo):]):
        last = match.undoable()
        assert last is not None
        if match.can_undo(last.role) is False:
            match.override(Override("grant-undo", (last.role,), "test"))
        match.undo(last.role)
        assert match.hash() == expected
