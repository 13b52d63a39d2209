"""Standing orders: a player's answers, registered in advance, to the decisions the rules give
them during the opponent's turn (6), so an asynchronous campaign need not stop and wait.

``standing dd never|always``: refuse or always attempt Determined Defence (lead unit: the
best-quality eligible unit); ``standing loss auto``: take losses by the 10.2 priority, first
candidate first; ``standing loss UNIT UNIT ...``: a loss order, the first listed unit that the
10.2 priority allows takes the step (then the first candidate); ``standing retreat auto``: retreat along the first path by the 11.1 priorities;
``standing advance never``: decline every advance after combat; ``standing clear``.
"""

from __future__ import annotations

from typing import Any

from engine.errors import InvalidOrder
from engine.game import Action, Context, State
from engine.games.caucasus import battle
from engine.text import t

KINDS = {"dd": ("never", "always"), "loss": ("auto",), "retreat": ("auto",), "advance": ("never",)}


def set_orders(state: State, role: str, args: tuple[str, ...], ctx: Context, units: Any = None) -> None:
    orders: dict[str, str] = state["standing"].setdefault(role, {})
    if args == ("clear",):
        orders.clear()
        ctx.log(t("Standing orders cleared."), to=role)
        return
    if len(args) >= 2 and args[0] == "loss" and args[1] != "auto":
        known = set(units or ())
        unknown = [u for u in args[1:] if u not in known]
        if unknown:
            raise InvalidOrder(t("A loss order lists unit ids; unknown: {units}.", units=", ".join(unknown)))
        orders["loss"] = "order:" + ",".join(args[1:])
        ctx.log(t("Standing loss order recorded: {units}.", units=", ".join(args[1:])), to=role)
        return
    if len(args) != 2 or args[0] not in KINDS or args[1] not in KINDS[args[0]]:
        raise InvalidOrder(
            t("Standing orders: dd never|always, loss auto, loss UNIT UNIT ..., retreat auto, advance never, or clear.")
        )
    orders[args[0]] = args[1]
    ctx.log(t("Standing order recorded: {kind} {value}.", kind=args[0], value=args[1]), to=role)


def auto_action(game: Any, state: State, role: str) -> Action | None:
    orders = state.get("standing", {}).get(role) or {}
    if not orders or not state.get("flow"):
        return None
    return battle.standing_answer(game, state, role, orders)
