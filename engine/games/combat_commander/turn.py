"""The player turn (5, digest 4.2): Orders one at a time up to the capacity, or a Pass; the end of the turn.

The orders themselves live in ``fireorder`` (O20), ``movement`` (O21, A33), ``melee`` (O16) and
``rally`` (O22, O23).
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import (
    artillery,
    cards,
    demolition,
    fire,
    model,
    opfirechances,
    weapons,
)
from engine.games.combat_commander.abandon import actions as abandon_actions
from engine.games.combat_commander.common import (
    NOT_YET,
    Rules,
    activation_sets,
    check_activation,
    first_per_kind,
    hand_cards,
    not_yet,
    rules_of,
)
from engine.games.combat_commander.melee import advance_targets
from engine.games.combat_commander.movement import legal_steps
from engine.games.combat_commander.names import card_name
from engine.games.combat_commander.rally import broken_units, needs_recovery, recover, rout
from engine.games.combat_commander.stacking import ask as ask_stacking
from engine.text import ngettext, t

# The turn ------------------------------------------------------------------------------------


class Turn(Procedure):
    name = "turn"
    rule = "5"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("player turn"), "5")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({state["player"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        used, capacity = state["orders"], state["sides"][role]["capacity"]
        if used == 0:  # 5: at least one order, or a Pass (O15)
            cap = state["sides"][role]["discard_cap"]
            return ngettext(
                "Your turn: give an order (up to {capacity}), or 'pass' naming up to {n} card you discard (O15).",
                "Your turn: give an order (up to {capacity}), or 'pass' naming up to {n} cards you discard (O15).",
                cap,
                capacity=capacity,
            )
        if used >= capacity:
            return t("Your turn: all {capacity} orders given (5.1): 'end' the turn.", capacity=capacity)
        return t("Your turn: give an order ({used} of {capacity} given), or 'end' the turn.", used=used, capacity=capacity)

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = rules_of(game)
        acts: list[Action] = []
        side = state["sides"][role]
        if state["orders"] == 0:
            acts.append(Action("pass"))
            acts += [Action("pass", (c,)) for c in sorted(side["hand"])]
            if min(side["discard_cap"], len(side["hand"])) > 1:  # O15: several discards, shown by one example
                acts.append(Action("pass", tuple(sorted(side["hand"])[: side["discard_cap"]])))
        else:
            acts.append(Action("end"))
        if state["orders"] < side["capacity"]:
            board = g.board_for(state)
            for cid in first_per_kind(hand_cards(state, role, "fire")):
                for units in activation_sets(g, state, role):
                    if any(fire.targets(g.data, board, state, u) for u in weapons.with_weapons(state, units)):
                        acts.append(Action("fire", (cid, *units)))
            for cid in first_per_kind(hand_cards(state, role, "move")):
                for units in activation_sets(g, state, role):
                    if any(legal_steps(g, state, u, {}) for u in units):
                        acts.append(Action("move", (cid, *units)))
            for cid in first_per_kind(hand_cards(state, role, "advance")):
                for units in activation_sets(g, state, role):
                    if any(advance_targets(g, state, u) for u in units):
                        acts.append(Action("advance", (cid, *units)))
            for cid in first_per_kind(hand_cards(state, role, "rout")):
                for target in model.ROLES:
                    if target not in state["players_activated"] and broken_units(state, target):
                        acts.append(Action("rout", (cid, target)))
            for cid in first_per_kind(hand_cards(state, role, "artillery_denied")):
                if artillery.can_deny(state, role):
                    acts.append(Action("artillery-denied", (cid,)))
            for cid in first_per_kind(hand_cards(state, role, "artillery_request")):
                if artillery.can_access(state, role):
                    acts.append(Action("artillery-request", (cid, "access")))
                for leader in artillery.observers(g, state, role):  # any hex in his LOS may be spotted; enemy hexes are offered
                    for target in fire.enemy_hexes(state, role):
                        if fire.can_see(board, state, state["units"][leader]["hex"], target)[0]:
                            acts.append(Action("artillery-request", (cid, leader, target)))
            if role not in state["players_activated"] and needs_recovery(state, role):
                acts += [Action("recover", (cid,)) for cid in first_per_kind(hand_cards(state, role, "recover"))]
        acts += abandon_actions(state, role)  # 11.3: at any time, listed in the turn's options
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def automatic(self, frame: flow.Frame) -> bool:
        return bool(frame.get("ending"))

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        """The end of the turn goes on once every overstacked hex is within the limit (8.1)."""
        ending = frame.pop("ending")
        end_turn(rules_of(game), state, ending["role"], ctx, demolish=ending["demolish"])

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = rules_of(game)
        v, a = action.verb, list(action.args)
        side = state["sides"][role]
        if v == "pass":
            if state["orders"]:
                raise IllegalOrder(t("You have given orders this turn: a Pass is the other kind of turn (5); 'end' ends it."), "5")
            if len(a) > side["discard_cap"]:
                raise IllegalOrder(ngettext("A Pass discards at most {n} card.", "A Pass discards at most {n} cards.", side["discard_cap"]), "O15")
            for cid in a:
                if cid not in side["hand"]:
                    raise IllegalOrder(t("You do not hold that card."), "O15")
            faces = [cards.face(cards.discard_from_hand(state, role, cid)) for cid in a]
            if faces:
                ctx.reveal(ngettext("{side} passes and discards {n} card (O15).", "{side} passes and discards {n} cards (O15).", len(faces), side=role))
                for f in faces:
                    ctx.reveal(t("Discarded: {card}.", card=f))
            else:
                ctx.log(t("{side} passes (O15).", side=role))
            end_turn(g, state, role, ctx, demolish=bool(faces))
            return
        if v == "end":
            if not state["orders"]:
                raise IllegalOrder(t("Give at least one order, or pass."), "5")
            end_turn(g, state, role, ctx)
            return
        if a and a[0] in side["hand"] and cards.card(a[0]).order == "command_confusion":
            raise IllegalOrder(t("Command Confusion cannot be played as an order."), "O19")
        if v in ("fire", "move", "advance"):
            if state["orders"] >= side["capacity"]:
                raise IllegalOrder(t("Your order capacity is {capacity} this turn.", capacity=side["capacity"]), "5.1")
            cid, units = a[0], a[1:]
            if cid not in side["hand"] or cards.card(cid).order != v:
                raise IllegalOrder(t("You hold no such {order} card.", order=v), "O14.1")
            check_activation(g, state, role, units)
            board = g.board_for(state)
            if v == "fire" and not any(fire.targets(g.data, board, state, u) for u in weapons.with_weapons(state, units)):
                raise IllegalOrder(t("No activated unit or weapon has an enemy unit in Range and LOS."), "O20.1")
            if v == "move" and not any(legal_steps(g, state, u, {}) for u in units):
                raise IllegalOrder(t("No activated unit can enter any hex."), "O14.4")
            if v == "advance" and not any(advance_targets(g, state, u) for u in units):
                raise IllegalOrder(t("No activated unit can enter any hex."), "O14.4")
            c = cards.discard_from_hand(state, role, cid)
            for uid in units:
                state["units"][uid]["activated"] = v
            state["orders"] += 1
            ctx.reveal(t("{side} orders {order} with {units}, playing {card}.", side=role, order=card_name(v.replace("-", "_")), units=", ".join(units), card=cards.face(c)))
            if v == "fire":
                flow.call(state, "fire_order", units=units, fired=[])
            elif v == "advance":
                flow.call(state, "advance_order", units=units, advanced=[])
                opfirechances.advance(state, model.other(role))
            else:
                flow.call(state, "move_order", units=units, done=[], current="", spent={}, road=[], opfire=[])
            return
        if v == "recover":
            if state["orders"] >= side["capacity"]:
                raise IllegalOrder(t("Your order capacity is {capacity} this turn.", capacity=side["capacity"]), "5.1")
            if not a or a[0] not in side["hand"] or cards.card(a[0]).order != "recover":
                raise IllegalOrder(t("You hold no such {order} card.", order=v), "O14.1")
            recover(g, state, role, a[0], a[1:], ctx)
            return
        if v == "rout":
            if state["orders"] >= side["capacity"]:
                raise IllegalOrder(t("Your order capacity is {capacity} this turn.", capacity=side["capacity"]), "5.1")
            if len(a) < 2 or a[0] not in side["hand"] or cards.card(a[0]).order != "rout":
                raise IllegalOrder(t("You hold no such {order} card.", order=v), "O14.1")
            rout(g, state, role, a[0], a[1], a[2:], ctx)
            return
        if v in ("artillery-denied", "artillery-request"):
            if state["orders"] >= side["capacity"]:
                raise IllegalOrder(t("Your order capacity is {capacity} this turn.", capacity=side["capacity"]), "5.1")
            if not a or a[0] not in side["hand"] or cards.card(a[0]).order != artillery.card_order(v):
                raise IllegalOrder(t("You hold no such {order} card.", order=v), "O14.1")
            if v == "artillery-denied":
                artillery.denied(g, state, role, a[0], ctx)
            elif a[1:] == ["access"]:
                artillery.access(g, state, role, a[0], ctx)
            else:
                artillery.fire_for_effect(g, state, role, a[0], a[1], a[2], a[3:] == ["smoke"], ctx)
            return
        if v in NOT_YET:
            raise not_yet(v)
        raise flow.out_of_step(v, self.step(game, state, frame))


def end_turn(g: Rules, state: State, role: Role, ctx: Context, demolish: bool = False) -> None:
    """End of turn (digest 4.2): stacking, refill, activations cleared, the other player's turn;
    ``demolish``: the turn was a Pass with discards, which the opponent may answer (A31). When a hex
    is overstacked its owner is asked first (8.1), and ``Turn.run`` ends the turn once he is done."""
    caller = flow.top(state)
    if ask_stacking(g, state):
        caller["ending"] = {"role": role, "demolish": demolish}
        return
    cards.draw_to_hand(g.data, state, role, ctx, g.hand_size(state, role))
    if state.get("over"):
        return
    for u in state["units"].values():
        u["activated"] = ""
        u["opfire"] = False
    state["players_activated"] = []
    state["orders"] = 0
    state["player"] = model.other(role)
    state["turns"] += 1
    ctx.log(t("{side}'s turn.", side=state["player"]))
    if demolish:
        demolition.open_window(state, role)  # A31: the opponent may answer a Pass with discards

