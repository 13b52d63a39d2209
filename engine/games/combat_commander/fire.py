"""Fire attacks (O20.3) by units and their weapons, alone or in a fire group, and the defense rolls they cause.

A firing piece is a unit or a weapon (``weapons``: its values, its Targeting roll when it is
ordnance). The attack itself, its windows and its rolls, is ``attack.FireAttack``; ``defend``
is the plain defense of a hex that artillery uses (O18.2.3).
"""

from __future__ import annotations

from engine import los
from engine.errors import IllegalOrder
from engine.game import Context, Role, State
from engine.games.combat_commander import fortifications, model, weapons
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
    """``uid`` (a unit or a weapon able to fire, 11.1) has ``target`` within Range and LOS (O20.2.2, 10)."""
    origin = weapons.hex_of(state, uid)
    if origin is None or weapons.fire_value(data, state, uid, "fp") <= 0:
        return False
    if weapons.is_weapon(state, uid) and weapons.why_not(data, board, state, uid) is not None:
        return False
    distance = board.map.grid.distance(origin, target)
    if distance > weapons.fire_value(data, state, uid, "range") or distance < weapons.min_range(state, uid):
        return False
    return can_see(board, state, origin, target)[0]


def out_of_reach(data: GameData, board: Board, state: State, uid: str, target: Label, group: bool) -> IllegalOrder:
    """Why ``uid`` cannot fire at ``target``, citing the most specific rule: in a fire group every piece
    needs Range and LOS (O20.3.1); alone, its Range (O20.2.2, a mortar's minimum included) or its LOS (10.1)."""
    origin = str(weapons.hex_of(state, uid))
    distance = board.map.grid.distance(origin, target)
    if distance > weapons.fire_value(data, state, uid, "range") or distance < weapons.min_range(state, uid):
        why, rule = t("{hex} is not within {unit}'s Range (O20.2.2).", hex=target, unit=uid), "O20.2.2"
    elif not can_see(board, state, origin, target)[0]:
        why, rule = t("{unit} has no LOS to {hex} (10.1).", unit=uid, hex=target), "10.1"
    else:
        why, rule = t("{unit} has no FP to fire with (3.1.1).", unit=uid), "3.1.1"
    if group:
        return IllegalOrder(t("Every piece of a fire group needs Range and LOS to the target: {why}", why=why), "O20.3.1")
    return IllegalOrder(why, rule)


def enemy_hexes(state: State, role: Role) -> list[Label]:
    return sorted({u["hex"] for u in model.on_map(state).values() if u["side"] != role})


def targets(data: GameData, board: Board, state: State, uid: str) -> list[Label]:
    role = weapons.side_of(state, uid)
    return [h for h in enemy_hexes(state, role) if reach(data, board, state, uid, h)]


def attack_fp(data: GameData, board: Board, state: State, firers: list[str], target: Label, minimum: int = 1) -> int:
    """The group's FP against ``target``, or ``IllegalOrder`` saying why it cannot fire (an FP
    below ``minimum``: a lower one lets +FP actions still make a hindered attack possible, O20.3.2)."""
    if not firers:
        raise IllegalOrder(t("Name at least one firing unit."), "O20.3")
    role = weapons.side_of(state, firers[0])
    if not model.units_at(state, target, model.other(role)):
        raise IllegalOrder(t("{hex} holds no enemy unit.", hex=target), "O20.3")
    if len(firers) > 1 and any(weapons.ordnance(state, u) for u in firers):
        raise IllegalOrder(t("A weapon with a white band never joins a fire group (O20.3.1.1, 11.5)."), "O20.3.1.1")
    for uid in firers:
        problem = weapons.why_not(data, board, state, uid) if weapons.is_weapon(state, uid) else None
        if problem is not None:
            raise problem
        if not reach(data, board, state, uid, target):
            raise out_of_reach(data, board, state, uid, target, group=len(firers) > 1)
    hexes = sorted({str(weapons.hex_of(state, u)) for u in firers})
    fortifications.check_wire_group(state, [weapons.carrier(state, u) for u in firers])
    if len(hexes) > 1:
        for h in hexes:
            if not any(board.map.grid.adjacent(h, o) for o in hexes if o != h):
                raise IllegalOrder(t("A fire group's hexes must each be adjacent to another of them ({hex}).", hex=h), "O20.3.1")
    base = max(weapons.fire_value(data, state, u, "fp") for u in firers)
    fp = base + len(firers) - 1
    # O20.3.2: ordnance pays its hindrance on the Targeting roll instead (10.3.1).
    hindrance = max(0 if weapons.ordnance(state, u) else can_see(board, state, str(weapons.hex_of(state, u)), target)[1] for u in firers)
    levels = [board.level(str(weapons.hex_of(state, u))) for u in firers]
    if board.level(target) > min(levels):
        fp -= 1
    if board.level(target) < max(levels):
        fp += 1
    fp -= hindrance
    if fp < minimum:
        raise IllegalOrder(t("The attack on {hex} is hindered to {fp} FP: at least 1 is needed.", hex=target, fp=fp), "10.3.2.1")
    return fp


def cover(data: GameData, board: Board, state: State, firers: list[str], target: Label) -> int:
    """The defender's best Cover: the hex's or its fortification's (road included), or a wall or hedge every firer fires across (T78.3, T87, T97, F101-F105)."""
    mortar = any(weapons.ordnance(state, u) for u in firers)  # a fortification's Cover against mortars (F100)
    best = fortifications.hex_cover(board, state, target, artillery=mortar)  # F100: not cumulative
    if mortar:
        return best  # T87, T97: walls and hedges give no Cover against ordnance
    sides: set[str] | None = None
    for uid in firers:
        origin = str(weapons.hex_of(state, uid))
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
def targeting_result(data: GameData, board: Board, state: State, piece: str, target: Label, product: int, ctx: Context) -> bool:
    """Ordnance's Targeting roll: the product of the dice, less the largest hindrance, must exceed the range (O20.2.3, 10.3.1)."""
    origin = str(weapons.hex_of(state, piece))
    distance = board.map.grid.distance(origin, target)
    hindrance = can_see(board, state, origin, target)[1]
    if state.get("over"):
        return False
    hit = product - hindrance > distance
    ctx.log(
        t(
            "Targeting roll {product} - hindrance {h} against range {range}: {result} (O20.2.3).",
            product=product, h=hindrance, range=distance, result=t("hit") if hit else t("miss, the attack is over"),
        )
    )
    return hit


def tree_burst(board: Board, state: State, pieces: list[str], target: Label) -> int:
    """+2 to the Attack Total of a mortar's attack against a Woods hex (T99)."""
    return 2 if any(weapons.ordnance(state, p) for p in pieces) and board.terrain(target).name == "woods" else 0
