"""The victory points the scenario rules add (11.2, 11.3): map exit and conditional VP hexes.

Exit (scenario 2 and campaign): ``exit UNIT|HEX`` is a Movement Action (1 AP) of units of the 111th
or 299th Infantry Division standing in a map-edge hex of the Soviet East supply area, in command
range; it costs +1 MP (+1 more from 5418 for the stream), which any unit's MA covers (RULINGS X1).
The units leave the map (not destroyed) and score 1/20 VP per strength point they exit with.

Conditional VP (campaign): the Volodymyr-Volynskyi and Poryts'k city hexes controlled by the German
at the end of turn 3, and the Lokachi city hex at the end of turn 4, score their printed value then,
for good (digest suggestion); they do not count again at the end of the game. Scenario 2 counts only
the unconditional printed VP hexes, so none of those three cities (RULINGS X2).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine import stacks
from engine.errors import IllegalOrder
from engine.flow import Frame
from engine.game import Action, Context, State
from engine.games.across_the_bug_river import board, supplyline
from engine.games.across_the_bug_river.data import Rules
from engine.games.across_the_bug_river.phases import drop_improved
from engine.text import t

EXIT_FORMATIONS = ("111id", "299id")
EXIT_SCENARIOS = ("scenario2", "campaign")
EXIT_RATE = Fraction(1, 20)
BY_TURN = {3: ("Volodymyr-Volynskyi", "Poryts'k"), 4: ("Lokachi",)}


def conditional_hexes(rules: Rules) -> dict[str, int]:
    """Each conditional city hex and the turn by whose end it must be held."""
    out: dict[str, int] = {}
    for turn, names in BY_TURN.items():
        for p in rules.board.places.values():
            if p.name in names and p.kind == "city":
                out[p.hex] = turn
    return out


def counts_at_end(rules: Rules, state: State, label: str) -> bool:
    """Whether a VP hex's control scores at the end of the game (scenario 1 lists its own)."""
    return state["scenario"] == "scenario1" or label not in conditional_hexes(rules)


def score_conditional(rules: Rules, state: State, ctx: Context) -> None:
    """At the end of turns 3 and 4 of the campaign, the conditional city hexes the German holds."""
    if state["scenario"] != "campaign":
        return
    held = state.setdefault("conditional", {})
    for label, turn in sorted(conditional_hexes(rules).items()):
        if turn == state["turn"] and supplyline.controller(rules, state, label) == "german" and label not in held:
            held[label] = int(state["vp_hexes"].get(label, 0))
            ctx.log(t("The German holds {hex} at the end of turn {turn}: {vp} conditional VP (11.3).", hex=label, turn=turn, vp=held[label]))


def extra(state: State) -> Fraction:
    """The conditional VP scored and the exit VP (11.2, 11.3)."""
    vp = Fraction(sum(int(v) for v in state.get("conditional", {}).values()))
    vp += EXIT_RATE * sum(int(v) for v in state.get("exited", {}).values())
    return vp


def refusal(rules: Rules, state: State, frame: Frame, movers: list[str]) -> IllegalOrder | None:
    if state["scenario"] not in EXIT_SCENARIOS:
        return IllegalOrder(t("Units leave the map only in scenario 2 and the campaign."), "11.2")
    east = rules.board.zone("supply_east")
    for uid in movers:
        u = state["units"][uid]
        if rules.units[uid].formation not in EXIT_FORMATIONS:
            return IllegalOrder(t("Only units of the 111th and 299th Infantry Divisions exit the map."), "11.2")
        if u["hex"] not in east:
            return IllegalOrder(t("A unit exits the map only from an edge hex of the Soviet East supply area."), "11.2")
        if u["disorganized"]:
            return IllegalOrder(t("{unit} is disorganised and cannot move.", unit=uid), "5.6.3")
        if board.command(rules, state, uid) != "in":
            return IllegalOrder(t("{unit} must be in command range to exit the map.", unit=uid), "11.2")
    if state["ap"][frame["side"]] < 1:
        return IllegalOrder(t("A Movement Action costs {cost} AP; {ap} left.", cost=1, ap=state["ap"][frame["side"]]), "7.1")
    return None


def actions(rules: Rules, state: State, frame: Frame, members: list[str]) -> list[Action]:
    if state["scenario"] not in EXIT_SCENARIOS or frame["side"] != "german":
        return []
    east = rules.board.zone("supply_east")
    return [Action("exit", (u,)) for u in members if state["units"][u]["hex"] in east and refusal(rules, state, frame, [u]) is None]


def leave(game: Any, state: State, frame: Frame, members: list[str], args: tuple[str, ...], ctx: Context) -> None:
    """The exit Movement Action: the unit, or the formation's units in the hex, leave the map."""
    rules: Rules = game.rules
    first = args[0]
    if first in rules.board.grid:
        movers = [u for u in members if state["units"][u]["hex"] == first and not state["units"][u]["disorganized"]]
    else:
        if first not in members:
            raise IllegalOrder(t("{unit} is not a unit of {formation}.", unit=first, formation=frame["formation"]), "5.5.1")
        movers = [first]
    if not movers:
        raise IllegalOrder(t("No unit of {formation} that can move stands in {hex}.", formation=frame["formation"], hex=first), "7.3.1")
    problem = refusal(rules, state, frame, movers)
    if problem is not None:
        raise problem
    state["ap"][frame["side"]] -= 1
    exited = state.setdefault("exited", {})
    for uid in movers:
        where = state["units"][uid]["hex"]
        stacks.remove(game.policy, state, state["units"], uid)
        state["units"][uid]["hex"] = None
        exited[uid] = int(state["units"][uid]["strength"])
        drop_improved(state, where)
        ctx.log(t("A German unit exits the map from {hex} through the Soviet East supply area (11.2).", hex=where))
