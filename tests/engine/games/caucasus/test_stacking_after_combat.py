"""Stacking must be legal at the end of each advance after combat (5.2)."""

import pytest

from engine.errors import IllegalOrder, OrderError
from tests.engine.games.caucasus.helpers import fixed_dice, top
from tests.engine.games.caucasus.position import empty_board, plain_hexes, referee, unit_of


def test_advance_into_a_full_hex_is_refused(monkeypatch):
    m = empty_board(seed="stack", phase="axis primary combat")
    rules = m.game.rules
    plain = set(plain_hexes(m))
    target = next(h for h in sorted(plain) if sum(n in plain for n in rules.board.neighbours(h)) == 6)
    ns = rules.board.neighbours(target)
    attacker_hex, full_hex = ns[0], ns[2]
    pz = unit_of(m, "axis", "PANZER")
    infantry = []
    for _ in range(3):
        infantry.append(unit_of(m, "axis", "INF", exclude=tuple(infantry)))
    sov = unit_of(m, "soviet", "INF")
    referee(m, f"place {pz} {attacker_hex}")
    for uid in infantry:
        referee(m, f"place {uid} {full_hex}")
    referee(m, f"place {sov} {target}")
    referee(m, f"step {sov} 1")
    fixed_dice(monkeypatch, 6, 6, 6)
    m.state["standing"]["soviet"] = {"loss": "auto", "retreat": "auto", "dd": "never"}
    m.submit("axis", f"attack {pz} -> {target}")
    assert top(m) == "advance_choice"
    with pytest.raises(IllegalOrder) as exc:
        m.submit("axis", f"advance {pz} {target} {full_hex}")
    assert "(5.2)" in str(exc.value)
    m.submit("axis", f"advance {pz} {target}")
    assert top(m) == "combat"


def test_over_stacked_retreat_end_waits_for_the_owner_to_eliminate():
    """A retreat that could only end over-stacked opens a window for its owner (5.2)."""
    from engine.kernel import KernelContext

    m = empty_board(seed="stackfix", phase="axis primary combat")
    h = plain_hexes(m)[0]
    units = []
    for _ in range(4):
        units.append(unit_of(m, "soviet", "INF", exclude=tuple(units)))
        referee(m, f"place {units[-1]} {h}")
    m.state["flow"].append({"proc": "stack_fix", "side": "soviet", "hexes": [h]})
    m.game.run_automatic(m.state, KernelContext("stackfix", 0))
    assert m.active() == {"soviet"}
    assert {a.text for a in m.prompt("soviet").actions} == {f"eliminate {u}" for u in units}
    with pytest.raises(OrderError):
        m.play("soviet", m.game.parse(m.state, "soviet", "done"))
    m.submit("soviet", f"eliminate {units[0]}")
    assert top(m) == "combat" and m.state["units"][units[0]]["box"] == "cadre"
