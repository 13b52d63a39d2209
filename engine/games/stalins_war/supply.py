"""Stalin's War: supply (13.0).

Full supply (13.1.2): a path of at most 4 hexes to a friendly source, or to a rail hex connected by
an unbroken chain of rail hexes to a friendly source; or at most 4 hexes to a friendly port on the
Baltic or the Black Sea/Azov (or to a rail line running to it, as the example of play traces the
11th Army along the rail to Sevastopol) when the side controls another port on that sea which
itself traces supply (one port-to-port hop per line, ruling 8.1#3).

Blocked (13.1.3): enemy units (active Partisans included, inactive ones are hidden markers and do
not block), enemy-controlled Fortress, Festung, Entrenchment, City, Oil and VP hexes, enemy ZOC not
negated by a friendly unit in the hex (8.3), impassable hexsides and hexes (terrain.py). The hex of
the unit itself is never blocked for its own trace.

Sources (13.2): German and Vlasov units — the rail hexes of the west edge (map zone
``axis_supply_edge``) and the USIR when Axis-controlled; Romanians — Bucharest; Hungarians and
Italians — Buda (both when Axis-controlled); Soviets — the east-edge rail hexes (zone
``soviet_supply_edge``), and Baku: a full source if another Caspian port is Soviet-controlled and
traces supply, otherwise it gives limited supply (13.2.3). Edge sources count while not blocked.

Limited supply ("limited": defence and attrition only, ruling 8.1#9): Baku-only traces; units in an
intact fortress of their side (13.2.4, 16.2.1) or an Axis unit in a Festung (16.3.5); the Luftwaffe
Supply hex (AX12) and German units in cities the turn of Hedgehogs (AX16). Active Partisans are
always supplied (16.1.6); PROVISIONAL: inactive Partisans never trace supply and count as supplied
(they are hidden markers, never eliminated by attrition). The Marine army after *Black Sea, Black
Death* (effect ``black_sea_marine`` present) is supplied in a Black Sea coastal hex while the Soviet
controls a Black Sea port (13.1.4).

Speed: each side's trace is one breadth-first flood from its sources over a precomputed blocked-hex
set (rail first, then 4 hexes), cached on the relevant parts of the state.
"""

from __future__ import annotations

import json
from collections import OrderedDict, deque
from collections.abc import Container, Iterable
from dataclasses import dataclass

import orjson

from engine import replaying
from engine.game import Context, State
from engine.games.stalins_war import control
from engine.games.stalins_war.model import AXIS, SOVIET, Rules, enemy
from engine.games.stalins_war.terrain import Static, static

FULL, LIMITED, NONE = "full", "limited", "none"
HOP_SEAS = ("baltic", "black")  # 13.1.2 (ruling 8.1#3: "Baltic or Black Sea/Azov")
GERMAN, ROMANIAN, BUDA, SOVIET_GROUP = "german", "romanian", "buda", "soviet"
KEY_KINDS = frozenset({"city", "fortress_city"})


@dataclass(frozen=True)
class Reach:
    """The hexes a unit of one supply group could stand in and trace: full, and limited only."""

    full: frozenset[str]
    limited: frozenset[str]
    baku_full: bool = False  # 13.2.3: Baku serves the Soviet as a full source


_CACHE: OrderedDict[tuple[int, bytes], Reach] = OrderedDict()
_FLOODS: OrderedDict[tuple[int, str, frozenset[str], tuple[str, ...], tuple[str, ...], bool], Reach] = OrderedDict()
_CACHE_SIZE = 64


def range_hexes(rules: Rules) -> int:
    return int(rules.tables["combat"].get("supply_range_hexes", 4))


def group_of(rules: Rules, uid: str) -> str:
    """The supply group of a unit (13.2.1-13.2.2): whose sources it traces to."""
    spec = rules.units[uid]
    if spec.side == SOVIET:
        return SOVIET_GROUP
    if spec.nationality == "RO":
        return ROMANIAN
    if spec.nationality in ("HU", "IT"):
        return BUDA
    return GERMAN


def key_hex(rules: Rules, state: State, label: str) -> bool:
    """13.1.3: a hex whose control blocks enemy supply — Fortress, City, Oil, VP (and built fortresses)."""
    place = rules.place(label)
    if place is not None and (place.kind in KEY_KINDS or place.get("oil") == "1"):
        return True
    if label in state["markers"].get("fortress_built", []):
        return True
    return control.is_vp(rules, state, label)


@dataclass(frozen=True)
class _Facts:
    """What the supply rules read of the map and of the counters, once per ``Rules`` (its map):
    ``key_hex``'s printed answer, each unit's part in ``blocked_hexes``, the sources (13.2)."""

    key_fixed: frozenset[str]  # Fortress, City, Oil hexes and the VP hexes printed as such
    key_after: dict[str, str]  # VP hexes from an event on (``vp_after``): the event
    units: dict[str, tuple[str, bool, bool, bool]]  # side, partisan, has a ZOC type, blocks_axis_zoc
    groups: dict[str, str]  # each unit's supply group (``group_of``)
    soviet_edge: tuple[str, ...]
    axis_edge: tuple[tuple[str, bool], ...]  # (hex, USIR)
    bucharest: str | None
    buda: str | None
    baku: str | None
    ports: tuple[str, ...]  # every port, sea by sea (seas sorted)


_FACTS: dict[int, tuple[Rules, _Facts]] = {}


def _facts(rules: Rules) -> _Facts:
    hit = _FACTS.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    fixed: set[str] = set()
    after: dict[str, str] = {}
    for label, place in rules.board.places.items():
        vp_after = place.get("vp_after")
        if place.kind in KEY_KINDS or place.get("oil") == "1" or (not vp_after and place.get("vp") == "1"):
            fixed.add(label)
        elif vp_after:
            after[label] = vp_after
    axis_edge = []
    for label in sorted(rules.zone("axis_supply_edge")):
        edge = rules.place(label)
        axis_edge.append((label, edge is not None and edge.get("usir") == "1"))
    facts = _Facts(
        key_fixed=frozenset(fixed),
        key_after=after,
        units={uid: (spec.side, spec.partisan, spec.zoc, "blocks_axis_zoc" in spec.flags) for uid, spec in rules.units.items()},
        groups={uid: group_of(rules, uid) for uid in rules.units},
        soviet_edge=tuple(sorted(rules.zone("soviet_supply_edge"))),
        axis_edge=tuple(axis_edge),
        bucharest=_hex_named(rules, "Bucharest"),
        buda=_hex_named(rules, "Buda"),
        baku=_hex_named(rules, "Baku"),
        ports=tuple(p for sea in sorted(static(rules).ports) for p in static(rules).ports[sea]),
    )
    if len(_FACTS) >= _CACHE_SIZE:
        _FACTS.pop(next(iter(_FACTS)))
    _FACTS[id(rules)] = (rules, facts)
    return facts


def blocked_hexes(rules: Rules, state: State, side: str) -> frozenset[str]:
    """Hexes a supply line of ``side`` may reach but not pass through (13.1.3): the enemy's units
    (``zoc.friendly_hexes``), the enemy-controlled hexes ``key_hex`` names, enemy entrenchments,
    Festung for the Soviet, and the enemy ZOC not negated (``zoc.supply_blocking_zoc``), read in
    one pass over the units."""
    foe = enemy(side)
    facts = _facts(rules)
    adj = static(rules).adj
    markers = state["markers"]
    blocked: set[str] = set()
    own: set[str] = set()
    reach: set[str] = set()  # the enemy ZOC before the shelters (8.2)
    sheltered: set[str] = set(markers.get("festung", []))
    for uid, u in state["units"].items():
        label = u.get("hex")
        if not label:
            continue
        owner, partisan, has_zoc, blocks_axis = facts.units[uid]
        if blocks_axis and foe == AXIS:
            sheltered.add(label)
        if partisan and not u.get("active"):
            continue
        if owner == foe:
            blocked.add(label)
            if has_zoc and not u.get("oos") and not u.get("limited"):
                reach.update(adj.get(label, ()))
        elif owner == side:
            own.add(label)
    built = markers.get("fortress_built", [])
    events = state["events"]
    for label, who in state["control"].items():
        if who == foe and (label in facts.key_fixed or label in built or (label in facts.key_after and facts.key_after[label] in events)):
            blocked.add(label)
    blocked.update(label for label, who in markers.get("entrench", {}).items() if who == foe)
    if side == SOVIET:
        blocked.update(markers.get("festung", []))
    destroyed = markers["fortress_destroyed"]
    if reach:
        sheltered.update(label for label in static(rules).fortresses if label not in destroyed)
        sheltered.update(h for h in built if control.fortress_intact(rules, state, h))
        blocked |= reach - sheltered - own
    return frozenset(blocked)


class _Flood:
    """The hexes within ``reach`` hexes of the rail net joined to the sources (13.1.2), by their
    shortest distance, to which more sources can be added: the port hops and Baku (13.2.3) then
    search only around what they add instead of flooding the map again (the hexes a set of
    sources reaches are those each of them reaches). Blocked hexes (13.1.3) are reached, never
    passed through, and never a source."""

    def __init__(self, data: Static, blocked: frozenset[str], reach: int) -> None:
        self.data = data
        self.blocked = blocked
        self.reach = reach
        self.base: set[str] = set()  # the sources and the rail net joined to them
        self.dist: dict[str, int] = {}

    def copy(self) -> _Flood:
        out = _Flood(self.data, self.blocked, self.reach)
        out.base = set(self.base)
        out.dist = dict(self.dist)
        return out

    def add(self, sources: Iterable[str]) -> None:
        """Flood from ``sources`` too: along the rail net first, then ``reach`` hexes."""
        blocked, base, dist, reach = self.blocked, self.base, self.dist, self.reach
        fresh = []
        for h in sources:
            if h not in blocked and h not in base:
                base.add(h)
                fresh.append(h)
        rail_adj = self.data.rail_adj
        queue = deque(fresh)
        while queue:
            a = queue.popleft()
            for b in rail_adj[a]:
                if b not in base and b not in blocked:
                    base.add(b)
                    fresh.append(b)
                    queue.append(b)
        first = not dist  # the first flood: every hex reached is reached at its shortest distance
        frontier = []
        for h in fresh:
            if dist.get(h) != 0:
                dist[h] = 0
                frontier.append(h)
        adj = self.data.adj
        for step in range(1, reach + 1):
            nxt = []
            for a in frontier:
                if a in blocked:
                    continue
                for b in adj[a]:
                    if (b not in dist) if first else (dist.get(b, step + 1) > step):  # unreached, or reached farther before
                        dist[b] = step
                        nxt.append(b)
            frontier = nxt


def _controlled(state: State, label: str | None, side: str) -> bool:
    return label is not None and state["control"].get(label) == side


def _hex_named(rules: Rules, name: str) -> str | None:
    return rules.places_by_name.get(name.casefold())


def sources_of(rules: Rules, state: State, group: str) -> list[str]:
    """13.2: the supply sources of a supply group ("german", "romanian", "buda", "soviet"; Baku apart)."""
    facts = _facts(rules)
    if group == SOVIET_GROUP:
        return list(facts.soviet_edge)
    if group in (ROMANIAN, BUDA):
        label = facts.bucharest if group == ROMANIAN else facts.buda
        return [label] if label and _controlled(state, label, AXIS) else []
    return [label for label, usir in facts.axis_edge if not usir or _controlled(state, label, AXIS)]


def _hop_ports(state: State, side: str, data: Static, blocked: frozenset[str], traced: Container[str]) -> list[str]:
    """13.1.2: the friendly ports on the Baltic or Black Sea whose sea has another friendly port
    that traces supply (in ``traced``, the hexes a flood reached): each serves as a source, for
    units within range of it or of a rail line running to it (EX, Axis attrition of turn 2: the
    11th Army "può tracciare lungo la ferrovia a Sevastopoli ... e poi al porto di Odessa (o
    Constanta)"); one hop per line: the ports the hop reaches make no further hop."""
    extra: list[str] = []
    for sea in HOP_SEAS:
        ports = [p for p in data.ports.get(sea, ()) if _controlled(state, p, side)]
        traced_ports = [p for p in ports if p in traced]
        for p in ports:
            if p not in blocked and any(q != p for q in traced_ports):
                extra.append(p)
    return extra


def state_key(state: State, side: str, group: str) -> bytes:
    """What a trace depends on in the state (units, control, markers, events), for caching: one
    JSON text, which a cache hashes and compares as fast as memory is read (a nested tuple was
    hashed and compared item by item at every lookup: a quarter of a replay).

    In the state's own order, not sorted: two states holding the same in another order only miss
    the cache (equal keys still mean equal content)."""
    markers = state["markers"]
    return _text((
        side,
        group,
        [
            (uid, label, u.get("oos"), u.get("limited"), u.get("active"))
            for uid, u in state["units"].items()
            if (label := u.get("hex"))
        ],
        state["control"],
        markers.get("entrench", {}),
        markers.get("festung", []),
        markers.get("fortress_destroyed", []),
        markers.get("fortress_built", []),
        list(state.get("events", {})),
    ))


def _text(key: tuple[object, ...]) -> bytes:
    try:
        return orjson.dumps(key)
    except TypeError:  # a value orjson refuses (a key that is not text): Python's json writes it
        return json.dumps(key).encode()


def reach_of(rules: Rules, state: State, group: str) -> Reach:
    """Where a unit of supply ``group`` is in full / limited supply (cached on the state's content)."""
    side = SOVIET if group == SOVIET_GROUP else AXIS
    key = (id(rules), state_key(state, side, group))
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    result = _reach(rules, state, group, side, blocked_hexes(rules, state, side))
    _CACHE[key] = result
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return result


def _reach(rules: Rules, state: State, group: str, side: str, blocked: frozenset[str]) -> Reach:
    """``reach_of`` past its cache on the state's content, ``blocked`` the side's blocked hexes."""
    data = static(rules)
    sources = sources_of(rules, state, group)
    facts = _facts(rules)
    control = state["control"]
    held = tuple(p for p in facts.ports if control.get(p) == side)
    baku = group == SOVIET_GROUP and _controlled(state, facts.baku, SOVIET)
    # The floods read nothing else: most changes of the position (a unit moving behind the
    # front, a supply flag the other side's ZOC does not read) leave them as they were.
    flood_key = (id(rules), group, blocked, tuple(sources), held, baku)
    result = _FLOODS.get(flood_key)
    if result is None:
        result = _trace(rules, state, group, side, data, blocked, sources)
        _FLOODS[flood_key] = result
        if len(_FLOODS) > _CACHE_SIZE:
            _FLOODS.popitem(last=False)
    else:
        _FLOODS.move_to_end(flood_key)
    return result


def _trace(rules: Rules, state: State, group: str, side: str, data: Static, blocked: frozenset[str], sources: list[str]) -> Reach:
    """``reach_of``'s floods: they read the state only through ``blocked``, ``sources`` and the
    side's control of the ports and of Baku (13.2.3). One flood from the sources; the port hops
    (13.1.2) and Baku join it as sources."""
    flood = _Flood(data, blocked, range_hexes(rules))
    flood.add(sources)
    baku = _facts(rules).baku if group == SOVIET_GROUP else None
    if baku is None or not _controlled(state, baku, SOVIET) or baku in blocked:
        flood.add(_hop_ports(state, side, data, blocked, flood.dist))
        return Reach(frozenset(flood.dist), frozenset(), False)
    # The hops of the trace with Baku as a source are the ports the sources or Baku reach.
    with_baku = flood.copy()
    with_baku.add([baku])
    hops_with_baku = _hop_ports(state, side, data, blocked, with_baku.dist)
    flood.add(_hop_ports(state, side, data, blocked, flood.dist))
    plain = frozenset(flood.dist)
    caspian = [p for p in data.ports.get("caspian", ()) if p != baku and _controlled(state, p, SOVIET)]
    baku_full = any(p in plain for p in caspian)
    flood.add([baku, *hops_with_baku])  # the plain trace's hops are among them (more ports traced)
    if baku_full:
        return Reach(frozenset(flood.dist), frozenset(), True)
    return Reach(plain, frozenset(flood.dist) - plain, False)


def baku_full_source(rules: Rules, state: State) -> bool:
    """13.2.3: Baku is a full Soviet source while it is Soviet-controlled and not cut off, and at
    least one other Soviet Caspian port traces supply (5.1.2's "cut the supply line to Baku")."""
    return reach_of(rules, state, SOVIET_GROUP).baku_full


def _turn(state: State) -> int:
    return int(state.get("turn", 0))


def _luftwaffe_hex(rules: Rules, state: State) -> str | None:
    entry = state["effects"].get("luftwaffe_supply_hex")
    if not entry:
        return None
    try:
        from engine.games.stalins_war import events_axis

        found: str | None = events_axis.luftwaffe_supply_hex(rules, state)
        return found
    except (ImportError, AttributeError):  # pragma: no cover - the events module is part of the package
        if isinstance(entry, dict) and entry.get("turn") == _turn(state):
            label = entry.get("hex")
            return label if isinstance(label, str) else None
        return None


def _hedgehogs(rules: Rules, state: State, label: str) -> bool:
    """AX16: this turn, German units in cities are supplied for attrition."""
    if state["effects"].get("hedgehogs_supply") != _turn(state):
        return False
    place = rules.place(label)
    return place is not None and place.kind in KEY_KINDS


def _marine(rules: Rules, state: State, uid: str, label: str) -> bool:
    """13.1.4: the Marine army after Black Sea, Black Death, on a Black Sea coast, Soviet port held."""
    if "marine" not in rules.units[uid].flags or not state["effects"].get("black_sea_marine"):
        return False
    coast = rules.zone("black_sea_coast") | set(static(rules).ports.get("black", ()))
    if label not in coast:
        return False
    return any(_controlled(state, p, SOVIET) for p in static(rules).ports.get("black", ()))


def _limited_here(rules: Rules, state: State, label: str, side: str, german: bool) -> bool:
    if control.fortress_owner(rules, state, label) == side:
        return True  # 13.2.4, 16.2.1
    if side == AXIS and label in state["markers"].get("festung", []):
        return True  # 16.3.5
    return False


def attrition_supply(rules: Rules, state: State, uid: str) -> bool:
    """Ruling 9: Luftwaffe Supply (AX12) and Hedgehogs (AX16) supply "per l'attrito (solamente)":
    they save units from the Attrition segment and nothing else."""
    u = state["units"][uid]
    label = u.get("hex")
    spec = rules.units[uid]
    if not label or spec.side != AXIS:
        return False
    if _luftwaffe_hex(rules, state) == label:
        return True
    return spec.nationality == "GE" and _hedgehogs(rules, state, label)


def supply_status(rules: Rules, state: State, uid: str) -> str:
    """"full" | "limited" | "none" for ``uid`` where it stands now (13.1-13.2)."""
    u = state["units"][uid]
    label = u.get("hex")
    if not label:
        return NONE
    if rules.units[uid].partisan:
        return FULL  # 16.1.6 (active); inactive: see the module docstring
    return _status(rules, state, uid, label, reach_of(rules, state, group_of(rules, uid)))


def _status(rules: Rules, state: State, uid: str, label: str, reach: Reach) -> str:
    spec = rules.units[uid]
    if spec.partisan:
        return FULL
    if label in reach.full or _marine(rules, state, uid, label):
        return FULL
    if label in reach.limited:
        return LIMITED
    if _limited_here(rules, state, label, spec.side, spec.nationality == "GE"):
        return LIMITED
    return NONE


def hex_traces(rules: Rules, state: State, label: str, side: str, reach: Reach | None = None) -> str:
    """The supply a hypothetical unit of ``side`` would have in ``label`` (German for the Axis);
    ``reach``: ``side_reach`` already traced on this very state, for a caller asking of many hexes."""
    if reach is None:
        reach = side_reach(rules, state, side)
    if label in reach.full:
        return FULL
    if label in reach.limited:
        return LIMITED
    if _limited_here(rules, state, label, side, True):
        return LIMITED
    return NONE


def side_reach(rules: Rules, state: State, side: str) -> Reach:
    """Where a hypothetical unit of ``side`` traces supply (German for the Axis): ``hex_traces``'s search."""
    return reach_of(rules, state, SOVIET_GROUP if side == SOVIET else GERMAN)


def update_supply(rules: Rules, state: State, side: str, ctx: Context | None = None) -> None:
    """13.1.1: mark every unit of ``side`` on the map: ``oos`` when it has no supply at all,
    ``limited`` when it has defence/attrition supply only. With the order's ``ctx``, the marks
    are remembered on its record (``engine.replaying.recall``): the units not in full supply."""
    facts = _facts(rules)
    mine = [uid for uid, u in state["units"].items() if u.get("hex") and facts.units[uid][0] == side]

    def search() -> dict[str, str]:
        found: dict[str, str] = {}
        reaches: dict[str, Reach] = {}
        blocked: frozenset[str] | None = None  # the same for every supply group of the side
        for uid in mine:  # each unit's flags are its own: any order
            group = facts.groups[uid]
            if group not in reaches:
                if blocked is None:
                    blocked = blocked_hexes(rules, state, side)
                reaches[group] = _reach(rules, state, group, side, blocked)
            found[uid] = _status(rules, state, uid, state["units"][uid]["hex"], reaches[group])
        return found

    found = search() if ctx is None else replaying.recall_marks(ctx, f"supply {side}", mine, search, FULL, (LIMITED, NONE))
    for uid, status in found.items():
        u = state["units"][uid]
        u["oos"] = status == NONE
        if status == LIMITED:
            u["limited"] = True
        else:
            u.pop("limited", None)


def out_of_supply_for_moving(rules: Rules, state: State, uid: str) -> bool:
    """Ruling 8.1#9: limited supply counts as OOS for movement, strategic movement, attacks."""
    u = state["units"][uid]
    return bool(u.get("oos") or u.get("limited"))
