"""A question asked before the next of several things resolved in order: the defense rolls
(O20.3.4, ``defenseorder``), the melees (O16.4, ``meleeactions``), the Impact rolls of a barrage
(O18.2.3, ``impactorder``).

The player answers ``choose X``, which brings X to the front of those still to be resolved, or
``pass``, which keeps the published order for the rest. The procedure that resolves them keeps the
list (``items_key``) and its position; this question reorders the list, marks the choice
(``ordered``: the position it was made at) or the kept order (``kept``), and ends.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Procedure
from engine.game import Action, Context, Prompt, Role, State
from engine.text import Text, t


class NextInOrder(Procedure):
    items_key = ""  # the list, in the resolving procedure's frame, that holds the order
    kept = "order_kept"  # set once the player keeps the order for the rest
    ordered = "ordered"  # the position at which the last choice was made

    def owner_frame(self, state: State) -> flow.Frame:
        """The frame of the procedure that resolves the items."""
        raise RuntimeError(f"procedure {self.name!r} does not say whose order it asks")

    def position(self, f: flow.Frame) -> int:
        """Where the items still to be resolved begin in ``f[items_key]``."""
        raise RuntimeError(f"procedure {self.name!r} does not say where its order stands")

    def remaining(self, state: State, f: flow.Frame) -> list[str]:
        """The items the player may choose from, in their current order."""
        raise RuntimeError(f"procedure {self.name!r} does not say what may be chosen")

    def kept_log(self, role: Role, items: list[str]) -> Text:
        raise RuntimeError(f"procedure {self.name!r} does not say how a kept order is logged")

    def chosen_log(self, role: Role, item: str) -> Text:
        raise RuntimeError(f"procedure {self.name!r} does not say how a choice is logged")

    def syntax(self) -> Text:
        raise RuntimeError(f"procedure {self.name!r} does not give its syntax")

    def refusal(self, item: str, items: list[str]) -> IllegalOrder:
        """The refusal of an ``item`` that is not among ``items``, citing the rule."""
        raise RuntimeError(f"procedure {self.name!r} does not say how a wrong choice is refused")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        items = self.remaining(state, self.owner_frame(state))
        acts = (Action("pass"), *(Action("choose", (x,)) for x in items))
        return Prompt(role, self.text(game, state, frame, role), acts, default=Action("pass"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        f = self.owner_frame(state)
        items = self.remaining(state, f)
        if action.verb == "pass":
            if action.args:
                raise InvalidOrder(t("'pass' takes nothing more here."), t("Possible now: pass."))
            f[self.kept] = True
            ctx.log(self.kept_log(role, items))
            flow.end(state)
            return
        if action.verb != "choose" or len(action.args) != 1:
            raise flow.refuse(action, ("choose", "pass"), self.step(game, state, frame), self.syntax())
        item = action.args[0]
        if item not in items:
            raise self.refusal(item, items)
        at = self.position(f)
        rest = f[self.items_key][at:]
        rest.remove(item)
        f[self.items_key][at:] = [item, *rest]
        f[self.ordered] = at
        ctx.log(self.chosen_log(role, item))
        flow.end(state)
