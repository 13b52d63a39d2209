"""What every order shares: the game as the procedures see it, cards in hand, activation (O14.1, 3.3.1.1),
and the orders and actions not implemented yet (refused naming their rule)."""

from __future__ import annotations

from typing import Any, Protocol, cast

from engine.errors import IllegalOrder, InvalidOrder, NotImplementedRule
from engine.game import Role, State
from engine.games.combat_commander import cards, model, objectiveareas
from engine.games.combat_commander.board import Board
from engine.games.combat_commander.data import GameData
from engine.hexgrid import Label
from engine.text import Text, t

# Orders and actions that exist in the rules but are not implemented yet: refused with their rule.
NOT_YET: dict[str, str] = {}


def not_yet(verb: str) -> NotImplementedRule:
    rule = NOT_YET[verb]
    return NotImplementedRule(
        t("'{verb}' ({rule}) is not implemented yet: ask the referee, who decides and sets the position.", verb=verb, rule=rule),
        rule,
    )


#: The verbs that give an order at the turn's step (O14.1).
ORDER_VERBS = ("fire", "move", "advance", "recover", "rout", "artillery-denied", "artillery-request")


def check_no_new_order(verb: str, order: Text) -> None:
    """O14.2: an order being carried out is finished before another is given."""
    if verb in ORDER_VERBS:
        raise IllegalOrder(t("Finish the {order} first ('done' ends it): an order is carried out completely before another is given.", order=order), "O14.2")


class Rules(Protocol):
    """What the procedures need from the game: its data and the scenario's board."""

    data: GameData

    def board_for(self, state: State) -> Board: ...

    def hand_size(self, state: State, role: Role) -> int: ...


def rules_of(game: Any) -> Rules:
    return cast(Rules, game)


def hand_cards(state: State, role: Role, order: str | None = None) -> list[str]:
    return [c for c in state["sides"][role]["hand"] if order is None or cards.card(c).order == order]


def first_per_kind(cids: list[str]) -> list[str]:
    """One card per order kind: which of two cards of the same order is played is the player's choice, not a listed one."""
    seen: set[str] = set()
    out = []
    for c in sorted(cids):
        kind = cards.card(c).order
        if kind not in seen:
            seen.add(kind)
            out.append(c)
    return out


# Activation (O14.1, 3.3.1.1) --------------------------------------------------------------------


def check_activation(g: Rules, state: State, role: Role, units: list[str], key: str = "activated") -> None:
    """One unit, or one leader and friendly non-leaders within his command radius, none yet activated."""
    if not units:
        raise InvalidOrder(t("Name the unit(s) the order activates."))
    if len(set(units)) != len(units):
        raise InvalidOrder(t("A unit is named twice."))
    board = g.board_for(state)
    for uid in units:
        u = state["units"].get(uid)
        if u is None or u["side"] != role or u["hex"] is None:
            raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid), "O14.1")
        if key == "activated" and u["activated"] and not model.is_hero(g.data, state, uid):  # E58.1: a Hero, several times
            raise IllegalOrder(t("{unit} has already been activated this turn.", unit=uid), "O14.1")
        if key == "opfire" and u["opfire"]:
            raise IllegalOrder(t("{unit} has already been activated for opportunity fire this turn.", unit=uid), "A33.3")
    if len(units) == 1:
        return
    leaders = [u for u in units if model.counter(g.data, state, u).kind == "leader"]
    if len(leaders) != 1:
        raise IllegalOrder(t("Several units are activated together only through one leader and his command radius."), "3.3.1.1")
    leader = leaders[0]
    radius = model.command(g.data, state, leader)
    origin = state["units"][leader]["hex"]
    for uid in units:
        if uid != leader and board.map.grid.distance(origin, state["units"][uid]["hex"]) > radius:
            raise IllegalOrder(
                t("{unit} is outside {leader}'s command radius of {radius}.", unit=uid, leader=leader, radius=radius),
                "3.3.1.1",
            )


def activation_sets(g: Rules, state: State, role: Role, key: str = "activated") -> list[list[str]]:
    """Each free unit alone, and each free good-order leader with every free non-leader in his radius."""
    board = g.board_for(state)
    free = [
        uid for uid, u in sorted(model.on_map(state).items())
        if u["side"] == role and (not u[key] or (key == "activated" and model.is_hero(g.data, state, uid)))  # E58.1
    ]
    out = [[u] for u in free]
    for leader in free:
        if model.counter(g.data, state, leader).kind != "leader":
            continue
        radius = model.command(g.data, state, leader)
        origin = state["units"][leader]["hex"]
        near = [
            u for u in free
            if u != leader and model.counter(g.data, state, u).kind != "leader"
            and board.map.grid.distance(origin, state["units"][u]["hex"]) <= radius
        ]
        if near:
            out.append([leader, *near])
    return out


def objectives(board: Board) -> dict[str, Label]:
    return {p.get("number") or "": p.hex for p in board.map.places.values() if p.kind == "objective"}


def objective_areas(board: Board) -> dict[str, frozenset[Label]]:
    """Each objective's number -> the hexes whose occupation decides its control: a building's every hex (7.3.1.1)."""
    return objectiveareas.areas(board, objectives(board))
