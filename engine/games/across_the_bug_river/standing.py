"""Private standing orders (digest 6.2, 4.4 "Reaction UX"): a player's answers, given in advance, to
the decisions the rules hand them during the other side's activations, so a game by post need not
stop and wait. The kernel applies the answer at once (``Game.auto_action``) as an ordinary order of
that player.

``standing noreact``: decline every Formation Reaction for the rest of this Ops Cycle (6.4).
``standing react FORMATION HEX|UNIT``: attempt a reaction with FORMATION when the moving enemy
stack stands in or next to HEX, or next to UNIT where it then stands (6.4.1), if FORMATION may react
there. ``standing hold``: take every second hit in place (7.5.2; the units that must retreat go
by the first legal path). ``standing hit``: the free first hit on the strongest unit, the
published default (7.5.2). ``standing luck never``: accept every roll held for Schlachtenglück
(5.2); ``standing luck PURPOSE N-M``: re-roll a PURPOSE roll (combat, ap, reaction, recovery,
efficiency, initiative, attrition) showing N to M, accept the others of that purpose; ``standing luck ask``: ask again.
``standing list``, ``standing clear``.

The orders are private: they live in ``state["standing"]``, which no view shows; they are told
only to their owner; the others read the order as ``standing (private)`` (``Game.order_text``).
A window with no order that answers it is asked as before (RULINGS T1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import InvalidOrder
from engine.game import Action, Context, State
from engine.games.across_the_bug_river import board, luck
from engine.games.across_the_bug_river.data import Rules
from engine.text import Text, t

SYNTAX = "standing noreact | react FORMATION HEX|UNIT | hold | hit | luck never|ask|PURPOSE N-M | list | clear"


def orders(state: State, role: str) -> dict[str, Any]:
    mine: dict[str, Any] = state.setdefault("standing", {}).setdefault(role, {})
    return mine


def parse(args: list[str], formation: Any, place: Any) -> tuple[str, ...]:
    """The words of a standing order, checked: ``formation`` and ``place`` name a formation and a
    hex or unit (they raise InvalidOrder on a bad name)."""
    words = [a.casefold() for a in args]
    if words in (["noreact"], ["hold"], ["hit"], ["list"], ["clear"], ["luck", "never"], ["luck", "ask"]):
        return tuple(words)
    if len(words) == 3 and words[0] == "react":
        return ("react", formation(args[1]), place(args[2]))
    if len(words) == 3 and words[0] == "luck" and words[1] in luck.PURPOSES:
        low, _, high = words[2].partition("-")
        high = high or low
        if low.isdigit() and high.isdigit() and 1 <= int(low) <= int(high) <= 10:
            return ("luck", words[1], low, high)
    raise InvalidOrder(
        t("Unknown standing order."),
        t("Possible: {syntax}; luck purposes: {purposes}; N-M is a range of the d10 (1-10).", syntax=SYNTAX, purposes=", ".join(luck.PURPOSES)),
    )


def give(state: State, role: str, args: tuple[str, ...], ctx: Context) -> None:
    """Record, list or clear ``role``'s standing orders; only ``role`` is told."""
    mine = orders(state, role)
    kind = args[0]
    if kind == "clear":
        mine.clear()
    elif kind == "noreact":
        mine["noreact"] = [state["turn"], state["cycle"]]
    elif kind == "react":
        mine["react"] = [*[r for r in mine.get("react", []) if r[0] != args[1]], [args[1], args[2]]]
    elif kind in ("hold", "hit"):
        mine[kind] = True
    elif kind == "luck" and args[1] == "ask":
        mine.pop("luck", None)
    elif kind == "luck" and args[1] == "never":
        mine["luck"] = {"never": True}
    elif kind == "luck":
        rule = mine.get("luck") or {}
        rule.pop("never", None)
        rule[args[1]] = [int(args[2]), int(args[3])]
        mine["luck"] = rule
    ctx.log(describe(state, role), to=role)


def describe(state: State, role: str) -> Text:
    """``role``'s standing orders in words, for ``role`` alone."""
    mine = orders(state, role)
    parts: list[Text] = []
    if mine.get("noreact") == [state["turn"], state["cycle"]]:
        parts.append(t("no reaction for the rest of this Ops Cycle"))
    for fid, where in mine.get("react", []):
        parts.append(t("react with {formation} when the enemy comes next to {where}", formation=fid, where=where))
    if mine.get("hold"):
        parts.append(t("hold on every second hit"))
    if mine.get("hit"):
        parts.append(t("the first hit on the strongest unit"))
    rule = mine.get("luck") or {}
    if rule.get("never"):
        parts.append(t("never use the Schlachtenglück"))
    for purpose in luck.PURPOSES:
        if purpose in rule:
            low, high = rule[purpose]
            parts.append(t("re-roll a {purpose} roll of {low} to {high} with the Schlachtenglück", purpose=purpose, low=low, high=high))
    if not parts:
        return t("Your standing orders: none; every decision is asked.")
    listed: Text = parts[0]
    for part in parts[1:]:
        listed = t("{a}; {b}", a=listed, b=part)
    return t("Your standing orders: {orders}.", orders=listed)


def answer(rules: Rules, state: State, role: str, listed: Callable[[], tuple[Action, ...]]) -> Action | None:
    """The answer ``role``'s standing orders give to the decision now waiting for it, if any."""
    mine = (state.get("standing") or {}).get(role)
    if not mine or not state.get("flow"):
        return None
    top = state["flow"][-1]
    proc = top["proc"]
    if proc == luck.ROLL and top.get("waiting") and top.get("holder") == role:
        rule = mine.get("luck") or {}
        if rule.get("never"):
            return Action("accept")
        if top["purpose"] in rule:
            low, high = rule[top["purpose"]]
            return Action("reroll") if low <= int(top["roll"]) <= high else Action("accept")
        return None
    if proc == "react" and board.other(top["mover"]) == role:
        if mine.get("noreact") == [state["turn"], state["cycle"]]:
            return Action("noreact")
        for fid, where in mine.get("react", []):
            near = where if where in rules.board.grid else (state["units"].get(where) or {}).get("hex")
            if fid in top["formations"] and near is not None and (near == top["at"] or rules.board.grid.adjacent(top["at"], near)):
                return Action("react", (fid,))
        return None
    if proc == "losses" and top["owner"] == role:
        if top["mode"] == "second" and mine.get("hold"):
            return Action("hold")
        if top["mode"] == "first" and mine.get("hit"):
            return next(iter(listed()), None)  # the prompt lists the strongest unit first
    return None
