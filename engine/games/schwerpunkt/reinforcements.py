"""Where reinforcements enter (S 10, E 11.1): the owner places each of this turn's arrivals at its
entry hex, in his Admin Box #1 or (Soviet only) on a Soviet Front marker; a unit must go to Box #1
when its entry hex is enemy-controlled or would be over-stacked. Administrative steps G (Soviet)
and H (German) are each a window of the owner; 'reinforce done' (the default) sends the rest to
their entry hexes, or to Box #1 when they must go there.
"""

from __future__ import annotations

from typing import Any

from engine import flow, stacks
from engine.errors import IllegalOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.schwerpunkt import terrain
from engine.games.schwerpunkt.effects import unit_ref
from engine.games.schwerpunkt.model import (
    BOXES,
    FRONTS,
    GERMAN,
    POLICY,
    SOVIET,
    is_gvr,
    other,
    spec,
)
from engine.hexgrid import Label
from engine.text import Text, t


def due(state: State, side: Role) -> list[str]:
    """``side``'s reinforcements of this turn still to enter."""
    return sorted(u for u in state["arrivals"].get(str(state["turn"]), []) if state["units"][u]["side"] == side)


def entry_hex(uid: str) -> Label:
    return spec(uid).setup.rpartition("@")[2]


def fits(state: State, side: Role, uid: str, label: Label) -> bool:
    return terrain.stacking_points(state, [*stacks.stack(state, label), uid]) <= terrain.stacking_limit(side)


def entry_open(state: State, side: Role, uid: str) -> bool:
    """E 11.1, S 10.1: the entry hex is not enemy-controlled and has room."""
    label = entry_hex(uid)
    return not terrain.controls(state, other(side), label) and fits(state, side, uid, label)


def options(state: State, side: Role, uid: str) -> list[tuple[str, ...]]:
    """Where ``uid`` may enter: ('hex',), ('box1',), ('front', FRONT)."""
    out: list[tuple[str, ...]] = [("box1",)]
    if entry_open(state, side, uid):
        out.insert(0, ("hex",))
    if side == SOVIET:
        held = terrain.sides_in(state)
        out += [("front", f) for f in FRONTS if held.get(state["fronts"][f]) != GERMAN and fits(state, side, uid, state["fronts"][f])]
    return out


def enter(state: State, side: Role, uid: str, where: tuple[str, ...], ctx: Context) -> None:
    if is_gvr(uid):
        raise IllegalOrder(
            t("{unit} is a German Variable Reinforcement: it is drawn from the cup and placed on the map in its own hex, never in an Admin Box.", unit=uid),
            "E 11.1",
        )
    if uid not in due(state, side):
        raise IllegalOrder(t("{unit} is not one of your reinforcements still to enter this turn.", unit=uid), "S 10.1")
    if where not in options(state, side, uid):
        raise IllegalOrder(
            t("{unit} cannot enter there: its entry hex only when not enemy-controlled and within stacking, Admin Box #1, or (Soviet) a Front marker's hex within stacking.", unit=uid),
            "S 10.1" if where == ("hex",) or (where[0] == "front" and side == SOVIET) else "E 11.1",
        )
    label = entry_hex(uid) if where == ("hex",) else BOXES[side][0] if where == ("box1",) else state["fronts"][where[1]]
    stacks.place(POLICY, state, state["units"], uid, label)
    state["arrivals"][str(state["turn"])].remove(uid)
    if not state["arrivals"][str(state["turn"])]:
        del state["arrivals"][str(state["turn"])]
    if where == ("box1",):
        ctx.log(t("{unit} arrives in {side}'s Admin Box #1 (E 11.1).", unit=unit_ref(state, uid), side=side))
    else:
        ctx.log(t("{unit} arrives at {hex}.", unit=unit_ref(state, uid), hex=label))


def enter_rest(state: State, side: Role, ctx: Context) -> None:
    """The default: each remaining arrival at its entry hex, or in Box #1 when it must go there."""
    for uid in due(state, side):
        if entry_open(state, side, uid):
            enter(state, side, uid, ("hex",), ctx)
        else:
            label = entry_hex(uid)
            why = t("enemy-controlled") if terrain.controls(state, other(side), label) else t("full")
            stacks.place(POLICY, state, state["units"], uid, BOXES[side][0])
            state["arrivals"][str(state["turn"])].remove(uid)
            ctx.log(t("{unit} arrives in {side}'s Admin Box #1 ({hex} is {why}).", unit=unit_ref(state, uid), side=side, hex=label, why=why))
    if not state["arrivals"].get(str(state["turn"]), True):
        del state["arrivals"][str(state["turn"])]


class Placement(Procedure):
    """Administrative steps G and H (E 4.2 I.G-H, E 11.1): the owner places his reinforcements."""

    name = "reinforce"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("placing reinforcements"), "E 11.1")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({frame["side"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        if role == SOVIET:
            return t("Soviet reinforcements (E 11.1): 'reinforce UNIT hex|box1|front southwest|front voronezh', then 'reinforce done' (the rest enter at their entry hexes).")
        return t("German reinforcements (S 10.1): 'reinforce UNIT hex|box1', then 'reinforce done' (the rest enter at their entry hexes).")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        acts = [Action("reinforce", ("done",))]
        for uid in due(state, role):
            acts += [Action("reinforce", (uid, *where)) for where in options(state, role, uid)]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb != "reinforce":
            raise flow.out_of_step(action.verb, self.step(game, state, frame))
        if action.args == ("done",):
            enter_rest(state, role, ctx)
        else:
            enter(state, role, action.args[0], tuple(action.args[1:]), ctx)
        if not due(state, role):
            flow.end(state)
