"""VP hex control (9): the last occupier controls a VP hex only if it traces a line to its supply
source free of enemy units and EZOC, at most 5 hexes of it off road or railway, never across the
unbridged Bug or a lake hexside. The ground is set by each test (no road, no railway, open
hexsides along a straight line), whatever the map data says."""

from fractions import Fraction

from engine.games.across_the_bug_river import supplyline
from engine.games.across_the_bug_river.admin import victory_points
from engine.hexgrid import hexside
from tests.engine.games.across_the_bug_river.helpers import GAME, empty, ground, put

RULES = GAME.rules
BOARD = RULES.board
START = "3010"


def straight(length):
    """A straight line of hexes from START: the only shortest path between its ends."""
    grid = BOARD.grid
    for end in sorted(BOARD.terrain):
        if grid.distance(START, end) != length:
            continue
        between = [h for h in BOARD.terrain if grid.distance(START, h) + grid.distance(h, end) == length]
        if len(between) == length + 1:
            return sorted(between, key=lambda h: grid.distance(START, h))
    raise AssertionError("no straight line")


def position(monkeypatch, length, roads=()):
    """The German last occupied the VP hex START; its supply area is the far end of a straight line."""
    line = straight(length)
    ground(monkeypatch, {h: "clear" for h in line}, tuple(zip(line, line[1:], strict=False)))
    monkeypatch.setitem(BOARD.lines, "road", {})
    monkeypatch.setitem(BOARD.lines, "rail", {})
    for i in roads:
        monkeypatch.setitem(BOARD.lines["road"], hexside(line[i], line[i + 1]), frozenset())
    monkeypatch.setitem(BOARD.zones, "supply_german", frozenset({line[-1]}))
    state = empty()
    state["control"] = {START: "german"}
    state["vp_hexes"] = {START: 2}
    return state, line


def test_five_hexes_off_road_still_trace_the_line(monkeypatch):
    """9: up to 5 hexes of the line may be off road and railway."""
    state, _ = position(monkeypatch, 5)
    assert supplyline.controller(RULES, state, START) == "german"


def test_six_hexes_off_road_do_not(monkeypatch):
    """9: a sixth hex off road and railway breaks the line: nobody controls the hex (RULINGS V4)."""
    state, _ = position(monkeypatch, 6)
    assert supplyline.controller(RULES, state, START) is None


def test_the_off_road_hexes_may_be_anywhere_along_the_line(monkeypatch):
    """9 (note): 3 off road, then along a road, then 2 more off road is a line."""
    state, _ = position(monkeypatch, 7, roads=(3, 4))
    assert supplyline.controller(RULES, state, START) == "german"


def test_the_unbridged_bug_blocks_the_line(monkeypatch):
    """9: the line never crosses the unbridged Bug."""
    state, line = position(monkeypatch, 5)
    monkeypatch.setitem(BOARD.sides, hexside(line[2], line[3]), frozenset({"bug"}))
    assert supplyline.controller(RULES, state, START) is None


def test_a_lake_hexside_blocks_the_line(monkeypatch):
    """9: the line never crosses a lake hexside."""
    state, line = position(monkeypatch, 5)
    monkeypatch.setitem(BOARD.sides, hexside(line[0], line[1]), frozenset({"lake"}))
    assert supplyline.controller(RULES, state, START) is None


def test_an_enemy_unit_on_the_line_blocks_it(monkeypatch):
    """9: the line is free of enemy units."""
    state, line = position(monkeypatch, 5)
    put(state, "HQ-87rd", line[2])
    assert supplyline.controller(RULES, state, START) is None


def test_an_enemy_zoc_blocks_the_line_unless_a_friendly_unit_stands_there(monkeypatch):
    """9: EZOC blocks the line; a friendly unit in the hex negates it."""
    state, line = position(monkeypatch, 5)
    enemy = next(n for n in BOARD.neighbours(START) if n not in line)
    monkeypatch.setitem(BOARD.terrain, enemy, "clear")
    put(state, "I/16", enemy)
    assert supplyline.controller(RULES, state, START) is None
    put(state, "I/108", START)
    assert supplyline.controller(RULES, state, START) == "german"


def test_a_vp_hex_scores_only_with_the_supply_line(monkeypatch):
    """9: the German scores a VP hex it occupied last only while it traces the line."""
    state, line = position(monkeypatch, 5)
    with_line = victory_points(RULES, state)
    monkeypatch.setitem(BOARD.sides, hexside(line[2], line[3]), frozenset({"bug"}))
    assert with_line - victory_points(RULES, state) == Fraction(2)
