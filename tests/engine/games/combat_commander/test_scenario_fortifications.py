"""A scenario's fortifications (F100.1) and the Defense player's stronger minefield (F103.2)."""

from __future__ import annotations

import dataclasses

from engine.games.combat_commander import fortifications, mines
from engine.games.combat_commander.data import FORT_KINDS, _scenario_problems
from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    FakeContext,
    find,
    new_match,
    only_units,
    settle,
    stack,
    texts,
)


def village_with(side: str, **changes: object) -> list[str]:
    """The validator's problems for the village with ``side``'s entries changed."""
    s = DATA.scenarios["village"]
    bad = dataclasses.replace(s, sides={**s.sides, side: {**s.sides[side], **changes}})
    return _scenario_problems(bad, DATA.maps["village"], DATA.counters, DATA.hexes)


def test_the_scenario_s_fortifications_are_set_up() -> None:
    """F100.1: the village's Foxholes, Wire and Mines are on the map from the start, with its 7 FP minefield (F103.2)."""
    m = Match.new(GAME, "village", GAME.options, "cc-forts")
    assert m.state["forts"] == {"I6": "foxholes", "H3": "wire", "K3": "mines"} and m.state["mine_fp"] == 7


def test_a_stronger_minefield_attacks_with_its_fp() -> None:
    """F103.2: a mine attack has the scenario's FP (8 here) instead of 6."""
    m = new_match()
    only_units(m, {"g-s1": "A8", "a-s1": "N9"})
    m.state["forts"]["A8"] = "mines"
    m.state["mine_fp"] = 8
    stack(m, "allies", [find("allies", total=2, trigger="")])
    stack(m, "axis", [find("axis", total=12, trigger="")])
    ctx = FakeContext()
    mines.start(m.state, [("A8", ["g-s1"])])
    GAME.run_automatic(m.state, ctx)  # type: ignore[arg-type]
    texts_seen = [*ctx.lines, *texts(settle(m))]
    assert any("8 FP + 2 = 10" in line for line in texts_seen)


def test_the_scenarios_are_valid() -> None:
    """Every provisional scenario passes the fortification checks."""
    assert not [p for s in DATA.scenarios.values() for p in _scenario_problems(s, DATA.maps[s.map], DATA.counters, DATA.hexes)]


def test_a_fortification_in_water_is_reported() -> None:
    """F100.3: no fortification ever occupies a Water hex (A8 of the village is a Stream)."""
    assert any("Water hex A8" in p for p in village_with("axis", fortifications=["A8 foxholes"]))


def test_two_fortifications_in_a_hex_are_reported() -> None:
    """F100.3: one fortification per hex."""
    assert any("two fortifications in I6" in p for p in village_with("axis", fortifications=["I6 foxholes", "I6 wire"]))


def test_an_unknown_fortification_is_reported() -> None:
    """F100.1: the six kinds only."""
    assert any("unknown fortification" in p for p in village_with("axis", fortifications=["I6 moat"]))


def test_a_stronger_minefield_belongs_to_the_defense_posture() -> None:
    """F103.2: only the Defense player may be given a 7 or 8 FP minefield."""
    assert any("belongs to the Defense posture" in p for p in village_with("allies", mine_fp=8))
    assert any("is not 6, 7 or 8" in p for p in village_with("axis", mine_fp=9))


def test_the_kinds_a_scenario_may_list_are_the_fortifications() -> None:
    """F100.1: the validator's list is the six fortifications the rules know."""
    assert set(FORT_KINDS) == set(fortifications.KINDS)
