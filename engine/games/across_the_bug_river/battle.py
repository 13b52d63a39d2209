"""Combat Actions (7.5) played out: declaration, chits, the roll, losses, retreats and the bonus AP.

``declare`` pays the AP, takes the isolated units' ECs, reveals both stacks to the other side
(5.3.4), discards a Counterattack Order (9), draws the chits and pushes a ``combat`` frame. The
``combat`` procedure then runs by itself: ``combat_roll`` makes the die roll as a held roll
(``luck``: the attacker may re-roll it while holding the Schlachtenglück, 5.2) and ``apply_roll``
reads the CRT with the die accepted;
the defender's hits are applied completely before the attacker's (7.5.2). Where an owner has a
choice, a ``losses`` window asks them (the first hit when no Tank/AT unit takes it; whether to
hold or retreat on a second hit, by which path, and which units take the further steps), each
with a published default. The winner's involved units get the bonus AP (7.5.3) in a ``bonus``
frame: one Action by them alone, a move only into the hex the enemy vacated.

Nothing here names a current strength to the enemy: the logs give each side's total, the
column, the DRMs, the chits, the die and the result, and which counters lost a step.
"""

from __future__ import annotations

from typing import Any

from engine import flow, stacks
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Frame, Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.across_the_bug_river import board, combat, luck
from engine.games.across_the_bug_river.data import Rules
from engine.games.across_the_bug_river.phases import (
    HELD,
    Activation,
    drop_improved,
    efficiency_passed,
    game_ref,
    isolated_checked_in,
    isolated_held,
    mark_control,
    move_units,
    rules_of,
    set_disorganized,
)
from engine.text import t

TAG = "combat"
WHO = ("defender", "attacker")


def declare(game: Any, state: State, frame: Frame, role: str, members: list[str], args: tuple[str, ...], ctx: Context) -> None:
    """A: the declaration (7.5.1): pay, check the isolated, reveal; B: draw the chits; then resolve."""
    rules = rules_of(game)
    plan, cost = combat.check(rules, state, role, frame["formation"], members, args, state["ap"][role])
    state["ap"][role] -= cost
    for uid in plan.attackers:
        drop_improved(state, state["units"][uid]["hex"])
    isolated = [u for u in plan.attackers if board.command(rules, state, u) == "isolated"]
    frame["declaring"] = {"queue": isolated, "plan": [plan.kind, plan.side, plan.formation, plan.source, plan.target],
                          "attackers": list(plan.attackers), "cost": cost}
    next_isolated(game, state, frame, ctx)


def next_isolated(game: Any, state: State, frame: Frame, ctx: Context) -> None:
    """The next isolated attacker's efficiency check (5.8.4), held as its owner's roll (5.2); then the attack."""
    job = frame["declaring"]
    if isolated_held(state, frame, job):
        return
    del frame["declaring"]
    kind, side, formation, source, target = job["plan"]
    launch(game, state, frame, combat.Plan(kind, side, formation, source, target, tuple(job["attackers"])), job["cost"], ctx)


def isolated_checked(game: Any, state: State, frame: Frame, ctx: Context) -> None:
    """An isolated attacker's held check is in: failing, it disorganises and stays out of the attack (5.8.4)."""
    isolated_checked_in(game, state, frame, frame["declaring"], frame["declaring"]["attackers"], ctx)
    next_isolated(game, state, frame, ctx)


def launch(game: Any, state: State, frame: Frame, plan: combat.Plan, cost: int, ctx: Context) -> None:
    """The attack declared (the isolated attackers checked): reveal, chits, the combat frame."""
    rules = rules_of(game)
    role = plan.side
    attackers = list(plan.attackers)
    ctx.log(t("{formation} makes a {kind} attack from {source} on {target} ({cost} AP).", formation=plan.formation,
              kind=plan.kind, source=plan.source, target=plan.target, cost=cost))
    if not attackers:
        ctx.log(t("No attacking unit is left: the attack does not take place; the AP are spent (7.2)."))
        return
    enemy = board.other(role)
    stacks.reveal(state, plan.target, role, TAG)
    stacks.reveal(state, plan.source, enemy, TAG)
    plan = combat.Plan(plan.kind, plan.side, plan.formation, plan.source, plan.target, tuple(attackers))
    if plan.kind == "prepared" and role == "soviet" and state["counterattack"] > 0 and any(rules.units[u].combat == "afv" for u in attackers):
        state["counterattack"] -= 1
        ctx.log(t("A prepared attack with a Soviet AFV: the Soviet player discards a Counterattack Order; {n} left (9).", n=state["counterattack"]))
    odds = combat.assess(rules, state, plan, lambda u: True)
    defenders = list(odds.defenders)
    cup = len(rules.tables["chits"]["cup"])
    # Chits are drawn, not rolled: a d(cup size) picks one (and a re-roll must never offer them, 5.2).
    att_chit = ctx.roll(cup, t("Combat chit of the attacker")) - 1
    def_chit = ctx.roll(cup, t("Combat chit of the defender")) - 1
    improved = plan.target in state["improved"]
    att_total = combat.strength(rules, state, attackers, att_chit, plan.kind == "prepared", attacking=True)
    def_total = combat.strength(rules, state, defenders, def_chit, improved, attacking=False)
    col = combat.column(rules, odds.line, att_total, def_total)
    ctx.log(
        t(
            "Combat chits: attacker {a} ({acol}), defender {d} ({dcol}). Strength {att} against {dfn}: {column} on terrain line {line}; DRM {drm} ({breakdown}).",
            a=att_chit + 1, acol=t("enhanced") if plan.kind == "prepared" else t("standard"),
            d=def_chit + 1, dcol=t("enhanced") if improved else t("standard"),
            att=str(att_total), dfn=str(def_total), column=col or t("below the leftmost column"), line=odds.line,
            drm=f"{odds.drm:+d}", breakdown=odds.breakdown(),
        )
    )
    flow.call(
        state, "combat",
        kind=plan.kind, side=role, enemy=enemy, formation=plan.formation, source=plan.source, target=plan.target,
        reaction=bool(frame.get("reaction")),
        units={"attacker": attackers, "defender": defenders},
        armour={"attacker": odds.attacker_armour, "defender": odds.defender_armour}, as_drm=odds.armour,
        line=odds.line, column=col, drm=odds.drm, stage="roll",
        hits={"attacker": 0, "defender": 0}, red={"attacker": False, "defender": False},
        lost={}, forced=[], retreated=[], decision={},
    )


def combat_roll(state: State, frame: Frame) -> None:
    """The attacker's d10 (7.5.1 D.3), held while the attacker holds the Schlachtenglück (5.2):
    the one roll of the combat a re-roll may replace; ``apply_roll`` reads it once accepted."""
    luck.hold(state, frame["side"], "combat", t("Combat: {source} on {target}", source=frame["source"], target=frame["target"]))


def apply_roll(rules: Rules, state: State, frame: Frame, die: int, ctx: Context) -> None:
    """Read the CRT with ``die`` plus the DRM, clamped 1..20 (7.5.1.2)."""
    row = min(max(die + frame["drm"], 1), 20)
    text = combat.cell(rules, frame["line"], frame["column"], row)
    att, att_red, dfn, dfn_red = combat.read_cell(text)
    frame["hits"] = {"attacker": att, "defender": dfn}
    frame["red"] = {"attacker": att_red, "defender": dfn_red}
    ctx.log(t("Die {die}, modified {row}: {result} (attacker/defender hits; r: every unit checks efficiency) (7.5.2).", die=die, row=row, result=text))


def party(frame: Frame, who: str) -> str:
    return str(frame["side"] if who == "attacker" else frame["enemy"])


def alive(state: State, frame: Frame, who: str) -> list[str]:
    return [u for u in frame["units"][who] if state["units"][u]["hex"] is not None]


def lose_step(game: Any, state: State, frame: Frame, uid: str, ctx: Context, counts: bool = True) -> None:
    """One step loss (7.5.2): strength down one; a unit at 1 is eliminated."""
    u = state["units"][uid]
    if counts:
        frame["lost"][uid] = frame["lost"].get(uid, 0) + 1
    name = game_ref(state, uid)
    if int(u["strength"]) <= 1:
        drop_improved(state, u["hex"])
        stacks.remove(game.policy, state, state["units"], uid)
        u["hex"] = None
        state["destroyed"].append(uid)
        ctx.log(t("{unit} is eliminated (7.5.2).", unit=name))
    else:
        u["strength"] = int(u["strength"]) - 1
        ctx.log(t("{unit} loses a step (7.5.2).", unit=name))


def strongest(state: State, units: list[str]) -> str:
    return sorted(units, key=lambda u: (-int(state["units"][u]["strength"]), u))[0]


def first_hit_unit(rules: Rules, state: State, frame: Frame, who: str) -> str | None:
    """The unit the first hit must come from (7.5.2.1), or ``None`` when the owner chooses."""
    units = alive(state, frame, who)
    used = frame["armour"][who]
    if used is None or used not in units:
        return units[0] if len(units) == 1 else None
    other = "defender" if who == "attacker" else "attacker"
    favour = frame["as_drm"] if who == "attacker" else -frame["as_drm"]
    no_afv = not any(rules.units[u].combat == "afv" for u in frame["units"][other])
    if rules.units[used].combat == "afv" and favour >= int(combat.combat_table(rules)["as_exempt"]) and no_afv:
        return strongest(state, units)
    return str(used)


def allocate(game: Any, state: State, frame: Frame, who: str, pool: list[str], hits: int, ctx: Context) -> None:
    """``hits`` step losses spread evenly (7.5.2.4): none takes a second until all took one; the
    owner's order (``decision``), else the strongest first."""
    priority = frame["decision"].get(who, {}).get("priority", [])
    for _ in range(hits):
        units = [u for u in pool if state["units"][u]["hex"] is not None]
        if not units:
            return
        least = min(frame["lost"].get(u, 0) for u in alive(state, frame, who))
        candidates = [u for u in units if frame["lost"].get(u, 0) == least] or units
        chosen = next((u for u in priority if u in candidates), None) or strongest(state, candidates)
        lose_step(game, state, frame, chosen, ctx)


class Combat(Procedure):
    """A declared combat resolved step by step (7.5.1 D, 7.5.2, 7.5.3); it waits only in ``losses``."""

    name = "combat"
    auto = True
    rule = "7.5"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Combat"), "7.5")

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        rules = rules_of(game)
        stage = frame["stage"]
        if stage == "roll":
            frame["stage"] = "apply"
            combat_roll(state, frame)
        elif stage == "apply":
            frame["die"] = luck.die(frame)
            apply_roll(rules, state, frame, frame["die"], ctx)
            frame["stage"] = "defender:first"
        elif stage.endswith(":first"):
            self.first(game, rules, state, frame, stage.split(":")[0], ctx)
        elif stage.endswith(":red"):
            self.red(game, rules, state, frame, stage.split(":")[0], ctx)
        elif stage.endswith(":rest"):
            self.rest(game, rules, state, frame, stage.split(":")[0], ctx)
        else:
            self.finish(game, rules, state, frame, ctx)

    def first(self, game: Any, rules: Rules, state: State, frame: Frame, who: str, ctx: Context) -> None:
        hits = frame["hits"][who]
        frame["stage"] = f"{who}:red"
        if hits < 1 or not alive(state, frame, who):
            if hits >= 1:
                frame["stage"] = f"{who}:rest"
            return
        chosen = frame.pop("chosen", None) or first_hit_unit(rules, state, frame, who)
        if chosen is None:
            frame["stage"] = f"{who}:first"
            flow.call(state, "losses", mode="first", who=who, owner=party(frame, who))
            return
        lose_step(game, state, frame, chosen, ctx)

    def red(self, game: Any, rules: Rules, state: State, frame: Frame, who: str, ctx: Context) -> None:
        """A red result: every unit of ``who`` checks efficiency (7.5.2), one held roll at a time
        (its owner's own roll: Schlachtenglück, 5.2)."""
        if not frame["red"][who]:
            frame["stage"] = f"{who}:rest"
            return
        checked = frame.setdefault("checked", [])
        if "checking" in frame:
            uid = frame.pop("checking")
            roll = luck.die(frame)
            del frame["returned"]
            if state["units"][uid]["hex"] is not None:
                self.red_check(game, rules, state, frame, uid, roll, ctx)
        waiting = [u for u in alive(state, frame, who) if u not in checked]
        if not waiting:
            frame["stage"] = f"{who}:rest"
            del frame["checked"]
            return
        frame["checking"] = waiting[0]
        checked.append(waiting[0])
        luck.hold(state, party(frame, who), "efficiency",
                  t("Efficiency check of {unit} ({why})", unit=game_ref(state, waiting[0]), why=t("red combat result")))

    def red_check(self, game: Any, rules: Rules, state: State, frame: Frame, uid: str, roll: int, ctx: Context) -> None:
        """One unit's red-result efficiency check (7.5.2): failing disorganises it, or costs a
        disorganised unit a step (5.6.2); the unit must then retreat."""
        drm = -2 if rules.units[uid].combat == "infantry" and state["units"][uid]["side"] == "soviet" and combat.defence_terrain(
            rules, state, state["units"][uid]["hex"], [uid]) in combat.FORTS else 0
        if efficiency_passed(rules, state, uid, roll, drm):
            return
        name = game_ref(state, uid)
        if state["units"][uid]["disorganized"]:
            ctx.log(t("{unit} fails its efficiency check while disorganised and loses a step (5.6.2).", unit=name))
            lose_step(game, state, frame, uid, ctx, counts=False)
        else:
            set_disorganized(rules, state, uid, True)
            ctx.log(t("{unit} fails its efficiency check and disorganises (7.5.2).", unit=name))
        if state["units"][uid]["hex"] is not None:
            frame["forced"].append(uid)

    def rest(self, game: Any, rules: Rules, state: State, frame: Frame, who: str, ctx: Context) -> None:
        hits = frame["hits"][who]
        units = alive(state, frame, who)
        if hits >= 2 and units and who not in frame["decision"]:
            flow.call(state, "losses", mode="second", who=who, owner=party(frame, who))
            return
        if hits >= 2 and units:
            decision = frame["decision"][who]
            leaving = [u for u in decision["retreat"] if u in units]
            staying = [u for u in units if u not in leaving]
            if staying:
                allocate(game, state, frame, who, staying, 1, ctx)
            else:
                ctx.log(t("Every unit retreats: the second hit is satisfied (7.5.2)."))
            allocate(game, state, frame, who, units, hits - 2, ctx)
            self.retreat(game, rules, state, frame, who, [u for u in leaving if state["units"][u]["hex"] is not None], decision["path"], ctx)
        frame["stage"] = "attacker:first" if who == "defender" else "finish"

    def retreat(self, game: Any, rules: Rules, state: State, frame: Frame, who: str, units: list[str], path: list[str], ctx: Context) -> None:
        if not units:
            return
        start = state["units"][units[0]]["hex"]
        forced = [u for u in units if u in frame["forced"]]
        extra = 0
        if not path:
            extra = int(combat.combat_table(rules)["no_retreat_steps"])
            ctx.log(t("The units that must retreat from {hex} cannot: each loses {n} more steps (7.5.2).", hex=start, n=extra))
            for uid in forced:
                for _ in range(extra):
                    if state["units"][uid]["hex"] is not None:
                        lose_step(game, state, frame, uid, ctx, counts=False)
            return
        drop_improved(state, start)
        for label in path:
            drop_improved(state, label)
        move_units(game, state, units, path[-1])
        mark_control(game, state)
        frame["retreated"] += units
        ctx.log(t("Retreat from {hex} along {path} (7.5.2).", hex=start, path=" ".join(path)))
        if path[-1] in board.zoc(rules, state, board.other(party(frame, who))):
            extra = int(combat.combat_table(rules)["ezoc_retreat_steps"])
            ctx.log(t("A forced retreat into an enemy zone of control: each retreating unit loses {n} more step (7.5.2).", n=extra))
            for uid in forced:
                for _ in range(extra):
                    if state["units"][uid]["hex"] is not None:
                        lose_step(game, state, frame, uid, ctx, counts=False)
        from engine.games.across_the_bug_river import overstack

        overstack.after_action(game, state, [path[-1]], ctx, units)

    def finish(self, game: Any, rules: Rules, state: State, frame: Frame, ctx: Context) -> None:
        """Combat victory (7.5.3), the end of the reveals, HQs left alone, then the bonus AP."""
        stacks.end_reveals(state, TAG)
        from engine.games.across_the_bug_river import hq

        alone = [u for label in (frame["source"], frame["target"]) for s in board.SIDES for u in hq.hq_only(state, label, s)]
        self.conclude(game, rules, state, frame, ctx)
        if alone:
            ctx.log(t("An HQ left alone in its hex by the combat is displaced (7.5, 5.3.2)."))
            hq.begin(game, state, alone, ctx, resume=False)

    def conclude(self, game: Any, rules: Rules, state: State, frame: Frame, ctx: Context) -> None:
        """Combat victory and the bonus AP (7.5.3)."""
        hits = frame["hits"]
        winner = "attacker" if hits["attacker"] < hits["defender"] else "defender" if hits["defender"] < hits["attacker"] else None
        if winner is not None and not alive(state, frame, winner):
            winner = None
        if winner is None:
            ctx.log(t("The combat has no winner (7.5.3)."))
            flow.end(state)
            return
        side = party(frame, winner)
        units = [u for u in alive(state, frame, winner) if board.command(rules, state, u) == "in"]
        loser = "defender" if winner == "attacker" else "attacker"
        home = frame["target"] if loser == "defender" else frame["source"]
        vacated = home if frame["units"][loser] and all(u in frame["retreated"] or state["units"][u]["hex"] is None for u in frame["units"][loser]) \
            and any(u in frame["retreated"] for u in frame["units"][loser]) and not board.at(state, home) else None
        if not units:
            ctx.log(t("{side} wins the combat, but no winning unit is in command range: no bonus AP (7.5.3).", side=side))
            flow.end(state)
            return
        track = int(state["ap"][side])
        bonus = int(combat.combat_table(rules)["bonus_ap"])
        state["ap"][side] = bonus + (track if winner == "attacker" else 0)
        ctx.log(t("{side} wins the combat: its units get {n} bonus AP to spend at once (7.5.3).", side=side, n=bonus))
        flow.goto(
            state, "bonus", side=side, formation=board.acting_formation(state["units"][units[0]]), units=units,
            attacker=winner == "attacker", track=track, vacated=vacated,
            reaction=winner != "attacker" or bool(frame.get("reaction")),
        )


def retreat_targets(rules: Rules, side: str) -> frozenset[str]:
    zone: set[str] = set()
    for name in board.SUPPLY_ZONES[side]:
        zone |= rules.board.zone(name)
    out = set(zone)
    for label in zone:
        out |= set(rules.board.neighbours(label))
    return frozenset(out)


def _fits(rules: Rules, state: State, label: str, extra: list[str]) -> bool:
    units = [u for u in [*board.at(state, label), *extra] if state["units"][u]["kind"] == "unit"]
    infantry = [u for u in units if rules.units[u].combat == "infantry" and rules.units[u].stack_infantry]
    return len(units) <= 3 and len(infantry) <= 1


def retreat_paths(rules: Rules, state: State, side: str, units: list[str], ezoc_ok: bool, limits: bool = True) -> list[tuple[str, ...]]:
    """Legal retreats of ``units`` together (7.5.2): 1 or 2 hexes, each nearer the nearest hex
    next to a friendly supply area; never into enemy-held hexes, across the unbridged Bug or a
    lake or off the map; into a hex over the stacking limits only when no other is open (then
    5.3.1 applies where it ends); into EZOC only when ``ezoc_ok`` (a forced retreat with nowhere
    else to go), and then it stops there."""
    if not units:
        return []
    start = state["units"][units[0]]["hex"]
    goals = retreat_targets(rules, side)
    grid = rules.board.grid

    def distance(label: str) -> int:
        return min(grid.distance(label, g) for g in goals) if goals else 0

    ezoc = board.zoc(rules, state, board.other(side))
    motorised = any(rules.units[u].move == "motorized" for u in units)

    def step_ok(a: str, b: str) -> bool:
        if b == start or board.holds_enemy(state, b, side) or combat.prohibited_side(rules, state, a, b):
            return False
        if limits and not _fits(rules, state, b, [u for u in units if u not in board.at(state, b)]):
            return False
        da, db = distance(a), distance(b)
        return db < da or (da == 0 and db == 0)

    def slows(a: str, b: str) -> bool:
        features = rules.board.side(a, b)
        return motorised and (("stream" in features and "bridge" not in features) or rules.board.terrain[b] in ("forest", "swamp", "fort_forest"))

    out: list[tuple[str, ...]] = []
    for b in rules.board.neighbours(start):
        if not step_ok(start, b):
            continue
        if b in ezoc:
            if ezoc_ok:
                out.append((b,))
            continue
        out.append((b,))
        if slows(start, b):
            continue
        for c in rules.board.neighbours(b):
            if c != start and step_ok(b, c) and c not in ezoc:
                out.append((b, c))
    if not out and limits:
        return retreat_paths(rules, state, side, units, ezoc_ok, limits=False)  # over the limit only when nothing else (5.3.1)
    if not ezoc_ok:
        return out
    free = [p for p in out if p[-1] not in ezoc]
    return free or out


def forced_paths(rules: Rules, state: State, side: str, units: list[str]) -> list[tuple[str, ...]]:
    """Where units that must retreat may go: free hexes first, EZOC only when nothing else (7.5.2)."""
    return retreat_paths(rules, state, side, units, ezoc_ok=True)


class Losses(Procedure):
    """The owner's choices in a combat (7.5.2): who takes a free first hit; hold or retreat on a second hit."""

    name = "losses"
    rule = "7.5.2"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Combat losses"), "7.5.2")

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({frame["owner"]})

    def fight(self, state: State) -> Frame:
        return flow.stack(state)[-2]

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        rules = rules_of(game)
        fight = self.fight(state)
        who = frame["who"]
        units = alive(state, fight, who)
        if frame["mode"] == "first":
            ordered = sorted(units, key=lambda u: (-int(state["units"][u]["strength"]), u))
            return Prompt(role, t("Your units in the combat take a hit: choose the unit that takes the first step loss with 'hit UNIT' (7.5.2)."),
                          tuple(Action("hit", (u,)) for u in ordered))
        acts = [Action("hold")]
        forced = [u for u in units if u in fight["forced"]]
        if forced:
            acts += [Action("hold", p) for p in forced_paths(rules, state, role, forced)]
        acts += [Action("retreat", p) for p in retreat_paths(rules, state, role, units, ezoc_ok=False)]
        return Prompt(
            role,
            t("Second hit in {hex}: 'hold [UNIT...]' (the units that failed their check retreat, the others take the hit, further losses in the order named) or 'retreat HEX [HEX] [UNIT...]' with every unit, or with the units named and those that must (the units that stay take the hit) (7.5.2).",
              hex=state["units"][units[0]]["hex"]),
            tuple(acts),
        )

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        rules = rules_of(game)
        fight = self.fight(state)
        who = frame["who"]
        units = alive(state, fight, who)
        if frame["mode"] == "first":
            if action.verb != "hit" or len(action.args) != 1:
                raise flow.refuse(action, ("hit",), self.step(game, state, frame), t("Give 'hit UNIT' naming one of your units in the combat."))
            if action.args[0] not in units:
                raise IllegalOrder(t("{unit} is not one of your units in this combat.", unit=action.args[0]), "7.5.2")
            fight["chosen"] = action.args[0]
            flow.end(state)
            return
        if action.verb not in ("hold", "retreat"):
            raise flow.refuse(action, ("hold", "retreat"), self.step(game, state, frame), t("Give 'hold [HEX [HEX]] [UNIT...]' or 'retreat HEX [HEX] [UNIT...]'."))
        path = [a for a in action.args if a in rules.board.grid]
        priority = [a for a in action.args if a not in rules.board.grid]
        for uid in priority:
            if uid not in units:
                raise IllegalOrder(t("{unit} is not one of your units in this combat.", unit=uid), "7.5.2")
        forced = [u for u in units if u in fight["forced"]]
        if action.verb == "hold":
            leaving = forced
            legal = forced_paths(rules, state, role, forced) if forced else []
            if not forced and path:
                raise IllegalOrder(t("No unit must retreat: 'hold' takes no path."), "7.5.2")
            if forced and not path:
                path = list(legal[0]) if legal else []
            elif forced and tuple(path) not in legal:
                raise IllegalOrder(self.refusal(legal), "7.5.2")
        else:
            # The units named retreat with those that must; none named: every unit (7.5.2). A
            # partial retreat moves one group and leaves the second hit to the units that stay.
            leaving = [u for u in units if u in priority or u in forced] if priority else units
            priority = []
            legal = retreat_paths(rules, state, role, leaving, ezoc_ok=False)
            if tuple(path) not in legal:
                raise IllegalOrder(self.refusal(legal), "7.5.2")
        fight["decision"][who] = {"retreat": leaving, "path": path, "priority": priority}
        ctx.log(t("{side} retreats (7.5.2).", side=role) if leaving else t("{side} holds (7.5.2).", side=role))
        flow.end(state)

    @staticmethod
    def refusal(legal: list[tuple[str, ...]]) -> Any:
        if not legal:
            return t("No legal retreat: 1 or 2 hexes, each nearer a friendly supply area, never into an enemy hex, across the unbridged Bug or a lake, over the stacking limits or (unless forced) into an enemy zone of control.")
        return t("A retreat goes 1 or 2 hexes, each nearer a friendly supply area; possible now: {paths}.", paths=", ".join(" ".join(p) for p in legal))


class Bonus(Activation):
    """The winner's bonus AP (7.5.3): one Action by the winning units alone, spent at once."""

    name = "bonus"
    rule = "7.5.3"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Bonus AP"), "7.5.3")

    def automatic(self, frame: Frame) -> bool:
        return super().automatic(frame) or (bool(frame.get("spent")) and not {"walk", *HELD} & frame.keys())

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        if any(k in frame for k in HELD):
            super().run(game, state, frame, ctx)  # a held check (5.2) of a Recovery, a move or an infiltration came back
            return
        if not frame["attacker"]:
            state["ap"][frame["side"]] = frame["track"]
        flow.end(state)

    def members(self, state: State, frame: Frame) -> list[str]:
        return [u for u in frame["units"] if state["units"][u]["hex"] is not None]

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        vacated = frame.get("vacated")
        acts = tuple(a for a in super().prompt(game, state, frame, role).actions if a.verb != "infiltrate" or a.args[-1] == vacated)
        return Prompt(role, t("Bonus AP: one Action by the units that won the combat, now, or 'end' to let it go (7.5.3)."), acts)

    def check_move(self, rules: Rules, state: State, frame: Frame, movers: list[str], path: list[str]) -> int:
        if frame.get("vacated") is None:
            raise IllegalOrder(t("A bonus move needs the enemy to have retreated all its units from the hex."), "7.5.3")
        if len(path) < 2 or path[1] != frame["vacated"]:
            raise IllegalOrder(t("A bonus move must enter the vacated enemy hex {hex} first.", hex=frame["vacated"]), "7.5.3")
        return super().check_move(rules, state, frame, movers, path)

    def improve_refusal(self, rules: Rules, state: State, frame: Frame, label: str) -> IllegalOrder | None:
        others = [u for u in board.at(state, label) if state["units"][u]["kind"] == "unit" and u not in frame["units"]]
        if others:
            return IllegalOrder(t("Only the units that won the combat may use the bonus AP."), "7.5.3")
        return super().improve_refusal(rules, state, frame, label)

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb == "end":
            state["ap"][role] = frame["track"]
            ctx.log(t("The bonus AP is not used (7.5.3)."))
            flow.end(state)
            return
        if action.verb == "infiltrate" and action.args[-1:] != (frame.get("vacated"),):
            raise IllegalOrder(t("A bonus move must enter the vacated enemy hex first."), "7.5.3")
        if action.verb == "attack":
            for uid in action.args[3:]:
                if uid not in frame["units"]:
                    raise IllegalOrder(t("Only the units that won the combat may use the bonus AP."), "7.5.3")
        depth = flow.depth(state)
        super().handle(game, state, frame, role, action, ctx)
        frame["spent"] = True
        if flow.depth(state) == depth and not {"walk", *HELD} & frame.keys():
            self.run(game, state, frame, ctx)


def attack_actions(rules: Rules, state: State, frame: Frame, role: str, members: list[str]) -> list[Action]:
    """Every legal attack of the acting units (for the prompt)."""
    out: list[Action] = []
    sources = sorted({state["units"][u]["hex"] for u in members if not state["units"][u]["disorganized"]})
    for source in sources:
        for target in rules.board.neighbours(source):
            if not board.holds_enemy(state, target, role):
                continue
            for kind in combat.KINDS:
                args = (kind, source, target)
                try:
                    combat.check(rules, state, role, frame["formation"], members, args, state["ap"][role])
                except (IllegalOrder, InvalidOrder):
                    continue
                out.append(Action("attack", args))
    return out


def preview(game: Any, state: State, role: str, args: tuple[str, ...]) -> Any:
    """The ``odds`` answer (7.5.1): the column range and the DRMs from what ``role`` may see."""
    rules = rules_of(game)
    from engine.games.across_the_bug_river.game import POLICY

    kind, source, target = args[0], args[1], args[2]
    named = list(args[3:])
    mine = [u for u in board.at(state, source) if state["units"][u]["side"] == role and state["units"][u]["kind"] == "unit" and not state["units"][u]["disorganized"]]
    if named:
        for uid in named:
            if uid not in mine:
                raise IllegalOrder(t("{unit} is not one of your units able to attack in {hex}.", unit=uid, hex=source), "7.5.1")
        mine = named
    if not mine:
        raise IllegalOrder(t("You have no unit able to attack in {hex}.", hex=source), "7.5.1")
    if not rules.board.grid.adjacent(source, target) or not board.holds_enemy(state, target, role):
        raise IllegalOrder(t("{target} is not an enemy hex next to {source}.", target=target, source=source), "7.5.1")
    formation = board.acting_formation(state["units"][mine[0]])
    plan = combat.Plan(kind, role, formation, source, target, tuple(mine))
    odds = combat.assess(rules, state, plan, lambda u: stacks.sees(POLICY, state, state["units"], u, role))
    cup = len(rules.tables["chits"]["cup"])
    totals = [combat.strength(rules, state, mine, i, kind == "prepared", attacking=True) for i in range(cup)]
    seen = list(odds.defenders)
    printed = sum(rules.units[u].strength for u in seen)
    columns = " ".join(rules.tables["crt"][f"line{odds.line}"]["columns"])
    if seen:
        printed_state = {**state, "units": {**state["units"], **{u: {**state["units"][u], "strength": rules.units[u].strength} for u in seen}}}
        improved = target in state["improved"]
        defence = [combat.strength(rules, printed_state, seen, i, improved, attacking=False) for i in range(cup)]
        worst = combat.column(rules, odds.line, min(totals), max(defence)) or t("below the leftmost column")
        best = combat.column(rules, odds.line, max(totals), min(defence)) or t("below the leftmost column")
    else:
        worst = best = "-"
    return t(
        "Odds of a {kind} attack from {source} on {target}: your strength {low} to {high} with the chits; the enemy counters you see: {n}, printed strength {printed} (current strength is never shown; hidden counters are not counted): from {worst} to {best} at their printed strength. Terrain line {line} ({columns}); DRM {drm} ({breakdown}) from what you see.",
        kind=kind, source=source, target=target, low=str(min(totals)), high=str(max(totals)), n=len(seen),
        printed=printed, worst=worst, best=best, line=odds.line, columns=columns, drm=f"{odds.drm:+d}", breakdown=odds.breakdown(),
    )
