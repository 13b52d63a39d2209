"""What a shown counter prints: its current step's values (CS-TV-MA), for the pictures.

A counter shown to a viewer shows the face it lies on (S 2.48), so its values are as public as
the counter itself; a blank (a counter below the top of an enemy stack) shows nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import stacks
from engine.games.schwerpunkt.model import Rules


def label(rules: Rules, uid: str, step: int) -> str:
    """The values printed on ``uid``'s face ``step``: "6-3-7", "(3)-1-0" for a defence-only CS (S 2.41),
    "6-2*-2" with the asterisk after the TV of a unit that may have integrity (S 2.41, S 2.42)."""
    spec = rules.units.get(uid)
    if spec is None or not spec.steps:
        return ""
    face = spec.steps[min(max(step, 0), len(spec.steps) - 1)]
    cs = f"({face.cs})" if face.defend_only else str(face.cs)
    return f"{cs}-{face.tv}{'*' if spec.integrity else ''}-{face.ma}"


def with_values(rules: Rules, stack: Mapping[str, Any]) -> dict[str, Any]:
    """A stack's JSON view with each shown counter's printed values (``values``) added."""
    return stacks.with_shown_attributes(stack, lambda uid, attributes: {"values": label(rules, uid, int(attributes.get("step") or 0))})
