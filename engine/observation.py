"""One viewer's observation: the single door through which a game's state leaves the engine.

``Game.observe(state, viewer)`` bundles what a viewer (a role, ``PUBLIC`` or ``REFEREE``) may
know now: the typed map (``engine.mapview.MapView``: counters, blanks for hidden ones, hex
markers, the last action, the status panel), the status text, the viewer's private holdings
(a hand: only for a seat of a game whose seats hold secrets) and the raw projection the map
was read from (game-specific extras such as a hand's card faces). The service, the renderer and
the Discord layer read observations only; texts name secret values through
``engine.text.Secret`` and orders are projected by ``Game.order_text``, so no other path carries
what a viewer may not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.mapview import MapView
from engine.text import Text


@dataclass(frozen=True)
class Observation:
    """What ``viewer`` may know of the game now."""

    viewer: str
    map: MapView
    status: Text
    holdings: Text | None = None  # a seat's private holdings; None: the viewer holds no secret
    view: Mapping[str, Any] = field(default_factory=dict)  # the raw projection (game extras)

    def differs_from(self, other: Observation) -> bool:
        """Whether this viewer's map shows something ``other``'s does not (its own hidden stacks)."""
        return self.map != other.map
