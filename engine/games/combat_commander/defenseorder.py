"""The order of the defense rolls of a Fire attack (O20.3.4, digest 6.3 W4): the defending player
chooses it.

Once the Attack total is known, before each defense roll while two or more of his units are still
to roll, the owner is asked which of them rolls next (``choose UNIT``), or ``pass``, which keeps
the published order for the rest of the attack (ruling R8: leaders last, then by unit id). The
question is asked on public information only (the units in the target hex), and a standing
``react windows pass`` answers it with that order.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import deployresults, model
from engine.text import Text, t

PROC = "defense_order"


def attack_frame(state: State) -> flow.Frame:
    """The Fire attack (``attack.FireAttack``) under this question."""
    return next(f for f in reversed(flow.stack(state)) if f["proc"] == "fire_attack")


def to_roll(state: State, frame: flow.Frame) -> list[str]:
    """The defenders of the attack ``frame`` still to roll, in their current order."""
    hexes = [frame["target"], *([frame["spray"]] if frame["spray"] else [])]
    return [u for u in frame["defenders"][frame["next"]:] if deployresults.stand_ins(state, u, hexes)]


def ask(state: State, frame: flow.Frame) -> bool:
    """O20.3.4: before the next defense roll of the attack ``frame``, its owner chooses which unit
    rolls (True: the question is open), unless one unit is left or he kept the order (``pass``)."""
    if frame.get("order_kept") or frame.get("ordered") == frame["next"] or len(to_roll(state, frame)) < 2:
        return False
    flow.call(state, PROC)
    return True


class DefenseOrder(Procedure):
    name = PROC
    rule = "O20.3.4"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("order of the defense rolls"), "O20.3.4")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({owner(state)})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        a = attack_frame(state)
        units = to_roll(state, a)
        return t(
            "Defense rolls against {total} (O20.3.4): choose which of your units rolls next, 'choose UNIT' ({units}), or 'pass' to roll in this order.",
            total=max(0, a["total"] - a["conceal"]),
            units=", ".join(units),
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        units = to_roll(state, attack_frame(state))
        acts = (Action("pass"), *(Action("choose", (u,)) for u in units))
        return Prompt(role, self.text(game, state, frame, role), acts, default=Action("pass"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        a = attack_frame(state)
        units = to_roll(state, a)
        if action.verb == "pass":
            if action.args:
                raise InvalidOrder(t("'pass' takes nothing more here."), t("Possible now: pass."))
            a["order_kept"] = True
            ctx.log(t("{side} rolls the defenses in the order {units} (O20.3.4).", side=role, units=", ".join(units)))
            flow.end(state)
            return
        if action.verb != "choose" or len(action.args) != 1:
            raise flow.refuse(action, ("choose", "pass"), self.step(game, state, frame), t("Syntax: choose UNIT, or pass."))
        uid = action.args[0]
        if uid not in units:
            raise IllegalOrder(t("{unit} is not one of the defenders still to roll: choose one of {units} (O20.3.4).", unit=uid, units=", ".join(units)), "O20.3.4")
        rest = a["defenders"][a["next"]:]
        rest.remove(uid)
        a["defenders"][a["next"]:] = [uid, *rest]
        a["ordered"] = a["next"]
        ctx.log(t("{unit} rolls its defense next (O20.3.4).", unit=uid))
        flow.end(state)


def owner(state: State) -> Role:
    """Who answers the question on top: the defender, the attacker's opponent."""
    return model.other(attack_frame(state)["attacker"])
