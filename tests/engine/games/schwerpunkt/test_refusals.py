"""Rules not implemented yet are refused where typed, naming the rule, and leave the position alone."""

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from tests.engine.games.schwerpunkt.helpers import new_match


@pytest.mark.parametrize(
    "line,rule",
    [
        ("fa place grey gd-pz", "E 13.1"),
        ("rochade", "E 8.1"),
        ("replace s-100 nonmot", "E 12.0"),
        ("personalersatz 168-417 with gvr-01", "E 13.2"),
        ("event pass", "S 14"),
        ("reinforce s-100b box1", "E 11.1"),
    ],
)
def test_not_implemented_rules_are_refused_naming_the_rule(line, rule):
    """Each rule not implemented yet is refused with its number and 'not implemented yet'."""
    match = new_match()
    before = match.hash()
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", line)
    text = str(err.value)
    assert rule in text and "not implemented yet" in text and "referee" in text
    assert match.hash() == before


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
