"""The last turn is the scenario's: a referee's 'set last_turn' cannot stretch the game (and with
it the turn) beyond the Turn Record Track."""

import pytest

from engine.errors import InvariantViolation
from tests.engine.games.schwerpunkt.helpers import game, new_match


@pytest.mark.parametrize("last", [0, 5, 99999999999999999999])
def test_a_last_turn_other_than_the_scenario_s_breaks_an_invariant(last):
    """Scenario 1 ends on its own last turn: another last turn is refused."""
    match = new_match()
    state = dict(match.state)
    state["last_turn"] = last
    with pytest.raises(InvariantViolation, match="turn"):
        game().check_invariants(state)


def test_a_turn_beyond_the_track_breaks_an_invariant():
    """A turn past the scenario's last is refused."""
    match = new_match()
    state = dict(match.state)
    state["turn"] = 99999999999999999999
    with pytest.raises(InvariantViolation, match="turn"):
        game().check_invariants(state)
