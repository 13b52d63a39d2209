"""The order of the Impact rolls of a fire barrage (O18.2.3: "the active player determines the order
in which each hex is attacked, though only one Impact roll is allowed per hex").

Before each Impact roll while two or more of the seven hexes still hold a unit or a fortification
(O18.2.3.2), the active player (the barrage's caller) is asked which of them is attacked next
(``choose HEX``), or ``pass``, which keeps the published order for the rest of the barrage (ruling
R44: the final hex first, then its neighbours by label). The question is asked on public information
only, and a standing ``react windows pass`` answers it with that order.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import fortifications, model
from engine.hexgrid import Label
from engine.text import Text, t

PROC = "impact_order"


def barrage(state: State) -> flow.Frame:
    """The barrage (``artillery.FireForEffect``) under this question."""
    return next(f for f in reversed(flow.stack(state)) if f["proc"] == "fire_for_effect")


def to_attack(state: State, frame: flow.Frame) -> list[Label]:
    """The hexes of the barrage ``frame`` still to be attacked: those holding a unit or a fortification (O18.2.3.2)."""
    return [h for h in frame["hexes"][frame["next"]:] if model.units_at(state, h) or fortifications.fort_at(state, h) is not None]


def ask(state: State, frame: flow.Frame) -> bool:
    """O18.2.3: before the next Impact roll the active player chooses its hex (True: the question is
    open), unless one hex is left or he kept the order (``pass``)."""
    if frame.get("impact_kept") or frame.get("impact_ordered") == frame["next"] or len(to_attack(state, frame)) < 2:
        return False
    flow.call(state, PROC)
    return True


class ImpactOrder(Procedure):
    name = PROC
    rule = "O18.2.3"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("order of the Impact rolls"), "O18.2.3")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({barrage(state)["role"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t(
            "Impact rolls (O18.2.3): choose the hex attacked next, 'choose HEX' ({hexes}), or 'pass' to attack them in this order.",
            hexes=", ".join(to_attack(state, barrage(state))),
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        acts = (Action("pass"), *(Action("choose", (h,)) for h in to_attack(state, barrage(state))))
        return Prompt(role, self.text(game, state, frame, role), acts, default=Action("pass"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        b = barrage(state)
        hexes = to_attack(state, b)
        if action.verb == "pass":
            if action.args:
                raise InvalidOrder(t("'pass' takes nothing more here."), t("Possible now: pass."))
            b["impact_kept"] = True
            ctx.log(t("{side} attacks the hexes in the order {hexes} (O18.2.3).", side=role, hexes=", ".join(hexes)))
            flow.end(state)
            return
        if action.verb != "choose" or len(action.args) != 1:
            raise flow.refuse(action, ("choose", "pass"), self.step(game, state, frame), t("Syntax: choose HEX, or pass."))
        label = action.args[0]
        if label not in hexes:
            raise IllegalOrder(t("{hex} is not one of the hexes still to be attacked: choose one of {hexes} (O18.2.3).", hex=label, hexes=", ".join(hexes)), "O18.2.3")
        rest = b["hexes"][b["next"]:]
        rest.remove(label)
        b["hexes"][b["next"]:] = [label, *rest]
        b["impact_ordered"] = b["next"]
        ctx.log(t("{hex} is attacked next (O18.2.3).", hex=label))
        flow.end(state)
