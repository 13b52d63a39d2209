"""Planned replay (``Match.plan_replay``): no per-record copy, same states, same undo, same refusals."""

import random

import pytest

from engine import kernel, registry
from engine.errors import IllegalOrder, OrderError
from engine.game import Override
from engine.kernel import UNDO_DEPTH, Match, Record, ReplayMismatch
from engine.state import canonical
from tests.fixtures.duel import make_game
from tests.harness import walk


def long_log(seed: str, steps: int) -> Match:
    """Random legal play of the duel with undos, granted undos and overrides on the way."""
    rnd = random.Random(seed)
    match = Match.new(make_game(), "basic", {}, seed)
    for step in range(steps):
        if match.result() is not None:
            break
        last = match.undoable()
        if last is not None and rnd.random() < 0.15 and last.kind != "override":
            if last.barrier:
                match.override(Override("grant-undo", (last.role,), "a slip of the hand"))
            match.undo(last.role)
            continue
        if step == 50:
            match.override(Override("dice", ("3",), "the die fell off the table"))
            continue
        role = rnd.choice(sorted(match.active()))
        actions = match.prompt(role).actions
        try:
            match.play(role, rnd.choice(actions))
        except OrderError:
            continue
    return match


def undo_all(match: Match) -> list[str]:
    """Take back everything undo reaches (a referee granting each barrier), hashing each state."""
    hashes = []
    while (last := match.undoable()) is not None and last.kind != "override":
        if last.barrier:
            match.override(Override("grant-undo", (last.role,), "to test"))
        match.undo(last.role)
        hashes.append(match.hash())
    return hashes


def test_a_planned_replay_reaches_every_stored_hash():
    """Checking each record, the replay in place gives every stored hash of a long log with undos."""
    match = long_log("plan-1", 400)
    assert len(match.records) > 3 * UNDO_DEPTH
    seen: list[tuple[str, str]] = []
    Match.replay(make_game(), "basic", {}, "plan-1", match.records, on_record=lambda rec, got: seen.append((rec.state_hash, got)))
    assert seen and all(stored == got for stored, got in seen)


def test_undo_after_a_fast_replay_goes_back_exactly_as_in_the_played_match():
    """After a trusting replay, undo (granted where needed) walks back through the same states."""
    match = long_log("plan-2", 400)
    fast = Match.replay(make_game(), "basic", {}, "plan-2", match.records, check="end")
    assert [r.seq for _, r in fast._undo] == [r.seq for _, r in match._undo]
    expected = undo_all(match)
    assert len(expected) >= 10 and undo_all(fast) == expected


def test_a_fast_replay_copies_the_state_only_for_what_undo_can_reach(monkeypatch):
    """Copies made while replaying are bounded by the undo depth and the undos of the log, not its length."""
    match = long_log("plan-3", 600)
    undos = sum(1 for r in match.records if r.kind in ("undo", "override"))
    copies = 0
    real = kernel.clone

    def counting(data):
        nonlocal copies
        copies += 1
        return real(data)

    monkeypatch.setattr(kernel, "clone", counting)
    Match.replay(make_game(), "basic", {}, "plan-3", match.records, check="end")
    assert copies <= UNDO_DEPTH + 2 * undos + 2 < len(match.records)


def test_a_fast_replay_never_writes_the_state_it_starts_from():
    """Replaying from a caller's state (a snapshot) leaves that state as it was."""
    match = long_log("plan-4", 300)
    middle = next(
        r.seq for r in match.records[99:]
        if all(u.data["undone"] > r.seq for u in match.records if u.kind == "undo" and u.seq > r.seq)
    )
    start = Match.replay(make_game(), "basic", {}, "plan-4", [r for r in match.records if r.seq <= middle], check="end").state
    before = canonical(start)
    fast = Match.replay(make_game(), "basic", {}, "plan-4", match.records, start=(middle, start), check="end")
    assert canonical(start) == before and fast.hash() == match.hash()


def test_a_changed_order_in_the_middle_of_a_fast_replay_is_still_found():
    """An order applied in place that differs from the log's makes the final check fail."""
    match = long_log("plan-5", 300)
    moves = [i for i, r in enumerate(match.records[: len(match.records) // 2]) if r.action is not None and r.action.verb == "move"]
    replay_ok = 0
    for i in moves:
        changed = list(match.records)
        doc = changed[i].to_json()
        others = [m for m in moves if match.records[m].action != changed[i].action and match.records[m].role == changed[i].role]
        if not others:
            continue
        doc["action"] = match.records[others[0]].action.to_json()  # type: ignore[union-attr]
        changed[i] = Record.from_json(doc)
        try:
            Match.replay(make_game(), "basic", {}, "plan-5", changed, check="end")
        except (ReplayMismatch, OrderError):
            return
        replay_ok += 1
    pytest.fail(f"no changed order was found ({replay_ok} replayed cleanly)")


def test_a_log_the_invariants_now_refuse_is_still_refused_by_a_fast_replay():
    """Invariants skipped on records applied in place are checked after the last one."""
    match = long_log("plan-6", 300)
    game = make_game()
    calls = 0

    def refuse(state):
        nonlocal calls
        calls += 1
        if calls > 1:  # setup still passes
            raise kernel.InvariantViolation("no longer allowed")

    game.check_invariants = refuse  # type: ignore[method-assign]
    with pytest.raises(IllegalOrder):
        Match.replay(game, "basic", {}, "plan-6", match.records, check="end")
    assert calls >= 2


def test_rewinding_after_a_fast_replay_gives_the_state_the_log_had_there():
    """A referee rewind replays in place too and lands on the stored state of that record."""
    match = long_log("plan-7", 300)
    target = match.records[150]
    fast = Match.replay(make_game(), "basic", {}, "plan-7", match.records, check="end")
    fast.override(Override("rewind", (str(target.seq),), "back to where it went wrong"))
    assert fast.hash() == target.state_hash


@pytest.mark.parametrize("name", registry.names())
def test_a_fast_replay_leaves_the_game_data_as_it_found_it(name, monkeypatch):
    """Orders applied in place write only the replay's own copy: a new set-up is the same after it."""
    monkeypatch.setattr(kernel, "UNDO_DEPTH", 4)  # most records in place, even in a short game
    game = registry.get(name)
    scenario = next(iter(game.scenarios))
    fresh = canonical(Match.new(game, scenario, game.options, "alias").state)
    played = walk(Match.new(game, scenario, game.options, "alias"), 120, "alias")
    replayed = Match.replay(game, scenario, game.options, "alias", played.records, check="end")
    assert replayed.hash() == played.hash() and len(played.records) > 10
    assert canonical(Match.new(game, scenario, game.options, "alias").state) == fresh
