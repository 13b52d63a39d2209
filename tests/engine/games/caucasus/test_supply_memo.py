"""The supply network and ZOC tables kept per map are those of the map each campaign reads (a
referee's overlay is its own map) and follow the turn thresholds (2.31, 2.33)."""

from __future__ import annotations

import dataclasses

from engine import mapoverlay
from engine.games.caucasus import supply, zoc
from engine.games.caucasus.model import AXIS, load_rules

RULES = load_rules()


def overlaid(overlay):
    return dataclasses.replace(RULES, board=mapoverlay.effective(RULES.board, overlay))


def test_a_lake_hexside_stops_a_zoc_on_the_campaign_map_only_6_4():
    """A unit's ZOC does not cross a referee's lake hexside (6.4) on that map; the shipped map's table is unchanged."""
    a, b = "0936", "1035"
    state = {"turn": 1, "units": {"13pz": {"hex": a}}}
    mine = overlaid({"sides": {mapoverlay.side_key(a, b): ["lake"]}})
    assert b in zoc.zoc_hexes(RULES, state, AXIS)
    assert b not in zoc.zoc_hexes(mine, state, AXIS) and a not in zoc.zoc_sources(mine, state, AXIS).get(b, set())
    assert b in zoc.zoc_hexes(RULES, state, AXIS)


def test_a_lake_hexside_cuts_a_road_of_the_supply_network_on_the_campaign_map_only_14_3():
    """A road across a referee's lake hexside is no road leg of a line of supply (14.3) on that map alone."""
    a, b = "0835", "0935"
    state = {"turn": 1}
    assert b in supply._static(RULES, state, AXIS).line_adj[a]
    mine = overlaid({"sides": {mapoverlay.side_key(a, b): ["lake"]}})
    assert b not in supply._static(mine, state, AXIS).line_adj.get(a, frozenset())
    assert b in supply._static(RULES, state, AXIS).line_adj[a]


def test_a_seasonal_swamp_downgrades_a_trace_from_turn_10_only_2_31_14_3():
    """A seasonal swamp is rough up to turn 9 and swamp, which downgrades a free leg (14.3), from turn 10 (2.31)."""
    swamp = "1034"
    assert RULES.board.terrain[swamp] == "seasonal_swamp"
    assert swamp not in supply._static(RULES, {"turn": 9}, AXIS).rough
    assert swamp in supply._static(RULES, {"turn": 10}, AXIS).rough
    assert swamp not in supply._static(RULES, {"turn": 3}, AXIS).rough
