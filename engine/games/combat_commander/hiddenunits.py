"""Hidden Units (A35.4): when the enemy discards one or more cards by passing (O15), the
Defense-posture player, in this order, (1) rolls on his nation's Support table and takes one
counter of the column rolled that is not a Radio, free, and (2) places it in a hex of his own
set-up area that holds no units of either side and has Cover 1 or more.

The action is played in the window after a Pass with discards (``demolition.DemolitionWindow``,
W7), which opens whatever the hands hold; an involuntary discard (E57, E61) opens no window.
The roll is the player's own (1.9: it may trigger, its triggers resolved first); the pick and
the placement are choices (``events``, R17), asked after the triggers' choices, the pick first.
Ruling R50: the set-up area is the scenario's ``setup_area``; Cover is the hex's best Cover,
terrain or fortification, with a Road's -1 (T93).
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalOrder
from engine.game import Context, Role, State
from engine.games.combat_commander import fortifications, model
from engine.games.combat_commander.board import Board
from engine.games.combat_commander.data import GameData, parse_area
from engine.hexgrid import Label
from engine.text import Text, t

RULE = "A35.4"


def check_posture(state: State, role: Role) -> None:
    if state["sides"][role]["posture"] != "defense":
        raise IllegalOrder(t("Only the player in Defense posture plays the Hidden actions."), "A35")


def setup_area(data: GameData, state: State, role: Role) -> list[Label]:
    """``role``'s set-up area in this scenario (R50)."""
    spec = data.scenarios[state["scenario"]].sides[role]
    return parse_area(list(spec.get("setup_area", [])), data.maps[state["map"]].grid)[0]


def place_options(data: GameData, state: State, choice: dict[str, Any]) -> list[str]:
    """Hexes of the set-up area without units of either side, passable, with Cover 1 or more (A35.4, 8.1.5)."""
    if state["units"].get(choice["unit"], {}).get("hex") is not None:
        return []
    board = Board(data, data.maps[state["map"]], data.levels[state["map"]])
    occupied = {u["hex"] for u in model.on_map(state).values()}
    return [
        h for h in setup_area(data, state, choice["role"])
        if h not in occupied
        and board.terrain(h).move is not None
        and not fortifications.blazing(state, h)
        and max(board.cover(h), fortifications.cover(board, state, h)) >= 1
    ]


def place(data: GameData, state: State, choice: dict[str, Any], label: str, ctx: Context) -> None:
    state["units"][choice["unit"]]["hex"] = label
    ctx.log(t("{unit} is placed in {hex} (Hidden Units, A35.4).", unit=choice["unit"], hex=label))


def question(choice: dict[str, Any]) -> Text:
    return t(
        "Hidden Units (A35.4): {side} chooses the hex of its set-up area, empty of units and with Cover 1 or more, where {unit} is placed.",
        side=choice["role"],
        unit=choice["unit"],
    )
