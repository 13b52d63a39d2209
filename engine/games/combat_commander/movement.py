"""Move orders (O21), one hex at a time, and the opportunity fire window after each hex entered (A33).

The window opens on public information only: whether any unit of the inactive player has Range
and LOS to the hex, never whether it holds a Fire card.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import (
    attack,
    cards,
    exits,
    fire,
    fireactions,
    fortifications,
    grenades,
    hidden,
    mines,
    model,
    opfirechances,
    weapons,
)
from engine.games.combat_commander.common import (
    NOT_YET,
    Rules,
    activation_sets,
    check_activation,
    check_no_new_order,
    first_per_kind,
    hand_cards,
    not_yet,
    objective_areas,
    rules_of,
)
from engine.hexgrid import Label
from engine.text import t

# Move (O21) and opportunity fire (A33) ---------------------------------------------------------


def movement(g: Rules, state: State, uid: str, road: bool) -> int:
    """Current Movement: printed, Command, Suppressed, a carried weapon's penalty (11.1), and +1 once a road hex was entered (T93)."""
    return model.value(g.data, state, uid, "move") + weapons.move_penalty(state, uid) + (1 if road else 0)


def legal_steps(g: Rules, state: State, uid: str, frame: dict[str, Any]) -> list[Label]:
    u = state["units"][uid]
    if u["hex"] is None:
        return []
    board = g.board_for(state)
    spent = int(frame.get("spent", {}).get(uid, 0))
    allowance = movement(g, state, uid, uid in frame.get("road", []))
    out = []
    if uid in frame.get("wired", []):
        return []
    for n in board.map.neighbours(u["hex"]):
        cost = fortifications.move_cost(board, state, u["hex"], n)
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
        if not spent:
            return t("Move order: 'step UNIT HEX' one hex at a time, 'step UNIT UNIT... HEX' for units of one hex moving together as a stack (O21.2).")
        return t("Move order: 'step UNIT HEX' one hex at a time, 'step UNIT UNIT... HEX' for a stack (O21.2), or 'done'; MP spent: {spent}.", spent=spent)

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = rules_of(game)
        acts: list[Action] = []
        if frame["spent"]:
            acts.append(Action("done"))
        stack = moving_stack(state, frame)
        for uid in self.movers(state, frame):
            if exits.can_exit(g, state, uid) and _exit_mp_left(g, state, uid, frame):
                acts.append(Action("exit", (uid,)))
            if uid in stack:
                continue  # it steps with its stack for the whole order (O21.2, R68)
            acts += [Action("step", (uid, h)) for h in legal_steps(g, state, uid, frame)]
            acts += [Action("transfer", (w, r)) for w, r in transfers(g, state, frame, uid)]
        acts += [Action("step", (*group, h)) for group in stacks(state, frame, self.movers(state, frame)) for h in stack_steps(g, state, frame, group)]
        acts += grenades.actions(g, state, role, frame)
        acts += fireactions.assault_fire_options(g, state, frame, role)
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = rules_of(game)
        if action.verb == "done":
            if not frame["spent"]:
                raise IllegalOrder(t("A Move order must move at least one unit into another hex."), "O14.4")
            opfirechances.forget(state)
            flow.end(state)
            return
        if action.verb == "transfer":
            self.transfer(g, state, frame, role, action.args[0], action.args[1], ctx)
            return
        if action.verb == "smoke-grenades":
            grenades.smoke_grenades(g, state, role, frame, action.args, ctx)
            return
        if action.verb == "exit":
            self.exit(g, state, frame, action.args[0], ctx)
            return
        if action.verb == "assault-fire":
            cid = action.args[0] if action.args and cards.is_card(action.args[0]) else None
            rest = list(action.args[1:] if cid else action.args)
            if len(rest) < 2:
                raise InvalidOrder(t("Syntax: assault-fire [CARD] HEX UNIT [UNIT...] (A26)."))
            fireactions.assault_fire(g, state, frame, role, cid, rest[0], rest[1:], ctx)
            return
        if action.verb != "step":
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            check_no_new_order(action.verb, self.step(game, state, frame).title)
            raise flow.refuse(action, ("step", "exit", "transfer", "done"), self.step(game, state, frame), t("Syntax: step UNIT HEX, transfer WEAPON UNIT, or done."))
        if len(action.args) > 2:
            self.stack_step(g, state, frame, role, list(action.args[:-1]), action.args[-1], ctx)
            return
        uid, dest = action.args
        if uid in moving_stack(state, frame):
            raise IllegalOrder(t("{unit} moves with its stack ({units}) for the whole order.", unit=uid, units=", ".join(frame["stack"])), "O21.2")
        if uid not in frame["units"]:
            raise IllegalOrder(t("{unit} is not activated for this Move order.", unit=uid), "O21")
        if uid in frame.get("wired", []):
            raise IllegalOrder(t("{unit} entered or left Wire: it has lost all its MP.", unit=uid), "F106.2")
        if uid not in self.movers(state, frame):
            raise IllegalOrder(t("{unit} has finished its move: a unit completes its move before another starts.", unit=uid), "O21.2")
        board = g.board_for(state)
        u = state["units"][uid]
        if not board.map.grid.adjacent(u["hex"], dest):
            raise IllegalOrder(t("{hex} is not adjacent to {unit}.", hex=dest, unit=uid), "O21")
        if model.units_at(state, dest, model.other(role)):
            raise IllegalOrder(t("{hex} holds enemy units: Move cannot enter it.", hex=dest), "O21.4")
        if fortifications.blazing(state, dest):
            raise IllegalOrder(t("{hex} holds a Blaze: it is impassable.", hex=dest), "T79")
        if board.bridge_rule(u["hex"], dest) == "T80.2":
            raise IllegalOrder(t("A Minor Bridge over impassable terrain is entered only along its road, trail or railway: not from {origin} to {hex} (T80.2, O21.4).", origin=u["hex"], hex=dest), "T80.2")
        if board.off_bridge_road(u["hex"], dest):
            raise IllegalOrder(t("A Main Bridge is entered and left only along its road, trail or railway: not from {origin} to {hex} (T80.1, O21.4).", origin=u["hex"], hex=dest), "T80.1")
        cost = fortifications.move_cost(board, state, u["hex"], dest)
        if cost is None:
            raise IllegalOrder(t("{hex} cannot be entered from {origin} (O21.4, T79, T83, T98).", hex=dest, origin=u["hex"]), "O21.4")
        spent = int(frame["spent"].get(uid, 0))
        allowance = movement(g, state, uid, uid in frame["road"])
        if spent + cost > allowance:
            raise IllegalOrder(
                t("{unit} has spent {spent} of {allowance} MP; {hex} costs {cost}.", unit=uid, spent=spent, allowance=allowance, hex=dest, cost=cost),
                "O21.1",
            )
        finish_current(frame, uid)
        frame["current"] = uid
        frame["spent"][uid] = spent + cost
        origin = u["hex"]
        u["hex"] = dest
        if board.has_path(dest, "road") and uid not in frame["road"]:
            frame["road"].append(uid)
        ctx.log(t("{unit} moves to {hex} ({spent} MP spent).", unit=uid, hex=dest, spent=spent + cost))
        state["last"] = {"moves": [[origin, dest]]}
        model.update_control(g.data, state, objective_areas(board), ctx)
        if fortifications.wired(state, origin, dest):
            frame.setdefault("wired", []).append(uid)
            ctx.log(t("{unit} entered or left Wire: its move ends in {hex} (F106.2).", unit=uid, hex=dest))
        if mines.on_step(state, uid, origin, dest):
            frame["after_mines"] = {"uid": uid, "origin": origin, "dest": dest}
            return  # F103: the mine attacks' rolls are held (9.1); the step goes on in ``run``
        self._after_mines(g, state, frame, uid, origin, dest)

    def automatic(self, frame: flow.Frame) -> bool:
        return "after_mines" in frame

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        """Back from the mine attacks of a step (F103.1): the step goes on."""
        step = frame.pop("after_mines")
        frame.pop("returned", None)
        frame.pop("resumed", None)
        self._after_mines(rules_of(game), state, frame, step["uid"], step["origin"], step["dest"], step.get("together"))

    def _after_mines(self, g: Rules, state: State, frame: flow.Frame, uid: str, origin: Label, dest: Label, together: list[str] | None = None) -> None:
        """After the hex entered and its mines: the opportunity fire window (A33), unless a Trench
        step (F105.2); one window for a stack (O21.2, A33: a unit or stack entering a hex)."""
        board = g.board_for(state)
        movers = [m for m in (together or [uid]) if state["units"][m]["hex"] == dest]
        opfirechances.forget(state)  # a new expenditure of MP, a new chance of opportunity fire (A33.3)
        if state.get("over") or not movers:
            return
        uid = movers[0]
        u = state["units"][uid]
        role = u["side"]
        enemy = model.other(role)
        if fortifications.trench_step(board, state, origin, dest):
            opfirechances.trench_step(state, enemy)
            return  # F105.2: a Trench step cannot draw opportunity fire
        if any(fire.reach(g.data, board, state, e, dest) for e in model.on_map(state) if state["units"][e]["side"] == enemy) or hidden.may_answer(g, state, enemy, dest):
            flow.call(state, "opfire", hex=dest, mover=uid, movers=movers, prior=frame["opfire"])


    def exit(self, g: Rules, state: State, frame: flow.Frame, uid: str, ctx: Context) -> None:
        """O21, 7.2.1: a moving unit on the enemy edge row leaves the map for 1 MP; no opportunity fire follows (digest 8.14)."""
        if uid not in frame["units"]:
            raise IllegalOrder(t("{unit} is not activated for this Move order.", unit=uid), "O21")
        if uid not in self.movers(state, frame):
            raise IllegalOrder(t("{unit} has finished its move: a unit completes its move before another starts.", unit=uid), "O21.2")
        exits.check_exit(g, state, uid, "O21", "O21.4")
        if not _exit_mp_left(g, state, uid, frame):
            spent = int(frame["spent"].get(uid, 0))
            raise IllegalOrder(
                t("{unit} has spent {spent} of {allowance} MP; exiting costs {cost} (O21.1, 7.2.1).", unit=uid, spent=spent, allowance=movement(g, state, uid, uid in frame["road"]), cost=exits.EXIT_MP),
                "7.2.1",
            )
        stack = moving_stack(state, frame)
        if uid not in stack:
            finish_current(frame, uid)
        frame["spent"][uid] = int(frame["spent"].get(uid, 0)) + exits.EXIT_MP
        frame["current"] = ""
        if uid in stack:  # a stack leaves the map unit by unit; the others go on together (R68)
            frame["stack"] = [u for u in frame["stack"] if u != uid]
            frame["current"] = frame["stack"][0] if frame["stack"] else ""
        frame["done"].append(uid)
        state["last"] = {"focus": [state["units"][uid]["hex"]]}
        exits.exit_unit(g, state, uid, ctx)
        if not state.get("over") and not self.movers(state, frame):
            opfirechances.forget(state)
            flow.end(state)


    def stack_step(self, g: Rules, state: State, frame: flow.Frame, role: Role, uids: list[str], dest: Label, ctx: Context) -> None:
        """O21.2: activated units that began the order in the same hex move together as a stack for
        the whole order, one hex at a time, at the lowest Movement among them; one opportunity-fire
        window and one mine attack per hex entered (A33, F103.1)."""
        uids = list(dict.fromkeys(uids))
        for uid in uids:
            if uid not in frame["units"]:
                raise IllegalOrder(t("{unit} is not activated for this Move order.", unit=uid), "O21")
            if uid in frame.get("wired", []):
                raise IllegalOrder(t("{unit} entered or left Wire: it has lost all its MP.", unit=uid), "F106.2")
        group = [u for u in uids if state["units"][u]["hex"]]
        if len(group) < 2:
            raise InvalidOrder(t("Syntax: step UNIT HEX, or step UNIT UNIT... HEX for a stack."))
        if group not in stacks(state, frame, self.movers(state, frame)):
            raise IllegalOrder(
                t("{units} may move together only if each is activated, none has moved alone yet, and they began in the same hex; a stack moves together for the whole order.", units=", ".join(group)),
                "O21.2",
            )
        if dest not in stack_steps(g, state, frame, group):
            board = g.board_for(state)
            origin = state["units"][group[0]]["hex"]
            if not board.map.grid.adjacent(origin, dest):
                raise IllegalOrder(t("{hex} is not adjacent to {unit}.", hex=dest, unit=group[0]), "O21")
            if model.units_at(state, dest, model.other(role)):
                raise IllegalOrder(t("{hex} holds enemy units: Move cannot enter it.", hex=dest), "O21.4")
            cost = fortifications.move_cost(board, state, origin, dest)
            short = next((u for u in group if dest not in legal_steps(g, state, u, frame)), group[0])
            if cost is None:
                raise IllegalOrder(t("{hex} cannot be entered from {origin} (O21.4, T79, T83, T98).", hex=dest, origin=origin), "O21.4")
            raise IllegalOrder(
                t(
                    "{hex} costs {cost} MP and {unit} has spent {spent} of {allowance}: the stack moves at its lowest Movement.",
                    hex=dest, cost=cost, unit=short, spent=int(frame["spent"].get(short, 0)), allowance=movement(g, state, short, short in frame["road"]),
                ),
                "O21.2",
            )
        board = g.board_for(state)
        origin = state["units"][group[0]]["hex"]
        cost = int(fortifications.move_cost(board, state, origin, dest) or 0)
        finish_current(frame, group[0])
        frame["current"] = group[0]
        frame["stack"] = group
        for uid in group:
            frame["spent"][uid] = int(frame["spent"].get(uid, 0)) + cost
            state["units"][uid]["hex"] = dest
            if board.has_path(dest, "road") and uid not in frame["road"]:
                frame["road"].append(uid)
        ctx.log(t("{units} move together to {hex} ({spent} MP spent, O21.2).", units=", ".join(group), hex=dest, spent=frame["spent"][group[0]]))
        state["last"] = {"moves": [[origin, dest]]}
        model.update_control(g.data, state, objective_areas(board), ctx)
        if fortifications.wired(state, origin, dest):
            frame.setdefault("wired", []).extend(group)
            ctx.log(t("{unit} entered or left Wire: its move ends in {hex} (F106.2).", unit=", ".join(group), hex=dest))
        mined = [(h, list(group)) for h in (origin, dest) if fortifications.fort_at(state, h) == "mines"]
        if mined:
            mines.start(state, mined)  # F103.1: units moving together are attacked by one roll
            frame["after_mines"] = {"uid": group[0], "together": group, "origin": origin, "dest": dest}
            return
        self._after_mines(g, state, frame, group[0], origin, dest, group)

    def transfer(self, g: Rules, state: State, frame: flow.Frame, role: Role, wid: str, receiver: str, ctx: Context) -> None:
        """O21.1.1: the moving unit hands its weapon to a friendly unit in its hex without one, for 1 MP."""
        if not weapons.is_weapon(state, wid):
            raise IllegalOrder(t("{weapon} is not a weapon in play.", weapon=wid), "O21.1.1")
        weapons.transfer(g.data, state, wid, receiver, role)
        uid = weapons.carrier(state, wid)
        if uid not in frame["units"]:
            raise IllegalOrder(t("{unit} is not activated for this Move order (O21).", unit=uid), "O21.1.1")
        if uid in moving_stack(state, frame):
            raise IllegalOrder(t("{unit} moves with its stack ({units}) for the whole order.", unit=uid, units=", ".join(frame["stack"])), "O21.2")
        if uid not in self.movers(state, frame):
            raise IllegalOrder(t("{unit} has finished its move: a unit completes its move before another starts.", unit=uid), "O21.2")
        spent = int(frame["spent"].get(uid, 0))
        allowance = movement(g, state, uid, uid in frame["road"])
        if spent + 1 > allowance:
            raise IllegalOrder(
                t("{unit} has spent {spent} of {allowance} MP; a transfer costs 1.", unit=uid, spent=spent, allowance=allowance),
                "O21.1.1",
            )
        finish_current(frame, uid)
        frame["current"] = uid
        frame["spent"][uid] = spent + 1
        state["weapons"][wid]["unit"] = receiver
        ctx.log(t("{unit} hands {weapon} to {receiver} ({spent} MP spent, O21.1.1).", unit=uid, weapon=wid, receiver=receiver, spent=spent + 1))


def finish_current(frame: dict[str, Any], uid: str) -> None:
    """Another unit (or stack) starts moving: the one moving until now has finished (O21.2)."""
    current = frame["current"]
    if not current or current == uid:
        return
    finished = list(frame.get("stack", [])) if current in frame.get("stack", []) else [current]
    frame["done"].extend(u for u in finished if u not in frame["done"] and u != uid)
    if current in frame.get("stack", []):
        frame["stack"] = []


def moving_stack(state: State, frame: dict[str, Any]) -> list[str]:
    """The members still on the map of the stack moving now, when two or more are left (O21.2):
    a lone survivor moves on by itself."""
    if frame["current"] not in frame.get("stack", []):
        return []
    alive = [u for u in frame["stack"] if state["units"][u]["hex"]]
    return alive if len(alive) > 1 else []


def stacks(state: State, frame: dict[str, Any], movers: list[str]) -> list[list[str]]:
    """The stacks that may step now (O21.2): the stack moving now, or every group of two or more
    activated units in one hex none of which has moved yet, in the order they were activated."""
    if frame.get("stack") and frame["current"] in frame["stack"]:
        moving = moving_stack(state, frame)
        return [moving] if moving else []
    fresh = [u for u in movers if u not in frame["spent"] and u not in frame.get("wired", [])]
    by_hex: dict[str, list[str]] = {}
    for u in fresh:
        by_hex.setdefault(state["units"][u]["hex"], []).append(u)
    return [group for group in by_hex.values() if len(group) > 1]


def stack_steps(g: Rules, state: State, frame: dict[str, Any], group: list[str]) -> list[Label]:
    """The hexes every unit of ``group`` may enter now: the stack moves at its lowest Movement (O21.2)."""
    common = [set(legal_steps(g, state, u, frame)) for u in group]
    return sorted(set.intersection(*common)) if common else []


def _exit_mp_left(g: Rules, state: State, uid: str, frame: dict[str, Any]) -> bool:
    return int(frame.get("spent", {}).get(uid, 0)) + exits.EXIT_MP <= movement(g, state, uid, uid in frame.get("road", []))


def transfers(g: Rules, state: State, frame: dict[str, Any], uid: str) -> list[tuple[str, str]]:
    """The transfers ``uid`` may make now: its weapon to each friendly unit in its hex without one (O21.1.1)."""
    wid = weapons.carried(state, uid)
    u = state["units"][uid]
    if wid is None or u["hex"] is None:
        return []
    if int(frame.get("spent", {}).get(uid, 0)) + 1 > movement(g, state, uid, uid in frame.get("road", [])):
        return []
    return [(wid, o) for o in model.units_at(state, u["hex"], u["side"]) if o != uid and weapons.carried(state, o) is None]


class OpFire(flow.Resumable):
    """A33: after each hex entered, the inactive player may fire at it once (one attack per expenditure)."""

    name = "opfire"
    rule = "A33"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("opportunity fire window"), "A33")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({model.other(state["player"])})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Any:
        movers = ", ".join(frame.get("movers") or [frame["mover"]])  # a stack enters as one (O21.2)
        if state["sides"][role]["posture"] == "defense":
            return t("{unit} entered {hex}: opportunity fire at it, Hidden Mines or Wire, or 'pass' (A33, A35.2, A35.5).", unit=movers, hex=frame["hex"])
        return t("{unit} entered {hex}: opportunity fire at it, or 'pass' (A33).", unit=movers, hex=frame["hex"])

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        g = rules_of(game)
        board = g.board_for(state)
        acts = [Action("pass"), *hidden.actions(g, state, role, frame["hex"])]

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
        acts += [armed for a in acts if a.verb == "fire" and (armed := _with_arms(g, state, a, frame["hex"])) is not None]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts), default=Action("pass"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        g = rules_of(game)
        if action.verb == "pass":
            ctx.log(t("{side} lets the move go on.", side=role))
            flow.end(state)
            return
        if action.verb in hidden.HIDDEN:
            hidden.play(g, state, role, frame, action, ctx)
            return
        if action.verb != "fire":
            if action.verb in NOT_YET:
                raise not_yet(action.verb)
            raise flow.refuse(action, ("fire", "pass"), self.step(game, state, frame), t("Syntax: fire [CARD] UNIT [UNIT...], or pass."))
        args = list(action.args)
        side = state["sides"][role]
        board = g.board_for(state)
        cid = args.pop(0) if args and cards.is_card(args[0]) else ""
        arms = [w for w in args if weapons.is_weapon(state, w)]
        new = [u for u in args if u not in frame["prior"] and u not in arms]
        old = [u for u in args if u in frame["prior"]]
        for wid in arms:  # a weapon fires with its activated carrier (11.1), never ordnance (11.5)
            if weapons.carrier(state, wid) not in (*new, *old):
                raise IllegalOrder(t("{weapon} fires only with its carrier, activated for this opportunity fire.", weapon=wid), "11.1")
            if weapons.ordnance(state, wid):
                raise IllegalOrder(t("A weapon with a white band is never used for opportunity fire (11.5, A33)."), "11.5")
        if cid:
            if cid not in side["hand"] or cards.card(cid).action != "fire":
                raise IllegalOrder(t("You hold no such Fire card."), "A33")
            check_activation(g, state, role, new, key="opfire")
        elif new:
            raise IllegalOrder(
                t("{unit} is not activated for opportunity fire in this Move order: play a Fire card to activate it.", unit=new[0]),
                "A33.2",
            )
        firers = [u for u in [*new, *old, *arms] if fire.reach(g.data, board, state, u, frame["hex"])]
        # Hindered below 1 FP it may still be announced: Crossfire and other +FP actions may make it possible (O20.3.2).
        fire.attack_fp(g.data, board, state, firers, frame["hex"], minimum=-99)
        if cid:
            c = cards.discard_from_hand(state, role, cid)
            ctx.reveal(t("{side} plays {card} as opportunity fire, activating {units} (A33).", side=role, card=cards.face(c), units=", ".join(new)))
        for uid in new:
            state["units"][uid]["opfire"] = True
        move_frame = flow.stack(state)[-2]
        move_frame["opfire"] = sorted(set(move_frame["opfire"]) | set(new))
        attack.start(state, role, firers, frame["hex"], mover=frame["mover"], kind="opfire")

    def resume(self, game: Any, state: State, frame: flow.Frame, ctx: Context, back: dict[str, Any]) -> None:
        """Back from the attack: one attack per expenditure (A33.3), the move goes on; an attack
        that could not be rolled (hindered below 1 FP, 10.3.2.1) leaves the window open."""
        if back.get("mines"):
            return  # Hidden Mines have attacked the mover: the window stays open (R31)
        if back.get("made", True):
            opfirechances.attack_made(state, model.other(state["player"]), frame["hex"])
            flow.end(state)


def _with_arms(g: Rules, state: State, action: Action, target: Label) -> Action | None:
    """The same opportunity fire with the firers' weapons joining it (11.1), when they can (11.5, O20.3.1)."""
    board = g.board_for(state)
    units = [a for a in action.args if not cards.is_card(a)]
    arms = [
        w for w in weapons.with_weapons(state, units)
        if weapons.is_weapon(state, w) and not weapons.ordnance(state, w) and fire.reach(g.data, board, state, w, target)
    ]
    firers = [u for u in units if fire.reach(g.data, board, state, u, target)]
    if not arms or not _fp_ok(g, state, [*firers, *arms], target):
        return None
    return Action("fire", (*action.args, *arms))


def _fp_ok(g: Rules, state: State, firers: list[str], target: Label) -> bool:
    try:
        fire.attack_fp(g.data, g.board_for(state), state, firers, target)
    except IllegalOrder:
        return False
    return True
