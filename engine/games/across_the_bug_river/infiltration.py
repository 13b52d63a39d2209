"""Infiltration (7.3.4): a unit or stack that starts in enemy ZOC moves directly into an adjacent
enemy ZOC hex, spending its whole MA; each unit checks efficiency and, failing, disorganises and
stays. The AP are spent whatever happens, and the move may draw a Formation Reaction (6.4).

The checks run on the declared order (``check``); ``run`` pays, takes the checks and walks the
units that passed with the same resumable walk as a Movement Action (``phases.continue_walk``).
"""

from __future__ import annotations

from typing import Any

from engine import walk
from engine.errors import IllegalOrder
from engine.flow import Frame
from engine.game import Action, Context, State
from engine.games.across_the_bug_river import board, luck
from engine.games.across_the_bug_river.data import Rules
from engine.games.across_the_bug_river.phases import (
    continue_walk,
    drop_improved,
    efficiency_passed,
    game_ref,
    rules_of,
    set_disorganized,
)
from engine.text import t


def movers_of(state: State, members: list[str], first: str, grid: Any) -> tuple[list[str], str]:
    """The units named by ``first`` (a unit, or a hex for every able member there) and their hex."""
    if first in grid:
        return [u for u in members if state["units"][u]["hex"] == first and not state["units"][u]["disorganized"]], first
    return [first], str(state["units"][first]["hex"])


def check(rules: Rules, state: State, frame: Frame, members: list[str], movers: list[str], start: str, dest: str, cost: int) -> None:
    """Refuse an infiltration the rules forbid, citing the rule."""
    side = frame["side"]
    if not movers:
        raise IllegalOrder(t("No unit of {formation} that can move stands in {hex}.", formation=frame["formation"], hex=start), "7.3.1")
    for uid in movers:
        if state["units"][uid]["kind"] == "hq":
            raise IllegalOrder(t("{unit} is an HQ: it never makes a Movement Action and moves only by its Relocation Action ('relocate HQ HEX').", unit=uid), "7.4")
        if uid not in members:
            raise IllegalOrder(t("{unit} is not a unit of {formation}.", unit=uid, formation=frame["formation"]), "5.5.1")
        if state["units"][uid]["disorganized"]:
            raise IllegalOrder(t("{unit} is disorganised and cannot move.", unit=uid), "5.6.3")
        if state["units"][uid]["hex"] != start:
            raise IllegalOrder(t("{unit} is not in {hex}.", unit=uid, hex=start), "7.3.1")
    if state["ap"][side] < cost:
        raise IllegalOrder(t("A Movement Action costs {cost} AP; {ap} left.", cost=cost, ap=state["ap"][side]), "7.1")
    if dest not in rules.board.grid or not rules.scenarios[state["scenario"]].inside(dest):
        raise IllegalOrder(t("{hex} is outside the scenario's map area.", hex=dest), rules.scenarios[state["scenario"]].section)
    if not rules.board.grid.adjacent(start, dest):
        raise IllegalOrder(t("Infiltration goes into an adjacent hex only ({a}-{b}).", a=start, b=dest), "7.3.4")
    ezoc = board.zoc(rules, state, board.other(side))
    if start not in ezoc:
        raise IllegalOrder(t("Only units that start in an enemy ZOC infiltrate; {hex} is not in one: move instead.", hex=start), "7.3.4")
    if dest not in ezoc:
        raise IllegalOrder(t("Infiltration goes into an enemy ZOC hex; {hex} is not in one: move instead.", hex=dest), "7.3.4")
    if board.holds_enemy(state, dest, side):
        raise IllegalOrder(t("{hex} holds enemy units: a unit may never enter it.", hex=dest), "7.3.2")
    if "lake" in rules.board.side(start, dest):
        raise IllegalOrder(t("No unit crosses a lake hexside ({a}-{b}).", a=start, b=dest), "3.1.2")
    if board.bug_unbridged(rules, state, start, dest):
        raise IllegalOrder(t("No infiltration across the unbridged Bug ({a}-{b}).", a=start, b=dest), "7.3.8")


def actions(game: Any, state: State, frame: Frame, members: list[str]) -> list[Action]:
    """Every legal infiltration of a single unit (for the prompt)."""
    rules = rules_of(game)
    ezoc = board.zoc(rules, state, board.other(frame["side"]))
    out: list[Action] = []
    for uid in members:
        here = state["units"][uid]["hex"]
        if state["units"][uid]["disorganized"] or here not in ezoc:
            continue
        cost = game.procedures["activation"].cost(rules, state, [uid], 1)
        for n in rules.board.neighbours(here):
            try:
                check(rules, state, frame, members, [uid], here, n, cost)
            except IllegalOrder:
                continue
            out.append(Action("infiltrate", (uid, n)))
    return out


def run(game: Any, state: State, frame: Frame, role: str, members: list[str], args: tuple[str, ...], ctx: Context) -> None:
    """7.3.4: pay the Movement Action, check each unit, walk those that passed (a reaction may stop them)."""
    rules = rules_of(game)
    if len(args) != 2:
        raise IllegalOrder(t("Syntax: {syntax}", syntax="infiltrate UNIT|HEX HEX"), "7.3.4")
    first, dest = args
    if first not in rules.board.grid and first not in state["units"]:
        raise IllegalOrder(t("There is no unit '{unit}'.", unit=first), "7.3.1")
    movers, start = movers_of(state, members, first, rules.board.grid)
    cost = game.procedures["activation"].cost(rules, state, movers, 1) if movers else 1
    check(rules, state, frame, members, movers, start, dest, cost)
    state["ap"][role] -= cost
    drop_improved(state, start)
    ctx.log(t("{formation} infiltrates from {start} into {dest} ({cost} AP; the whole MA) (7.3.4).", formation=frame["formation"], start=start, dest=dest, cost=cost))
    queue: list[list[str]] = []
    for uid in movers:
        if board.command(rules, state, uid) == "isolated":
            queue.append([uid, ISOLATED])
        queue.append([uid, CHECK])
    frame["infiltrating"] = {"queue": queue, "going": [], "start": start, "dest": dest, "role": role}
    next_check(state, frame)


ISOLATED = "isolated unit acting"
CHECK = "infiltration"


def next_check(state: State, frame: Frame) -> None:
    """Roll the next unit's check as a held roll (its owner's own roll: Schlachtenglück, 5.2)."""
    job = frame["infiltrating"]
    uid, why = job["queue"].pop(0)
    job["current"] = [uid, why]
    reason = t("isolated unit acting") if why == ISOLATED else t("infiltration")
    luck.hold(state, job["role"], "efficiency", t("Efficiency check of {unit} ({why})", unit=game_ref(state, uid), why=reason))


def checked(game: Any, state: State, frame: Frame, ctx: Context) -> None:
    """A held check of an infiltrating unit is in (5.8.4 for an isolated unit acting, then 7.3.4);
    once every unit has checked, the units that passed step into the hex."""
    rules = rules_of(game)
    job = frame["infiltrating"]
    uid, why = job.pop("current")
    roll = luck.die(frame)
    del frame["returned"]
    passed = efficiency_passed(rules, state, uid, roll)
    if why == ISOLATED and not passed:
        set_disorganized(rules, state, uid, True)
        ctx.log(t("{unit} is isolated, fails its efficiency check and disorganises (5.8.4).", unit=game_ref(state, uid)))
        job["queue"] = [q for q in job["queue"] if q[0] != uid]
    elif why == CHECK and passed:
        job["going"].append(uid)
        ctx.log(t("{unit} passes its infiltration check.", unit=game_ref(state, uid)))
    elif why == CHECK:
        set_disorganized(rules, state, uid, True)
        ctx.log(t("{unit} fails its infiltration check, disorganises and stays in {hex} (7.3.4).", unit=game_ref(state, uid), hex=job["start"]))
    if job["queue"]:
        next_check(state, frame)
        return
    del frame["infiltrating"]
    going, start, dest = job["going"], job["start"], job["dest"]
    if not going:
        return
    frame["walk"] = walk.start([start, dest])
    frame["movers"] = going
    frame["attempted"] = frame["reaction"]  # the Initiative side cannot counter-react (6.4.3)
    continue_walk(game, state, frame, ctx)
