"""Zones of control (6): every unit but white-box units exerts one into its six neighbours."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.caucasus.model import Rules
from engine.games.caucasus.terrain import SEASONAL_SWAMP_FROM_TURN, zoc_neighbours
from engine.memo import PerObject


def exerts_zoc(rules: Rules, uid: str) -> bool:
    return not rules.units[uid].white_box and "cav_corps_hq" not in rules.units[uid].flags


#: The units of each side that exert a ZOC, per counter list (the shipped one or a campaign's,
#: each immutable): printed data only, so a ZOC search reads the hexes of these units alone.
_EXERTERS: PerObject[dict[str, tuple[str, ...]]] = PerObject(lambda units: {})


def _exerters(rules: Rules, side: str) -> tuple[str, ...]:
    held = _EXERTERS(rules.units)
    found = held.get(side)
    if found is None:
        found = held[side] = tuple(
            uid for uid, spec in rules.units.items() if spec.side == side and exerts_zoc(rules, uid)
        )
    return found


#: ``zoc_neighbours`` of each hex per map (immutable) and per turn threshold, read without a call.
_NEIGHBOURS: PerObject[dict[bool, dict[str, tuple[str, ...]]]] = PerObject(lambda board: {})


def _neighbours(rules: Rules, turn: int) -> dict[str, tuple[str, ...]]:
    return _NEIGHBOURS(rules.board).setdefault(turn >= SEASONAL_SWAMP_FROM_TURN, {})


def _zoc_of(rules: Rules, turn: int, hexes: set[str]) -> dict[str, tuple[str, ...]]:
    """``zoc_neighbours`` of each of ``hexes``."""
    table = _neighbours(rules, turn)
    out = {}
    for h in hexes:
        found = table.get(h)
        if found is None:
            found = table[h] = zoc_neighbours(rules, h, turn)
        out[h] = found
    return out


def _source_hexes(rules: Rules, state: Mapping[str, Any], side: str) -> set[str]:
    """The hexes holding a unit of ``side`` that exerts a ZOC."""
    units = state["units"]
    out = set()
    for uid in _exerters(rules, side):
        u = units.get(uid)
        if u is not None:
            here = u.get("hex")
            if here:
                out.add(here)
    return out


def zoc_sources(rules: Rules, state: Mapping[str, Any], side: str) -> dict[str, set[str]]:
    """For each hex in ``side``'s ZOC, the hexes of the units that exert it there (sets: in no
    particular order, so the units are read as the state holds them, unsorted)."""
    turn = int(state["turn"])
    out: dict[str, set[str]] = {}
    for here, ns in _zoc_of(rules, turn, _source_hexes(rules, state, side)).items():
        for n in ns:
            found = out.get(n)
            if found is None:
                out[n] = {here}
            else:
                found.add(here)
    return out


def zoc_hexes(rules: Rules, state: Mapping[str, Any], side: str) -> frozenset[str]:
    """Every hex in the zone of control of ``side``."""
    turn = int(state["turn"])
    return frozenset().union(*_zoc_of(rules, turn, _source_hexes(rules, state, side)).values())
