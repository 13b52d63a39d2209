"""Fire attacks (O20.3) by units, alone or in a fire group, and the defense rolls they cause.

Weapons and ordnance are not in play yet; the checks below are those of units firing their own
FP. The attack itself, its windows and its rolls, is ``attack.FireAttack``.
"""

from __future__ import annotations

from engine import los
from engine.errors import IllegalOrder
from engine.game import Role, State
from engine.games.combat_commander import fortifications, model
from engine.games.combat_commander.board import Board
from engine.games.combat_commander.data import GameData
from engine.hexgrid import Label
from engine.text import t


def smoke_and_blaze(state: State) -> tuple[dict[str, int], frozenset[str]]:
    return dict(state.get("smoke", {})), frozenset(state.get("blaze", []))


def can_see(board: Board, state: State, a: Label, b: Label) -> tuple[bool, int]:
    smoke, blaze = smoke_and_blaze(state)
    sight = board.sight(a, b, smoke, blaze)
    return sight.clear, sight.hindrance


def reach(data: GameData, board: Board, state: State, uid: str, target: Label) -> bool:
    """``uid`` has ``target`` within Range and LOS (O20.2.2, 10)."""
    u = state["units"][uid]
    if u["hex"] is None or model.value(data, state, uid, "fp") <= 0:
        return False
    rng = model.value(data, state, uid, "range")
    if board.map.grid.distance(u["hex"], target) > rng:
        return False
    return can_see(board, state, u["hex"], target)[0]


def enemy_hexes(state: State, role: Role) -> list[Label]:
    return sorted({u["hex"] for u in model.on_map(state).values() if u["side"] != role})


def targets(data: GameData, board: Board, state: State, uid: str) -> list[Label]:
    role = state["units"][uid]["side"]
    return [h for h in enemy_hexes(state, role) if reach(data, board, state, uid, h)]


def attack_fp(data: GameData, board: Board, state: State, firers: list[str], target: Label, minimum: int = 1) -> int:
    """The group's FP against ``target``, or ``IllegalOrder`` saying why it cannot fire (an FP
    below ``minimum``: a lower one lets +FP actions still make a hindered attack possible, O20.3.2)."""
    if not firers:
        raise IllegalOrder(t("Name at least one firing unit."), "O20.3")
    role = state["units"][firers[0]]["side"]
    if not model.units_at(state, target, model.other(role)):
        raise IllegalOrder(t("{hex} holds no enemy unit (O20.3).", hex=target), "O20.3")
    for uid in firers:
        if not reach(data, board, state, uid, target):
            raise IllegalOrder(t("{unit} has no Range or LOS to {hex} (O20.2.2, 10).", unit=uid, hex=target), "O20.3.1")
    hexes = sorted({state["units"][u]["hex"] for u in firers})
    fortifications.check_wire_group(state, firers)
    if len(hexes) > 1:
        for h in hexes:
            if not any(board.map.grid.adjacent(h, o) for o in hexes if o != h):
                raise IllegalOrder(t("A fire group's hexes must each be adjacent to another of them ({hex}).", hex=h), "O20.3.1")
    base = max(model.value(data, state, u, "fp") for u in firers)
    fp = base + len(firers) - 1
    hindrance = max(can_see(board, state, state["units"][u]["hex"], target)[1] for u in firers)
    levels = [board.level(state["units"][u]["hex"]) for u in firers]
    if board.level(target) > min(levels):
        fp -= 1
    if board.level(target) < max(levels):
        fp += 1
    fp -= hindrance
    if fp < minimum:
        raise IllegalOrder(t("The attack on {hex} is hindered to {fp} FP: at least 1 is needed (10.3.2.1).", hex=target, fp=fp), "10.3.2.1")
    return fp


def cover(data: GameData, board: Board, state: State, firers: list[str], target: Label) -> int:
    """The defender's best Cover: the hex's or its fortification's (road included), or a wall or hedge every firer fires across (T78.3, T87, T97, F101-F105)."""
    best = max(board.cover(target), fortifications.cover(board, state, target))  # F100: not cumulative
    sides: set[str] | None = None
    for uid in firers:
        origin = state["units"][uid]["hex"]
        crossed = _entry_features(board, origin, target)
        sides = crossed if sides is None else sides & crossed
    for name in sides or set():
        best = max(best, data.sides[name].cover)
    return best


def _entry_features(board: Board, origin: Label, target: Label) -> set[str]:
    a, b = board.axial(origin), board.axial(target)
    out: set[str] = set()
    for d in los.touched_sides(b, a, b):
        n = board.map.grid.neighbour(target, d)
        if n is None or n == origin:
            continue
        feature = board.side_feature(target, n)
        if feature is not None and feature.cover > 0:
            out.add(feature.name)
    if board.map.grid.adjacent(origin, target):
        feature = board.side_feature(origin, target)
        if feature is not None and feature.cover > 0:
            out.add(feature.name)
    return out
