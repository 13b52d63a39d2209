"""The hand-set LOS table of a map (los.txt): an owner's reading of the printed art overrides the computed LOS (10.1)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.games.combat_commander.board import Board
from engine.games.combat_commander.data import load, parse_sightings
from tests.engine.games.combat_commander.helpers import GAME, new_match

DATA = load()
FARM = DATA.maps["farm"]


def board_with(table: str) -> Board:
    entries, problems = parse_sightings(table, FARM)
    assert problems == []
    return dataclasses.replace(GAME._boards["farm"], hand_set=entries)


def test_the_shipped_tables_are_empty() -> None:
    """The invented maps set no pair by hand: their LOS is computed from the layers."""
    assert all(table == {} for table in DATA.sightings.values()) and set(DATA.sightings) == {"farm", "village", "hill"}


def test_a_pair_set_clear_overrides_a_computed_block() -> None:
    """B5-H5 is blocked by the village's buildings when computed; set clear by hand, it is clear (10.1)."""
    assert GAME._boards["farm"].sight("B5", "H5", {}, frozenset()).blocked
    assert board_with("B5 H5 clear").sight("B5", "H5", {}, frozenset()).clear


def test_a_hand_set_pair_is_reciprocal() -> None:
    """LOS is reciprocal (10.1): a pair set by hand applies both ways."""
    board = board_with("H5 B5 clear")
    assert board.sight("B5", "H5", {}, frozenset()).clear and board.sight("H5", "B5", {}, frozenset()).clear


def test_a_pair_set_blocked_overrides_a_computed_clear_line() -> None:
    """An owner's 'blocked' blocks a line the layers leave clear, and names itself as the cause (10.1)."""
    assert GAME._boards["farm"].sight("B7", "B9", {}, frozenset()).clear
    sight = board_with("B7 B9 blocked").sight("B7", "B9", {}, frozenset())
    assert sight.blocked and [c.what for c in sight.blocks] == ["hand-set LOS"]


def test_a_hand_set_hindrance_replaces_the_printed_one() -> None:
    """'clear hindrance N' gives the line's printed hindrance as N, whatever the layers say (10.3.3)."""
    assert board_with("B7 B9 clear hindrance 2").sight("B7", "B9", {}, frozenset()).hindrance == 2
    computed = GAME._boards["farm"].sight("I7", "K7", {}, frozenset())
    assert computed.hindrance == 2
    assert board_with("I7 K7 clear").sight("I7", "K7", {}, frozenset()).hindrance == 0


def test_smoke_still_hinders_a_hand_set_pair() -> None:
    """Markers are not printed art: Smoke on a hand-set line still hinders (10.3.4)."""
    assert board_with("B7 B9 clear").sight("B7", "B9", {"B8": 3}, frozenset()).hindrance == 3


def test_blaze_still_blocks_a_hand_set_pair() -> None:
    """A Blaze blocks a hand-set clear line (10.2.1)."""
    assert board_with("B5 H5 clear").sight("B5", "H5", {}, frozenset({"E5"})).blocked


def test_the_los_query_names_the_hand_set_pair() -> None:
    """'los A B' reports the owner's table as the cause (10.1)."""
    m = new_match()
    GAME._boards["farm"] = board_with("B7 B9 blocked")
    try:
        answer = str(GAME.query(m.state, "axis", "los B7 B9"))
    finally:
        GAME._boards["farm"] = dataclasses.replace(GAME._boards["farm"], hand_set={})
    assert "hand-set LOS" in answer and "blocked" in answer


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("B7 B9 maybe", "expected"),
        ("B7 Z9 clear", "two different hexes"),
        ("B7 B7 clear", "two different hexes"),
        ("B7 B9 blocked hindrance 2", "expected"),
        ("B7 B9 clear hindrance x", "expected"),
        ("B7 B9 clear\nB9 B7 blocked", "listed twice"),
    ],
)
def test_the_validator_names_a_bad_line(line: str, why: str) -> None:
    """A malformed los.txt line is reported with what would be accepted."""
    _, problems = parse_sightings(line, FARM)
    assert problems and why in problems[-1]
