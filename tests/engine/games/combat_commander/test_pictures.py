"""What the pictures of Combat Commander are drawn from: the scenario's map with its levels, and the last action."""

from __future__ import annotations

from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
)


def test_the_picture_is_drawn_on_the_scenario_s_map() -> None:
    """Each scenario's picture uses its own map, with its elevation layer (T88)."""
    m = Match.new(GAME, "hill", GAME.options, "cc-pic")
    seen = m.observe("axis")
    board = GAME.board_named(seen.map.map)
    assert board is DATA.maps["hill"] and max(board.levels.values()) == 3


def test_the_last_fire_attack_is_the_picture_s_line_of_fire() -> None:
    """After a Fire attack the view's last action runs from the firers' hexes to the target (O20.3)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "g-l1": "B7", "a-s1": "D7"})
    stack(m, "axis", [find("axis", white=1, red=1, trigger="")])
    stack(m, "allies", [find("allies", white=6, red=6, trigger="")])
    play(m, "axis", "fire", hold(m, "axis", "fire"), "g-s1")
    play(m, "axis", "attack", "D7", "g-s1")
    last = m.observe("allies").map.last
    assert [(a.sources, a.target) for a in last.attacks] == [(("B7",), "D7")]


def test_the_last_step_is_the_picture_s_move_arrow() -> None:
    """A unit's step in a Move order is drawn as an arrow from the hex it left (O21)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N9"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "B7")
    assert m.observe("public").map.last.moves == (("A7", "B7"),)


def test_broken_units_carry_their_marker_into_the_picture() -> None:
    """A broken unit's counter is drawn with a 'broken' marker (3.2.4)."""
    m = new_match()
    m.state["units"]["a-s1"]["broken"] = True
    unit = next(u for u in m.observe("axis").map.units if u.id == "a-s1")
    assert unit.markers == ("broken",)


def test_the_five_objectives_are_hex_markers() -> None:
    """Each objective is drawn on its hex with its number (2.3)."""
    m = Match.new(GAME, "village", GAME.options, "cc-pic")
    objectives = sorted((mk.text, mk.hex) for mk in m.observe("public").map.markers if mk.text.startswith("Obj"))
    assert objectives == [("Obj 1", "H5"), ("Obj 2", "J5"), ("Obj 3", "M2"), ("Obj 4", "C6"), ("Obj 5", "L9")]


def test_each_controlled_objective_carries_its_controller_s_tag() -> None:
    """A control marker shows who controls each objective (7.3.1); an uncontrolled one has none."""
    m = Match.new(GAME, "hill", GAME.options, "cc-pic")
    tags = sorted((mk.hex, mk.text, mk.side) for mk in m.observe("public").map.markers if mk.text in ("AX", "AL"))
    assert tags == [("K9", "AL", "allies"), ("M8", "AL", "allies")]


def test_each_counter_shows_the_values_printed_on_its_side() -> None:
    """A Squad shows FP-Range-Movement and Morale, a Leader Command and Morale, the broken side
    its own values (2.9)."""
    m = new_match()
    units = {u.id: u for u in m.observe("allies").map.units}
    squad, leader = units["g-s1"].raw, units["g-l1"].raw
    assert squad["type"] == "ger_rifle" and squad["values"] == "5-5-4 7"
    officer = DATA.counters[leader["type"]].good
    assert leader["values"] == f"C{officer['command']} {officer['morale']}"
    m.state["units"]["g-s1"]["broken"] = True
    assert {u.id: u for u in m.observe("allies").map.units}["g-s1"].raw["values"] == "1-1-3 9"
