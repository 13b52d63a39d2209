"""The Ops Phase: initiative and its +DRM marker (6.1), Action / Transfer / Pass (6.2), activation (6.3), Surprise Attack (10.2)."""

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.across_the_bug_river.helpers import GAME, ctx, fresh, play, run


def after_surprise(state):
    state["surprise"] = {"active": False, "left": 0, "used": []}


def initiative(state, german, soviet):
    """Run a new Ops Cycle with the two initiative dice fixed."""
    state["flow"] = [{"proc": "choose"}]
    state["holder"] = "german"
    play(state, "german", "pass")  # leaves the cycle; undo the pass and roll a real cycle
    state["passed"]["german"] = False
    state["flow"] = [{"proc": "ops"}]
    run(state, ctx(german, soviet))


def test_the_surprise_attack_gives_the_german_the_first_activations():
    """10.2: the German holds the initiative for the first activation, with no roll."""
    state = fresh()
    assert state["holder"] == "german" and state["flow"][-1]["proc"] == "choose"
    assert state["marker"] == {"side": None, "value": 0}


def test_only_infantry_divisions_act_in_the_surprise_attack():
    """10.2: the 14th Panzer Division may not be activated in the Surprise Attack."""
    state = fresh()
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "activate 14pz", 5)
    assert err.value.rule == "10.2"


def test_an_activation_rolls_ap_and_lowers_the_marker():
    """6.3: AP from the black number of the level's column; the marker drops one space."""
    state = fresh()
    play(state, "german", "activate 44id", 5)
    assert state["ap"]["german"] == GAME.rules.ap(4, 5)[0]
    assert state["formations"]["44id"]["level"] == 3
    assert state["flow"][-1]["proc"] == "activation"


def test_after_the_surprise_activations_the_marker_shows_soviet_two():
    """10.2: after the (2 in scenario 1) surprise activations, +2 on the Soviet side."""
    state = fresh()
    play(state, "german", "activate 44id", 5)
    play(state, "german", "end")
    play(state, "german", "activate 298id", 5)
    play(state, "german", "end", 1, 1)
    assert not state["surprise"]["active"]
    # Soviet 1 + 2 beats German 1: the Soviet has the initiative and the marker flips to the German side.
    assert state["holder"] == "soviet" and state["marker"] == {"side": "german", "value": 2}


def test_ties_go_to_the_german_and_the_marker_flips_to_the_reacting_side():
    """6.1: equal totals give the German the initiative; the marker goes to 2 on the Soviet side."""
    state = fresh()
    after_surprise(state)
    state["marker"] = {"side": None, "value": 0}
    initiative(state, 4, 4)
    assert state["holder"] == "german"
    assert state["marker"] == {"side": "soviet", "value": 2}


def test_the_marker_climbs_when_the_same_side_reacts_again():
    """6.1: the marker already on the Reacting side moves up one without flipping."""
    state = fresh()
    after_surprise(state)
    state["marker"] = {"side": "soviet", "value": 2}
    initiative(state, 9, 1)
    assert state["marker"] == {"side": "soviet", "value": 3}


def test_the_marker_and_interdiction_modify_the_rolls():
    """6.1: the marker's side adds its value, the German adds the interdiction level."""
    state = fresh()
    after_surprise(state)
    state["marker"] = {"side": "soviet", "value": 3}
    state["interdiction"] = 2
    initiative(state, 5, 4)  # German 7, Soviet 7: tie to the German
    assert state["holder"] == "german"


def test_transfer_needs_no_higher_marker_than_the_enemys_highest():
    """6.2: a transfer is refused if one of the player's markers is higher than all the enemy's."""
    state = fresh()
    after_surprise(state)
    state["flow"] = [{"proc": "ops"}, {"proc": "choose"}]
    state["holder"] = "german"
    state["formations"]["14pz"]["level"] = 5
    for fid, f in state["formations"].items():
        if fid in ("87rd", "41td", "2fr", "1/90", "2/90"):
            f["level"] = 1
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "transfer")
    assert err.value.rule == "6.2"


def test_the_receiver_of_a_transfer_cannot_transfer_back():
    """6.2: the receiver must act or pass."""
    state = fresh()
    after_surprise(state)
    state["flow"] = [{"proc": "ops"}, {"proc": "choose"}]
    state["holder"] = "german"
    for f in state["formations"].values():
        f["level"] = 2
    play(state, "german", "transfer")
    assert state["holder"] == "soviet"
    with pytest.raises(IllegalOrder) as err:
        play(state, "soviet", "transfer")
    assert err.value.rule == "6.2"


def test_a_formation_at_level_zero_cannot_be_activated():
    """6.3.2: level 0 formations cannot act."""
    state = fresh()
    after_surprise(state)
    state["flow"] = [{"proc": "ops"}, {"proc": "choose"}]
    state["holder"] = "german"
    state["formations"]["14pz"]["level"] = 0
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "activate 14pz", 5)
    assert err.value.rule == "6.3.2"


def test_when_both_sides_pass_the_turn_ends():
    """6: both passed ends the Ops Phase; the next turn's Admin Phase runs and a new cycle begins."""
    state = fresh()
    after_surprise(state)
    state["flow"] = [{"proc": "ops"}, {"proc": "choose"}]
    state["holder"] = "german"
    play(state, "german", "pass")
    assert state["holder"] == "soviet"
    play(state, "soviet", "pass", 3)
    while state["flow"][-1]["proc"] in ("assignment", "replacement"):  # the Assignment and Replacement Segments' windows (8.2, 8.3)
        play(state, state["flow"][-1]["side"], "pass")
    assert state["turn"] == 2 and state["passed"] == {"german": False, "soviet": False}
