"""Moving together as a stack (O21.2): units activated in one hex step together for the whole
order, at the lowest Movement among them, with one opportunity-fire window per hex (A33)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action
from engine.games.combat_commander import movement
from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import GAME, hold, new_match, only_units, play, top


def moving(where: dict[str, str], *units: str) -> Match:
    """An Axis Move order of ``units``; the Allies out of the Defense posture (no Hidden Mines or Wire pause, A35)."""
    m = new_match()
    only_units(m, where)
    m.state["sides"]["allies"]["posture"] = "attack"
    play(m, "axis", "move", hold(m, "axis", "move"), *units)
    return m


def test_a_stack_steps_together() -> None:
    """'step g-l1 g-s1 A8' moves both units of A7 into A8, each spending the hex's cost (O21.2)."""
    m = moving({"g-l1": "A7", "g-s1": "A7", "a-s1": "N1"}, "g-l1", "g-s1")
    play(m, "axis", "step", "g-l1", "g-s1", "A8")
    assert [m.state["units"][u]["hex"] for u in ("g-l1", "g-s1")] == ["A8", "A8"]
    assert m.state["flow"][-1]["spent"] == {"g-l1": 1, "g-s1": 1}


def test_a_stack_opens_one_opportunity_fire_window() -> None:
    """A stack entering a hex is one expenditure: one window, naming every unit that entered (A33)."""
    m = moving({"g-l1": "A7", "g-s1": "A7", "a-s1": "C7"}, "g-l1", "g-s1")
    m.play("axis", Action("step", ("g-l1", "g-s1", "A8")))
    assert top(m) == "opfire" and m.state["flow"][-1]["movers"] == ["g-l1", "g-s1"]


def test_a_stack_member_cannot_step_alone() -> None:
    """A stack moves together for the whole order: a member stepping alone is refused (O21.2)."""
    m = moving({"g-l1": "A7", "g-s1": "A7", "a-s1": "N1"}, "g-l1", "g-s1")
    play(m, "axis", "step", "g-l1", "g-s1", "A8")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "A9")
    assert exc.value.rule == "O21.2"


def test_units_of_different_hexes_are_no_stack() -> None:
    """Only units that began the order in the same hex move together (O21.2)."""
    m = moving({"g-l1": "A7", "g-s1": "B7", "a-s1": "N1"}, "g-l1", "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-l1", "g-s1", "A8")
    assert exc.value.rule == "O21.2"


def test_a_unit_that_moved_alone_joins_no_stack() -> None:
    """A unit that has moved alone has finished or moves alone: it forms no stack afterwards (O21.2)."""
    m = moving({"g-l1": "A7", "g-s1": "A7", "g-s2": "A8", "a-s1": "N1"}, "g-l1", "g-s1", "g-s2")
    play(m, "axis", "step", "g-s2", "A9")
    play(m, "axis", "step", "g-s2", "A8")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "g-s2", "A9")
    assert exc.value.rule == "O21.2"


def test_a_stack_moves_at_its_lowest_movement() -> None:
    """Each unit pays the hex: a hex one member lacks the MP for is refused to the stack (O21.2, O21.1)."""
    m = moving({"g-l1": "A7", "g-s1": "A7", "a-s1": "N1"}, "g-l1", "g-s1")
    full = movement.movement(GAME, m.state, "g-s1", False)
    m.state["flow"][-1]["spent"] = {"g-l1": 0, "g-s1": full}  # the squad has spent its Movement
    m.state["flow"][-1]["stack"], m.state["flow"][-1]["current"] = ["g-l1", "g-s1"], "g-l1"
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-l1", "g-s1", "A8")
    assert exc.value.rule == "O21.2"
    assert f"g-s1 has spent {full} of {full}" in str(exc.value.message)


def test_another_unit_stepping_ends_the_stack_s_move() -> None:
    """Once another unit starts, the stack has finished its move (O21.2)."""
    m = moving({"g-l1": "A7", "g-s1": "A7", "g-s2": "B7", "a-s1": "N1"}, "g-l1", "g-s1", "g-s2")
    play(m, "axis", "step", "g-l1", "g-s1", "A8")
    play(m, "axis", "step", "g-s2", "B8")
    assert {"g-l1", "g-s1"} <= set(m.state["flow"][-1]["done"])


def test_the_options_offer_the_stack_step() -> None:
    """'options' lists the stack's steps beside each unit's (O21.2)."""
    m = moving({"g-l1": "A7", "g-s1": "A7", "a-s1": "N1"}, "g-l1", "g-s1")
    assert Action("step", ("g-l1", "g-s1", "A8")) in GAME.prompt(m.state, "axis").actions


def test_several_units_step_only_in_a_move_order() -> None:
    """An Advance or a Rout moves each unit on its own: several units before the hex are a syntax error there."""
    m = new_match()
    with pytest.raises(InvalidOrder, match="step UNIT"):
        GAME.parse(m.state, "axis", "step g-l1 g-s1 E2")


def test_hidden_wire_stops_every_unit_of_the_stack() -> None:
    """Hidden Wire in the hex a stack entered ends the move of every unit that entered it (A35.5, F106.2)."""
    from tests.engine.games.combat_commander.helpers import hold_action

    m = new_match()
    only_units(m, {"g-l1": "A7", "g-s1": "A7", "a-s1": "N9"})
    cid = hold_action(m, "allies", "hidden_wire")
    play(m, "axis", "move", hold(m, "axis", "move"), "g-l1", "g-s1")
    play(m, "axis", "step", "g-l1", "g-s1", "A8")
    play(m, "allies", "hidden-wire", cid)
    play(m, "allies", "pass")
    assert set(m.state["flow"][-1]["wired"]) == {"g-l1", "g-s1"}


def test_the_survivor_of_a_stack_moves_on_alone() -> None:
    """A stack reduced to one unit (the other eliminated) is no stack: the survivor steps on by itself (O21.2, R68)."""
    m = moving({"g-l1": "A7", "g-s1": "A7", "a-s1": "N1"}, "g-l1", "g-s1")
    play(m, "axis", "step", "g-l1", "g-s1", "A8")
    m.state["units"]["g-l1"]["hex"] = None  # eliminated in A8
    play(m, "axis", "step", "g-s1", "A9")
    play(m, "axis", "step", "g-s1", "A10")
    assert m.state["units"]["g-s1"]["hex"] == "A10"


def test_a_stack_member_may_not_hand_over_its_weapon() -> None:
    """A transfer costs the carrier alone 1 MP: within a moving stack it is refused (O21.2, O21.1.1, R68)."""
    m = moving({"g-l2": "A7", "g-s3": "A7", "g-s4": "A7", "a-s1": "N1"}, "g-l2", "g-s3", "g-s4")
    play(m, "axis", "step", "g-l2", "g-s3", "g-s4", "A8")
    m.state["weapons"]["g-w2"]["unit"] = None  # g-s4 free to receive the HMG
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "transfer", "g-w1", "g-s4")
    assert exc.value.rule == "O21.2"


def test_a_stack_leaves_the_map_unit_by_unit() -> None:
    """On the enemy edge each member of a stack may exit (7.2.1); the others stay a stack (R68)."""
    m = moving({"g-l1": "C9", "g-s1": "C9", "g-s2": "C9", "a-s1": "N1"}, "g-l1", "g-s1", "g-s2")
    play(m, "axis", "step", "g-l1", "g-s1", "g-s2", "C10")
    assert Action("exit", ("g-s2",)) in GAME.prompt(m.state, "axis").actions
    play(m, "axis", "exit", "g-s2")
    play(m, "axis", "choose", "1")  # the Time space it waits on (7.2.1)
    assert m.state["units"]["g-s2"]["hex"] is None
    assert m.state["flow"][-1]["stack"] == ["g-l1", "g-s1"]
    play(m, "axis", "step", "g-l1", "g-s1", "D10")
    assert [m.state["units"][u]["hex"] for u in ("g-l1", "g-s1")] == ["D10", "D10"]


def test_the_window_names_every_unit_of_the_stack() -> None:
    """The opportunity-fire question names the whole stack that entered the hex (A33, O21.2)."""
    from bot.i18n import render

    m = moving({"g-l1": "A7", "g-s1": "A7", "a-s1": "C7"}, "g-l1", "g-s1")
    m.play("axis", Action("step", ("g-l1", "g-s1", "A8")))
    assert render(GAME.prompt(m.state, "allies").text).startswith("g-l1, g-s1 entered A8")
