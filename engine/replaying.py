"""Replaying accepted records: what a game may skip when the kernel applies an order again.

An order in a campaign's log was checked against every rule when it was accepted. When the
kernel replays such a record (loading a campaign, rewinding), ``accepted(ctx)`` is true while the
game applies it, and the game may skip a search it runs only to refuse an illegal order (legal
hexes of a placement, say), never one whose answer the order's effects use. The end state of a
replay is still checked against the game's invariants and the stored hash; a replay of records
from outside (an imported file, ``adjutant replay``) runs every check.
"""

from __future__ import annotations

from engine.game import Context


def accepted(ctx: Context) -> bool:
    """True while the kernel replays a record the campaign accepted earlier (see the module)."""
    return getattr(ctx, "accepted", False) is True
