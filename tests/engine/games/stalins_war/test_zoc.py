"""Stalin's War Zones of Control (8.0, 13.3.6)."""

from __future__ import annotations

from engine.games.stalins_war import zoc
from tests.engine.games.stalins_war.test_terrain import RULES, blank_state, clear_line, put


def test_lcu_zoc_covers_adjacent_hexes_only_8_2():
    state = blank_state()
    line = clear_line(4)
    put(state, "su-west-front", line[2])
    assert zoc.enemy_zoc(RULES, state, line[1], "axis")
    assert zoc.enemy_zoc(RULES, state, line[3], "axis")
    assert not zoc.enemy_zoc(RULES, state, line[0], "axis")
    assert not zoc.enemy_zoc(RULES, state, line[1], "soviet")  # not an enemy of its own side


def test_units_without_zoc_type_have_none_8_1():
    """8.1: rifle armies (white square) have no ZOC."""
    state = blank_state()
    line = clear_line(3)
    put(state, "su-13r", line[1])
    assert not zoc.enemy_zoc(RULES, state, line[0], "axis")


def test_out_of_supply_and_limited_units_have_no_zoc_8_1_13_3_6():
    state = blank_state()
    line = clear_line(3)
    put(state, "su-west-front", line[1])
    state["units"]["su-west-front"]["oos"] = True
    assert not zoc.enemy_zoc(RULES, state, line[0], "axis")
    state["units"]["su-west-front"]["oos"] = False
    state["units"]["su-west-front"]["limited"] = True  # fortress supply: no ZOC (8.1)
    assert not zoc.enemy_zoc(RULES, state, line[0], "axis")


def test_zoc_does_not_extend_into_a_fortress_8_2():
    """8.2 / ruling 29: no ZOC into a Fortress hex (Odessa 1829)."""
    state = blank_state()
    near = next(n for n in RULES.board.neighbours("1829") if RULES.board.terrain.get(n) not in ("sea", "lake", "offmap"))
    put(state, "ge-6a", near)
    assert not zoc.enemy_zoc(RULES, state, "1829", "soviet")
    state["markers"]["fortress_destroyed"].append("1829")
    assert zoc.enemy_zoc(RULES, state, "1829", "soviet")


def test_zoc_does_not_extend_into_a_festung_8_2():
    state = blank_state()
    line = clear_line(3)
    put(state, "su-west-front", line[1])
    state["markers"]["festung"].append(line[0])
    assert not zoc.enemy_zoc(RULES, state, line[0], "axis")


def test_axis_zoc_not_into_the_fortified_zone_8_2():
    state = blank_state()
    line = clear_line(3)
    put(state, "ge-6a", line[1])
    assert zoc.enemy_zoc(RULES, state, line[0], "soviet")
    put(state, "su-fortified-zone", line[0])
    assert not zoc.enemy_zoc(RULES, state, line[0], "soviet")


def test_zoc_not_across_a_sea_hexside_8_2():
    """2131-2232 is a sea hexside; 2231-2232 is the (passable) Kerch Strait."""
    state = blank_state()
    put(state, "su-west-front", "2232")
    assert not zoc.enemy_zoc(RULES, state, "2131", "axis")
    assert zoc.enemy_zoc(RULES, state, "2231", "axis")


def test_friendly_units_negate_enemy_zoc_for_supply_8_3():
    state = blank_state()
    line = clear_line(3)
    put(state, "su-west-front", line[1])
    assert line[0] in zoc.supply_blocking_zoc(RULES, state, "axis")
    put(state, "ge-43c", line[0])
    assert zoc.negated(RULES, state, line[0], "axis")
    assert line[0] not in zoc.supply_blocking_zoc(RULES, state, "axis")
