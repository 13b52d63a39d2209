"""The Admin Phase (8) in the order of its segments, and the end of the turn with victory (7.8, 9).

Every segment runs automatically with the published default for each decision (digest 6.2):
Emergency Supply is spent when it can be; every reinforcement is placed at its side's entry hexes.
The Assignment and Replacement Segments ask each side (``assignment``, ``replacements``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine import flow, stacks
from engine.flow import Frame, Procedure
from engine.game import Context, State
from engine.games.across_the_bug_river import board, luck, supplyline, victory
from engine.games.across_the_bug_river.data import Rules
from engine.games.across_the_bug_river.phases import rules_of, set_disorganized
from engine.text import t


class Admin(Procedure):
    name = "admin"
    auto = True
    rule = "8"

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        rules = rules_of(game)
        if "attrition" in frame:
            self.attrition_checked(game, rules, state, frame, ctx)
            return
        if "emergency" in frame:
            self.interdiction_rolled(game, rules, state, frame, ctx)
            return
        ctx.log(t("Turn {turn}: Admin Phase (8).", turn=state["turn"]))
        state["marker"] = {"side": None, "value": 0}
        emergency = self.hq_supply(rules, state, ctx)
        self.recover_levels(rules, state, "german", emergency, ctx)
        frame["emergency"] = emergency
        luck.hold(state, "german", "interdiction", t("Interdiction"))  # 8.1.2: the German rolls it, its own roll (5.2)

    def interdiction_rolled(self, game: Any, rules: Rules, state: State, frame: Frame, ctx: Context) -> None:
        """8.1.2: the German's interdiction die (held for Schlachtenglück, 5.2) is in: the level, then
        the Soviet recovery, the units' recovery and the attrition checks."""
        emergency: dict[str, bool] = frame.pop("emergency")
        roll = luck.die(frame)
        del frame["returned"]
        state["interdiction"] = int(rules.tables["interdiction"]["by_roll"][roll - 1])
        ctx.log(t("Interdiction roll {roll}: level {level} this turn (8.1.2).", roll=roll, level=state["interdiction"]))
        self.recover_levels(rules, state, "soviet", emergency, ctx)
        self.recover_units(rules, state, ctx)
        frame["cut"] = sorted(f for f, cut in emergency.items() if cut)
        frame["attrition"] = [uid for uid, u in sorted(board.on_map(state).items())
                              if u["kind"] == "unit" and u["disorganized"] and board.command(rules, state, uid) == "isolated"]
        self.next_attrition(game, state, frame, ctx)

    def next_attrition(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        """8.1.5 / 5.8.4: the next disorganised isolated unit's attrition check, its owner's own roll
        (held for Schlachtenglück, 5.2); then the Assignment Segment."""
        if frame["attrition"]:
            uid = frame["attrition"][0]
            luck.hold(state, state["units"][uid]["side"], "attrition", t("Attrition check"))
            return
        from engine.games.across_the_bug_river import assignment

        assignment.begin(game, state, frame["cut"], ctx)

    def attrition_checked(self, game: Any, rules: Rules, state: State, frame: Frame, ctx: Context) -> None:
        """An attrition check is in: d10 - efficiency (fortified Soviet infantry -2) on the table (8.1.5)."""
        uid = frame["attrition"].pop(0)
        roll = luck.die(frame)
        del frame["returned"]
        u = state["units"][uid]
        fort = u["side"] == "soviet" and rules.units[uid].combat == "infantry" and rules.board.terrain[u["hex"]] in ("fort_clear", "fort_forest")
        diff = roll - (2 if fort else 0) - rules.units[uid].eff_d
        loss = next(int(steps) for bound, steps in rules.tables["attrition"]["bands"] if diff <= bound)
        if loss:
            lose_steps(game, state, uid, loss, ctx, "8.1.5")
        self.next_attrition(game, state, frame, ctx)

    def hq_supply(self, rules: Rules, state: State, ctx: Context) -> dict[str, bool]:
        """5.7, 8.1: an HQ out of supply spends Emergency Supply (the default) and recovers 1 less;
        already spent, it cannot recover; back in supply, it flips to its front."""
        spent: dict[str, bool] = {}
        for fid in sorted(state["formations"]):
            hq_id = rules.formations[fid].hq
            hq = state["units"].get(hq_id)
            if hq is None or hq["hex"] is None:
                spent[fid] = True
                continue
            if board.supplied(rules, state, hq_id):
                if hq["emergency"]:
                    ctx.log(t("{hq} is back in supply and flips to its front (5.7.2).", hq=hq_id))
                hq["emergency"] = False
                continue
            if hq["emergency"]:
                spent[fid] = True
                ctx.log(t("{hq} is out of supply with Emergency Supply spent: no recovery (5.7.2).", hq=hq_id))
            else:
                hq["emergency"] = True
                spent[fid] = False
                ctx.log(t("{hq} is out of supply and spends Emergency Supply: it recovers 1 less (5.7.2).", hq=hq_id))
        return spent

    def recover_levels(self, rules: Rules, state: State, side: str, emergency: dict[str, bool], ctx: Context) -> None:
        table = rules.tables["hq_recovery"][side]
        for fid in sorted(state["formations"]):
            form = rules.formations[fid]
            if form.side != side:
                continue
            if emergency.get(fid) is True:
                continue
            value = table[str(form.recovery)]
            gain = int(value if side == "german" else value[state["interdiction"]])
            if emergency.get(fid) is False:
                gain -= 1
            f = state["formations"][fid]
            new = max(f["level"], min(form.max_level, f["level"] + max(gain, 0)))
            if new != f["level"]:
                ctx.log(t("{formation} recovers to activation level {level} (8.1).", formation=fid, level=new))
            f["level"] = new

    def recover_units(self, rules: Rules, state: State, ctx: Context) -> None:
        """8.1.4: disorganised units in command range recover, both sides together."""
        for uid, u in sorted(board.on_map(state).items()):
            if u["kind"] == "unit" and u["disorganized"] and board.command(rules, state, uid) == "in":
                set_disorganized(rules, state, uid, False)
                ctx.log(t("{side} unit in {hex} recovers from disorganisation (8.1.4).", side=u["side"], hex=u["hex"]))

    def reinforce(self, game: Any, rules: Rules, state: State, ctx: Context) -> None:
        """8.4: the Soviet side places first, then the German, at their entry hexes; a unit with no
        free entry hex waits for the next turn."""
        due = state["pending"].pop(str(state["turn"]), [])
        order = sorted(due, key=lambda u: (state["units"][u]["kind"] == "hq", state["units"][u]["side"] != "soviet", u))
        late: list[str] = []
        for uid in order:
            side = state["units"][uid]["side"]
            spot = self.hq_spot(rules, state, uid) if state["units"][uid]["kind"] == "hq" else self.entry_for(rules, state, uid, side)
            if spot is None:
                late.append(uid)
                continue
            u = state["units"][uid]
            u["hex"] = spot
            stacks.place(game.policy, state, state["units"], uid, spot)
            fid = board.acting_formation(u)
            if fid in rules.formations and fid not in state["formations"]:
                state["formations"][fid] = {"level": rules.formations[fid].max_level}
            state["shown"].append(uid)  # the reinforcement chart is public: its arrivals are known
            ctx.log(t("Reinforcement: {unit} enters at {hex} (8.4).", unit=uid, hex=spot))
        if late:
            state["pending"].setdefault(str(state["turn"] + 1), []).extend(late)
            ctx.log(t("No free entry hex: {units} wait for the next turn (8.4.1).", units=", ".join(late)))

    def hq_spot(self, rules: Rules, state: State, hq_id: str) -> str | None:
        """Where a reinforcing formation's HQ enters (RULINGS 35): the friendly village or city with
        room for it (5.3.1) nearest to its formation's units on the map, else to its side's entry
        hexes; ties by label."""
        from engine.games.across_the_bug_river import hq

        side = state["units"][hq_id]["side"]
        fid = state["units"][hq_id]["formation"]
        scen = rules.scenarios[state["scenario"]]
        near = [u["hex"] for u in board.on_map(state).values() if u["kind"] == "unit" and board.acting_formation(u) == fid]
        near = near or [p.hex for p in rules.board.places.values() if p.kind == "entry" and p.get("side") == side and scen.inside(p.hex)]
        spots = [h for h in rules.board.grid.labels() if scen.inside(h) and hq.friendly(rules, state, h, side) and hq.room(rules, state, h, hq_id)]
        if not spots or not near:
            return None
        return str(min(spots, key=lambda h: (min(rules.board.grid.distance(h, n) for n in near), h)))

    def entry_for(self, rules: Rules, state: State, uid: str, side: str) -> str | None:
        scen = rules.scenarios[state["scenario"]]
        entries = sorted(p.hex for p in rules.board.places.values() if p.kind == "entry" and p.get("side") == side and scen.inside(p.hex))
        for label in entries:
            if board.holds_enemy(state, label, side):
                continue
            here = board.at(state, label)
            combat = [x for x in here if state["units"][x]["kind"] == "unit"]
            infantry = [x for x in [*combat, uid] if rules.units[x].combat == "infantry" and rules.units[x].stack_infantry]
            if len(combat) < 3 and len(infantry) <= 1:
                return label
        return self.nearest_to_entry(rules, state, uid, side, entries)

    def nearest_to_entry(self, rules: Rules, state: State, uid: str, side: str, entries: list[str]) -> str | None:
        """8.4.1: with no friendly entry hex available, the hex nearest to them within the unit's
        HQ's command range (when that HQ is on the map) and not next to an enemy unit, within the
        stacking limits; ties by label."""
        from engine.games.across_the_bug_river.overstack import over

        if not entries:
            return None
        scen = rules.scenarios[state["scenario"]]
        fid = board.acting_formation(state["units"][uid])
        hq = state["units"].get(rules.formations[fid].hq) if fid in rules.formations else None
        grid = rules.board.grid
        for label in sorted((h for h in grid.labels() if scen.inside(h)), key=lambda h: (min(grid.distance(h, e) for e in entries), h)):
            if board.holds_enemy(state, label, side) or any(board.holds_enemy(state, n, side) for n in rules.board.neighbours(label)):
                continue
            if over(rules, state, label, [uid]):
                continue
            if hq is not None and hq["hex"] is not None:
                length = board.path_length(rules, state, label, [hq["hex"]], side, terrain_blocks=False)
                if length is None or length > rules.formations[fid].range:
                    continue
            return str(label)
        return None


def after_replacements(game: Any, state: State, ctx: Context) -> None:
    """The Reinforcement Segment (8.4), with the German's pontoon bridges (10.3), then the Ops Phase."""
    Admin().reinforce(game, rules_of(game), state, ctx)
    from engine.games.across_the_bug_river import river

    if river.standing(state):
        flow.goto(state, "pontoons")  # 10.3: the German may take a pontoon bridge up to use it again
        return
    begin_ops(state)


def begin_ops(state: State) -> None:
    """The Ops Phase of the turn begins (6)."""
    state["passed"] = {"german": False, "soviet": False}
    state["cycle"] = 0
    flow.goto(state, "ops")


def lose_steps(game: Any, state: State, uid: str, steps: int, ctx: Context, rule: str) -> None:
    u = state["units"][uid]
    u["strength"] -= steps
    if u["strength"] <= 0:
        label = u["hex"]
        stacks.remove(game.policy, state, state["units"], uid)
        u["hex"] = None
        u["strength"] = 0
        state["destroyed"].append(uid)
        ctx.log(t("A {side} unit in {hex} is eliminated ({rule}).", side=u["side"], hex=label, rule=rule))
    else:
        ctx.log(t("A {side} unit in {hex} loses {steps} step(s) ({rule}).", side=u["side"], hex=u["hex"], steps=steps, rule=rule))


class EndTurn(Procedure):
    """7.8: record the VP and advance the turn; after the last turn, victory (9, 11)."""

    name = "end_turn"
    auto = True
    rule = "7.8"

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        rules = rules_of(game)
        victory.score_conditional(rules, state, ctx)
        vp = victory_points(rules, state)
        state["vp"] = str(vp)
        ctx.log(t("End of turn {turn}: German VP {vp} (9).", turn=state["turn"], vp=f"{float(vp):.2f}"))
        if state["turn"] >= state["last_turn"]:
            flow.end(state)
            return
        state["turn"] += 1
        flow.goto(state, "admin")


def victory_points(rules: Rules, state: State) -> Fraction:
    """9, 11: the German total (VP hexes the German controls, by last occupation and the supply
    line of 9, destroyed Soviet strength, Counterattack Orders held, deductions: every three German
    units destroyed, out of command or isolated, every two German activation markers below 2)."""
    scen = rules.scenarios[state["scenario"]]
    vp = Fraction(0)
    for label in state["control"]:
        if supplyline.controller(rules, state, label) == "german" and victory.counts_at_end(rules, state, label):
            vp += Fraction(int(state["vp_hexes"][label]))
    vp += victory.extra(state)
    for uid in state["destroyed"]:
        printed = rules.units[uid]
        if printed.side == "soviet":
            vp += Fraction(printed.strength, 15 if printed.combat == "afv" else 30)
    vp += int(state["counterattack"])
    if scen.key == "scenario1":
        forts = [h for h, ter in rules.board.terrain.items() if ter in ("fort_clear", "fort_forest") and scen.inside(h)]
        if not any(board.holds_friend(state, h, "soviet") for h in forts):
            vp += 2
    lost = sum(1 for uid in state["destroyed"] if rules.units[uid].side == "german")
    lost += sum(1 for uid, u in board.combat_units(state, "german").items() if board.command(rules, state, uid) != "in")
    vp -= lost // 3  # 9: every three German units destroyed, out of command or isolated
    low = sum(1 for fid, f in state["formations"].items() if rules.formations[fid].side == "german" and f["level"] < 2)
    vp -= low // 2
    return vp


def verdict(rules: Rules, state: State) -> tuple[str | None, str]:
    """The scenario's victory level for the final German total (rounded down, digest 5.15)."""
    scen = rules.scenarios[state["scenario"]]
    bounds = rules.tables["victory"][scen.victory]
    score = int(Fraction(state.get("vp", "0")) // 1)
    names = ("German decisive victory", "German minor victory", "Draw", "Soviet minor victory")
    for bound, name in zip(bounds, names, strict=True):
        if score >= bound:
            return ("german" if "German" in name else None if name == "Draw" else "soviet"), name
    return "soviet", "Soviet decisive victory"
