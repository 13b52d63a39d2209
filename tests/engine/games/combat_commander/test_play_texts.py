"""What a player reads while playing Combat Commander: refusals and answers that say each thing once."""

from __future__ import annotations

import pytest

from bot.i18n import render
from engine.errors import IllegalOrder
from engine.games.combat_commander import fire
from tests.engine.games.combat_commander.helpers import DATA, GAME, new_match, only_units


def test_a_fire_group_refusal_cites_its_rule_once() -> None:
    """A fire group member out of Range is refused citing O20.3.1 once, and the member's own reason (O20.2.2)."""
    m = new_match()
    only_units(m, {"g-s1": "N9", "g-s2": "A1", "a-s1": "O10"})
    with pytest.raises(IllegalOrder) as exc:
        fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["g-s1", "g-s2"], "O10")
    said = render(exc.value.message)
    assert said.count("O20.3.1") == 1 and "O20.2.2" in said
