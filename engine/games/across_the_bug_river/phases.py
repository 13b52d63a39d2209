"""The sequence of play (4, 6, 8): Admin Phase segments, Ops Cycles, activations and reactions.

Flow frames: ``ops`` (automatic: the next Ops Cycle's initiative, 6.1) calls ``choose`` (the
Initiative player's Action / Transfer / Pass, 6.2), which becomes an ``activation`` (6.3). A
Movement Action walks its path (``engine.walk``) and pauses in ``react`` where the Reacting player
may attempt a Formation Reaction (6.4); a successful one runs a reaction ``activation`` on top.
When the Ops Phase ends, ``end_turn`` scores or goes on to the ``admin`` of the next turn.
"""

from __future__ import annotations

from typing import Any

from engine import flow, stacks, walk
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Frame, Procedure, Step
from engine.game import PUBLIC, Action, Context, Prompt, Role, State
from engine.games.across_the_bug_river import board, luck, moves
from engine.games.across_the_bug_river.data import Rules
from engine.text import Secret, ngettext, t


def rules_of(game: Any) -> Rules:
    rules: Rules = game.rules
    return rules


def levels(state: State, rules: Rules, side: str) -> list[int]:
    return [f["level"] for fid, f in state["formations"].items() if rules.formations[fid].side == side]


def eligible(state: State, rules: Rules, side: str) -> list[str]:
    """Formations ``side`` may activate now (6.3: level 1 or more; 10.2: in the Surprise Attack,
    infantry divisions only, each once)."""
    out = [fid for fid, f in sorted(state["formations"].items()) if rules.formations[fid].side == side and f["level"] >= 1]
    if state["surprise"]["left"] > 0 and side == "german":
        out = [f for f in out if rules.formations[f].infantry_division and f not in state["surprise"]["used"]]
    return out


def efficiency_check(rules: Rules, state: State, uid: str, ctx: Context, why: str, drm: int = 0) -> bool:
    """An EC (5.6.1): d10 plus modifiers, passed at or under the current efficiency."""
    roll = ctx.roll(10, t("Efficiency check of {unit} ({why})", unit=game_ref(state, uid), why=why))
    return efficiency_passed(rules, state, uid, roll, drm)


def efficiency_passed(rules: Rules, state: State, uid: str, roll: int, drm: int = 0) -> bool:
    """Whether ``roll`` passes ``uid``'s EC (5.6.1): at or under its current efficiency."""
    u = state["units"][uid]
    printed = rules.units[uid]
    eff = printed.eff_d if u["disorganized"] else printed.eff
    if u["side"] == "soviet" and state["surprise"]["active"]:
        drm += 2  # 10.2
    return roll + drm <= eff


def set_disorganized(rules: Rules, state: State, uid: str, value: bool) -> None:
    state["units"][uid]["disorganized"] = value
    if value:
        drop_improved(state, state["units"][uid]["hex"])


def isolated_held(state: State, frame: Frame, job: dict[str, Any]) -> bool:
    """Whether an isolated unit of ``job``'s queue is left: its efficiency check (5.8.4) is then
    held as its owner's roll (5.2)."""
    if not job["queue"]:
        return False
    uid = job["queue"].pop(0)
    job["current"] = uid
    luck.hold(state, frame["side"], "efficiency", t("Efficiency check of {unit} ({why})", unit=game_ref(state, uid), why=t("isolated unit acting")))
    return True


def isolated_checked_in(game: Any, state: State, frame: Frame, job: dict[str, Any], units: list[str], ctx: Context) -> None:
    """The held efficiency check of ``job``'s current unit, isolated, is in: failing, it disorganises
    and leaves ``units`` (the movers or the attackers) (5.8.4)."""
    rules = rules_of(game)
    uid = job.pop("current")
    roll = luck.die(frame)
    del frame["returned"]
    if not efficiency_passed(rules, state, uid, roll):
        set_disorganized(rules, state, uid, True)
        units.remove(uid)
        ctx.log(t("{unit} is isolated, fails its efficiency check and disorganises (5.8.4).", unit=game_ref(state, uid)))


def drop_improved(state: State, label: str | None) -> None:
    if label in state["improved"]:
        state["improved"].remove(label)


def move_units(game: Any, state: State, movers: list[str], dest: str) -> None:
    for uid in movers:
        stacks.remove(game.policy, state, state["units"], uid)
        state["units"][uid]["hex"] = dest
        stacks.place(game.policy, state, state["units"], uid, dest)


class Ops(Procedure):
    """One Ops Cycle begins: initiative (6.1), or the end of the Ops Phase."""

    name = "ops"
    auto = True
    rule = "6.1"

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        rules = rules_of(game)
        if "rolled" in frame:
            self.rolled(rules, state, frame, ctx)
            return
        surprise = state["surprise"]
        if surprise["active"] and (surprise["left"] <= 0 or state["passed"]["german"] or not eligible(state, rules, "german")):
            surprise["active"] = False
            surprise["left"] = 0
            state["marker"] = {"side": "soviet", "value": int(rules.tables["initiative"]["surprise_marker"])}
            ctx.log(t("The Surprise Attack is over; the Initiative +DRM marker goes to +2 on the Soviet side (10.2)."))
        can = {s: bool(eligible(state, rules, s)) and not state["passed"][s] for s in board.SIDES}
        if not any(can.values()):
            ctx.log(t("Both sides have passed or cannot activate: the Ops Phase of turn {turn} ends (6).", turn=state["turn"]))
            flow.goto(state, "end_turn")
            return
        state["cycle"] += 1
        state["transferred"] = False
        if surprise["active"]:
            holder = "german"
            ctx.log(t("Surprise Attack: the German player has the initiative (10.2)."))
        elif state["passed"]["german"] or state["passed"]["soviet"]:
            holder = "soviet" if state["passed"]["german"] else "german"
            ctx.log(t("{side} has the initiative: the other side has passed (6.2).", side=holder))
        else:
            frame["rolled"] = {}
            luck.hold(state, "german", "initiative", t("Initiative: German"))  # each side's own roll (5.2)
            return
        state["holder"] = holder
        flow.call(state, "choose")

    def rolled(self, rules: Rules, state: State, frame: Frame, ctx: Context) -> None:
        """An initiative die is in (held for Schlachtenglück, 5.2): roll the Soviet one, or compare."""
        got = frame["rolled"]
        got["soviet" if "german" in got else "german"] = luck.die(frame)
        del frame["returned"]
        if "soviet" not in got:
            luck.hold(state, "soviet", "initiative", t("Initiative: Soviet"))
            return
        del frame["rolled"]
        state["holder"] = self.roll_initiative(rules, state, got["german"], got["soviet"], ctx)
        flow.call(state, "choose")

    def roll_initiative(self, rules: Rules, state: State, german_die: int, soviet_die: int, ctx: Context) -> str:
        marker = state["marker"]
        german = german_die + state["interdiction"]
        soviet = soviet_die
        if marker["side"] == "german":
            german += marker["value"]
        elif marker["side"] == "soviet":
            soviet += marker["value"]
        holder = "german" if german >= soviet else "soviet"
        reacting = board.other(holder)
        if marker["side"] == reacting:
            marker["value"] = min(marker["value"] + 1, int(rules.tables["initiative"]["track_max"]))
        else:
            marker["side"] = reacting
            marker["value"] = int(rules.tables["initiative"]["first_step"])
        ctx.log(
            t(
                "Initiative: German {g}, Soviet {s}: {holder} has the initiative; the +DRM marker shows {side} +{value} (6.1).",
                g=german, s=soviet, holder=holder, side=marker["side"], value=marker["value"],
            )
        )
        return holder


class Choose(Procedure):
    """The Initiative player acts, transfers or passes (6.2)."""

    name = "choose"
    rule = "6.2"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Initiative choice"), "6.2")

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({state["holder"]})

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        rules = rules_of(game)
        acts = [Action("activate", (f,)) for f in eligible(state, rules, role)]
        if self.transfer_refusal(rules, state, role) is None:
            acts.append(Action("transfer"))
        acts.append(Action("pass"))
        return Prompt(role, t("Ops cycle {n}: you have the initiative. Activate a formation, transfer or pass.", n=state["cycle"]), tuple(acts))

    def transfer_refusal(self, rules: Rules, state: State, role: str) -> IllegalOrder | None:
        enemy = board.other(role)
        if state["surprise"]["active"]:
            return IllegalOrder(t("No transfer during the Surprise Attack's activations."), "10.2")
        if state["transferred"]:
            return IllegalOrder(t("The initiative was transferred to you: act or pass, never transfer back."), "6.2")
        if state["passed"][enemy]:
            return IllegalOrder(t("The other side has passed: you must act or pass."), "6.2")
        if max(levels(state, rules, role), default=0) > max(levels(state, rules, enemy), default=0):
            return IllegalOrder(t("You may transfer only if none of your activation markers is higher than the other side's highest."), "6.2")
        return None

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        rules = rules_of(game)
        if action.verb == "pass":
            state["passed"][role] = True
            ctx.log(t("{side} passes for the rest of the Ops Phase (6.2).", side=role))
            flow.end(state)
        elif action.verb == "transfer":
            refusal = self.transfer_refusal(rules, state, role)
            if refusal is not None:
                raise refusal
            state["holder"] = board.other(role)
            state["transferred"] = True
            ctx.log(t("{side} transfers the initiative to {other} (6.2).", side=role, other=state["holder"]))
        elif action.verb == "activate":
            fid = action.args[0]
            if fid not in rules.formations or rules.formations[fid].side != role:
                raise IllegalOrder(t("{formation} is not one of your formations.", formation=fid), "6.3")
            if fid not in state["formations"]:
                raise IllegalOrder(t("{formation} is not on the map yet.", formation=fid), "6.3")
            if fid not in eligible(state, rules, role):
                if state["formations"][fid]["level"] < 1:
                    raise IllegalOrder(t("{formation} is at activation level 0 and cannot be activated.", formation=fid), "6.3.2")
                raise IllegalOrder(t("In the Surprise Attack only infantry divisions are activated, each once."), "10.2")
            frame["activating"] = fid
            luck.hold(state, role, "ap", t("Action points of {formation}", formation=fid))  # the activating side's own roll (5.2)
        else:
            raise flow.refuse(action, ("activate", "transfer", "pass"), self.step(game, state, frame), t("Give 'activate FORMATION', 'transfer' or 'pass'."))

    def automatic(self, frame: Frame) -> bool:
        return "activating" in frame and "returned" in frame

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        """The Action Points die is in (6.3.1): the activation begins."""
        rules = rules_of(game)
        role = state["holder"]
        fid = frame.pop("activating")
        roll = luck.die(frame)
        del frame["returned"]
        level = state["formations"][fid]["level"]
        ap, _ = rules.ap(level, roll)
        state["ap"][role] = ap
        state["formations"][fid]["level"] = level - 1
        if state["surprise"]["active"]:
            state["surprise"]["left"] -= 1
            state["surprise"]["used"].append(fid)
        ctx.log(t("{side} activates {formation}: level {level}, d10 {roll}: {ap} AP; its marker drops to {new} (6.3).",
                  side=role, formation=fid, level=level, roll=roll, ap=ap, new=level - 1))
        flow.goto(state, "activation", side=role, formation=fid, reaction=False)


#: The keys of an activation frame waiting for a held check (5.2) before its Action goes on.
HELD = ("recovering", "infiltrating", "moving", "declaring", "swamp")


class Activation(Procedure):
    """A formation's Actions (7), paid from its side's AP; also a reaction's mini-activation (6.4.2)."""

    name = "activation"
    rule = "7"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Formation Reaction") if frame["reaction"] else t("Formation Activation"), "6.4.2" if frame["reaction"] else "6.3")

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({frame["side"]})

    def members(self, state: State, frame: Frame) -> list[str]:
        return sorted(uid for uid, u in board.combat_units(state, frame["side"]).items() if board.acting_formation(u) == frame["formation"])

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        rules = rules_of(game)
        acts: list[Action] = [Action("end")]
        ap = state["ap"][role]
        for uid in self.members(state, frame):
            u = state["units"][uid]
            if u["disorganized"]:
                if ap >= 1 and board.command(rules, state, uid) == "in":
                    acts.append(Action("recover", (uid,)))
                continue
            for n in rules.board.neighbours(u["hex"]):
                action = Action("move", (uid, n))
                try:
                    self.check_move(rules, state, frame, [uid], [u["hex"], n])
                except IllegalOrder:
                    continue
                acts.append(action)
        for label in sorted({state["units"][u]["hex"] for u in self.members(state, frame)}):
            if self.improve_refusal(rules, state, frame, label) is None:
                acts.append(Action("improve", (label,)))
        from engine.games.across_the_bug_river import battle, infiltration

        acts += battle.attack_actions(rules, state, frame, role, self.members(state, frame))
        acts += infiltration.actions(game, state, frame, self.members(state, frame))
        if frame["proc"] == "activation":
            from engine.games.across_the_bug_river import hq

            acts += hq.relocations(rules, state, frame)
            from engine.games.across_the_bug_river import river

            acts += river.actions(rules, state, frame, self.members(state, frame))
            from engine.games.across_the_bug_river import victory

            acts += victory.actions(rules, state, frame, self.members(state, frame))
        return Prompt(role, t("{formation}: {ap} AP left. Move, attack, recover, improve or end.", formation=frame["formation"], ap=ap), tuple(acts))

    def cost(self, rules: Rules, state: State, movers: list[str], base: int) -> int:
        """OOC units pay double (5.8.3); the dearest unit sets the stack's cost."""
        return base * (2 if any(board.command(rules, state, u) == "ooc" for u in movers) else 1)

    def check_move(self, rules: Rules, state: State, frame: Frame, movers: list[str], path: list[str]) -> int:
        members = self.members(state, frame)
        for uid in movers:
            if state["units"][uid]["kind"] == "hq":
                raise IllegalOrder(t("{unit} is an HQ: it never makes a Movement Action and moves only by its Relocation Action ('relocate HQ HEX').", unit=uid), "7.4")
            if uid not in members:
                raise IllegalOrder(t("{unit} is not a unit of {formation}.", unit=uid, formation=frame["formation"]), "5.5.1")
            if state["units"][uid]["disorganized"]:
                raise IllegalOrder(t("{unit} is disorganised and cannot move.", unit=uid), "5.6.3")
            if state["units"][uid]["hex"] != path[0]:
                raise IllegalOrder(t("{unit} is not in {hex}.", unit=uid, hex=path[0]), "7.3.1")
        cost = self.cost(rules, state, movers, 1)
        if state["ap"][frame["side"]] < cost:
            raise IllegalOrder(t("A Movement Action costs {cost} AP; {ap} left.", cost=cost, ap=state["ap"][frame["side"]]), "7.1")
        if len(path) < 2:
            raise InvalidOrder(t("A move needs at least one hex to go to."))
        moves.plan(rules, state, movers, path)
        if board.bug_unbridged(rules, state, path[0], path[1]):
            from engine.games.across_the_bug_river import river

            refusal = river.boat_refusal(frame, movers)
            if refusal is not None:
                raise refusal
        return cost

    def improve_refusal(self, rules: Rules, state: State, frame: Frame, label: str) -> IllegalOrder | None:
        here = board.at(state, label)
        combat = [u for u in here if state["units"][u]["kind"] == "unit"]
        if state["ap"][frame["side"]] < 1:
            return IllegalOrder(t("Improved Defense costs 1 AP."), "7.1")
        if label in state["improved"]:
            return IllegalOrder(t("{hex} is already in Improved Defense.", hex=label), "7.7")
        if not combat or any(board.acting_formation(state["units"][u]) != frame["formation"] or state["units"][u]["side"] != frame["side"] for u in combat):
            return IllegalOrder(t("Every unit in {hex} must belong to {formation} (digest 8.2 no. 23).", hex=label, formation=frame["formation"]), "7.7")
        if any(state["units"][u]["disorganized"] for u in combat):
            return IllegalOrder(t("No unit in Improved Defense may be disorganised."), "7.7")
        status = {board.command(rules, state, u) for u in combat}
        if status != {"in"}:  # chapter 7: only Movement and Hasty Attack out of command (RULINGS 6)
            return IllegalOrder(t("Units out of command range or isolated may only move or make hasty attacks."), "5.8.4" if "isolated" in status else "5.8.3")
        return None

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        rules = rules_of(game)
        v, a = action.verb, action.args
        if v == "end":
            ctx.log(t("{formation} ends its {what}; {ap} unused AP are lost (7.1).", formation=frame["formation"],
                      what=t("reaction") if frame["reaction"] else t("activation"), ap=state["ap"][role]))
            state["ap"][role] = 0
            flow.end(state)
        elif v == "attack":
            from engine.games.across_the_bug_river import battle

            battle.declare(game, state, frame, role, self.members(state, frame), a, ctx)
        elif v == "infiltrate":
            from engine.games.across_the_bug_river import infiltration

            infiltration.run(game, state, frame, role, self.members(state, frame), a, ctx)
        elif v == "relocate":
            from engine.games.across_the_bug_river import hq

            if frame["proc"] != "activation":
                raise IllegalOrder(t("Only the units that won the combat may use the bonus AP."), "7.5.3")
            hq.relocate(game, state, frame, role, a, ctx)
        elif v == "exit":
            from engine.games.across_the_bug_river import victory

            if frame["proc"] != "activation":
                raise IllegalOrder(t("Only the units that won the combat may use the bonus AP."), "7.5.3")
            victory.leave(game, state, frame, self.members(state, frame), a, ctx)
        elif v == "pontoon":
            from engine.games.across_the_bug_river import river

            if frame["proc"] != "activation":
                raise IllegalOrder(t("Only the units that won the combat may use the bonus AP."), "7.5.3")
            river.build(game, state, frame, role, a, ctx)
        elif v == "recover":
            self.recover(rules, state, frame, role, a[0], ctx)
        elif v == "improve":
            refusal = self.improve_refusal(rules, state, frame, a[0])
            if refusal is not None:
                raise refusal
            state["ap"][role] -= 1
            state["improved"].append(a[0])
            ctx.log(t("{formation} puts {hex} in Improved Defense (7.7).", formation=frame["formation"], hex=a[0]))
        elif v == "move":
            self.move(game, rules, state, frame, role, a, ctx)
        else:
            raise flow.refuse(action, ("move", "attack", "recover", "improve", "end"), self.step(game, state, frame), t("Give 'move UNIT|HEX HEX...', 'attack hasty|regular|prepared FROM TARGET', 'recover UNIT', 'improve HEX' or 'end'."))

    def recover(self, rules: Rules, state: State, frame: Frame, role: str, uid: str, ctx: Context) -> None:
        if uid not in self.members(state, frame):
            raise IllegalOrder(t("{unit} is not a unit of {formation}.", unit=uid, formation=frame["formation"]), "7.6")
        if not state["units"][uid]["disorganized"]:
            raise IllegalOrder(t("{unit} is not disorganised.", unit=uid), "7.6")
        if board.command(rules, state, uid) != "in":
            raise IllegalOrder(t("{unit} is not in command range of its HQ.", unit=uid), "7.6")
        if state["ap"][role] < 1:
            raise IllegalOrder(t("A Recovery Action costs 1 AP."), "7.1")
        state["ap"][role] -= 1
        frame["recovering"] = uid
        luck.hold(state, role, "recovery", t("Efficiency check of {unit} ({why})", unit=game_ref(state, uid), why=t("recovery")))  # its owner's roll (5.2)

    def automatic(self, frame: Frame) -> bool:
        return any(k in frame for k in HELD) and "returned" in frame

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        """A held check is in: an isolated mover's (5.8.4), an infiltrating unit's (7.3.4), or the Recovery Action's (7.6)."""
        if "moving" in frame:
            self.isolated_checked(game, state, frame, ctx)
            return
        if "declaring" in frame:
            from engine.games.across_the_bug_river import battle

            battle.isolated_checked(game, state, frame, ctx)
            return
        if "swamp" in frame:
            from engine.games.across_the_bug_river import swamp

            swamp.checked(game, state, frame, ctx)
            return
        if "infiltrating" in frame:
            from engine.games.across_the_bug_river import infiltration

            infiltration.checked(game, state, frame, ctx)
            return
        rules = rules_of(game)
        uid = frame.pop("recovering")
        roll = luck.die(frame)
        del frame["returned"]
        drm = -2 if self.fortified_soviet_infantry(rules, state, uid) else 0
        name = game_ref(state, uid)
        if efficiency_passed(rules, state, uid, roll, drm):
            set_disorganized(rules, state, uid, False)
            ctx.log(t("{unit} recovers (7.6).", unit=name))
        else:
            ctx.log(t("{unit} fails to recover (7.6).", unit=name))

    @staticmethod
    def fortified_soviet_infantry(rules: Rules, state: State, uid: str) -> bool:
        u = state["units"][uid]
        return u["side"] == "soviet" and rules.units[uid].combat == "infantry" and rules.board.terrain[u["hex"]] in ("fort_clear", "fort_forest")

    def move(self, game: Any, rules: Rules, state: State, frame: Frame, role: str, args: tuple[str, ...], ctx: Context) -> None:
        first, path = args[0], list(args[1:])
        if first in rules.board.grid:
            movers = [u for u in self.members(state, frame) if state["units"][u]["hex"] == first and not state["units"][u]["disorganized"]]
            if not movers:
                raise IllegalOrder(t("No unit of {formation} that can move stands in {hex}.", formation=frame["formation"], hex=first), "7.3.1")
            start = first
        else:
            if first not in state["units"]:
                raise InvalidOrder(t("There is no unit '{unit}'.", unit=first))
            movers = [first]
            start = state["units"][first]["hex"]
        full = [start, *path]
        cost = self.check_move(rules, state, frame, movers, full)
        state["ap"][role] -= cost
        if board.bug_unbridged(rules, state, full[0], full[1]):
            frame["boats"] = sorted({*frame.get("boats", []), *movers})  # the Boat markers (7.3.8)
            ctx.log(ngettext("{n} unit crosses the Bug by boat (7.3.8).", "{n} units cross the Bug by boat (7.3.8).", len(movers)))
        isolated = [u for u in movers if board.command(rules, state, u) == "isolated"]
        frame["moving"] = {"queue": isolated, "movers": movers, "full": full, "cost": cost}
        self.next_isolated(game, state, frame, ctx)

    def next_isolated(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        """The next isolated mover's efficiency check (5.8.4), held as its owner's roll (5.2); then the move sets off."""
        job = frame["moving"]
        if isolated_held(state, frame, job):
            return
        del frame["moving"]
        self.set_off(game, state, frame, job["movers"], job["full"], job["cost"], ctx)

    def isolated_checked(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        isolated_checked_in(game, state, frame, frame["moving"], frame["moving"]["movers"], ctx)
        self.next_isolated(game, state, frame, ctx)

    def set_off(self, game: Any, state: State, frame: Frame, movers: list[str], full: list[str], cost: int, ctx: Context) -> None:
        """The moving stack sets off along its path (7.3), pausing where a reaction may be attempted."""
        start, path = full[0], full[1:]
        for uid in movers:
            drop_improved(state, state["units"][uid]["hex"])
        ctx.log(t("{formation} moves from {start} along {path} ({cost} AP).", formation=frame["formation"],
                  start=start, path=" ".join(path), cost=cost))
        if not movers:
            return
        for uid in movers:
            ctx.log(t("{unit} moves.", unit=game_ref(state, uid)))
        frame["walk"] = walk.start(full)
        frame["movers"] = movers
        frame["attempted"] = frame["reaction"]  # the Initiative side cannot counter-react (6.4.3)
        continue_walk(game, state, frame, ctx)


def game_ref(state: State, uid: str) -> str | Secret:
    """A counter named so that each viewer reads only what it may see where it stands now (5.3.4)."""
    from engine.games.across_the_bug_river.game import POLICY

    return stacks.unit_ref(POLICY, state, state["units"], uid, uid, ("german", "soviet", PUBLIC))


def reaction_candidates(rules: Rules, state: State, mover_side: str, label: str) -> list[str]:
    """Formations of the Reacting player that may attempt a reaction when the moving stack stands
    in ``label`` (6.4.1): a qualifying unit adjacent to it, not disorganised, in command, level >= 1."""
    reacting = board.other(mover_side)
    out: set[str] = set()
    for uid in board.adjacent_enemy(rules, state, label, mover_side):
        u = state["units"][uid]
        if u["side"] != reacting or u["disorganized"]:
            continue
        fid = board.acting_formation(u)
        if state["formations"].get(fid, {}).get("level", 0) >= 1 and board.command(rules, state, uid) == "in":
            out.add(fid)
    return sorted(out)


def continue_walk(game: Any, state: State, frame: Frame, ctx: Context) -> None:
    """Walk the moving stack on from where it stands; pause where a reaction may be attempted."""
    from engine.games.across_the_bug_river import hq

    rules = rules_of(game)
    side = frame["side"]
    movers = frame["movers"]
    w = frame["walk"]

    def may_pause(moment: str, index: int) -> bool:
        if frame.get("swamp"):
            return True
        if frame.get("declined") == index and not frame.get("displacing"):
            return False  # declined where it stands: leaving it is not asked again (6.4.1)
        return entering_pauses(rules, state, frame, w["path"][index])

    def step(index: int) -> bool:
        prev, dest = w["path"][index - 1], w["path"][index]
        move_units(game, state, movers, dest)
        alone = hq.approached(rules, state, dest, side)  # 7.3.6: enemy HQs alone next to it are displaced
        if alone:
            frame["displacing"] = alone
            frame["barred"] = sorted({*frame.get("barred", []), *(state["units"][h]["formation"] for h in alone)})
        marsh = rules.board.terrain[dest] == "swamp" and rules.board.line("road", prev, dest) is None and rules.board.line("rail", prev, dest) is None
        afvs = [uid for uid in movers if rules.units[uid].combat == "afv"]
        if marsh and afvs:
            frame["swamp"] = {"hex": dest, "units": afvs, "stopped": False}  # the walk pauses for their checks (5.6.2)
        return True

    outcome = walk.advance(w, may_pause, step)
    if outcome == "pause" and frame.get("swamp"):
        from engine.games.across_the_bug_river import swamp

        swamp.begin(state, frame)
        return
    after_walk(game, state, frame, outcome, ctx)


def entering_pauses(rules: Rules, state: State, frame: Frame, label: str) -> bool:
    """Whether the walk pauses at ``label``: an enemy HQ to displace, or a reaction to attempt."""
    if frame.get("displacing"):
        return True
    if frame["attempted"]:
        return False
    return bool([f for f in reaction_candidates(rules, state, frame["side"], label) if f not in frame.get("barred", [])])


def after_walk(game: Any, state: State, frame: Frame, outcome: str, ctx: Context) -> None:
    """Where the walk stopped: an HQ displacement, a reaction attempt, or the end of the move."""
    from engine.games.across_the_bug_river import hq

    rules = rules_of(game)
    side = frame["side"]
    w = frame["walk"]
    if outcome == "pause" and frame.get("displacing"):
        hq.begin(game, state, frame.pop("displacing"), ctx, resume=True)
        return
    if outcome == "pause":
        here = walk.position(w)
        formations = [f for f in reaction_candidates(rules, state, side, here) if f not in frame.get("barred", [])]
        flow.call(state, "react", mover=side, at=here, formations=formations)
        return
    finish_move(game, state, frame, ctx)


def finish_move(game: Any, state: State, frame: Frame, ctx: Context) -> None:
    here = walk.position(frame["walk"])
    for label in {state["units"][u]["hex"] for u in frame["movers"]}:
        if label in state["improved"] and any(board.acting_formation(state["units"][x]) != frame["formation"] for x in board.at(state, label)):
            drop_improved(state, label)
    ctx.log(t("The move ends in {hex}.", hex=here))
    frame.pop("walk", None)
    movers = frame.pop("movers", None) or []
    frame.pop("attempted", None)
    frame.pop("declined", None)
    frame.pop("barred", None)
    mark_control(game, state)
    from engine.games.across_the_bug_river import overstack

    overstack.after_action(game, state, [state["units"][u]["hex"] for u in movers], ctx, movers)


def mark_control(game: Any, state: State) -> None:
    """Each VP hex's last occupier (digest 3.7); control also needs the 9 supply line (``supplyline``)."""
    for label in list(state["control"]):
        sides = {state["units"][u]["side"] for u in board.at(state, label) if state["units"][u]["kind"] == "unit"}
        if len(sides) == 1:
            state["control"][label] = sides.pop()


class React(Procedure):
    """The Reacting player may attempt a Formation Reaction (6.4.1-6.4.4)."""

    name = "react"
    rule = "6.4"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Reaction window"), "6.4")

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({board.other(frame["mover"])})

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        acts = [Action("noreact"), *(Action("react", (f,)) for f in frame["formations"])]
        return Prompt(role, t("Enemy units move next to yours at {hex}: attempt a reaction with {formations}, or 'noreact'.",
                              hex=frame["at"], formations=", ".join(frame["formations"])), tuple(acts))

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb == "noreact":
            # Declining is no attempt: the Reacting player chooses when to make the one attempt of
            # this Movement Action (6.4.1 note), so the next trigger of the walk asks again.
            ctx.log(t("{side} does not react.", side=role))
            below = state["flow"][-2]
            below["declined"] = below["walk"]["at"]
            self.resume(game, state, ctx)
            return
        if action.verb != "react":
            raise flow.refuse(action, ("react", "noreact"), self.step(game, state, frame), t("Give 'react FORMATION' or 'noreact'."))
        fid = action.args[0]
        if fid not in frame["formations"] and fid in state["flow"][-2].get("barred", []):
            raise IllegalOrder(t("{formation}'s HQ was displaced by this Movement Action: the formation may not react in it; it may be {formations}.",
                                 formation=fid, formations=", ".join(frame["formations"])), "7.3.6")
        if fid not in frame["formations"]:
            raise IllegalOrder(t("{formation} has no qualifying unit next to {hex}: it may be {formations}.",
                                 formation=fid, hex=frame["at"], formations=", ".join(frame["formations"])), "6.4.1")
        frame["reacting"] = fid
        state["flow"][-2]["attempted"] = True  # the one attempt of this Movement Action (6.4.1, 6.4.4)
        luck.hold(state, role, "reaction", t("Reaction check of {formation}", formation=fid))  # the reacting side's own roll (5.2)

    def automatic(self, frame: Frame) -> bool:
        return "reacting" in frame and "returned" in frame

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        """A held die of the reaction is in: the check (6.4.2), then the reaction's AP (6.4.3)."""
        rules = rules_of(game)
        role = board.other(frame["mover"])
        fid = frame["reacting"]
        roll = luck.die(frame)
        del frame["returned"]
        if "check" not in frame:
            value = rules.formations[fid].reaction
            drm = 2 if role == "soviet" and state["surprise"]["active"] else 0
            if roll + drm > value:
                ctx.log(t("{formation} fails its reaction check ({roll} against {value}); the move goes on (6.4.4).",
                          formation=fid, roll=roll + drm, value=value))
                self.resume(game, state, ctx)
                return
            frame["check"] = [roll + drm, value]
            luck.hold(state, role, "ap", t("Reaction points of {formation}", formation=fid))
            return
        self.react(game, rules, state, frame, role, fid, roll, ctx)

    def react(self, game: Any, rules: Rules, state: State, frame: Frame, role: str, fid: str, ap_roll: int, ctx: Context) -> None:
        """The reaction succeeded: its AP, the moving stack stops, the reaction's activation (6.4.2)."""
        roll, value = frame["check"]
        level = state["formations"][fid]["level"]
        _, red = rules.ap(level, ap_roll)
        state["ap"][role] = red
        state["formations"][fid]["level"] = level - 1
        flow.end(state)
        below = flow.top(state)
        walk.stop(below["walk"])
        ctx.log(t("{formation} reacts ({roll} against {value}): {ap} AP; its marker drops to {new}. The moving stack stops and its Action ends (6.4.2).",
                  formation=fid, roll=roll, value=value, ap=red, new=level - 1))
        flow.call(state, "activation", side=role, formation=fid, reaction=True)
        finish_move(game, state, below, ctx)  # its over-stacking checks (5.3.1) go before the reaction acts

    def resume(self, game: Any, state: State, ctx: Context) -> None:
        flow.end(state)
        continue_walk(game, state, flow.top(state), ctx)
