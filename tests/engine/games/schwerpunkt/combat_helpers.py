"""Shared helpers for the Schwerpunkt combat tests: a combat set up by hand, hits imposed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import render
from engine.game import PUBLIC
from engine.kernel import Match
from tests.engine.games.schwerpunkt.helpers import new_match, position, to_movement


def german_combat(stacks: Mapping[str, Sequence[str]], dice: tuple[int, int] = (6, 6)) -> Match:
    """The German's first activity phase, Combat segment first, with ``stacks`` on the map."""
    match = new_match()
    to_movement(match, "german", c3i=1, dice=dice)
    position(match, stacks)
    match.state["flow"][-1]["step"] = "combat"
    return match


def impose_hits(match: Match, german: int, soviet: int, stage: str = "defender") -> None:
    """Skip the chits and the roll of the combat under way: these hits, at ``stage``."""
    c = match.state["combat"]
    match.state.pop("sealed", None)
    for side, ids in c.get("drawn", {}).items():
        match.state["cups"][side] = sorted(match.state["cups"][side] + ids)
    c.update(stage=stage, hits={"german": german, "soviet": soviet}, mot_first={"german": False, "soviet": False}, drawn={}, retreat=None)
    match.state["flow"][-1] = {"proc": "combat"}


def seen_by(match: Match, viewer: str, records) -> str:
    """Every log line of ``records`` that ``viewer`` reads, and their echoes."""
    out = []
    for r in records:
        if r.role != viewer:
            out.append(match.order_text(r, viewer))
        out += [render(e.text, viewer=viewer) for e in r.entries if e.to in ("*", viewer)]
    return " ".join(out)


__all__ = ["PUBLIC", "german_combat", "impose_hits", "seen_by"]
