"""Where reinforcements enter (S 10.1, E 11.1)."""

import pytest

from engine.errors import IllegalOrder
from engine.games.schwerpunkt import terrain
from tests.engine.games.schwerpunkt.helpers import new_match, position


def soviet_placing(turn=2, fronts=None):
    """Administrative step G of ``turn``: the Soviet places this turn's reinforcements."""
    match = new_match("scenario2")
    state = match.state
    state["turn"] = turn
    state["fronts"].update(fronts or {})
    state["flow"] = [{"proc": "turn", "i": 7}, {"proc": "reinforce", "side": "soviet"}]
    return match


def test_the_owner_chooses_admin_box_one():
    """E 11.1 (2): a Soviet reinforcement may enter in Admin Box #1."""
    match = soviet_placing()
    match.submit("soviet", "reinforce s-100b box1")
    assert "s-100b" in match.state["stacks"]["box1-soviet"]


def test_entry_hex():
    """E 11.1 (1): a reinforcement enters at its entry hex."""
    match = soviet_placing()
    match.submit("soviet", "reinforce s-100b hex")
    assert terrain.hex_of(match.state, "s-100b") == "4100"


def test_on_a_front_marker():
    """E 11.1 (3): a Soviet reinforcement may enter on a Soviet Front marker."""
    match = soviet_placing(fronts={"voronezh": "3708"})
    match.submit("soviet", "reinforce s-100b front voronezh")
    assert terrain.hex_of(match.state, "s-100b") == "3708"


def test_german_may_not_use_a_front_marker():
    """E 11.1: the Front-marker option is the Soviet's; the German enters at his entry hex or Box #1."""
    match = new_match("scenario2")
    match.state["turn"] = 2
    match.state["flow"] = [{"proc": "turn", "i": 8}, {"proc": "reinforce", "side": "german"}]
    assert {a.args[1] for a in match.prompt("german").actions if a.args != ("done",)} <= {"hex", "box1"}


def test_enemy_controlled_entry_hex_is_refused():
    """S 10.1: a unit whose entry hex is enemy-controlled must go to Admin Box #1."""
    match = soviet_placing()
    position(match, {"4101": ["gd-pz"]})
    assert terrain.controls(match.state, "german", "4100")
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "reinforce s-100b hex")
    assert "S 10.1" in str(err.value)


def test_done_sends_the_rest_to_their_entry_hexes():
    """E 11.1: 'reinforce done' (the default) places the rest at their entry hexes."""
    match = soviet_placing()
    match.submit("soviet", "reinforce done")
    assert terrain.hex_of(match.state, "s-100b") == terrain.hex_of(match.state, "s-309b") == "4100"


def test_the_echo_hides_the_unit():
    """The other side reads a placement without the unit (Admin Box contents are the owner's)."""
    match = soviet_placing()
    match.submit("soviet", "reinforce s-100b box1")
    assert match.order_text(match.records[-1], "german") == "reinforce ? box1"


def test_the_published_default_is_done():
    """E 11.1: the window's published default (applied at the deadline) is 'reinforce done'."""
    match = soviet_placing()
    assert match.game.default_action(match.state, "soviet").text == "reinforce done"
