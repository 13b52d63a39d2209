"""Fire orders (O20): each activated unit attacks once, alone or in a fire group."""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.flow import Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import attack, fire, smokerounds, weapons
from engine.games.combat_commander.common import (
    NOT_YET,
    Rules,
    check_no_new_order,
    not_yet,
    rules_of,
)
from engine.hexgrid import Label
from engine.text import t

# Fire (O20) ----------------------------------------------------------------------------------


def group_options(g: Rules, state: State, units: list[str]) -> list[Action]:
    """Each unit alone at each target, and every able unit together at each hex (more groups may be typed)."""
    board = g.board_for(state)
    out: list[Action] = []
    by_hex: dict[Label, list[str]] = {}
    for uid in units:
        for h in fire.targets(g.data, board, state, uid):
            by_hex.setdefault(h, []).append(uid)
    for h, firers in sorted(by_hex.items()):
        options = [[u] for u in firers]
        if len(firers) > 1:
            options.append(firers)
        grouped = [u for u in firers if not weapons.ordnance(state, u)]  # a white-band weapon fires alone (O20.3.1.1)
        if 1 < len(grouped) < len(firers):
            options.append(grouped)
        for group in options:
            try:
                fire.attack_fp(g.data, board, state, group, h)
            except IllegalOrder:
                continue
            out.append(Action("attack", (h, *group)))
    return out


class FireOrder(flow.Resumable):
    name = "fire_order"
    rule = "O20"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Fire order"), "O20")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({state["player"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        left = [u for u in weapons.with_weapons(state, frame["units"]) if u not in frame["fired"]]
        return t("Fire order: attack with {units}, or 'done'.", units=", ".join(left) or "-")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = rules_of(game)
        left = [u for u in weapons.with_weapons(state, frame["units"]) if u not in frame["fired"] and weapons.hex_of(state, u)]
        acts = [Action("done"), *group_options(g, state, left)]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = rules_of(game)
        if action.verb == "done":
            flow.end(state)
            return
        if action.verb != "attack":
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            check_no_new_order(action.verb, self.step(game, state, frame).title)
            raise flow.refuse(action, ("attack", "done"), self.step(game, state, frame), t("Syntax: attack HEX UNIT [UNIT...], attack HEX WEAPON smoke, or done."))
        target, firers = action.args[0], [a for a in action.args[1:] if a != smokerounds.WORD]
        smoke = smokerounds.WORD in action.args[1:]
        for uid in firers:
            if weapons.carrier(state, uid) not in frame["units"]:  # a weapon is activated with its carrier (11.1)
                raise IllegalOrder(t("{unit} is not activated for this Fire order.", unit=uid), "O20.3")
            if uid in frame["fired"]:
                raise IllegalOrder(t("{unit} has already fired in this order.", unit=uid), "O20.3")
        if smoke:
            smokerounds.check(g, state, firers, target)
        else:
            # A hindered attack below 1 FP may still be announced: W3 actions may make it possible (O20.3.2).
            fire.attack_fp(g.data, g.board_for(state), state, firers, target, minimum=-99)
        frame["fired"] += firers
        frame["attacking"] = firers
        attack.start(state, role, firers, target, kind=smokerounds.WORD if smoke else "fire")

    def resume(self, game: Any, state: State, frame: flow.Frame, ctx: Context, back: dict[str, Any]) -> None:
        """Back from an attack: one that could not be rolled leaves its pieces free to fire (10.3.2.1)."""
        firers = frame.pop("attacking", [])
        if not back.get("made", True):
            frame["fired"] = [u for u in frame["fired"] if u not in firers]
        if state.get("over"):
            return
        g = rules_of(game)
        board = g.board_for(state)
        left = [u for u in weapons.with_weapons(state, frame["units"]) if u not in frame["fired"] and weapons.hex_of(state, u)]
        # Only weapons left, none with a target: nothing more can fire in this order.
        if all(weapons.is_weapon(state, u) and not fire.targets(g.data, board, state, u) for u in left):
            flow.end(state)
