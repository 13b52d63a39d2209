"""Infiltration (7.3.4): from an enemy ZOC hex straight into an adjacent one, each unit checking efficiency."""

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.across_the_bug_river.helpers import GAME, activating, empty, play, put


def position(reacting_level=0):
    """I/108 (efficiency 6) in 1507, in the ZOC of the Soviet I/16 in 1607 (87th RD at ``reacting_level``)."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-87rd", "1610")
    put(state, "I/16", "1607")
    put(state, "I/108", "1507")
    activating(state, "german", "14pz", 5)
    state["formations"]["87rd"]["level"] = reacting_level
    return state


def test_a_unit_passing_its_check_infiltrates_into_the_next_enemy_zoc_hex():
    """7.3.4: EZOC to adjacent EZOC, spending a Movement Action."""
    state = position()
    play(state, "german", "infiltrate I/108 1508", 3)
    assert state["units"]["I/108"]["hex"] == "1508"
    assert state["ap"]["german"] == 4


def test_a_unit_failing_its_check_disorganises_and_stays_and_the_ap_are_spent():
    """7.3.4: failing, the unit disorganises and does not move; the AP are spent anyway."""
    state = position()
    play(state, "german", "infiltrate I/108 1508", 9)
    assert state["units"]["I/108"]["hex"] == "1507"
    assert state["units"]["I/108"]["disorganized"]
    assert state["ap"]["german"] == 4


def test_infiltration_starts_in_enemy_zoc():
    """7.3.4: only a unit that starts the Action in EZOC infiltrates."""
    state = position()
    put(state, "I/108", "1406")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "infiltrate I/108 1507")
    assert err.value.rule == "7.3.4"


def test_infiltration_ends_in_enemy_zoc():
    """7.3.4: the hex entered is an EZOC hex (otherwise it is an ordinary move)."""
    state = position()
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "infiltrate I/108 1506")
    assert err.value.rule == "7.3.4"


def test_infiltration_never_enters_an_enemy_hex():
    """7.3.2: a hex holding enemy units is closed, infiltration too."""
    state = position()
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "infiltrate I/108 1607")
    assert err.value.rule == "7.3.2"


def test_a_disorganised_unit_cannot_infiltrate():
    """5.6.3: disorganised units do not move."""
    state = position()
    state["units"]["I/108"]["disorganized"] = True
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "infiltrate I/108 1508")
    assert err.value.rule == "5.6.3"


def test_infiltration_may_draw_a_reaction():
    """7.3.4 / 6.4: the Reacting player may attempt a reaction before the unit leaves."""
    state = position(reacting_level=2)
    play(state, "german", "infiltrate I/108 1508", 3)
    assert state["flow"][-1]["proc"] == "react"
    play(state, "soviet", "noreact")
    assert state["units"]["I/108"]["hex"] == "1508"


def test_the_prompt_offers_infiltration():
    """7.3.4: the legal infiltrations are listed with the other orders."""
    state = position()
    listed = [a.text for a in GAME.prompt(state, "german").actions if a.verb == "infiltrate"]
    assert "infiltrate I/108 1508" in listed
    assert "infiltrate I/108 1506" not in listed
