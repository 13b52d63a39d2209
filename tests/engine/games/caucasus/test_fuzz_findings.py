"""Orders the service fuzz found crashing The Caucasus Campaign, each now a refusal."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.caucasus.position import new_match


def test_moving_a_unit_that_is_off_the_map_is_refused():
    """'move UNIT HEX' for a unit still on the Turn Track says it is not on the map (was a ValueError)."""
    m = new_match("off-map")
    uid = next(u for u, x in sorted(m.state["units"].items()) if x.get("hex") is None and m.game.rules.units[u].side == "axis")
    with pytest.raises(IllegalOrder, match="not on the map"):
        m.submit("axis", f"move {uid} 1231")
