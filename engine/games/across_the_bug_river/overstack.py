"""Over-stacked hexes (5.3.1, 5.3.3): checked at the end of every Action and of every retreat.

Every combat unit in a hex over the limits (3 combat units, 1 infantry-type: ``board.stacking_problem``)
checks efficiency (``overstack_check``, one held roll of its owner at a time: Schlachtenglück, 5.2): failing, it disorganises, or loses a step if it already was (digest 8.2). Then
the excess units go into adjacent hexes one at a time, moved by the enemy player (5.3.3) in the
``overstack`` window (``displace UNIT HEX``; ``pass`` leaves it to the published default: the
units that arrived last, to the first open hex). A hex over the limit is used only when no other
is open, and is then checked the same way; a unit that cannot go anywhere is eliminated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import flow, stacks
from engine.errors import IllegalOrder
from engine.flow import Frame, Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.across_the_bug_river import board, luck
from engine.games.across_the_bug_river.data import Rules
from engine.games.across_the_bug_river.phases import (
    drop_improved,
    efficiency_passed,
    game_ref,
    rules_of,
    set_disorganized,
)
from engine.text import t

TAG = "overstack"
CHECK = "overstack_check"


def combat_units(state: State, label: str) -> list[str]:
    return [u for u in board.at(state, label) if state["units"][u]["kind"] == "unit"]


def over(rules: Rules, state: State, label: str, extra: Sequence[str] = ()) -> bool:
    """Whether ``label`` (with ``extra`` units added) is over the combat-unit limits (5.3.1)."""
    units = [*combat_units(state, label), *extra]
    infantry = [u for u in units if rules.units[u].combat == "infantry" and rules.units[u].stack_infantry]
    return len(units) > 3 or len(infantry) > 1


def after_action(game: Any, state: State, labels: Sequence[str], ctx: Context, arrived: Sequence[str] = ()) -> None:
    """Check the hexes an Action or retreat ended in; open the window for the first one over the limit."""
    rules = rules_of(game)
    pending = [h for h in dict.fromkeys(labels) if h and over(rules, state, h)]
    if pending:
        begin(game, state, pending, list(arrived), ctx)


def begin(game: Any, state: State, pending: list[str], arrived: list[str], ctx: Context) -> None:
    """Take the checks of the next over-stacked hex and ask the enemy to move the excess out."""
    rules = rules_of(game)
    while pending:
        label = pending.pop(0)
        if not over(rules, state, label):
            continue
        units = combat_units(state, label)
        side = state["units"][units[0]]["side"]
        stacks.reveal(state, label, board.other(side), TAG)  # the enemy moves units of its choice: it sees them (RULINGS O4)
        ctx.log(t("{hex} is over the stacking limits: every combat unit there checks efficiency (5.3.1).", hex=label))
        flow.call(state, CHECK, hex=label, side=side, units=units, pending=pending, arrived=arrived)
        return


class OverstackCheck(Procedure):
    """The efficiency checks of an over-stacked hex's combat units (5.3.1), one held roll at a time:
    each is its owner's own roll (Schlachtenglück, 5.2); then the enemy moves the excess out."""

    name = CHECK
    auto = True
    rule = "5.3.1"

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        rules = rules_of(game)
        label = frame["hex"]
        if "checking" in frame:
            uid = frame.pop("checking")
            roll = luck.die(frame)
            del frame["returned"]
            if state["units"][uid]["hex"] == label and not efficiency_passed(rules, state, uid, roll):
                failed(game, rules, state, uid, ctx)
        units = [u for u in frame["units"] if state["units"][u]["hex"] == label]
        if units:
            frame["units"] = units[1:]
            frame["checking"] = units[0]
            luck.hold(state, frame["side"], "efficiency", t("Efficiency check of {unit} ({why})", unit=game_ref(state, units[0]), why=t("over-stacked")))
            return
        side, pending, arrived = frame["side"], list(frame["pending"]), list(frame["arrived"])
        flow.end(state)
        if over(rules, state, label):
            flow.call(state, "overstack", hex=label, side=side, chooser=board.other(side), pending=pending, arrived=arrived)
            return
        stacks.end_reveals(state, TAG)
        begin(game, state, pending, arrived, ctx)


def failed(game: Any, rules: Rules, state: State, uid: str, ctx: Context) -> None:
    """A failed over-stacking check (5.3.1): the unit disorganises, or loses a step if it already was."""
    name = game_ref(state, uid)
    if state["units"][uid]["disorganized"]:
        from engine.games.across_the_bug_river.battle import lose_step

        ctx.log(t("{unit} fails its efficiency check while disorganised and loses a step (5.3.1).", unit=name))
        lose_step(game, state, {"lost": {}}, uid, ctx, counts=False)
    else:
        set_disorganized(rules, state, uid, True)
        ctx.log(t("{unit} fails its efficiency check and disorganises (5.3.1).", unit=name))


def targets(rules: Rules, state: State, uid: str, label: str) -> list[str]:
    """Where ``uid`` may be moved out of ``label`` (5.3.3): an adjacent hex in the scenario's map
    area, free of enemy units, not across a lake or the unbridged Bug; over the limit only when
    no other hex is open."""
    side = state["units"][uid]["side"]
    window = rules.scenarios[state["scenario"]]
    open_ = [
        n for n in rules.board.neighbours(label)
        if window.inside(n) and not board.holds_enemy(state, n, side)
        and "lake" not in rules.board.side(label, n) and not board.bug_unbridged(rules, state, label, n)
    ]
    within = [n for n in open_ if not over(rules, state, n, [uid])]
    return within or open_


def default_move(rules: Rules, state: State, frame: Frame) -> tuple[str, str | None]:
    """The published default: the last unit to arrive (else the lowest in the stack) that eases the
    limit, to the first open hex by label; ``None`` when it can go nowhere."""
    label = frame["hex"]
    units = combat_units(state, label)
    infantry = [u for u in units if rules.units[u].combat == "infantry" and rules.units[u].stack_infantry]
    pool = infantry if len(infantry) > 1 and len(units) <= 3 else units
    arrived = [u for u in reversed(frame["arrived"]) if u in pool]
    uid = arrived[0] if arrived else pool[-1]
    where = sorted(targets(rules, state, uid, label))
    return uid, where[0] if where else None


class Overstack(Procedure):
    """The enemy moves the excess units out of an over-stacked hex (5.3.3)."""

    name = "overstack"
    rule = "5.3.3"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Over-stacked units"), "5.3.3")

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({frame["chooser"]})

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        rules = rules_of(game)
        label = frame["hex"]
        acts = [Action("pass")]
        for uid in combat_units(state, label):
            acts += [Action("displace", (uid, n)) for n in targets(rules, state, uid, label)]
        return Prompt(
            role,
            t("The enemy stack in {hex} is over the stacking limits: move its units out one at a time with 'displace UNIT HEX', or 'pass' to leave it to the default (5.3.3).", hex=label),
            tuple(acts),
        )

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        rules = rules_of(game)
        label = frame["hex"]
        if action.verb == "pass":
            ctx.log(t("{side} leaves the over-stacked units in {hex} to the default (5.3.3).", side=role, hex=label))
            while over(rules, state, label):
                uid, where = default_move(rules, state, frame)
                self.shift(game, state, frame, uid, where, ctx)
        elif action.verb == "displace" and len(action.args) == 2:
            uid, where = action.args
            if uid not in combat_units(state, label):
                raise IllegalOrder(t("{unit} is not in the over-stacked hex {hex}.", unit=uid, hex=label), "5.3.3")
            if where not in targets(rules, state, uid, label):
                raise IllegalOrder(
                    t("{unit} may go to an adjacent hex free of enemy units, never across a lake or the unbridged Bug, and over the limit only when nothing else is open: {hexes}.",
                      unit=uid, hexes=", ".join(sorted(targets(rules, state, uid, label))) or "-"),
                    "5.3.3",
                )
            self.shift(game, state, frame, uid, where, ctx)
        else:
            raise flow.refuse(action, ("displace", "pass"), self.step(game, state, frame), t("Give 'displace UNIT HEX' or 'pass'."))
        if not over(rules, state, label):
            stacks.end_reveals(state, TAG)
            pending = list(frame["pending"])
            arrived = list(frame["arrived"])
            flow.end(state)
            begin(game, state, pending, arrived, ctx)

    @staticmethod
    def shift(game: Any, state: State, frame: Frame, uid: str, where: str | None, ctx: Context) -> None:
        rules = rules_of(game)
        label = frame["hex"]
        name = game_ref(state, uid)
        drop_improved(state, label)
        stacks.remove(game.policy, state, state["units"], uid)
        if where is None:
            state["units"][uid]["hex"] = None
            state["destroyed"].append(uid)
            ctx.log(t("{unit} cannot be moved out of {hex} and is eliminated (5.3.1).", unit=name, hex=label))
            return
        state["units"][uid]["hex"] = where
        stacks.place(game.policy, state, state["units"], uid, where)
        drop_improved(state, where)
        ctx.log(t("{unit} is moved out of {hex} into {dest} (5.3.3).", unit=game_ref(state, uid), hex=label, dest=where))
        if over(rules, state, where) and where not in frame["pending"]:
            frame["pending"].append(where)
