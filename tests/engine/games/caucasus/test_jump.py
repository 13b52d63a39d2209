"""The referee's jump to a step of a combat (issue 14): 'jump STEP [RESULT]'."""

from __future__ import annotations

import pytest

from engine.errors import InvalidOrder
from tests.engine.games.caucasus.position import empty_board, plain_hexes, referee, unit_of


@pytest.fixture
def in_losses():
    """Two German infantry divisions attacked two Soviet units at A1/D1 (die 6): the loss choice is open (10.2)."""
    m = empty_board(seed="jump", phase="axis primary combat")
    target = plain_hexes(m)[0]
    ns = m.game.rules.board.neighbours(target)
    a1 = unit_of(m, "axis", "INF")
    a2 = unit_of(m, "axis", "INF", exclude=(a1,))
    d1 = unit_of(m, "soviet", "INF")
    d2 = unit_of(m, "soviet", "INF", exclude=(d1,))
    for uid, label in ((a1, ns[0]), (a2, ns[1]), (d1, target), (d2, target)):
        referee(m, f"place {uid} {label}")
    referee(m, "dice 6")
    m.submit("axis", f"attack {a1} {a2} -> {target}")
    assert m.state["flow"][-1]["proc"] == "loss"
    return m, target, (d1, d2)


def test_a_jump_to_the_retreat_skips_losses_and_the_dd_choice(in_losses):
    """'jump retreat DR' drops the open loss choice: the defender is asked for its retreat of 2 hexes (10.5)."""
    m, _, _ = in_losses
    referee(m, "jump retreat DR")
    frames = [f["proc"] for f in m.state["flow"]]
    assert frames[-1] == "retreat_choice" and "loss" not in frames
    assert m.state["flow"][-1]["length"] == 2


def test_a_jump_to_the_dd_choice_asks_the_defender(in_losses):
    """'jump dd' after the losses asks the defender to choose Determined Defence or retreat (10.4)."""
    m, _, _ = in_losses
    referee(m, "jump dd")
    assert m.state["flow"][-1]["proc"] == "dd_choice" and m.active() == {"soviet"}


def test_a_jump_to_the_end_ends_the_combat(in_losses):
    """'jump finish' ends the combat: the attacker is back in his Combat Phase."""
    m, _, _ = in_losses
    referee(m, "jump finish")
    assert m.state["flow"][-1]["proc"] == "combat" and m.active() == {"axis"}


def test_an_unknown_step_or_result_is_refused_listing_the_accepted_ones(in_losses):
    """'jump lunch' lists the steps; 'jump retreat X9' lists the results."""
    m, _, _ = in_losses
    with pytest.raises(InvalidOrder) as info:
        referee(m, "jump lunch")
    assert "losses, dd, retreat, advance, finish" in str(info.value)
    with pytest.raises(InvalidOrder) as info:
        referee(m, "jump retreat X9")
    assert "A1/D1" in str(info.value)


def test_a_jump_needs_a_combat_under_way():
    """Outside a combat, 'jump retreat' is refused, saying what it needs."""
    m = empty_board(seed="jump", phase="axis primary combat")
    with pytest.raises(InvalidOrder) as info:
        referee(m, "jump retreat")
    assert "No combat is being resolved" in str(info.value)
