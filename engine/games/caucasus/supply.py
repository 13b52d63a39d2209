"""Supply (14): sources, Connected Rail Hexes, lines of supply, isolation and attrition.

Everything here is a pure function of the static ``Rules`` and the plain-dict state. The Italian
rulebook wins over the English digest; where both are silent the rulings below apply.

Line of Supply (LOS, 14.3), as implemented:

* **Legal hexes.** A trace enters only land hexes that are neither Alpine (7.8: no unit may
  enter them) nor enemy-occupied, nor *empty* hexes in an enemy ZOC (a hex holding a friendly
  unit may be used). It never crosses an all-sea, lake, Alpine or closed-pass hexside
  (``terrain.impassable_side``). North-edge entry hexes A-E may end a trace (they are sources)
  but a trace never runs on through them (4.1: no unit may enter them). The tracing unit's own
  hex is always usable (it holds a friendly unit).
* **Free leg.** At most 5 hexes from the unit, over any legal hexes (roads included, ruling 38).
* **Line leg.** From any road or rail hex reached by the free leg, any distance along road and
  rail edges only (the two may be mixed, ruling 38), through legal hexes. Railways are those
  usable for supply (``terrain.rail(for_supply=True)``: the Sochi-Sukhumi line always, the
  unfinished Astrakhan-Gudermes line from turn 8); the off-map Tbilisi-F link counts as a
  railway for the Soviet only (7.22).
* **Full** (14.1): the free leg reaches a friendly Entry hex, or the LOS (free leg, then the
  line leg) reaches a Connected Rail Hex. The rulebook's example unit D ("one hex through the
  mountains to a road hex that leads out of the mountains to a Connected Rail Hex": Full) is
  why a road leg may lead to the Connected Rail Hex; this reads ruling 38 ("the free trace
  reaches ... a Connected Rail Hex") through the Italian example, which wins.
* **Limited** (14.1): not Full, and the free leg reaches a friendly supply port, or the line leg
  reaches a friendly supply port or a friendly Entry hex ("a road hex that leads to a Supply
  Port or Entry hex"; over rail too when the rail is not a Connected one, ruling 38), or a Full
  trace was downgraded.
* **Mountain/swamp downgrade** (14.3): Full becomes Limited when a hex strictly inside the free
  leg (neither the unit's hex nor the hex where the free leg ends) is Mountain or Swamp and the
  trace does not both enter and leave it along a road or railway. Leaving the unit's own hex or
  entering the last one never downgrades; the line leg never does (it is on road/rail).
* **Minor ports** (14.22) supply at most 3 units. Only units that need the port take a place
  (not Full, and no other Limited route: downgraded Full trace, road/rail leg to an Entry hex, a
  Major port). The places go to the largest possible set of units, chosen in the order
  ``port_priority`` (the owner's choice, ruling 38) and then by unit id; the rest are Out.
* **Temryuk** (14.22): the Soviet loses every Sea of Azov port as a source when the Axis controls
  Temryuk or Temryuk is out of supply; "out of supply" is judged as for a Soviet unit standing
  there, tracing to every Soviet source except the Sea of Azov ports (Temryuk is one of them, so
  it would otherwise always supply itself). The Azov Flotilla is then Out (14.22).
* **Isolated** (14.6): Out, and no trace of any length through legal hexes reaches a Full or
  Limited source (ports count whatever their capacity; the Sea of Azov ports do not when cut).
* **Entries** are "friendly" for a side when their ``side=`` is that side (14.21: Axis entry hexes
  supply the Axis) and the side controls them; A-E can never be captured (4.1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from engine.errors import NotImplementedRule
from engine.games.caucasus.model import SOVIET, Rules, UnitType, enemy, on_map
from engine.games.caucasus.terrain import (
    CONTROL_KINDS,
    SEASONAL_SWAMP_FROM_TURN,
    UNFINISHED_RAIL_FROM_TURN,
    impassable_side,
    is_land,
    is_north_entry,
    natural,
    open_neighbours,
    rail,
    settlement,
)
from engine.games.caucasus.zoc import zoc_hexes
from engine.mapdata import MapData
from engine.memo import PerObject
from engine.text import Text, t

FULL: Final = "full"
LIMITED: Final = "limited"
OUT: Final = "out"
SupplyState = Literal["full", "limited", "out"]
FREE_LEG = 5  # 14.3: the leg to a road or rail hex is at most 5 hexes
MINOR_PORT_CAPACITY = 3  # 14.22
GERMAN = frozenset({"wehrmacht", "ss", "luftwaffe"})  # 14.6 attrition DRM
GUARDS = frozenset({"soviet_guards"})
DOWNGRADE_TERRAIN = frozenset({"mountain", "swamp"})  # 14.3
AZOV = "azov"
TEMRYUK = "Temryuk"


# Map and state helpers shared with rail.py ---------------------------------------------------
def controller(rules: Rules, state: Mapping[str, Any], label: str) -> str | None:
    """The side controlling a town, city or entry hex (2.37), or ``None`` if control is not kept.

    North-edge entry hexes A-E always belong to their printed side (4.1).
    """
    place = rules.board.places.get(label)
    if place is not None and is_north_entry(rules, label):
        return place.get("side")
    owner = state.get("control", {}).get(label)
    if owner is not None:
        return str(owner)
    if place is None or (place.kind not in CONTROL_KINDS and place.get("entry") is None):
        return None
    return place.get("control") or place.get("side") or SOVIET


def friendly_entries(rules: Rules, state: Mapping[str, Any], side: str) -> frozenset[str]:
    """``side``'s own entry hexes that it controls (14.21, 7.22)."""
    return frozenset(
        label
        for label, owner in _places(rules.board).entries
        if owner == side and controller(rules, state, label) == side
    )


class _Places:
    """The entry hexes (with their printed side) and the ports (with their size, by label) of
    a map: the places every supply question starts from, found once per map."""

    def __init__(self, board: MapData) -> None:
        self.board = board
        self.entries: tuple[tuple[str, Any], ...] = tuple(
            (label, place.get("side")) for label, place in board.places.items() if place.get("entry") is not None
        )
        self.ports: tuple[tuple[str, Any], ...] = tuple(
            (label, place.get("port")) for label, place in sorted(board.places.items()) if place.get("port") is not None
        )


def _read_places(board: object) -> _Places:
    assert isinstance(board, MapData)
    return _Places(board)


_places = PerObject(_read_places)


def offmap_links(rules: Rules, side: str) -> tuple[tuple[str, str], ...]:
    """The off-map rail links usable by ``side``: Tbilisi-F, for the Soviet only (7.22)."""
    if side != SOVIET:
        return ()
    out = []
    for name, ends in sorted(rules.board.meta.get("offmap_links", {}).items()):
        if len(ends) != 2 or any(e not in rules.board.grid for e in ends):
            raise ValueError(
                f"map.toml [offmap_links] {name} must name two hexes of the map: {ends!r}"
            )
        out.append((str(ends[0]), str(ends[1])))
    return tuple(out)


def enemy_occupied(rules: Rules, state: Mapping[str, Any], side: str) -> frozenset[str]:
    return _occupied(rules, state, side)[1]


def friendly_occupied(rules: Rules, state: Mapping[str, Any], side: str) -> frozenset[str]:
    return _occupied(rules, state, side)[0]


def _occupied(rules: Rules, state: Mapping[str, Any], side: str) -> tuple[frozenset[str], frozenset[str]]:
    """The hexes holding ``side``'s units and those holding the enemy's, in one pass."""
    specs = rules.units
    mine: set[str] = set()
    theirs: set[str] = set()
    for uid, u in state["units"].items():
        here = u.get("hex")
        if here:
            (mine if specs[uid].side == side else theirs).add(here)
    return frozenset(mine), frozenset(theirs)


#: Rail adjacency per map (the shipped one or a campaign's overlaid one, each immutable) and per
#: what it depends on: side, supply-only lines, and the two turn thresholds (2.33, 2.32).
_RAILS: PerObject[dict[tuple[str, bool, bool, bool], Mapping[str, frozenset[str]]]] = PerObject(lambda board: {})


def rail_adjacency(
    rules: Rules, state: Mapping[str, Any], side: str, for_supply: bool
) -> Mapping[str, frozenset[str]]:
    """Rail edges usable this turn (2.33, 2.34) that cross a passable hexside, plus the off-map
    link; memoised per map (read it, never change it)."""
    turn = int(state["turn"])
    board = rules.board
    held = _RAILS(board)
    key = (side, for_supply, turn < UNFINISHED_RAIL_FROM_TURN, turn < SEASONAL_SWAMP_FROM_TURN)
    found = held.get(key)
    if found is None:
        adj: dict[str, set[str]] = {}
        for a, b in board.lines.get("rail", {}):
            if rail(rules, a, b, turn, for_supply) and impassable_side(rules, a, b, turn) is None:
                adj.setdefault(a, set()).add(b)
                adj.setdefault(b, set()).add(a)
        for a, b in offmap_links(rules, side):
            adj.setdefault(a, set()).add(b)
            adj.setdefault(b, set()).add(a)
        found = held[key] = {h: frozenset(ns) for h, ns in adj.items()}
    return found


def flood(
    seeds: Iterable[str],
    adj: Callable[[str], Iterable[str]],
    can_enter: Callable[[str], bool],
    through: Callable[[str], bool] = lambda h: True,
) -> set[str]:
    """Every hex linked to a seed by ``adj`` steps into enterable hexes.

    A reached hex for which ``through`` is false ends a path: nothing is reached beyond it
    (seeds are always expanded).
    """
    seen = set(seeds)
    frontier = list(seen)
    while frontier:
        nxt = []
        for h in frontier:
            if h not in seeds and not through(h):
                continue
            for n in adj(h):
                if n not in seen and can_enter(n):
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return seen


class _Static:
    """What a side's supply network takes from the map alone for a turn (road and supply-rail
    adjacency across passable hexsides, the hexes a trace may ever enter, the north-edge entries,
    the hexes that downgrade a trace, each hex's open neighbours): the same for every Supply
    Phase of that side until a turn threshold (2.31, 2.32, 2.33) changes it, so kept per map."""

    def __init__(self, rules: Rules, state: Mapping[str, Any], side: str) -> None:
        turn = int(state["turn"])
        self.rules = rules
        self.turn = turn
        board = rules.board
        line_adj: dict[str, set[str]] = {k: set(v) for k, v in rail_adjacency(rules, state, side, True).items()}
        for a, b in board.lines.get("road", {}):
            if impassable_side(rules, a, b, turn) is None:
                line_adj.setdefault(a, set()).add(b)
                line_adj.setdefault(b, set()).add(a)
        self.line_adj: Mapping[str, frozenset[str]] = {h: frozenset(ns) for h, ns in line_adj.items()}
        # 14.3 and 7.8: land hexes that are not Alpine (no other static reason keeps a trace out).
        self.open_land = frozenset(h for h in board.terrain if is_land(rules, h) and natural(rules, h, turn) != "alpine")
        self.north = frozenset(h for h in board.places if is_north_entry(rules, h))
        self.rough = frozenset(h for h in board.terrain if natural(rules, h, turn) in DOWNGRADE_TERRAIN)
        # The north-edge entries next to each road or rail hex along a line, sorted.
        self.line_north: Mapping[str, tuple[str, ...]] = {
            h: ends for h, ns in self.line_adj.items() if (ends := tuple(sorted(ns & self.north)))
        }
        self._steps: dict[str, tuple[tuple[str, bool], ...]] = {}

    def steps(self, h: str) -> tuple[tuple[str, bool], ...]:
        """``h``'s neighbours across a passable hexside that a trace may ever enter
        (``open_land``), each with whether the step follows a road or supply rail (filled as
        traces ask)."""
        found = self._steps.get(h)
        if found is None:
            lines = self.line_adj.get(h, frozenset())
            land = self.open_land
            found = self._steps[h] = tuple(
                (n, n in lines) for n in open_neighbours(self.rules, h, self.turn) if n in land
            )
        return found


#: The static supply network per map (the shipped one or a campaign's overlaid one, each
#: immutable) and per side and turn thresholds, like ``_RAILS``.
_STATICS: PerObject[dict[tuple[str, bool, bool], _Static]] = PerObject(lambda board: {})


def _static(rules: Rules, state: Mapping[str, Any], side: str) -> _Static:
    turn = int(state["turn"])
    board = rules.board
    held = _STATICS(board)
    key = (side, turn < UNFINISHED_RAIL_FROM_TURN, turn < SEASONAL_SWAMP_FROM_TURN)
    found = held.get(key)
    if found is None:
        found = held[key] = _Static(rules, state, side)
    return found


class _Facts:
    """What every supply network of one side in one state shares: occupied hexes, the enemy
    ZOC and (when asked) the Connected Rail Hexes, worked out once for all of them."""

    def __init__(self, rules: Rules, state: Mapping[str, Any], side: str) -> None:
        self.rules = rules
        self.state = state
        self.side = side
        self.friends, self.enemies = _occupied(rules, state, side)
        self.ezoc = zoc_hexes(rules, state, enemy(side))
        self._crh: frozenset[str] | None = None

    @property
    def crh(self) -> frozenset[str]:
        if self._crh is None:
            self._crh = _connected_rail(self.rules, self.state, self.side, True, self.enemies, self.ezoc)
        return self._crh


# Sources (14.2) -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Sources:
    """A side's supply sources: Full (entry hexes, 14.21) and Limited (ports, 14.22).

    ``ports`` maps each usable supply port to its capacity: 3 for a Minor port, ``None`` for a
    Major port (any number). ``azov_cut`` says the Temryuk exception removed the Sea of Azov
    ports (14.22).
    """

    full: frozenset[str]
    ports: Mapping[str, int | None]
    azov_cut: bool = False

    @property
    def limited(self) -> frozenset[str]:
        return frozenset(self.ports)


def _ports(rules: Rules, state: Mapping[str, Any], side: str) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for label, size in _places(rules.board).ports:
        if controller(rules, state, label) != side:
            continue
        if size == "minor":
            out[label] = MINOR_PORT_CAPACITY
        elif size == "major":
            out[label] = None
        else:
            raise NotImplementedRule(
                t(
                    "The port at {hex} has an unknown size {size!r}: only minor and major ports supply.",
                    hex=label,
                    size=size,
                ),
                "14.22",
            )
    return out


def _azov_ports(rules: Rules, ports: Iterable[str]) -> set[str]:
    return {p for p in ports if rules.board.places[p].get("sea") == AZOV}


def sources(rules: Rules, state: Mapping[str, Any], side: str) -> Sources:
    """``side``'s supply sources this Supply Phase, with the Temryuk exception applied (14.2)."""
    return _sources(rules, state, side, None)


def _sources(rules: Rules, state: Mapping[str, Any], side: str, facts: _Facts | None) -> Sources:
    full = friendly_entries(rules, state, side)
    ports = _ports(rules, state, side)
    azov = _azov_ports(rules, ports)
    if side != SOVIET or not azov:
        return Sources(full, ports)
    temryuk = rules.board.place_named(TEMRYUK)
    if temryuk is None:
        raise NotImplementedRule(
            t(
                "The map has Sea of Azov ports but no Temryuk: the Temryuk exception cannot be judged."
            ),
            "14.22",
        )
    cut = controller(rules, state, temryuk.hex) != SOVIET
    if not cut:
        others = {p: c for p, c in ports.items() if p not in azov}
        net = _Net(
            rules, state, SOVIET, Sources(full, others), extra_friendly=frozenset({temryuk.hex}), facts=facts
        )
        cut = net.trace(temryuk.hex).state == OUT
    if cut:
        return Sources(full, {p: c for p, c in ports.items() if p not in azov}, azov_cut=True)
    return Sources(full, ports)


# Connected Rail Hexes (14.3) -------------------------------------------------------------------
def connected_rail_hexes(
    rules: Rules, state: Mapping[str, Any], side: str, for_supply: bool = True
) -> frozenset[str]:
    """Rail hexes linked to a friendly-controlled Entry hex by unbroken rail free of enemy units
    and enemy ZOC (14.3). With ``for_supply`` the supply-only lines count (2.33, 2.34); the
    off-map Tbilisi-F link counts for the Soviet (7.22)."""
    enemies = enemy_occupied(rules, state, side)
    ezoc = zoc_hexes(rules, state, enemy(side))
    return _connected_rail(rules, state, side, for_supply, enemies, ezoc)


def _connected_rail(
    rules: Rules,
    state: Mapping[str, Any],
    side: str,
    for_supply: bool,
    enemies: frozenset[str],
    ezoc: frozenset[str],
) -> frozenset[str]:
    adj = rail_adjacency(rules, state, side, for_supply)

    def free(h: str) -> bool:
        return is_land(rules, h) and h not in enemies and h not in ezoc

    seeds = {e for e in friendly_entries(rules, state, side) if e in adj and free(e)}
    reached = flood(
        seeds,
        lambda h: adj.get(h, ()),
        lambda h: free(h) and not is_north_entry(rules, h),
    )
    return frozenset(reached)


# Lines of supply (14.3) ----------------------------------------------------------------------
@dataclass(frozen=True)
class SupplyResult:
    """A unit's supply state (14.1), whether it is isolated (14.6), and why, in a few words."""

    state: SupplyState
    isolated: bool
    reason: Text
    source: str | None = None  # the entry hex, Connected Rail Hex or port the trace reached


@dataclass
class _Trace:
    state: SupplyState
    reason: Text
    source: str | None = None
    minor_ports: tuple[str, ...] = ()  # Limited only through these minor ports (capacity 3)


@dataclass
class _Component:
    crh: str | None = None
    entry: str | None = None
    ports: set[str] = field(default_factory=set)


class _Net:
    """One side's supply network for one state: legal hexes, road/rail components, sources."""

    def __init__(
        self,
        rules: Rules,
        state: Mapping[str, Any],
        side: str,
        srcs: Sources,
        extra_friendly: frozenset[str] = frozenset(),
        facts: _Facts | None = None,
    ) -> None:
        if facts is None:
            facts = _Facts(rules, state, side)
        self.rules = rules
        self.turn = int(state["turn"])
        self.srcs = srcs
        self.static = _static(rules, state, side)
        self.facts = facts
        self._steps: dict[str, tuple[tuple[str, bool], ...]] = {}
        self._traces: dict[str, _Trace] = {}
        self.enemies = facts.enemies
        self.friends = facts.friends | extra_friendly
        self.ezoc = facts.ezoc
        # Land, non-Alpine hexes a trace still may not enter: enemy-occupied, or an empty hex
        # in an enemy ZOC (14.3).
        self.blocked = self.enemies | (self.ezoc - self.friends)
        # Road and supply-rail adjacency, only across passable hexsides.
        self.line_adj = self.static.line_adj
        # The road/rail component of each line hex, found when a trace first reaches it.
        self.comp: dict[str, _Component | None] = {}

    @property
    def crh(self) -> frozenset[str]:
        return self.facts.crh

    def component(self, h: str) -> _Component | None:
        """The component of legal road/rail hexes holding ``h`` (north-edge entries excepted),
        with the first Connected Rail Hex and entry hex and every port on it or next to it."""
        if h in self.comp:
            return self.comp[h]
        north = self.static.north
        if h not in self.line_adj or not self.legal(h) or h in north:
            self.comp[h] = None
            return None
        members = {h}
        frontier = [h]
        line_adj, open_land, blocked = self.line_adj, self.static.open_land, self.blocked
        while frontier:
            nxt = []
            for x in frontier:
                for n in line_adj.get(x, ()):
                    if n not in members and n in open_land and n not in blocked and n not in north:
                        members.add(n)
                        nxt.append(n)
            frontier = nxt
        crh, full, ports, comp = self.crh, self.srcs.full, self.srcs.ports, self.comp
        line_north, legal = self.static.line_north, self.legal
        info = _Component()
        for m in sorted(members):
            comp[m] = info
            # North-edge entries end the line leg: attach those next to the component.
            for x in (m, *(n for n in line_north.get(m, ()) if legal(n))):
                if x in crh and info.crh is None:
                    info.crh = x
                if x in full and info.entry is None:
                    info.entry = x
                if x in ports:
                    info.ports.add(x)
        return info

    def legal(self, h: str) -> bool:
        """May a supply trace enter ``h``? (14.3; Alpine hexes: 7.8)."""
        return h in self.static.open_land and h not in self.blocked

    def steps(self, h: str) -> tuple[tuple[str, bool], ...]:
        """The neighbours a trace may step into from ``h`` (passable hexside, legal hex), each
        with whether the step follows a road or supply rail; kept per hex like ``legal``: every
        unit's free leg walks the same hexes again."""
        found = self._steps.get(h)
        if found is None:
            blocked = self.blocked
            found = self._steps[h] = tuple(step for step in self.static.steps(h) if step[0] not in blocked)
        return found

    def free_leg(self, start: str) -> dict[str, tuple[bool, int]]:
        """Hexes within 5 legal hexes of ``start``: (downgraded on every such path, distance)."""
        return self._free_leg(start, False)[0]

    def _free_leg(self, start: str, settle: bool) -> tuple[dict[str, tuple[bool, int]], _Trace | None]:
        """``free_leg``; with ``settle``, the walk stops at the first distance where a hex
        reached without a downgrade is an entry hex or on a road or rail leading to a Connected
        Rail Hex, with the Full trace ``_trace`` would find there: such a hex is never reached
        again (only downgraded ones are), and those met later are farther, so later in the
        order ``_trace`` reads them."""
        if settle and start in self.srcs.full:
            return {start: (False, 0)}, self._full_at(start)
        north, rough_hexes, steps = self.static.north, self.static.rough, self.steps
        best: dict[str, tuple[bool, int]] = {start: (False, 0)}
        # State: hex, entered along a road/rail edge, downgraded.
        frontier: list[tuple[str, bool, bool]] = [(start, False, False)]
        seen = {(start, False, False)}
        for dist in range(1, FREE_LEG + 1):
            nxt: list[tuple[str, bool, bool]] = []
            fresh: list[str] = []  # hexes reached without a downgrade for the first time
            for h, by_line, down in frontier:
                rough = False
                if h != start:
                    if h in north:
                        continue  # A-E end a trace (4.1)
                    rough = h in rough_hexes
                for n, on_line in steps(h):
                    d2 = down or (rough and not (by_line and on_line))
                    key = (n, on_line, d2)
                    if key in seen:
                        continue
                    seen.add(key)
                    nxt.append(key)
                    old = best.get(n)
                    if old is None or (old[0] and not d2):
                        best[n] = (d2, dist)  # BFS: the first time is the shortest
                        if not d2:
                            fresh.append(n)
            frontier = nxt
            if settle:
                for h in sorted(fresh):
                    full = self._full_at(h)
                    if full is not None:
                        return best, full
        return best, None

    def _full_at(self, h: str) -> _Trace | None:
        """The Full trace through ``h`` when the free leg reaches it without a downgrade: an
        entry hex, or a road or rail hex leading to a Connected Rail Hex (``_trace``'s order)."""
        if h in self.srcs.full:
            return _Trace(FULL, t("Full supply: traces to entry hex {hex}.", hex=h), h)
        info = self.component(h)
        if info is not None and info.crh is not None:
            crh = h if h in self.crh else info.crh
            return _Trace(FULL, t("Full supply: traces to Connected Rail Hex {hex}.", hex=crh), crh)
        return None

    def trace(self, start: str) -> _Trace:
        """The best supply a unit in ``start`` can trace, before minor-port allocation (the same
        for every unit of the stack: traced once per hex)."""
        found = self._traces.get(start)
        if found is None:
            found = self._traces[start] = self._trace(start)
        return _Trace(found.state, found.reason, found.source, found.minor_ports)

    def _trace(self, start: str) -> _Trace:
        info = self.component(start)
        if start not in self.srcs.full and info is not None and info.crh is not None:
            # The unit's own hex comes first (distance 0, never downgraded): on a road or rail
            # leading to a Connected Rail Hex it is Full whatever else its free leg reaches.
            crh = start if start in self.crh else info.crh
            return _Trace(FULL, t("Full supply: traces to Connected Rail Hex {hex}.", hex=crh), crh)
        reached, full = self._free_leg(start, True)
        if full is not None:
            return full
        order = sorted(reached, key=lambda h: (reached[h][1], h))
        full_down: str | None = None
        for h in order:
            down = reached[h][0]
            if h in self.srcs.full:
                if not down:
                    return _Trace(FULL, t("Full supply: traces to entry hex {hex}.", hex=h), h)
                full_down = full_down or h
            info = self.component(h)
            if info is not None and info.crh is not None:
                crh = h if h in self.crh else info.crh
                if not down:
                    return _Trace(
                        FULL, t("Full supply: traces to Connected Rail Hex {hex}.", hex=crh), crh
                    )
                full_down = full_down or crh
        if full_down is not None:
            return _Trace(
                LIMITED,
                t(
                    "Limited supply: the line of supply to {hex} passes through mountain or swamp off road and rail.",
                    hex=full_down,
                ),
                full_down,
            )
        ports: set[str] = set()
        for h in order:
            if h in self.srcs.ports:
                ports.add(h)
            info = self.component(h)
            if info is None:
                continue
            if info.entry is not None:
                return _Trace(
                    LIMITED,
                    t("Limited supply: road or rail leads to entry hex {hex}.", hex=info.entry),
                    info.entry,
                )
            ports |= info.ports
        major = sorted(p for p in ports if self.srcs.ports[p] is None)
        if major:
            return _Trace(
                LIMITED, t("Limited supply: traces to major port {hex}.", hex=major[0]), major[0]
            )
        if ports:
            return _Trace(
                LIMITED, t("Limited supply: traces to a minor port."), None, tuple(sorted(ports))
            )
        return _Trace(OUT, t("Out of supply: no line of supply to any source."))

    def connected_to_source(self) -> set[str]:
        """Every hex with a trace of any length to a source (14.6 isolation)."""
        seeds = {s for s in (*self.srcs.full, *self.srcs.ports) if self.legal(s)}
        north, steps = self.static.north, self.steps
        seen = set(seeds)
        frontier = list(seen)
        while frontier:
            nxt = []
            for h in frontier:
                for n, _ in steps(h):  # steps: open hexsides into legal hexes
                    if n not in seen and n not in north:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return seen


def _allocate(
    wants: Mapping[str, Sequence[str]], order: Sequence[str], capacity: int
) -> dict[str, str]:
    """Minor-port places: a largest set of units, preferring earlier units in ``order``.

    Augmenting paths (Kuhn) in ``order``: a unit once placed is never dropped, so the placed set
    is the greedy basis of the transversal matroid, a maximum one.
    """
    users: dict[str, list[str]] = {}
    placed: dict[str, str] = {}

    def augment(uid: str, seen: set[str]) -> bool:
        for p in wants[uid]:
            if p in seen:
                continue
            seen.add(p)
            here = users.setdefault(p, [])
            if len(here) < capacity:
                here.append(uid)
                placed[uid] = p
                return True
            for other in sorted(here):
                if augment(other, seen):
                    here.remove(other)
                    here.append(uid)
                    placed[uid] = p
                    return True
        return False

    for uid in order:
        augment(uid, set())
    return placed


def supply_status(
    rules: Rules, state: Mapping[str, Any], side: str, port_priority: Sequence[str] = ()
) -> dict[str, SupplyResult]:
    """The supply state of every ``side`` unit on the map, HQs included (14.1, 14.6).

    ``port_priority`` lists units in the owner's order of preference for minor-port places
    (14.22); the others follow by unit id.
    """
    facts = _Facts(rules, state, side)
    srcs = _sources(rules, state, side, facts)
    net = _Net(rules, state, side, srcs, facts=facts)
    linked: set[str] | None = None  # 14.6's whole-map flood, run only once a unit is Out
    traces: dict[str, _Trace] = {}
    for uid, u in on_map(state):
        spec = rules.units[uid]
        if spec.side != side:
            continue
        if srcs.azov_cut and spec.type == UnitType.AZOV_FLOTILLA:
            traces[uid] = _Trace(
                OUT, t("Out of supply: the Sea of Azov ports are lost with Temryuk.")
            )
            continue
        traces[uid] = net.trace(u["hex"])
    wants = {uid: tr.minor_ports for uid, tr in traces.items() if tr.minor_ports}
    order = [u for u in port_priority if u in wants] + sorted(
        u for u in wants if u not in port_priority
    )
    placed = _allocate(wants, order, MINOR_PORT_CAPACITY)
    out: dict[str, SupplyResult] = {}
    for uid, tr in traces.items():
        if tr.minor_ports:
            if uid in placed:
                tr = _Trace(
                    LIMITED,
                    t("Limited supply: traces to minor port {hex}.", hex=placed[uid]),
                    placed[uid],
                )
            else:
                tr = _Trace(
                    OUT,
                    t(
                        "Out of supply: minor port {ports} already supplies 3 units.",
                        ports=", ".join(tr.minor_ports),
                    ),
                )
        if tr.state == OUT and linked is None:
            linked = net.connected_to_source()
        isolated = tr.state == OUT and linked is not None and state["units"][uid]["hex"] not in linked
        reason = tr.reason
        if isolated:
            reason = t("{reason} Isolated: no trace of any length to a source.", reason=tr.reason)
        out[uid] = SupplyResult(tr.state, isolated, reason, tr.source)
    return out


# Isolation attrition (14.6) --------------------------------------------------------------------
def attrition_drm(rules: Rules, state: Mapping[str, Any], uid: str) -> int:
    """The die modifier of an isolated unit's attrition roll (14.6, Attrition Table).

    +2 for a trace of any length to a friendly Major or Minor City or a friendly HQ (the 4th
    Guards Cavalry Corps HQ does not count, ruling 36); otherwise +1 for one to a friendly Town;
    +1 for German (Wehrmacht, SS, Luftwaffe) and Soviet Guards units; -2 in a Desert hex.
    """
    spec = rules.units[uid]
    here = state["units"][uid].get("hex")
    if not here:
        raise ValueError(f"{uid} is not on the map")
    side = spec.side
    net = _Net(rules, state, side, Sources(frozenset(), {}))
    reach = flood(
        {here},
        lambda h: open_neighbours(rules, h, net.turn),
        lambda h: net.legal(h) and h not in net.static.north,
    )
    hqs = {
        u["hex"]
        for other, u in on_map(state)
        if other != uid
        and rules.units[other].side == side
        and rules.units[other].type == UnitType.HQ
        and "cav_corps_hq" not in rules.units[other].flags
    }
    cities = {
        h
        for h in reach
        if settlement(rules, h) in ("minor_city", "major_city")
        and controller(rules, state, h) == side
    }
    towns = {
        h for h in reach if settlement(rules, h) == "town" and controller(rules, state, h) == side
    }
    drm = 0
    if cities or hqs & reach:
        drm += 2
    elif towns:
        drm += 1
    if spec.nationality in GERMAN or spec.nationality in GUARDS:
        drm += 1
    if natural(rules, here, net.turn) == "desert":
        drm -= 2
    return drm


def attrition_result(modified_die: int) -> bool:
    """Whether the unit loses a step: a modified 1-4 loses one, 5-6 has no effect (14.6)."""
    return modified_die <= 4


def hex_supply(rules: Rules, state: Mapping[str, Any], side: str) -> Callable[[str], str]:
    """A function giving the supply a ``side`` unit would have in a hex (for the retreat
    priorities of 11.1): "full", "limited" or "out". Minor-port capacity is not allocated
    here: a hex that traces to a friendly minor port counts as limited."""
    facts = _Facts(rules, state, side)
    srcs = _sources(rules, state, side, facts)
    net = _Net(rules, state, side, srcs, facts=facts)
    cache: dict[str, str] = {}

    def supply_of(label: str) -> str:
        if label not in cache:
            cache[label] = net.trace(label).state
        return cache[label]

    return supply_of
