"""The map as the rules read it: who stands where, zones of control by terrain, command and supply paths.

Pure functions of ``Rules`` and the state. A unit record in the state is plain JSON:
``{"side", "hex", "kind": "unit"|"hq", "formation", "assigned", "strength", "disorganized"}``
(an HQ has ``support`` and ``emergency`` instead of the combat values).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from engine.game import State
from engine.games.across_the_bug_river.data import Rules
from engine.hexgrid import Label

SIDES = ("german", "soviet")
SUPPLY_ZONES = {"german": ("supply_german",), "soviet": ("supply_north", "supply_east", "supply_south")}


def other(side: str) -> str:
    return "soviet" if side == "german" else "german"


def on_map(state: State) -> dict[str, dict[str, Any]]:
    return {uid: u for uid, u in state["units"].items() if u["hex"] is not None}


def at(state: State, label: Label) -> list[str]:
    """The counters in a hex, top first."""
    return list(state.get("stacks", {}).get(label, []))


def combat_units(state: State, side: str) -> dict[str, dict[str, Any]]:
    return {uid: u for uid, u in on_map(state).items() if u["side"] == side and u["kind"] == "unit"}


def holds_enemy(state: State, label: Label, side: str) -> bool:
    return any(state["units"][u]["side"] != side for u in at(state, label))


def holds_friend(state: State, label: Label, side: str) -> bool:
    return any(state["units"][u]["side"] == side for u in at(state, label))


def acting_formation(unit: Mapping[str, Any]) -> str:
    """The formation a unit acts with: the one it is attached to, else its own (5.5)."""
    return str(unit.get("assigned") or unit["formation"])


def bug_unbridged(rules: Rules, state: State, a: Label, b: Label) -> bool:
    side = rules.board.side(a, b)
    if "bug" not in side:
        return False
    return "bridge" not in side and _pontoon(state, a, b) is False


def _pontoon(state: State, a: Label, b: Label) -> bool:
    return sorted((a, b)) in [sorted(p) for p in state.get("pontoons", [])]


def _pontoons(state: State) -> set[tuple[Label, ...]]:
    """The pontoon hexsides, each as its sorted pair (what ``_pontoon`` compares), read once."""
    return {tuple(sorted(p)) for p in state.get("pontoons", [])}


def blocks_infantry_zoc(rules: Rules, state: State, a: Label, b: Label) -> bool:
    """Lake and unbridged Bug hexsides stop infantry ZOC (5.4; a bridged Bug does not, digest 8.2 no. 12)."""
    return "lake" in rules.board.side(a, b) or bug_unbridged(rules, state, a, b)


def zoc_of(rules: Rules, state: State, uid: str) -> set[Label]:
    """The hexes a combat unit's ZOC covers (5.4): none for HQs and disorganised units; AFV and
    AT units only into clear, village and fortified-clear hexes; infantry not across lake or Bug."""
    u = state["units"][uid]
    if u["kind"] != "unit" or u["disorganized"] or u["hex"] is None:
        return set()
    return _reach(rules, u["hex"], rules.units[uid].afv_like_zoc, _pontoons(state))


def _reach(rules: Rules, here: Label, afv_like: bool, pontoons: set[tuple[Label, ...]]) -> set[Label]:
    """``zoc_of``'s answer from ``here``, reading the map's hexsides once per neighbour (the map is
    read live: tests change it in place) and the pontoons from ``_pontoons``."""
    out = {here}
    sides = rules.board.sides
    for n in rules.board.neighbours(here):
        if afv_like and not rules.terrain(n)["afv_zoc"]:
            continue
        pair = (here, n) if here <= n else (n, here)
        features = sides.get(pair)
        if features and ("lake" in features or ("bug" in features and "bridge" not in features and pair not in pontoons)):
            continue
        out.add(n)
    return out


def zoc(rules: Rules, state: State, side: str) -> set[Label]:
    """Every hex in the ZOC of ``side``'s combat units."""
    out: set[Label] = set()
    pontoons = _pontoons(state)
    for uid, u in state["units"].items():
        if u["hex"] is not None and u["side"] == side and u["kind"] == "unit" and not u["disorganized"]:
            out |= _reach(rules, u["hex"], rules.units[uid].afv_like_zoc, pontoons)
    return out


def _path_open(state: State, label: Label, side: str, ezoc: set[Label]) -> bool:
    """A command or supply path may not enter an enemy-held hex, nor an EZOC hex without a friend (5.7.1, 5.8.2)."""
    if holds_enemy(state, label, side):
        return False
    return label not in ezoc or holds_friend(state, label, side)


def path_length(
    rules: Rules, state: State, start: Label, goals: Iterable[Label], side: str, terrain_blocks: bool,
    ezoc: set[Label] | None = None,
) -> int | None:
    """Hexes on the shortest open path from ``start`` to any of ``goals`` (the start not counted),
    or ``None`` when none exists. ``terrain_blocks``: supply paths may not cross the unbridged Bug
    or a lake hexside (5.7.1); command paths ignore terrain (5.8.2). ``ezoc``: the enemy's ZOC
    when the caller has it already (one read of an unchanged state asks many paths)."""
    targets = set(goals)
    if start in targets:
        return 0
    if ezoc is None:
        ezoc = zoc(rules, state, other(side))
    sides = rules.board.sides
    stacks = state.get("stacks", {})
    units = state["units"]
    pontoons = _pontoons(state)
    seen = {start}
    queue: deque[tuple[Label, int]] = deque([(start, 0)])
    while queue:
        here, dist = queue.popleft()
        for n in rules.board.neighbours(here):
            if n in seen:
                continue
            if terrain_blocks:  # "lake" in the hexside, or bug_unbridged
                pair = (here, n) if here <= n else (n, here)
                features = sides.get(pair)
                if features and ("lake" in features or ("bug" in features and "bridge" not in features and pair not in pontoons)):
                    continue
            ids = stacks.get(n)
            if ids:  # _path_open, reading the stack once
                if any(units[u]["side"] != side for u in ids):
                    continue
                if n in ezoc and not any(units[u]["side"] == side for u in ids):
                    continue
            elif n in ezoc:
                continue
            if n in targets:
                return dist + 1
            seen.add(n)
            queue.append((n, dist + 1))
    return None


def command(rules: Rules, state: State, uid: str, ezoc: set[Label] | None = None) -> str:
    """``in``, ``ooc`` or ``isolated`` (5.8): a path to the HQ within range, longer, or none
    (``ezoc``: the ZOC of the unit's enemy, when the caller has it already)."""
    u = state["units"][uid]
    fid = acting_formation(u)
    hq = state["units"].get(rules.formations[fid].hq) if fid in rules.formations else None
    if hq is None or hq["hex"] is None or u["hex"] is None:
        return "isolated"
    length = path_length(rules, state, u["hex"], [hq["hex"]], u["side"], terrain_blocks=False, ezoc=ezoc)
    if length is None:
        return "isolated"
    return "in" if length <= rules.formations[fid].range else "ooc"


def supplied(rules: Rules, state: State, hq_id: str) -> bool:
    """An HQ traces a path of any length to a map-edge hex of one of its side's supply areas (5.7.1)."""
    hq = state["units"][hq_id]
    if hq["hex"] is None:
        return False
    goals: set[Label] = set()
    for zone in SUPPLY_ZONES[hq["side"]]:
        goals |= rules.board.zone(zone)
    return path_length(rules, state, hq["hex"], goals, hq["side"], terrain_blocks=True) is not None


def adjacent_enemy(rules: Rules, state: State, label: Label, side: str) -> list[str]:
    """Enemy combat units adjacent to ``label``."""
    out: list[str] = []
    for n in rules.board.neighbours(label):
        out += [u for u in at(state, n) if state["units"][u]["side"] != side and state["units"][u]["kind"] == "unit"]
    return out


def stacking_problem(rules: Rules, state: State, label: Label) -> str | None:
    """What breaks the stacking limits in a hex (5.3.1), or ``None``."""
    units = [state["units"][u] | {"id": u} for u in at(state, label)]
    combat = [u for u in units if u["kind"] == "unit"]
    hqs = [u for u in units if u["kind"] == "hq"]
    if len(combat) > 3:
        return "more than 3 combat units"
    if sum(1 for u in combat if rules.units[u["id"]].combat == "infantry" and rules.units[u["id"]].stack_infantry) > 1:
        return "more than 1 infantry-type unit"
    if hqs and len(hqs) > (2 if rules.board.terrain[label] == "city" else 1):
        return "too many HQs"
    return None
