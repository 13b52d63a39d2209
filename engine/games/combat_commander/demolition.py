"""Demolition (A31) and Hidden Units (A35.4): when the opponent discards one or more cards by
passing (O15), a player may eliminate a fortification in a hex holding his units; the
Defense-posture player may also bring a Hidden Unit (``hiddenunits``).

The window opens after every Pass that discarded a card, whether or not the player holds a
Demolition or Hidden Units card (public information only); its text names Hidden Units from the
posture alone. The player plays as many of his cards as he likes, then passes.
"""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import (
    actioncards,
    attack,
    cards,
    events,
    fortifications,
    hiddenunits,
    model,
    support,
)
from engine.games.combat_commander.common import NOT_YET, not_yet, rules_of
from engine.hexgrid import Label
from engine.text import t


def open_window(state: State, passer: Role) -> None:
    flow.call(state, "demolition_window", passer=passer)


def demolition_hexes(state: State, role: Role) -> list[Label]:
    """Hexes with a fortification and friendly units (A31; a fortification is nobody's, Glossary)."""
    return [h for h in fortifications.friendly_hexes(state, role) if fortifications.fort_at(state, h) is not None]


class DemolitionWindow(flow.Resumable):
    name = "demolition_window"
    rule = "A31"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("window after a Pass with discards"), "A31")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({model.other(frame["passer"])})

    def resume(self, game: Any, state: State, frame: flow.Frame, ctx: Context, back: dict[str, Any]) -> None:
        """Back from the Hidden Units roll, accepted (9.1): its triggers, then the Support column (A35.4);
        back from anything else (a choice), the window waits for its player again."""
        if "roll" in back and frame.pop("support", False):
            support_column(game, state, frame, back["roll"], ctx)

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        if state["sides"][role]["posture"] == "defense":  # public: the posture, never the hand (A35)
            return t(
                "{side} passed and discarded: you may play Demolition, 'demolition CARD HEX' (A31), Hidden Units, 'hidden-units CARD' (A35.4), or 'pass'.",
                side=frame["passer"],
            )
        return t("{side} passed and discarded: you may play Demolition, 'demolition CARD HEX', or 'pass' (A31).", side=frame["passer"])

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        acts = [Action("pass")]
        acts += [Action("demolition", (c, h)) for c in actioncards.held(state, role, "demolition") for h in demolition_hexes(state, role)]
        if state["sides"][role]["posture"] == "defense":
            acts += [Action("hidden-units", (c,)) for c in actioncards.held(state, role, "hidden_units")]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb == "pass":
            if action.args:
                raise InvalidOrder(t("Syntax: pass (no card: it lets the window go)."))
            ctx.log(t("{side} plays no Demolition (A31).", side=role))
            flow.end(state)
            return
        if action.verb == "hidden-units":
            hidden_units(game, state, role, action.args, ctx)
            return
        if action.verb != "demolition" or len(action.args) != 2:
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            raise flow.refuse(action, ("demolition", "hidden-units", "pass"), self.step(game, state, frame), t("Syntax: demolition [CARD] HEX, hidden-units [CARD], or pass."))
        cid, label = action.args
        if label not in fortifications.friendly_hexes(state, role):
            raise IllegalOrder(t("Demolition eliminates a fortification in a hex with your units; {hex} has none.", hex=label), "A31")
        if fortifications.fort_at(state, label) is None:
            raise IllegalOrder(t("{hex} holds no fortification.", hex=label), "F100.2")
        c = actioncards.play(state, role, cid, "demolition", "A31")
        ctx.reveal(t("{side} plays {card} for Demolition (A31).", side=role, card=cards.face(c)))
        fortifications.remove_fort(state, label, ctx, t("Demolition, A31"))


def hidden_units(game: Any, state: State, role: Role, args: tuple[str, ...], ctx: Context) -> None:
    """A35.4 step 1: the Support table roll, held for the Initiative card (9.1); then the pick and the
placement as choices (``hiddenunits``)."""
    hiddenunits.check_posture(state, role)
    if len(args) != 1:
        raise InvalidOrder(t("Syntax: hidden-units [CARD] (A35.4): the counter and its hex are chosen after the roll."))
    c = actioncards.play(state, role, args[0], "hidden_units", hiddenunits.RULE)
    ctx.reveal(t("{side} plays {card} for Hidden Units (A35.4).", side=role, card=cards.face(c)))
    flow.top(state)["support"] = True
    windows.hold_roll(state, attack.ROLL, role, "support", why=t("Support table ({rule})", rule=hiddenunits.RULE).to_json())


def support_column(game: Any, state: State, frame: flow.Frame, roll: dict[str, Any], ctx: Context) -> None:
    """The accepted roll's triggers (1.9.1), then the column it gives; the pick and the hex are choices asked after the triggers'."""
    data = rules_of(game).data
    role = model.other(frame["passer"])
    c = cards.card(roll["card"])
    cards.consequences(data, state, role, c, roll["last"], ctx)
    if state.get("over"):
        return
    total = c.white + c.red
    found = [e.text for e in support.column(state["sides"][role]["nation"], total)]  # never a Radio (A35.4): ``support.options``
    ctx.log(t("{side} rolls {roll} on its Support table ({rule}): {types}.", side=role, roll=total, rule=hiddenunits.RULE, types=", ".join(found) or "-"))
    events.ask(state, "support_pick", role, hiddenunits.RULE, False, column=found, total=total, event="hidden_units")
