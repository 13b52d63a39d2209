"""Crossing the Bug: German boat movement (7.3.8) and pontoon bridges (10.3).

Boats: up to 2 German leg units per Formation Activation cross an unbridged Bug hexside, each
starting its Movement Action next to it and paying +1 MP (``moves.plan`` prices and places the
crossing; the activation frame keeps the ``boats`` used, the Boat markers).

Pontoons: ``pontoon HEX HEX`` (2 AP) bridges an unbridged Bug hexside for the corps of the
activated German formation, one bridge per corps (III Motorized, XXIX) per game, where a unit of
that formation not disorganised and in command range stands in one of the two hexes and the hex
across is free of enemy units and of EZOC without a friend. The bridge is in ``state["pontoons"]``
(a bridge for every purpose: ``board.bug_unbridged``) and its corps in ``state["pontoon_of"]``; an
enemy combat unit in or next to either hex of it removes it for good (digest 8.2), looked at when
each order ends (``check``). In the Reinforcement Segment the German may take a standing bridge up
(``pontoon remove CORPS``, the ``pontoons`` window) to build it again later; the published default
keeps it (``pass``).
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.flow import Frame, Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.across_the_bug_river import board
from engine.games.across_the_bug_river.data import Rules
from engine.hexgrid import Label
from engine.text import ngettext, t

BOATS_PER_ACTIVATION = 2
LOST = "lost"


def boat_refusal(frame: Frame, movers: list[str]) -> IllegalOrder | None:
    """7.3.8: no more than 2 units cross by boat in one Formation Activation."""
    used = list(frame.get("boats", []))
    if len(set(used) | set(movers)) > BOATS_PER_ACTIVATION:
        return IllegalOrder(
            ngettext("Only 2 German units cross the Bug by boat in one Formation Activation; {n} already did.",
                     "Only 2 German units cross the Bug by boat in one Formation Activation; {n} already did.", len(used)), "7.3.8"
        )
    return None


def corps_of(rules: Rules, formation: str) -> str:
    return rules.formations[formation].corps


def refusal(rules: Rules, state: State, frame: Frame, a: Label, b: Label) -> IllegalOrder | None:
    """Why the activated formation may not bridge the ``a``-``b`` hexside now (10.3), or ``None``."""
    if frame["side"] != "german":
        return IllegalOrder(t("Only the German side builds pontoon bridges."), "10.3")
    if not rules.scenarios[state["scenario"]].pontoons:
        return IllegalOrder(t("No pontoon bridges in this scenario: its special rules do not apply."), "11.2")
    corps = corps_of(rules, frame["formation"])
    if corps not in ("III", "XXIX"):
        return IllegalOrder(t("Only a formation of III Motorized Corps or XXIX Corps builds a pontoon bridge."), "10.3")
    if state["ap"]["german"] < int(rules.tables["actions"]["pontoon"]):
        return IllegalOrder(t("A pontoon bridge costs {cost} AP; {ap} left.", cost=rules.tables["actions"]["pontoon"], ap=state["ap"]["german"]), "10.3")
    held = state.get("pontoon_of", {}).get(corps)
    if held == LOST:
        return IllegalOrder(t("The pontoon bridge of {corps} Corps was destroyed: it cannot be built again.", corps=corps), "10.3")
    if held is not None:
        return IllegalOrder(t("The pontoon bridge of {corps} Corps is already on the map ({where}).", corps=corps, where=held), "10.3")
    if not rules.board.grid.adjacent(a, b) or not board.bug_unbridged(rules, state, a, b):
        return IllegalOrder(t("{a}-{b} is not an unbridged Bug hexside.", a=a, b=b), "10.3")
    members = [u for u, x in board.combat_units(state, "german").items() if board.acting_formation(x) == frame["formation"]]
    for near, across in ((a, b), (b, a)):
        builders = [u for u in members if state["units"][u]["hex"] == near and not state["units"][u]["disorganized"]
                    and board.command(rules, state, u) == "in"]
        if builders and not board.holds_enemy(state, across, "german") and (
            across not in board.zoc(rules, state, "soviet") or board.holds_friend(state, across, "german")
        ):
            return None
    return IllegalOrder(
        t("A pontoon bridge needs a unit of {formation}, not disorganised and in command range, on one bank of {a}-{b}, and the hex across free of enemy units and enemy ZOC.",
          formation=frame["formation"], a=a, b=b),
        "10.3",
    )


def actions(rules: Rules, state: State, frame: Frame, members: list[str]) -> list[Action]:
    """Every pontoon bridge the activated formation may build now."""
    if frame["side"] != "german" or state["ap"]["german"] < int(rules.tables["actions"]["pontoon"]):
        return []
    out: list[Action] = []
    for label in sorted({state["units"][u]["hex"] for u in members}):
        for n in rules.board.neighbours(label):
            if board.bug_unbridged(rules, state, label, n) and refusal(rules, state, frame, label, n) is None:
                out.append(Action("pontoon", (label, n)))
    return out


def build(game: Any, state: State, frame: Frame, role: str, args: tuple[str, ...], ctx: Context) -> None:
    """The pontoon-bridge Action (10.3)."""
    rules: Rules = game.rules
    if args[0] == "remove":
        raise IllegalOrder(t("A pontoon bridge is taken up only in the Reinforcement Segment of the Admin Phase."), "10.3")
    a, b = args
    problem = refusal(rules, state, frame, a, b)
    if problem is not None:
        raise problem
    cost = int(rules.tables["actions"]["pontoon"])
    state["ap"][role] -= cost
    corps = corps_of(rules, frame["formation"])
    state["pontoons"].append(sorted((a, b)))
    state.setdefault("pontoon_of", {})[corps] = "-".join(sorted((a, b)))
    ctx.log(t("{formation} builds the pontoon bridge of {corps} Corps over the Bug at {a}-{b} ({cost} AP) (10.3).",
              formation=frame["formation"], corps=corps, a=a, b=b, cost=cost))


def check(rules: Rules, state: State, ctx: Context) -> None:
    """A pontoon bridge with an enemy combat unit in or next to either of its hexes is removed for good (10.3)."""
    for corps, where in sorted(state.get("pontoon_of", {}).items()):
        if where in (None, LOST):
            continue
        a, b = where.split("-")
        near = {a, b, *rules.board.neighbours(a), *rules.board.neighbours(b)}
        if any(state["units"][u]["side"] == "soviet" and state["units"][u]["kind"] == "unit" for h in near for u in board.at(state, h)):
            state["pontoons"] = [p for p in state["pontoons"] if sorted(p) != sorted((a, b))]
            state["pontoon_of"][corps] = LOST
            ctx.log(t("An enemy unit next to the pontoon bridge of {corps} Corps at {a}-{b}: it is removed from the game (10.3).", corps=corps, a=a, b=b))


def standing(state: State) -> list[str]:
    """The corps whose pontoon bridge stands on the map now."""
    return sorted(c for c, where in state.get("pontoon_of", {}).items() if where not in (None, LOST))


class Removal(Procedure):
    """The German may remove a pontoon bridge in the Reinforcement Segment to use it again (10.3)."""

    name = "pontoons"
    rule = "10.3"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Pontoon bridges (Reinforcement Segment)"), "10.3")

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({"german"})

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        acts = (Action("pass"), *(Action("pontoon", ("remove", c)) for c in standing(state)))
        return Prompt(role, t("Reinforcement Segment: 'pontoon remove CORPS' takes a pontoon bridge up to build it again later, or 'pass' keeps them all (10.3)."),
                      acts, default=Action("pass"))

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        from engine.games.across_the_bug_river.admin import begin_ops

        if action.verb == "pass" and not action.args:
            begin_ops(state)
            return
        if action.verb != "pontoon" or len(action.args) != 2 or action.args[0] != "remove":
            raise flow.refuse(action, ("pontoon", "pass"), self.step(game, state, frame), t("Give 'pontoon remove CORPS' or 'pass'."))
        corps = action.args[1]
        if corps not in standing(state):
            raise IllegalOrder(t("{corps} Corps has no pontoon bridge on the map; standing: {standing}.", corps=corps, standing=", ".join(standing(state)) or "-"), "10.3")
        a, b = state["pontoon_of"][corps].split("-")
        state["pontoons"] = [p for p in state["pontoons"] if sorted(p) != sorted((a, b))]
        state["pontoon_of"][corps] = None
        ctx.log(t("The German takes up the pontoon bridge of {corps} Corps at {a}-{b}: it may be built again (10.3).", corps=corps, a=a, b=b))
        if not standing(state):
            begin_ops(state)
