"""Zones of control (6): every unit but white-box units exerts one into its six neighbours."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.caucasus.model import Rules
from engine.games.caucasus.terrain import zoc_neighbours


def exerts_zoc(rules: Rules, uid: str) -> bool:
    return not rules.units[uid].white_box and "cav_corps_hq" not in rules.units[uid].flags


def zoc_sources(rules: Rules, state: Mapping[str, Any], side: str) -> dict[str, set[str]]:
    """For each hex in ``side``'s ZOC, the hexes of the units that exert it there (sets: in no
    particular order, so the units are read as the state holds them, unsorted)."""
    turn = int(state["turn"])
    out: dict[str, set[str]] = {}
    for uid, u in state["units"].items():
        here = u.get("hex")
        spec = rules.units[uid]
        if not here or spec.side != side or not exerts_zoc(rules, uid):
            continue
        for n in zoc_neighbours(rules, here, turn):
            out.setdefault(n, set()).add(here)
    return out


def zoc_hexes(rules: Rules, state: Mapping[str, Any], side: str) -> frozenset[str]:
    """Every hex in the zone of control of ``side``."""
    return frozenset(zoc_sources(rules, state, side))
