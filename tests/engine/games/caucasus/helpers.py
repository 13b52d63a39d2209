"""Helpers for the movement-phase tests: fixed dice, finishing battles, open country on the map."""

from __future__ import annotations

import pytest

from engine.game import EVERYONE, LogEntry
from engine.kernel import KernelContext, Match
from engine.text import t
from tests.engine.games.caucasus.position import plain_hexes, referee


def fixed_dice(monkeypatch: pytest.MonkeyPatch, *values: int) -> list[int]:
    """The next die rolls are ``values`` (then the seeded dice again)."""
    queue = list(values)
    original = KernelContext.roll

    def roll(self: KernelContext, sides: int, why: object) -> int:
        if not queue:
            return original(self, sides, why)  # type: ignore[arg-type]
        value = queue.pop(0)
        self.entries.append(LogEntry(t("{why}: rolled {value} (fixed by the test).", why=why, value=value), EVERYONE, "roll"))
        self.barrier = True
        return value

    monkeypatch.setattr(KernelContext, "roll", roll)
    return queue


def top(m: Match) -> str:
    return str(m.state["flow"][-1]["proc"])


def settle(m: Match, until: tuple[str, ...] = ("movement", "combat")) -> None:
    """Answer every battle window with its first listed action until a phase procedure is on top
    (a Mobile Assault's advance window is left open for the test to answer)."""
    for _ in range(50):
        if top(m) in until or top(m) == "mobile_advance":
            return
        role = sorted(m.active())[0]
        m.play(role, m.prompt(role).actions[0])
    raise AssertionError("the battle did not finish")


def texts(records) -> list[str]:
    return [str(e.text) for r in records for e in r.entries]


def open_line(m: Match) -> tuple[str, str, str]:
    """(T, N, S): T plain open country, N a plain neighbour of T, S a plain neighbour of N two
    hexes from T: a unit in S moves to N (1 MP) and assaults T."""
    rules = m.game.rules
    grid = rules.board.grid
    plain = set(plain_hexes(m))
    for target in sorted(plain):
        for n in rules.board.neighbours(target):
            if n in plain:
                for s in rules.board.neighbours(n):
                    if grid.distance(s, target) == 2 and s in plain:
                        return target, n, s
    raise LookupError("no open line")


def place(m: Match, *pairs: tuple[str, str]) -> None:
    for uid, label in pairs:
        referee(m, f"place {uid} {label}")
