"""Stalin's War: the blocked hexes of a supply trace (13.1.3), read in one pass over the units,
are the hexes the rule's pieces name one by one: the enemy's units, the enemy-controlled key hexes,
enemy entrenchments, Festung for the Soviet, and the enemy ZOC not negated (8.2, 8.3)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine import mapoverlay
from engine.games.stalins_war import supply, zoc
from engine.games.stalins_war.model import AXIS, SOVIET, Rules, enemy
from tests.engine.games.stalins_war.flow_helpers import RULES
from tests.engine.games.stalins_war.random_positions import empty_position, random_position


def by_the_rule(rules: Rules, state: dict[str, Any], side: str) -> frozenset[str]:
    """13.1.3 read piece by piece, each through the function that states it."""
    foe = enemy(side)
    out = set(zoc.friendly_hexes(rules, state, foe))
    out.update(label for label, who in state["control"].items() if who == foe and supply.key_hex(rules, state, label))
    out.update(label for label, who in state["markers"].get("entrench", {}).items() if who == foe)
    if side == SOVIET:
        out.update(state["markers"].get("festung", []))
    out |= zoc.supply_blocking_zoc(rules, state, side)
    return frozenset(out)


def test_the_blocked_hexes_are_the_rule_piece_by_piece_over_random_positions_13_1_3():
    """Over random positions, both sides: the one-pass blocked hexes equal 13.1.3 read piece by piece."""
    rnd = random.Random(1303)
    for _ in range(60):
        state = random_position(rnd)
        for side in (AXIS, SOVIET):
            assert supply.blocked_hexes(RULES, state, side) == by_the_rule(RULES, state, side)


def test_a_vp_hex_from_an_event_blocks_only_once_the_event_is_in_play_13_1_3():
    """A VP hex only after an event (vp_after, as Chelyabinsk after SU8) blocks Axis supply once the
    event is in play, not before (13.1.3, 5.1.1), on a referee's map read once per map."""
    town = next(label for label, place in sorted(RULES.board.places.items()) if place.kind == "town" and not place.get("vp") and not place.get("oil"))
    overlay = {"places": {town: {"name": "Testgrad", "kind": "town", "attrs": {"vp": "1", "vp_after": "SU8"}}}}
    rules = replace(RULES, board=mapoverlay.effective(RULES.board, overlay))
    state = empty_position()
    state["control"][town] = SOVIET
    state["events"].pop("SU8", None)
    assert town not in supply.blocked_hexes(rules, state, AXIS)
    assert town not in supply.blocked_hexes(RULES, state, AXIS)
    state["events"]["SU8"] = 1
    assert town in supply.blocked_hexes(rules, state, AXIS)
    assert town not in supply.blocked_hexes(RULES, state, AXIS)  # the printed map's town is no VP hex
    assert supply.blocked_hexes(rules, state, AXIS) == by_the_rule(rules, state, AXIS)
