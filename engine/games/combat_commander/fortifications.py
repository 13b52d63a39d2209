"""Fortifications (F100-F106), Smoke (T94) and Blaze (T79) markers: where they may go and what they do.

State: ``forts`` (hex -> kind: foxholes, trenches, bunker, pillbox, wire, mines; public: a
fortification is never friendly or enemy, Glossary), ``smoke`` (hex -> hindrance 1-10) and
``blaze`` (hexes). ``engine/los.py`` reads Smoke and Blaze through ``board.sight``; this module
gives the rest: Cover (F101-F105, T93), movement (T79, F105.2, F106.2), the mines' FP (F103.2, attacks: ``mines``),
Wire's penalties (F106.1, F106.3) and the stacking of markers (8.1.3-8.1.5, F100.3).
"""

from __future__ import annotations

from engine.errors import IllegalOrder
from engine.game import Context, Role, State
from engine.games.combat_commander import model
from engine.games.combat_commander.board import Board
from engine.hexgrid import Label
from engine.text import Text, t

#: kind -> (rule, Cover, Cover against mortars and artillery); Mines and Wire give no Cover (F103.2, F106).
KINDS: dict[str, tuple[str, int, int]] = {
    "bunker": ("F101", 6, 7),
    "foxholes": ("F102", 3, 4),
    "mines": ("F103", 0, 0),
    "pillbox": ("F104", 5, 6),
    "trenches": ("F105", 4, 5),
    "wire": ("F106", 0, 0),
}
#: The marker's name on the map (the view and the picture's tags).
NAMES = {
    "bunker": "Bunker", "foxholes": "Foxholes", "mines": "Mines",
    "pillbox": "Pillbox", "trenches": "Trenches", "wire": "Wire",
}
#: The fortification as a message names it.
TITLES: dict[str, Text] = {
    "bunker": t("Bunker"), "foxholes": t("Foxholes"), "mines": t("Mines"),
    "pillbox": t("Pillbox"), "trenches": t("Trenches"), "wire": t("Wire"),
}
#: F103.2: a mine attack's FP unless the scenario gives the Defense player a stronger minefield (``mine_fp``).
MINE_FP = 6
#: Ruling R26: the cup of Smoke markers (T94) is drawn from as if it held one marker of each value 1-10.
SMOKE_CUP = tuple(range(1, 11))
#: Where a Trench step costs 1 MP (F105.2): between a Trench and a Trench, Bunker or Pillbox.
TRENCH_LINKED = frozenset({"trenches", "bunker", "pillbox"})


def forts(state: State) -> dict[str, str]:
    found: dict[str, str] = state.get("forts", {})
    return found


def fort_at(state: State, label: Label | None) -> str | None:
    if label is None:
        return None
    return forts(state).get(label)


def blazing(state: State, label: Label) -> bool:
    return label in state.get("blaze", [])


def water(board: Board, label: Label) -> bool:
    """Marsh, Stream or Water Barrier (T89, T95, T98, F100.3)."""
    return board.terrain(label).water


# Cover (F101-F105, T93) ---------------------------------------------------------------------------


def cover(board: Board, state: State, label: Label, artillery: bool = False) -> int:
    """The Cover a fortification gives its hex, with a Road's -1 (T93); 0 without one (Mines, Wire: none)."""
    kind = fort_at(state, label)
    if kind is None or KINDS[kind][1] == 0:
        return 0
    value = KINDS[kind][2] if artillery else KINDS[kind][1]
    if board.has_path(label, "road"):
        value -= 1
    return value


def hex_cover(board: Board, state: State, label: Label, artillery: bool = False) -> int:
    """A defender's Cover in ``label``: the terrain's, a Road's -1 included (T93, Fire example D: open ground
    with a road is -1), or its fortification's when that is higher (F100: not cumulative)."""
    terrain = board.cover(label)
    kind = fort_at(state, label)
    if kind is None or KINDS[kind][1] == 0:
        return terrain
    return max(terrain, cover(board, state, label, artillery))


# Movement (T79, F105.2, F106.2) -------------------------------------------------------------------


def trench_step(board: Board, state: State, a: Label, b: Label) -> bool:
    """F105.2: a step between a Trench and an adjacent Trench, Bunker or Pillbox (either way)."""
    ka, kb = fort_at(state, a), fort_at(state, b)
    if ka is None or kb is None or "trenches" not in (ka, kb):
        return False
    return ka in TRENCH_LINKED and kb in TRENCH_LINKED


def move_cost(board: Board, state: State, a: Label, b: Label) -> int | None:
    """MP to Move from ``a`` into ``b`` with the markers: Blaze is impassable (T79); a Trench step costs 1 (F105.2)."""
    if blazing(state, b):
        return None
    cost = board.move_cost(a, b)
    if cost is None or not trench_step(board, state, a, b):
        return cost
    feature = board.side_feature(a, b)
    if feature is not None and feature.move is None:  # a Cliff is never crossed by Move (F105.2, T83)
        return None
    return 1


def wired(state: State, *labels: Label) -> bool:
    """Whether one of ``labels`` holds Wire: a Move entering or leaving it ends there (F106.2)."""
    return any(fort_at(state, h) == "wire" for h in labels)


# Wire and fire (F106.3) ----------------------------------------------------------------------------


def check_wire_group(state: State, firers: list[str]) -> None:
    """F106.3: units in Wire never form a fire group with pieces outside their hex."""
    hexes = {state["units"][u]["hex"] for u in firers}
    if len(hexes) < 2:
        return
    for h in sorted(hexes):
        if fort_at(state, h) == "wire":
            raise IllegalOrder(t("Units in Wire ({hex}) cannot form a fire group with pieces outside their hex.", hex=h), "F106.3")


# Placing and removing markers (8.1.3-8.1.5, F100) ----------------------------------------------------


def check_fort_hex(board: Board, state: State, label: Label) -> None:
    """A hex that may receive a fortification: not Water, not Blaze, none there yet (F100.3, 8.1.3, 8.1.5)."""
    if water(board, label):
        raise IllegalOrder(t("No fortification may occupy a Water hex ({hex}).", hex=label), "F100.3")
    if blazing(state, label):
        raise IllegalOrder(t("Nothing may share a Blaze hex ({hex}).", hex=label), "8.1.5")
    kind = fort_at(state, label)
    if kind is not None:
        raise IllegalOrder(t("{hex} already holds a fortification ({fort}): one per hex, the first placed stays.", hex=label, fort=TITLES[kind]), "F100.3")


def place_fort(board: Board, state: State, label: Label, kind: str, ctx: Context, why: Text) -> None:
    check_fort_hex(board, state, label)
    state.setdefault("forts", {})[label] = kind
    ctx.log(t("{fort} placed in {hex} ({why}).", fort=TITLES[kind], hex=label, why=why))


def remove_fort(state: State, label: Label, ctx: Context, why: Text) -> None:
    kind = state.get("forts", {}).pop(label, None)
    if kind is None:
        raise IllegalOrder(t("{hex} holds no fortification.", hex=label), "F100.2")
    ctx.log(t("{fort} removed from {hex} ({why}).", fort=TITLES[kind], hex=label, why=why))


def check_smoke_hex(board: Board, state: State, label: Label) -> None:
    if water(board, label):
        raise IllegalOrder(t("No Smoke may occupy a Water hex ({hex}) (T89, T95, T98).", hex=label), "T95")
    if blazing(state, label):
        raise IllegalOrder(t("Nothing may share a Blaze hex ({hex}).", hex=label), "8.1.5")


def place_smoke(board: Board, state: State, label: Label, value: int, ctx: Context, why: Text) -> None:
    """A Smoke marker of hindrance ``value``; of two in a hex the higher stays (8.1.4)."""
    check_smoke_hex(board, state, label)
    smoke: dict[str, int] = state.setdefault("smoke", {})
    old = int(smoke.get(label, 0))
    if old >= value:
        ctx.log(t("Smoke {value} in {hex} is removed: the Smoke {old} already there stays (8.1.4).", value=value, hex=label, old=old))
        return
    smoke[label] = value
    ctx.log(t("Smoke {value} placed in {hex} ({why}).", value=value, hex=label, why=why))


def draw_smoke(ctx: Context) -> int:
    """A Smoke marker drawn at random from the cup (T94; ruling R26)."""
    return int(ctx.pick(list(SMOKE_CUP), t("Smoke marker drawn from the cup")))


def remove_smoke(state: State, label: Label, ctx: Context, why: Text) -> None:
    value = state.get("smoke", {}).pop(label, None)
    if value is None:
        raise IllegalOrder(t("{hex} holds no Smoke.", hex=label), "T94")
    ctx.log(t("Smoke {value} removed from {hex} ({why}).", value=value, hex=label, why=why))


def place_blaze(board: Board, state: State, label: Label, ctx: Context, why: Text) -> None:
    """A Blaze: never in Water or on another Blaze; it removes the hex's Smoke and fortification (T79, 8.1.5, E46).
    Units must have left the hex first (8.1.5: no unit shares a Blaze hex)."""
    if water(board, label):
        raise IllegalOrder(t("No Blaze may occupy a Water hex ({hex}) (T89, T95, T98).", hex=label), "T95")
    if blazing(state, label):
        raise IllegalOrder(t("{hex} already holds a Blaze.", hex=label), "8.1.5")
    if model.units_at(state, label):
        raise IllegalOrder(t("{hex} holds units: they leave it before a Blaze is placed (8.1.5, E46).", hex=label), "8.1.5")
    state.get("smoke", {}).pop(label, None)
    state.get("forts", {}).pop(label, None)
    state.setdefault("blaze", []).append(label)
    state["blaze"].sort()
    ctx.log(t("Blaze placed in {hex}: any Smoke and fortification there are removed ({why}).", hex=label, why=why))


def remove_blaze(state: State, label: Label, ctx: Context, why: Text) -> None:
    if not blazing(state, label):
        raise IllegalOrder(t("{hex} holds no Blaze.", hex=label), "T79")
    state["blaze"].remove(label)
    ctx.log(t("Blaze removed from {hex} ({why}).", hex=label, why=why))


def friendly_hexes(state: State, role: Role) -> list[Label]:
    return sorted({u["hex"] for u in model.on_map(state).values() if u["side"] == role})


def check_markers(board: Board, state: State) -> Text | None:
    """What breaks the stacking of markers (8.1.3-8.1.5, F100.3, T94), or ``None``."""
    for label, kind in sorted(forts(state).items()):
        if kind not in KINDS or label not in board.map.grid or water(board, label) or blazing(state, label):
            return t("The fortification in {hex} breaks F100.3 or 8.1.5.", hex=label)
    for label, value in sorted(state.get("smoke", {}).items()):
        if label not in board.map.grid or not 1 <= int(value) <= 10 or water(board, label) or blazing(state, label):
            return t("The Smoke in {hex} breaks T94 or 8.1.5.", hex=label)
    for label in state.get("blaze", []):  # units may wait in a new Blaze for their displacement (E46)
        if label not in board.map.grid or water(board, label):
            return t("The Blaze in {hex} breaks T79 or 8.1.5.", hex=label)
    return None
