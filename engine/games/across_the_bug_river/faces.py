"""What a shown counter prints in the pictures: its type for everyone it is shown to, and its
values (current strength, efficiency, movement) for its owner alone.

A unit's current strength is never visible to the enemy (3.4), not even when its stack is
revealed; the stack projection gives the owner (and the referee) every attribute and the enemy
only the public ones, so the values are added exactly where ``strength`` was given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import stacks
from engine.games.across_the_bug_river.data import Rules


def label(rules: Rules, uid: str, unit: Mapping[str, Any]) -> str:
    """"4-6-8": current strength, efficiency (the disorganised side's when disorganised), movement."""
    printed = rules.units.get(uid)
    if printed is None:
        return ""
    eff = printed.eff_d if unit.get("disorganized") else printed.eff
    return f"{unit.get('strength', printed.strength)}-{eff}-{printed.ma}"


def with_faces(rules: Rules, stack: Mapping[str, Any]) -> dict[str, Any]:
    """A stack's JSON view with each shown counter's ``type`` and, where its owner looks, ``values``."""

    def extra(uid: str, attributes: Mapping[str, Any]) -> dict[str, Any]:
        printed = rules.units.get(uid)
        found: dict[str, Any] = {"type": "hq" if attributes.get("kind") == "hq" or printed is None else printed.type}
        if "strength" in attributes and printed is not None:
            found["values"] = label(rules, uid, attributes)
        return found

    return stacks.with_shown_attributes(stack, extra)
