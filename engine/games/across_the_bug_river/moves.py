"""The Movement Action (7.3): a stack's whole path checked against the position it starts from.

``plan`` returns the MP each step costs and refuses, citing the rule, a path the rules forbid,
German boat crossings of the Bug included (7.3.8; the 2 per activation are counted in ``phases``
with ``river``). Moving next to an HQ-only hex displaces it: ``hq``, from the walk in ``phases``. Over-stacking is allowed on the way;
where the move ends, ``overstack`` applies the penalties (5.3.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import IllegalOrder
from engine.game import State
from engine.games.across_the_bug_river import board
from engine.games.across_the_bug_river.data import Rules
from engine.hexgrid import Label
from engine.text import t


@dataclass(frozen=True)
class Plan:
    costs: tuple[float, ...]
    ma: int
    leg_bonus: bool


def _road_cost(rules: Rules, a: Label, b: Label, motorized: bool) -> float | None:
    tec = rules.tables["tec"]
    costs = [
        float(tec[kind]["mp_mot" if motorized else "mp_leg"])
        for kind in ("road", "rail")
        if rules.board.line(kind, a, b) is not None
    ]
    return min(costs) if costs else None


def step_cost(rules: Rules, state: State, motorized: bool, a: Label, b: Label, ezoc: set[Label]) -> float:
    """MP to move from ``a`` into the adjacent ``b`` (7.3.3, 7.3.7, 10.3); ``inf`` for a motorised
    stream crossing, which takes the whole MA."""
    side = rules.board.side(a, b)
    pontoon = "bug" in side and "bridge" not in side
    road = _road_cost(rules, a, b, motorized)
    if road is not None and a not in ezoc and b not in ezoc:
        return road + (1 if pontoon and motorized else 0)
    cost = float(rules.terrain(b)["mp_mot" if motorized else "mp_leg"])
    city = "city" in (rules.board.terrain[a], rules.board.terrain[b])
    if "stream" in side and "bridge" not in side and not city:
        if motorized:
            return float("inf")
        cost += float(rules.tables["tec"]["hexside"]["stream"]["leg_extra"])
    if pontoon and motorized:
        cost += float(rules.tables["tec"]["hexside"]["pontoon"]["mot_extra"])
    return cost


def plan(rules: Rules, state: State, movers: Sequence[str], path: Sequence[Label]) -> Plan:
    """Check a Movement Action of ``movers`` (one stack) along ``path`` (its start first)."""
    units = [state["units"][u] for u in movers]
    side = units[0]["side"]
    window = rules.scenarios[state["scenario"]]
    motorized = any(rules.units[u].move == "motorized" for u in movers)
    ma = min(rules.units[u].ma for u in movers)
    ezoc = board.zoc(rules, state, board.other(side))
    leg_bonus = not motorized and not any(
        any(state["units"][x]["side"] != side for n in rules.board.neighbours(h) for x in board.at(state, n))
        for h in path
    )
    costs: list[float] = []
    for i, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        if b not in rules.board.grid or not window.inside(b):
            raise IllegalOrder(t("{hex} is outside the scenario's map area.", hex=b), window.section)
        if not rules.board.grid.adjacent(a, b):
            raise IllegalOrder(t("{a} and {b} are not adjacent: a move goes hex by hex.", a=a, b=b), "7.3.1")
        if board.holds_enemy(state, b, side):
            raise IllegalOrder(t("{hex} holds enemy units: a unit may never enter it.", hex=b), "7.3.2")
        hexside = rules.board.side(a, b)
        if "lake" in hexside:
            raise IllegalOrder(t("No unit crosses a lake hexside ({a}-{b}).", a=a, b=b), "3.1.2")
        boat = board.bug_unbridged(rules, state, a, b)
        if boat and (side != "german" or motorized):
            raise IllegalOrder(t("The unbridged Bug ({a}-{b}) can only be crossed by German boat movement.", a=a, b=b), "7.3.8")
        if boat and i != 0:
            raise IllegalOrder(t("A unit crosses the Bug by boat only from the hex its Movement Action starts in ({a}-{b}).", a=a, b=b), "7.3.8")
        if a in ezoc and b in ezoc:
            raise IllegalOrder(
                t("{a} to {b} goes from one enemy ZOC hex to another: only infiltration does that.", a=a, b=b), "7.3.4"
            )
        if b in ezoc and i < len(path) - 2:
            raise IllegalOrder(t("A unit stops on entering an enemy ZOC hex ({hex}).", hex=b), "7.3.9")
        cost = step_cost(rules, state, motorized, a, b, ezoc)
        if boat:
            cost += float(rules.tables["tec"]["hexside"]["bug"]["boat_extra"])  # 7.3.8
        if cost == float("inf") and (i != 0 or len(path) != 2):
            raise IllegalOrder(
                t("A motorised unit crosses an unbridged stream only from where it starts, and stops at once ({a}-{b}).", a=a, b=b),
                "7.3.7",
            )
        costs.append(cost)
    allowance = ma + (2 if leg_bonus else 0)
    spent = sum(costs)
    if spent > allowance and len(costs) > 1:
        raise IllegalOrder(t("The path costs {mp} MP; the stack has {ma}.", mp=_mp(spent), ma=allowance), "7.3.2")
    return Plan(tuple(costs), allowance, leg_bonus)


def _mp(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.1f}"
