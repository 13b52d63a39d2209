"""Advance orders (O16) and melee (O16.4)."""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.errors import IllegalOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import (
    attack,
    cards,
    exits,
    fortifications,
    hidden,
    meleeactions,
    mines,
    model,
    opfirechances,
    weapons,
)
from engine.games.combat_commander.common import (
    NOT_YET,
    Rules,
    check_no_new_order,
    not_yet,
    objective_areas,
    rules_of,
)
from engine.hexgrid import Label
from engine.text import ngettext, t

# Advance (O16) and melee (O16.4) ------------------------------------------------------------------


def advance_targets(g: Rules, state: State, uid: str) -> list[Label]:
    """Adjacent hexes an Advance may enter: any but impassable ones, enemy-occupied included (O16.1-O16.3)."""
    u = state["units"][uid]
    if u["hex"] is None:
        return []
    board = g.board_for(state)
    return [
        n for n in board.map.neighbours(u["hex"])
        if board.terrain(n).move is not None and not fortifications.blazing(state, n) and not weapon_on_cliff(g, state, uid, n)
        and not board.off_bridge_road(u["hex"], n)  # T80.1
    ]


def weapon_on_cliff(g: Rules, state: State, uid: str, dest: Label) -> bool:
    """O16.2, T83: only a unit without a weapon may Advance across a Cliff."""
    feature = g.board_for(state).side_feature(state["units"][uid]["hex"], dest)
    return feature is not None and feature.move is None and weapons.carried(state, uid) is not None


class AdvanceOrder(Procedure):
    name = "advance_order"
    rule = "O16"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Advance order"), "O16")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({state["player"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        return t("Advance order: 'step UNIT HEX' for each unit that advances, then 'done' (melee follows, O16.4).")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = rules_of(game)
        acts: list[Action] = [Action("done")] if frame["advanced"] else []
        for uid in frame["units"]:
            if uid not in frame["advanced"]:
                acts += [Action("step", (uid, h)) for h in advance_targets(g, state, uid)]
                if exits.can_exit(g, state, uid):
                    acts.append(Action("exit", (uid,)))
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = rules_of(game)
        if action.verb == "done":
            if not frame["advanced"]:
                raise IllegalOrder(t("An Advance order must move at least one unit into another hex."), "O14.4")
            finish_advance(g, state, ctx)
            return
        if action.verb == "exit":
            self.exit(g, state, frame, action.args[0], ctx)
            return
        if action.verb != "step":
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            check_no_new_order(action.verb, self.step(game, state, frame).title)
            raise flow.refuse(action, ("step", "done"), self.step(game, state, frame), t("Syntax: step UNIT HEX, or done."))
        uid, dest = action.args
        if uid not in frame["units"]:
            raise IllegalOrder(t("{unit} is not activated for this Advance order (O16).", unit=uid), "O16.1")
        if uid in frame["advanced"]:
            raise IllegalOrder(t("{unit} has already advanced: an advancing unit enters one hex and stops.", unit=uid), "O16.1")
        u = state["units"][uid]
        board = g.board_for(state)
        if not board.map.grid.adjacent(u["hex"], dest):
            raise IllegalOrder(t("{hex} is not adjacent to {unit}.", hex=dest, unit=uid), "O16.1")
        if weapon_on_cliff(g, state, uid, dest):
            raise IllegalOrder(t("{unit} carries a weapon: only a unit without one may Advance across a Cliff (O16.2, T83).", unit=uid), "O16.2")
        if board.bridge_rule(u["hex"], dest) == "T80.2":
            raise IllegalOrder(t("A Minor Bridge over impassable terrain is entered only along its road, trail or railway: not from {origin} to {hex} (T80.2, O16.3).", origin=u["hex"], hex=dest), "T80.2")
        if board.off_bridge_road(u["hex"], dest):
            raise IllegalOrder(t("A Main Bridge is entered and left only along its road, trail or railway: not from {origin} to {hex} (T80.1, O16.3).", origin=u["hex"], hex=dest), "T80.1")
        if dest not in advance_targets(g, state, uid):
            raise IllegalOrder(t("{hex} is impassable (O16.3, T79, T98).", hex=dest), "O16.3")
        origin = u["hex"]
        state["last"] = {"moves": [[origin, dest]]}
        u["hex"] = dest
        frame["advanced"].append(uid)
        ctx.log(t("{unit} advances to {hex} (O16.1).", unit=uid, hex=dest))
        if mines.on_step(state, uid, origin, dest):
            frame["after_mines"] = {"uid": uid, "dest": dest}
            return  # F103: the mine attacks' rolls are held (9.1); the step goes on in ``run``
        self._after_mines(g, state, frame, uid, dest, ctx)

    def automatic(self, frame: flow.Frame) -> bool:
        return "after_mines" in frame

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        """Back from mine attacks (F103.1): the step goes on, or, after Hidden Mines (R51), the order."""
        step = frame.pop("after_mines")
        frame.pop("returned", None)
        frame.pop("resumed", None)
        g = rules_of(game)
        if step.get("hidden"):
            if not state.get("over") and all(x in frame["advanced"] or not state["units"][x]["hex"] for x in frame["units"]):
                finish_advance(g, state, ctx)
            return
        self._after_mines(g, state, frame, step["uid"], step["dest"], ctx)

    def _after_mines(self, g: Rules, state: State, frame: flow.Frame, uid: str, dest: Label, ctx: Context) -> None:
        if state.get("over"):
            return
        model.update_control(g.data, state, objective_areas(g.board_for(state)), ctx)
        if state["units"][uid]["hex"] == dest and hidden.open_after_advance(g, state, uid, dest):
            return  # A35.2, A35.5: the Defense player answers first; the window then lets the order go on
        if all(x in frame["advanced"] or not state["units"][x]["hex"] for x in frame["units"]):
            finish_advance(g, state, ctx)


    def exit(self, g: Rules, state: State, frame: flow.Frame, uid: str, ctx: Context) -> None:
        """O16.2, 7.2.1: an advancing unit on the enemy edge row leaves the map instead of entering a hex."""
        if uid not in frame["units"]:
            raise IllegalOrder(t("{unit} is not activated for this Advance order (O16).", unit=uid), "O16.1")
        if uid in frame["advanced"]:
            raise IllegalOrder(t("{unit} has already advanced: an advancing unit enters one hex and stops.", unit=uid), "O16.1")
        exits.check_exit(g, state, uid, "O16.2", "O16.3")
        frame["advanced"].append(uid)
        state["last"] = {"focus": [state["units"][uid]["hex"]]}
        exits.exit_unit(g, state, uid, ctx)
        if state.get("over"):
            return
        if all(x in frame["advanced"] or not state["units"][x]["hex"] for x in frame["units"]):
            finish_advance(g, state, ctx)


def finish_advance(g: Rules, state: State, ctx: Context) -> None:
    """The order ends; every hex holding both sides' units has its melee (O16.4)."""
    opfirechances.forget(state)
    flow.end(state)
    melees(g, state, ctx)


def melees(g: Rules, state: State, ctx: Context, triggers: bool = True) -> None:
    """O16.4: one melee per shared hex, in the order the active player chooses (``meleeactions``);
    ``triggers``: False for a melee a trigger caused, whose rolls never trigger (1.9.1)."""
    shared = sorted(
        h for h in {u["hex"] for u in model.on_map(state).values()}
        if len({state["units"][x]["side"] for x in model.units_at(state, h)}) == 2
    )
    if shared:
        flow.call(state, "melee", hexes=shared, at=0, stage="next", rolled=0, totals={}, resumed=True, triggers=triggers)
    else:
        model.update_control(g.data, state, objective_areas(g.board_for(state)), ctx)


def melee_fp(g: Rules, state: State, units: list[str]) -> int:
    """Σ modified FP of the units (weapons never count) + 1 per unit with boxed FP (O16.4.1, digest 8.2.5)."""
    return sum(model.value(g.data, state, u, "fp") + (1 if "fp" in model.counter(g.data, state, u).boxed else 0) for u in units)


class Melee(flow.Resumable):
    """O16.4, hex by hex: the Ambush window (A25, inactive player first); the melee FP of what is
    left (O16.4.1); the inactive player rolls first, then the active player, each roll held for the
    Initiative card (9.1) and its triggers resolved before the next (1.9.1); the lower total loses
    every unit in the hex, a tie loses both sides (O16.4.3); then the No Quarter window (A38). A
    side left without units by Ambushes or triggers ends the melee with no further effect."""

    name = "melee"
    rule = "O16.4"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("melee"), "O16.4")

    def resume(self, game: Any, state: State, frame: flow.Frame, ctx: Context, back: dict[str, Any]) -> None:
        g = rules_of(game)
        active = state["player"]
        order = (model.other(active), active)
        if frame["stage"] == "next":
            if frame["at"] >= len(frame["hexes"]):
                flow.end(state)
                model.update_control(g.data, state, objective_areas(g.board_for(state)), ctx)
                return
            if meleeactions.ask_order(state, frame):  # O16.4: the active player chooses the next melee
                return
            frame.update(stage="ambush", rolled=0, totals={})
        label = frame["hexes"][frame["at"]]
        if frame["stage"] == "ambush":
            if not all(model.units_at(state, label, r) for r in order):
                self._next(frame)  # no melee here any more
                return
            frame["stage"] = "fp"
            if meleeactions.open_ambush(state, label, order) is None:
                frame["resumed"] = True
            return
        if frame["stage"] == "fp":
            if not all(model.units_at(state, label, r) for r in order):
                ctx.log(t("Melee in {hex}: a side has no unit left, the melee has no further effect (O16.4.1).", hex=label))
                self._conclude(frame)
                return
            # O16.4.1: the melee FP of the units left once every Ambush is resolved.
            frame["fp"] = {r: melee_fp(g, state, model.units_at(state, label, r)) for r in order}
            frame["stage"] = "roll"
        if frame["stage"] == "rolled":
            role = order[frame["rolled"]]
            c = cards.card(back["roll"]["card"])
            cards.consequences(g.data, state, role, c, back["roll"]["last"], ctx, triggers=frame.get("triggers", True))
            frame.update(stage="rresult", card=c.id)
            if attack.paused_for_choices(g, state, frame, ctx):
                return
        if frame["stage"] == "rresult":
            role = order[frame["rolled"]]
            c = cards.card(frame["card"])
            fp = frame.get("fp", {}).get(role)
            if fp is None:
                fp = melee_fp(g, state, model.units_at(state, label, role))
            total = fp + c.white + c.red
            frame["totals"][role] = total
            ctx.log(t("{side} in {hex}: melee FP {fp} + {roll} = {total} (O16.4.2).", side=role, hex=label, fp=fp, roll=c.white + c.red, total=total))
            frame["rolled"] += 1
            frame["stage"] = "roll" if frame["rolled"] < 2 else "result"
        if frame["stage"] == "roll":
            role = order[frame["rolled"]]
            if not all(model.units_at(state, label, r) for r in order):
                ctx.log(t("Melee in {hex}: a side has no unit left, the melee has no further effect (O16.4.2).", hex=label))
                self._conclude(frame)
                return
            frame["stage"] = "rolled"
            windows.hold_roll(state, "cc_roll", role, "melee", why=t("Melee in {hex}", hex=label).to_json())
            return
        if frame["stage"] == "result":
            if all(model.units_at(state, label, r) for r in order):
                self._result(g, state, label, order, frame["totals"], ctx)
            if not state.get("over"):
                self._conclude(frame)
            return
        if frame["stage"] == "quarter":
            frame["stage"] = "over"
            if meleeactions.open_no_quarter(state, label, order) is None:
                frame["resumed"] = True
            return
        if frame["stage"] == "over":
            self._next(frame)

    def _conclude(self, frame: flow.Frame) -> None:
        """The melee is over: the No Quarter window (A38) comes next."""
        frame["stage"] = "quarter"
        frame["resumed"] = True

    def _next(self, frame: flow.Frame) -> None:
        frame["at"] += 1
        frame["stage"] = "next"
        frame["resumed"] = True

    def _result(self, g: Rules, state: State, label: Label, order: tuple[Role, Role], totals: dict[str, int], ctx: Context) -> None:
        low = min(totals.values())
        losers = [r for r in order if totals[r] == low]
        if len(losers) == 2 and fortifications.fort_at(state, label) in ("bunker", "pillbox"):
            # F101, F104 (ccfort's ruling): the side that held it alone before the Advance wins a tie.
            losers = [order[1]]
        ctx.log(
            ngettext(
                "Melee in {hex}: {losers} loses every unit there (O16.4.3).",
                "Melee in {hex}: {losers} lose every unit there (O16.4.3).",
                len(losers),
                hex=label,
                losers=" and ".join(losers),
            )
        )
        # 6.3.1: a tie eliminates both sides at once; if both then lose, the Initiative holder wins (9.2).
        model.eliminate_together(g.data, state, [uid for role in losers for uid in model.units_at(state, label, role)], ctx)
