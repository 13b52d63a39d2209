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
from engine.errors import IllegalOrder
from engine.flow import Step
from engine.game import Role, State
from engine.games.combat_commander import fortifications, model
from engine.games.combat_commander.nextorder import NextInOrder
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


class ImpactOrder(NextInOrder):
    name = PROC
    items_key = "hexes"
    kept = "impact_kept"
    ordered = "impact_ordered"
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

    def owner_frame(self, state: State) -> flow.Frame:
        return barrage(state)

    def position(self, f: flow.Frame) -> int:
        return int(f["next"])

    def remaining(self, state: State, f: flow.Frame) -> list[str]:
        return [str(h) for h in to_attack(state, f)]

    def kept_log(self, role: Role, items: list[str]) -> Text:
        return t("{side} attacks the hexes in the order {hexes} (O18.2.3).", side=role, hexes=", ".join(items))

    def chosen_log(self, role: Role, item: str) -> Text:
        return t("{hex} is attacked next (O18.2.3).", hex=item)

    def syntax(self) -> Text:
        return t("Syntax: choose HEX, or pass.")

    def refusal(self, item: str, items: list[str]) -> IllegalOrder:
        return IllegalOrder(t("{hex} is not one of the hexes still to be attacked: choose one of {hexes}.", hex=item, hexes=", ".join(items)), "O18.2.3")
