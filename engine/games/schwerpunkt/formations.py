"""German formations moving as one (E 15.2, E 3.2): units of one formation that start the
Movement segment stacked together may move together for 1 AP, ending in one hex; a random
event's move counts such a group as one unit (S 14).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import flow, stacks
from engine.errors import IllegalOrder
from engine.game import Context, Role, State
from engine.games.schwerpunkt import combat, fronts, reorg, terrain
from engine.games.schwerpunkt.effects import record_control, show_last, unit_ref
from engine.games.schwerpunkt.model import GERMAN, POLICY, spec
from engine.hexgrid import Label
from engine.text import t


def groups(state: State, role: Role, label: Label, fresh: bool) -> list[tuple[str, ...]]:
    """Each formation's units in ``label`` that may move as one group (two or more; ``fresh``:
    none has moved this segment nor acted in a General Phase)."""
    if role != GERMAN:
        return []
    by: dict[str, list[str]] = {}
    for uid in stacks.stack(state, label):
        unit = state["units"][uid]
        s = spec(uid)
        if unit["side"] != GERMAN or not s.formation or s.move == "stationary":
            continue
        if uid in reorg.locked(state):
            continue  # E 13.1: no move this turn
        if fresh and (unit["moved"] or unit["acted"]):
            continue
        by.setdefault(s.formation, []).append(uid)
    return [tuple(sorted(ids)) for _, ids in sorted(by.items()) if len(ids) > 1]


def check_group(state: State, role: Role, uids: Sequence[str], rule: str) -> None:
    """Two or more German units of one formation in one hex (E 15.2)."""
    formation = {spec(u).formation for u in uids}
    where = {terrain.hex_of(state, u) for u in uids}
    if role != GERMAN or len(formation) != 1 or "" in formation or len(where) != 1 or None in where:
        raise IllegalOrder(
            t("Only German units of one formation, stacked together, move as one group; name one unit otherwise."), rule
        )


def group_reach(state: State, uids: Sequence[str], start: Label) -> set[Label]:
    """The hexes every unit of the group can reach: the group moves together and ends together."""
    reach: set[Label] | None = None
    for uid in uids:
        mine = set(terrain.reachable(state, uid, start))
        reach = mine if reach is None else reach & mine
    return reach or set()


def move_group(state: State, frame: flow.Frame, role: Role, uids: Sequence[str], label: Label, ctx: Context) -> None:
    """E 15.2: the group moves for 1 AP (free in a General Phase), every unit to ``label``."""
    check_group(state, role, uids, "E 15.2")
    if len(set(uids)) != len(uids):
        raise IllegalOrder(t("Name each unit of the group once."), "E 15.2")
    for uid in uids:
        unit = state["units"][uid]
        if spec(uid).move == "stationary":
            raise IllegalOrder(t("{unit} is stationary and never moves.", unit=uid), "S 11.4")
        if uid in reorg.locked(state):
            raise IllegalOrder(t("{unit} is under Frontnahe Auffrischung this turn: it does not move or attack.", unit=uid), "E 13.1")
        if unit["admin"]:
            raise IllegalOrder(t("{unit} used administrative movement in this phase: a unit moves administratively or normally, not both.", unit=uid), "E 15.1")
        if frame["general"] and combat.refused_this_turn(state, uid):
            raise IllegalOrder(t("{unit} attacked a defender who refused combat this turn: it is not available in the General Phase.", unit=uid), "S 12.6")
        if unit["moved"]:
            raise IllegalOrder(t("{unit} has already moved in this segment: a group must start the segment stacked and unmoved.", unit=uid), "E 15.2")
        if frame["general"] and unit["acted"]:
            raise IllegalOrder(t("{unit} has already moved or attacked in this General Phase.", unit=uid), "S 13.0")
    if not frame["general"] and state["ap"][GERMAN] < 1:
        raise IllegalOrder(t("No Activity Points left: a formation moving as one costs 1 AP."), "E 15.2")
    start = terrain.hex_of(state, uids[0])
    assert start is not None
    if label not in group_reach(state, uids, start):
        short = next(u for u in uids if label not in terrain.reachable(state, u, start))
        why, rule = terrain.move_fault(state, short, start, label)
        raise IllegalOrder(t("The group moves together and ends together (E 15.2): {why}", why=why), rule)
    if not frame["general"]:
        state["ap"][GERMAN] -= 1
    for uid in uids:
        state["units"][uid]["moved"] = True
        if frame["general"]:
            state["units"][uid]["acted"] = True
        stacks.place(POLICY, state, state["units"], uid, label)
        ctx.log(t("{unit} moves from {start} to {hex}.", unit=unit_ref(state, uid), start=start, hex=label))
    ctx.log(t("A German formation moves as one from {start} to {hex} (E 15.2).", start=start, hex=label))
    show_last(state, moves=[[start, label]])
    record_control(state)
    fronts.relocate_cut(state, ctx)
