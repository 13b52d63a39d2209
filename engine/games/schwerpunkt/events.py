"""Random events (S 14, E 16.32): after a combat whose unmodified roll was 2 or 12 is over
(retreats and advance included), the phasing player rolls 2d6 on the Random Events table
(``data/tables.toml`` ``[events]``) in a mini-phase of the combat segment. Rolling is compulsory,
carrying the event out is voluntary: an event that gives a player a move, an attack or an OOS
marker opens a window for that player alone (the non-phasing player's too: digest 6.2), whose
published default is ``event pass``. Event moves and attacks are free; an event attack ignores
the once-per-segment limit (S 12.3) and the events its own roll would make.

Rulings (RULINGS.md): an event move is the mini-phase's own and does not use up the unit's move
of its segment; event 7 marks every Soviet unit of one hex; the replacements of event 12 go to the
pools at once (they can be assigned only in the next Administrative Phase anyway, E 12.0).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import flow, stacks
from engine.errors import IllegalOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.schwerpunkt import combat, formations, fronts, reorg, terrain, uprising
from engine.games.schwerpunkt.effects import record_control, unit_ref
from engine.games.schwerpunkt.model import POLICY, SOVIET, other, rules, spec
from engine.games.schwerpunkt.sequence import place_gvr
from engine.hexgrid import Label
from engine.text import Text, t

DECISIONS = ("attack", "move", "oos")


def row(roll: int) -> dict[str, Any]:
    found: dict[str, Any] = rules().tables["events"][str(roll)]
    return found


def concerned(state: State, who: str) -> Role:
    """The player an event row names: the phasing or non-phasing player, or a side."""
    phasing = state["phase"].get("side") or SOVIET
    if who == "phasing":
        return str(phasing)
    if who == "non_phasing":
        return other(phasing)
    return who


def event_moves(state: State, role: Role) -> list[tuple[tuple[str, ...], Label]]:
    """Every (units, hex) an event move may make: one unit, or a German formation stacked in one
    hex moving together (S 14, E 15.2)."""
    out: list[tuple[tuple[str, ...], Label]] = []
    for label, order in sorted(terrain.occupants(state).items()):
        mine = [u for u in order if state["units"][u]["side"] == role and spec(u).move != "stationary" and u not in reorg.locked(state)]
        for uid in sorted(mine):
            out += [((uid,), h) for h in sorted(terrain.reachable(state, uid, label))]
        for group in formations.groups(state, role, label, fresh=False):
            out += [(group, h) for h in sorted(formations.group_reach(state, group, label))]
    return out


def oos_hexes(state: State) -> list[Label]:
    return sorted(h for h, order in terrain.occupants(state).items() if order and state["units"][order[0]]["side"] == SOVIET)


class Event(Procedure):
    """One random event: the roll and its automatic effect, or the window of the player it concerns."""

    name = "event"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("random event"), "S 14.0")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({frame["who"]}) if frame.get("waiting") else frozenset()

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        roll = ctx.roll(6, t("Random event (S 14)")) + ctx.roll(6, t("Random event (S 14)"))
        found = row(roll)
        who = concerned(state, str(found["who"]))
        kind = str(found["kind"])
        ctx.log(t("Random event {roll} (S 14).", roll=roll))
        if kind == "gvr":
            if not state["cup"]:
                ctx.log(t("The German has no Variable Reinforcements left to draw: no event (S 14, event 2)."))
            for _ in range(min(int(found["n"]), len(state["cup"]))):
                uid = ctx.pick(sorted(state["cup"]), t("GVR draw"))
                state["cup"].remove(uid)
                place_gvr(state, uid, ctx)
            record_control(state)
        elif kind == "c3i":
            n = int(found["n"])
            if state["c3i"][who] + n < 0:
                ctx.log(t("{side} has no C3I to lose: no effect (S 14).", side=who))
            else:
                state["c3i"][who] += n
                if n > 0:
                    ctx.log(t("{side} gains {n} C3I: now {total} (S 14).", side=who, n=n, total=state["c3i"][who]))
                else:
                    ctx.log(t("{side} loses {n} C3I: now {total} (S 14).", side=who, n=-n, total=state["c3i"][who]))
        elif kind == "replacements":
            state["replacements"]["mot"] += int(found["mot"])
            state["replacements"]["nonmot"] += int(found["nonmot"])
            ctx.log(t("The Soviet receives {mot} motorised and {nonmot} non-motorised replacements, to assign from the next Administrative Phase (S 14, E 12.0).", mot=found["mot"], nonmot=found["nonmot"]))
        elif kind in DECISIONS and self._options(state, kind, who):
            frame.update(kind=kind, who=who, roll=roll, waiting=True)
            ctx.log(self._announce(kind, who))
            return
        elif kind in DECISIONS:
            ctx.log(t("{side} could not use the event: nothing it allows is possible now (S 14).", side=who))
        flow.end(state)

    def _announce(self, kind: str, who: Role) -> Text:
        if kind == "attack":
            return t("{side} may make one free attack (S 14): 'event attack HEX with UNIT ...' or 'event pass'.", side=who)
        if kind == "move":
            return t("{side} may move one unit free (S 14; a German formation stacked together counts as one): 'event move UNIT [UNIT ...] HEX' or 'event pass'.", side=who)
        return t("The German may put an OOS marker on one Soviet stack (S 14): 'event oos HEX' or 'event pass'.")

    def _options(self, state: State, kind: str, who: Role) -> bool:
        if kind == "attack":
            return bool(combat.targets(state, who, False, event=True))
        if kind == "move":
            return bool(event_moves(state, who))
        return bool(oos_hexes(state))

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return self._announce(frame["kind"], frame["who"])

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        acts = [Action("event", ("pass",))]
        kind = frame["kind"]
        if kind == "attack":
            for target, attackers in sorted(combat.targets(state, role, False, event=True).items()):
                acts.append(Action("event", ("attack", target, "with", *attackers)))
        elif kind == "move":
            acts += [Action("event", ("move", *units, h)) for units, h in event_moves(state, role)]
        else:
            acts += [Action("event", ("oos", h)) for h in oos_hexes(state)]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        args = action.args
        if action.verb != "event" or not args:
            raise flow.out_of_step(action.verb, self.step(game, state, frame), t("Answer the random event: 'event pass' or what it allows."))
        if args[0] == "pass":
            ctx.log(t("{side} does not use the random event (S 14).", side=role))
            flow.end(state)
            return
        if args[0] != frame["kind"]:
            raise IllegalOrder(t("This random event allows {kind}, or 'event pass'.", kind=frame["kind"]), "S 14.0")
        if args[0] == "attack":
            combat.declare(state, role, args[1], list(args[3:]), False, ctx, event=True)
            flow.goto(state, "combat")
            return
        if args[0] == "move":
            event_move(state, role, list(args[1:-1]), args[-1], ctx)
        else:
            mark_oos(state, args[1], ctx)
        flow.end(state)
        if args[0] == "move" and args[-1] in terrain.overstacked(state, role):
            flow.call(state, "overstack", side=role, hex=args[-1])  # S 9.0: the move is over, the limit applies


def event_move(state: State, role: Role, uids: Sequence[str], label: Label, ctx: Context) -> None:
    """S 14 events 6 and 8: one unit, or a German formation that starts stacked and ends together."""
    if not uids or len(set(uids)) != len(uids):
        raise IllegalOrder(t("Name the unit (or the units of one German formation) to move."), "S 14.0")
    start = terrain.hex_of(state, uids[0])
    for uid in uids:
        if state["units"][uid]["side"] != role or terrain.hex_of(state, uid) is None:
            raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid), "S 14.0")
        if spec(uid).move == "stationary":
            raise IllegalOrder(t("{unit} is stationary and never moves.", unit=uid), "S 11.4")
        if uid in reorg.locked(state):
            raise IllegalOrder(t("{unit} is under Frontnahe Auffrischung this turn: it does not move or attack.", unit=uid), "E 13.1")
    assert start is not None
    if len(uids) > 1:
        formations.check_group(state, role, uids, "S 14.0")
        reach = formations.group_reach(state, uids, start)
    else:
        reach = set(terrain.reachable(state, uids[0], start))
    if label not in reach:
        short = next((u for u in uids if label not in terrain.reachable(state, u, start)), uids[0])
        why, rule = terrain.move_fault(state, short, start, label)
        raise IllegalOrder(why, rule)
    for uid in uids:
        stacks.place(POLICY, state, state["units"], uid, label)
    ctx.log(t("{side} moves by the random event from {start} to {hex} (S 14).", side=role, start=start, hex=label))
    for uid in uids:
        ctx.log(t("{unit} moves from {start} to {hex}.", unit=unit_ref(state, uid), start=start, hex=label))
    record_control(state)
    uprising.after_move(state, uids, ctx)
    fronts.relocate_cut(state, ctx)


def mark_oos(state: State, label: Label, ctx: Context) -> None:
    """S 14 event 7: the German puts an OOS marker on the Soviet units of one hex."""
    if label not in oos_hexes(state):
        raise IllegalOrder(t("{hex} holds no Soviet unit.", hex=label), "S 14.0")
    for uid in stacks.stack(state, label):
        state["units"][uid]["oos"] = True
    ctx.log(t("The German marks the Soviet stack in {hex} out of supply (S 14).", hex=label))

