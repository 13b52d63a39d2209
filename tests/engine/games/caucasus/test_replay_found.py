"""Replaying the campaign's own move orders takes the path each found when accepted (engine.replaying)."""

import copy
import random

import pytest

from bot.benchwalk import pick
from engine import registry
from engine.errors import OrderError
from engine.games.caucasus import moves
from engine.kernel import FOUND_KEY, Match, Record, ReplayMismatch


@pytest.fixture(scope="module")
def played() -> Match:
    """Random legal play through set-up and the first turns, with one-hex move orders that detour."""
    game = registry.get("caucasus")
    match = Match.new(game, next(iter(game.scenarios)), game.options, "found-1")
    rnd = random.Random("found-1")
    for _ in range(400):
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
        if sum(1 for r in match.records if r.data.get(FOUND_KEY, {}).get("path")) >= 5:
            break
    return match


def found_paths(match: Match) -> list[Record]:
    return [r for r in match.records if r.data.get(FOUND_KEY, {}).get("path")]


def test_a_move_that_detours_notes_its_path(played):
    """A one-hex move order to a hex not next to the unit keeps the path it took on its record (7.1)."""
    noted = found_paths(played)
    assert noted
    for rec in noted:
        assert rec.action is not None and rec.action.verb == "move"
        path = rec.data[FOUND_KEY]["path"]
        assert len(path) > 2 and path[-1] == rec.action.args[-1]


def test_the_campaigns_own_replay_searches_no_path(played, monkeypatch):
    """Replaying the campaign's own records reaches the same state without searching a move's path."""
    calls = []
    real = moves.destinations
    monkeypatch.setattr(moves, "destinations", lambda *a, **k: calls.append(1) or real(*a, **k))
    again = Match.replay(played.game, played.scenario, played.options, "found-1", played.records, check="end", accepted=True)
    assert again.hash() == played.hash()
    assert [r.data for r in again.records] == [r.data for r in played.records]
    searched_own = len(calls)
    calls.clear()
    Match.replay(played.game, played.scenario, played.options, "found-1", played.records)
    assert len(calls) >= len(found_paths(played)) > searched_own


def test_a_replay_from_outside_ignores_a_noted_path(played):
    """A record from outside (an import, 'adjutant replay') is searched afresh: a forged path is not taken."""
    records = [Record.from_json(copy.deepcopy(r.to_json())) for r in played.records]  # not the fixture's own dicts
    forged = [r for r in records if r.data.get(FOUND_KEY, {}).get("path")]
    assert forged
    forged[0].data[FOUND_KEY]["path"] = [forged[0].data[FOUND_KEY]["path"][0], "nowhere", forged[0].data[FOUND_KEY]["path"][-1]]
    again = Match.replay(played.game, played.scenario, played.options, "found-1", records)
    assert again.hash() == played.hash()
    with pytest.raises((ReplayMismatch, OrderError)):
        Match.replay(played.game, played.scenario, played.options, "found-1", records, check="end", accepted=True)


def test_the_campaigns_own_replay_checks_no_move_again(played, monkeypatch):
    """A move's checks only refuse and its cost is on its record: the campaign's own replay checks
    no move again, typed or detour read back (7.1); a full replay checks every one."""
    calls = []
    real = moves.check_move
    monkeypatch.setattr(moves, "check_move", lambda *a, **k: calls.append(1) or real(*a, **k))
    moved = [r for r in played.records if r.action is not None and r.action.verb == "move"]
    assert all(isinstance(r.data[FOUND_KEY]["cost"], float) for r in moved)
    again = Match.replay(played.game, played.scenario, played.options, "found-1", played.records, check="end", accepted=True)
    assert again.hash() == played.hash()
    assert calls == []
    Match.replay(played.game, played.scenario, played.options, "found-1", played.records, check="end")
    assert len(calls) >= len(moved)


def test_a_forged_detour_that_is_a_walk_is_caught_by_the_records_hash(played):
    """A detour on the record replaced by another walk to the same hex leaves another state: the record's hash refuses it."""
    records = [Record.from_json(copy.deepcopy(r.to_json())) for r in played.records]
    rec = next(r for r in records if r.data.get(FOUND_KEY, {}).get("path"))
    path = rec.data[FOUND_KEY]["path"]
    grid = played.game.rules.board.grid
    out = next(h for h in sorted(played.game.board.terrain) if h in grid and grid.adjacent(path[0], h))
    rec.data[FOUND_KEY]["path"] = [path[0], out, *path]  # out and back, then the path: a walk to the same hex
    with pytest.raises(ReplayMismatch):
        Match.replay(played.game, played.scenario, played.options, "found-1", records, accepted=True)


def test_a_forged_move_cost_is_caught_by_the_records_hash(played):
    """A well-formed but false cost on a typed move leaves another state: the record's hash refuses it."""
    records = [Record.from_json(copy.deepcopy(r.to_json())) for r in played.records]  # not the fixture's own dicts
    typed = next(r for r in records if r.data.get(FOUND_KEY, {}).get("cost") is not None and "path" not in r.data[FOUND_KEY])
    typed.data[FOUND_KEY]["cost"] += 1.0
    with pytest.raises(ReplayMismatch):
        Match.replay(played.game, played.scenario, played.options, "found-1", records, accepted=True)
