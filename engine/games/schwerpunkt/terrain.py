"""Where units are, what each side controls, and what it costs to move: S 5, S 6, S 9, S 11, E 6, E 10, E 14, E 15.

Everything here reads the state and the map; nothing changes the state. The Terrain Effects
Chart's values are in ``data/tables.toml``.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.game import Role, State
from engine.games.schwerpunkt.model import (
    BOX_NAMES,
    GERMAN,
    SOVIET,
    WEATHERS,
    movement_allowance,
    other,
    rules,
    spec,
    stacking_value_free,
)
from engine.hexgrid import Label
from engine.text import Text, t

ALL = 99.0  # "all MP" (E 15.41): more than any movement allowance


def occupants(state: State) -> dict[Label, list[str]]:
    """Every map hex with its units, top first (boxes left out)."""
    return {loc: list(order) for loc, order in state.get("stacks", {}).items() if loc not in BOX_NAMES}


def hex_of(state: State, uid: str) -> Label | None:
    for loc, order in state.get("stacks", {}).items():
        if uid in order and loc not in BOX_NAMES:
            return str(loc)
    return None


def sides_in(state: State) -> dict[Label, Role]:
    """The side holding each occupied hex (units of both sides never share a hex)."""
    units = state["units"]
    return {h: units[order[0]]["side"] for h, order in occupants(state).items() if order}


def is_city(label: Label) -> bool:
    place = rules().board.places.get(label)
    return place is not None and place.kind == "city"


def is_town(label: Label) -> bool:
    place = rules().board.places.get(label)
    return place is not None and place.kind == "town"


def zoc_of(state: State, side: Role) -> set[Label]:
    """The hexes ``side`` projects a ZOC into: neighbours of its units with a ZOC, never a city (S 5.1, E 6.0)."""
    board = rules().board
    out: set[Label] = set()
    units = state["units"]
    for label, order in occupants(state).items():
        if any(units[u]["side"] == side and spec(u).zoc for u in order):
            out.update(n for n in board.neighbours(label) if not is_city(n) and board.terrain.get(n) != "sea")
    return out


def controls(state: State, side: Role, label: Label, held: Mapping[Label, Role] | None = None, zoc: set[Label] | None = None) -> bool:
    """Whether ``side`` controls ``label``: occupies it or projects a ZOC into it (S 3.4, E 3.1; both may)."""
    held = sides_in(state) if held is None else held
    if held.get(label) == side:
        return True
    if held.get(label) == other(side):
        return False
    return label in (zoc_of(state, side) if zoc is None else zoc)


def supplied_hexes(state: State, side: Role) -> set[Label]:
    """The hexes from which ``side`` can trace supply (S 6.2, E 7.0): a path to a working
    friendly source through no enemy unit and no EZOC unless a friendly unit stands there.
    A unit's own hex is not tested (digest 8.1 item 12); a source held in common does not work."""
    board = rules().board
    held = sides_in(state)
    ezoc = zoc_of(state, other(side))

    def open_(h: Label) -> bool:
        if board.terrain.get(h) == "sea" or held.get(h) == other(side):
            return False
        return h not in ezoc or held.get(h) == side

    # A source works unless the enemy controls it (S 6.3): ``open_`` leaves out the enemy-held
    # and the enemy's ZOC unless a friendly unit holds it (then the enemy does not control it).
    sources = [h for h in board.zone(f"{side}_supply") if open_(h)]
    reached = set(sources)
    queue = deque(sources)
    while queue:
        h = queue.popleft()
        for n in board.neighbours(h):
            if n not in reached and open_(n):
                reached.add(n)
                queue.append(n)
    return reached


def in_supply(label: Label, reached: set[Label]) -> bool:
    return label in reached or any(n in reached for n in rules().board.neighbours(label))


def front_range(state: State, front: str) -> set[Label]:
    """The hexes within range of a Soviet Front marker (E 14.0): a line of at most 12 hexes,
    the marker's own counting, through no German unit and no German ZOC; the unit's hex is free."""
    board = rules().board
    marker = state["fronts"][front]
    limit = int(rules().tables["fronts"]["range"])
    held = sides_in(state)
    ezoc = zoc_of(state, GERMAN)
    count = {marker: 1}
    queue = deque([marker])
    while queue:
        h = queue.popleft()
        if count[h] >= limit:
            continue
        for n in board.neighbours(h):
            if n in count or board.terrain.get(n) == "sea" or held.get(n) == GERMAN or n in ezoc:
                continue
            count[n] = count[h] + 1
            queue.append(n)
    out = set(count)
    out.update(n for h in count for n in board.neighbours(h))
    return out


# Movement -------------------------------------------------------------------------------------


def weather_index(state: State) -> int:
    return WEATHERS.index(state["weather"])


def crossing(a: Label, b: Label) -> str | None:
    """The river on the side between ``a`` and ``b`` that costs to cross: ``None`` when there is
    none or it is bridged (a railway or road crosses it: digest, provisional map README)."""
    board = rules().board
    side = board.side(a, b)
    river = "major_river" if "major_river" in side else "minor_river" if "minor_river" in side else None
    if river is None:
        return None
    if board.line("rail", a, b) is not None or board.line("road", a, b) is not None:
        return None
    return river


def enter_cost(state: State, move: str, a: Label, b: Label) -> float:
    """MP for a unit of movement class ``move`` to go from ``a`` into ``b`` (Terrain Effects Chart, E 15.41-42)."""
    board = rules().board
    chart = rules().tables["terrain"]
    w = weather_index(state)
    if board.line("road", a, b) is not None:
        return float(chart["cost"][move]["road"][w])
    terrain = "city" if is_city(b) else board.terrain.get(b, "open")
    cost = float(chart["cost"][move][terrain][w])
    river = crossing(a, b)
    if river is not None:
        extra = chart["sides"][move][river][w]
        if extra == "all":
            return ALL
        cost += float(extra)
    return cost


def _enter_costs(state: State, move: str, all_mp: bool = True) -> Callable[[Label, Label], float]:
    """``enter_cost`` for one search: the map, chart and weather looked up once, each hexside
    once per step (a search asks it for every neighbour of every hex it reaches). ``all_mp=False``
    reads a crossing that costs "all MP" (E 15.41) as costing nothing more than the hex."""
    board = rules().board
    chart = rules().tables["terrain"]
    w = weather_index(state)
    roads = board.lines.get("road", {})
    rails = board.lines.get("rail", {})
    sides, places, ground = board.sides, board.places, board.terrain

    def cost_of(a: Label, b: Label) -> float:
        pair = (a, b) if a <= b else (b, a)
        if roads.get(pair) is not None:
            return float(chart["cost"][move]["road"][w])
        place = places.get(b)
        terrain = "city" if place is not None and place.kind == "city" else ground.get(b, "open")
        cost = float(chart["cost"][move][terrain][w])
        side = sides.get(pair, frozenset())
        river = "major_river" if "major_river" in side else "minor_river" if "minor_river" in side else None
        if river is None or rails.get(pair) is not None:
            return cost  # no river, or one a railway crosses (crossing)
        extra = chart["sides"][move][river][w]
        if extra == "all":
            return ALL if all_mp else cost
        return cost + float(extra)

    return cost_of


def reachable(state: State, uid: str, start: Label, zoc: bool = True, all_mp: bool = True) -> dict[Label, float]:
    """Every hex ``uid`` may end its move in from ``start``, with its cost (S 5, S 11, E 15.41).

    No enemy-occupied hex, no sea, no leaving the map; entering an EZOC ends the move; a unit
    that starts in an EZOC may leave only into a hex free of EZOC; a major river in Very Mud
    costs every MP and must be the whole move; an out-of-supply unit may always move one hex.
    ``zoc=False`` ignores enemy zones of control, ``all_mp=False`` the Very Mud major-river crossing
    that takes all MP from an adjacent start (both to tell which rule keeps a unit out of a hex).
    """
    board = rules().board
    unit = state["units"][uid]
    side = unit["side"]
    move = spec(uid).move
    if move == "stationary":
        return {}
    ma = float(movement_allowance(unit))
    held = sides_in(state)
    ezoc = zoc_of(state, other(side)) if zoc else set()
    cost_of = _enter_costs(state, move, all_mp)

    def enterable(h: Label) -> bool:
        return board.terrain.get(h) != "sea" and held.get(h) != other(side)

    best: dict[Label, float] = {start: 0.0}
    out: dict[Label, float] = {}
    heap: list[tuple[float, Label]] = [(0.0, start)]
    while heap:
        used, h = heapq.heappop(heap)
        if used > best.get(h, ALL):
            continue
        if h != start and h in ezoc:
            continue  # entering an EZOC ends the move
        for n in board.neighbours(h):
            if not enterable(n):
                continue
            if h == start and start in ezoc and n in ezoc:
                continue  # no EZOC to EZOC (S 5.3)
            cost = cost_of(h, n)
            if cost >= ALL:
                if h != start:
                    continue
                total = ma
            else:
                total = used + cost
            if total > ma:
                continue
            if total < best.get(n, ALL + 1):
                best[n] = total
                out[n] = total
                if cost < ALL:
                    heapq.heappush(heap, (total, n))
    if unit.get("oos"):
        for n in board.neighbours(start):
            if enterable(n) and n not in out and not (start in ezoc and n in ezoc):
                out[n] = ma  # S 6.4: an OOS unit may always move one hex
    out.pop(start, None)
    return out


def move_rule(state: State, uid: str, start: Label, label: Label) -> str:
    """The most specific rule that keeps ``uid`` from ending a move in ``label``: off the map,
    into the sea or into an enemy unit (S 11.5), a zone of control (S 5.3), the allowance cut out
    of supply (S 6.4), a major river in Very Mud crossed other than as the whole move from an
    adjacent start (E 15.41), else its movement allowance over the terrain (S 11.4)."""
    held = sides_in(state)
    if label not in rules().board.terrain or rules().board.terrain.get(label) == "sea" or held.get(label) == other(state["units"][uid]["side"]):
        return "S 11.5"
    if label in reachable(state, uid, start, zoc=False):
        return "S 5.3"
    if state["units"][uid].get("oos") and label in reachable({**state, "units": {**state["units"], uid: {**state["units"][uid], "oos": False}}}, uid, start):
        return "S 6.4"  # within its printed allowance, beyond the 3 (motorised) or 1 MP out of supply
    if label in reachable(state, uid, start, all_mp=False):
        return "E 15.41"
    return "S 11.4"


def move_fault(state: State, uid: str, start: Label, label: Label) -> tuple[Text, str]:
    """What keeps ``uid`` from ending a move in ``label``, in words, with ``move_rule``'s rule."""
    rule = move_rule(state, uid, start, label)
    unit = state["units"][uid]
    if rule == "S 11.5":
        why = t("{hex} holds enemy units or is not a land hex of the map: no unit enters it.", hex=label)
    elif rule == "S 5.3":
        why = t("{hex} lies beyond an enemy zone of control: a unit stops in the first enemy-ZOC hex it enters and never moves from one enemy-ZOC hex straight into another.", hex=label)
    elif rule == "S 6.4":
        why = t("Out of supply {unit} has {ma} MP (3 motorised, 1 otherwise; always one hex): {hex} is beyond them.", unit=uid, ma=movement_allowance(unit), hex=label)
    elif rule == "E 15.41":
        why = t("In Very Mud an unbridged major river is crossed only by a unit that starts next to it, spending all its MP: {hex} is out of reach.", hex=label)
    else:
        why = t("{hex} is beyond {unit}'s {ma} MP over this terrain in this weather.", unit=uid, ma=movement_allowance(unit), hex=label)
    return why, rule


# Stacking -------------------------------------------------------------------------------------


def stacking_points(state: State, order: Iterable[str]) -> int:
    """A hex's stacking count (E 10): Soviet divisions and corps; German units with a formation
    counting at most 2; units with bracketed CS and Uprising units free."""
    units = state["units"]
    counted = [u for u in order if not stacking_value_free(u)]
    if not counted:
        return 0
    if units[counted[0]]["side"] == SOVIET:
        return len(counted)
    loose = sum(1 for u in counted if not spec(u).formation)
    per: dict[str, int] = {}
    for u in counted:
        f = spec(u).formation
        if f:
            per[f] = per.get(f, 0) + 1
    cap = int(rules().tables["stacking"]["formation_counts"])
    return loose + sum(min(n, cap) for n in per.values())


def stacking_limit(side: Role) -> int:
    return int(rules().tables["stacking"][side])


def overstacked(state: State, side: Role) -> list[Label]:
    units = state["units"]
    return sorted(
        h
        for h, order in occupants(state).items()
        if order and units[order[0]]["side"] == side and stacking_points(state, order) > stacking_limit(side)
    )


def unit_positions(state: State) -> dict[str, Label]:
    return {u: h for h, order in occupants(state).items() for u in order}


def describe_hex(label: Label) -> Mapping[str, Any]:
    board = rules().board
    place = board.places.get(label)
    return {"terrain": board.terrain.get(label), "place": place.name if place else None}
