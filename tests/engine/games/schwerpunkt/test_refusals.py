"""Malformed orders are refused with what would be accepted, and leave the position alone."""

import pytest

from engine.errors import InvalidOrder
from tests.engine.games.schwerpunkt.helpers import new_match


def test_unknown_hex_is_refused():
    """A hex that is not a land hex of the map is refused with the accepted form."""
    match = new_match()
    with pytest.raises(InvalidOrder):
        match.submit("soviet", "front southwest 9999")


def test_another_sides_unit_is_not_matched():
    """A player names only his own units: a German unit is unknown to the Soviet."""
    match = new_match()
    with pytest.raises(InvalidOrder):
        match.submit("soviet", "move gd-pz 2811")
