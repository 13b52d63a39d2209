"""Stalin's War: the movement step of an Action Round (7.3.3-7.3.5, 8.3, 10.1, 4.4.2-4.4.4, 19.1-19.2).

The procedure ``move_step`` is called by the Action Round when the round is move-capable; the
active player (``state["round"]["side"]``) gives orders until ``done``:

* ``move UNIT HEX [HEX ...]`` — a path of adjacent hexes, or one destination hex (the cheapest legal
  path is found). MA per Action Round (ruling 8.1#1); a unit may give several move orders in one
  AR while MP remain, but a unit that entered an enemy ZOC (or a Festung) has stopped for the AR.
* ``rail UNIT HEX``, ``sea UNIT HEX`` — strategic movement (``strategic.py``).
* ``entrench HEX [auto]``, ``festung HEX``, ``partisans HEX [HEX]`` — ``entrench.py``.
* ``bank N`` — move N banked OPS into this round (18.1.1). Stalin must be in Moscow for the Soviet
  to *receive* banked OPS (18.3.1, 16.4.7), not to spend those already recorded (18.1.3).
* ``combat HEX [HEX ...]`` — Combat markers at 1 OPS each (7.3.5). The first ``combat`` order ends
  movement (entrenchment attempts are rolled first, 10.3.1); more markers may follow.
* ``done`` — ends movement if needed (rolling entrenchments) and the step.

Every order is validated completely before anything changes.

Movement (10.1): MP per hex from the Terrain Effects Chart (``terrain.enter_cost``); a unit may
always move one hex if otherwise legal (10.1.4); supplied Axis units that begin the AR east of the
Paulus Line in turns 1-4 have MA -1 (10.1.5); OOS units (and units on limited supply, ruling
8.1#9) with MA >= 3 have MA -2 (13.3.1). No entry into enemy-occupied hexes, except Axis units
into hexes holding only inactive Partisans (10.1.6). Entering an enemy ZOC stops the unit; no
move from an enemy-ZOC hex directly into another (8.3). A unit leaving the enemy-ZOC hex it began
the AR in leaves free while another unit that began the AR there stays; the last one to leave pays
1 OPS for the whole group (7.3.3) — charged automatically, refused if no OPS remain. *Strategic
Withdrawal* (``strategic_withdrawal`` == turn) makes it free for Soviet units not ending in Axis
ZOC; *Defend the Motherland!* (Soviet) and *Where a German Soldier Stands* (German units; negated
by ``manstein`` / ``kleist`` in the Caucasus Zone) forbid paying. Turn 1: the Axis does not move
(4.4.2), nobody enters Hungary (4.4.3), Soviet units do not move in Romania (4.4.4). Romanian units
never enter Hungary nor Hungarian units Romania (19.1-19.2). Units in a Festung never leave
(16.3.4); Stalin moves only by rail (16.4.5); an LCU attempting entrenchment does not move
(10.3.1); strategic movers do not also move (10.2.1).

Stacking (9.1.4) is ignored during movement but must hold at the end: CHOICE — a move order that
would leave its destination overstacked is refused (move units out first). Stacks never become
illegal by units leaving them, so every hex is legal whenever the player may stop.

Each hex entered passes control (3.0, ruling 42: ``control.enter``); ``paulus_crossed`` is set when
a supplied Axis unit ends a move, an advance or an exploitation east of the Paulus Line (5.1.3).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from engine import flow, replaying
from engine.errors import IllegalOrder, InvalidOrder, OrderError
from engine.game import Action, Context, Prompt, State
from engine.games.stalins_war import entrench, strategic, terrain, zoc
from engine.games.stalins_war.model import AXIS, SOVIET, Rules, UnitSpec, enemy, level_of
from engine.games.stalins_war.strategic import own_unit, pay_ops, require_ops
from engine.orders import is_number
from engine.text import Text, t

VERBS = ("move", "rail", "sea", "entrench", "partisans", "festung", "bank", "combat", "done")
PROMPT_DESTINATIONS = 3  # per unit in the prompt
PROMPT_RAIL_UNITS = 4


@dataclass(frozen=True)
class Snapshot:
    """What every step check of one side's move needs, computed once per order."""

    side: str
    turn: int
    enemy_hexes: frozenset[str]  # hexes the side may not enter (10.1.6)
    ezoc: frozenset[str]  # hexes in enemy ZOC (8.3)
    festung: frozenset[str]


def snapshot(rules: Rules, state: State, side: str) -> Snapshot:
    foe = enemy(side)
    blocked = set()
    for uid, u in state["units"].items():
        label = u.get("hex")
        spec = rules.units[uid]
        if label and spec.side == foe and not (spec.partisan and not u.get("active") and side == AXIS):
            blocked.add(label)
    return Snapshot(
        side=side,
        turn=int(state["turn"]),
        enemy_hexes=frozenset(blocked),
        ezoc=zoc.zoc_hexes(rules, state, foe),
        festung=frozenset(state["markers"].get("festung", [])),
    )


# Allowance ------------------------------------------------------------------------------------------
def allowance(rules: Rules, state: State, uid: str) -> int:
    """MA this AR (8.1#1) with 10.1.5 (Paulus) and 13.3.1 (OOS) applied."""
    spec = rules.units[uid]
    u = state["units"][uid]
    ma = level_of(rules, state, uid).move
    unsupplied = bool(u.get("oos") or u.get("limited"))
    began = u.get("began") or u.get("hex")
    paulus_turns = [int(x) for x in rules.tables["fire"]["shifts"]["paulus_turns"]]
    if spec.side == AXIS and not unsupplied and int(state["turn"]) in paulus_turns and began and terrain.east_of_paulus(rules, began):
        ma -= int(rules.tables["combat"]["paulus_ma_reduction"])
    if unsupplied and ma >= 3:
        ma -= int(rules.tables["combat"]["oos_ma_reduction"])
    return max(ma, 0)


def halted(state: State, uid: str) -> bool:
    return uid in state["round"].get("halted", [])


def check_mover(rules: Rules, state: State, side: str, uid: str) -> str:
    """Unit-level checks of a normal move; returns the unit's hex."""
    here = own_unit(rules, state, side, uid)
    spec = rules.units[uid]
    u = state["units"][uid]
    if side == AXIS and int(state["turn"]) == 1:
        raise IllegalOrder(t("Axis units may not move in turn 1 (they may fight, advance and exploit)."), rule="4.4.2")
    if spec.type == "stalin":
        raise IllegalOrder(t("Stalin moves only by rail ('rail su-stalin HEX')."), rule="16.4.5")
    if "no_ma" in spec.flags:
        raise IllegalOrder(t("{unit} has no movement allowance and never moves.", unit=spec.name), rule="16.0")
    if spec.partisan and not u.get("active"):
        raise IllegalOrder(t("Inactive Partisans do not move."), rule="16.1.4")
    if u.get("strategic"):
        raise IllegalOrder(t("{unit} used strategic movement this Action Round and may not also move.", unit=spec.name), rule="10.2.1")
    if u.get("entrenching"):
        raise IllegalOrder(t("{unit} is attempting to entrench and may not move.", unit=spec.name), rule="10.3.1")
    if side == AXIS and here in state["markers"].get("festung", []):
        raise IllegalOrder(t("Units in a Festung never leave the hex."), rule="16.3.4")
    if halted(state, uid):
        raise IllegalOrder(t("{unit} entered an enemy ZOC and must stop for this Action Round.", unit=spec.name), rule="8.3")
    if u.get("mp") and int(u["mp"]) >= allowance(rules, state, uid):
        raise IllegalOrder(t("{unit} has no movement points left this Action Round.", unit=spec.name), rule="10.1.4")
    return here


def step_problem(rules: Rules, state: State, snap: Snapshot, uid: str, a: str, b: str) -> tuple[Text, str] | None:
    """Why ``uid`` may not step from ``a`` into ``b`` (ignoring MP), or None."""
    spec = rules.units[uid]
    if b not in rules.board.terrain:
        return t("{hex} is not a hex of the map.", hex=b), "10.1.3"
    if b not in rules.board.neighbours(a):
        return t("{a} and {b} are not adjacent: move hex by hex.", a=a, b=b), "10.1.3"
    if terrain.impassable(rules, b):
        return t("{hex} cannot be entered (sea, lake, off the map or a neutral country).", hex=b), "10.1"
    if not terrain.passable(rules, a, b):
        return t("The hexside {a}-{b} is lake or coast: prohibited.", a=a, b=b), "10.1"
    if b in snap.enemy_hexes:
        return t("{hex} holds enemy units.", hex=b), "10.1.6"
    if snap.turn == 1 and terrain.in_region(rules, b, "hungary"):
        return t("No unit may enter Hungary in turn 1 ({hex}).", hex=b), "4.4.3"
    if snap.turn == 1 and snap.side == SOVIET and terrain.in_region(rules, b, "romania"):
        return t("Soviet units may not move in Romania in turn 1 ({hex}).", hex=b), "4.4.4"
    if spec.side == AXIS and spec.nationality == "RO" and terrain.in_region(rules, b, "hungary"):
        return t("Romanian units may never enter Hungary ({hex}).", hex=b), "19.1.1"
    if spec.side == AXIS and spec.nationality == "HU" and terrain.in_region(rules, b, "romania"):
        return t("Hungarian units may never enter Romania ({hex}).", hex=b), "19.2.1"
    if a in snap.ezoc and b in snap.ezoc:
        return t("No moving directly from one enemy ZOC hex ({a}) into another ({b}).", a=a, b=b), "8.3"
    return None


def _closed_hexes(rules: Rules, snap: Snapshot, spec: UnitSpec) -> frozenset[str]:
    """The hexes ``step_problem`` refuses to ``spec`` whatever the hex it comes from: enemy units
    (10.1.6), Hungary and Romania in turn 1 (4.4.3, 4.4.4) and for the other nation (19.1.1, 19.2.1)."""
    out = set(snap.enemy_hexes)
    if snap.turn == 1 or (spec.side == AXIS and spec.nationality == "RO"):
        out |= rules.zone("hungary")
    if (snap.turn == 1 and snap.side == SOVIET) or (spec.side == AXIS and spec.nationality == "HU"):
        out |= rules.zone("romania")
    return frozenset(out)


def stops_in(snap: Snapshot, label: str) -> bool:
    """Entering this hex ends the unit's movement: enemy ZOC (8.3) or, for the Axis, a Festung (16.3.4)."""
    return label in snap.ezoc or (snap.side == AXIS and label in snap.festung)


# Paths -----------------------------------------------------------------------------------------------
def reachable(rules: Rules, state: State, snap: Snapshot, uid: str) -> dict[str, tuple[int, list[str]]]:
    """Cheapest legal path (MP, hexes) to every hex ``uid`` could end a move in (before end checks)."""
    here = state["units"][uid]["hex"]
    spent = int(state["units"][uid].get("mp", 0) or 0)
    left = allowance(rules, state, uid) - spent
    minimum = spent == 0
    data = terrain.static(rules)
    spec = rules.units[uid]
    closed = _closed_hexes(rules, snap, spec)
    ezoc = snap.ezoc
    costs = data.cost_mountain if spec.mountain else data.cost
    best: dict[str, tuple[int, list[str]]] = {here: (0, [here])}
    heap: list[tuple[int, str]] = [(0, here)]
    while heap:
        cost, node = heapq.heappop(heap)
        if cost > best[node][0]:
            continue
        if node != here and stops_in(snap, node):
            continue
        from_zoc = node in ezoc
        for nxt in data.adj[node]:  # the map's passable neighbours: step_problem's first checks hold
            if nxt in closed or (from_zoc and nxt in ezoc):  # step_problem's others (10.1.6, 4.4, 19, 8.3)
                continue
            total = cost + costs[nxt] + data.side_add.get((node, nxt), 0)  # terrain.enter_cost
            if total > left and not (minimum and node == here):
                continue
            known = best.get(nxt)
            if known is None or total < known[0]:
                best[nxt] = (total, [*best[node][1], nxt])
                heapq.heappush(heap, (total, nxt))
    best.pop(here)
    return best


@dataclass(frozen=True)
class Plan:
    uid: str
    path: list[str]
    cost: int
    zoc_fee: bool  # 1 OPS is charged for leaving the start hex's enemy ZOC
    free_note: str  # "", "fee", "stays", "paid", "withdrawal"


def _zoc_exit(rules: Rules, state: State, snap: Snapshot, uid: str, start: str, dest: str) -> tuple[bool, str]:
    """7.3.3 / 8.3: leaving the enemy-ZOC hex ``start``. Returns (fee due, note) or raises."""
    if start not in snap.ezoc:
        return False, ""
    u = state["units"][uid]
    spec = rules.units[uid]
    if u.get("began") not in (None, start):
        raise IllegalOrder(t("{unit} entered an enemy ZOC this Action Round and must stop.", unit=spec.name), rule="8.3")
    rnd = state["round"]
    if start in rnd.get("zoc_paid", []):
        return False, "paid"
    turn = int(state["turn"])
    stayers = [
        o
        for o, ou in state["units"].items()
        if o != uid
        and ou.get("hex") == start
        and ou.get("began") == start
        and rules.units[o].side == snap.side
        and not (rules.units[o].partisan and not ou.get("active"))
    ]
    if stayers:
        return False, "stays"  # free by 7.3.3 itself: no Strategic Withdrawal condition attached
    if snap.side == SOVIET and state["effects"].get("strategic_withdrawal") == turn and dest not in snap.ezoc:
        return False, "withdrawal"
    if snap.side == SOVIET and _defend_motherland(state):
        raise IllegalOrder(
            t("Defend the Motherland!: Soviet units may not spend OPS to leave Axis ZOC this turn, and no unit that began the Action Round in {hex} stays behind.", hex=start),
            rule="AX18",
        )
    if snap.side == AXIS and spec.nationality == "GE" and _soldier_stands(rules, state, start):
        raise IllegalOrder(
            t("Where a German Soldier Stands: German units may not spend OPS to leave Soviet ZOC this turn, and no unit that began the Action Round in {hex} stays behind.", hex=start),
            rule="SU22",
        )
    cost = int(rules.tables["ops"]["leave_zoc_cost"])
    if strategic.ops_left(state) < cost:
        raise IllegalOrder(
            t("Leaving the enemy ZOC in {hex} costs 1 OPS for the units that began the Action Round there (none stays behind), and no OPS are left.", hex=start),
            rule="7.3.3",
            hint=t("Leave a unit that began the Action Round there in the hex, or bank OPS with 'bank N'."),
        )
    return True, "fee"


def _defend_motherland(state: State) -> bool:
    entry = state["effects"].get("defend_motherland")
    return isinstance(entry, dict) and entry.get("turn") == int(state["turn"]) and entry.get("cancelled_from_round") is None


def _soldier_stands(rules: Rules, state: State, label: str) -> bool:
    turn = int(state["turn"])
    if state["effects"].get("german_soldier_stands") != turn:
        return False
    if state["effects"].get("manstein") == turn:
        return False
    return not (state["effects"].get("kleist") == turn and terrain.in_caucasus_zone(rules, label))


def plan_move(rules: Rules, state: State, side: str, uid: str, hexes: tuple[str, ...], snap: Snapshot | None = None) -> Plan:
    """Validate ``move UNIT HEX [HEX ...]`` completely; nothing changes."""
    if not hexes:
        raise InvalidOrder(t("Say where to: move UNIT HEX [HEX ...]."))
    here = check_mover(rules, state, side, uid)
    for label in hexes:
        strategic.check_hex_label(rules, label)
    steps = list(hexes)
    explicit = len(steps) > 1
    if steps[0] == here and explicit:
        steps = steps[1:]  # the path may name the start hex; it is then taken as typed
    if steps == [here]:
        raise IllegalOrder(t("{unit} is already in {hex}.", unit=rules.units[uid].name, hex=here), rule="10.1")
    snap = snap or snapshot(rules, state, side)
    spec = rules.units[uid]
    spent = int(state["units"][uid].get("mp", 0) or 0)
    left = allowance(rules, state, uid) - spent
    if len(steps) == 1 and not explicit:
        found = reachable(rules, state, snap, uid).get(steps[0])
        if found is not None:
            path = found[1]
        elif steps[0] in rules.board.neighbours(here):
            path = [here, steps[0]]  # refused below with the precise reason
        else:
            raise IllegalOrder(
                t("{unit} cannot reach {hex} this Action Round ({left} MP left, enemy units and ZOC in the way count).", unit=spec.name, hex=steps[0], left=left),
                rule="10.1.4",
                hint=t("Give the path hex by hex to see which step is refused."),
            )
    else:
        path = [here, *steps]
    cost = 0
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        if i > 1 and stops_in(snap, a):
            rule = "8.3" if a in snap.ezoc else "16.3.4"
            raise IllegalOrder(t("{unit} must stop in {hex} (enemy ZOC or Festung).", unit=spec.name, hex=a), rule=rule)
        problem = step_problem(rules, state, snap, uid, a, b)
        if problem is not None:
            raise IllegalOrder(problem[0], rule=problem[1])
        cost += terrain.enter_cost(rules, spec, a, b)
    one_hex = len(path) == 2 and spent == 0
    if cost > left and not one_hex:
        printed = level_of(rules, state, uid).move
        cut = printed - allowance(rules, state, uid)
        if cut and cost <= left + cut:  # the Paulus Line (10.1.5) or supply (13.3.1) cut made the difference
            unsupplied = bool(state["units"][uid].get("oos") or state["units"][uid].get("limited"))
            raise IllegalOrder(
                t(
                    "The path costs {cost} MP and {unit} has {left} MP this Action Round: its movement allowance of {ma} is cut by {cut}.",
                    cost=cost, unit=spec.name, left=left, ma=printed, cut=cut,
                ),
                rule="13.3.1" if unsupplied else "10.1.5",
            )
        raise IllegalOrder(
            t("The path costs {cost} MP and {unit} has {left} MP this Action Round.", cost=cost, unit=spec.name, left=left),
            rule="10.1.4",
        )
    if uid in state["round"].get("withdrawn", []) and path[-1] in snap.ezoc:
        raise IllegalOrder(
            t("{unit} left Axis ZOC free under Strategic Withdrawal: it may not re-enter an Axis ZOC this Action Round.", unit=spec.name),
            rule="SU11",
        )
    fee, note = _zoc_exit(rules, state, snap, uid, here, path[-1])
    strategic.end_checks(rules, state, side, uid, path[-1])
    return Plan(uid, path, cost, fee, note)


_NOTES = ("", "fee", "stays", "paid", "withdrawal")  # what _zoc_exit answers


def move(rules: Rules, state: State, side: str, uid: str, hexes: tuple[str, ...], ctx: Context) -> None:
    def search() -> tuple[Plan, bool]:
        snap = snapshot(rules, state, side)
        plan = plan_move(rules, state, side, uid, hexes, snap)
        return plan, stops_in(snap, plan.path[-1])

    def dump(found: tuple[Plan, bool]) -> dict[str, Any]:
        plan, halted = found
        return {"path": plan.path, "cost": plan.cost, "fee": plan.zoc_fee, "note": plan.free_note, "halted": halted}

    def load(noted: Any) -> tuple[Plan, bool] | None:
        """The plan noted when the order was accepted, if it is a walk from the unit's hex to
        the hex typed (the record's stored hash vouches for the rest, as for every answer)."""
        if not isinstance(noted, dict) or not hexes:
            return None
        path, cost, fee, note, halted = (noted.get(k) for k in ("path", "cost", "fee", "note", "halted"))
        here = state["units"].get(uid, {}).get("hex")
        if not (isinstance(path, list) and replaying.walks(rules.board, here, path) and len(path) >= 2 and path[-1] == hexes[-1]):
            return None
        if type(cost) is not int or cost < 0 or type(fee) is not bool or note not in _NOTES or type(halted) is not bool:
            return None
        return Plan(uid, [str(h) for h in path], cost, fee, str(note)), halted

    # The move's checks only refuse: its plan is remembered on the record (``engine.replaying``).
    plan, halted = replaying.recall(ctx, "move", search, dump, load)
    start = plan.path[0]
    if plan.zoc_fee:
        pay_ops(state, int(rules.tables["ops"]["leave_zoc_cost"]), start)
        state["round"].setdefault("zoc_paid", []).append(start)
        ctx.log(t("{side} pays 1 OPS for the units leaving the enemy ZOC in {hex} (7.3.3).", side=side.capitalize(), hex=start))
    elif plan.free_note == "withdrawal":
        state["round"].setdefault("withdrawn", []).append(uid)
        ctx.log(t("Strategic Withdrawal: {unit} leaves the Axis ZOC in {hex} without OPS (SU11).", unit=rules.units[uid].name, hex=start))
    u = state["units"][uid]
    strategic.arrive(rules, state, side, uid, plan.path, ctx)
    u["moved"] = True
    u["mp"] = int(u.get("mp", 0) or 0) + plan.cost
    if halted:
        state["round"].setdefault("halted", []).append(uid)
    ctx.log(t("{unit} moves {path} ({cost} MP).", unit=rules.units[uid].name, path="-".join(plan.path), cost=plan.cost))
    state.setdefault("last", {}).setdefault("moves", []).append(list(plan.path))  # arrows for the picture


# Banked OPS, combat markers, end of movement ---------------------------------------------------------
def check_bank(rules: Rules, state: State, side: str, args: tuple[str, ...]) -> int:
    if len(args) != 1 or not is_number(args[0]) or int(args[0]) < 1:
        raise InvalidOrder(t("Say 'bank N' with N a number of banked OPS."))
    n = int(args[0])
    have = int(state["banked"].get(side, 0))
    if n > have:
        raise IllegalOrder(t("You have {n} banked OPS.", n=have), rule="18.1.1")
    # 18.3.1 / 16.4.7 ("può ricevere"): Stalin in Moscow governs receiving banked OPS (phases.py);
    # OPS once recorded stay until spent or the end of the turn (18.1.3), wherever Stalin is.
    return n


def bank(rules: Rules, state: State, side: str, args: tuple[str, ...], ctx: Context) -> None:
    n = check_bank(rules, state, side, args)
    state["banked"][side] = int(state["banked"][side]) - n
    state["round"]["ops"] = strategic.ops_left(state) + n
    ctx.log(t("{side} uses {n} banked OPS this round (18.1.1): {ops} OPS available.", side=side.capitalize(), n=n, ops=state["round"]["ops"]))


def check_combat(rules: Rules, state: State, side: str, hexes: tuple[str, ...]) -> None:
    if not hexes:
        raise InvalidOrder(t("Say 'combat HEX [HEX ...]'."))
    if len(set(hexes)) != len(hexes):
        raise IllegalOrder(t("A hex takes one Combat marker."), rule="7.3.5")
    marked = state["round"].get("combat_markers", [])
    for label in hexes:
        strategic.check_hex_label(rules, label)
        if terrain.impassable(rules, label):
            raise IllegalOrder(t("{hex} cannot hold units.", hex=label), rule="7.3.5")
        if label in marked:
            raise IllegalOrder(t("{hex} already has a Combat marker.", hex=label), rule="7.3.5")
    markers = t("A Combat marker") if len(hexes) == 1 else t("{n} Combat markers", n=len(hexes))
    require_ops(state, len(hexes) * int(rules.tables["ops"]["combat_marker_cost"]), "7.3.5", markers)


def end_movement(rules: Rules, state: State, frame: flow.Frame, side: str, ctx: Context) -> None:
    """End of all movement: roll the entrenchment attempts (10.3.1)."""
    if frame.get("over"):
        return
    frame["over"] = True
    state["round"]["step"] = "markers"
    entrench.resolve_entrenchments(rules, state, side, ctx)


def combat(rules: Rules, state: State, frame: flow.Frame, side: str, hexes: tuple[str, ...], ctx: Context) -> None:
    check_combat(rules, state, side, hexes)
    end_movement(rules, state, frame, side, ctx)
    cost = int(rules.tables["ops"]["combat_marker_cost"])
    for label in hexes:
        state["round"]["ops"] = strategic.ops_left(state) - cost
        state["round"].setdefault("combat_markers", []).append(label)
    ctx.log(t("{side} places Combat markers in {hexes} (7.3.5).", side=side.capitalize(), hexes=", ".join(hexes)))


# Prompt helpers ----------------------------------------------------------------------------------------
def _try(fn: Any, *args: Any) -> bool:
    try:
        fn(*args)
    except OrderError:
        return False
    return True


def move_actions(rules: Rules, state: State, side: str) -> list[Action]:
    """A few legal destinations per movable unit (the farthest first)."""
    out: list[Action] = []
    snap = snapshot(rules, state, side)
    for uid, u in sorted(state["units"].items()):
        if rules.units[uid].side != side or not u.get("hex"):
            continue
        if not _try(check_mover, rules, state, side, uid):
            continue
        found = reachable(rules, state, snap, uid)
        ranked = sorted(found.items(), key=lambda kv: (-kv[1][0], kv[0]))
        picked = 0
        for dest, (_, path) in ranked:
            if picked >= PROMPT_DESTINATIONS:
                break
            # The single-destination order takes this same cheapest path; validate it as typed.
            if _try(plan_move, rules, state, side, uid, tuple(path), snap):
                out.append(Action("move", (uid, dest)))
                picked += 1
    return out


def strategic_actions(rules: Rules, state: State, side: str) -> list[Action]:
    out: list[Action] = []
    if strategic.ops_left(state) < 1:
        return out
    units = 0
    for uid, u in sorted(state["units"].items()):
        spec = rules.units[uid]
        if spec.side != side or not u.get("hex") or (spec.lcu) or units >= PROMPT_RAIL_UNITS:
            continue
        if u.get("moved") or u.get("strategic") or u.get("oos") or u.get("limited"):
            continue
        if terrain.on_rail(rules, u["hex"]):
            routes = strategic.rail_destinations(rules, state, side, u["hex"], uid)
            added = 0
            for dest in sorted(routes, key=lambda h: (-len(routes[h]), h)):
                if added >= 2:
                    break
                if _try(strategic.check_rail, rules, state, side, uid, dest):
                    out.append(Action("rail", (uid, dest)))
                    added += 1
            units += 1 if added else 0
        for dest in strategic.sea_destinations(rules, state, side, uid)[:2]:
            out.append(Action("sea", (uid, dest)))
    return out


def marker_actions(rules: Rules, state: State, side: str) -> list[Action]:
    out: list[Action] = []
    if strategic.ops_left(state) < 1:
        return out
    if entrench.ENABLING_EVENT[side] in state["events"]:
        for uid, u in sorted(state["units"].items()):
            if rules.units[uid].side == side and rules.units[uid].lcu and u.get("hex"):
                if _try(entrench.check_entrench, rules, state, side, u["hex"], False):
                    out.append(Action("entrench", (u["hex"],)))
                    if state["options"].get("auto_entrench") and _try(entrench.check_entrench, rules, state, side, u["hex"], True):
                        out.append(Action("entrench", (u["hex"], "auto")))
    if side == SOVIET and entrench.PARTISAN_EVENT in state["events"] and state["effects"].get(entrench.PARTISANS_PLACED_KEY) != int(state["turn"]):
        hexes = entrench.partisan_candidates(rules, state)
        for i in range(0, len(hexes) - 1, 2):
            if _try(entrench.check_partisans, rules, state, side, (hexes[i], hexes[i + 1])):
                out.append(Action("partisans", (hexes[i], hexes[i + 1])))
        for label in hexes[:1]:
            if _try(entrench.check_partisans, rules, state, side, (label,)):
                out.append(Action("partisans", (label,)))
    for label in entrench.festung_candidates(rules, state, side):
        out.append(Action("festung", (label,)))
    return out


def combat_candidates(rules: Rules, state: State, side: str) -> list[str]:
    """Hexes with the side's units next to enemy units and no Combat marker yet."""
    foe_hexes = snapshot(rules, state, side).enemy_hexes
    marked = set(state["round"].get("combat_markers", []))
    out = set()
    data = terrain.static(rules)
    for uid, u in state["units"].items():
        label = u.get("hex")
        spec = rules.units[uid]
        if not label or spec.side != side or label in marked or "no_attack" in spec.flags:
            continue
        if spec.partisan and not u.get("active"):
            continue
        if any(n in foe_hexes for n in data.adj.get(label, ())):
            out.add(label)
    return sorted(out)


# The procedure -------------------------------------------------------------------------------------------
class MoveStep(flow.Procedure):
    """The movement step and the Combat-marker step of an Action Round (7.3.3-7.3.5)."""

    name = "move_step"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        side = str(state.get("round", {}).get("side") or "").capitalize()
        return flow.Step(t("movement and Combat-marker step of the {side} Action Round", side=side), "7.3.3")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        side = state.get("round", {}).get("side")
        return frozenset({side}) if side else frozenset()

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        ops = strategic.ops_left(state)
        banked = int(state["banked"].get(role, 0))
        if frame.get("over"):
            return t(
                "Combat markers: 'combat HEX [HEX ...]' at 1 OPS each ({ops} OPS left, {banked} banked), then 'done'.",
                ops=ops,
                banked=banked,
            )
        return t(
            "Movement ({ops} OPS left, {banked} banked): move UNIT HEX [HEX ...] | rail UNIT HEX | sea UNIT HEX | entrench HEX | partisans HEX HEX | festung HEX | bank N | combat HEX [HEX ...] | done.",
            ops=ops,
            banked=banked,
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        acts: list[Action] = [Action("done")]
        text = self.text(game, state, frame, role)
        if not frame.get("over"):
            moves = move_actions(rules, state, role)
            if moves:
                text = t(
                    "{text} The orders below show at most {n} destinations per unit (the farthest) and a few rail and sea moves: any legal move may be named.",
                    text=text,
                    n=PROMPT_DESTINATIONS,
                )
            acts += moves
            acts += strategic_actions(rules, state, role)
            acts += marker_actions(rules, state, role)
        banked = int(state["banked"].get(role, 0))
        if banked and _try(check_bank, rules, state, role, ("1",)):
            acts += [Action("bank", (str(n),)) for n in range(1, banked + 1)]
        if strategic.ops_left(state) >= 1:
            acts += [Action("combat", (label,)) for label in combat_candidates(rules, state, role)]
        return Prompt(role, text, tuple(acts), VERBS)

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        verb, args = action.verb, action.args
        movement_verbs = ("move", "rail", "sea", "entrench", "partisans", "festung")
        if verb in movement_verbs and frame.get("over"):
            raise IllegalOrder(
                t("Movement is over for this Action Round: only Combat markers now."),
                rule="7.3.5",
                hint=t("combat HEX [HEX ...] | bank N | done"),
            )
        if verb == "move":
            if len(args) < 2:
                raise InvalidOrder(t("Say 'move UNIT HEX [HEX ...]'."))
            move(rules, state, role, args[0], tuple(args[1:]), ctx)
        elif verb == "rail":
            if len(args) != 2:
                raise InvalidOrder(t("Say 'rail UNIT HEX'."))
            strategic.rail(rules, state, role, args[0], args[1], ctx)
        elif verb == "sea":
            if len(args) != 2:
                raise InvalidOrder(t("Say 'sea UNIT HEX'."))
            strategic.sea(rules, state, role, args[0], args[1], ctx)
        elif verb == "entrench":
            if len(args) not in (1, 2) or (len(args) == 2 and args[1] != "auto"):
                raise InvalidOrder(t("Say 'entrench HEX' (or 'entrench HEX auto' with optional rule 23.1.3)."))
            entrench.entrench(rules, state, role, args[0], len(args) == 2, ctx)
        elif verb == "partisans":
            entrench.place_partisans(rules, state, role, tuple(args), ctx)
        elif verb == "festung":
            if len(args) != 1:
                raise InvalidOrder(t("Say 'festung HEX'."))
            entrench.festung(rules, state, role, args[0], ctx)
        elif verb == "bank":
            bank(rules, state, role, tuple(args), ctx)
        elif verb == "combat":
            combat(rules, state, frame, role, tuple(args), ctx)
        elif verb == "done":
            if args:
                raise InvalidOrder(t("'done' takes no arguments."))
            end_movement(rules, state, frame, role, ctx)
            state["round"]["step"] = "combat"
            flow.end(state)
        else:
            raise flow.out_of_step(
                verb,
                self.step(game, state, frame),
                t("Possible now: {verbs}.", verbs=", ".join(VERBS)),
            )


PROCEDURES: tuple[flow.Procedure, ...] = (MoveStep(),)
