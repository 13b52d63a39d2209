"""The sequence of play (E 4.2): the Administrative Phase, the activity phases by weather, the
General Phases and the Victory Check, as procedures of ``engine.flow``.

Implemented: every Administrative step (turn, supply and attrition, weather, Frontnahe
Auffrischung (``reorg.py``), Rochade (``rochade.py``), German Variable Reinforcements,
reinforcements placed by their owner (``reinforcements.py``), Soviet replacements rolled and
assigned (``replacements.py``), chit cups and C3I), Front marker moves and forced relocation
(``fronts.py``), administrative movement of units, formations and GVRs (``admin.py``),
Personalersatz, random events (``events.py``), uprisings (``uprising.py``), the move/combat order, C3I spending and the
Activity roll, Activity Points with the Soviet Fronts' pools and range, movement with ZOC,
the stacking check at the end of a Movement segment, combat (``combat.py``), the General Phases'
free moves and attacks, and both scenarios' victory checks. Every decision not implemented yet is refused where it is typed,
naming its rule (``NOT_YET`` in ``game.py``).
"""

from __future__ import annotations

from typing import Any

from engine import flow, stacks
from engine.errors import IllegalOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.schwerpunkt import (
    admin,
    combat,
    formations,
    fronts,
    reinforcements,
    reorg,
    replacements,
    rochade,
    terrain,
    uprising,
)
from engine.games.schwerpunkt.effects import (
    lose_step,
    record_control,
    score_loss,
    show_last,
    unit_ref,
)
from engine.games.schwerpunkt.model import (
    BOXES,
    FRONTS,
    GERMAN,
    POLICY,
    SOVIET,
    is_gvr,
    other,
    rules,
    spec,
)
from engine.games.schwerpunkt.words import front_name, weather_name
from engine.hexgrid import Label
from engine.text import Text, t

ADMIN_STEPS = ("advance", "supply", "weather", "fa", "rochade", "gvr", "reinforce-soviet", "reinforce-german", "replacements", "c3i")
STEP_RULES = {
    "advance": "E 4.2 I.A",
    "supply": "S 6.1",
    "weather": "E 5.1",
    "fa": "E 13.1",
    "rochade": "E 8.1",
    "gvr": "E 11.2",
    "reinforce-soviet": "E 11.1",
    "reinforce-german": "S 10.1",
    "replacements": "E 12.0",
    "c3i": "S 7.1",
}


def two_dice(ctx: Context, why: Text) -> int:
    return ctx.roll(6, why) + ctx.roll(6, why)


def steps_of_turn(state: State) -> list[tuple[Any, ...]]:
    """The steps of the current turn, in order (E 4.2; digest section 4 defaults)."""
    out: list[tuple[Any, ...]] = []
    if state["turn"] > 1:
        out += [("admin", s) for s in ADMIN_STEPS]
    phases = {"frozen": 2, "mud": 1, "very_mud": 0}[state["weather"]]
    for n in range(1, phases + 1):
        out += [("activity", SOVIET, n), ("activity", GERMAN, n)]
    if phases == 2 and state["options"].get("third_german_phase"):
        out.append(("activity", GERMAN, 3))
    out += [("general", SOVIET), ("general", GERMAN), ("victory",)]
    return out




class Turn(Procedure):
    """Runs the steps of each turn in order; the interactive ones are procedures it calls."""

    name = "turn"
    auto = True

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        steps = steps_of_turn(state)
        i = int(frame.get("i", 0))
        if state.get("result"):
            flow.end(state)
            return
        if i >= len(steps):
            if state["turn"] >= state["last_turn"]:
                state["result"] = {"winner": None, "reason": "last"}
                flow.end(state)
                return
            state["turn"] += 1
            frame["i"] = 0
            return
        frame["i"] = i + 1
        state["last"] = {}  # a new step of the turn: the pictures draw no earlier order
        kind = steps[i][0]
        if kind == "admin":
            admin_step(state, steps[i][1], ctx)
        elif kind == "activity":
            side, n = steps[i][1], steps[i][2]
            state["phase"] = {"kind": "activity", "side": side, "n": n}
            ctx.log(t("Turn {turn}: {side} activity phase {n}.", turn=state["turn"], side=side, n=n))
            if side == SOVIET:
                flow.call(state, "activity", side=side, step="front", general=False, done=[], allow=front_rolls(state, ctx))
            else:
                flow.call(state, "activity", side=side, step="admin" if state["turn"] > 1 else "order", general=False, done=[])
        elif kind == "general":
            side = steps[i][1]
            state["phase"] = {"kind": "general", "side": side, "n": 0}
            ctx.log(t("Turn {turn}: {side} General Phase.", turn=state["turn"], side=side))
            flow.call(state, "activity", side=side, step="order", general=True, done=[])
        else:
            state["phase"] = {"kind": "victory", "side": None, "n": 0}
            victory_check(state, ctx)


# Administrative Phase -------------------------------------------------------------------------


def admin_step(state: State, step: str, ctx: Context) -> None:
    rule = STEP_RULES[step]
    if step == "advance":
        ctx.log(t("Turn {turn}: Administrative Phase ({rule}).", turn=state["turn"], rule=rule))
    elif step == "supply":
        supply_check(state, ctx)
    elif step == "weather":
        roll_weather(state, ctx)
    elif step == "fa":
        reorg.fa_step(state, ctx)
    elif step == "rochade":
        rochade.rochade_step(state, ctx)
    elif step == "gvr":
        draw_gvrs(state, ctx)
    elif step in ("reinforce-soviet", "reinforce-german"):
        reinforce(state, SOVIET if step == "reinforce-soviet" else GERMAN, ctx)
    elif step == "replacements":
        roll_replacements(state, ctx)
        if state["turn"] >= int(rules().tables["replacements"]["from_turn"]):
            replacements.replacement_step(state, ctx)
    elif step == "c3i":
        change_cups(state, ctx)
        gain_c3i(state, ctx)


def supply_check(state: State, ctx: Context) -> None:
    """S 6.1: remove the OOS marker of units that trace; OOS units that cannot are attrited (S 6.5);
    the rest that cannot are marked OOS. Simultaneous for every unit: every trace, and whether a
    unit is surrounded, is read on the position before any attrition loss."""
    att = rules().tables["attrition"]
    held = terrain.sides_in(state)
    attrited: list[tuple[str, Label, bool]] = []
    for side in (SOVIET, GERMAN):
        reached = terrain.supplied_hexes(state, side)
        ezoc = terrain.zoc_of(state, other(side))
        for label, order in sorted(terrain.occupants(state).items()):
            for uid in list(order):
                unit = state["units"][uid]
                if unit["side"] != side:
                    continue
                if terrain.in_supply(label, reached):
                    unit["oos"] = False
                elif not unit["oos"]:
                    unit["oos"] = True
                    ctx.log(t("{unit} in {hex} is out of supply (S 6.1).", unit=unit_ref(state, uid), hex=label))
                else:
                    surrounded = all(n in ezoc or held.get(n) == other(side) for n in rules().board.neighbours(label))
                    attrited.append((uid, label, surrounded))
    for uid, label, surrounded in attrited:
        s = spec(uid)
        target = att["german"] if s.side == GERMAN else att["soviet_guards"] if s.branch == "soviet_guards" else att["soviet_regular"]
        drm = (att["surrounded_drm"] if surrounded else 0) + (att["city_drm"] if terrain.is_city(label) else 0)
        roll = ctx.roll(6, t("Attrition of {unit} in {hex} (S 6.5)", unit=unit_ref(state, uid), hex=label))
        if roll + drm >= int(target):
            lose_step(state, uid, ctx, t("attrition (S 6.5)"))


def roll_weather(state: State, ctx: Context) -> None:
    """E 5.1: 2d6 (Soviet roll): Frozen or Mud; Mud after Mud or Very Mud is Very Mud. Scenario 1 is always Frozen (E 18.1)."""
    state["last_weather"] = state["weather"]
    if state["scenario"] == "scenario1":
        state["weather"] = "frozen"
    elif state["options"].get("historical_weather"):
        state["weather"] = rules().tables["weather"]["historical"][str(state["turn"])]
    else:
        roll = two_dice(ctx, t("Weather (E 5.1)"))
        frozen_max = int(rules().tables["weather"]["frozen_max"][str(state["turn"])])
        if roll <= frozen_max:
            state["weather"] = "frozen"
        else:
            state["weather"] = "very_mud" if state["last_weather"] in ("mud", "very_mud") else "mud"
    ctx.log(t("Weather for turn {turn}: {weather}.", turn=state["turn"], weather=weather_name(state["weather"])))


def draw_gvrs(state: State, ctx: Context) -> None:
    """E 11.2: roll a die on the GVR table, draw that many from the cup, place each in its hex
    unless that hex has ever been enemy-controlled (then it is lost)."""
    table = rules().tables["gvr"]
    if state["turn"] < int(table["from_turn"]) or not state["cup"]:
        return
    roll = ctx.roll(6, t("German Variable Reinforcements (E 11.2)"))
    count = int(table["rows"][str(state["turn"])][roll - 1])
    for _ in range(min(count, len(state["cup"]))):
        uid = ctx.pick(sorted(state["cup"]), t("GVR draw"))
        state["cup"].remove(uid)
        place_gvr(state, uid, ctx)


def place_gvr(state: State, uid: str, ctx: Context) -> None:
    label = spec(uid).setup.partition(":")[2]
    if label in state["gvr_lost"]:
        state["out_of_play"].append(uid)
        ctx.reveal(t("GVR {unit} is drawn and lost: {hex} has been enemy-controlled (E 11.2).", unit=uid, hex=label))
        return
    stacks.place(POLICY, state, state["units"], uid, label)
    ctx.reveal(t("A GVR is drawn and placed in {hex}: {unit} (E 11.2).", unit=unit_ref(state, uid), hex=label))


def reinforce(state: State, side: Role, ctx: Context) -> None:
    """S 10, E 11.1: this turn's reinforcements: the owner chooses where each enters
    (``reinforcements.py``)."""
    if reinforcements.due(state, side):
        flow.call(state, "reinforce", side=side)


def roll_replacements(state: State, ctx: Context) -> None:
    """E 12.0: a die, -2 Mud, -4 Very Mud (below 1 reads 1); the result adds to the Soviet pools."""
    table = rules().tables["replacements"]
    if state["turn"] < int(table["from_turn"]):
        return
    roll = ctx.roll(6, t("Soviet replacements (E 12.0)"))
    drm = {"frozen": 0, "mud": int(table["mud_drm"]), "very_mud": int(table["very_mud_drm"])}[state["weather"]]
    column = min(6, max(1, roll + drm))
    nonmot, mot = table["rows"][str(state["turn"])][column - 1]
    state["replacements"]["nonmot"] += int(nonmot)
    state["replacements"]["mot"] += int(mot)
    ctx.log(t("Soviet replacements: +{nonmot} non-motorised, +{mot} motorised.", nonmot=nonmot, mot=mot))


def cup_for(side: Role, turn: int) -> list[str]:
    """The chits in a side's cup on ``turn``: each in its turn window (digest 2.3), ``count`` copies."""
    out: list[str] = []
    for chit in rules().chits.values():
        if chit.side == side and chit.first <= turn <= chit.last:
            out += [chit.id] * chit.count
    return sorted(out)


def change_cups(state: State, ctx: Context) -> None:
    for side in (SOVIET, GERMAN):
        before, after = state["cups"][side], cup_for(side, state["turn"])
        if before != after:
            state["cups"][side] = after
            ctx.log(t("The {side} chit cup changes for turn {turn} (reinforcement table).", side=side, turn=state["turn"]))


def gain_c3i(state: State, ctx: Context) -> None:
    """S 7.1, E 8.1: the Turn Track's C3I for the weather (none in Very Mud); unspent C3I carry over."""
    column = {"frozen": "full", "mud": "mud"}.get(state["weather"])
    for side in (SOVIET, GERMAN):
        if side == GERMAN and rochade.active(state):
            ctx.log(t("The German receives no C3I in his Rochade turn (E 8.31)."))
            continue
        gain = 0 if column is None else int(rules().tables["turns"]["c3i"][side][column][state["turn"] - 1])
        state["c3i"][side] += gain
        ctx.log(t("{side} receives {n} C3I (now {total}).", side=side, n=gain, total=state["c3i"][side]))


def front_rolls(state: State, ctx: Context) -> dict[str, int]:
    """E 14.2: 2d6 per Front marker, -1 Mud, -3 Very Mud: 2-4 no move, 5-9 one hex, 10-12 two (at most)."""
    table = rules().tables["fronts"]
    drm = {"frozen": 0, "mud": int(table["mud_drm"]), "very_mud": int(table["very_mud_drm"])}[state["weather"]]
    out: dict[str, int] = {}
    for front in FRONTS:
        roll = min(12, max(2, two_dice(ctx, t("{front} Front marker movement (E 14.2)", front=front_name(front))) + drm))
        out[front] = int(table["moves"][str(roll)])
    return out


# Activity and General Phases ------------------------------------------------------------------


def pools_for(state: State, uid: str, ranges: dict[str, set[str]] | None = None) -> list[str]:
    """The AP pools that may pay for ``uid``: the German pool, or the Soviet Fronts with it in range (E 14.0)."""
    unit = state["units"][uid]
    if unit["side"] == GERMAN:
        return [GERMAN]
    label = terrain.hex_of(state, uid)
    ranges = ranges if ranges is not None else {f: terrain.front_range(state, f) for f in FRONTS}
    return [f for f in FRONTS if label in ranges[f]]


def paying_pool(state: State, uid: str, ranges: dict[str, set[str]] | None = None) -> str | None:
    """The pool a move of ``uid`` is paid from: the German's, or the Front in range with more AP
    left (the first in FRONTS on a tie); ``None`` when no pool can pay."""
    if is_gvr(uid):
        return ""
    pools = [p for p in pools_for(state, uid, ranges) if state["ap"][p] >= 1]
    if not pools:
        return None
    return max(pools, key=lambda p: (state["ap"][p], -FRONTS.index(p) if p in FRONTS else 0))


def movable(state: State, side: Role, general: bool) -> dict[str, str]:
    """Units of ``side`` that may move now, with the pool that pays ("" = free)."""
    out: dict[str, str] = {}
    ranges = {f: terrain.front_range(state, f) for f in FRONTS} if side == SOVIET and not general else None
    for order in terrain.occupants(state).values():
        for uid in order:
            unit = state["units"][uid]
            if unit["side"] != side or unit["moved"] or spec(uid).move == "stationary":
                continue
            if general:
                if unit["acted"]:
                    continue
                out[uid] = ""
                continue
            pool = paying_pool(state, uid, ranges)
            if pool is not None:
                out[uid] = pool
    return out


class Activity(Procedure):
    """One activity phase (E 4.2 II-V) or General Phase (E 4.2 VI-VII, S 13) of ``side``."""

    name = "activity"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        titles = {
            "front": (t("Front marker movement"), "E 14.2"),
            "admin": (t("administrative movement"), "E 15.1"),
            "order": (t("declaration of the order of segments"), "S 4.2"),
            "c3i": (t("C3I spending and Activity roll"), "S 7.2"),
            "move": (t("Movement segment"), "S 11.0"),
            "combat": (t("Combat segment"), "S 12.0"),
            "personalersatz": (t("Personalersatz"), "E 13.2"),
        }
        title, rule = titles[frame["step"]]
        return Step(title, rule)

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({frame["side"]})

    def automatic(self, frame: flow.Frame) -> bool:
        """Back from the stacking check that ends a Movement segment (S 9.0): go on by itself."""
        return bool(frame.get("closing") and frame.get("resumed"))

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        frame["resumed"] = False
        frame.pop("returned", None)
        over = terrain.overstacked(state, frame["side"])
        if over:
            flow.call(state, "overstack", side=frame["side"], hex=over[0])
            return
        del frame["closing"]
        close_segment(state, frame, "move", ctx)

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        side, step = frame["side"], frame["step"]
        kind = t("General Phase") if frame["general"] else t("activity phase")
        if step == "front":
            return t("{side} {kind}: move the Front markers (allowance {allow}) or 'front done' (E 14.2).",
                     side=side, kind=kind, allow=t("Southwest {southwest}, Voronezh {voronezh}", southwest=frame.get("allow", {}).get("southwest", 0), voronezh=frame.get("allow", {}).get("voronezh", 0)))
        if step == "admin":
            if frame.get("admin_stage", 1) == 1:
                return t(
                    "{side} {kind}: administrative movement, step 1 (E 15.1): 'admin place UNIT HEX' from Admin Box #2, then 'admin done' (or 'admin pass' to skip it all).",
                    side=side,
                    kind=kind,
                )
            return t("{side} {kind}: administrative movement, step 3 (E 15.1): 'admin withdraw UNIT' into Admin Box #1, then 'admin done'.", side=side, kind=kind)
        if step == "order":
            return t("{side} {kind}: declare 'order move-first' or 'order combat-first' (S 4.2).", side=side, kind=kind)
        if step == "personalersatz":
            return t("{side} {kind}: Personalersatz (E 13.2): 'personalersatz UNIT with GVR', then 'end'.", side=side, kind=kind)
        if step == "c3i":
            return t("{side} {kind}: spend 0 to 3 C3I ({c3i} held): 'c3i N' (S 7.2).", side=side, kind=kind, c3i=state["c3i"][side])
        if step == "move":
            return t("{side} {kind}, Movement segment: 'move UNIT HEX', then 'end' ({ap}).", side=side, kind=kind, ap=ap_text(state, side, frame))
        return t("{side} {kind}, Combat segment: 'attack HEX with UNIT ...', then 'end' ({ap}; S 12).", side=side, kind=kind, ap=ap_text(state, side, frame))

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        step = frame["step"]
        acts: list[Action] = []
        if step == "front":
            acts.append(Action("front", ("done",)))
            for front, allow in sorted(frame.get("allow", {}).items()):
                if allow > 0:
                    acts += [Action("front", (front, h)) for h in front_steps(state, front)]
        elif step == "admin":
            acts += [Action("admin", ("done",)), Action("admin", ("pass",))]
            if frame.get("admin_stage", 1) == 1:
                for uid in stacks.stack(state, BOXES[role][1]):
                    if uid not in reorg.locked(state):
                        acts += [
                            Action("admin", ("place", uid, h))
                            for h in admin.placement_hexes(state, role, uid)
                            if admin.place_refusal(state, frame, role, uid, h) is None
                        ]
            else:
                acts += [
                    Action("admin", ("withdraw", uid))
                    for uid in admin.withdrawable(state, role)
                    if admin.withdraw_refusal(state, frame, uid) is None
                ]
        elif step == "order":
            acts += [Action("order", ("move-first",)), Action("order", ("combat-first",))]
        elif step == "personalersatz":
            acts.append(Action("end"))
            acts += [Action("personalersatz", (uid, "with", gvr)) for uid, gvr in reorg.personalersatz_pairs(state)]
        elif step == "c3i" and role == GERMAN and rochade.active(state):
            acts += [Action("c3i", ("0",)), Action("c3i", ("rochade",))]
        elif step == "c3i":
            acts += [Action("c3i", (str(n),)) for n in range(0, min(3, state["c3i"][role]) + 1)]
        elif step == "move":
            acts.append(Action("end"))
            for uid in sorted(movable(state, role, frame["general"])):
                start = terrain.hex_of(state, uid)
                assert start is not None
                acts += [Action("move", (uid, h)) for h in sorted(terrain.reachable(state, uid, start))]
            if role == GERMAN and (frame["general"] or state["ap"][GERMAN] >= 1):
                for label in sorted(terrain.occupants(state)):
                    for group in formations.groups(state, role, label, fresh=True):
                        acts += [Action("move", (*group, h)) for h in sorted(formations.group_reach(state, group, label))]
            acts += [Action("top", (uid,)) for uid in top_choices(state, role)]
        else:
            acts.append(Action("end"))
            for target, attackers in sorted(combat.targets(state, role, frame["general"]).items()):
                if combat.attack_pool(state, role, attackers, frame["general"]) is None:
                    continue
                acts.append(Action("attack", (target, "with", *attackers)))
                by_hex: dict[str, list[str]] = {}
                for u in attackers:
                    by_hex.setdefault(str(terrain.hex_of(state, u)), []).append(u)
                if len(by_hex) > 1:
                    acts += [
                        Action("attack", (target, "with", *group))
                        for group in by_hex.values()
                        if combat.attack_pool(state, role, group, frame["general"]) is not None
                    ]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        step, verb, args = frame["step"], action.verb, action.args
        if verb == "top" and step == "move":
            set_top(state, role, args[0], ctx)
            return
        if step == "front" and verb == "front":
            if args == ("done",):
                frame["step"] = "admin" if state["turn"] > 1 else "order"
                return
            move_front(state, frame, args[0], args[1], ctx)
            return
        if step == "admin" and verb == "admin":
            frame.setdefault("admin_stage", 1)
            frame.setdefault("admin_placed", False)
            frame.setdefault("admin_withdrawn", False)
            if args[0] == "place":
                admin.place(state, frame, role, args[1], args[2], ctx)
            elif args[0] == "withdraw":
                admin.withdraw(state, frame, role, args[1], ctx)
            elif args[0] == "done" and frame["admin_stage"] == 1:
                admin.box_one_to_two(state, role)
                frame["admin_stage"] = 3
            else:  # "pass", or "done" after step 3
                if frame["admin_stage"] == 1:
                    admin.box_one_to_two(state, role)
                frame["step"] = "order"
            return
        if step == "personalersatz" and verb == "personalersatz":
            reorg.personalersatz(state, args[0], args[2], ctx)
            return
        if step == "personalersatz" and verb == "end":
            frame["reorg_done"] = True
            finish_phase(state, frame, ctx)
            return
        if step == "order" and verb == "order":
            frame["first"] = "move" if args[0] == "move-first" else "combat"
            ctx.log(t("{side} declares {order} (S 4.2).", side=role, order=args[0]))
            frame["step"] = frame["first"] if frame["general"] else "c3i"
            return
        if step == "c3i" and verb == "c3i" and args[0] == "rochade":
            rochade.roll(state, frame, ctx)
            return
        if step == "c3i" and verb == "c3i":
            spend_c3i(state, frame, role, int(args[0]), args[1] if len(args) > 1 else None, ctx)
            return
        if step == "move" and verb == "move" and len(args) > 2:
            formations.move_group(state, frame, role, args[:-1], args[-1], ctx)
            return
        if step == "move" and verb == "move":
            move_unit(state, frame, role, args[0], args[1], ctx)
            return
        if step == "combat" and verb == "attack":
            combat.declare(state, role, args[0], list(args[2:]), frame["general"], ctx)
            flow.call(state, "combat")
            return
        if step in ("move", "combat") and verb == "end":
            if step == "move" and terrain.overstacked(state, role):
                # S 9.0: the check ends the segment: the owner removes the excess, then the phase goes on (``run``)
                frame["closing"] = True
                flow.call(state, "overstack", side=role, hex=terrain.overstacked(state, role)[0])
                return
            close_segment(state, frame, step, ctx)
            return
        if verb == "admin" and step != "admin":
            if frame["general"]:
                raise IllegalOrder(t("There is no administrative movement in a General Phase: it is made at the start of each activity phase."), "E 15.1")
            if state["turn"] == 1:
                raise IllegalOrder(t("Nobody makes administrative movement on turn 1."), "E 15.1")
            if step == "front":
                raise IllegalOrder(t("Administrative movement comes after the Front markers' movement: 'front done' first."), "E 15.1")
            raise IllegalOrder(
                t("Administrative movement is made at the start of the phase, before the order of the segments is declared; this phase's is over."), "E 15.1"
            )
        if step == "combat" and verb == "move":
            later = t("it comes after this one: 'end' closes the Combat segment") if "move" not in frame["done"] else t("this phase's Movement segment is over")
            raise IllegalOrder(t("Units move only in the Movement segment ({when}).", when=later), "S 11.4")
        if step == "move" and verb == "attack":
            later = t("it comes after this one: 'end' closes the Movement segment") if "combat" not in frame["done"] else t("this phase's Combat segment is over")
            raise IllegalOrder(t("Attacks are made only in the Combat segment ({when}).", when=later), "S 12.1")
        raise flow.out_of_step(verb, self.step(game, state, frame))


def close_segment(state: State, frame: flow.Frame, step: str, ctx: Context) -> None:
    """End the Movement or Combat segment: the next segment, or the end of the phase."""
    if step == "combat":
        for unit in state["units"].values():
            unit["attacked"] = unit["defended"] = False
    frame["done"].append(step)
    remaining = [s for s in ("move", "combat") if s not in frame["done"]]
    if remaining:
        frame["step"] = remaining[0]
    else:
        finish_phase(state, frame, ctx)


def ap_text(state: State, side: Role, frame: flow.Frame) -> Text:
    if frame["general"]:
        return t("General Phase: no AP cost")
    if side == GERMAN:
        return t("AP {ap}", ap=state["ap"][GERMAN])
    return t("Southwest AP {southwest}, Voronezh AP {voronezh}", southwest=state["ap"]["southwest"], voronezh=state["ap"]["voronezh"])


def finish_phase(state: State, frame: flow.Frame, ctx: Context) -> None:
    if reorg.offers_personalersatz(state, frame):
        frame["step"] = "personalersatz"  # E 4.2 III.F: at the end of each German activity phase
        return
    side = frame["side"]
    for pool in (GERMAN,) if side == GERMAN else FRONTS:
        state["ap"][pool] = 0  # S 8: unspent AP are lost at the end of the phase
    for unit in state["units"].values():
        if unit["side"] == side:
            unit["moved"] = False
            unit["admin"] = False
            if frame["general"]:
                unit["acted"] = False
    reorg.relock(state)
    flow.end(state)


def front_steps(state: State, front: str) -> list[str]:
    """Hexes a Front marker may step into (E 14.2): adjacent, on land, no German unit, a trace to a Soviet source (E 14.1)."""
    board = rules().board
    held = terrain.sides_in(state)
    reached = terrain.supplied_hexes(state, SOVIET)
    here = state["fronts"][front]
    return sorted(
        n for n in board.neighbours(here)
        if board.terrain.get(n) != "sea" and held.get(n) != GERMAN and terrain.in_supply(n, reached)
    )


def move_front(state: State, frame: flow.Frame, front: str, label: str, ctx: Context) -> None:
    if frame.get("allow", {}).get(front, 0) < 1:
        raise IllegalOrder(t("The {front} Front marker has no movement left this phase.", front=front_name(front)), "E 14.2")
    if label not in front_steps(state, front):
        board = rules().board
        traced = label in board.neighbours(state["fronts"][front]) and board.terrain.get(label) != "sea" and terrain.sides_in(state).get(label) != GERMAN
        raise IllegalOrder(
            t("The {front} Front marker may step only into an adjacent land hex without German units that traces to a Soviet source.", front=front_name(front)),
            "E 14.1" if traced else "E 14.2",
        )
    state["fronts"][front] = label
    frame["allow"][front] -= 1
    ctx.log(t("The {front} Front marker moves to {hex}.", front=front_name(front), hex=label))


def spend_c3i(state: State, frame: flow.Frame, role: Role, n: int, odd: str | None, ctx: Context) -> None:
    """S 7.2: spend 0-3 C3I and roll 2d6 on that column; 0 ends the phase. E 9.0: the Soviet splits
    the AP between the Fronts, the odd point to the Front he names (Southwest unless he says)."""
    if not 0 <= n <= 3:
        raise IllegalOrder(t("Spend 0, 1, 2 or 3 C3I."), "S 7.2")
    if odd is not None and role == GERMAN:
        raise IllegalOrder(t("Only the Soviet splits his Activity Points between the Fronts: the German spends 'c3i N' alone."), "E 9.0")
    if n > 0 and role == GERMAN and rochade.active(state):
        raise IllegalOrder(t("In a Rochade turn the German spends no C3I: 'c3i rochade' rolls the Rochade column, 'c3i 0' ends the phase."), "E 8.31")
    if n > state["c3i"][role]:
        raise IllegalOrder(t("You hold only {n} C3I.", n=state["c3i"][role]), "S 7.2")
    if n == 0:
        ctx.log(t("{side} spends no C3I: the phase ends (S 7.2).", side=role))
        finish_phase(state, frame, ctx)
        return
    state["c3i"][role] -= n
    roll = two_dice(ctx, t("Activity ({n} C3I, S 7.2)", n=n))
    table = rules().tables["activity"]
    ap = int(table["rows"][str(roll)][table["columns"].index(str(n))])
    if role == GERMAN:
        state["ap"][GERMAN] = ap
        ctx.log(t("German: {ap} Activity Points.", ap=ap))
    else:
        extra = odd or "southwest"
        half = ap // 2
        state["ap"]["southwest"] = half + (ap % 2 if extra == "southwest" else 0)
        state["ap"]["voronezh"] = half + (ap % 2 if extra == "voronezh" else 0)
        ctx.log(t("Soviet: {ap} Activity Points: Southwest {sw}, Voronezh {vor} (E 9.0).", ap=ap, sw=state["ap"]["southwest"], vor=state["ap"]["voronezh"]))
    frame["step"] = frame["first"]


def move_unit(state: State, frame: flow.Frame, role: Role, uid: str, label: str, ctx: Context) -> None:
    unit = state["units"].get(uid)
    if unit is None or unit["side"] != role:
        raise IllegalOrder(t("{unit} is not one of your units.", unit=uid), "S 11.4")
    start = terrain.hex_of(state, uid)
    if start is None:
        raise IllegalOrder(t("{unit} is not on the map (units in the Admin Boxes enter by administrative movement, E 15.1).", unit=uid), "E 15.1")
    if spec(uid).move == "stationary":
        raise IllegalOrder(t("{unit} is stationary and never moves.", unit=uid), "S 11.4")
    if uid in reorg.locked(state):
        raise IllegalOrder(t("{unit} is under Frontnahe Auffrischung this turn: it does not move or attack.", unit=uid), "E 13.1")
    if unit["admin"]:
        raise IllegalOrder(t("{unit} used administrative movement in this phase: a unit moves administratively or normally, not both.", unit=uid), "E 15.1")
    if unit["moved"]:
        raise IllegalOrder(t("{unit} has already moved in this segment.", unit=uid), "S 11.5")
    if frame["general"] and combat.refused_this_turn(state, uid):
        raise IllegalOrder(t("{unit} attacked a defender who refused combat this turn: it is not available in the General Phase.", unit=uid), "S 12.6")
    if frame["general"] and unit["acted"]:
        raise IllegalOrder(t("{unit} has already moved or attacked in this General Phase.", unit=uid), "S 13.0")
    pool = "" if frame["general"] else paying_pool(state, uid)
    if pool is None:
        raise IllegalOrder(
            t("No Activity Points can pay for {unit}: 1 AP per unit, a Soviet unit paid by a Front that has it in range (E 14.0).", unit=uid),
            "E 14.0" if role == SOVIET and any(state["ap"][f] >= 1 for f in FRONTS) else "S 11.1",
        )
    reach = terrain.reachable(state, uid, start)
    if label not in reach:
        why, rule = terrain.move_fault(state, uid, start, label)
        raise IllegalOrder(why, rule)
    if pool:
        state["ap"][pool] -= 1
    unit["moved"] = True
    if frame["general"]:
        unit["acted"] = True
    stacks.place(POLICY, state, state["units"], uid, label)
    ctx.log(t("{unit} moves from {start} to {hex}.", unit=unit_ref(state, uid), start=start, hex=label))
    show_last(state, moves=[[start, label]])
    record_control(state)
    uprising.after_move(state, [uid], ctx)
    fronts.relocate_cut(state, ctx)


def top_choices(state: State, role: Role) -> list[str]:
    """Units ``role`` may put on top of their stack (S 3.5: a motorised one if the stack holds one)."""
    out: list[str] = []
    for order in terrain.occupants(state).values():
        if len(order) < 2 or state["units"][order[0]]["side"] != role:
            continue
        best = min(0 if state["units"][u]["move"] == "mot" else 1 for u in order)
        out += [u for u in order[1:] if (0 if state["units"][u]["move"] == "mot" else 1) == best]
    return sorted(out)


def set_top(state: State, role: Role, uid: str, ctx: Context) -> None:
    label = terrain.hex_of(state, uid)
    if label is None or state["units"].get(uid, {}).get("side") != role:
        raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid), "S 3.5")
    stacks.set_top(POLICY, state, state["units"], label, uid, role)
    ctx.log(t("{side} reorders the stack in {hex}.", side=role, hex=label))




class Overstack(Procedure):
    """S 9, E 10: after a Movement segment the owner removes (eliminates) units over the limit."""

    name = "overstack"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("stacking check"), "S 9.0")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({frame["side"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t("{hex} is over the stacking limit: 'remove UNIT' until it fits (E 10).", hex=frame["hex"])

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        order = stacks.stack(state, frame["hex"])
        return Prompt(role, self.text(game, state, frame, role), tuple(Action("remove", (u,)) for u in sorted(order)))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb != "remove" or action.args[0] not in stacks.stack(state, frame["hex"]):
            raise IllegalOrder(t("Remove one of your units in {hex}.", hex=frame["hex"]), "S 9.0")
        uid = action.args[0]
        stacks.remove(POLICY, state, state["units"], uid)
        state["eliminated"].append(uid)
        score_loss(state, uid, len(spec(uid).steps) - int(state["units"][uid]["step"]))
        ctx.log(t("{unit} is removed: over the stacking limit in {hex} (E 10).", unit=uid, hex=frame["hex"]))
        if terrain.stacking_points(state, stacks.stack(state, frame["hex"])) <= terrain.stacking_limit(role):
            flow.end(state)


# Victory --------------------------------------------------------------------------------------


def victory_check(state: State, ctx: Context) -> None:
    """E 18.1 (scenario 1, at the end of turn 4) and E 18.2 (scenario 2, every turn)."""
    if state["scenario"] == "scenario1":
        if state["turn"] < state["last_turn"]:
            return
        cities = [h for h, p in rules().board.places.items() if p.kind == "city"]
        held = terrain.sides_in(state)
        if any(held.get(h) == SOVIET for h in cities):
            state["result"] = {"winner": SOVIET, "reason": "city"}
        elif not any(held.get(h) == SOVIET for h in rules().board.zone("west_of_donets")):
            state["result"] = {"winner": GERMAN, "reason": "donets"}
        else:
            state["result"] = {"winner": None, "reason": "draw1"}
        return
    held = terrain.sides_in(state)
    for label, place in sorted(rules().board.places.items()):
        value = int(place.get("vp") or 0)
        if not value:
            continue
        owner = state["objectives"].get(label, GERMAN)
        now = held.get(label)
        if now == SOVIET and owner != SOVIET:
            state["objectives"][label] = SOVIET
            state["vp"] += value
            ctx.log(t("The Soviet occupies {place}: +{vp} VP (E 18.2).", place=place.name, vp=value))
        elif now == GERMAN and owner == SOVIET:
            state["objectives"][label] = GERMAN
            state["vp"] -= value
            ctx.log(t("The German re-occupies {place}: -{vp} VP (E 18.2).", place=place.name, vp=value))
    low = int(rules().tables["turns"]["vp_range"]["low"][state["turn"] - 1])
    high = int(rules().tables["turns"]["vp_range"]["high"][state["turn"] - 1])
    ctx.log(t("Victory check, turn {turn}: {vp} VP (range {low} to {high}).", turn=state["turn"], vp=state["vp"], low=low, high=high))
    if state["vp"] > high:
        state["result"] = {"winner": SOVIET, "reason": "vp"}
    elif state["vp"] < low:
        state["result"] = {"winner": GERMAN, "reason": "vp"}
