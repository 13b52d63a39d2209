"""The stacking check at the end of every turn (8.1 of the Italian rulebook, "Raggruppamento di
unità"; digest 5.1, 8.2 and 6.3 W13).

A hex holding 8 or more figures of one side (a Squad 4, a Team 2, a leader 1) is overstacked. At
the end of the turn its owner brings it back within the limit: in each overstacked hex he may
first make up to one free Deploy (E52: a Squad becomes two Teams of its quality), then he
chooses units of his choice until the hex would hold 7 figures or fewer. The owners answer hex by
hex, the inactive player's hexes first (ruling R9), each by label; the published default of
every choice is the unit worth the fewest VP, then by unit id. The chosen units are one loss:
they stay on the map until every hex of both sides is within the limit, then are eliminated
together (R71: VP, surrender and the last unit read after all of them, ``model.eliminate_together``).
The turn then ends as usual (the refill and the rest, ``turn.end_turn``).
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import events, model
from engine.games.combat_commander.common import Rules, rules_of
from engine.hexgrid import Label
from engine.text import Text, t

PROC = "stacking"
LIMIT = 7


def staying(state: State, label: Label, role: Role, chosen: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The units of ``role`` in ``label`` not yet chosen for elimination."""
    return [u for u in model.units_at(state, label, role) if u not in chosen]


def figures(g: Rules, state: State, label: Label, role: Role, chosen: list[str] | tuple[str, ...] = ()) -> int:
    return sum(model.counter(g.data, state, u).figures for u in staying(state, label, role, chosen))


def overstacked(g: Rules, state: State, chosen: list[str] | tuple[str, ...] = ()) -> list[tuple[Role, Label]]:
    """Every hex still overstacked once the ``chosen`` units are gone, with its owner: the inactive player's first, each by label."""
    order = (model.other(state["player"]), state["player"])
    return [
        (role, label)
        for role in order
        for label in sorted({u["hex"] for u in model.on_map(state).values() if u["side"] == role})
        if figures(g, state, label, role, chosen) > LIMIT
    ]


def ask(g: Rules, state: State) -> bool:
    """8.1: when a hex is overstacked, its owner is asked (True); the caller goes on once he is done."""
    if not overstacked(g, state):
        return False
    flow.call(state, PROC, deployed=[], chosen=[])
    return True


def deployable(g: Rules, state: State, label: Label, role: Role) -> list[str]:
    """The Squads of ``role`` in ``label`` that a Deploy could replace by two Teams (E52.1)."""
    return [u for u in model.units_at(state, label, role) if model.counter(g.data, state, u).kind == "squad" and events.team_type(g.data, state, u) is not None]


def victim(g: Rules, state: State, units: list[str]) -> str:
    """R9: the published default elimination, the unit worth the fewest VP, then by unit id."""
    return min(units, key=lambda u: (model.unit_vp(g.data, state, u), u))


def loss_entry(state: State, chosen: list[str]) -> Text:
    """R71: the one log entry of the simultaneous loss, each side with the units it eliminates."""
    by_side = [(side, ", ".join(u for u in chosen if state["units"][u]["side"] == side)) for side in model.ROLES]
    lost = [(side, units) for side, units in by_side if units]
    if len(lost) == 1:
        return t("The overstacked hexes lose their excess units at once (8.1): {side} eliminates {units}.", side=lost[0][0], units=lost[0][1])
    return t(
        "The overstacked hexes lose their excess units at once (8.1): {side} eliminates {units}, {other} eliminates {others}.",
        side=lost[0][0], units=lost[0][1], other=lost[1][0], others=lost[1][1],
    )


class Stacking(Procedure):
    """W13: the owner of each overstacked hex in turn: an optional free Deploy, then eliminations."""

    name = PROC
    rule = "8.1"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("stacking check at the end of the turn"), "8.1")

    def current(self, game: Any, state: State, frame: flow.Frame) -> tuple[Role, Label]:
        """The hex to bring within the limit now (none left once the referee has changed the position)."""
        found = overstacked(rules_of(game), state, frame.get("chosen", []))
        if not found:
            raise IllegalOrder(t("No hex is overstacked any more."), "8.1")
        return found[0]

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        found = overstacked(rules_of(game), state, frame.get("chosen", []))
        return frozenset({found[0][0]}) if found else frozenset()

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        g = rules_of(game)
        _, label = self.current(game, state, frame)
        chosen = frame.get("chosen", [])
        units = staying(state, label, role, chosen)
        deploy = t(" You may first make one free Deploy there, 'deploy SQUAD' (E52).") if label not in frame["deployed"] and len(units) == len(model.units_at(state, label, role)) and deployable(g, state, label, role) else t("")
        return t(
            "{hex} holds {n} figures of yours, more than 7 (8.1): eliminate a unit, 'choose UNIT' ({units}).{deploy} Default: {default}.",
            hex=label,
            n=figures(g, state, label, role, chosen),
            units=", ".join(units),
            deploy=deploy,
            default=victim(g, state, units),
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = rules_of(game)
        _, label = self.current(game, state, frame)
        chosen = frame.get("chosen", [])
        units = staying(state, label, role, chosen)
        acts = [Action("choose", (u,)) for u in units]
        if label not in frame["deployed"] and len(units) == len(model.units_at(state, label, role)):
            acts += [Action("deploy", (u,)) for u in deployable(g, state, label, role)]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts), default=Action("choose", (victim(g, state, units),)))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = rules_of(game)
        _, label = self.current(game, state, frame)
        chosen = frame.setdefault("chosen", [])
        units = staying(state, label, role, chosen)
        if action.verb not in ("choose", "deploy") or len(action.args) != 1:
            raise flow.refuse(action, ("choose", "deploy"), self.step(game, state, frame), t("Syntax: choose UNIT, or deploy SQUAD (8.1)."))
        uid = action.args[0]
        if uid not in units:
            raise IllegalOrder(t("{unit} is not one of your units in the overstacked hex {hex}.", unit=uid, hex=label), "8.1")
        if action.verb == "deploy":
            if label in frame["deployed"]:
                raise IllegalOrder(t("One free Deploy per overstacked hex, already made in {hex}.", hex=label), "8.1")
            if len(units) != len(model.units_at(state, label, role)):
                raise IllegalOrder(t("The free Deploy comes before the eliminations (8.1): units in {hex} are already chosen.", hex=label), "8.1")
            if uid not in deployable(g, state, label, role):
                raise IllegalOrder(t("Only a Squad with Teams of its nation and quality deploys."), "E52.1")
            frame["deployed"].append(label)
            ctx.log(t("{side} makes the free Deploy of an overstacked hex (8.1).", side=role))
            events.APPLY["deploy"](g.data, state, {"role": role, "rule": "8.1"}, uid, ctx)
        else:
            chosen.append(uid)
        if state.get("over") or overstacked(g, state, chosen):
            return
        lost = [u for u in chosen if state["units"][u]["hex"] is not None]  # the referee may have taken one off meanwhile
        if lost:
            ctx.log(loss_entry(state, lost))
            model.eliminate_together(g.data, state, lost, ctx)
            if state.get("over"):
                return
        flow.end(state)
