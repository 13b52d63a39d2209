"""Map overrides per campaign: a referee's overlay on the shipped map, kept in the state.

The overlay is the state part ``map_overrides`` (absent while the campaign plays the shipped
map)::

    {"terrain": {"2412": "mountain"},
     "sides": {"2412 2413": ["major_river"]},
     "lines": {"road": {"2412 2413": ["supply_only"], "2510 2511": null}},
     "places": {"2412": {"name": "Maykop", "kind": "town", "attrs": {"vp": "1"}}, "3005": null}}

A hexside is written as its two hexes, sorted, separated by a space; ``null`` takes a line or
a place off the map. Being state, the overlay replays, is exported in position files and goes
back with undo and rewind. ``effective`` gives the map the rules read; the kernel binds it
(``bound``) around every call into a game, and a game reads its rules through ``with_map``, so
every map question its rules modules ask (terrain, hexsides, lines, places) sees the overlay.
The pictures draw ``effective`` of the overlay the view carries (``MapView.overlay``).

The referee command is ``map``: ``map terrain HEX KIND``, ``map side HEX HEX FEATURE...|none``,
``map line KIND HEX HEX on [FLAG...]|off``, ``map place HEX KIND NAME...``, ``map place HEX
none``, ``map attr HEX KEY VALUE|none`` and ``map reset``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import Any, TypeVar

from engine.errors import InvalidOrder, InvariantViolation
from engine.hexgrid import Hexside, Label, hexside
from engine.mapdata import MapData, Place
from engine.text import t

MAP_KEY = "map_overrides"
PARTS = ("terrain", "sides", "lines", "places")
USAGE = t(
    "Usage: map terrain HEX KIND, map side HEX HEX FEATURE...|none, map line KIND HEX HEX on [FLAG...]|off, "
    "map place HEX KIND NAME, map place HEX none, map attr HEX KEY VALUE|none, map reset; each followed by 'because REASON'."
)
NOT_READ = t("This game takes no map overrides: its rules read only its printed map, if it has one.")
_CACHE_SIZE = 16
_EFFECTIVE: dict[tuple[int, str], tuple[MapData, MapData]] = {}
_BOUND: ContextVar[tuple[MapData, MapData] | None] = ContextVar("adjutant_map_overlay", default=None)
R = TypeVar("R")
_RULES: dict[tuple[int, int], tuple[Any, MapData, Any]] = {}


def side_key(a: Label, b: Label) -> str:
    x, y = hexside(a, b)
    return f"{x} {y}"


def _side(key: str) -> Hexside:
    a, _, b = key.partition(" ")
    return hexside(a, b)


def canonical(overlay: Mapping[str, Any] | None) -> str:
    """The overlay as one stable text (the cache key, and the picture's comparable value)."""
    if not overlay:
        return ""
    return json.dumps(overlay, sort_keys=True, separators=(",", ":"))


def effective(board: MapData, overlay: Mapping[str, Any] | str | None) -> MapData:
    """``board`` with the overlay applied (``board`` itself when there is none); cached."""
    text = overlay if isinstance(overlay, str) else canonical(overlay)
    if not text:
        return board
    key = (id(board), text)
    found = _EFFECTIVE.get(key)
    if found is not None and found[0] is board:
        return found[1]
    made = _build(board, json.loads(text))
    if len(_EFFECTIVE) >= _CACHE_SIZE:
        _EFFECTIVE.pop(next(iter(_EFFECTIVE)))
    _EFFECTIVE[key] = (board, made)
    return made


def _build(board: MapData, overlay: Mapping[str, Any]) -> MapData:
    try:
        terrain = {**board.terrain, **{str(h): str(k) for h, k in overlay.get("terrain", {}).items()}}
        sides = dict(board.sides)
        for key, feats in overlay.get("sides", {}).items():
            if feats:
                sides[_side(key)] = frozenset(str(f) for f in feats)
            else:
                sides.pop(_side(key), None)
        lines = {kind: dict(edges) for kind, edges in board.lines.items()}
        for kind, edges in overlay.get("lines", {}).items():
            mine = lines.setdefault(str(kind), {})
            for key, flags in edges.items():
                if flags is None:
                    mine.pop(_side(key), None)
                else:
                    mine[_side(key)] = frozenset(str(f) for f in flags)
        places = dict(board.places)
        for label, place in overlay.get("places", {}).items():
            if place is None:
                places.pop(label, None)
            else:
                attrs = {str(k): str(v) for k, v in place.get("attrs", {}).items()}
                places[label] = Place(str(label), str(place["name"]), str(place["kind"]), attrs)
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise InvariantViolation(t("The map overrides are not in their format ({why}).", why=str(exc))) from exc
    return replace(board, terrain=terrain, sides=sides, lines=lines, places=places, _neighbours={})


def check(board: MapData, overlay: Any) -> None:
    """Raise ``InvariantViolation`` if ``overlay`` is not a well-formed overlay of ``board``."""
    if overlay is None:
        return
    if not isinstance(overlay, dict) or not set(overlay) <= set(PARTS):
        raise InvariantViolation(t("The map overrides hold only the parts {parts}.", parts=", ".join(PARTS)))
    for label in list(overlay.get("terrain", {})) + list(overlay.get("places", {})):
        if label not in board.grid:
            raise InvariantViolation(t("The map overrides name {hex}, which is not a hex of the map.", hex=label))
    keys = list(overlay.get("sides", {}))
    for edges in overlay.get("lines", {}).values():
        keys += list(edges) if isinstance(edges, dict) else [""]
    for key in keys:
        a, _, b = str(key).partition(" ")
        if not (a in board.grid and b in board.grid and board.grid.adjacent(a, b)):
            raise InvariantViolation(t("The map overrides name the hexside '{side}', which is not two adjacent hexes.", side=key))
    _build(board, overlay)


# Binding: the map the rules read during one call into a game ----------------------------------
@contextmanager
def bound(board: MapData | None, state: Mapping[str, Any]) -> Iterator[None]:
    """While the block runs, a game's rules (``with_map``) read ``board`` with ``state``'s overlay."""
    overlay = state.get(MAP_KEY) if isinstance(state, Mapping) else None
    if board is None or not overlay:
        token = _BOUND.set(None)
    else:
        token = _BOUND.set((board, effective(board, overlay)))
    try:
        yield
    finally:
        _BOUND.reset(token)


def with_map(rules: R, board: MapData, make: Callable[[MapData], R]) -> R:
    """``rules`` (static data holding ``board``) as the bound campaign sees them: ``make`` builds
    the same rules on the effective map (once per overlay); ``rules`` itself when none is bound."""
    found = _BOUND.get()
    if found is None or found[0] is not board or found[1] is board:
        return rules
    key = (id(rules), id(found[1]))
    cached = _RULES.get(key)
    if cached is not None and cached[0] is rules and cached[1] is found[1]:
        made: R = cached[2]
        return made
    made = make(found[1])
    if len(_RULES) >= _CACHE_SIZE:
        _RULES.pop(next(iter(_RULES)))
    _RULES[key] = (rules, found[1], made)
    return made


# The referee's ``map`` override ---------------------------------------------------------------
def apply(board: MapData | None, state: dict[str, Any], args: Sequence[str]) -> None:
    """Change ``state``'s overlay as ``map ARGS`` says (``InvalidOrder`` naming the syntax);
    ``board`` is ``None`` for a game whose rules do not read overrides."""
    if board is None:
        raise InvalidOrder(NOT_READ)
    if not args:
        raise InvalidOrder(t("Which part of the map?"), USAGE)
    what, rest = args[0].casefold(), list(args[1:])
    overlay: dict[str, Any] = state.get(MAP_KEY) or {}
    if what == "reset" and not rest:
        state.pop(MAP_KEY, None)
        return
    if what == "terrain" and len(rest) == 2:
        label, kind = _hex(board, rest[0]), rest[1].casefold()
        known = sorted(set(board.meta.get("terrain_codes", {}).values()) or set(board.terrain.values()))
        if kind not in known:
            raise InvalidOrder(t("Unknown terrain '{kind}'; terrains of this map: {names}.", kind=kind, names=", ".join(known)))
        overlay.setdefault("terrain", {})[label] = kind
    elif what == "side" and len(rest) >= 3:
        a, b = _pair(board, rest[0], rest[1])
        feats = [f.casefold() for f in rest[2:]]
        if feats == ["none"]:
            feats = []
        known_sides = board.meta.get("sides", {}).get("features", [])
        for f in feats:
            if known_sides and f not in known_sides:
                raise InvalidOrder(t("Unknown hexside feature '{name}'; features of this map: {names}.", name=f, names=", ".join(known_sides)))
        overlay.setdefault("sides", {})[side_key(a, b)] = sorted(set(feats))
    elif what == "line" and len(rest) >= 4 and rest[3].casefold() in ("on", "off"):
        kind = rest[0].casefold()
        kinds = board.meta.get("lines", {}).get("kinds", []) or sorted(board.lines)
        if kind not in kinds:
            raise InvalidOrder(t("Unknown line '{name}'; lines of this map: {names}.", name=kind, names=", ".join(kinds)))
        a, b = _pair(board, rest[1], rest[2])
        flags = [f.casefold() for f in rest[4:]]
        known_flags = board.meta.get("lines", {}).get("flags", [])
        for f in flags:
            if f not in known_flags:
                raise InvalidOrder(t("Unknown line flag '{name}'; flags of this map: {names}.", name=f, names=", ".join(known_flags) or "-"))
        if rest[3].casefold() == "off" and flags:
            raise InvalidOrder(t("A line taken off the map has no flags."), USAGE)
        edges = overlay.setdefault("lines", {}).setdefault(kind, {})
        edges[side_key(a, b)] = sorted(set(flags)) if rest[3].casefold() == "on" else None
    elif what == "place" and len(rest) == 2 and rest[1].casefold() == "none":
        overlay.setdefault("places", {})[_hex(board, rest[0])] = None
    elif what == "place" and len(rest) >= 3:
        label = _hex(board, rest[0])
        old = effective(board, overlay).places.get(label)
        attrs = dict(old.attrs) if old is not None else {}
        overlay.setdefault("places", {})[label] = {"name": " ".join(rest[2:]), "kind": rest[1].casefold(), "attrs": attrs}
    elif what == "attr" and len(rest) == 3:
        label = _hex(board, rest[0])
        old = effective(board, overlay).places.get(label)
        if old is None:
            raise InvalidOrder(t("There is no place in {hex}; first make one: map place {hex} KIND NAME.", hex=label))
        attrs = dict(old.attrs)
        if rest[2].casefold() == "none":
            attrs.pop(rest[1], None)
        else:
            attrs[rest[1]] = rest[2]
        overlay.setdefault("places", {})[label] = {"name": old.name, "kind": old.kind, "attrs": attrs}
    else:
        raise InvalidOrder(t("'map {args}' is not a map override.", args=" ".join(args)), USAGE)
    state[MAP_KEY] = overlay


def _hex(board: MapData, text: str) -> Label:
    if text not in board.grid:
        raise InvalidOrder(t("'{hex}' is not a hex of this map.", hex=text), USAGE)
    return text


def _pair(board: MapData, a: str, b: str) -> tuple[Label, Label]:
    _hex(board, a), _hex(board, b)
    if not board.grid.adjacent(a, b):
        raise InvalidOrder(t("{a} and {b} are not adjacent: a hexside lies between two adjacent hexes.", a=a, b=b))
    return a, b


def summary(overlay: Mapping[str, Any]) -> str:
    """How many hexes, hexsides, line segments and places the overlay changes, for the status panel."""
    lines = sum(len(edges) for edges in overlay.get("lines", {}).values())
    counts = (
        ("terrain", len(overlay.get("terrain", {}))),
        ("hexsides", len(overlay.get("sides", {}))),
        ("lines", lines),
        ("places", len(overlay.get("places", {}))),
    )
    return ", ".join(f"{name} {n}" for name, n in counts if n)


def commands(overlay: Mapping[str, Any]) -> list[str]:
    """Each change of the overlay as the ``map`` command that makes it (``terrain 2412 mountain``,
    ``line road 2412 2413 off``...), in a stable order: the players' ``status`` lists them."""
    out = [f"terrain {label} {kind}" for label, kind in sorted(overlay.get("terrain", {}).items())]
    out += [f"side {key} {' '.join(feats) or 'none'}" for key, feats in sorted(overlay.get("sides", {}).items())]
    for kind, edges in sorted(overlay.get("lines", {}).items()):
        for key, flags in sorted(edges.items()):
            out.append(f"line {kind} {key} off" if flags is None else " ".join((f"line {kind} {key} on", *flags)))
    for label, place in sorted(overlay.get("places", {}).items()):
        if place is None:
            out.append(f"place {label} none")
        else:
            attrs = "".join(f" {k}={v}" for k, v in sorted(place.get("attrs", {}).items()))
            out.append(f"place {label} {place['kind']} {place['name']}" + (f" ({attrs.strip()})" if attrs else ""))
    return out
