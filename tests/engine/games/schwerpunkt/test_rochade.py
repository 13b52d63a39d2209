"""Rochade (E 8.1, E 8.31, E 15.12) and a German formation as one administrative item (E 15.1)."""

import pytest

from engine.errors import IllegalOrder
from engine.games.schwerpunkt import rochade, terrain
from tests.engine.games.schwerpunkt.helpers import fix_dice, new_match, position


def declaration(turn=7, weather="frozen", used=False):
    """Administrative step E of ``turn``: the German's Rochade window."""
    match = new_match("scenario2")
    state = match.state
    state["turn"], state["weather"], state["rochade_used"] = turn, weather, used
    state["flow"] = [{"proc": "turn", "i": 5}, {"proc": "rochade"}]
    return match


def test_declaring_rochade_once_a_game():
    """E 8.1: from turn 7, once a game, in a Frozen turn, the German may declare Rochade."""
    match = declaration()
    match.submit("german", "rochade")
    assert match.state["rochade_used"] and match.state["rochade_turn"] == 7


def test_pass_is_the_default():
    """E 8.1: declaring is optional: 'rochade pass' is offered and leaves Rochade for later."""
    match = declaration()
    assert "rochade pass" in [a.text for a in match.prompt("german").actions]
    match.submit("german", "rochade pass")
    assert not match.state["rochade_used"]


@pytest.mark.parametrize("turn,weather,used", [(6, "frozen", False), (8, "mud", False), (9, "frozen", True)])
def test_rochade_only_from_turn_seven_frozen_and_once(turn, weather, used):
    """E 8.1: not before turn 7, only in Frozen weather, once a game."""
    match = new_match("scenario2")
    match.state.update(turn=turn, weather=weather, rochade_used=used)
    assert not rochade.may_declare(match.state)


def test_no_c3i_received_in_the_rochade_turn():
    """E 8.31: the German receives no C3I in his Rochade turn; his saved C3I stay."""
    match = declaration()
    c3i = match.state["c3i"]["german"]
    soviet = match.state["c3i"]["soviet"]
    match.submit("german", "rochade")
    for _ in range(4):
        role = sorted(match.active())[0]
        done = [a for a in match.prompt(role).actions if a.text in ("reinforce done", "replace done")]
        if not done:
            break
        match.play(role, done[0])
    assert match.state["c3i"]["german"] == c3i and match.state["c3i"]["soviet"] > soviet


def rochade_phase(stacks):
    """The German's first activity phase of turn 7, a Rochade turn, at its administrative movement."""
    match = new_match("scenario2")
    state = match.state
    state.update(turn=7, rochade_used=True, rochade_turn=7)
    position(match, stacks)
    state["flow"] = [{"proc": "turn", "i": 99}, {"proc": "activity", "side": "german", "step": "admin", "general": False, "done": []}]
    return match


def test_rochade_column_instead_of_c3i():
    """E 8.31: the German rolls the Rochade column and spends no C3I."""
    match = rochade_phase({"2020": ["168-417"]})
    match.submit("german", "admin pass")
    match.submit("german", "order move-first")
    c3i = match.state["c3i"]["german"]
    fix_dice(match, 6, 6)
    match.submit("german", "c3i rochade")
    assert match.state["ap"]["german"] == 16 and match.state["c3i"]["german"] == c3i


def test_spending_c3i_in_a_rochade_turn_is_refused():
    """E 8.31: the German may not use C3I in his Rochade turn."""
    match = rochade_phase({"2020": ["168-417"]})
    match.submit("german", "admin pass")
    match.submit("german", "order move-first")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "c3i 1")
    assert "E 8.31" in str(err.value)


def test_the_rochade_column_outside_a_rochade_turn_is_refused():
    """E 8.31: only the German in his Rochade turn rolls that column."""
    match = rochade_phase({"2020": ["168-417"]})
    match.state["rochade_turn"] = 0
    match.submit("german", "admin pass")
    match.submit("german", "order move-first")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "c3i rochade")
    assert "E 8.31" in str(err.value)


def test_five_items_out_of_box_two_in_a_rochade_turn():
    """E 15.12: up to five items (units or formations) come out of Admin Box #2, to different hexes."""
    placed = {"335-kg": "2021", "298-kg": "2021", "320-585": "2019", "168-417": "2019", "gd-pz": "2019"}
    match = rochade_phase({"2020": ["7-25"], "box2-german": sorted(placed)})
    for uid, h in placed.items():
        match.submit("german", f"admin place {uid} {h}")
    assert {uid: terrain.hex_of(match.state, uid) for uid in placed} == placed


def test_a_sixth_item_is_refused():
    """E 15.12: at most five items in a Rochade turn."""
    singles = ["335-kg", "298-kg", "320-585", "168-417", "7-6"]
    match = rochade_phase({"2020": ["7-25"], "box2-german": [*singles, "gd-pz"]})
    for uid in singles:
        match.submit("german", f"admin place {uid} 2021" if uid in ("335-kg", "298-kg") else f"admin place {uid} 2019")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "admin place gd-pz 2120")
    assert "E 15.12" in str(err.value)


def test_a_formation_is_one_item_placed_in_one_hex():
    """E 15.1: all units of one formation come out of Box #2 as one item, into the same hex."""
    match = rochade_phase({"2020": ["7-25"], "box2-german": ["gd-pz", "gd-gre", "168-417"]})
    match.state["rochade_turn"] = 0
    match.submit("german", "admin place gd-pz 2021")
    match.submit("german", "admin place gd-gre 2021")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "admin place 168-417 2019")
    assert "E 15.1" in str(err.value)


def test_a_formation_goes_to_one_hex():
    """E 15.1, E 15.12: the units of a formation may not be split between hexes."""
    match = rochade_phase({"2020": ["7-25"], "box2-german": ["gd-pz", "gd-gre"]})
    match.submit("german", "admin place gd-pz 2021")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "admin place gd-gre 2019")
    assert "E 15.12" in str(err.value)


def test_a_formation_in_one_hex_goes_into_box_one_as_one_item():
    """E 15.1 step 3: all units of one formation in one hex may be taken off the map together."""
    match = rochade_phase({"2020": ["gd-pz", "gd-gre"], "2030": ["168-417"]})
    match.state["rochade_turn"] = 0
    match.submit("german", "admin done")
    match.submit("german", "admin withdraw gd-pz")
    match.submit("german", "admin withdraw gd-gre")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "admin withdraw 168-417")
    assert "E 15.1" in str(err.value)
    assert set(match.state["stacks"]["box1-german"]) == {"gd-pz", "gd-gre"}


def test_the_published_default_is_pass():
    """E 8.1: the declaration window's published default (applied at the deadline) is 'rochade pass'."""
    match = declaration()
    assert match.game.default_action(match.state, "german").text == "rochade pass"
