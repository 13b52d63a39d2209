"""The faster ZOC and path searches of ``board`` answer exactly as the plain rule text did (5.4,
5.7.1, 5.8.2), over random positions with pontoons, disorganised units and crowded stacks."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from typing import Any

from engine.games.across_the_bug_river import assignment, board
from engine.hexgrid import Label
from tests.engine.games.across_the_bug_river.helpers import GAME, fresh, put

RULES = GAME.rules


def _old_zoc_of(state: Any, uid: str) -> set[Label]:
    u = state["units"][uid]
    if u["kind"] != "unit" or u["disorganized"] or u["hex"] is None:
        return set()
    here: Label = u["hex"]
    out = {here}
    afv_like = RULES.units[uid].afv_like_zoc
    for n in RULES.board.neighbours(here):
        if afv_like:
            if RULES.terrain(n)["afv_zoc"] and not board.blocks_infantry_zoc(RULES, state, here, n):
                out.add(n)
        elif not board.blocks_infantry_zoc(RULES, state, here, n):
            out.add(n)
    return out


def _old_zoc(state: Any, side: str) -> set[Label]:
    out: set[Label] = set()
    for uid in board.combat_units(state, side):
        out |= _old_zoc_of(state, uid)
    return out


def _old_path_length(state: Any, start: Label, goals: Iterable[Label], side: str, terrain_blocks: bool) -> int | None:
    targets = set(goals)
    if start in targets:
        return 0
    ezoc = _old_zoc(state, board.other(side))
    seen = {start}
    queue: deque[tuple[Label, int]] = deque([(start, 0)])
    while queue:
        here, dist = queue.popleft()
        for n in RULES.board.neighbours(here):
            if n in seen:
                continue
            if terrain_blocks and ("lake" in RULES.board.side(here, n) or board.bug_unbridged(RULES, state, here, n)):
                continue
            if not board._path_open(state, n, side, ezoc):
                continue
            if n in targets:
                return dist + 1
            seen.add(n)
            queue.append((n, dist + 1))
    return None


def _random_position(rng: random.Random) -> Any:
    """The scenario's counters scattered over the map (some off it, some disorganised), with
    pontoons on random Bug hexsides, a few of them bridged."""
    state = fresh()
    hexes = sorted(RULES.board.terrain)
    crowd = rng.sample(hexes, 40)  # few hexes, so stacks mix sides and paths meet EZOC
    for uid in sorted(state["units"]):
        if rng.random() < 0.9:
            put(state, uid, rng.choice(crowd if rng.random() < 0.5 else hexes))
        if state["units"][uid]["kind"] == "unit":
            state["units"][uid]["disorganized"] = rng.random() < 0.2
    bugs = sorted(pair for pair, features in RULES.board.sides.items() if "bug" in features)
    state["pontoons"] = [list(p) if rng.random() < 0.5 else [p[1], p[0]] for p in rng.sample(bugs, min(len(bugs), 12))]
    return state


def test_zoc_matches_the_plain_reading_over_random_positions() -> None:
    """5.4: every side's ZOC and every unit's ZOC equal the unit-by-unit, hexside-by-hexside answer."""
    rng = random.Random(20)
    for _ in range(12):
        state = _random_position(rng)
        for side in board.SIDES:
            assert board.zoc(RULES, state, side) == _old_zoc(state, side)
        for uid in state["units"]:
            assert board.zoc_of(RULES, state, uid) == _old_zoc_of(state, uid)


def test_path_lengths_match_the_plain_reading_over_random_positions() -> None:
    """5.7.1, 5.8.2: command and supply path lengths equal the plain search's, found or not."""
    rng = random.Random(21)
    hexes = sorted(RULES.board.terrain)
    found = missing = 0
    for _ in range(12):
        state = _random_position(rng)
        for _ in range(40):
            start = rng.choice(hexes)
            goals = rng.sample(hexes, rng.choice((1, 1, 3, 30)))
            side = rng.choice(board.SIDES)
            for blocks in (False, True):
                want = _old_path_length(state, start, goals, side, blocks)
                assert board.path_length(RULES, state, start, goals, side, blocks) == want
                found, missing = found + (want is not None), missing + (want is None)
    assert found > 50 and missing > 50  # both answers were put to the test


def test_attachment_refusals_with_the_zoc_read_once_match_over_random_positions() -> None:
    """5.5.1, 5.5.2: an attachment refused with the enemy ZOC read once per prompt is refused the same."""
    rng = random.Random(22)
    allowed = 0
    for _ in range(6):
        state = _random_position(rng)
        for side in board.SIDES:
            ezoc = board.zoc(RULES, state, board.other(side))
            for uid in sorted(board.combat_units(state, side)):
                for fid in sorted(state["formations"]):
                    once = assignment.refusal(RULES, state, side, uid, fid, ezoc)
                    plain = assignment.refusal(RULES, state, side, uid, fid)
                    assert (once is None) == (plain is None)
                    if once is not None and plain is not None:
                        assert (str(once), once.rule) == (str(plain), plain.rule)
                    allowed += once is None
    assert allowed > 0
