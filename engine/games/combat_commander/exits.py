"""Voluntary exit off the enemy edge (O16.2, O21, 7.2.1, 6.3).

A unit in a hex of the enemy's edge row (``zones.txt``: ``edge-axis``, ``edge-allies``) may leave
the map in a Move order (1 MP) or an Advance order. Its owner scores its elimination value at once
(digest 8.17: Squad 2, Team 1, Leader 1 + Command), doubled by the open special chit (7.3.1.2);
it waits on the Time track as a brand-new reinforcement, good order, on the space its owner
chooses (a choice, asked once the order step is over, R17): any space after the Time marker up
to the Sudden Death marker's, the next one by default (RULINGS R32); it enters like the
scenario's reinforcements.
A player whose last unit on the map exits ends the game: the secret chits are revealed and the VP
decide (6.3 case 3, 6.3.2).
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalOrder
from engine.game import Context, Role, State
from engine.games.combat_commander import model, objectives
from engine.games.combat_commander.common import Rules, objective_areas
from engine.hexgrid import Label
from engine.text import Text, t

EXIT_MP = 1


def enemy_edge(g: Rules, state: State, role: Role) -> frozenset[Label]:
    """The hexes of the enemy's own edge row, off which ``role``'s units may exit (7.2)."""
    return g.board_for(state).map.zone(f"edge-{model.other(role)}")


def can_exit(g: Rules, state: State, uid: str) -> bool:
    u = state["units"][uid]
    return u["hex"] is not None and u["hex"] in enemy_edge(g, state, u["side"])


def check_exit(g: Rules, state: State, uid: str, rule: str, edge_rule: str) -> None:
    """Refuse an exit from a hex that is not on the enemy's edge row (7.2, 7.2.1): from a hex on
    the map's border, that is off the own or a side edge, which ``edge_rule`` forbids (O21.4 for a
    Move, O16.3 for an Advance)."""
    u = state["units"][uid]
    if can_exit(g, state, uid):
        return
    if len(g.board_for(state).map.grid.neighbours(u["hex"])) < 6:
        raise IllegalOrder(
            t(
                "{unit} is in {hex}, on your own or a side map edge: no unit may leave the map off it; a unit exits only off the enemy edge ({rule}, 7.2.1).",
                unit=uid,
                hex=u["hex"],
                rule=edge_rule,
            ),
            edge_rule,
        )
    raise IllegalOrder(
        t("{unit} is in {hex}, not on the enemy's map edge: a unit exits only off the enemy edge ({rule}, 7.2.1).", unit=uid, hex=u["hex"], rule=rule),
        "7.2.1",
    )


def exit_unit(g: Rules, state: State, uid: str, ctx: Context) -> None:
    """7.2.1: the unit leaves the map, its owner scores, and it waits on the next Time space."""
    u = state["units"][uid]
    role, where = u["side"], u["hex"]
    points = model.unit_vp(g.data, state, uid) * (2 if objectives.special_open(state, "exit") else 1)
    model.score(state, role, points)
    space = int(state["time"]) + 1
    u.update(hex=None, broken=False, suppressed=False)
    u.pop("veteran", None)  # it loses its Veteran marker (7.2.1, E44.1)
    for w in state.get("weapons", {}).values():
        if w["unit"] == uid:
            w["broken"] = False  # it keeps its weapon, repaired (7.2.1)
    state["reinforcements"].append({"time": space, "side": role, "id": uid, "type": u["type"]})
    ctx.log(t("{unit} exits off the enemy edge from {hex}: {side} scores {vp} VP; it waits on Time space {space} (7.2.1).", unit=uid, hex=where, side=role, vp=points, space=space))
    from engine.games.combat_commander import events  # events' choice tables read this module

    events.ask(state, "exit_space", role, "7.2.1", False, unit=uid)
    model.update_control(g.data, state, objective_areas(g.board_for(state)), ctx)
    if not any(o["side"] == role for o in model.on_map(state).values()):
        objectives.reveal_all(state, ctx)
        model.finish(state, model.final_winner(state), "exit", ctx)


def _waiting(state: State, uid: str) -> dict[str, Any] | None:
    return next((r for r in state.get("reinforcements", []) if r["id"] == uid), None)


def space_options(data: Any, state: State, choice: dict[str, Any]) -> list[str]:
    """7.2.1, R32: the spaces after the Time marker, up to the Sudden Death marker's (the next one if Time is past it)."""
    if _waiting(state, choice["unit"]) is None:
        return []
    first = int(state["time"]) + 1
    return [str(n) for n in range(first, max(first, int(state["sudden_death"])) + 1)]


def place_on_space(data: Any, state: State, choice: dict[str, Any], space: str, ctx: Context) -> None:
    entry = _waiting(state, choice["unit"])
    if entry is None:
        return
    entry["time"] = int(space)
    ctx.log(t("{side} puts {unit} on Time space {space} (7.2.1).", side=choice["role"], unit=choice["unit"], space=space))


def space_question(choice: dict[str, Any]) -> Text:
    return t("Exit (7.2.1): {side} chooses the Time space where {unit} waits to come back.", side=choice["role"], unit=choice["unit"])
