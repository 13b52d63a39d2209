"""The choices of the events that place or remove fortifications and act on weapons (E55, E63,
E70, E71, E75): their options, what each answer does and the question asked (``events`` queues
them and asks them like every other choice, R17; the published default is ``pass`` where the
event says *may*, else the first option).

* Entrench (E55): the drawer *may* place Foxholes in a hex with his units, not Water, no
  fortification (F100.3; no Blaze, 8.1.5).
* Malfunction (E63): the unbroken weapon (either side) nearest the Random Hex breaks; on a tie
  the drawer chooses. Radios are no weapons (11).
* Sappers (E70): the drawer *may* remove one Mines or Wire marker.
* Scrounge (E71): the drawer *may* take an eliminated weapon (either side) out of the Weapons box
  (4.2, 11.3) and give it to one of his units on the map that carries none (11.2); it comes back
  unbroken (7.2.2: a weapon goes to the Casualty track unbroken) and becomes his.
* Suppressing Fire (E75): the drawer *may* suppress an unsuppressed enemy unit within the Range
  and LOS of one of his unbroken machine guns carried by a good-order, unsuppressed unit.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalOrder
from engine.game import Context, State
from engine.games.combat_commander import fire, fortifications, model, weapons
from engine.games.combat_commander.board import Board
from engine.games.combat_commander.data import GameData
from engine.text import Text, t


def board_of(data: GameData, state: State) -> Board:
    return Board(data, data.maps[state["map"]], data.levels[state["map"]], data.sightings.get(state["map"], {}))


def _may_fortify(board: Board, state: State, label: str) -> bool:
    try:
        fortifications.check_fort_hex(board, state, label)
    except IllegalOrder:  # Water, Blaze or a fortification already there
        return False
    return True


# E55 Entrench ---------------------------------------------------------------------------------------


def entrench_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    board = board_of(data, state)
    return [h for h in fortifications.friendly_hexes(state, choice["role"]) if _may_fortify(board, state, h)]


def entrench(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    fortifications.place_fort(board_of(data, state), state, label, "foxholes", ctx, t("Entrench, E55"))


# E63 Malfunction ------------------------------------------------------------------------------------


def malfunction_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    """The unbroken weapons in play nearest the Random Hex (either side)."""
    grid = data.maps[state["map"]].grid
    found = {
        wid: grid.distance(choice["hex"], label)
        for wid, w in sorted(weapons.table(state).items())
        if not w["broken"] and (label := weapons.hex_of(state, wid)) is not None
    }
    if not found:
        return []
    near = min(found.values())
    return [wid for wid, d in found.items() if d == near]


def malfunction(data: GameData, state: State, choice: dict[str, Any], wid: str, ctx: Context) -> None:
    weapons.break_weapon(state, wid, ctx, "E63")


# E70 Sappers ----------------------------------------------------------------------------------------


def sappers_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    return [h for h, kind in sorted(fortifications.forts(state).items()) if kind in ("mines", "wire")]


def sappers(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    fortifications.remove_fort(state, label, ctx, t("Sappers, E70"))


# E71 Scrounge ---------------------------------------------------------------------------------------


def scrounge_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    """Eliminated weapons (the Weapons box), when the drawer has a unit on the map to carry one."""
    if not carriers(state, choice["role"]):
        return []
    return sorted(wid for wid, w in weapons.table(state).items() if w["unit"] is None)


def carriers(state: State, role: str) -> list[str]:
    return sorted(uid for uid, u in model.on_map(state).items() if u["side"] == role and weapons.carried(state, uid) is None)


def scrounge(data: GameData, state: State, choice: dict[str, Any], wid: str, ctx: Context) -> None:
    from engine.games.combat_commander import events  # whose choice tables read this module

    events.ask(state, "scrounge_unit", choice["role"], "E71", False, first=True, weapon=wid)


def scrounge_unit_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    if state["weapons"][choice["weapon"]]["unit"] is not None:
        return []
    return carriers(state, choice["role"])


def scrounge_unit(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    state["weapons"][choice["weapon"]].update(unit=uid, side=choice["role"], broken=False)
    ctx.log(t("Scrounge (E71): {unit} takes {weapon} out of the Weapons box.", unit=uid, weapon=choice["weapon"]))


# E75 Suppressing Fire ------------------------------------------------------------------------------


def machine_guns(data: GameData, state: State, role: str) -> list[str]:
    """The drawer's unbroken machine guns carried by good-order, unsuppressed units on the map."""
    out = []
    for wid, w in sorted(weapons.table(state).items()):
        uid = w["unit"]
        if w["side"] != role or w["broken"] or uid is None or not weapons.wtype(state, wid).tag.upper().endswith("MG"):
            continue
        u = state["units"][uid]
        if u["hex"] is not None and not u["broken"] and not u["suppressed"]:
            out.append(wid)
    return out


def suppress_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    board = board_of(data, state)
    guns = machine_guns(data, state, choice["role"])
    out = []
    for uid, u in sorted(model.on_map(state).items()):
        if u["side"] == choice["role"] or u["suppressed"]:
            continue
        for wid in guns:
            origin = str(weapons.hex_of(state, wid))
            if board.map.grid.distance(origin, u["hex"]) <= weapons.fire_value(data, state, wid, "range") and fire.can_see(board, state, origin, u["hex"])[0]:
                out.append(uid)
                break
    return out


def suppress(data: GameData, state: State, choice: dict[str, Any], uid: str, ctx: Context) -> None:
    state["units"][uid]["suppressed"] = True
    ctx.log(t("{unit} is suppressed ({rule}).", unit=uid, rule="E75"))


QUESTIONS = {
    "entrench": lambda ch: t("Entrench (E55): {side} may place Foxholes in a hex of its units that is not Water and holds no fortification.", side=ch["role"]),
    "malfunction": lambda ch: t("Malfunction (E63) from {hex}: {side} chooses which of the nearest unbroken weapons breaks.", hex=ch["hex"], side=ch["role"]),
    "sappers": lambda ch: t("Sappers (E70): {side} may remove one Mines or Wire marker.", side=ch["role"]),
    "scrounge": lambda ch: t("Scrounge (E71): {side} may take an eliminated weapon out of the Weapons box.", side=ch["role"]),
    "scrounge_unit": lambda ch: t("Scrounge (E71): {side} chooses which of its units without a weapon takes {weapon}.", side=ch["role"], weapon=ch["weapon"]),
    "suppressing_fire": lambda ch: t("Suppressing Fire (E75): {side} may suppress an enemy unit within the Range and LOS of one of its machine guns.", side=ch["role"]),
}


def question(choice: dict[str, Any]) -> Text:
    return QUESTIONS[choice["kind"]](choice)
