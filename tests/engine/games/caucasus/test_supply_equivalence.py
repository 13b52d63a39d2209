"""The memoised supply, ZOC and stacking lookups answer exactly as the algorithms they replaced
(kept in ``supply_reference``), over positions of random play and scrambled copies of them."""

from __future__ import annotations

import random

import pytest

from engine.games.caucasus import moves, supply, zoc
from engine.games.caucasus.model import SIDES, stacks, units_at
from engine.games.caucasus.terrain import is_land
from tests.engine.games.caucasus import supply_reference as ref
from tests.engine.games.caucasus.supply_positions import positions, rules


def _answer(fn, *args):
    """What ``fn`` returns, or the kind and text of what it raises."""
    try:
        return fn(*args)
    except Exception as exc:  # the same refusal is part of the same answer
        return (type(exc).__name__, str(exc))


def _results(status):
    if isinstance(status, tuple):
        return status
    return {uid: (r.state, r.isolated, r.reason, r.source) for uid, r in status.items()}


@pytest.fixture(scope="module")
def states():
    return positions()


def test_zoc_hexes_and_sources_are_unchanged(states):
    """6: every side's ZOC hexes and the hexes exerting them are those of the unit-by-unit scan."""
    r = rules()
    for state in states:
        for side in SIDES:
            assert zoc.zoc_hexes(r, state, side) == ref.zoc_hexes(r, state, side)
            assert zoc.zoc_sources(r, state, side) == ref.zoc_sources(r, state, side)


def test_units_at_and_stacks_are_unchanged(states):
    """5.1: the units in each hex, and the over-stacked hexes, are those of a scan per hex."""
    r = rules()
    for state in states:
        labels = {u.get("hex") for u in state["units"].values() if u.get("hex")}
        for label in sorted(labels):
            assert units_at(state, label) == sorted(uid for uid, u in state["units"].items() if u.get("hex") == label)
        for side in SIDES:
            by_hex = stacks(r, state, side)
            assert by_hex == {
                h: [u for u in units_at(state, h) if r.units[u].side == side]
                for h in sorted(labels)
                if any(r.units[u].side == side for u in units_at(state, h))
            }
            want = {}
            for h in sorted(by_hex):
                here = [u for u in units_at(state, h) if r.units[u].side == side]
                if moves.stack_count(r, here) > 3:
                    want[h] = here
            assert moves.over_stacked(r, state, side) == want


def test_supply_status_is_unchanged(states):
    """14.1-14.6: every unit's supply state, isolation, reason and source are the old trace's."""
    r = rules()
    for state in states:
        for side in SIDES:
            got = _results(_answer(supply.supply_status, r, state, side))
            want = _results(_answer(ref.supply_status, r, state, side))
            assert got == want


def test_sources_and_connected_rail_hexes_are_unchanged(states):
    """14.2, 14.3: the sources (Temryuk exception included) and the Connected Rail Hexes."""
    r = rules()
    for state in states:
        for side in SIDES:
            got, want = _answer(supply.sources, r, state, side), _answer(ref.sources, r, state, side)
            if isinstance(want, tuple):
                assert got == want
            else:
                assert (got.full, dict(got.ports), got.azov_cut) == (want.full, dict(want.ports), want.azov_cut)
            for for_supply in (True, False):
                assert supply.connected_rail_hexes(r, state, side, for_supply) == ref.connected_rail_hexes(
                    r, state, side, for_supply
                )


def test_hex_supply_is_unchanged(states):
    """11.1: the supply a unit would have in any hex, for the retreat priorities."""
    r = rules()
    rnd = random.Random("hex supply")
    land = sorted(h for h in r.board.terrain if is_land(r, h))
    for state in states[::3]:
        for side in SIDES:
            got, want = supply.hex_supply(r, state, side), ref.hex_supply(r, state, side)
            for label in rnd.sample(land, 40):
                assert got(label) == want(label), (side, label)


def test_attrition_drm_is_unchanged(states):
    """14.6: the attrition die modifier of units on the map."""
    r = rules()
    rnd = random.Random("attrition")
    for state in states[::3]:
        on_map = sorted(uid for uid, u in state["units"].items() if u.get("hex"))
        for uid in rnd.sample(on_map, min(6, len(on_map))):
            assert supply.attrition_drm(r, state, uid) == ref.attrition_drm(r, state, uid)
