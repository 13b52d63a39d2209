"""Hidden Mines and Hidden Wire against an Advance (A35.2, A35.5; digest 6.3 W2; ruling R51)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from tests.engine.games.combat_commander.helpers import (
    GAME,
    find,
    hold,
    hold_action,
    new_match,
    only_units,
    play,
    play_only,
    stack,
    texts,
    top,
    without_action,
)


def advance_into_a8(units: dict[str, str], movers: tuple[str, ...] = ("g-l1", "g-s1")):  # type: ignore[no-untyped-def]
    """The Axis orders an Advance of ``movers``; the test then steps them."""
    m = new_match()
    only_units(m, units)
    play(m, "axis", "advance", hold(m, "axis", "advance"), *movers)
    return m


def test_the_window_opens_after_a_unit_advances_whatever_the_hand() -> None:
    """A35.2, A35.5: after a unit Advances into a hex, the Defense player is asked, with or without the cards."""
    m = advance_into_a8({"g-l1": "A7", "g-s1": "A7", "a-s1": "N9"})
    for action in ("hidden_mines", "hidden_wire"):
        without_action(m, "allies", action)
    play_only(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "advance_window" and m.active() == frozenset({"allies"})
    assert GAME.prompt(m.state, "allies").actions == (Action("pass"),)


def test_no_window_out_of_defense_posture() -> None:
    """A35: only the Defense posture plays the Hidden actions; the Advance goes on at once."""
    m = advance_into_a8({"g-l1": "A7", "g-s1": "A7", "a-s1": "N9"})
    m.state["sides"]["allies"]["posture"] = "reconnaissance"
    play_only(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "advance_order"


def test_no_window_into_a_fortified_hex() -> None:
    """A35.2, A35.5: the hex must hold no fortification (F100.3)."""
    m = advance_into_a8({"g-l1": "A7", "g-s1": "A7", "a-s1": "N9"})
    m.state["forts"]["A8"] = "foxholes"
    play_only(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "advance_order"


def test_hidden_wire_goes_into_the_hex_and_the_advance_goes_on() -> None:
    """A35.5, F106.2: Wire is placed; an advance spends no MP, so the order simply goes on."""
    m = advance_into_a8({"g-l1": "A7", "g-s1": "A7", "a-s1": "N9"})
    cid = hold_action(m, "allies", "hidden_wire")
    play_only(m, "axis", "step", "g-s1", "A8")
    play_only(m, "allies", "hidden-wire", cid)
    assert m.state["forts"] == {"A8": "wire"} and top(m) == "advance_order"
    play(m, "axis", "step", "g-l1", "A8")
    assert m.state["units"]["g-l1"]["hex"] == "A8" and top(m) == "turn"


def test_hidden_mines_attack_every_unit_that_advanced_into_the_hex() -> None:
    """A35.2, F103.1, R51: one mine attack roll against the units of the order that advanced into the hex, each defending."""
    m = advance_into_a8({"g-l1": "A7", "g-s1": "A7", "g-s2": "B7", "a-s1": "N9"}, movers=("g-l1", "g-s1", "g-s2"))
    cid = hold_action(m, "allies", "hidden_mines")
    play(m, "axis", "step", "g-s2", "B8")
    play(m, "axis", "step", "g-s1", "A8")
    play_only(m, "axis", "step", "g-l1", "A8")
    stack(m, "allies", [find("allies", total=12, trigger="")])
    stack(m, "axis", [find("axis", total=2, trigger=""), find("axis", total=3, trigger="")])
    lines = texts(play(m, "allies", "hidden-mines", cid))
    assert len([line for line in lines if "(Mine attack in A8)" in line]) == 1
    units = m.state["units"]
    assert m.state["forts"] == {"A8": "mines"} and units["g-s1"]["broken"] and (units["g-l1"]["broken"] or units["g-l1"]["hex"] is None)
    assert not units["g-s2"]["broken"]


def test_units_already_in_the_hex_are_immune() -> None:
    """A35.2: the Defense player's unit in the hex is not attacked by the Mines."""
    m = advance_into_a8({"g-s1": "A7", "a-s1": "A8", "a-s2": "N9"}, movers=("g-s1",))
    cid = hold_action(m, "allies", "hidden_mines")
    play_only(m, "axis", "step", "g-s1", "A8")
    stack(m, "allies", [find("allies", total=12, trigger="")])
    stack(m, "axis", [find("axis", total=2, trigger="")])
    play_only(m, "allies", "hidden-mines", cid)
    while any(f["proc"] == "mine_attack" for f in m.state["flow"]):  # the mine attack's held rolls, accepted (9.1)
        play_only(m, sorted(m.active())[0], "accept")
    assert m.state["units"]["g-s1"]["broken"] and not m.state["units"]["a-s1"]["broken"]


def test_the_melee_follows_the_window() -> None:
    """O16.4: the Advance into an enemy hex has its melee once the Defense player has answered."""
    m = advance_into_a8({"g-s1": "A7", "a-s1": "A8", "a-s2": "N9"}, movers=("g-s1",))
    play_only(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "advance_window"
    play_only(m, "allies", "pass")
    assert top(m) == "ambush_window"  # the melee's first step (A25)
    play_only(m, "allies", "pass")
    play_only(m, "axis", "pass")
    assert top(m) == "cc_roll" and m.state["flow"][-2]["proc"] == "melee"


def test_hidden_mines_outside_the_windows_are_refused() -> None:
    """A35.2: in an Advance order, before any unit has advanced, nothing may be placed."""
    m = advance_into_a8({"g-l1": "A7", "g-s1": "A7", "a-s1": "N9"})
    cid = hold_action(m, "allies", "hidden_mines")
    with pytest.raises(IllegalOrder) as exc:
        GAME.parse(m.state, "allies", f"hidden-mines {cid}")
    assert exc.value.rule == "A35.2"


def test_the_standing_pass_answers_the_advance_window() -> None:
    """Digest 6.4: 'react windows pass' passes the window after an Advance too."""
    m = advance_into_a8({"g-l1": "A7", "g-s1": "A7", "a-s1": "N9"})
    hold_action(m, "allies", "hidden_wire")
    play_only(m, "allies", "react", "windows", "pass")
    play_only(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "advance_order" and m.state["forts"] == {}


def test_a_retreat_opens_no_window() -> None:
    """A35.2, A35.5: Move or Advance, not Retreat: a routed Axis unit retreats without the Defense player's window."""
    m = new_match()
    only_units(m, {"g-s1": "D5", "a-s1": "N9"})
    m.state["units"]["g-s1"]["broken"] = True
    cid = hold(m, "axis", "rout")
    stack(m, "axis", [find("axis", total=12, trigger="", exclude=(cid,))])
    play(m, "axis", "rout", cid, "axis")
    assert top(m) == "rout" and m.state["flow"][-1]["retreating"] == "g-s1"
    step = next(a for a in GAME.prompt(m.state, "axis").actions if a.verb == "step")
    play(m, "axis", *[step.verb, *step.args])
    assert top(m) not in ("advance_window", "opfire")
