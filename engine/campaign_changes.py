"""What a referee changed in a campaign, as the players' ``status`` tells it (issue 14).

The panel and the pictures show the campaign's map overrides (``engine.mapoverlay``) and the
counter values a referee changed (``engine.printed``); the text ``status`` ends with the same,
in full: each map change as the ``map`` command that makes it, each changed counter with the
values it now shows. A game passes the counters it may show (never a secret one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import mapoverlay
from engine.text import Text, t


def with_changes(status: Text, state: Mapping[str, Any], counters: Sequence[str]) -> Text:
    """``status`` followed by the campaign's map overrides and the changed ``counters`` (each
    already written as the game shows it), or ``status`` alone when the referee changed neither."""
    overlay = state.get(mapoverlay.MAP_KEY) or {}
    changes = mapoverlay.commands(overlay) if overlay else []
    if changes:
        status = t("{status} Map overrides of this campaign: {changes}.", status=status, changes="; ".join(changes))
    if counters:
        status = t("{status} Counter values changed by the referee: {units}.", status=status, units="; ".join(counters))
    return status
