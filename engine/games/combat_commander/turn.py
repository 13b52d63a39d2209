"""The player turn (5, digest 4.2): Orders one at a time up to the capacity, or a Pass.

Procedures: ``turn`` (choose an Order, ``pass`` or ``end``), ``fire_order`` (O20: each activated
unit attacks once), ``move_order`` (O21: one hex at a time) and ``opfire`` (A33: the inactive
player's window after each hex entered, opened on public information only: whether any of its
units has Range and LOS to the hex, never whether it holds a Fire card).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Protocol, cast

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder, NotImplementedRule
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import cards, fire, model
from engine.games.combat_commander.board import Board
from engine.games.combat_commander.data import GameData
from engine.hexgrid import Label
from engine.text import t

# Orders and actions that exist in the rules but are not implemented yet: refused with their rule.
NOT_YET = {
    "artillery-denied": "O17",
    "artillery-request": "O18",
    "ambush": "A25",
    "assault-fire": "A26",
    "bore-sighting": "A27",
    "concealment": "A29",
    "crossfire": "A30",
    "demolition": "A31",
    "dig-in": "A32",
    "hand-grenades": "A34",
    "hidden-entrenchments": "A35.1",
    "hidden-mines": "A35.2",
    "hidden-pillbox": "A35.3",
    "hidden-units": "A35.4",
    "hidden-wire": "A35.5",
    "light-wounds": "A36",
    "marksmanship": "A37",
    "no-quarter": "A38",
    "smoke-grenades": "A39",
    "spray-fire": "A40",
    "sustained-fire": "A41",
    "reroll": "9.1",
    "transfer": "O21.1.1",
}


def not_yet(verb: str) -> NotImplementedRule:
    rule = NOT_YET[verb]
    return NotImplementedRule(
        t("'{verb}' ({rule}) is not implemented yet: ask the referee, who decides and sets the position.", verb=verb, rule=rule),
        rule,
    )


class Rules(Protocol):
    """What the procedures need from the game: its data and the scenario's board."""

    data: GameData

    def board_for(self, state: State) -> Board: ...

    def hand_size(self, state: State, role: Role) -> int: ...


def _game(game: Any) -> Rules:
    return cast(Rules, game)


def hand_cards(state: State, role: Role, order: str | None = None) -> list[str]:
    return [c for c in state["sides"][role]["hand"] if order is None or cards.card(c).order == order]


def first_per_kind(cids: list[str]) -> list[str]:
    """One card per order kind: which of two cards of the same order is played is the player's choice, not a listed one."""
    seen: set[str] = set()
    out = []
    for c in sorted(cids):
        kind = cards.card(c).order
        if kind not in seen:
            seen.add(kind)
            out.append(c)
    return out


# Activation (O14.1, 3.3.1.1) --------------------------------------------------------------------


def check_activation(g: Rules, state: State, role: Role, units: list[str], key: str = "activated") -> None:
    """One unit, or one leader and friendly non-leaders within his command radius, none yet activated."""
    if not units:
        raise InvalidOrder(t("Name the unit(s) the order activates."))
    if len(set(units)) != len(units):
        raise InvalidOrder(t("A unit is named twice."))
    board = g.board_for(state)
    for uid in units:
        u = state["units"].get(uid)
        if u is None or u["side"] != role or u["hex"] is None:
            raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid), "O14.1")
        if key == "activated" and u["activated"]:
            raise IllegalOrder(t("{unit} has already been activated this turn (O14.1).", unit=uid), "O14.1")
        if key == "opfire" and u["opfire"]:
            raise IllegalOrder(t("{unit} has already been activated for opportunity fire this turn (A33.3).", unit=uid), "A33.3")
    if len(units) == 1:
        return
    leaders = [u for u in units if model.counter(g.data, state, u).kind == "leader"]
    if len(leaders) != 1:
        raise IllegalOrder(t("Several units are activated together only through one leader and his command radius (3.3.1.1)."), "3.3.1.1")
    leader = leaders[0]
    radius = model.command(g.data, state, leader)
    origin = state["units"][leader]["hex"]
    for uid in units:
        if uid != leader and board.map.grid.distance(origin, state["units"][uid]["hex"]) > radius:
            raise IllegalOrder(
                t("{unit} is outside {leader}'s command radius of {radius} (3.3.1.1).", unit=uid, leader=leader, radius=radius),
                "3.3.1.1",
            )


def activation_sets(g: Rules, state: State, role: Role, key: str = "activated") -> list[list[str]]:
    """Each free unit alone, and each free good-order leader with every free non-leader in his radius."""
    board = g.board_for(state)
    free = [uid for uid, u in sorted(model.on_map(state).items()) if u["side"] == role and not u[key]]
    out = [[u] for u in free]
    for leader in free:
        if model.counter(g.data, state, leader).kind != "leader":
            continue
        radius = model.command(g.data, state, leader)
        origin = state["units"][leader]["hex"]
        near = [
            u for u in free
            if u != leader and model.counter(g.data, state, u).kind != "leader"
            and board.map.grid.distance(origin, state["units"][u]["hex"]) <= radius
        ]
        if near:
            out.append([leader, *near])
    return out


# The turn ------------------------------------------------------------------------------------


class Turn(Procedure):
    name = "turn"
    rule = "5"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("player turn"), "5")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({state["player"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        return t(
            "Your turn: give an order ({used} of {capacity} given), pass, or end the turn.",
            used=state["orders"],
            capacity=state["sides"][role]["capacity"],
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = _game(game)
        acts: list[Action] = []
        side = state["sides"][role]
        if state["orders"] == 0:
            acts.append(Action("pass"))
            acts += [Action("pass", (c,)) for c in sorted(side["hand"])]
        else:
            acts.append(Action("end"))
        if state["orders"] < side["capacity"]:
            board = g.board_for(state)
            for cid in first_per_kind(hand_cards(state, role, "fire")):
                for units in activation_sets(g, state, role):
                    if any(fire.targets(g.data, board, state, u) for u in units):
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
                    if target not in state["players_activated"] and _broken(state, target):
                        acts.append(Action("rout", (cid, target)))
            if role not in state["players_activated"] and _needs_recovery(state, role):
                acts += [Action("recover", (cid,)) for cid in first_per_kind(hand_cards(state, role, "recover"))]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = _game(game)
        v, a = action.verb, list(action.args)
        side = state["sides"][role]
        if v == "pass":
            if state["orders"]:
                raise IllegalOrder(t("You have given orders this turn: a Pass is the other kind of turn (5); 'end' ends it."), "5")
            if len(a) > side["discard_cap"]:
                raise IllegalOrder(t("A Pass discards at most {cap} card(s) (O15).", cap=side["discard_cap"]), "O15")
            for cid in a:
                if cid not in side["hand"]:
                    raise IllegalOrder(t("You do not hold that card."), "O15")
            faces = [cards.face(cards.discard_from_hand(state, role, cid)) for cid in a]
            if faces:
                ctx.reveal(t("{side} passes and discards {n} card(s) (O15).", side=role, n=len(faces)))
                for f in faces:
                    ctx.reveal(t("Discarded: {card}.", card=f))
            else:
                ctx.log(t("{side} passes (O15).", side=role))
            end_turn(g, state, role, ctx)
            return
        if v == "end":
            if not state["orders"]:
                raise IllegalOrder(t("Give at least one order, or pass (5)."), "5")
            end_turn(g, state, role, ctx)
            return
        if v in ("fire", "move", "advance"):
            if state["orders"] >= side["capacity"]:
                raise IllegalOrder(t("Your order capacity is {capacity} this turn (5.1).", capacity=side["capacity"]), "5.1")
            cid, units = a[0], a[1:]
            if cid not in side["hand"] or cards.card(cid).order != v:
                raise IllegalOrder(t("You hold no such {order} card.", order=v), "O14.1")
            check_activation(g, state, role, units)
            board = g.board_for(state)
            if v == "fire" and not any(fire.targets(g.data, board, state, u) for u in units):
                raise IllegalOrder(t("No activated unit has an enemy unit in Range and LOS (O20.1)."), "O20.1")
            if v == "move" and not any(legal_steps(g, state, u, {}) for u in units):
                raise IllegalOrder(t("No activated unit can enter any hex (O14.4)."), "O14.4")
            if v == "advance" and not any(advance_targets(g, state, u) for u in units):
                raise IllegalOrder(t("No activated unit can enter any hex (O14.4)."), "O14.4")
            c = cards.discard_from_hand(state, role, cid)
            for uid in units:
                state["units"][uid]["activated"] = v
            state["orders"] += 1
            ctx.reveal(t("{side} orders {order} with {units}, playing {card}.", side=role, order=v, units=", ".join(units), card=cards.face(c)))
            if v == "fire":
                flow.call(state, "fire_order", units=units, fired=[])
            elif v == "advance":
                flow.call(state, "advance_order", units=units, advanced=[])
            else:
                flow.call(state, "move_order", units=units, done=[], current="", spent={}, road=[], opfire=[])
            return
        if v == "recover":
            if state["orders"] >= side["capacity"]:
                raise IllegalOrder(t("Your order capacity is {capacity} this turn (5.1).", capacity=side["capacity"]), "5.1")
            if not a or a[0] not in side["hand"] or cards.card(a[0]).order != "recover":
                raise IllegalOrder(t("You hold no such {order} card.", order=v), "O14.1")
            recover(g, state, role, a[0], a[1:], ctx)
            return
        if v == "rout":
            if state["orders"] >= side["capacity"]:
                raise IllegalOrder(t("Your order capacity is {capacity} this turn (5.1).", capacity=side["capacity"]), "5.1")
            if len(a) < 2 or a[0] not in side["hand"] or cards.card(a[0]).order != "rout":
                raise IllegalOrder(t("You hold no such {order} card.", order=v), "O14.1")
            rout(g, state, role, a[0], a[1], a[2:], ctx)
            return
        if v in NOT_YET:
            raise not_yet(v)
        raise flow.out_of_step(v, self.step(game, state, frame))


def _broken(state: State, role: Role) -> list[str]:
    return [uid for uid, u in sorted(model.on_map(state).items()) if u["side"] == role and u["broken"]]


def _needs_recovery(state: State, role: Role) -> bool:
    return any(u["side"] == role and (u["broken"] or u["suppressed"]) for u in model.on_map(state).values())


def recover(g: Rules, state: State, role: Role, cid: str, order: list[str], ctx: Context) -> None:
    """O22: the player is activated; all own Suppressed markers go; each unit broken now rolls to rally."""
    if role in state["players_activated"]:
        raise IllegalOrder(t("You have already been activated by a Recover or Rout order this turn (O22.1)."), "O22.1")
    if not _needs_recovery(state, role):
        raise IllegalOrder(t("Recover needs at least one broken or suppressed unit of yours (O22.1)."), "O22.1")
    broken = [uid for uid, u in sorted(model.on_map(state).items()) if u["side"] == role and u["broken"]]
    for uid in order:
        if uid not in broken:
            raise IllegalOrder(t("{unit} is not one of your broken units (O22.2).", unit=uid), "O22.2")
    # O22.2: the player chooses the order; by default leaders first (their Command helps the others).
    rest = sorted((u for u in broken if u not in order), key=lambda u: (model.counter(g.data, state, u).kind != "leader", u))
    c = cards.discard_from_hand(state, role, cid)
    state["orders"] += 1
    state["players_activated"].append(role)
    ctx.reveal(t("{side} orders Recover, playing {card} (O22).", side=role, card=cards.face(c)))
    for u in model.on_map(state).values():
        if u["side"] == role:
            u["suppressed"] = False
    board = g.board_for(state)
    for uid in [*order, *rest]:
        u = state["units"][uid]
        if u["hex"] is None or not u["broken"] or state.get("over"):
            continue
        morale = model.value(g.data, state, uid, "morale") + board.cover(u["hex"])
        value = cards.roll(g.data, state, role, ctx, t("Recover roll for {unit}", unit=uid))
        if state.get("over") or u["hex"] is None or not u["broken"]:
            continue
        if value < morale:
            u["broken"] = False
            ctx.log(t("{unit}: {roll} is less than Morale {morale}: rallied (O22.3).", unit=uid, roll=value, morale=morale))
        elif value == morale:
            u["suppressed"] = True
            ctx.log(t("{unit}: {roll} equals Morale {morale}: suppressed (O22.3).", unit=uid, roll=value, morale=morale))
        else:
            ctx.log(t("{unit}: {roll} is more than Morale {morale}: no effect (O22.3).", unit=uid, roll=value, morale=morale))


def end_turn(g: Rules, state: State, role: Role, ctx: Context) -> None:
    """End of turn (digest 4.2): stacking, refill, activations cleared, the other player's turn."""
    stacking(g, state, ctx)
    if state.get("over"):
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


def stacking(g: Rules, state: State, ctx: Context) -> None:
    """8.2: more than 7 figures of a side in a hex lose units until legal; by default the cheapest go first."""
    for role in model.ROLES:
        hexes = sorted({u["hex"] for u in model.on_map(state).values() if u["side"] == role})
        for label in hexes:
            here = model.units_at(state, label, role)
            while sum(model.counter(g.data, state, u).figures for u in here) > 7 and not state.get("over"):
                victim = min(here, key=lambda u: (model.unit_vp(g.data, state, u), u))
                ctx.log(t("{hex} is overstacked (8.2): {unit} is eliminated (free Deploy, E52, is not implemented yet).", hex=label, unit=victim))
                model.eliminate(g.data, state, victim, ctx)
                here = model.units_at(state, label, role)


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
        for group in options:
            try:
                fire.attack_fp(g.data, board, state, group, h)
            except IllegalOrder:
                continue
            out.append(Action("attack", (h, *group)))
    return out


class FireOrder(Procedure):
    name = "fire_order"
    rule = "O20"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Fire order"), "O20")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({state["player"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        left = [u for u in frame["units"] if u not in frame["fired"]]
        return t("Fire order: attack with {units}, or 'done'.", units=", ".join(left) or "-")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = _game(game)
        left = [u for u in frame["units"] if u not in frame["fired"] and state["units"][u]["hex"]]
        acts = [Action("done"), *group_options(g, state, left)]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = _game(game)
        if action.verb == "done":
            flow.end(state)
            return
        if action.verb != "attack":
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            raise flow.refuse(action, ("attack", "done"), self.step(game, state, frame), t("Syntax: attack HEX UNIT [UNIT...], or done."))
        target, firers = action.args[0], list(action.args[1:])
        for uid in firers:
            if uid not in frame["units"]:
                raise IllegalOrder(t("{unit} is not activated for this Fire order (O20.3).", unit=uid), "O20.3")
            if uid in frame["fired"]:
                raise IllegalOrder(t("{unit} has already fired in this order (O20.3).", unit=uid), "O20.3")
        frame["fired"] += firers
        fire.resolve(g.data, g.board_for(state), state, role, firers, target, ctx)
        if state.get("over"):
            return
        if all(u in frame["fired"] or not state["units"][u]["hex"] for u in frame["units"]):
            flow.end(state)


# Move (O21) and opportunity fire (A33) ---------------------------------------------------------


def movement(g: Rules, state: State, uid: str, road: bool) -> int:
    """Current Movement: printed, Command, Suppressed, and +1 once a road hex was entered (T93)."""
    return model.value(g.data, state, uid, "move") + (1 if road else 0)


def legal_steps(g: Rules, state: State, uid: str, frame: dict[str, Any]) -> list[Label]:
    u = state["units"][uid]
    if u["hex"] is None:
        return []
    board = g.board_for(state)
    spent = int(frame.get("spent", {}).get(uid, 0))
    allowance = movement(g, state, uid, uid in frame.get("road", []))
    out = []
    for n in board.map.neighbours(u["hex"]):
        cost = board.move_cost(u["hex"], n)
        if cost is None or spent + cost > allowance:
            continue
        if model.units_at(state, n, model.other(u["side"])):
            continue
        out.append(n)
    return out


class MoveOrder(Procedure):
    name = "move_order"
    rule = "O21"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Move order"), "O21")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({state["player"]})

    def movers(self, state: State, frame: flow.Frame) -> list[str]:
        """The unit moving now, or any activated unit that has not moved yet (O21.2)."""
        out = [u for u in frame["units"] if u not in frame["done"] and state["units"][u]["hex"]]
        if frame["current"] and frame["current"] in out:
            return [frame["current"], *[u for u in out if u != frame["current"]]]
        return out

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        spent = ", ".join(f"{u} {frame['spent'].get(u, 0)} MP" for u in frame["units"] if u in frame["spent"])
        return t("Move order: 'step UNIT HEX' one hex at a time ({spent}), or 'done'.", spent=spent or "-")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = _game(game)
        acts: list[Action] = []
        if frame["spent"]:
            acts.append(Action("done"))
        for uid in self.movers(state, frame):
            acts += [Action("step", (uid, h)) for h in legal_steps(g, state, uid, frame)]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = _game(game)
        if action.verb == "done":
            if not frame["spent"]:
                raise IllegalOrder(t("A Move order must move at least one unit into another hex (O14.4)."), "O14.4")
            flow.end(state)
            return
        if action.verb != "step":
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            raise flow.refuse(action, ("step", "done"), self.step(game, state, frame), t("Syntax: step UNIT HEX, or done."))
        uid, dest = action.args
        if uid not in frame["units"]:
            raise IllegalOrder(t("{unit} is not activated for this Move order (O21).", unit=uid), "O21")
        if uid not in self.movers(state, frame):
            raise IllegalOrder(t("{unit} has finished its move: a unit completes its move before another starts (O21.2).", unit=uid), "O21.2")
        board = g.board_for(state)
        u = state["units"][uid]
        if not board.map.grid.adjacent(u["hex"], dest):
            raise IllegalOrder(t("{hex} is not adjacent to {unit}.", hex=dest, unit=uid), "O21")
        if model.units_at(state, dest, model.other(role)):
            raise IllegalOrder(t("{hex} holds enemy units: Move cannot enter it (O21.4).", hex=dest), "O21.4")
        cost = board.move_cost(u["hex"], dest)
        if cost is None:
            raise IllegalOrder(t("{hex} cannot be entered from {origin} (O21.4, T79, T83, T98).", hex=dest, origin=u["hex"]), "O21.4")
        spent = int(frame["spent"].get(uid, 0))
        allowance = movement(g, state, uid, uid in frame["road"])
        if spent + cost > allowance:
            raise IllegalOrder(
                t("{unit} has spent {spent} of {allowance} MP; {hex} costs {cost} (O21.1).", unit=uid, spent=spent, allowance=allowance, hex=dest, cost=cost),
                "O21.1",
            )
        if frame["current"] and frame["current"] != uid:
            frame["done"].append(frame["current"])
        frame["current"] = uid
        frame["spent"][uid] = spent + cost
        u["hex"] = dest
        if board.has_path(dest, "road") and uid not in frame["road"]:
            frame["road"].append(uid)
        ctx.log(t("{unit} moves to {hex} ({spent} MP spent).", unit=uid, hex=dest, spent=spent + cost))
        model.update_control(g.data, state, objectives(board))
        enemy = model.other(role)
        if any(fire.reach(g.data, board, state, e, dest) for e in model.on_map(state) if state["units"][e]["side"] == enemy):
            flow.call(state, "opfire", hex=dest, mover=uid, prior=frame["opfire"])


def objectives(board: Board) -> dict[str, Label]:
    return {p.get("number") or "": p.hex for p in board.map.places.values() if p.kind == "objective"}


class OpFire(Procedure):
    """A33: after each hex entered, the inactive player may fire at it once (one attack per expenditure)."""

    name = "opfire"
    rule = "A33"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("opportunity fire window"), "A33")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({model.other(state["player"])})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        return t("{unit} entered {hex}: opportunity fire at it, or 'pass' (A33).", unit=frame["mover"], hex=frame["hex"])

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = _game(game)
        board = g.board_for(state)
        acts = [Action("pass")]

        def able(units: list[str]) -> list[str]:
            return [u for u in units if fire.reach(g.data, board, state, u, frame["hex"])]

        prior = able([u for u in frame["prior"] if state["units"][u]["hex"]])
        for cid in first_per_kind(hand_cards(state, role, "fire")):
            for units in activation_sets(g, state, role, key="opfire"):
                shooters = able(units)
                if shooters and _fp_ok(g, state, shooters, frame["hex"]):
                    acts.append(Action("fire", (cid, *units)))
                    if prior and _fp_ok(g, state, [*shooters, *prior], frame["hex"]):
                        acts.append(Action("fire", (cid, *units, *prior)))
        for n in range(1, len(prior) + 1):
            for group in combinations(prior, n):
                if _fp_ok(g, state, list(group), frame["hex"]):
                    acts.append(Action("fire", tuple(group)))
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = _game(game)
        if action.verb == "pass":
            ctx.log(t("{side} lets the move go on.", side=role))
            flow.end(state)
            return
        if action.verb != "fire":
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            raise flow.refuse(action, ("fire", "pass"), self.step(game, state, frame), t("Syntax: fire [CARD] UNIT [UNIT...], or pass."))
        args = list(action.args)
        side = state["sides"][role]
        board = g.board_for(state)
        cid = args.pop(0) if args and cards.is_card(args[0]) else ""
        new = [u for u in args if u not in frame["prior"]]
        old = [u for u in args if u in frame["prior"]]
        if cid:
            if cid not in side["hand"] or cards.card(cid).action != "fire":
                raise IllegalOrder(t("You hold no such Fire card."), "A33")
            check_activation(g, state, role, new, key="opfire")
        elif new:
            raise IllegalOrder(
                t("{unit} is not activated for opportunity fire in this Move order: play a Fire card to activate it (A33.2).", unit=new[0]),
                "A33.2",
            )
        firers = [u for u in [*new, *old] if fire.reach(g.data, board, state, u, frame["hex"])]
        fire.attack_fp(g.data, board, state, firers, frame["hex"])
        if cid:
            c = cards.discard_from_hand(state, role, cid)
            ctx.reveal(t("{side} plays {card} as opportunity fire, activating {units} (A33).", side=role, card=cards.face(c), units=", ".join(new)))
        for uid in new:
            state["units"][uid]["opfire"] = True
        move_frame = flow.stack(state)[-2]
        move_frame["opfire"] = sorted(set(move_frame["opfire"]) | set(new))
        fire.resolve(g.data, board, state, role, firers, frame["hex"], ctx)
        if state.get("over"):
            return
        flow.end(state)


def _fp_ok(g: Rules, state: State, firers: list[str], target: Label) -> bool:
    try:
        fire.attack_fp(g.data, g.board_for(state), state, firers, target)
    except IllegalOrder:
        return False
    return True


# Advance (O16) and melee (O16.4) ------------------------------------------------------------------


def advance_targets(g: Rules, state: State, uid: str) -> list[Label]:
    """Adjacent hexes an Advance may enter: any but impassable ones, enemy-occupied included (O16.1-O16.3)."""
    u = state["units"][uid]
    if u["hex"] is None:
        return []
    board = g.board_for(state)
    return [n for n in board.map.neighbours(u["hex"]) if board.terrain(n).move is not None]


class AdvanceOrder(Procedure):
    name = "advance_order"
    rule = "O16"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Advance order"), "O16")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({state["player"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        return t("Advance order: 'step UNIT HEX' for each unit that advances, then 'done' (melee follows, O16.4).")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = _game(game)
        acts: list[Action] = [Action("done")] if frame["advanced"] else []
        for uid in frame["units"]:
            if uid not in frame["advanced"]:
                acts += [Action("step", (uid, h)) for h in advance_targets(g, state, uid)]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = _game(game)
        if action.verb == "done":
            if not frame["advanced"]:
                raise IllegalOrder(t("An Advance order must move at least one unit into another hex (O14.4)."), "O14.4")
            finish_advance(g, state, ctx)
            return
        if action.verb != "step":
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            raise flow.refuse(action, ("step", "done"), self.step(game, state, frame), t("Syntax: step UNIT HEX, or done."))
        uid, dest = action.args
        if uid not in frame["units"]:
            raise IllegalOrder(t("{unit} is not activated for this Advance order (O16).", unit=uid), "O16.1")
        if uid in frame["advanced"]:
            raise IllegalOrder(t("{unit} has already advanced: an advancing unit enters one hex and stops (O16.1).", unit=uid), "O16.1")
        u = state["units"][uid]
        board = g.board_for(state)
        if not board.map.grid.adjacent(u["hex"], dest):
            raise IllegalOrder(t("{hex} is not adjacent to {unit} (O16.1).", hex=dest, unit=uid), "O16.1")
        if dest not in advance_targets(g, state, uid):
            raise IllegalOrder(t("{hex} is impassable (O16.3, T79, T98).", hex=dest), "O16.3")
        u["hex"] = dest
        frame["advanced"].append(uid)
        ctx.log(t("{unit} advances to {hex} (O16.1).", unit=uid, hex=dest))
        model.update_control(g.data, state, objectives(board))
        if all(x in frame["advanced"] or not state["units"][x]["hex"] for x in frame["units"]):
            finish_advance(g, state, ctx)


def finish_advance(g: Rules, state: State, ctx: Context) -> None:
    """The order ends; every hex holding both sides' units has its melee (O16.4)."""
    flow.end(state)
    melees(g, state, ctx)


def melees(g: Rules, state: State, ctx: Context) -> None:
    """O16.4: one melee per shared hex, in hex order (the active player's choice is not asked yet)."""
    shared = sorted(
        h for h in {u["hex"] for u in model.on_map(state).values()}
        if len({state["units"][x]["side"] for x in model.units_at(state, h)}) == 2
    )
    for label in shared:
        if state.get("over"):
            return
        melee(g, state, label, ctx)
    board = g.board_for(state)
    model.update_control(g.data, state, objectives(board))


def melee_fp(g: Rules, state: State, units: list[str]) -> int:
    """Σ modified FP of the units (weapons never count) + 1 per unit with boxed FP (O16.4.1, digest 8.2.5)."""
    return sum(model.value(g.data, state, u, "fp") + (1 if "fp" in model.counter(g.data, state, u).boxed else 0) for u in units)


def melee(g: Rules, state: State, label: Label, ctx: Context) -> None:
    """O16.4.2-3: the inactive player rolls first; the lower total loses every unit; a tie loses both."""
    active = state["player"]
    order = (model.other(active), active)
    totals: dict[Role, int] = {}
    for role in order:
        units = model.units_at(state, label, role)
        if not units:
            return
        fp = melee_fp(g, state, units)
        roll = cards.roll(g.data, state, role, ctx, t("Melee in {hex}", hex=label))
        if state.get("over"):
            return
        totals[role] = fp + roll
        ctx.log(t("{side} in {hex}: melee FP {fp} + {roll} = {total} (O16.4.2).", side=role, hex=label, fp=fp, roll=roll, total=fp + roll))
    if any(not model.units_at(state, label, r) for r in order):
        return
    low = min(totals.values())
    losers = [r for r in order if totals[r] == low]
    ctx.log(t("Melee in {hex}: {losers} lose(s) every unit there (O16.4.3).", hex=label, losers=" and ".join(losers)))
    for role in losers:
        for uid in model.units_at(state, label, role):
            if state.get("over"):
                return
            model.eliminate(g.data, state, uid, ctx)


# Rout (O23) and retreat (O23.3) ------------------------------------------------------------------


def rout(g: Rules, state: State, role: Role, cid: str, target: Role, order: list[str], ctx: Context) -> None:
    """O23.1: activate a player (oneself or the opponent) with a broken unit, not yet activated by Recover or Rout."""
    if target not in model.ROLES:
        raise InvalidOrder(t("Rout whom? 'axis' or 'allies'."))
    if target in state["players_activated"]:
        raise IllegalOrder(t("{side} has already been activated by a Recover or Rout order this turn (O23.1).", side=target), "O23.1")
    broken = _broken(state, target)
    if not broken:
        raise IllegalOrder(t("{side} has no broken unit to rout (O23.1).", side=target), "O23.1")
    for uid in order:
        if uid not in broken:
            raise IllegalOrder(t("{unit} is not a broken unit of {side} (O23.2).", unit=uid, side=target), "O23.2")
    c = cards.discard_from_hand(state, role, cid)
    state["orders"] += 1
    state["players_activated"].append(target)
    ctx.reveal(t("{side} orders a Rout of {target}'s broken units, playing {card} (O23).", side=role, target=target, card=cards.face(c)))
    queue = [*order, *(u for u in broken if u not in order)]
    flow.call(state, "rout", roller=role, target=target, queue=queue, retreating="", left=0)


def edge_distance(g: Rules, state: State, role: Role, label: Label) -> int:
    """Hexes between ``label`` and ``role``'s own map edge (0 on the edge row): retreats must lower it (O23.3)."""
    board = g.board_for(state)
    edge = board.map.zone(f"edge-{role}")
    return min(board.map.grid.distance(label, e) for e in edge)


def retreat_hexes(g: Rules, state: State, uid: str) -> list[Label]:
    """The adjacent hexes closer to the owner's edge (entering an enemy or impassable one eliminates, O23.3.5)."""
    u = state["units"][uid]
    here = edge_distance(g, state, u["side"], u["hex"])
    board = g.board_for(state)
    return [n for n in board.map.neighbours(u["hex"]) if edge_distance(g, state, u["side"], n) < here]


class Rout(Procedure):
    """O23.2: the ordering player rolls for each unit broken at announcement; the owner retreats them."""

    name = "rout"
    rule = "O23"
    auto = True

    def automatic(self, frame: flow.Frame) -> bool:
        return not frame["retreating"]

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("retreat"), "O23.3")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({frame["target"]}) if frame["retreating"] else frozenset()

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        return t(
            "{unit} must retreat {n} more hex(es) towards your own edge: 'step {unit} HEX' (O23.3).",
            unit=frame["retreating"],
            n=frame["left"],
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = _game(game)
        uid = frame["retreating"]
        acts = tuple(Action("step", (uid, h)) for h in retreat_hexes(g, state, uid))
        return Prompt(role, self.text(game, state, frame, role), acts)

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        g = _game(game)
        board = g.board_for(state)
        while frame["queue"]:
            if state.get("over"):
                return
            uid = frame["queue"].pop(0)
            u = state["units"][uid]
            if u["hex"] is None or not u["broken"]:
                continue
            morale = model.value(g.data, state, uid, "morale") + board.cover(u["hex"])
            value = cards.roll(g.data, state, frame["roller"], ctx, t("Rout roll for {unit}", unit=uid))
            if state.get("over"):
                return
            if u["hex"] is None:
                continue
            if value < morale:
                ctx.log(t("{unit}: {roll} is less than Morale {morale}: no effect (O23.2).", unit=uid, roll=value, morale=morale))
            elif value == morale:
                u["suppressed"] = True
                ctx.log(t("{unit}: {roll} equals Morale {morale}: suppressed (O23.2).", unit=uid, roll=value, morale=morale))
            else:
                n = value - morale
                ctx.log(t("{unit}: {roll} is more than Morale {morale}: it retreats {n} hex(es) (O23.2).", unit=uid, roll=value, morale=morale, n=n))
                if self._start(g, state, frame, uid, n, ctx):
                    return
        flow.end(state)

    def _start(self, g: Rules, state: State, frame: flow.Frame, uid: str, n: int, ctx: Context) -> bool:
        """Begin a retreat of ``n`` hexes; False if it ended at once (off the unit's own edge)."""
        u = state["units"][uid]
        if edge_distance(g, state, u["side"], u["hex"]) == 0:
            ctx.log(t("{unit} retreats off its own map edge and is eliminated (O23.3.5).", unit=uid))
            model.eliminate(g.data, state, uid, ctx)
            return False
        frame["retreating"], frame["left"] = uid, n
        return True

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = _game(game)
        if action.verb != "step":
            raise flow.refuse(action, ("step",), self.step(game, state, frame), t("Syntax: step UNIT HEX."))
        uid, dest = action.args
        if uid != frame["retreating"]:
            raise IllegalOrder(t("{unit} is the unit retreating now (O23.3).", unit=frame["retreating"]), "O23.3")
        if dest not in retreat_hexes(g, state, uid):
            raise IllegalOrder(t("Each hex of a retreat must be closer to your own map edge (O23.3)."), "O23.3")
        board = g.board_for(state)
        u = state["units"][uid]
        feature = board.side_feature(u["hex"], dest)
        frame["left"] -= 1
        if board.terrain(dest).move is None or model.units_at(state, dest, model.other(u["side"])) or (feature is not None and feature.move is None):
            frame["retreating"] = ""
            ctx.log(t("{unit} retreats into {hex} and is eliminated (O23.3.5).", unit=uid, hex=dest))
            model.eliminate(g.data, state, uid, ctx)
            return
        u["hex"] = dest
        ctx.log(t("{unit} retreats to {hex} (O23.3).", unit=uid, hex=dest))
        model.update_control(g.data, state, objectives(board))
        if frame["left"] == 0:
            frame["retreating"] = ""
        elif edge_distance(g, state, u["side"], dest) == 0:
            frame["retreating"] = ""
            ctx.log(t("{unit} retreats off its own map edge and is eliminated (O23.3.5).", unit=uid))
            model.eliminate(g.data, state, uid, ctx)
