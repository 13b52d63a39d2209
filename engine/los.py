"""Line of sight on a hex grid: centre dot to centre dot, with levels, obstacles and hindrances.

Game-agnostic and pure. A game describes its terrain through ``LosTerrain`` (what each hex and
each hexside holds, keyed by axial coordinates, see ``engine.hexgrid``) and asks
``line_of_sight(terrain, a, b)``; the answer says whether the line is blocked, the single largest
hindrance on it, and every cause with the rule it applies, for previews and refusals.

The rules are those of a tactical game in the Combat Commander family (digest section 3.6):

* 10.1: an imaginary straight line joins the centre dots of the two hexes. Terrain inside, or
  forming part of (a wall on one of its six hexsides), the sighting hex or the target hex never
  matters; a hexside feature of any other hex that the line touches, even grazing it, does.
  LOS is reciprocal: ``line_of_sight(t, a, b)`` equals ``line_of_sight(t, b, a)``.
* 10.2 / 10.2.1: an obstacle touched in an intervening hex blocks; a Blaze fills its whole hex,
  sides and corners included, and blocks at every level.
* 10.3.3 / 10.3.4: hindrances never add up, only the largest counts; Smoke fills its whole hex
  and hinders into, out of and through it, at every level.
* T88.3.1: a hex's level is that of its centre dot. This module reads the map hex by hex: the
  crest line between two levels is taken to lie on the hexsides between hexes of different
  levels (a map transcribed from printed art may override single pairs, which is the game's
  business). With that reading, T88.3.2 (upwards only into the first crest hex of each higher
  level; downwards only if no intervening crest of equal or higher level) and T88.3.3 (a hill
  blocks between lower hexes; a level-3 hill between level-2 hexes lets one see only level 4)
  come to one test: an intervening hex at level ``L`` blocks when ``L`` is above the lower end
  and at least the higher end.
* T88.4: printed obstacles block LOS to or from a hill only at a level equal to or higher than
  both ends; T88.4.1: a lower Woods or Building hex (``blind``) hides the hex of its own level
  (or lower) right behind it, so the lower end of a LOS that is adjacent to such a hex cannot be
  seen from the higher end.
* T88.5: a printed hindrance counts only at a level equal to or higher than both ends.
* T86 (Gully): a unit in a Gully is seen only from an adjacent hex or a higher one.
* T92 / T93: a LOS that follows a road or railway through a hex ignores that hex's printed
  terrain; a railway crossed across hinders by its own value.

A line that runs exactly along a hexside, or passes a corner, touches the hexes on both sides
of it. ``edge_contact`` (default True) says whether the printed terrain of a hex the line only
touches counts, as it does when the terrain fills its hex; an owner whose map art stops short
of the hexsides may set it False. Smoke, Blaze and hexside features count whenever touched.

A map transcribed from printed art may set single pairs by hand (``HandSet``, ``hand_set``): the
owner's reading replaces what the printed terrain gives, and Smoke and Blaze still count.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal, Protocol

Axial = tuple[int, int]

# Axial steps, the same order as engine.hexgrid.AXIAL_DIRECTIONS: NE, SE, S, SW, NW, N.
DIRECTIONS: tuple[Axial, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

# Exact integer geometry: an affine image of flat-topped hexes (x doubled, y scaled by
# 2/sqrt(3)), in which every centre and every corner has integer coordinates. Intersection and
# side-of-line tests are unchanged by an affine map.
_CORNERS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))

Contact = Literal["none", "touch", "cross"]


@dataclass(frozen=True)
class PathLos:
    """A road, trail or railway through a hex: the directions of the hexsides it leaves by.

    ``across`` is the hindrance the path itself puts on a LOS that does not follow it (a
    railway's 1, T92); a LOS that follows it ignores the hex's printed terrain (T92, T93).
    """

    name: str
    sides: frozenset[int]
    across: int = 0


@dataclass(frozen=True)
class HexLos:
    """What one hex holds that matters to LOS."""

    name: str = "open"
    level: int = 0
    obstacle: bool = False
    hindrance: int = 0
    #: A Woods or Building obstacle, which hides the hex right behind it from above (T88.4.1).
    blind: bool = False
    gully: bool = False
    paths: tuple[PathLos, ...] = ()
    smoke: int = 0
    blaze: bool = False


@dataclass(frozen=True)
class SideLos:
    """A hexside feature: a wall or hedge is an obstacle, a fence a hindrance (T84, T87, T97)."""

    name: str
    obstacle: bool = False
    hindrance: int = 0


class LosTerrain(Protocol):
    """The game's terrain, as LOS reads it."""

    def hex_los(self, at: Axial) -> HexLos | None:
        """The hex at ``at``, or ``None`` if it is off the map (then nothing there matters)."""

    def side_los(self, a: Axial, b: Axial) -> SideLos | None:
        """The feature on the hexside between adjacent ``a`` and ``b``, or ``None``."""


@dataclass(frozen=True)
class Cause:
    """One thing on the line that blocks or hinders it, and the rule that says so."""

    rule: str
    what: str
    at: tuple[Axial, ...]
    value: int = 0


@dataclass(frozen=True)
class Sight:
    """The answer: blocked or not, the hindrance that applies, and why."""

    blocked: bool
    hindrance: int
    blocks: tuple[Cause, ...] = ()
    hindrances: tuple[Cause, ...] = ()
    #: Every hex the line touches between the two ends, in no particular order.
    between: frozenset[Axial] = field(default_factory=frozenset)

    @property
    def clear(self) -> bool:
        return not self.blocked


@dataclass(frozen=True)
class HandSet:
    """A pair of hexes whose LOS an owner set by hand from the printed map (``los.txt``)."""

    blocked: bool
    hindrance: int = 0


#: The rules of the markers (Blaze, Smoke), which a hand-set pair never replaces.
MARKER_RULES = frozenset({"10.2.1", "10.3.4"})


def hand_set(sight: Sight, entry: HandSet, ends: tuple[Axial, Axial]) -> Sight:
    """``sight`` with its printed part replaced by ``entry``: the markers' causes stay (10.2.1, 10.3.4),
    every other cause gives way to the hand-set one (10.1 if blocked, 10.3 for its hindrance)."""
    blocks = [c for c in sight.blocks if c.rule in MARKER_RULES]
    hinders = [c for c in sight.hindrances if c.rule in MARKER_RULES]
    if entry.blocked:
        blocks.append(Cause("10.1", "hand-set LOS", ends))
    elif entry.hindrance > 0:
        hinders.append(Cause("10.3", "hand-set LOS", ends, entry.hindrance))
    return _sight(blocks, hinders, sight.between)


def distance(a: Axial, b: Axial) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _centre(h: Axial) -> tuple[int, int]:
    return 3 * h[0], 2 * h[1] + h[0]


def _corner(h: Axial, k: int) -> tuple[int, int]:
    cx, cy = _centre(h)
    dx, dy = _CORNERS[k % 6]
    return cx + dx, cy + dy


def _side_corners(h: Axial, direction: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two corners of ``h`` that end its hexside towards ``direction``."""
    dq, dr = DIRECTIONS[direction]
    nx, ny = 3 * dq, 2 * dr + dq
    ranked = sorted(range(6), key=lambda k: -(_CORNERS[k][0] * nx + _CORNERS[k][1] * ny))
    return _corner(h, ranked[0]), _corner(h, ranked[1])


def _orient(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int]) -> int:
    v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (v > 0) - (v < 0)


def _on_segment(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int]) -> bool:
    """``r`` (collinear with p-q) lies on the closed segment p-q."""
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def _segments_meet(p1: tuple[int, int], p2: tuple[int, int], q1: tuple[int, int], q2: tuple[int, int]) -> bool:
    """The closed segments p1-p2 and q1-q2 share at least one point."""
    o1, o2 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    o3, o4 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    if o1 != o2 and o3 != o4:
        return True
    return (
        (o1 == 0 and _on_segment(p1, p2, q1))
        or (o2 == 0 and _on_segment(p1, p2, q2))
        or (o3 == 0 and _on_segment(q1, q2, p1))
        or (o4 == 0 and _on_segment(q1, q2, p2))
    )


def _lens(a: Axial, b: Axial) -> Iterator[Axial]:
    """Every hex that could touch the line from ``a`` to ``b`` (a superset, tested exactly later)."""
    d = distance(a, b)
    for dq in range(-d - 1, d + 2):
        for dr in range(-d - 1, d + 2):
            h = (a[0] + dq, a[1] + dr)
            if distance(a, h) + distance(h, b) <= d + 2:
                yield h


def touched_sides(h: Axial, a: Axial, b: Axial) -> frozenset[int]:
    """The directions of the hexsides of ``h`` that the segment between centres touches."""
    p1, p2 = _centre(a), _centre(b)
    return frozenset(d for d in range(6) if _segments_meet(p1, p2, *_side_corners(h, d)))


def contact(h: Axial, a: Axial, b: Axial) -> Contact:
    """How the line between the centres of ``a`` and ``b`` meets hex ``h`` (not an end)."""
    if not touched_sides(h, a, b):
        return "none"
    p1, p2 = _centre(a), _centre(b)
    signs = {_orient(p1, p2, _corner(h, k)) for k in range(6)}
    return "cross" if 1 in signs and -1 in signs else "touch"


def hexes_between(a: Axial, b: Axial) -> dict[Axial, Contact]:
    """Every hex other than the ends that the line touches, with how it meets it."""
    out: dict[Axial, Contact] = {}
    for h in _lens(a, b):
        if h in (a, b):
            continue
        c = contact(h, a, b)
        if c != "none":
            out[h] = c
    return out


def sides_between(a: Axial, b: Axial, hexes: Iterable[Axial]) -> set[tuple[Axial, Axial]]:
    """The hexsides the line touches that are not sides of either end hex (10.1)."""
    out: set[tuple[Axial, Axial]] = set()
    for h in hexes:
        for d in touched_sides(h, a, b):
            n = (h[0] + DIRECTIONS[d][0], h[1] + DIRECTIONS[d][1])
            if h in (a, b) or n in (a, b):
                continue
            out.add((h, n) if h <= n else (n, h))
    return out


def _follows(info: HexLos, h: Axial, a: Axial, b: Axial) -> PathLos | None:
    """The path whose hexsides are the only ones of ``h`` the line crosses (T92, T93)."""
    sides = touched_sides(h, a, b)
    for path in info.paths:
        if len(sides) >= 2 and sides <= path.sides:
            return path
    return None


def line_of_sight(terrain: LosTerrain, a: Axial, b: Axial, *, edge_contact: bool = True) -> Sight:
    """The line of sight between the centre dots of ``a`` and ``b``."""
    end_a, end_b = terrain.hex_los(a) or HexLos(), terrain.hex_los(b) or HexLos()
    blocks: list[Cause] = []
    hinders: list[Cause] = []
    # Smoke in either end hex hinders (10.3.4); printed terrain there never matters (10.1).
    for end, end_info in ((a, end_a), (b, end_b)) if a != b else ((a, end_a),):
        if end_info.smoke > 0:
            hinders.append(Cause("10.3.4", "smoke", (end,), end_info.smoke))
    if a == b:
        return _sight(blocks, hinders, frozenset())
    low, high = min(end_a.level, end_b.level), max(end_a.level, end_b.level)
    lower_end = None if end_a.level == end_b.level else (a if end_a.level < end_b.level else b)
    between = hexes_between(a, b)
    for h, how in sorted(between.items()):
        info = terrain.hex_los(h)
        if info is None:
            continue
        if info.blaze:
            blocks.append(Cause("10.2.1", "blaze", (h,)))
        if info.smoke > 0:
            hinders.append(Cause("10.3.4", "smoke", (h,), info.smoke))
        if how == "touch" and not edge_contact:
            continue
        lv = info.level
        if low < lv >= high:
            rule = "T88.3.3" if lv > high else "T88.3.2"
            blocks.append(Cause(rule, "hill", (h,), lv))
        path = _follows(info, h, a, b) if how == "cross" else None
        if path is None:
            for p in info.paths:
                if p.across > 0 and lv >= high:
                    hinders.append(Cause("T92", p.name, (h,), p.across))
        printed = path is None
        if printed and info.obstacle:
            if lv >= high:
                blocks.append(Cause("10.2" if high == 0 else "T88.4", info.name, (h,)))
            elif info.blind and lower_end is not None and lv >= low and distance(h, lower_end) == 1:
                blocks.append(Cause("T88.4.1", info.name, (h,)))
        if printed and info.hindrance > 0 and lv >= high:
            hinders.append(Cause("10.3" if high == 0 else "T88.5", info.name, (h,), info.hindrance))
    for side in sorted(sides_between(a, b, between)):
        feature = terrain.side_los(*side)
        if feature is None:
            continue
        levels = [i.level for i in (terrain.hex_los(side[0]), terrain.hex_los(side[1])) if i is not None]
        side_level = max(levels, default=0)
        if side_level < high:
            continue
        if feature.obstacle:
            blocks.append(Cause("10.1", feature.name, side))
        if feature.hindrance > 0:
            hinders.append(Cause("10.3", feature.name, side, feature.hindrance))
    for end, this, that in ((a, end_a, end_b), (b, end_b, end_a)):
        if this.gully and distance(a, b) > 1 and that.level <= this.level:
            blocks.append(Cause("T86", this.name, (end,)))
    return _sight(blocks, hinders, frozenset(between))


def _sight(blocks: list[Cause], hinders: list[Cause], between: frozenset[Axial]) -> Sight:
    return Sight(
        blocked=bool(blocks),
        hindrance=max((c.value for c in hinders), default=0),
        blocks=tuple(blocks),
        hindrances=tuple(hinders),
        between=between,
    )
