"""Over-stacking (5.3.1, 5.3.3): checks at the end of an Action, the enemy moving the excess out."""

import pytest

from engine.errors import IllegalOrder
from engine.games.across_the_bug_river import battle
from tests.engine.games.across_the_bug_river.helpers import GAME, crowded, empty, play, put

RULES = GAME.rules


def test_a_move_may_end_over_the_limit_and_every_unit_there_checks():
    """5.3.1: limits hold at the end of an Action; there every combat unit checks efficiency."""
    state = crowded()
    c = play(state, "german", "move I/108 1507", 1, 1, 1)
    assert state["flow"][-1]["proc"] == "overstack"
    assert sum(1 for e in c.entries if e.kind == "roll") == 3


def test_over_stacking_during_a_move_is_allowed():
    """5.3.1: a stack may pass through a hex over the limit."""
    state = crowded()
    play(state, "german", "move I/108 1507 1508")
    assert state["units"]["I/108"]["hex"] == "1508"
    assert state["flow"][-1]["proc"] == "activation"


def test_a_failed_check_disorganises_and_a_disorganised_unit_loses_a_step():
    """5.3.1: failing, a unit disorganises; one already disorganised loses a step (digest 8.2: only on a failure)."""
    state = crowded()
    state["units"]["I/103"]["disorganized"] = True
    play(state, "german", "move I/108 1507", 10, 1, 10)
    assert state["units"]["I/103"]["strength"] == 3
    assert state["units"]["I/108"]["disorganized"]
    assert not state["units"]["I/36"]["disorganized"]


def test_the_enemy_moves_the_excess_units_out():
    """5.3.3: the opponent moves over-stacked units of its choice into adjacent hexes until the limit is met."""
    state = crowded()
    play(state, "german", "move I/108 1507", 1, 1, 1)
    play(state, "soviet", "displace I/103 1407")
    assert state["units"]["I/103"]["hex"] == "1407"
    assert state["flow"][-1]["proc"] == "activation"


def test_the_enemy_cannot_move_a_unit_into_an_enemy_hex():
    """5.3.3: never into (or over) enemy units."""
    state = crowded()
    put(state, "I/16", "1607")
    play(state, "german", "move I/108 1507", 1, 1, 1)
    with pytest.raises(IllegalOrder) as err:
        play(state, "soviet", "displace I/103 1607")
    assert err.value.rule == "5.3.3"


def test_a_hex_over_the_limit_only_when_nothing_else_is_open():
    """5.3.3: the opponent may not put a unit over the limit in another hex while one within it is open."""
    state = crowded()
    put(state, "II/108", "1407")
    play(state, "german", "move I/108 1507", 1, 1, 1)
    with pytest.raises(IllegalOrder) as err:
        play(state, "soviet", "displace I/103 1407")
    assert err.value.rule == "5.3.3"


def test_passing_leaves_the_move_to_the_default():
    """5.3.3: declining, the enemy leaves it to the published default: the last unit in, to the first open hex."""
    state = crowded()
    play(state, "german", "move I/108 1507", 1, 1, 1)
    play(state, "soviet", "pass")
    assert state["units"]["I/108"]["hex"] != "1507"
    assert state["units"]["I/103"]["hex"] == "1507"


def test_the_windows_published_default_is_pass():
    """5.3.3: a deadline passing answers 'pass' (the default moves)."""
    state = crowded()
    play(state, "german", "move I/108 1507", 1, 1, 1)
    assert GAME.default_action(state, "soviet").text == "pass"


def test_a_unit_that_cannot_be_moved_is_eliminated():
    """5.3.1: when no adjacent hex is open, the excess unit is eliminated."""
    state = crowded()
    play(state, "german", "move I/108 1507", 1, 1, 1)
    frame = state["flow"][-1]
    from engine.games.across_the_bug_river.overstack import Overstack
    from tests.engine.games.across_the_bug_river.helpers import ctx

    Overstack.shift(GAME, state, frame, "I/108", None, ctx())
    assert "I/108" in state["destroyed"] and state["units"]["I/108"]["hex"] is None


def test_a_retreat_enters_a_full_hex_only_when_nothing_else_is_open():
    """5.3.1 / 7.5.2: a retreat respects the limits at every moment while another hex is open;
    with none, it may end over the limit (and the checks follow)."""
    state = empty()
    put(state, "HQ-87rd", "1610")
    put(state, "I/16", "1803")
    put(state, "II/16", "1904")
    assert {p[0] for p in battle.retreat_paths(RULES, state, "soviet", ["I/16"], ezoc_ok=False)} == {"1903"}
    put(state, "III/16", "1903")
    assert {p[0] for p in battle.retreat_paths(RULES, state, "soviet", ["I/16"], ezoc_ok=False)} == {"1903", "1904"}
