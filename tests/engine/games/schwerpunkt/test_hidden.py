"""Hidden stacks (S 3.5): the enemy and the channel see the top unit only; the owner sees all."""

import pytest

from engine import stacks
from engine.errors import IllegalOrder
from engine.game import PUBLIC
from engine.games.schwerpunkt.model import POLICY
from tests.engine.games.schwerpunkt.helpers import new_match, position, to_movement


def counters(view, label):
    return view["stacks"][label]["counters"]


def test_enemy_sees_only_the_top_unit():
    """S 3.5: the Soviet and the channel see the top of a German stack and its height, nothing below."""
    match = new_match()
    position(match, {"2020": ["gd-pz", "168-417", "168-429"]})
    for viewer in ("soviet", PUBLIC):
        shown = counters(match.view(viewer), "2020")
        assert shown[0]["unit"] == "gd-pz" and [c["blank"] for c in shown] == [False, True, True]
        assert "168-417" not in str(match.view(viewer))


def test_owner_sees_the_whole_stack():
    """The German's own picture shows every unit of his stacks, so it differs from the public one."""
    match = new_match()
    position(match, {"2020": ["gd-pz", "168-417"]})
    assert [c["unit"] for c in counters(match.view("german"), "2020")] == ["gd-pz", "168-417"]
    assert match.observe("german").differs_from(match.observe("public"))


def test_motorised_unit_comes_on_top():
    """S 3.5: a motorised unit joining a stack goes on top of it."""
    match = new_match()
    position(match, {"2020": ["168-417"]})
    stacks.place(POLICY, match.state, match.state["units"], "gd-pz", "2020", "bottom")
    assert match.state["stacks"]["2020"][0] == "gd-pz"


def test_owner_chooses_the_top_among_same_type():
    """S 3.5: between units of the same type the owner picks the top one ('top UNIT')."""
    match = new_match()
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2020": ["168-417", "168-429"]})
    match.submit("german", "top 168-429")
    assert match.state["stacks"]["2020"] == ["168-429", "168-417"]
    assert match.order_text(match.records[-1], "soviet") == "top ?"


def test_infantry_cannot_go_above_a_motorised_unit():
    """S 3.5: the top choice is refused when the stack holds a motorised unit and the unit is not one."""
    match = new_match()
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, {"2020": ["gd-pz", "168-429"]})
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "top 168-429")
    assert "S 3.5" in str(err.value)


def test_enemy_sees_the_face_of_the_top_counter_only():
    """S 2.48: the top counter's face (full or reduced) shows; supply status and the rest stay the owner's."""
    match = new_match()
    position(match, {"2020": ["gd-pz", "168-417"]})
    shown = counters(match.view("soviet"), "2020")
    assert shown[0]["attributes"]["step"] == 0 and "oos" not in shown[0]["attributes"]
    assert "attributes" not in shown[1]


def test_move_echo_names_the_hex_not_the_unit():
    """A move's echo and history show the destination, never the unit, to the other side."""
    match = new_match()
    to_movement(match, "german", c3i=1, dice=(6, 6))
    action = next(a for a in match.prompt("german").actions if a.verb == "move")
    match.play("german", action)
    record = match.records[-1]
    assert action.args[0] not in match.order_text(record, "soviet")
    assert action.args[1] in match.order_text(record, "soviet")


def test_admin_boxes_are_owner_only():
    """Digest 6.1 item 4: the Admin Boxes' contents are their owner's; the count is public."""
    match = new_match()
    position(match, {"box1-german": ["gd-pz"]})
    public = match.view(PUBLIC)["boxes"]["box1-german"]
    assert public["height"] == 1 and public["counters"][0]["blank"]
    assert match.view("german")["boxes"]["box1-german"]["counters"][0]["unit"] == "gd-pz"


def test_gvr_cup_is_a_count():
    """E 11.2: the GVR cup's contents are visible to nobody; its size is public."""
    match = new_match()
    view = match.view("german")
    assert view["gvr_cup"] == 12 and "gvr-01" not in str(view)


def test_front_markers_are_public_hex_markers():
    """E 14: both Front markers are public and drawn on the map."""
    view = new_match().view(PUBLIC)
    assert {m["text"] for m in view["hex_markers"]} == {"Southwest Front", "Voronezh Front"}


def test_a_shown_counter_prints_its_face_values_and_a_blank_prints_none():
    """S 2.48: a shown counter shows the CS-TV-MA of the face it lies on (the reduced face after a
    step loss); a blank below the top of an enemy stack shows no values."""
    match = new_match()
    position(match, {"2020": ["gd-gre", "168-417"]})
    shown = counters(match.view("soviet"), "2020")
    assert shown[0]["attributes"]["values"] == "6-3*-7" and "values" not in shown[1]
    match.state["units"]["gd-gre"]["step"] = 1
    assert counters(match.view("soviet"), "2020")[0]["attributes"]["values"] == "3-2*-7"
    assert counters(match.view("german"), "2020")[1]["attributes"]["values"]
