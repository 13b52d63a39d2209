"""Movement (7): allowances, TEC costs, stop rules, zones of control, and path validation.

``check_move`` validates a typed path for a unit or a group starting in one hex and returns
its cost; ``destinations`` lists every hex a unit could end its move in, for ``options``.
Rail, naval and special movers are handled by their own verbs and refused here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalOrder, InvalidOrder, NotImplementedRule
from engine.games.caucasus.model import Rules, UnitType, enemy, stacks, values
from engine.games.caucasus.terrain import (
    CONTROL_KINDS,
    MOVE_COST,
    bridged,
    impassable_side,
    is_land,
    is_north_entry,
    late,
    natural,
    road,
    settlement,
    side_features,
)
from engine.games.caucasus.zoc import zoc_hexes
from engine.memo import PerObject
from engine.movement import Refusal, Step, reachable
from engine.text import t

EZOC_EXIT_COST = 2
EXTENDED_BONUS = 2
SPECIAL_MOVERS = {
    "rail_unlimited": t("Armoured trains move only along rail, with the 'train' order (15.6)."),
    "azov": t("The Azov Flotilla moves port to port, with the 'flotilla' order (15.3)."),
}


@dataclass(frozen=True)
class MoveMode:
    """How a unit is moving: the phase's impulse and the chosen options."""

    impulse: str  # "primary" or "secondary"
    extended: bool = False
    strategic: bool = False


def phase_of(state: Mapping[str, Any]) -> tuple[str, str, str]:
    ph = state["phase"]
    return str(ph["side"]), str(ph["impulse"]), str(ph["step"])


def allowance(rules: Rules, state: Mapping[str, Any], uids: Sequence[str], mode: MoveMode) -> float:
    """Movement points of a unit or group (a group moves at its slowest unit's rate, 7.1)."""
    worst = min(values(rules, state, u).move for u in uids)
    if mode.extended:
        worst += EXTENDED_BONUS
    return float(worst)


def stop_rule(rules: Rules, uids: Sequence[str]) -> str:
    """The rule that stops a unit or group on entering a hex off the road: a mechanized group
    stops in forest (7.6), any other in swamp, or in mountain unless mountain infantry (7.8)."""
    return "7.6" if any(rules.units[u].mech for u in uids) else "7.8"


@dataclass(frozen=True)
class _Crossing:
    """What entering ``to`` from ``frm`` means whatever the position: a refusal of the map's own
    (sea, Alpine hex or hexside, closed pass, entry hexes), or the road, the cost and stop of the
    terrain for this kind of mover, and whether an unbridged Major River lies between."""

    refusal: Refusal | None
    on_road: bool = False
    terrain_refusal: Refusal | None = None
    cost: float = 0.0
    stop: bool = False
    major_river: bool = False


# One table of crossings per map, turn threshold, bridge option and kind of mover, filled as the
# searches ask (a search steps thousands of times over the same hexsides). A campaign's own map
# edits make another map object, so a table never outlives the map it was read from.
_CROSSINGS: PerObject[dict[tuple[bool, bool, bool, bool], dict[tuple[str, str], _Crossing]]] = PerObject(lambda board: {})


def _crossings(rules: Rules, turn: int, bridges: bool, mech: bool, all_mountain: bool) -> dict[tuple[str, str], _Crossing]:
    return _CROSSINGS(rules.board).setdefault((late(turn), bridges, mech, all_mountain), {})


def _crossing(rules: Rules, frm: str, to: str, turn: int, options: Mapping[str, Any], mech: bool, all_mountain: bool) -> _Crossing:
    if not is_land(rules, to):
        return _Crossing(Refusal(t("{hex} is sea or off the map.", hex=to), "7.1"))
    if is_north_entry(rules, to):
        return _Crossing(Refusal(t("Entry hexes A-E on the north edge may not be entered."), "4.1"))
    nat = natural(rules, to, turn)
    if nat == "alpine":
        return _Crossing(Refusal(t("No unit may enter an Alpine hex ({hex}).", hex=to), "7.8"))
    blocked = impassable_side(rules, frm, to, turn)
    if blocked == "closed_pass":
        return _Crossing(Refusal(t("The pass between {a} and {b} is closed by snow from turn 10.", a=frm, b=to), "2.32"))
    if blocked == "alpine":
        return _Crossing(Refusal(t("No unit may cross the alpine hexside between {a} and {b} (only at a Mountain Pass).", a=frm, b=to), "7.8"))
    if blocked == "lake":  # lake and all-sea hexsides: prohibited on the Terrain Effects Chart
        return _Crossing(Refusal(t("No unit may cross the lake hexside between {a} and {b}.", a=frm, b=to), "TEC"))
    if blocked is not None:
        return _Crossing(Refusal(t("No unit may cross the all-sea hexside between {a} and {b}.", a=frm, b=to), "TEC"))
    on_road = road(rules, frm, to)
    stop = False
    terrain_refusal = None
    if on_road:
        cost: float = 1.0
    else:
        nm, mc = MOVE_COST.get(nat, (1, 1))
        if settlement(rules, to) == "major_city":
            nm, mc = 1, 1
        if mech:
            if mc is None:
                terrain_refusal = Refusal(t("Mechanized units may enter {terrain} only along a road.", terrain=nat), "7.6")
            cost = float(mc or 0)
            stop = nat == "forest"
        else:
            cost = float(nm if nm is not None else 1)
            stop = nat == "swamp" or (nat == "mountain" and not all_mountain)
    feats = side_features(rules, frm, to, turn)
    major = False
    if not bridged(rules, frm, to, options):
        if "minor_river" in feats:
            cost += 1
        major = "major_river" in feats
    if "pass" in feats:
        cost += 1
    return _Crossing(None, on_road, terrain_refusal, cost, stop, major)


def _step_fn(
    rules: Rules, state: Mapping[str, Any], uids: Sequence[str], start: str, mode: MoveMode, ezoc: frozenset[str]
) -> Any:
    turn = int(state["turn"])
    specs = [rules.units[u] for u in uids]
    mech = any(s.mech for s in specs)
    all_mountain = all(s.type == UnitType.MOUNTAIN for s in specs)
    bicycle = all("bicycle" in s.flags for s in specs)
    side = specs[0].side
    options = state.get("options", {})
    table = _crossings(rules, turn, bool(options.get("rail_bridges", True)), mech, all_mountain)
    # Enemy-occupied hexes, found once (a search steps thousands of times over the same state).
    enemies = {u.get("hex") for uid, u in state["units"].items() if rules.units[uid].side != side}

    def step(frm: Any, to: Any, spent: float) -> Step | Refusal:
        crossing = table.get((frm, to))
        if crossing is None:
            crossing = table[(frm, to)] = _crossing(rules, frm, to, turn, options, mech, all_mountain)
        if crossing.refusal is not None:
            return crossing.refusal
        if to in enemies:
            return Refusal(t("{hex} is occupied by the enemy.", hex=to), "7.1")
        if mode.strategic:
            if not crossing.on_road:
                return Refusal(t("Strategic road movement must follow the road ({a} to {b} has none).", a=frm, b=to), "7.5")
            if to in ezoc or frm in ezoc:
                return Refusal(t("Strategic road movement may not enter or leave an enemy ZOC."), "7.5")
            return Step(0.5 if (mech or bicycle) else 1.0)
        if crossing.terrain_refusal is not None:
            return crossing.terrain_refusal
        cost = crossing.cost
        if crossing.major_river:
            if frm != start or spent > 0:
                return Refusal(
                    t("A major river may be crossed only as the first move of a unit that started next to it."),
                    "7.7",
                )
            cost += 1
        if frm in ezoc:
            cost += EZOC_EXIT_COST
        return Step(cost, crossing.stop)

    return step


def check_units(
    rules: Rules, state: Mapping[str, Any], side: str, uids: Sequence[str], continuing: bool = False
) -> str:
    """Checks on the movers themselves; returns their common start hex. ``continuing``: the
    group goes on moving after a Mobile Assault (13.1), so having moved is no objection."""
    pside, impulse, step = phase_of(state)
    if pside != side or step != "movement" or impulse not in ("primary", "secondary"):
        raise IllegalOrder(t("Units move only in their own Movement Phase."), "3.0")
    if not uids:
        raise InvalidOrder(t("Name at least one unit to move."))
    start = state["units"][uids[0]].get("hex")
    for uid in uids:
        spec = rules.units[uid]
        u = state["units"][uid]
        if spec.side != side:
            raise IllegalOrder(t("{unit} is not yours.", unit=uid), "7.1")
        if not u.get("hex"):
            raise IllegalOrder(t("{unit} is not on the map.", unit=uid), "7.1")
        if u["hex"] != start:
            raise IllegalOrder(t("A group must start stacked together: {unit} is in {hex}.", unit=uid, hex=u["hex"]), "7.1")
        for flag, why in SPECIAL_MOVERS.items():
            if flag in spec.flags:
                raise IllegalOrder(why, "7.9")
        if values(rules, state, uid).move == 0:
            raise IllegalOrder(t("{unit} has a movement allowance of 0 and can never move.", unit=uid), "7.1")
        if impulse == "secondary" and u.get("assault") and spec.foot:
            raise IllegalOrder(t("{unit} took an Assault marker and may not move.", unit=uid), "7.3")
        if u.get("rail_moved") or u.get("naval_moved") or (u.get("moved") and not continuing):
            raise IllegalOrder(t("{unit} has already moved this phase.", unit=uid), "7.1")
        if u.get("ae"):
            raise IllegalOrder(t("{unit} made an Automatic Elimination and may not move again this phase.", unit=uid), "8.5")
    if impulse == "secondary" and int(state["turn"]) == 1 and side == "soviet" and start in zoc_hexes(rules, state, enemy(side)):
        raise IllegalOrder(t("Not One Step Back: Soviet units that start in an enemy ZOC may not move this impulse."), "18.2")
    return str(start)


def check_end(
    rules: Rules, state: Mapping[str, Any], uids: Sequence[str], hexes: int, end: str, mode: MoveMode, ezoc: frozenset[str]
) -> None:
    """Checks on where and how far the move ends (14.4, 17.2, 7.21, 11.5)."""
    for uid in uids:
        u = state["units"][uid]
        if u.get("supply") == "out" and hexes > 2:
            raise IllegalOrder(t("{unit} is out of supply and may move at most 2 hexes.", unit=uid), "14.4")
        if u.get("replaced") and hexes > 1:
            raise IllegalOrder(t("{unit} received a replacement and may move at most 1 hex.", unit=uid), "17.2")
    if end in ezoc:
        if mode.extended:
            raise IllegalOrder(t("Extended movement may not end in an enemy ZOC."), "7.21")
        for uid in uids:
            if state["units"][uid].get("disorganized"):
                raise IllegalOrder(t("{unit} is disorganized and may not end its move in an enemy ZOC.", unit=uid), "11.5")


def check_move(
    rules: Rules,
    state: Mapping[str, Any],
    side: str,
    uids: Sequence[str],
    path: Sequence[str],
    mode: MoveMode,
    *,
    spent: float = 0.0,
    continuing: bool = False,
    hexes_before: int = 0,
) -> float:
    """Validate a move; return its MP cost or raise ``IllegalOrder`` citing the rule.

    ``continuing``: a Mobile Assault group going on with its move (13.1); it has already spent
    ``spent`` MP and moved ``hexes_before`` hexes this phase, and gets no minimum move (7.4).
    """
    start = check_units(rules, state, side, uids, continuing=continuing)
    impulse = mode.impulse
    if len(path) < 2 or path[0] != start:
        raise IllegalOrder(
            t("The path must start at the unit's hex {hex} and name at least one more hex.", hex=start),
            "7.1",
        )
    if mode.extended and impulse != "primary":
        raise IllegalOrder(t("Extended movement is allowed only in a Primary Movement Phase."), "7.21")
    for a, b in zip(path, path[1:], strict=False):
        if b not in rules.board.grid:
            raise IllegalOrder(t("{hex} is not a hex of the map.", hex=b), "7.1")
        if not rules.board.grid.adjacent(a, b):
            raise IllegalOrder(t("{a} and {b} are not adjacent: give the path hex by hex.", a=a, b=b), "7.1")
    ezoc = zoc_hexes(rules, state, enemy(side))
    step_fn = _step_fn(rules, state, uids, start, mode, ezoc)
    # The 4th Guards Cavalry Corps HQ marker travels with its cavalry divisions (15.7).
    specs = [rules.units[u] for u in uids if "cav_corps_hq" not in rules.units[u].flags] or [rules.units[u] for u in uids]
    hexes = len(path) - 1
    total = float(spent)
    for i in range(1, len(path)):
        s = step_fn(path[i - 1], path[i], total)
        if isinstance(s, Refusal):
            raise IllegalOrder(s.reason, s.rule)
        total += s.cost
        if s.stop and i != len(path) - 1:
            raise IllegalOrder(t("The unit must stop on entering {hex}.", hex=path[i]), stop_rule(rules, uids))
    limit = allowance(rules, state, uids, mode)
    if continuing:
        if total > limit + 1e-9:
            raise IllegalOrder(
                t("The move would bring the group to {cost} MP spent, but its allowance is {limit} MP.", cost=_mp(total), limit=_mp(limit)),
                "7.1",
            )
        check_end(rules, state, uids, hexes_before + hexes, path[-1], mode, ezoc)
        check_454(rules, state, uids, start, path[-1], mode)
        return total - spent
    if impulse == "secondary" and any(s.foot for s in specs):
        if mode.strategic:
            if hexes > 2:
                raise IllegalOrder(t("In a Secondary Movement Phase foot units move at most 2 road hexes."), "7.5")
        elif hexes > 1:
            raise IllegalOrder(t("In a Secondary Movement Phase foot units move exactly one hex."), "7.3")
        check_end(rules, state, uids, hexes, path[-1], mode, ezoc)
        check_454(rules, state, uids, start, path[-1], mode)
        return total
    if mode.strategic and not any(s.mech or "bicycle" in s.flags for s in specs):
        limit += 1.0  # non-mech strategic road movement: one more road hex (7.5)
    if total > limit + 1e-9 and not (hexes == 1 and not mode.strategic):
        exits = EZOC_EXIT_COST * sum(1 for h in path[:-1] if h in ezoc)
        if total - exits <= limit + 1e-9:  # the +2 MP of leaving enemy ZOCs made the difference (6.3)
            raise IllegalOrder(
                t(
                    "The move costs {cost} MP, {exits} of them for leaving enemy ZOCs, but the allowance is {limit} MP.",
                    cost=_mp(total), exits=_mp(exits), limit=_mp(limit),
                ),
                "6.3",
            )
        if mode.strategic:
            raise IllegalOrder(
                t("By Strategic Road Movement the move costs {cost} MP but the allowance is {limit} MP.", cost=_mp(total), limit=_mp(limit)),
                "7.5",
                t("Mechanized units and the Bicycle Regiment pay half an MP per road hex; other units move one road hex more than their allowance."),
            )
        raise IllegalOrder(
            t("The move costs {cost} MP but the allowance is {limit} MP.", cost=_mp(total), limit=_mp(limit)),
            "7.1",
            t("A unit may always move one hex (7.4); extended movement adds 2 MP in a Primary phase."),
        )
    check_end(rules, state, uids, hexes, path[-1], mode, ezoc)
    check_454(rules, state, uids, start, path[-1], mode)
    return total


def _mp(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:.1f}"


def destinations(rules: Rules, state: Mapping[str, Any], uid: str, goal: str | None = None) -> dict[str, tuple[str, ...]]:
    """Every hex the unit could end a normal move in now, with a cheapest path (for options);
    with ``goal``, the answer for that hex only (the search stops there: same path, less work)."""
    side = rules.units[uid].side
    try:
        start = check_units(rules, state, side, [uid])
    except IllegalOrder:
        return {}
    _, impulse, _ = phase_of(state)
    mode = MoveMode(impulse)
    ezoc = zoc_hexes(rules, state, enemy(side))
    step_fn = _step_fn(rules, state, [uid], start, mode, ezoc)
    limit = allowance(rules, state, [uid], mode)
    if impulse == "secondary" and rules.units[uid].foot:
        limit = 0.0
    restricted = "restricted" in rules.units[uid].flags  # its answer depends on every destination
    target = goal if goal is not None and not restricted else None
    found = reachable(start, limit, lambda h: rules.board.neighbours(str(h)), step_fn, minimum_move=True, goal=target)
    out: dict[str, tuple[str, ...]] = {}
    for label, reach in found.items():
        if label == start or (target is not None and label != target):
            continue
        path = tuple(str(h) for h in reach.path)
        try:
            check_end(rules, state, [uid], len(path) - 1, path[-1], mode, ezoc)
        except IllegalOrder:
            continue
        out[str(label)] = path
    if restricted:
        out = _toward_home(rules, start, out)
    return out


# The 454th Security Division (15.9, ruling 42) ---------------------------------------------------
def home_454(rules: Rules) -> str | None:
    """Rostov, where the 454th Security Division must go and stay (15.9)."""
    place = rules.board.place_named("Rostov")
    return place.hex if place is not None else None


def _toward_home(rules: Rules, start: str, found: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """The destinations that bring the 454th into Rostov, or else nearest to it (ruling 42)."""
    home = home_454(rules)
    if home is None or start == home:
        return {}
    if home in found:
        return {home: found[home]}
    grid = rules.board.grid
    if not found:
        return {}
    best = min(grid.distance(h, home) for h in found)
    if best >= grid.distance(start, home):
        return {}
    return {h: p for h, p in found.items() if grid.distance(h, home) == best}


def check_454(rules: Rules, state: Mapping[str, Any], uids: Sequence[str], start: str, end: str, mode: MoveMode) -> None:
    """The 454th moves only toward Rostov by the shortest legal path, and never out of it
    except by retreat (15.9, ruling 42)."""
    for uid in uids:
        if "restricted" not in rules.units[uid].flags:
            continue
        home = home_454(rules)
        if home is None:
            raise NotImplementedRule(t("Rostov is not on this map: the 454th's movement cannot be checked."), "15.9")
        if start == home:
            raise IllegalOrder(t("The 454th Security Division stays in Rostov; it leaves only by retreat."), "15.9")
        if end == home:
            continue
        grid = rules.board.grid
        nearest = _toward_home(rules, start, destinations(rules, state, uid))
        limit = min((grid.distance(h, home) for h in nearest), default=grid.distance(start, home))
        if not nearest or grid.distance(end, home) > limit:
            raise IllegalOrder(
                t(
                    "The 454th Security Division may move only toward Rostov by the shortest path: its move must end {n} hexes from Rostov or in it.",
                    n=limit,
                ),
                "15.9",
            )


def must_move_454(rules: Rules, state: Mapping[str, Any], side: str) -> str | None:
    """The 454th, if it must still move toward Rostov in this Axis Primary Movement Phase (ruling 42)."""
    pside, impulse, step = phase_of(state)
    if pside != side or impulse != "primary" or step != "movement" or state.get("flags", {}).get("reached_rostov_454"):
        return None
    for uid, spec in rules.units.items():
        u = state["units"][uid]
        if spec.side == side and "restricted" in spec.flags and u.get("hex") and not u.get("moved"):
            if destinations(rules, state, uid):
                return uid
    return None


# Control (2.37) ----------------------------------------------------------------------------------
def mark_control(rules: Rules, state: Mapping[str, Any], side: str, path: Sequence[str]) -> None:
    """A side controls a town, city or entry hex it was the last to pass through (2.37)."""
    for label in path:
        place = rules.board.places.get(label)
        if place is not None and place.kind in CONTROL_KINDS:
            letter = place.get("entry")
            if letter and letter in "ABCDE":
                continue
            state["control"][label] = side


def over_stacked(rules: Rules, state: Mapping[str, Any], side: str) -> dict[str, list[str]]:
    """Hexes where ``side`` exceeds 3 units (one white-box unit free, ruling 14) (5.1)."""
    out = {}
    by_hex = stacks(rules, state, side)
    for label in sorted(by_hex):
        here = by_hex[label]
        if stack_count(rules, here) > 3:
            out[label] = here
    return out


def stack_count(rules: Rules, uids: Sequence[str]) -> int:
    """Units counting toward the limit: one white-box unit is free; the 4th Guards Cavalry Corps
    HQ with up to 3 cavalry divisions counts as one (5.1, 15.7)."""
    white = [u for u in uids if rules.units[u].white_box]
    count = len(uids) - (1 if white else 0)
    if any("cav_corps_hq" in rules.units[u].flags for u in uids):
        cav = [u for u in uids if rules.units[u].type == UnitType.CAVALRY][:3]
        count -= len(cav)
    return count
