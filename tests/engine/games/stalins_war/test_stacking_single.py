"""Stalin's War: a hex holding one unit is always legally stacked (9.1.1-9.2.2), which lets the
stacking check after exploitation (9.1.4) skip such hexes."""

from __future__ import annotations

from engine.games.stalins_war import stacking
from tests.engine.games.stalins_war.flow_helpers import RULES


def test_every_unit_alone_in_a_hex_is_a_legal_stack_9_1():
    """No unit of the game, alone in a hex, breaks a stacking rule (9.1.1, 9.1.2, 9.1.3, 9.2.1, 9.2.2)."""
    assert [uid for uid in sorted(RULES.units) if stacking.stack_problem(RULES, "2412", [uid]) is not None] == []
