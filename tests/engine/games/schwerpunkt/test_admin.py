"""Administrative movement (E 15.1, E 15.11, S 5.3)."""

import pytest

from engine.errors import IllegalOrder
from engine.game import PUBLIC
from engine.games.schwerpunkt import admin, terrain
from tests.engine.games.schwerpunkt.helpers import new_match, position


def german_admin_step(match, stacks):
    """Turn 2, the German's first activity phase at its administrative movement, with ``stacks``."""
    state = match.state
    state["turn"] = 2
    position(match, stacks)
    state["flow"] = [{"proc": "turn", "i": 99}, {"proc": "activity", "side": "german", "step": "admin", "general": False, "done": []}]
    return match


def test_place_from_box_two_next_to_a_friendly_unit():
    """E 15.11: a unit from Box #2 goes to a hex next to a friendly unit, out of EZOC, tracing cleanly."""
    match = german_admin_step(new_match(), {"2020": ["168-417"], "box2-german": ["gd-pz"]})
    match.submit("german", "admin place gd-pz 2021")
    assert terrain.hex_of(match.state, "gd-pz") == "2021"


def test_place_far_from_friends_is_refused():
    """E 15.1 (step 1): the hex must hold or neighbour a friendly unit."""
    match = german_admin_step(new_match(), {"2020": ["168-417"], "box2-german": ["gd-pz"]})
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "admin place gd-pz 2030")
    assert err.value.rule == "E 15.1"


def test_place_into_enemy_zoc_is_refused():
    """S 5.3: administrative movement never enters an EZOC."""
    match = german_admin_step(new_match(), {"2020": ["168-417"], "2023": ["s-100"], "box2-german": ["gd-pz"]})
    ezoc = terrain.zoc_of(match.state, "soviet")
    assert "2022" in ezoc and "2022" not in admin.placement_hexes(match.state, "german", "gd-pz")


def test_only_one_unit_per_phase():
    """E 15.1: one unit (besides GVRs) comes out of Box #2 per phase."""
    match = german_admin_step(new_match(), {"2020": ["168-417"], "box2-german": ["gd-pz", "gd-gre"]})
    match.submit("german", "admin place gd-pz 2021")
    with pytest.raises(IllegalOrder):
        match.submit("german", "admin place gd-gre 2019")


def test_gvrs_in_any_number():
    """E 15.1: any number of GVRs besides the one unit."""
    match = german_admin_step(new_match(), {"2020": ["168-417"], "box2-german": ["gd-pz", "gvr-01", "gvr-02"]})
    match.submit("german", "admin place gd-pz 2021")
    match.submit("german", "admin place gvr-01 2019")
    match.submit("german", "admin place gvr-02 2019")
    assert terrain.hex_of(match.state, "gvr-02") == "2019"


def test_done_moves_box_one_to_box_two_then_withdraw():
    """E 15.1 step 2 then step 3: Box #1 empties into Box #2, and one unit may go into Box #1."""
    match = german_admin_step(new_match(), {"2020": ["168-417", "168-429"], "box1-german": ["gd-pz"]})
    match.submit("german", "admin done")
    assert match.state["stacks"]["box2-german"] == ["gd-pz"]
    match.submit("german", "admin withdraw 168-429")
    assert match.state["stacks"]["box1-german"] == ["168-429"]
    assert "168-429" not in str(match.view(PUBLIC)["boxes"])


def test_unit_in_ezoc_cannot_withdraw():
    """E 15.1: a unit in an EZOC cannot be taken off the map."""
    match = german_admin_step(new_match(), {"2022": ["168-417"], "2023": ["s-100"]})
    match.submit("german", "admin done")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "admin withdraw 168-417")
    assert "E 15.1" in str(err.value)


def test_admin_moved_unit_does_not_move_again():
    """Digest 8.1 item 9: a unit placed by administrative movement does not move normally that phase."""
    match = german_admin_step(new_match(), {"2020": ["168-417"], "box2-german": ["gd-pz"]})
    match.submit("german", "admin place gd-pz 2021")
    assert match.state["units"]["gd-pz"]["moved"]


def test_echo_hides_the_unit():
    """The other side reads an administrative move without the unit's name."""
    match = german_admin_step(new_match(), {"2020": ["168-417"], "box2-german": ["gd-pz"]})
    match.submit("german", "admin place gd-pz 2021")
    assert match.order_text(match.records[-1], "soviet") == "admin place ? 2021"
