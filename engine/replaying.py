"""Replaying accepted records: what a game may skip when the kernel applies an order again.

An order in a campaign's log was checked against every rule when it was accepted. When the
kernel replays such a record (loading a campaign, rewinding), ``accepted(ctx)`` is true while the
game applies it, and the game may skip a search it runs only to refuse an illegal order (legal
hexes of a placement, say), never one whose answer the order's effects use.

A search whose answer the effects do use (the path a one-hex move order takes and its cost, say)
may be written on the record when the order is accepted (``note``) and read back when the record
is replayed (``found``, ``recall``) instead of searching again. The game reads back only an
answer of the right shape (a path must walk from the unit's hex, hex by adjacent hex, to the hex
typed; a cost is a number): anything else is searched again, so a malformed record never
applies. What is noted must be public (the record is history) and plain JSON; ``found`` answers
only while the kernel replays the campaign's own record, so an imported file or ``adjutant
replay`` searches afresh.

A search an automatic step runs (a supply phase marking every unit, say) is remembered the same
way through ``recall``, under a name made unique within the record (the second supply phase one
order runs is another answer than the first).

The end state of a replay is still checked against the game's invariants and the stored hash
(a false answer of the right shape leaves another state, which that check refuses); a replay of
records from outside (an imported file, ``adjutant replay``) runs every check.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, TypeVar

from engine.game import Context
from engine.mapdata import MapData

T = TypeVar("T")


def accepted(ctx: Context) -> bool:
    """True while the kernel replays a record the campaign accepted earlier (see the module)."""
    return getattr(ctx, "accepted", False) is True


def note(ctx: Context, key: str, value: Any) -> None:
    """Write a search's answer (public, plain JSON) on the record being applied (see the module)."""
    found = getattr(ctx, "found", None)
    if isinstance(found, dict):
        found[key] = value


def found(ctx: Context, key: str) -> Any:
    """The answer noted under ``key`` when the replayed record was accepted, else ``None``."""
    if not accepted(ctx):
        return None
    return getattr(ctx, "found_before", {}).get(key)


def recall(ctx: Context, name: str, search: Callable[[], T], dump: Callable[[T], Any], load: Callable[[Any], T | None]) -> T:
    """The answer of ``search``: the one noted when the replayed record was accepted, else
    ``search()``; either way noted on the record (``dump`` makes it plain public JSON, ``load``
    reads it back, ``None`` for a text it does not accept: then the search runs). ``name`` is
    numbered within the record, so a step that runs twice in one order keeps two answers."""
    asked = getattr(ctx, "asked", None)
    key = name
    if isinstance(asked, dict):
        count = asked.get(name, 0) + 1
        asked[name] = count
        if count > 1:
            key = f"{name}#{count}"
    before = found(ctx, key)
    if before is not None:
        value = load(before)
        if value is not None:
            note(ctx, key, before)
            return value
    value = search()
    note(ctx, key, dump(value))
    return value


def recall_marks(
    ctx: Context, name: str, units: Sequence[str], search: Callable[[], dict[str, str]], default: str, marks: Collection[str]
) -> dict[str, str]:
    """``recall`` of a search that gives each of ``units`` a mark (its supply, say), noted sparsely:
    the units whose mark is not ``default``; read back, every other unit of ``units`` has
    ``default``, and a unit not among them or a mark not among ``marks`` is searched again."""

    def dump(found: dict[str, str]) -> dict[str, str]:
        return {uid: mark for uid, mark in found.items() if mark != default}

    def load(noted: Any) -> dict[str, str] | None:
        if not isinstance(noted, dict):
            return None
        out = dict.fromkeys(units, default)
        for uid, mark in noted.items():
            if uid not in out or mark not in marks:
                return None
            out[uid] = mark
        return out

    return recall(ctx, name, search, dump, load)


def walks(board: MapData, start: str | None, path: Any) -> bool:
    """Whether a path read back from a record is a walk on ``board`` from ``start``, hex by
    adjacent hex: the shape a move's path must have to be taken without searching again."""
    if not isinstance(path, list) or not path or path[0] != start:
        return False
    return all(isinstance(b, str) and b in board.neighbours(a) for a, b in zip(path, path[1:], strict=False))
