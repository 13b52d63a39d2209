"""Recover (O22) and Rout (O23) orders, and retreats (O23.3)."""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import attack, cards, deployresults, fortifications, mines, model
from engine.games.combat_commander.common import (
    Rules,
    objective_areas,
    rules_of,
)
from engine.hexgrid import Label
from engine.text import ngettext, t


def broken_units(state: State, role: Role) -> list[str]:
    return [uid for uid, u in sorted(model.on_map(state).items()) if u["side"] == role and u["broken"]]


def needs_recovery(state: State, role: Role) -> bool:
    return any(u["side"] == role and (u["broken"] or u["suppressed"]) for u in model.on_map(state).values())


def recover(g: Rules, state: State, role: Role, cid: str, order: list[str], ctx: Context) -> None:
    """O22: the player is activated; all own Suppressed markers go; each unit broken now rolls to rally."""
    if role in state["players_activated"]:
        raise IllegalOrder(t("You have already been activated by a Recover or Rout order this turn."), "O22.1")
    if not needs_recovery(state, role):
        raise IllegalOrder(t("Recover needs at least one broken or suppressed unit of yours."), "O22.1")
    broken = [uid for uid, u in sorted(model.on_map(state).items()) if u["side"] == role and u["broken"]]
    for uid in order:
        if uid not in broken:
            raise IllegalOrder(t("{unit} is not one of your broken units.", unit=uid), "O22.2")
    # O22.2: the player chooses the order; by default leaders first (their Command helps the others).
    rest = sorted((u for u in broken if u not in order), key=lambda u: (model.counter(g.data, state, u).kind != "leader", u))
    c = cards.discard_from_hand(state, role, cid)
    state["orders"] += 1
    state["players_activated"].append(role)
    ctx.reveal(t("{side} orders Recover, playing {card} (O22).", side=role, card=cards.face(c)))
    freed = sorted(uid for uid, u in model.on_map(state).items() if u["side"] == role and u["suppressed"])
    for uid in freed:
        state["units"][uid]["suppressed"] = False
    if freed:
        ctx.log(t("Suppressed markers removed from {units} (O22.2).", units=", ".join(freed)))
    state["last"] = {"focus": sorted({str(state["units"][u]["hex"]) for u in [*order, *rest]})}  # the picture: the units rolling
    flow.call(state, "recover", role=role, queue=[*order, *rest], rolling="", resumed=True)


class Recover(Procedure):
    """O22.2-O22.3: one Recover roll per unit broken when the order was announced, each held for
    the Initiative card (9.1) and its triggers resolved before its result (1.9.1)."""

    name = "recover"
    rule = "O22"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Recover order"), "O22")

    def automatic(self, frame: flow.Frame) -> bool:
        return bool(frame.get("resumed"))

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        g = rules_of(game)
        frame["resumed"] = False
        back = frame.pop("returned", None)
        role = frame["role"]
        if back is not None and "roll" in back and frame["rolling"]:
            c = cards.card(back["roll"]["card"])
            cards.consequences(g.data, state, role, c, back["roll"]["last"], ctx)
            frame["card"] = c.id
            if attack.paused_for_choices(g, state, frame, ctx):
                return
        if frame.get("card") and frame["rolling"]:
            uid, frame["rolling"] = frame["rolling"], ""
            c = cards.card(frame.pop("card"))
            u = state["units"][uid]
            if u["hex"] is not None and u["broken"]:
                morale = model.value(g.data, state, uid, "morale") + g.board_for(state).cover(u["hex"])
                value = c.white + c.red
                if value < morale:
                    u["broken"] = False
                    ctx.log(t("{unit}: {roll} is less than Morale {morale}: rallied (O22.3).", unit=uid, roll=value, morale=morale))
                elif value == morale:
                    u["suppressed"] = True
                    ctx.log(t("{unit}: {roll} equals Morale {morale}: suppressed (O22.3).", unit=uid, roll=value, morale=morale))
                else:
                    ctx.log(t("{unit}: {roll} is more than Morale {morale}: no effect (O22.3).", unit=uid, roll=value, morale=morale))
        while frame["queue"]:
            uid = frame["queue"].pop(0)
            u = state["units"][uid]
            if u["hex"] is None or not u["broken"]:
                continue
            frame["rolling"] = uid
            windows.hold_roll(state, "cc_roll", role, "recover", why=t("Recover roll for {unit}", unit=uid).to_json())
            return
        flow.end(state)


# Rout (O23) and retreat (O23.3) ------------------------------------------------------------------


def rout(g: Rules, state: State, role: Role, cid: str, target: Role, order: list[str], ctx: Context) -> None:
    """O23.1: activate a player (oneself or the opponent) with a broken unit, not yet activated by Recover or Rout."""
    if target not in model.ROLES:
        raise InvalidOrder(t("Rout whom? 'axis' or 'allies'."))
    if target in state["players_activated"]:
        raise IllegalOrder(t("{side} has already been activated by a Recover or Rout order this turn.", side=target), "O23.1")
    broken = broken_units(state, target)
    if not broken:
        raise IllegalOrder(t("{side} has no broken unit to rout.", side=target), "O23.1")
    for uid in order:
        if uid not in broken:
            raise IllegalOrder(t("{unit} is not a broken unit of {side}.", unit=uid, side=target), "O23.2")
    c = cards.discard_from_hand(state, role, cid)
    state["orders"] += 1
    state["players_activated"].append(target)
    ctx.reveal(t("{side} orders a Rout of {target}'s broken units, playing {card} (O23).", side=role, target=target, card=cards.face(c)))
    queue = [*order, *(u for u in broken if u not in order)]
    state["last"] = {"focus": sorted({str(state["units"][u]["hex"]) for u in queue})}  # the picture: the units rolling
    flow.call(state, "rout", roller=role, target=target, queue=queue, retreating="", left=0)


def edge_distance(g: Rules, state: State, role: Role, label: Label) -> int:
    """Hexes between ``label`` and ``role``'s own map edge (0 on the edge row): retreats must lower it (O23.3)."""
    board = g.board_for(state)
    edge = board.map.zone(f"edge-{role}")
    return min(board.map.grid.distance(label, e) for e in edge)


def retreat_hexes(g: Rules, state: State, uid: str) -> list[Label]:
    """The adjacent hexes closer to the owner's edge (entering an enemy or impassable one eliminates, O23.3.5)."""
    u = state["units"][uid]
    here = edge_distance(g, state, u["side"], u["hex"])
    board = g.board_for(state)
    return [n for n in board.map.neighbours(u["hex"]) if edge_distance(g, state, u["side"], n) < here]


class Rout(Procedure):
    """O23.2: the ordering player rolls for each unit broken at announcement; the owner retreats them."""

    name = "rout"
    rule = "O23"
    auto = True

    def automatic(self, frame: flow.Frame) -> bool:
        return not frame["retreating"] or "after_mines" in frame

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("retreat"), "O23.3")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({frame["target"]}) if frame["retreating"] else frozenset()

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        return t(
            "{unit} must retreat {n} more hex(es) towards your own edge: 'step {unit} HEX' (O23.3).",
            unit=frame["retreating"],
            n=frame["left"],
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = rules_of(game)
        uid = frame["retreating"]
        acts = tuple(Action("step", (uid, h)) for h in retreat_hexes(g, state, uid))
        return Prompt(role, self.text(game, state, frame, role), acts)

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        g = rules_of(game)
        back = frame.pop("returned", None)
        frame.pop("resumed", None)
        if "after_mines" in frame:
            step = frame.pop("after_mines")
            self._after_mines(g, state, frame, step["uid"], step["dest"], ctx)
            if frame["retreating"] or state.get("over"):
                return
        if back is not None and "roll" in back and frame.get("rolling"):
            c = cards.card(back["roll"]["card"])
            # 1.9.1's example: the result is the roll's against the Morale it was made against; a trigger that
            # rallies the unit (Medic) does not change the retreat it owes.
            u = state["units"][frame["rolling"]]
            frame["morale"] = model.value(g.data, state, frame["rolling"], "morale") + g.board_for(state).cover(u["hex"])
            frame["where"] = u["hex"]
            cards.consequences(g.data, state, frame["roller"], c, back["roll"]["last"], ctx)
            frame["card"] = c.id
            if attack.paused_for_choices(g, state, frame, ctx):
                return
        if frame.get("card") and frame.get("rolling"):
            uid, frame["rolling"] = frame["rolling"], ""
            if self._result(g, state, frame, uid, frame.pop("card"), ctx) or state.get("over"):
                return  # a retreat waits, or the elimination off the edge ended the game (6.3.1)
        while frame.get("also"):  # E52.2: the second Team of a Squad deployed by its Rout roll retreats as well (R61)
            tid, n = frame["also"].pop(0)
            if state["units"][tid]["hex"] is not None and self._start(g, state, frame, tid, n, ctx):
                return
            if state.get("over"):
                return
        while frame["queue"]:
            if state.get("over"):
                return
            uid = frame["queue"].pop(0)
            u = state["units"][uid]
            if u["hex"] is None or not u["broken"]:
                continue
            frame["rolling"] = uid
            windows.hold_roll(state, "cc_roll", frame["roller"], "rout", why=t("Rout roll for {unit}", unit=uid).to_json())
            return
        flow.end(state)

    def _result(self, g: Rules, state: State, frame: flow.Frame, uid: str, card: str, ctx: Context) -> bool:
        """The accepted Rout roll's result, its triggers resolved (O23.2); True if a retreat now waits for the owner."""
        c = cards.card(card)
        where = frame.pop("where", None)
        # E52.2 (R61): a Squad deployed by its own Rout roll's Event! passes the result to both Teams.
        takers = deployresults.stand_ins(state, uid, [where]) if where is not None else [uid]
        if state.get("over") or not takers:
            return bool(state.get("over"))
        u = state["units"][takers[0]]
        made = frame.pop("morale", None)
        morale = int(made) if made is not None else model.value(g.data, state, uid, "morale") + g.board_for(state).cover(u["hex"])
        value = c.white + c.red
        if value < morale:
            ctx.log(t("{unit}: {roll} is less than Morale {morale}: no effect (O23.2).", unit=uid, roll=value, morale=morale))
        elif value == morale:
            for taker in takers:
                state["units"][taker]["suppressed"] = True
            ctx.log(t("{unit}: {roll} equals Morale {morale}: suppressed (O23.2).", unit=uid, roll=value, morale=morale))
        else:
            n = value - morale
            ctx.log(
                ngettext(
                    "{unit}: {roll} is more than Morale {morale}: it retreats {n} hex (O23.2).",
                    "{unit}: {roll} is more than Morale {morale}: it retreats {n} hexes (O23.2).",
                    n,
                    unit=uid,
                    roll=value,
                    morale=morale,
                )
            )
            frame["also"] = [[taker, n] for taker in takers[1:]]
            return self._start(g, state, frame, takers[0], n, ctx)
        return False

    def _start(self, g: Rules, state: State, frame: flow.Frame, uid: str, n: int, ctx: Context) -> bool:
        """Begin a retreat of ``n`` hexes; False if it ended at once (off the unit's own edge)."""
        u = state["units"][uid]
        if edge_distance(g, state, u["side"], u["hex"]) == 0:
            ctx.log(t("{unit} retreats off its own map edge and is eliminated (O23.3.5).", unit=uid))
            model.eliminate(g.data, state, uid, ctx)
            return False
        frame["retreating"], frame["left"] = uid, n
        return True

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = rules_of(game)
        if action.verb != "step":
            raise flow.refuse(action, ("step",), self.step(game, state, frame), t("Syntax: step UNIT HEX."))
        uid, dest = action.args
        if uid != frame["retreating"]:
            raise IllegalOrder(t("{unit} is the unit retreating now.", unit=frame["retreating"]), "O23.3")
        if dest not in retreat_hexes(g, state, uid):
            raise IllegalOrder(t("Each hex of a retreat must be closer to your own map edge."), "O23.3")
        board = g.board_for(state)
        u = state["units"][uid]
        feature = board.side_feature(u["hex"], dest)
        frame["left"] -= 1
        if board.terrain(dest).move is None or fortifications.blazing(state, dest) or model.units_at(state, dest, model.other(u["side"])) or (feature is not None and feature.move is None) or board.off_bridge_road(u["hex"], dest):  # T80.1, R66
            frame["retreating"] = ""
            ctx.log(t("{unit} retreats into {hex} and is eliminated (O23.3.5).", unit=uid, hex=dest))
            model.eliminate(g.data, state, uid, ctx)
            return
        origin = u["hex"]
        u["hex"] = dest
        ctx.log(t("{unit} retreats to {hex} (O23.3).", unit=uid, hex=dest))
        state["last"] = {"retreats": [*state.get("last", {}).get("retreats", []), [origin, dest]]}
        model.update_control(g.data, state, objective_areas(board), ctx)
        if mines.on_step(state, uid, origin, dest):  # O23.3.4: its rolls held (9.1), the retreat goes on in ``run``
            frame["after_mines"] = {"uid": uid, "dest": dest}
            return
        self._after_mines(g, state, frame, uid, dest, ctx)

    def _after_mines(self, g: Rules, state: State, frame: flow.Frame, uid: str, dest: Label, ctx: Context) -> None:
        """After a retreat step and its mine attacks: the retreat ends, goes on, or leaves the map (O23.3.5)."""
        u = state["units"][uid]
        if state.get("over") or u["hex"] is None:
            frame["retreating"] = ""
            return
        if frame["left"] == 0:
            frame["retreating"] = ""
        elif edge_distance(g, state, u["side"], dest) == 0:
            frame["retreating"] = ""
            ctx.log(t("{unit} retreats off its own map edge and is eliminated (O23.3.5).", unit=uid))
            model.eliminate(g.data, state, uid, ctx)
