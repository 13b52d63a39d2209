"""A plain-text description of a picture, for screen readers and for the image's alt text.

Says what the image shows (the whole map or the area of the last action), the status, what
the last action did and where, and which counters stand there. Hidden counters are described
only by side. Kept under ``limit`` characters (Discord allows 1,024 for an alt text).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.game import Game
from engine.hexgrid import Label
from engine.mapdata import MapData
from engine.mapoverlay import effective
from engine.mapview import HexMarker, LastAction, MapView, UnitOnMap
from engine.text import Text, ngettext, t
from render.compose import MARGIN_HEXES
from render.mapwords import map_title, place_name

LIMIT = 1000


Translate = Callable[[str], str] | None


def _tr(text: Text, translate: Translate) -> str:
    return text.format(translate)


def _where(board: MapData | None, label: Label, translate: Translate = None) -> str:
    place = board.places.get(label) if board else None
    if place and place.kind != "entry":
        return _tr(t("{hex} ({place})", hex=label, place=place_name(place.name)), translate)
    return label


def _unit(u: UnitOnMap, translate: Translate = None) -> str:
    if u.hidden:
        return _tr(t("a hidden {side} unit", side=u.side), translate)
    extra = f" [{', '.join(label for _, label in u.shown_markers())}]" if u.markers else ""
    values = u.raw.get("values")
    return f"{u.name}{f' {values}' if values else ''}{extra}"


def _stack(board: MapData | None, label: Label, stack: list[UnitOnMap], translate: Translate) -> str:
    return f"{_where(board, label, translate)}: {', '.join(_unit(u, translate) for u in stack)}"


def _last_lines(
    board: MapData | None, last: LastAction, at: dict[Label, list[UnitOnMap]], translate: Translate
) -> list[str]:
    lines = []
    if last.text:
        lines.append(last.text.rstrip(".") + ".")
    for path in last.moves:
        if path:
            there = at.get(path[-1], [])
            route = " - ".join(_where(board, h, translate) for h in path)
            if there:
                who = ", ".join(_unit(u, translate) for u in there)
                lines.append(_tr(t("Moved {route} ({who} now there).", route=route, who=who), translate))
            else:
                lines.append(_tr(t("Moved {route}.", route=route), translate))
    for attack in last.attacks:
        sources = ", ".join(_where(board, h, translate) for h in attack.sources) or "?"
        target = _where(board, attack.target, translate)
        if attack.result:
            lines.append(_tr(t("Attack from {sources} on {target}: result {result}.", sources=sources, target=target, result=attack.result), translate))
        else:
            lines.append(_tr(t("Attack from {sources} on {target}.", sources=sources, target=target), translate))
    for path in last.retreats:
        if path:
            route = " - ".join(_where(board, h, translate) for h in path)
            lines.append(_tr(t("Retreat {route}.", route=route), translate))
    return lines


def _counts(units: list[UnitOnMap], translate: Translate) -> str:
    sides = Counter(u.side for u in units)
    hidden = sum(1 for u in units if u.hidden)
    term = getattr(translate, "term", None)  # a side's name in the reader's language
    parts = ", ".join(f"{term(side) if term else side} {n}" for side, n in sorted(sides.items()))
    if hidden:
        hidden_text = ngettext("{n} hidden", "{n} hidden", hidden)
        return _tr(t("{n} counters on the map ({parts}; {hidden}).", n=len(units), parts=parts, hidden=hidden_text), translate)
    return _tr(t("{n} counters on the map ({parts}).", n=len(units), parts=parts), translate)


def board_of(game: Any, name: str) -> MapData | None:
    """The map a view names (``Game.board_named``), or the game's one board for games without that hook."""
    named = getattr(game, "board_named", None)
    board: MapData | None = named(name) if callable(named) else game.board
    return board


def describe(
    game: Game, shown: MapView, full: bool, limit: int = LIMIT, translate: Translate = None, around: str | None = None
) -> str:
    """What the picture of ``shown`` shows, in a few sentences (``around``: a hex the player asked for)."""
    board = board_of(game, shown.map)
    board = board if board is None else effective(board, shown.overlay)
    units = [u for u in shown.units if board is None or u.hex in board.grid]
    at: dict[Label, list[UnitOnMap]] = {}
    for u in units:
        at.setdefault(u.hex, []).append(u)
    last = shown.last
    title = map_title(board.name) if board else (game.name or "map")
    hexes = last.hexes()
    if full:
        head = _tr(t("Whole map of {title}.", title=title), translate)
    elif around:
        head = _tr(t("{title}, the area around {hex}.", title=title, hex=_where(board, around, translate)), translate)
    elif hexes:
        head = _tr(t("{title}, the area of the last action around {hexes}.", title=title, hexes=", ".join(sorted(set(hexes))[:6])), translate)
    else:
        head = _tr(t("{title}, the area around your units.", title=title), translate)
    lines = [head]
    status = shown.panel_items()
    if status:
        lines.append("; ".join(f"{k}: {v}" for k, v in status) + ".")
    lines += _last_lines(board, last, at, translate)
    lines.append(_counts(units, translate))
    listed = sorted(at)
    rows: dict[Label, list[HexMarker]] = {}
    for m in shown.markers:
        if board is None or m.hex in board.grid:
            rows.setdefault(m.hex, []).append(m)
    marked = sorted(rows)
    if not full and hexes and board is not None:
        near = {h for c in hexes if c in board.grid for h in board.grid.within(c, MARGIN_HEXES)}
        listed = [h for h in listed if h in near]
        marked = [h for h in marked if h in near]
    text = " ".join(lines)
    # The markers first, leaving the counters at least a third of what remains.
    reserve = (limit - len(text)) // 3 if listed else 0
    text = _listing(text, t("Markers:"), [_marked(board, h, rows[h], translate) for h in marked], limit, reserve, translate)
    text = _listing(text, t("Counters:"), [_stack(board, h, at[h], translate) for h in listed], limit, 0, translate)
    return text[:limit]


def _marked(board: MapData | None, label: Label, row: list[HexMarker], translate: Translate) -> str:
    """A hex's markers as its tags read (the reader's language), each side named once after the
    first of its markers ("Obj 1 (Axis), AX"): a text-only post keeps Smoke, fortifications,
    objective control and the rest."""
    term = getattr(translate, "term", None)
    named: set[str] = set()
    parts = []
    for m in row:
        if m.side and m.side not in named:
            named.add(m.side)
            parts.append(f"{m.shown} ({term(m.side) if term else m.side})")
        else:
            parts.append(m.shown)
    return f"{_where(board, label, translate)}: {', '.join(parts)}"


def _listing(text: str, heading: Text, entries: list[str], limit: int, reserve: int, translate: Translate) -> str:
    """``text`` followed by ``heading`` and as many ``entries`` as fit under ``limit`` less ``reserve``
    (the rest told as "and N more hexes")."""
    if not entries:
        return text
    text += " " + _tr(heading, translate) + " "
    for i, s in enumerate(entries):
        more = " " + _tr(ngettext("and {n} more hex.", "and {n} more hexes.", len(entries) - i), translate) if i else ""
        if len(text) + len(s) + 2 + len(" and 999 more hexes.") + reserve > limit:
            return text.rstrip("; ") + (more or " " + _tr(t("(too many to list)."), translate))
        text += s + ("; " if i < len(entries) - 1 else ".")
    return text
