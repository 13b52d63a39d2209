"""A plain-text description of a picture, for screen readers and for the image's alt text.

Says what the image shows (the whole map or the area of the last action), the status, what
the last action did and where, and which counters stand there. Hidden counters are described
only by side. Kept under ``limit`` characters (Discord allows 1,024 for an alt text).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.hexgrid import Label
from engine.mapdata import MapData
from render.compose import MARGIN_HEXES
from render.viewdata import LastAction, UnitOnMap, last_action, status_items, units_on_map

LIMIT = 1000


def _where(board: MapData | None, label: Label) -> str:
    place = board.places.get(label) if board else None
    if place and place.kind != "entry":
        return f"{label} ({place.name})"
    return label


def _unit(u: UnitOnMap) -> str:
    if u.hidden:
        return f"a hidden {u.side} unit"
    extra = f" [{', '.join(u.markers)}]" if u.markers else ""
    values = u.raw.get("values")
    return f"{u.name}{f' {values}' if values else ''}{extra}"


def _stack(board: MapData | None, label: Label, stack: list[UnitOnMap]) -> str:
    return f"{_where(board, label)}: {', '.join(_unit(u) for u in stack)}"


def _last_lines(board: MapData | None, last: LastAction, at: dict[Label, list[UnitOnMap]]) -> list[str]:
    lines = []
    if last.text:
        lines.append(last.text.rstrip(".") + ".")
    for path in last.moves:
        if path:
            there = at.get(path[-1], [])
            who = f" ({', '.join(_unit(u) for u in there)} now there)" if there else ""
            lines.append(f"Moved {' to '.join(_where(board, h) for h in path)}{who}.")
    for attack in last.attacks:
        result = f": result {attack.result}" if attack.result else ""
        sources = ", ".join(_where(board, h) for h in attack.sources) or "unknown hexes"
        lines.append(f"Attack from {sources} on {_where(board, attack.target)}{result}.")
    for path in last.retreats:
        if path:
            lines.append(f"Retreat {' to '.join(_where(board, h) for h in path)}.")
    return lines


def _counts(units: list[UnitOnMap]) -> str:
    sides = Counter(u.side for u in units)
    hidden = sum(1 for u in units if u.hidden)
    parts = ", ".join(f"{side} {n}" for side, n in sorted(sides.items()))
    return f"{len(units)} counters on the map ({parts}{f'; {hidden} hidden' if hidden else ''})."


def describe(game: Any, view: Mapping[str, Any], full: bool, limit: int = LIMIT) -> str:
    """What the picture of ``view`` shows, in a few sentences."""
    board: MapData | None = getattr(game, "board", None)
    units = [u for u in units_on_map(view) if board is None or u.hex in board.grid]
    at: dict[Label, list[UnitOnMap]] = {}
    for u in units:
        at.setdefault(u.hex, []).append(u)
    last = last_action(view)
    title = board.name if board else str(getattr(game, "name", "map"))
    hexes = last.hexes()
    if full:
        head = f"Whole map of {title}."
    elif hexes:
        head = f"{title}, the area of the last action around {', '.join(sorted(set(hexes))[:6])}."
    else:
        head = f"{title}, the area around your units."
    lines = [head]
    status = status_items(view)
    if status:
        lines.append("; ".join(f"{k}: {v}" for k, v in status) + ".")
    lines += _last_lines(board, last, at)
    lines.append(_counts(units))
    shown = sorted(at)
    if not full and hexes and board is not None:
        near = {h for c in hexes if c in board.grid for h in board.grid.within(c, MARGIN_HEXES)}
        shown = [h for h in shown if h in near]
    text = " ".join(lines)
    stacks = [_stack(board, h, at[h]) for h in shown]
    if stacks:
        text += " Counters: "
        for i, s in enumerate(stacks):
            more = f" and {len(stacks) - i} more hexes." if i else ""
            if len(text) + len(s) + 2 + len(" and 999 more hexes.") > limit:
                text = text.rstrip("; ") + (more or " (too many to list).")
                break
            text += s + ("; " if i < len(stacks) - 1 else ".")
    return text[:limit]
