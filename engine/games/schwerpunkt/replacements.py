"""Assigning Soviet replacements (E 12.0): after the roll of Administrative step I the Soviet
gives each damaged unit at most one replacement: in supply and within a Front marker's range (an
Admin Box counts as in range), a motorised replacement to a motorised unit, a non-motorised one
to a non-motorised unit; each gives one step back. Unused replacements carry over.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.schwerpunkt import terrain
from engine.games.schwerpunkt.effects import unit_ref
from engine.games.schwerpunkt.model import BOX_NAMES, FRONTS, SOVIET, spec
from engine.text import Text, t

POOLS = {"mot": "mot", "nonmot": "nonmot"}


def eligible(state: State, done: list[str]) -> list[str]:
    """Soviet units that may take a replacement now (E 12.0)."""
    ranges: set[str] | None = None
    out = []
    for loc, order in sorted(state["stacks"].items()):
        for uid in order:
            unit = state["units"][uid]
            s = spec(uid)
            if unit["side"] != SOVIET or uid in done or int(unit["step"]) == 0 or unit["oos"]:
                continue
            if s.move not in POOLS or state["replacements"][POOLS[s.move]] < 1:
                continue
            if loc not in BOX_NAMES:
                if ranges is None:
                    ranges = set().union(*(terrain.front_range(state, f) for f in FRONTS))
                if loc not in ranges:
                    continue
            out.append(uid)
    return sorted(out)


def replace(state: State, frame: flow.Frame, uid: str, ctx: Context) -> None:
    if uid not in eligible(state, frame["done"]):
        raise IllegalOrder(
            t("{unit} cannot take a replacement: a damaged Soviet unit in supply, within a Front's range (or in an Admin Box), once a turn, from the pool of its own kind (motorised or not).", unit=uid),
            "E 12.0",
        )
    pool = POOLS[spec(uid).move]
    state["replacements"][pool] -= 1
    state["units"][uid]["step"] = int(state["units"][uid]["step"]) - 1
    frame["done"].append(uid)
    ctx.log(t("{unit} receives a replacement (E 12.0).", unit=unit_ref(state, uid)))


class Assignment(Procedure):
    """Administrative step I (E 4.2 I.I, E 12.0): the Soviet assigns replacements or says 'replace done'."""

    name = "replace"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Soviet replacements"), "E 12.0")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({SOVIET})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t(
            "Soviet replacements (E 12.0; {nonmot} non-motorised, {mot} motorised): 'replace UNIT' for each damaged unit, then 'replace done' (the default).",
            nonmot=state["replacements"]["nonmot"], mot=state["replacements"]["mot"],
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        acts = [Action("replace", ("done",))] + [Action("replace", (uid,)) for uid in eligible(state, frame["done"])]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb != "replace":
            raise flow.out_of_step(action.verb, self.step(game, state, frame))
        if action.args != ("done",):
            replace(state, frame, action.args[0], ctx)
        if action.args == ("done",) or not eligible(state, frame["done"]):
            flow.end(state)


def replacement_step(state: State, ctx: Context) -> None:
    """Open the Soviet's assignment when a replacement can be given."""
    if eligible(state, []):
        flow.call(state, "replace", done=[])
