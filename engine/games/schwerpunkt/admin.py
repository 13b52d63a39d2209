"""Administrative movement (E 15.1, E 15.11, S 5.3): step 1 places one unit from Admin Box #2
(plus any number of GVRs) on the map, step 2 moves every unit of Box #1 to Box #2, step 3 takes
one unit (plus any number of GVRs) off the map into Box #1. It costs no C3I, AP or MP; a unit
that admin-moves may not move normally in that phase (digest 8.1 item 9) nor attack.

A German formation counts as one item (E 15.1); in a Rochade turn five items come out of Admin
Box #2 (E 15.12).
"""

from __future__ import annotations

from collections import deque

from engine import flow, stacks
from engine.errors import IllegalOrder
from engine.game import Context, Role, State
from engine.games.schwerpunkt import fronts, reorg, rochade, terrain, uprising
from engine.games.schwerpunkt.model import (
    BOXES,
    FRONTS,
    GERMAN,
    POLICY,
    SOVIET,
    is_gvr,
    other,
    rules,
    spec,
)
from engine.hexgrid import Label
from engine.text import Secret, t

#: How a unit going into or out of an admin box is named to the enemy (E 15.1: the boxes are secret).
A_UNIT = t("a unit")


def clean_trace(state: State, side: Role) -> set[Label]:
    """Hexes with a path to a working friendly source free of enemy units and EZOCs, where a
    friendly unit does not cancel an EZOC (E 15.11)."""
    board = rules().board
    held = terrain.sides_in(state)
    ezoc = terrain.zoc_of(state, other(side))

    def open_(h: Label) -> bool:
        return board.terrain.get(h) != "sea" and held.get(h) != other(side) and h not in ezoc

    start = [h for h in board.zone(f"{side}_supply") if open_(h)]
    reached = set(start)
    queue = deque(start)
    while queue:
        h = queue.popleft()
        for n in board.neighbours(h):
            if n not in reached and open_(n):
                reached.add(n)
                queue.append(n)
    return reached


def in_any_front_range(state: State, label: Label) -> bool:
    return any(label in terrain.front_range(state, f) for f in FRONTS)


def placement_hexes(state: State, side: Role, uid: str, ranged: bool = True) -> list[Label]:
    """Where ``uid`` may be placed from Box #2 (E 15.1 step 1, E 15.11): a hex holding or next to a
    friendly unit (or, for the Soviet, a Front marker), not in an EZOC, with a clean trace to a
    source, within stacking, and (Soviet, when ``ranged``) within a Front's range."""
    board = rules().board
    held = terrain.sides_in(state)
    anchors = {h for h, s in held.items() if s == side}
    if side == SOVIET:
        anchors |= set(state["fronts"].values())
    near = anchors | {n for h in anchors for n in board.neighbours(h)}
    clean = clean_trace(state, side)
    ranges = {f: terrain.front_range(state, f) for f in FRONTS} if side == SOVIET else {}
    out = []
    for h in sorted(near):
        if h not in clean or held.get(h) == other(side):
            continue
        if ranged and side == SOVIET and not any(h in r for r in ranges.values()):
            continue
        if terrain.stacking_points(state, [*stacks.stack(state, h), uid]) > terrain.stacking_limit(side):
            continue
        out.append(h)
    return out


def withdrawable(state: State, side: Role, ranged: bool = True) -> list[str]:
    """Units ``side`` may take off the map into Box #1 (E 15.1): in supply, not in an EZOC, not
    under Frontnahe Auffrischung (E 13.1), (Soviet, when ``ranged``) within a Front's range
    (E 15.11); never a stationary unit."""
    ezoc = terrain.zoc_of(state, other(side))
    ranges = {f: terrain.front_range(state, f) for f in FRONTS} if side == SOVIET and ranged else {}
    out = []
    for h, order in terrain.occupants(state).items():
        if h in ezoc:
            continue
        if ranged and side == SOVIET and not any(h in r for r in ranges.values()):
            continue
        for uid in order:
            unit = state["units"][uid]
            if unit["side"] == side and not unit["oos"] and unit["move"] != "stationary" and not unit["moved"] and uid not in reorg.locked(state):
                out.append(uid)
    return sorted(out)


def item_of(uid: str) -> str:
    """What counts as one administrative item (E 15.1): a German formation, else the unit."""
    s = spec(uid)
    return f"formation:{s.formation}" if s.side == GERMAN and s.formation else uid


def place_refusal(state: State, frame: flow.Frame, side: Role, uid: str, label: Label) -> IllegalOrder | None:
    """Why ``uid`` may not come out of Box #2 into ``label`` as an item of this phase, or None:
    one unit or one German formation (all to one hex), five in a Rochade turn (E 15.1, E 15.12);
    GVRs in any number."""
    if is_gvr(uid):
        return None
    items: dict[str, str] = frame.get("admin_items", {})
    key = item_of(uid)
    if key in items:
        if items[key] != label:
            return IllegalOrder(
                t("All units of a formation come out of Admin Box #2 into the same hex ({hex}).", hex=items[key]),
                "E 15.12" if side == GERMAN and rochade.active(state) else "E 15.1",
            )
        return None
    if len(items) >= (rochade.ITEMS if side == GERMAN and rochade.active(state) else 1):
        if side == GERMAN and rochade.active(state):
            return IllegalOrder(t("In a Rochade turn at most five items (a unit, or a formation) come out of Admin Box #2 in a phase."), "E 15.12")
        return IllegalOrder(t("Only one unit, or one German formation, (besides GVRs) comes out of Admin Box #2 in a phase."), "E 15.1")
    return None


def withdraw_refusal(state: State, frame: flow.Frame, uid: str) -> IllegalOrder | None:
    """Why ``uid`` may not go into Box #1 now, or None: one unit, or the units of one German
    formation in one hex, besides any number of GVRs (E 15.1)."""
    if is_gvr(uid) or not frame.get("admin_withdrawn"):
        return None
    item, origin = frame.get("admin_out", ["", ""])
    if item_of(uid) == item and terrain.hex_of(state, uid) == origin and item.startswith("formation:"):
        return None
    return IllegalOrder(t("Only one unit, or the units of one German formation in one hex, (besides GVRs) go into Admin Box #1 in a phase."), "E 15.1")


def place(state: State, frame: flow.Frame, side: Role, uid: str, label: Label, ctx: Context) -> None:
    box2 = BOXES[side][1]
    if frame["admin_stage"] != 1:
        raise IllegalOrder(t("Units are placed from Admin Box #2 in step 1 only; now take units off the map or say 'admin done'."), "E 15.1")
    if uid not in stacks.stack(state, box2):
        raise IllegalOrder(t("{unit} is not in your Admin Box #2.", unit=uid), "E 15.1")
    if uid in reorg.locked(state):
        raise IllegalOrder(t("{unit} is under Frontnahe Auffrischung this turn: it does not move, administrative movement included.", unit=uid), "E 13.1")
    refusal = place_refusal(state, frame, side, uid, label)
    if refusal is not None:
        raise refusal
    if label not in placement_hexes(state, side, uid):
        # E 15.11 is the Soviet's Front range; where to place is E 15.1 step 1 for both sides.
        out_of_range = side == SOVIET and label in placement_hexes(state, side, uid, ranged=False)
        raise IllegalOrder(
            t("{hex} cannot receive {unit}: it must hold or neighbour a friendly unit (or Front marker), be free of enemy ZOC, trace cleanly to a source, respect stacking and (Soviet) be in a Front's range.", hex=label, unit=uid),
            "E 15.11" if out_of_range else "E 15.1",
        )
    stacks.place(POLICY, state, state["units"], uid, label)
    state["units"][uid]["moved"] = True
    state["units"][uid]["admin"] = True
    if not is_gvr(uid):
        frame["admin_placed"] = True
        frame.setdefault("admin_items", {})[item_of(uid)] = label
    ctx.log(t("{side} places {unit} from Admin Box #2 in {hex} (E 15.1).", side=side, unit=Secret(uid, (side,), A_UNIT), hex=label))
    uprising.after_move(state, [uid], ctx)
    fronts.relocate_cut(state, ctx)


def withdraw(state: State, frame: flow.Frame, side: Role, uid: str, ctx: Context) -> None:
    box1 = BOXES[side][0]
    if frame["admin_stage"] != 3:
        raise IllegalOrder(t("Units are taken off the map in step 3, after step 1 ('admin done')."), "E 15.1")
    refusal = withdraw_refusal(state, frame, uid)
    if refusal is not None:
        raise refusal
    if uid in reorg.locked(state):
        raise IllegalOrder(t("{unit} is under Frontnahe Auffrischung this turn: it does not move, administrative movement included.", unit=uid), "E 13.1")
    if uid not in withdrawable(state, side) and uid in withdrawable(state, side, ranged=False):
        raise IllegalOrder(
            t("{unit} is out of every Front marker's range: a Soviet unit leaves the map by administrative movement only within a Front's range.", unit=uid),
            "E 15.11",
        )
    if uid not in withdrawable(state, side):
        raise IllegalOrder(
            t("{unit} cannot leave the map now: it must be yours, in supply, out of enemy ZOC, not stationary, not yet moved and (Soviet) in a Front's range.", unit=uid),
            "E 15.1",
        )
    origin = terrain.hex_of(state, uid)
    stacks.place(POLICY, state, state["units"], uid, box1)
    if not is_gvr(uid):
        frame["admin_withdrawn"] = True
        frame["admin_out"] = [item_of(uid), origin]
    ctx.log(t("{side} takes {unit} from {hex} into Admin Box #1 (E 15.1).", side=side, unit=Secret(uid, (side,), A_UNIT), hex=origin))
    fronts.relocate_cut(state, ctx)


def box_one_to_two(state: State, side: Role) -> None:
    box1, box2 = BOXES[side]
    for uid in list(stacks.stack(state, box1)):
        stacks.place(POLICY, state, state["units"], uid, box2, "bottom")
