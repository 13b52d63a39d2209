"""The Combat Phase and the resolution of one attack (8-12) as procedures.

``combat`` is the phase: the phasing player declares attacks one at a time. Each attack is
resolved completely before the next (8.1) by ``battle``, an automatic driver that calls a
decision window whenever a player must choose: losses (10.2), Determined Defence (10.4),
retreat paths (11) and advance after combat (12). A window with a single legal answer is
answered by the engine; standing orders (``standing.py``) answer the rest when registered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import flow, replaying
from engine.errors import IllegalOrder, allowed
from engine.game import Action, Context, Prompt, State
from engine.games.caucasus import (
    combat,
    initial,
    losses,
    moves,
    retreat,
    special,
    supply,
    tables,
    words,
)
from engine.games.caucasus.model import AXIS, Rules, UnitType, enemy, units_at, values
from engine.games.caucasus.moves import mark_control
from engine.games.caucasus.terrain import dd_column, impassable_side, natural, road
from engine.text import Text, t

# Orders of a Movement Phase whose own rule says when they are given: in a Combat Phase they are
# refused citing that rule rather than the Combat Phase's (8.1).
MOVEMENT_ONLY: dict[str, tuple[Text, str]] = {
    "replace": (t("Replacements are spent only in your Primary Movement Phase."), "17.2"),
    "rebuild": (t("Replacements are spent only in your Primary Movement Phase."), "17.2"),
    "hq-remove": (t("An HQ is removed voluntarily only in a friendly Movement Phase."), "15.1"),
    "rail": (t("Rail movement is allowed only in a friendly Primary Movement Phase."), "7.22"),
    "naval": (t("Naval movement is allowed only in a friendly Primary Movement Phase."), "7.22"),
    "land": (t("Amphibious landings are made in a friendly Primary Movement Phase."), "16.23"),
    "train": (t("Armoured trains move in friendly Movement Phases only."), "15.6"),
    "flotilla": (t("The Azov Flotilla moves in friendly Movement Phases only."), "15.3"),
    "merge": (t("Units merge only in a friendly Movement Phase."), "18.1"),
    "assault": (t("Assault markers are taken only in a Secondary Movement Phase."), "7.3"),
    "mobile": (t("A Mobile Assault is made only in your own Secondary Movement Phase."), "13.1"),
    "ae": (t("An Automatic Elimination during movement happens only in your Primary Movement Phase."), "8.5"),
}


def attack_plan(action: Action) -> combat.AttackPlan:
    args = list(action.args)
    arrow = args.index("->")
    attackers = tuple(args[:arrow])
    target = args[arrow + 1]
    rest = args[arrow + 2 :]
    air = fleet = None
    brandenburg = False
    i = 0
    while i < len(rest):
        if rest[i] == "air":
            if air is not None:
                raise IllegalOrder(t("Only one Air Support marker may be used in one attack: name one of {a} and {b}.", a=air, b=rest[i + 1]), "16.12")
            air = rest[i + 1]
            i += 2
        elif rest[i] == "fleet":
            if fleet is not None:
                raise IllegalOrder(t("Only one Fleet marker may be used in one attack: name one of {a} and {b}.", a=fleet, b=rest[i + 1]), "16.22")
            fleet = rest[i + 1]
            i += 2
        else:
            brandenburg = brandenburg or rest[i] == "brandenburg"
            i += 1
    return combat.AttackPlan(attackers=attackers, target=target, air=air, fleet=fleet, brandenburg=brandenburg)


def preview(rules: Rules, state: State, role: str, action: Action) -> Text:
    odds = combat.evaluate(rules, state, role, attack_plan(action))
    return odds.breakdown()


def defending_tq(rules: Rules, state: Mapping[str, Any], uid: str) -> str:
    spec = rules.units[uid]
    if spec.type == UnitType.NKVD:
        return "E"
    if spec.type == UnitType.NAVAL_INF:
        return "R"
    return values(rules, state, uid).tq


class CombatPhase(flow.Procedure):
    name = "combat"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        ph = state["phase"]
        if ph.get("impulse") == "secondary":
            return flow.Step(t("{side} Secondary {what} Phase", side=str(ph["side"]).capitalize(), what=t("Combat")), "7.3")
        return flow.Step(t("{side} Primary {what} Phase", side=str(ph["side"]).capitalize(), what=t("Combat")), "8.1")

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        """At the start of the phase (and after each attack): the special units' checks."""
        special.end_of_step_checks(game.rules, state, ctx)
        frame["waiting"] = True

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        acts: list[Action] = [Action("done")]
        for action in candidate_attacks(rules, state, role):
            acts.append(action)
        acts += ae_advances(rules, state, role)
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        return t(
            "{impulse} Combat Phase: attack with 'attack UNITS -> HEX' (preview with 'odds ...'), then 'done'.",
            impulse=words.impulse(frame["impulse"]),
        )

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        frame["waiting"] = False
        if action.verb == "done":
            for uid, u in state["units"].items():
                if rules.units[uid].side != role:
                    continue
                if frame["impulse"] == "primary":
                    u["replaced"] = False  # Replacement markers come off now (17.2).
                if u.get("ae"):
                    u["ae"] = False  # AE markers last until the end of the following Combat Phase (8.5).
            special.end_of_step_checks(rules, state, ctx)
            flow.end(state)
            return
        if action.verb == "advance":
            ae_advance(rules, state, role, action.args, ctx)
            return
        if action.verb in MOVEMENT_ONLY:
            message, rule = MOVEMENT_ONLY[action.verb]
            raise IllegalOrder(message, rule)
        if action.verb != "attack":
            raise flow.out_of_step(
                action.verb,
                self.step(game, state, frame),
                t("Possible now: attack UNITS -> HEX, odds UNITS -> HEX, advance UNIT HEX (after an Automatic Elimination), done."),
            )
        plan = attack_plan(action)
        odds = combat.evaluate(rules, state, role, plan)
        start_battle(rules, state, role, plan, odds, ctx)


def ae_target(state: Mapping[str, Any], uid: str) -> str | None:
    """The hex a unit's Automatic Elimination marker refers to (8.5), if it names one."""
    marker = state["units"][uid].get("ae")
    return marker if isinstance(marker, str) else None


def ae_advances(rules: Rules, state: State, side: str) -> list[Action]:
    """Advances into the hexes emptied by Automatic Elimination in the Movement Phase (8.5)."""
    out = []
    for uid, u in sorted(state["units"].items()):
        target = ae_target(state, uid)
        if rules.units[uid].side != side or not u.get("hex") or target is None:
            continue
        try:
            check_ae_advance(rules, state, side, uid, [u["hex"], target])
        except IllegalOrder:
            continue
        out.append(Action("advance", (uid, target)))
    return out


def check_ae_advance(rules: Rules, state: State, side: str, uid: str, path: list[str]) -> str:
    """An AE-marked unit advances as after a combat resolved on the CRT (8.5); returns the hex."""
    spec = rules.units[uid]
    if spec.side != side or not state["units"][uid].get("hex"):
        raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid), "8.5")
    target = ae_target(state, uid)
    if target is None:
        if state["units"][uid].get("ae"):
            raise IllegalOrder(
                t("{unit}'s Automatic Elimination marker names no hex (a referee placed it): a referee must move the unit.", unit=uid),
                "8.5",
            )
        # An advance after a combat that gave none is told why the combat gave none.
        raise flow.explain_closed(
            IllegalOrder(t("Only units with an Automatic Elimination marker from the Movement Phase may advance now."), "8.5"),
            state,
            side,
            "advance",
        )
    retreat.advance_check(rules, state, uid, path, target, "full")
    return target


def ae_advance(rules: Rules, state: State, side: str, args: tuple[str, ...], ctx: Context) -> None:
    if len(args) < 2 or any(a in rules.units for a in args[1:]):
        raise IllegalOrder(t("Advance one unit at a time: 'advance UNIT HEX [HEX]'."), "8.5")
    uid = args[0]
    path = [state["units"][uid].get("hex") or "", *args[1:]]
    check_ae_advance(rules, state, side, uid, path)
    u = state["units"][uid]
    u["hex"] = path[-1]
    u["ae"] = False
    u["attacked"] = True  # it still may not attack in this Combat Phase (8.5)
    mark_control(rules, state, side, path[1:])
    state["last"].setdefault("moves", []).append(path)
    ctx.log(t("{unit} advances {path} after its Automatic Elimination (8.5).", unit=uid, path=" ".join(path)))


def candidate_attacks(rules: Rules, state: State, side: str) -> list[Action]:
    """Attacks worth listing in ``options``: every legal attack of one adjacent unit, and of all
    eligible adjacent units together, on each enemy hex."""
    out: list[Action] = []
    targets = sorted({u["hex"] for uid, u in state["units"].items() if u.get("hex") and rules.units[uid].side != side})
    for target in targets:
        near = [
            uid
            for uid, u in sorted(state["units"].items())
            if u.get("hex") and rules.units[uid].side == side and rules.board.grid.adjacent(u["hex"], target)
        ]
        groups = [[uid] for uid in near]
        if len(near) > 1:
            groups.append(near)
        for group in groups:
            plan = combat.AttackPlan(attackers=tuple(group), target=target)
            try:
                combat.evaluate(rules, state, side, plan)
            except IllegalOrder:
                if len(group) > 1:
                    eligible = []
                    for uid in group:
                        try:
                            combat.evaluate(rules, state, side, combat.AttackPlan(attackers=(uid,), target=target))
                        except IllegalOrder:
                            continue
                        eligible.append(uid)
                    if len(eligible) > 1:
                        try:
                            combat.evaluate(rules, state, side, combat.AttackPlan(attackers=tuple(eligible), target=target))
                        except IllegalOrder:
                            continue
                        out.append(Action("attack", (*eligible, "->", target)))
                continue
            out.append(Action("attack", (*group, "->", target)))
    return out


def start_battle(
    rules: Rules, state: State, side: str, plan: combat.AttackPlan, odds: Any, ctx: Context, mobile: bool = False
) -> None:
    """Resolve an attack: roll, then run losses, DD, retreat and advance as procedures. A Mobile
    Assault (``mobile``) is movement, not combat: no once-per-phase marks (13.2), and its advance
    is the group's entry into the emptied hex (13.1)."""
    defenders = [u for u in units_at(state, plan.target)]
    if not mobile:
        for uid in plan.attackers:
            state["units"][uid]["attacked"] = True
        for uid in defenders:
            state["units"][uid]["defended"] = True
    if plan.air:
        state["air"][plan.air]["ready"] = False
    if plan.fleet:
        state["fleet"][plan.fleet] = "unavailable"
    origins = sorted({state["units"][u]["hex"] for u in plan.attackers})
    state["last"].setdefault("attacks", []).append({"from": origins, "to": plan.target, "result": ""})
    state["last"].setdefault("focus", []).extend([*origins, plan.target])
    if mobile:
        ctx.log(t("Mobile Assault on {hex}: {breakdown}", hex=plan.target, breakdown=odds.breakdown()))
    else:
        ctx.log(t("Attack on {hex}: {breakdown}", hex=plan.target, breakdown=odds.breakdown()))
    if odds.automatic:
        result = tables.AE
        ctx.log(t("Automatic Elimination: odds of 10-1 or more after shifts, the defenders are eliminated without a die roll (8.5)."))
    else:
        die = ctx.roll(6, t("Combat at {odds} on {hex}", odds=odds.label, hex=plan.target))
        result = combat.resolve(odds, die)
    state["last"]["attacks"][-1]["result"] = result
    ctx.log(t("Result: {result}.", result=result))
    steps_involved = losses.steps_available(rules, state, defenders)
    flow.forget_closed(state, scope="combat")  # what the engine decided in an earlier combat is old news
    flow.call(
        state,
        "battle",
        side=side,
        attackers=list(plan.attackers),
        target=plan.target,
        defenders=defenders,
        result=result,
        stage="losses",
        brandenburg=plan.brandenburg,
        steps_involved=steps_involved,
        dd="none",
        mobile=mobile,
    )


class Battle(flow.Procedure):
    """Drives one combat result through losses, Determined Defence, retreats and advance."""

    name = "battle"
    auto = True

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        rules: Rules = game.rules
        spec = tables.RESULTS[frame["result"]]
        side = frame["side"]
        stage = frame["stage"]
        defenders = [u for u in frame["defenders"] if state["units"][u].get("hex") == frame["target"]]
        attackers = [u for u in frame["attackers"] if state["units"][u].get("hex")]
        if stage == "losses":
            frame["stage"] = "dd"
            if spec.eliminate_defenders:
                for uid in defenders:
                    box = losses.eliminate(rules, state, uid)
                    ctx.log(t("{unit} is eliminated by the Automatic Elimination ({box}) (8.5).", unit=uid, box=box))
                return
            def_steps = spec.defender_steps
            att_steps = tables.attacker_steps(frame["result"], frame["steps_involved"])
            chooser_def = side if spec.chooser == "opponent" else enemy(side)
            chooser_att = enemy(side) if spec.chooser == "opponent" else side
            # Called last runs first: defender's losses, then the attacker's.
            if att_steps:
                flow.call(state, "loss", chooser=chooser_att, pool=attackers, n=att_steps, why="attacker")
            if def_steps:
                flow.call(state, "loss", chooser=chooser_def, pool=defenders, n=def_steps, why="defender")
        elif stage == "dd":
            frame["stage"] = "retreat"
            if spec.dd_allowed and defenders and dd_leads(rules, state, defenders):
                flow.call(state, "dd_choice", chooser=enemy(side), defenders=defenders, target=frame["target"], attackers=attackers)
            elif spec.retreat and defenders:
                why = (
                    t("no surviving unit may lead a Determined Defence, so the defender retreats")
                    if spec.dd_allowed
                    else t("Determined Defence cannot cancel the retreat of the result {result}", result=frame["result"])
                )
                step = flow.Step(t("defender's choice between Determined Defence and retreat"), "10.4")
                flow.close(state, step, why, roles=[enemy(side)], verbs=["dd"], scope="combat")
        elif stage == "retreat":
            frame["stage"] = "advance"
            frame.pop("returned", None)
            length = spec.retreat if frame["dd"] != "success" else 0
            if frame["dd"] == "failed":
                length = 2
            # The 4th Guards Cavalry Corps HQ is a stacking marker: it does not retreat, and is
            # removed once no cavalry division is left with it (15.7).
            retreating = [u for u in defenders if "cav_corps_hq" not in rules.units[u].flags]
            if length and retreating:
                flow.call(
                    state,
                    "retreat_choice",
                    chooser=enemy(side),
                    units=retreating,
                    origin=frame["target"],
                    length=length,
                    disorganize=spec.disorganize,
                    attackers=attackers,
                    mobile=frame.get("mobile", False),
                )
        elif stage == "advance":
            if not frame.get("defender_stacking_checked"):
                # Stacking is enforced at the end of each retreat (5.2).
                frame["defender_stacking_checked"] = True
                ends = sorted({path[-1] for path in state["last"].get("retreats", [])})
                if ends:
                    flow.call(state, "stack_fix", side=enemy(side), hexes=ends)
                    return
            frame["stage"] = "finish"
            frame.pop("returned", None)
            special.check_corps(rules, state, ctx)
            left = [u for u in frame["defenders"] if state["units"][u].get("hex") == frame["target"]]
            if frame.get("mobile"):
                # Mobile Assault: no normal advance; the group may enter an emptied hex (13.1).
                if attackers and not units_at(state, frame["target"]):
                    flow.call(state, "mobile_advance", chooser=side, units=attackers, target=frame["target"])
                return
            retreated = any(state["units"][u].get("retreated") for u in frame["defenders"])
            kind = tables.advance_after(
                frame["result"],
                retreated=retreated,
                wiped_out=not left,
                dd=frame["dd"],
                wiped_out_in_dd=frame.get("wiped_in_dd", False) and not left,
                defender_steps_involved=frame["steps_involved"],
            )
            if kind != "none" and attackers and not left:
                flow.call(state, "advance_choice", chooser=side, units=attackers, target=frame["target"], kind=kind, moved=[])
            elif attackers:
                close_advance(state, side, frame, bool(left))
        else:
            if not frame.get("attacker_stacking_checked"):
                # ... and at the end of each advance after combat (5.2).
                frame["attacker_stacking_checked"] = True
                ends = sorted({state["units"][u]["hex"] for u in attackers if state["units"][u].get("hex")})
                if ends and not frame.get("mobile"):
                    flow.call(state, "stack_fix", side=side, hexes=ends)
                    return
            finish_brandenburg(rules, state, frame, ctx)
            special.end_of_step_checks(rules, state, ctx)
            flow.end(state)


def close_advance(state: State, side: str, frame: flow.Frame, held: bool) -> None:
    """Remember why the attacker had no advance after this combat, for a later 'advance'."""
    if frame["dd"] == "success":
        step = flow.Step(t("advance after combat of the attacker"), "10.4")
        why = t("a successful Determined Defence cancels the advance after combat")
    elif held:
        step = flow.Step(t("advance after combat of the attacker"), "12.1")
        why = t("defending units still hold the hex")
    else:
        step = flow.Step(t("advance after combat of the attacker"), "10.1")
        why = t("the result {result} gives no advance after combat", result=frame["result"])
    flow.close(state, step, why, roles=[side], verbs=["advance"], scope="combat")


def finish_brandenburg(rules: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
    """A Brandenburger that gave its shift and took no loss leaves for 1d6 turns (15.2)."""
    if not frame.get("brandenburg"):
        return
    for uid in frame["attackers"]:
        if "brandenburg" in rules.units[uid].flags and state["units"][uid].get("hex"):
            roll = ctx.roll(6, t("Brandenburgers' return"))
            due = int(state["turn"]) + roll
            if due > int(state["last_turn"]):
                state["units"][uid].update(hex=None, box="removed")
                ctx.log(t("The Brandenburgers would return after the last turn: removed from play (15.2)."))
            else:
                state["units"][uid].update(hex=None, box="track", due=due, arrive="hq_or_city")
                ctx.log(t("The Brandenburgers withdraw and return on turn {turn} (15.2).", turn=due))


def dd_leads(rules: Rules, state: Mapping[str, Any], defenders: list[str]) -> list[str]:
    """Units that may lead a Determined Defence: not disorganized, not white-box (10.4), not the
    4th Guards Cavalry Corps HQ marker, whose only function is stacking (15.7)."""
    return [
        u
        for u in defenders
        if not state["units"][u].get("disorganized")
        and not rules.units[u].white_box
        and "cav_corps_hq" not in rules.units[u].flags
    ]


#: Whose step a loss choice takes, as its prompt and log name it (the frame keeps the key).
LOSING: dict[str, Text] = {
    "attacker": t("attacker"),
    "defender": t("defender"),
    "retreating group": t("retreating group"),
}


class LossChoice(flow.Procedure):
    """A player picks which unit of ``pool`` loses the next step (10.2)."""

    name = "loss"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        if frame.get("why") == "attacker":
            return flow.Step(t("choice of the attacker's step losses"), "10.2")
        return flow.Step(t("choice of the defender's step losses"), "10.2")

    def _candidates(self, rules: Rules, state: State, frame: flow.Frame) -> list[str]:
        return losses.loss_candidates(rules, state, frame["pool"])

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        rules: Rules = game.rules
        cands = self._candidates(rules, state, frame)
        if frame["n"] <= 0 or not cands:
            flow.end(state)
            return
        if len(cands) == 1:
            # The chooser is the opponent on EX and A1/D1 (10.2): name him, not the owner.
            ctx.log(
                t(
                    "{chooser} does not choose: {unit} is the only unit that may lose the {why}'s step (10.2).",
                    chooser=str(frame["chooser"]).capitalize(),
                    unit=cands[0],
                    why=LOSING.get(frame["why"], frame["why"]),
                )
            )
            flow.close(
                state,
                self.step(game, state, frame),
                t("{unit} was the only unit that could lose the step, so the engine took it", unit=cands[0]),
                roles=[frame["chooser"]],
                verbs=["loss"],
                scope="combat",
            )
            apply_loss(rules, state, frame, cands[0], ctx)
            return
        frame["waiting"] = True

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["chooser"]}) if frame.get("waiting") else frozenset()

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        cands = self._candidates(game.rules, state, frame)
        return Prompt(
            role,
            t("Choose the {why}'s unit that loses a step ({n} to go): {units}.", why=LOSING.get(frame["why"], frame["why"]), n=frame["n"], units=", ".join(cands)),
            tuple(Action("loss", (u,)) for u in cands),
        )

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        if action.verb != "loss":
            raise flow.refuse(action, ("loss",), self.step(game, state, frame), t("Choose a loss first: 'loss UNIT'."))
        rules: Rules = game.rules
        losses.check_loss(rules, state, frame["pool"], action.args[0])
        frame["waiting"] = False
        apply_loss(rules, state, frame, action.args[0], ctx)


def apply_loss(rules: Rules, state: State, frame: flow.Frame, uid: str, ctx: Context) -> None:
    what = losses.take_step(rules, state, uid)
    ctx.log(t("{unit} loses a step: {what}.", unit=uid, what=what))
    frame["n"] -= 1
    if frame["n"] <= 0 or not losses.loss_candidates(rules, state, frame["pool"]):
        flow.end(state)


class DDChoice(flow.Procedure):
    """The defender chooses: Determined Defence with a lead unit and support, or retreat (10.4)."""

    name = "dd_choice"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("defender's choice between Determined Defence and retreat"), "10.4")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["chooser"]})

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        leads = dd_leads(rules, state, frame["defenders"])
        acts = [Action("dd", ("none",))]
        for lead in leads:
            acts.append(Action("dd", (lead,)))
            for marker in dd_support(rules, state, role, frame):
                acts.append(Action("dd", (lead, *marker)))
        return Prompt(
            role,
            t("Determined Defence in {hex}? 'dd LEAD [air MARKER | fleet MARKER]' or 'dd none' to retreat.", hex=frame["target"]),
            tuple(acts),
        )

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        if action.verb != "dd":
            raise flow.refuse(action, ("dd",), self.step(game, state, frame), t("Answer the Determined Defence question first: 'dd LEAD' or 'dd none'."))
        if action.args[0] == "none":
            ctx.log(t("The defender declines Determined Defence and will retreat."))
            flow.end(state)
            return
        lead = action.args[0]
        if lead not in frame["defenders"]:
            raise IllegalOrder(t("{unit} is not defending in {hex}.", unit=lead, hex=frame["target"]), "10.4")
        if lead not in dd_leads(rules, state, frame["defenders"]):
            raise IllegalOrder(t("{unit} cannot lead a Determined Defence (disorganized or white-box).", unit=lead), "10.4")
        support = 0
        if len(action.args) == 3:
            kind, marker = action.args[1], action.args[2]
            if (kind, marker) not in dd_support(rules, state, role, frame):
                raise IllegalOrder(t("{kind} marker {marker} cannot support this Determined Defence.", kind=kind, marker=marker), "16.13")
            if kind == "air":
                state["air"][marker]["ready"] = False
                support = rules.air[marker].dd_drm
            else:
                state["fleet"][marker] = "unavailable"
                support = 2
        column = dd_column(rules, frame["target"], int(state["turn"]))
        drm = tables.dd_drm(defending_tq(rules, state, lead), support)
        die = ctx.roll(6, t("Determined Defence by {unit} ({column}, DRM {drm:+d})", unit=lead, column=column, drm=drm))
        entry = tables.dd_result(column, die, drm)
        ctx.log(t("Determined Defence {outcome}.", outcome="succeeds" if entry.success else "fails"))
        if entry.lead_loss:
            what = losses.take_step(rules, state, lead)
            ctx.log(t("{unit} loses a step: {what}.", unit=lead, what=what))
            if not state["units"][lead].get("hex"):
                flow.stack(state)[-2]["wiped_in_dd"] = True
        flow.stack(state)[-2]["dd"] = "success" if entry.success else "failed"
        flow.end(state)
        if entry.attacker_loss:
            attackers = [u for u in frame["attackers"] if state["units"][u].get("hex")]
            # DD "1/1": the attacker loses a step, at the attacker's choice (ruling 20).
            flow.call(state, "loss", chooser=enemy(role), pool=attackers, n=1, why="attacker")


def dd_support(rules: Rules, state: Mapping[str, Any], role: str, frame: Mapping[str, Any]) -> list[tuple[str, str]]:
    out = []
    turn = int(state["turn"])
    hqs = [
        u["hex"]
        for uid, u in state["units"].items()
        if u.get("hex") and rules.units[uid].side == role and rules.units[uid].type == UnitType.HQ
        and "cav_corps_hq" not in rules.units[uid].flags
    ]
    for mid, marker in sorted(state["air"].items()):
        spec = rules.air[mid]
        if spec.side == role and marker.get("available") and marker.get("ready") and turn in spec.available_turns:
            if any(rules.board.grid.distance(h, frame["target"]) <= 8 for h in hqs):
                out.append(("air", mid))
    if role != AXIS:
        from engine.games.caucasus.terrain import black_sea_coastal

        if black_sea_coastal(rules, frame["target"]):
            out += [("fleet", fid) for fid, st in sorted(state["fleet"].items()) if st == "available"]
    return out


def _retreat_terms(rules: Rules, state: State, frame: flow.Frame) -> dict[str, Any]:
    """What every retreat check of this window shares: the result, the kind of attack and the
    supply of each possible end hex for the retreating side (11.1 priority 2)."""
    return {
        "disorganized_result": frame["disorganize"],
        "mobile_assault": frame.get("mobile", False),
        "supply_of": supply.hex_supply(rules, state, frame["chooser"]),
    }


class RetreatChoice(flow.Procedure):
    """The defender retreats each surviving unit along a path it chooses (11)."""

    name = "retreat_choice"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("retreat of the defender"), "11.1")

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        rules: Rules = game.rules
        left = [u for u in frame["units"] if state["units"][u].get("hex") == frame["origin"]]
        if not left:
            flow.end(state)
            return
        # Units that can never retreat are eliminated at once (11.2).
        for uid in left:
            if values(rules, state, uid).move == 0:
                box = losses.eliminate(rules, state, uid)
                ctx.log(t("{unit} has a movement allowance of 0 and is eliminated instead of retreating ({box}) (11.2).", unit=uid, box=box))
        left = [u for u in left if state["units"][u].get("hex")]
        if not left:
            flow.end(state)
            return
        # The paths without the supply priority first: when a path of the normal length that keeps
        # a unit alive loses fewer steps than every path that eliminates them all, every best path
        # keeps a unit alive whatever the supply of its end hex (fewest steps lost ranks first,
        # 11.1), and the owner is asked; the supply (a search of the whole supply net) is needed
        # only to rank the paths otherwise.
        terms = {"disorganized_result": frame["disorganize"], "mobile_assault": frame.get("mobile", False)}
        options = retreat.retreat_options(rules, state, left, frame["origin"], frame["length"], **terms)
        alive = [o.outcome.steps_lost for o in options if not o.extra and o.outcome.survivors]
        dead = [o.outcome.steps_lost for o in options if not o.extra and not o.outcome.survivors]
        if alive and (not dead or min(alive) < min(dead)):
            frame["waiting"] = True
            return
        if options:
            options = retreat.retreat_options(rules, state, left, frame["origin"], frame["length"], **_retreat_terms(rules, state, frame))
        if not options:
            for uid in left:
                box = losses.eliminate(rules, state, uid)
                if rules.units[uid].type == UnitType.AZOV_FLOTILLA:
                    ctx.log(t("{unit} has no friendly Sea of Azov port to retreat to and is eliminated ({box}) (15.3).", unit=uid, box=box))
                else:
                    ctx.log(t("{unit} has no legal retreat and is eliminated ({box}) (11.2).", unit=uid, box=box))
            flow.end(state)
            return
        if not any(o.outcome.survivors for o in options if o.best):
            # Every retreat eliminates them: the owner has nothing to choose, and the log names the
            # rule that bars each unit's way out (11.2 a-e, or the rule of the terrain it cannot cross).
            outcome = next(o.outcome for o in options if o.best)
            exits = retreat.barred_exits(
                rules, state, left, frame["origin"], frame["length"],
                disorganized_result=frame["disorganize"], mobile_assault=frame.get("mobile", False),
            )
            ctx.log(t("No retreat from {hex} keeps a unit alive: {exits}.", hex=frame["origin"], exits=exits))
            for uid in left:
                why = outcome.reasons.get(uid) or t("no legal retreat (11.2)")
                box = losses.eliminate(rules, state, uid)
                ctx.log(t("{unit} has no retreat it survives and is eliminated: {why} ({box}).", unit=uid, why=why, box=box))
            step = flow.Step(self.step(game, state, frame).title, outcome.clause or "11.2")
            closed = t("every retreat from {hex} eliminated the units, so the engine eliminated them", hex=frame["origin"])
            flow.close(state, step, closed, roles=[frame["chooser"]], verbs=["retreat"], scope="combat")
            flow.end(state)
            return
        frame["waiting"] = True

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["chooser"]}) if frame.get("waiting") else frozenset()

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        left = [u for u in frame["units"] if state["units"][u].get("hex") == frame["origin"]]
        options = retreat.retreat_options(rules, state, left, frame["origin"], frame["length"], **_retreat_terms(rules, state, frame))
        acts = [Action("retreat", ("all", *opt.path[1:])) for opt in options if opt.best][:20]
        return Prompt(
            role,
            t("Retreat {n} hexes from {hex}: 'retreat all HEX HEX' or 'retreat UNIT HEX HEX' for each unit.", n=frame["length"], hex=frame["origin"]),
            tuple(acts),
        )

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        if action.verb != "retreat":
            raise flow.refuse(action, ("retreat",), self.step(game, state, frame), t("Retreat first: 'retreat all HEX HEX' or 'retreat UNIT HEX HEX'."))
        left = [u for u in frame["units"] if state["units"][u].get("hex") == frame["origin"]]
        who = left if action.args[0] == "all" else [action.args[0]]
        if action.args[0] != "all" and action.args[0] not in left:
            raise IllegalOrder(t("{unit} is not waiting to retreat from {hex}.", unit=action.args[0], hex=frame["origin"]), "11.1")
        path = [frame["origin"], *action.args[1:]]
        if replaying.accepted(ctx):
            # The campaign's own retreat: its 11.1 priorities (and the supply they rank by) only
            # refuse a worse path, so the replay walks the path without ranking every other.
            outcome = retreat.check_retreat(
                rules,
                state,
                who,
                path,
                frame["length"],
                disorganized_result=frame["disorganize"],
                mobile_assault=frame.get("mobile", False),
                enforce_priorities=False,
            )
        else:
            outcome = retreat.check_retreat(rules, state, who, path, frame["length"], **_retreat_terms(rules, state, frame))
        # The automatic part (run) ends the window once nobody is left to retreat; a step-loss
        # window that the retreat may open runs first.
        frame["waiting"] = False
        apply_retreat(rules, state, frame, who, path, outcome, ctx)


def apply_retreat(
    rules: Rules, state: State, frame: flow.Frame, who: list[str], path: list[str], outcome: retreat.RetreatOutcome, ctx: Context
) -> None:
    side = rules.units[who[0]].side
    for uid in outcome.eliminated:
        box = losses.eliminate(rules, state, uid)
        why = outcome.reasons.get(uid) or t("no legal retreat")
        ctx.log(t("{unit} is eliminated in the retreat: {why} ({box}).", unit=uid, why=why, box=box))
    survivors = [u for u in outcome.survivors if state["units"][u].get("hex")]
    for uid in survivors:
        u = state["units"][uid]
        u["hex"] = path[-1]
        u["retreated"] = True
        if frame["disorganize"]:
            u["disorganized"] = True
    if survivors:
        mark_control(rules, state, side, path[1:])
        state["last"].setdefault("retreats", []).append(list(path))
        ctx.log(t("{units} retreat {path}.", units=", ".join(survivors), path=" ".join(path)))
    if outcome.step_loss and survivors:
        flow.call(state, "loss", chooser=side, pool=survivors, n=outcome.step_loss, why="retreating group")


class AdvanceChoice(flow.Procedure):
    """The attacker may advance into and beyond the vacated hex (12), or decline with ``done``."""

    name = "advance_choice"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("advance after combat of the attacker"), "12.1")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["chooser"]})

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        acts = [Action("done")]
        for uid in frame["units"]:
            if uid not in frame["moved"] and state["units"][uid].get("hex"):
                try:
                    retreat.advance_check(game.rules, state, uid, [state["units"][uid]["hex"], frame["target"]], frame["target"], frame["kind"])
                except IllegalOrder:
                    continue
                acts.append(Action("advance", (uid, frame["target"])))
        return Prompt(role, t("Advance after combat into {hex}? 'advance UNIT HEX [HEX]', then 'done'.", hex=frame["target"]), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        if action.verb == "done":
            flow.end(state)
            return
        if action.verb != "advance":
            raise flow.refuse(action, ("advance",), self.step(game, state, frame), t("Advance with 'advance UNIT HEX', or 'done'."))
        uid = action.args[0]
        if any(a in rules.units for a in action.args[1:]):
            raise IllegalOrder(t("Advance one unit at a time: 'advance UNIT HEX [HEX]'."), "12.1")
        if uid not in frame["units"]:
            raise IllegalOrder(t("Only units that took part in this attack may advance."), "12.1")
        if uid in frame["moved"]:
            raise IllegalOrder(t("{unit} has already advanced.", unit=uid), "12.1")
        start = state["units"][uid]["hex"]
        path = [start, *action.args[1:]]
        retreat.advance_check(rules, state, uid, path, frame["target"], frame["kind"])
        state["units"][uid]["hex"] = path[-1]
        frame["moved"].append(uid)
        mark_control(rules, state, rules.units[uid].side, path[1:])
        state["last"].setdefault("moves", []).append(path)
        ctx.log(t("{unit} advances {path}.", unit=uid, path=" ".join(path)))
        if all(u in frame["moved"] or not state["units"][u].get("hex") for u in frame["units"]):
            flow.end(state)


def standing_answer(game: Any, state: State, role: str, orders: Mapping[str, str]) -> Action | None:
    """The answer a standing order gives to the decision now waiting for ``role``, if any."""
    found = game.procedure(state)
    if found is None:
        return None
    proc: flow.Procedure = found[0]
    frame: flow.Frame = found[1]
    if role not in proc.active(game, state, frame):
        return None
    prompt: Prompt = proc.prompt(game, state, frame, role)
    if not prompt.actions:
        return None
    loss = orders.get("loss", "")
    if proc.name in ("loss", "stack_fix") and loss:
        for uid in loss.removeprefix("order:").split(",") if loss.startswith("order:") else ():
            chosen = next((a for a in prompt.actions if a.args and a.args[0] == uid), None)
            if chosen is not None:
                return chosen
        return prompt.actions[0]
    if proc.name == "dd_choice" and orders.get("dd") in ("never", "always"):
        if orders["dd"] == "never":
            return Action("dd", ("none",))
        leads = [a for a in prompt.actions if a.args[0] != "none" and len(a.args) == 1]
        if leads:
            best: Action = max(leads, key=lambda a: tables.TQ_DRM[defending_tq(game.rules, state, a.args[0])])
            return best
        return Action("dd", ("none",))
    if proc.name == "retreat_choice" and orders.get("retreat") == "auto":
        return prompt.actions[0]
    if proc.name == "advance_choice" and orders.get("advance") == "never":
        return Action("done")
    return None


class MobileAdvance(flow.Procedure):
    """After a Mobile Assault that emptied the target hex, the group may move into it at no MP
    cost, and then go on moving (13.1); ``done`` declines."""

    name = "mobile_advance"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("advance after a Mobile Assault"), "13.1")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["chooser"]})

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        acts = [Action("done")]
        group = [u for u in frame["units"] if state["units"][u].get("hex")]
        if allowed(check_mobile_entry, rules, state, group, frame["target"]):
            acts.append(Action("advance", (*group, frame["target"])))
        return Prompt(
            role,
            t("The Mobile Assault emptied {hex}: move the group into it at no MP cost ('advance UNITS {hex}') or 'done'.", hex=frame["target"]),
            tuple(acts),
        )

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        if action.verb == "done":
            flow.end(state)
            return
        if action.verb != "advance":
            raise flow.refuse(action, ("advance",), self.step(game, state, frame), t("Move the group into the emptied hex with 'advance UNITS HEX', or 'done'."))
        named = [a for a in action.args if a in rules.units]
        hexes = [a for a in action.args if a not in rules.units]
        group = [u for u in frame["units"] if state["units"][u].get("hex")]
        if hexes != [frame["target"]]:
            raise IllegalOrder(t("After a Mobile Assault the group may only enter the emptied hex {hex}.", hex=frame["target"]), "13.1")
        if set(named) != set(group):
            raise IllegalOrder(
                t("A Mobile Assault group never splits: move all of {units} together.", units=", ".join(group)), "13.1"
            )
        check_mobile_entry(rules, state, group, frame["target"])
        start = state["units"][group[0]]["hex"]
        counts = movement_hexes(state)
        for uid in group:
            state["units"][uid]["hex"] = frame["target"]
            counts[uid] = counts.get(uid, 0) + 1
        mark_control(rules, state, role, [frame["target"]])
        state["last"].setdefault("moves", []).append([start, frame["target"]])
        ctx.log(t("{units} enter {hex} at no MP cost (13.1).", units=", ".join(group), hex=frame["target"]))
        flow.end(state)


def movement_hexes(state: State) -> dict[str, int]:
    """Hexes each unit has moved in the current Movement Phase (kept by the phase's frame)."""
    for frame in reversed(flow.stack(state)):
        if frame.get("proc") == "movement":
            counts: dict[str, int] = frame.setdefault("hexes", {})
            return counts
    return {}


def check_mobile_entry(rules: Rules, state: State, group: list[str], target: str) -> None:
    """May the group enter the hex it emptied (13.1)? Terrain rules still apply (7.6, 7.8, 14.4)."""
    if not group:
        raise IllegalOrder(t("No unit of the group is left."), "13.1")
    if units_at(state, target):
        raise IllegalOrder(t("{hex} is not empty.", hex=target), "13.1")
    turn = int(state["turn"])
    here = state["units"][group[0]]["hex"]
    if impassable_side(rules, here, target, turn) is not None:
        raise IllegalOrder(t("No unit may cross the hexside between {a} and {b}.", a=here, b=target), "7.8")
    nat = natural(rules, target, turn)
    counts = movement_hexes(state)
    for uid in group:
        spec = rules.units[uid]
        if spec.mech and nat in retreat.MECH_PROHIBITED and not road(rules, here, target):
            raise IllegalOrder(t("Mechanized units may enter {terrain} only along a road.", terrain=nat), "7.6")
        if state["units"][uid].get("supply") == "out" and counts.get(uid, 0) + 1 > 2:
            raise IllegalOrder(t("{unit} is out of supply and may move at most 2 hexes.", unit=uid), "14.4")


class StackFix(flow.Procedure):
    """The owner eliminates units from a hex over-stacked at the end of a retreat or advance (5.2)."""

    name = "stack_fix"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("removal of units over the stacking limit"), "5.2")

    def _over(self, game: Any, state: State, frame: flow.Frame) -> dict[str, list[str]]:
        over = moves.over_stacked(game.rules, state, frame["side"])
        return {h: us for h, us in over.items() if h in frame["hexes"]}

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        if not self._over(game, state, frame):
            flow.end(state)
            return
        frame["waiting"] = True

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]}) if frame.get("waiting") else frozenset()

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        over = self._over(game, state, frame)
        where = "; ".join(f"{h} ({', '.join(us)})" for h, us in over.items())
        acts = tuple(Action("eliminate", (u,)) for us in over.values() for u in us)
        return Prompt(role, t("Over-stacked after combat in {where}: eliminate units with 'eliminate UNIT' (5.2).", where=where), acts)

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        over = self._over(game, state, frame)
        if action.verb != "eliminate" or not action.args:
            raise flow.refuse(action, ("eliminate",), self.step(game, state, frame), t("Correct the over-stacking first: 'eliminate UNIT'."), t("Units: {units}.", units=", ".join(u for us in over.values() for u in us)))
        uid = action.args[0]
        if not any(uid in us for us in over.values()):
            raise IllegalOrder(t("{unit} is not in an over-stacked hex.", unit=uid), "5.2")
        box = losses.eliminate(game.rules, state, uid)
        ctx.log(t("{unit} is eliminated to correct over-stacking ({box}) (5.2).", unit=uid, box=box))
        frame["waiting"] = False


PROCEDURES: tuple[flow.Procedure, ...] = (
    StackFix(),
    CombatPhase(),
    Battle(),
    LossChoice(),
    DDChoice(),
    RetreatChoice(),
    AdvanceChoice(),
    MobileAdvance(),
    # Windows of other steps, registered with the battle's (game.py spreads this tuple):
    special.CorpsChoice(),
    initial.RandomPlacement(),
)
