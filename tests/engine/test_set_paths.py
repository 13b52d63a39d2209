"""The referee's 'set PATH VALUE' on a path the state does not hold says where the path stops
and what is there, so the referee can type the right one (Combat Commander has no 'turn': it
keeps time)."""

from __future__ import annotations

import pytest

from engine import registry
from engine.errors import InvalidOrder
from engine.game import Override
from engine.kernel import Match


def _match(game_name: str) -> Match:
    game = registry.get(game_name)
    return Match.new(game, next(iter(game.scenarios)), dict(game.options), "set-paths")


def _refusal(match: Match, line: str) -> str:
    kind, *args = line.split()
    with pytest.raises(InvalidOrder) as refused:
        match.override(Override(kind, tuple(args), "a typo"))
    return str(refused.value.text())


def test_a_missing_top_level_key_lists_the_states_keys():
    """'set turn 5' in Combat Commander names 'turn' as missing from the state and lists its keys ('time' among them)."""
    text = _refusal(_match("combat_commander"), "set turn 5")
    assert "There is no 'turn' in the state." in text and "time" in text, text


def test_a_missing_inner_key_names_the_path_walked():
    """'set units.nobody.hex 0101' names 'nobody' as missing from 'units' and lists some of its units."""
    match = _match("across-the-bug-river")
    text = _refusal(match, "set units.nobody.hex 0101")
    assert "There is no 'nobody' in units." in text and next(iter(match.state["units"])) in text, text
