"""The map answers kept per map (hexside features, impassable hexsides, land, north entries) are
those of the map each campaign reads: a referee's overlay is its own map, and the turn-10
changes of seasonal swamps and passes (2.31, 2.32) still apply."""

from __future__ import annotations

import dataclasses

from engine import mapoverlay
from engine.games.caucasus import terrain
from engine.games.caucasus.model import load_rules

RULES = load_rules()


def overlaid(overlay):
    return dataclasses.replace(RULES, board=mapoverlay.effective(RULES.board, overlay))


def test_an_overlay_hexside_is_read_after_the_shipped_one_was_kept_7_8():
    """A hexside made a lake by the referee is impassable on the campaign's map (7.8), the shipped map's answer unchanged."""
    a, b = "0936", "1035"
    assert terrain.impassable_side(RULES, a, b, 1) is None
    mine = overlaid({"sides": {mapoverlay.side_key(a, b): ["lake"]}})
    assert terrain.impassable_side(mine, a, b, 1) == "lake"
    assert terrain.side_features(mine, a, b, 1) == frozenset({"lake"})
    assert terrain.impassable_side(RULES, a, b, 1) is None and "minor_river" in terrain.side_features(RULES, a, b, 1)


def test_an_overlay_sea_hex_is_no_longer_land_7_1():
    """A hex the referee turns to sea is not land on the campaign's map (7.1), and still land on the shipped one."""
    assert terrain.is_land(RULES, "0936")
    assert not terrain.is_land(overlaid({"terrain": {"0936": "sea"}}), "0936")
    assert terrain.is_land(RULES, "0936")


def test_a_seasonal_swamp_river_is_ignored_from_turn_10_only_2_31():
    """A minor river beside a seasonal swamp counts up to turn 9 and is ignored from turn 10 (2.31), asked in either order."""
    board = RULES.board
    found = next(
        (a, b)
        for (a, b), feats in sorted(board.sides.items())
        if "minor_river" in feats and "seasonal_swamp" in (board.terrain.get(a), board.terrain.get(b))
    )
    assert "minor_river" not in terrain.side_features(RULES, *found, 10)
    assert "minor_river" in terrain.side_features(RULES, *found, 9)
    assert "minor_river" not in terrain.side_features(RULES, *found, 11)


def test_a_pass_closes_from_turn_10_2_32():
    """A pass other than Krestovy is open up to turn 9 and closed from turn 10 (2.32), whichever turn was asked first."""
    board = RULES.board
    a, b = next((a, b) for (a, b), feats in sorted(board.sides.items()) if "pass" in feats and "krestovy" not in feats)
    assert terrain.impassable_side(RULES, a, b, 12) == "closed_pass"
    assert terrain.impassable_side(RULES, a, b, 3) is None
    assert terrain.impassable_side(RULES, a, b, 10) == "closed_pass"


def test_a_lake_hexside_closes_the_open_and_zoc_neighbours_of_the_campaign_map_only_6_4_7_8():
    """Across a referee's lake hexside no supply trace steps (7.8) and no ZOC extends (6.4), on that campaign's map alone."""
    a, b = "0936", "1035"
    assert b in terrain.open_neighbours(RULES, a, 1) and b in terrain.zoc_neighbours(RULES, a, 1)
    mine = overlaid({"sides": {mapoverlay.side_key(a, b): ["lake"]}})
    assert b not in terrain.open_neighbours(mine, a, 1) and b not in terrain.zoc_neighbours(mine, a, 1)
    assert b in terrain.open_neighbours(RULES, a, 1) and b in terrain.zoc_neighbours(RULES, a, 1)


def test_a_pass_closes_the_open_neighbours_from_turn_10_only_2_32():
    """A hexside with a pass other than Krestovy is open to supply traces up to turn 9 and closed from turn 10 (2.32)."""
    a, b = next(
        (a, b)
        for (a, b), feats in sorted(RULES.board.sides.items())
        if "pass" in feats and "krestovy" not in feats and terrain.impassable_side(RULES, a, b, 1) is None
    )
    assert b in terrain.open_neighbours(RULES, a, 3)
    assert b not in terrain.open_neighbours(RULES, a, 10)
    assert b in terrain.open_neighbours(RULES, a, 9)


def test_the_kept_rail_network_adds_unfinished_lines_from_turn_8_and_supply_only_lines_for_supply_2_33_2_34():
    """The rail adjacency kept per map has the unfinished lines from turn 8 only and the supply-only lines for supply only (2.33, 2.34)."""
    from engine.games.caucasus.supply import rail_adjacency

    board = RULES.board
    (ua, ub), _ = next((edge, flags) for edge, flags in sorted(board.lines["rail"].items()) if "unfinished" in flags)
    assert ub not in rail_adjacency(RULES, {"turn": 7}, "axis", True).get(ua, ())
    assert ub in rail_adjacency(RULES, {"turn": 8}, "axis", True).get(ua, ())
    assert ub not in rail_adjacency(RULES, {"turn": 7}, "axis", True).get(ua, ())
    (sa, sb), _ = next(
        (edge, flags) for edge, flags in sorted(board.lines["rail"].items()) if "supply_only" in flags and "unfinished" not in flags
    )
    assert sb in rail_adjacency(RULES, {"turn": 3}, "axis", True).get(sa, ())
    assert sb not in rail_adjacency(RULES, {"turn": 3}, "axis", False).get(sa, ())
