"""An AFV entering a swamp (5.6.2) checks efficiency, its owner's held roll (Schlachtenglück, 5.2)."""

from engine.game import Action
from tests.engine.games.across_the_bug_river.helpers import (
    act,
    activating,
    empty,
    ground,
    play,
    put,
)


def marsh(monkeypatch):
    """The tank battalion I/36 in clear 1407, swamp 1507 then clear 1607 ahead (no road or railway between them), no Soviet unit near."""
    ground(monkeypatch, {"1407": "clear", "1507": "swamp", "1607": "clear", "1408": "village"}, (("1407", "1507"), ("1507", "1607")))
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "I/36", "1407")
    activating(state, "german", "14pz", 5)
    state["luck"] = "soviet"
    return state


def test_an_afv_failing_its_swamp_check_disorganises_and_stops(monkeypatch):
    """5.6.2: an AFV entering a swamp checks efficiency; failing, it disorganises and the stack stops there."""
    state = marsh(monkeypatch)
    play(state, "german", "move I/36 1507 1607", 10)
    assert state["units"]["I/36"]["hex"] == "1507" and state["units"]["I/36"]["disorganized"]
    assert state["flow"][-1]["proc"] == "activation"


def test_an_afv_passing_its_swamp_check_moves_on(monkeypatch):
    """5.6.2: passing the check, the AFV goes on along its path."""
    state = marsh(monkeypatch)
    play(state, "german", "move I/36 1507 1607", 1)
    assert state["units"]["I/36"]["hex"] == "1607" and not state["units"]["I/36"]["disorganized"]


def test_the_swamp_check_is_held_for_the_owner_holding_the_marker(monkeypatch):
    """5.2, 5.6.2: the German holder's swamp check waits in the swamp for its decision, nothing applied yet."""
    state = marsh(monkeypatch)
    state["luck"] = "german"
    play(state, "german", "move I/36 1507 1607", 10, held=True)
    top = state["flow"][-1]
    assert (top["proc"], top["holder"], top["purpose"], top["roll"]) == ("luck_roll", "german", "efficiency", 10)
    assert state["units"]["I/36"]["hex"] == "1507" and not state["units"]["I/36"]["disorganized"]


def test_a_rerolled_swamp_check_lets_the_afv_move_on(monkeypatch):
    """5.2, 5.6.2: 'reroll' hands the marker to the Soviet side; passing on the new die, the AFV goes on."""
    state = marsh(monkeypatch)
    state["luck"] = "german"
    play(state, "german", "move I/36 1507 1607", 10, held=True)
    act(state, "german", Action("reroll"), 1)
    assert state["luck"] == "soviet"
    assert state["units"]["I/36"]["hex"] == "1607" and not state["units"]["I/36"]["disorganized"]


def test_a_reaction_may_still_be_attempted_in_the_swamp_after_the_check(monkeypatch):
    """6.4.1, 5.6.2: the walk paused for the swamp check still offers the reaction on entering the swamp."""
    state = marsh(monkeypatch)
    put(state, "HQ-87rd", "1610")
    put(state, "I/16", "1606")
    state["formations"]["87rd"]["level"] = 2
    play(state, "german", "move I/36 1507", 1)  # I/16's zone of control stops it there (7.3.9)
    assert state["flow"][-1]["proc"] == "react" and state["flow"][-1]["at"] == "1507"
