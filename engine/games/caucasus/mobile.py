"""Mobile Assault (13): a mechanized or cavalry group attacks during a Secondary Movement Phase.

``mobile UNIT[,UNIT] [HEX ...] -> TARGET [air MARKER]`` moves the group along the optional path
to a hex next to the target, pays 3 MP (the target's entry cost is ignored) and attacks every
unit in the target hex. Odds, the 9-1 cap and the other clauses of 13.1 are checked by
``combat.evaluate(..., mobile_assault=True)``; the result runs through the battle procedures
with the Mobile Assault advance (``battle.MobileAdvance``). Afterwards the group is the phase's
*current group* (``frame["group"]`` of the Movement procedure): it may assault again, keep
moving with the MP it has left, or buy Assault markers (tied to the target if it was not
emptied). MP spent are kept per unit in ``mp_spent``, hexes moved in ``frame["hexes"]``.

Rulings (RULINGS.md):

* 7.1 "finish one unit or group before starting another": a group that moved (normally or by
  Mobile Assault) stays the current group until another unit moves, assaults or takes an
  Assault marker; only the current group may start a Mobile Assault after moving, and only a
  group that made a Mobile Assault goes on moving after it.
* Pick-up (13.1): units named in a ``mobile`` order that are not in the group's hex must stand
  on its path and not have moved this phase; they join with the MP the group has spent there.
  The group then moves at the rate of its slowest unit and never splits; its units count the
  same MP spent.
* Taking an Assault marker ends the group's movement (7.3); a group that stopped on entering a
  hex (7.6, 7.8) may still assault from it but not move on.
* A Disorganized unit may not end a move in an enemy ZOC (11.5), so it cannot make a Mobile
  Assault from an enemy ZOC; Not One Step Back (18.2) forbids Mobile Assaults to the units it
  holds in place.
* The Azov Flotilla and armoured trains never make Mobile Assaults (they move only port to port
  or along rail, 15.3, 15.6); they attack in the Secondary Combat Phase without Assault markers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.game import Action, Context, State
from engine.games.caucasus import battle, combat, moves
from engine.games.caucasus.model import Rules, enemy, units_at, values
from engine.games.caucasus.zoc import zoc_hexes
from engine.movement import Refusal, reachable
from engine.text import t

MA_COST = combat.MA_COST


def split_args(args: tuple[str, ...], rules: Rules) -> tuple[list[str], list[str], str, str | None, str | None]:
    """(units, path, target, air, fleet) from a canonical ``mobile`` action."""
    words = list(args)
    if "->" not in words:
        raise IllegalOrder(t("Syntax: mobile UNIT[,UNIT] [HEX ...] -> TARGET [air MARKER]."), "13.1")
    arrow = words.index("->")
    head, tail = words[:arrow], words[arrow + 1 :]
    units = [w for w in head if w in rules.units]
    path = [w for w in head if w not in rules.units]
    if not units or not tail:
        raise IllegalOrder(t("Syntax: mobile UNIT[,UNIT] [HEX ...] -> TARGET [air MARKER]."), "13.1")
    target = tail[0]
    air = fleet = None
    rest = tail[1:]
    for i in range(0, len(rest) - 1, 2):
        if rest[i] == "air":
            air = rest[i + 1]
        elif rest[i] == "fleet":
            fleet = rest[i + 1]
    return units, path, target, air, fleet


def current_group(state: Mapping[str, Any], frame: Mapping[str, Any]) -> dict[str, Any] | None:
    group: dict[str, Any] | None = frame.get("group")
    if not group:
        return None
    alive = [u for u in group["units"] if state["units"][u].get("hex")]
    if not alive:
        return None
    return {**group, "units": alive}


def group_spent(state: Mapping[str, Any], uids: list[str]) -> float:
    return max(float(state["units"][u].get("mp_spent", 0)) for u in uids)


def _set_moved(state: State, uid: str) -> None:
    u = state["units"][uid]
    if not u.get("moved"):
        u["start_hex"] = u["hex"]
        u["moved"] = True


def _check_members(rules: Rules, state: Mapping[str, Any], side: str, uids: list[str]) -> None:
    for uid in uids:
        spec = rules.units[uid]
        if spec.side != side or not state["units"][uid].get("hex"):
            raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid), "13.1")
        if "azov" in spec.flags or "rail_unlimited" in spec.flags:
            raise IllegalOrder(
                t("{unit} moves only port to port or along rail and makes no Mobile Assault; it attacks in the Combat Phase.", unit=uid),
                "15.3" if "azov" in spec.flags else "15.6",
            )
        if not (spec.mech or spec.cavalry):
            raise IllegalOrder(
                t("{unit} is neither mechanized nor cavalry and cannot make a Mobile Assault.", unit=uid), "13.1"
            )


def check_mobile(
    rules: Rules, state: State, frame: Mapping[str, Any], side: str, args: tuple[str, ...]
) -> tuple[combat.AttackPlan, list[str], list[str], dict[str, int], bool, float]:
    """Validate a Mobile Assault and carry out its movement part on ``state`` (a working copy).

    Returns the attack plan, the group, the path, the hexes each unit moved, whether the group
    had to stop, and the group's MP spent before the 3 MP of the assault.
    """
    units, path, target, air, fleet = split_args(args, rules)
    units = list(dict.fromkeys(units))
    pside, impulse, step = moves.phase_of(state)
    if pside != side or impulse != "secondary" or step != "movement":
        raise IllegalOrder(t("A Mobile Assault is made only in your own Secondary Movement Phase."), "13.1")
    _check_members(rules, state, side, units)
    group = current_group(state, frame)
    counts: dict[str, int] = dict(frame.get("hexes", {}))
    continuing = group is not None and set(group["units"]) <= set(units)
    if continuing:
        assert group is not None
        if group.get("ended"):
            raise IllegalOrder(t("The group took Assault markers: its movement is over."), "7.3")
        carriers = list(group["units"])
        if group.get("stopped") and path:
            raise IllegalOrder(t("The group had to stop on entering its hex and may not move on."), moves.stop_rule(rules, group["units"]))
    else:
        carriers = [u for u in units if state["units"][u]["hex"] == state["units"][units[0]]["hex"]]
    start = str(state["units"][carriers[0]]["hex"])
    moves.check_units(rules, state, side, carriers, continuing=continuing)
    spent = group_spent(state, carriers) if continuing else 0.0
    full = [start, *path] if not path or path[0] != start else list(path)
    pickups: dict[str, int] = {}
    for uid in units:
        if uid in carriers:
            continue
        here = state["units"][uid]["hex"]
        if here not in full[1:]:
            raise IllegalOrder(
                t("{unit} is neither stacked with the group nor on its path: a group picks up units along its way.", unit=uid),
                "13.1",
            )
        if state["units"][uid].get("moved"):
            raise IllegalOrder(t("Only units that have not moved this phase may be picked up ({unit} has).", unit=uid), "13.1")
        moves.check_units(rules, state, side, [uid])
        pickups[uid] = full.index(here, 1)
    grid = rules.board.grid
    for a, b in zip(full, full[1:], strict=False):
        if b not in grid or not grid.adjacent(a, b):
            raise IllegalOrder(t("{a} and {b} are not adjacent: give the path hex by hex.", a=a, b=b), "7.1")
    mode = moves.MoveMode("secondary")
    ezoc = zoc_hexes(rules, state, enemy(side))
    members = list(carriers)
    total = spent
    stopped = bool(group.get("stopped")) if continuing and group is not None else False
    for i in range(1, len(full)):
        step_fn = moves._step_fn(rules, state, members, start, mode, ezoc)
        s = step_fn(full[i - 1], full[i], total)
        if isinstance(s, Refusal):
            raise IllegalOrder(s.reason, s.rule)
        total += s.cost
        stopped = s.stop
        if s.stop and i != len(full) - 1:
            raise IllegalOrder(t("The unit must stop on entering {hex}.", hex=full[i]), moves.stop_rule(rules, members))
        members += [u for u, at in pickups.items() if at == i]
    moved_hexes = {}
    for uid in members:
        n = len(full) - 1 - pickups.get(uid, 0)
        moved_hexes[uid] = counts.get(uid, 0) + n
        if n:
            moves.check_end(rules, state, [uid], moved_hexes[uid], full[-1], mode, ezoc)
        elif state["units"][uid].get("disorganized") and full[-1] in ezoc:
            raise IllegalOrder(t("{unit} is disorganized and may not end its move in an enemy ZOC.", unit=uid), "11.5")
    # Carry out the movement part, then let the combat rules judge the assault itself.
    for uid in members:
        u = state["units"][uid]
        _set_moved(state, uid)
        u["hex"] = full[-1]
        u["mp_spent"] = total
    plan = combat.AttackPlan(attackers=tuple(members), target=target, air=air, fleet=fleet, mobile_assault=True)
    return plan, members, full, moved_hexes, stopped, total


def mobile_assault(rules: Rules, state: State, frame: flow.Frame, side: str, args: tuple[str, ...], ctx: Context) -> None:
    plan, members, full, moved_hexes, stopped, total = check_mobile(rules, state, frame, side, args)
    odds = combat.evaluate(rules, state, side, plan)
    for uid in members:
        state["units"][uid]["mp_spent"] = total + MA_COST
    frame.setdefault("hexes", {}).update(moved_hexes)
    frame["group"] = {"units": members, "ma": True, "target": plan.target, "stopped": stopped}
    if len(full) > 1:
        moves.mark_control(rules, state, side, full[1:])
        state["last"].setdefault("moves", []).append(list(full))
        ctx.log(t("{units} move {path} ({cost} MP spent).", units=", ".join(members), path=" ".join(full), cost=moves._mp(total)))
    battle.start_battle(rules, state, side, plan, odds, ctx, mobile=True)


def continue_move(
    rules: Rules, state: State, frame: flow.Frame, side: str, uids: list[str], path: list[str], ctx: Context
) -> None:
    """The current group goes on moving after its Mobile Assault (13.1)."""
    group = current_group(state, frame)
    assert group is not None
    if set(uids) != set(group["units"]):
        raise IllegalOrder(
            t("A Mobile Assault group never splits: move all of {units} together.", units=", ".join(group["units"])), "13.1"
        )
    if group.get("ended"):
        raise IllegalOrder(t("The group took Assault markers: its movement is over."), "7.3")
    if group.get("stopped"):
        raise IllegalOrder(t("The group had to stop on entering its hex and may not move on."), moves.stop_rule(rules, group["units"]))
    members = list(group["units"])
    start = str(state["units"][members[0]]["hex"])
    full = [start, *path] if path[0] != start else list(path)
    spent = group_spent(state, members)
    counts: dict[str, int] = frame.setdefault("hexes", {})
    before = max(counts.get(u, 0) for u in members)
    cost = moves.check_move(
        rules, state, side, members, full, moves.MoveMode("secondary"), spent=spent, continuing=True, hexes_before=before
    )
    ezoc = zoc_hexes(rules, state, enemy(side))
    stop = moves._step_fn(rules, state, members, start, moves.MoveMode("secondary"), ezoc)(full[-2], full[-1], spent + cost)
    for uid in members:
        state["units"][uid]["hex"] = full[-1]
        state["units"][uid]["mp_spent"] = spent + cost
        counts[uid] = counts.get(uid, 0) + len(full) - 1
    group["stopped"] = not isinstance(stop, Refusal) and stop.stop
    frame["group"] = group
    moves.mark_control(rules, state, side, full[1:])
    state["last"].setdefault("moves", []).append(list(full))
    ctx.log(t("{units} move on {path} ({cost} MP spent in all).", units=", ".join(members), path=" ".join(full), cost=moves._mp(spent + cost)))


# Listing the options ----------------------------------------------------------------------------
def _adjacent_enemy_hexes(rules: Rules, state: Mapping[str, Any], side: str, label: str) -> list[str]:
    foe = enemy(side)
    out = []
    for n in rules.board.neighbours(label):
        here = units_at(state, n)
        if here and all(rules.units[u].side == foe for u in here):
            out.append(n)
    return out


def _try(rules: Rules, state: State, frame: Mapping[str, Any], side: str, args: tuple[str, ...]) -> bool:
    """Would this ``mobile`` order be accepted? (Checked on a copy of the movers only.)"""
    plan_units, _, _, _, _ = split_args(args, rules)
    saved = {u: dict(state["units"][u]) for u in plan_units}
    try:
        plan, *_ = check_mobile(rules, state, frame, side, args)
        combat.evaluate(rules, state, side, plan)
    except IllegalOrder:
        return False
    finally:
        for u, data in saved.items():
            state["units"][u].clear()
            state["units"][u].update(data)
    return True


def candidate_mobiles(rules: Rules, state: State, frame: Mapping[str, Any], side: str) -> list[Action]:
    """Mobile Assaults from where the units stand: each unmoved mechanized or cavalry unit alone,
    and the current group (13.1)."""
    out: list[Action] = []
    groups: list[list[str]] = []
    group = current_group(state, frame)
    if group is not None:
        groups.append(list(group["units"]))
    stacks: dict[str, list[str]] = {}
    for uid, u in sorted(state["units"].items()):
        spec = rules.units[uid]
        if spec.side == side and u.get("hex") and not u.get("moved") and (spec.mech or spec.cavalry):
            if values(rules, state, uid).move >= MA_COST and "azov" not in spec.flags and "rail_unlimited" not in spec.flags:
                groups.append([uid])
                stacks.setdefault(u["hex"], []).append(uid)
    groups += [stack for stack in stacks.values() if len(stack) > 1]
    for g in groups:
        here = state["units"][g[0]]["hex"]
        for target in _adjacent_enemy_hexes(rules, state, side, here):
            args = (*g, "->", target)
            if _try(rules, state, frame, side, args):
                out.append(Action("mobile", args))
    return out


def candidate_continuations(rules: Rules, state: Mapping[str, Any], frame: Mapping[str, Any], side: str) -> list[Action]:
    """Where the current group may go on moving after its Mobile Assault."""
    group = current_group(state, frame)
    if group is None or not group.get("ma") or group.get("ended") or group.get("stopped"):
        return []
    members = list(group["units"])
    start = str(state["units"][members[0]]["hex"])
    mode = moves.MoveMode("secondary")
    try:
        moves.check_units(rules, state, side, members, continuing=True)
    except IllegalOrder:
        return []
    spent = group_spent(state, members)
    limit = moves.allowance(rules, state, members, mode) - spent
    if limit <= 0:
        return []
    ezoc = zoc_hexes(rules, state, enemy(side))
    step_fn = moves._step_fn(rules, state, members, start, mode, ezoc)
    found = reachable(start, limit, lambda h: rules.board.neighbours(str(h)), lambda a, b, s: step_fn(a, b, s + spent))
    counts = frame.get("hexes", {})
    before = max(counts.get(u, 0) for u in members)
    out = []
    for label, reach in sorted(found.items()):
        if label == start:
            continue
        path = [str(h) for h in reach.path]
        try:
            moves.check_end(rules, state, members, before + len(path) - 1, path[-1], mode, ezoc)
        except IllegalOrder:
            continue
        out.append(Action("move", (*members, *path[1:])))
    return out
