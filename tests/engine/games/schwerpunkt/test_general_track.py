"""The VP and replacement markers stand on the General Track (E 18.2, E 12.0): a referee's 'set'
beyond the track's boxes is refused by the invariants, naming the range accepted."""

import pytest

from engine.errors import InvariantViolation
from tests.engine.games.schwerpunkt.helpers import game, new_match


@pytest.mark.parametrize("vp", [100, -100, 99999999999999999999, "5", 2.5])
def test_a_vp_total_off_the_general_track_breaks_an_invariant(vp):
    """E 18.2: the VP total is a whole number from -99 to 99; another value is refused."""
    state = dict(new_match().state)
    state["vp"] = vp
    with pytest.raises(InvariantViolation, match="-99 to 99"):
        game().check_invariants(state)


@pytest.mark.parametrize("vp", [-99, 0, 99])
def test_a_vp_total_on_the_general_track_holds(vp):
    """E 18.2: a total below zero (the German ahead) or above it (the Soviet ahead) holds."""
    state = dict(new_match().state)
    state["vp"] = vp
    game().check_invariants(state)


@pytest.mark.parametrize("count", [-1, 100, 99999999999999999999, "3"])
def test_a_replacement_count_off_the_general_track_breaks_an_invariant(count):
    """E 12.0: the Soviet replacement markers run from 0 to 99; another value is refused."""
    state = dict(new_match().state)
    state["replacements"] = {**state["replacements"], "mot": count}
    with pytest.raises(InvariantViolation, match="0 to 99"):
        game().check_invariants(state)
