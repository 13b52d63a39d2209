"""The Movement Phase procedure (7, 8.5, 13, 15, 17.2, 18.1): moves, rail and naval movement,
Mobile Assaults, Automatic Elimination, Assault markers, replacements and rebuilding, merges,
the special units, stacking.

The frame of the phase keeps ``group`` (the group moving now, see ``mobile``) and ``hexes``
(hexes each unit moved this phase). Units carry ``moved``, ``mp_spent`` and, once they have
moved, ``start_hex`` (the hex they started the phase in, for the Major River rule of 13.1).
"""

from __future__ import annotations

from typing import Any

from engine import flow, replaying
from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action, Context, Prompt, State
from engine.games.caucasus import battle, combat, losses, mobile, moves, naval, rail, special, words
from engine.games.caucasus.initial import rail_cities
from engine.games.caucasus.model import Rules, UnitType, enemy, flagged, units_at, values
from engine.games.caucasus.moves import mark_control
from engine.games.caucasus.terrain import impassable_side
from engine.text import Text, t

__all__ = ["Movement", "mark_control", "replacement_track"]

GERMAN = ("wehrmacht", "ss", "luftwaffe")
ALLIED = ("romanian", "slovak", "italian", "ost")
VERBS_NOW = "move, mobile, ae, rail, train, naval, land, flotilla, assault, replace, rebuild, merge, eliminate, hq-remove, done"


def replacement_track(rules: Rules, uid: str) -> str | None:
    """Which replacement track can rebuild this unit, or ``None`` if none can (17.2, 4.5)."""
    spec = rules.units[uid]
    if "never_replaced" in spec.flags:
        return None
    if spec.side == "soviet":
        if spec.type == UnitType.CAVALRY:
            return "soviet_cav"
        if spec.type in (UnitType.INF, UnitType.MOUNTAIN, UnitType.NKVD, UnitType.NAVAL_INF):
            return "soviet_inf"
        return None
    if spec.nationality in ALLIED:
        if spec.type in (UnitType.CAVALRY, UnitType.INF, UnitType.MOT_INF, UnitType.MOUNTAIN):
            return "axis_allied"
        return None
    if spec.type in (UnitType.MOUNTAIN, UnitType.JAGER):
        return "german_elite_inf"
    if spec.type in (UnitType.INF, UnitType.BICYCLE):
        return "german_regular_inf"
    if spec.type in (UnitType.PANZER, UnitType.PZGREN, UnitType.STUG) or "felmy" in spec.flags:
        return "german_mech"
    return None


class Movement(flow.Procedure):
    name = "movement"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        ph = state["phase"]
        if ph.get("impulse") == "secondary":
            return flow.Step(t("{side} Secondary {what} Phase", side=str(ph["side"]).capitalize(), what=t("Movement")), "7.3")
        return flow.Step(t("{side} Primary {what} Phase", side=str(ph["side"]).capitalize(), what=t("Movement")), "7.2")

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        """Start of the phase (and return from a Mobile Assault): the special units' checks."""
        if not frame.get("started"):
            frame["started"] = True
            for u in state["units"].values():
                u.pop("start_hex", None)
        special.end_of_step_checks(game.rules, state, ctx)
        frame["waiting"] = True

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        over = moves.over_stacked(rules, state, role)
        acts: list[Action] = [] if over or moves.must_move_454(rules, state, role) else [Action("done")]
        for uids in over.values():
            acts += [Action("eliminate", (uid,)) for uid in uids]
        for uid, u in sorted(state["units"].items()):
            spec = rules.units[uid]
            if spec.side != role or not u.get("hex") or u.get("moved") or special.is_corps(rules, uid):
                continue
            acts += [Action("move", (uid, label)) for label in sorted(moves.destinations(rules, state, uid))]
        if frame["impulse"] == "primary":
            acts += candidate_rebuilds(rules, state, role)
            acts += candidate_aes(rules, state, role)
            acts += naval.candidate_naval(rules, state, role)
            acts += naval.candidate_landings(rules, state, role)
        else:
            acts += mobile.candidate_mobiles(rules, state, frame, role)
            acts += mobile.candidate_continuations(rules, state, frame, role)
            acts += candidate_assaults(rules, state, frame, role)
        acts += naval.candidate_flotilla(rules, state, role)
        acts += special.candidate_merges(rules, state, role)
        return Prompt(role, self.text(game, state, frame, role), tuple(acts))

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        group = mobile.current_group(state, frame)
        if group is not None and group.get("ma"):
            return t(
                "{impulse} Movement Phase: the group {units} may assault again, move on or take Assault markers; then 'done'.",
                impulse=words.impulse(frame["impulse"]),
                units=", ".join(group["units"]),
            )
        return t(
            "{impulse} Movement Phase: move units ('move UNIT HEX' or a path), then 'done'.",
            impulse=words.impulse(frame["impulse"]),
        )

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        verb, args = action.verb, action.args
        frame["waiting"] = False
        if not frame.get("started"):  # a phase entered by a referee override
            frame["started"] = True
            for u in state["units"].values():
                u.pop("start_hex", None)
        if verb == "done":
            self.done(rules, state, role, ctx)
            return
        if verb == "move":
            self.move(rules, state, frame, role, args, ctx)
        elif verb == "mobile":
            mobile.mobile_assault(rules, state, frame, role, args, ctx)
        elif verb in ("rail", "train"):
            frame.pop("group", None)
            self.rail(rules, state, role, args, ctx)
        elif verb == "assault":
            take_assault(rules, state, frame, role, args[0], ctx)
        elif verb == "replace":
            replace(rules, state, frame, role, args[0], ctx)
        elif verb == "rebuild":
            rebuild(rules, state, role, args[0], args[1], ctx)
        elif verb == "ae":
            frame.pop("group", None)
            automatic_elimination(rules, state, role, args, ctx)
        elif verb == "naval":
            frame.pop("group", None)
            cap = args[3] if len(args) == 4 else None
            naval.naval_move(rules, state, role, args[0], args[1], cap, ctx)
        elif verb == "land":
            frame.pop("group", None)
            naval.land(rules, state, role, args[0], args[1], args[3] if len(args) == 4 else None, ctx)
        elif verb == "flotilla":
            frame.pop("group", None)
            naval.move_flotilla(rules, state, role, args[0], ctx)
        elif verb == "merge":
            special.merge(rules, state, role, args[0], args[1], ctx)
        elif verb == "eliminate":
            uid = args[0]
            if rules.units[uid].side != role or not state["units"][uid].get("hex"):
                raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid), "3.0")
            if state["units"][uid]["hex"] not in moves.over_stacked(rules, state, role):
                raise IllegalOrder(t("Units may be eliminated only to correct over-stacking."), "5.2")
            box = losses.eliminate(rules, state, uid)
            ctx.log(t("{unit} is eliminated to correct over-stacking ({box}) (5.2).", unit=uid, box=box))
        elif verb == "hq-remove":
            uid = args[0]
            spec = rules.units[uid]
            if spec.side != role or spec.type != UnitType.HQ or special.is_corps(rules, uid) or not state["units"][uid].get("hex"):
                raise IllegalOrder(t("{unit} is not one of your HQs on the map.", unit=uid), "15.1")
            state["units"][uid].update(hex=None, box="hq_return")
            ctx.log(t("{unit} is taken off the map and will return next Initial Phase (15.1).", unit=uid))
        else:
            raise flow.out_of_step(verb, self.step(game, state, frame), t("Possible now: {verbs}.", verbs=VERBS_NOW))
        home = moves.home_454(rules)
        if home is not None and any(
            rules.units[u].side == role and state["units"][u].get("hex") == home for u in flagged(rules, "restricted")
        ):
            state["flags"]["reached_rostov_454"] = True
        special.end_of_step_checks(rules, state, ctx)

    def done(self, rules: Rules, state: State, role: str, ctx: Context) -> None:
        over = moves.over_stacked(rules, state, role)
        if over:
            where = "; ".join(f"{h} ({', '.join(us)})" for h, us in over.items())
            raise IllegalOrder(
                t("Stacking is over 3 units in {where}: move units away or 'eliminate UNIT'.", where=where), "5.2"
            )
        late = moves.must_move_454(rules, state, role)
        if late is not None:
            raise IllegalOrder(
                t("{unit} must first move toward Rostov by the shortest path.", unit=late), "15.9"
            )
        special.end_of_step_checks(rules, state, ctx)
        flow.end(state)

    def rail(self, rules: Rules, state: State, role: str, args: tuple[str, ...], ctx: Context) -> None:
        """Rail movement (7.22) and armoured trains (15.6) along a typed rail path."""
        uid, path = args[0], [state["units"][args[0]].get("hex") or "", *args[1:]]
        if len(path) > 1 and path[1] == path[0]:
            path = path[1:]
        spec = rules.units[uid]
        if special.is_corps(rules, uid):
            raise IllegalOrder(t("The 4th Guards Cavalry Corps HQ moves only together with its cavalry divisions."), "15.7")
        if "azov" in spec.flags:
            raise IllegalOrder(t("The Azov Flotilla moves port to port, with the 'flotilla' order."), "15.3")
        if "restricted" in spec.flags:
            home = moves.home_454(rules)
            if path[0] == home or path[-1] != home:
                raise IllegalOrder(
                    t("The 454th Security Division may move only into Rostov, and never out of it."), "15.9"
                )
        usable = frozenset(state["flags"].get("rail_usable", {}).get(role, []))
        rail.check_rail_move(rules, state, role, uid, path, usable)
        u = state["units"][uid]
        u["start_hex"] = path[0]
        u["hex"] = path[-1]
        u["rail_moved"] = True
        u["moved"] = True
        if "rail_unlimited" not in spec.flags:
            state["flags"]["rail_used"].append(role)
        mark_control(rules, state, role, path[1:])
        state["last"].setdefault("moves", []).append(list(path))
        state["last"].setdefault("focus", []).extend([path[0], path[-1]])
        ctx.log(t("{unit} moves by rail {path}.", unit=uid, path=" ".join(path)))

    def move(self, rules: Rules, state: State, frame: flow.Frame, role: str, args: tuple[str, ...], ctx: Context) -> None:
        words = list(args)
        extended = "ext" in words
        strategic = "strat" in words
        words = [w for w in words if w not in ("ext", "strat")]
        uids = list(dict.fromkeys(w for w in words if w in rules.units))
        path = [w for w in words if w not in rules.units]
        if not uids or not path:
            raise InvalidOrder(t("Syntax: move UNIT[,UNIT] HEX [HEX ...] [ext] [strat]."))
        group = mobile.current_group(state, frame)
        if group is not None and group.get("ma") and set(uids) & set(group["units"]):
            if extended or strategic:
                raise IllegalOrder(t("Extended and strategic movement are not possible in a Secondary Movement Phase."), "7.21")
            mobile.continue_move(rules, state, frame, role, uids, path, ctx)
            return
        special.check_corps_move(rules, state, uids)
        start = state["units"][uids[0]].get("hex")
        if start is None:
            raise IllegalOrder(t("{unit} is not on the map, so it cannot move.", unit=uids[0]), "7.1")
        mode = moves.MoveMode(frame["impulse"], extended, strategic)
        full = [start, *path] if path[0] != start else path
        found: dict[str, tuple[str, ...]] = {}
        searched = False

        def detours() -> dict[str, tuple[str, ...]]:
            # Every destination of a one-hex order, searched only when the order needs a detour
            # (the search is most of a move's cost, and an adjacent legal step needs none).
            nonlocal found, searched
            if not searched and len(full) == 2 and not (extended or strategic or len(uids) > 1):
                found = moves.destinations(rules, state, uids[0], goal=full[1])
            searched = True
            return found

        typed = list(full)
        resolved = replaying.found(ctx, "path")  # the path this order took when it was accepted
        if isinstance(resolved, list) and len(full) == 2 and resolved[:1] == full[:1] and resolved[-1:] == full[-1:]:
            full = [str(h) for h in resolved]
        if len(full) == 2 and not rules.board.grid.adjacent(full[0], full[1]):
            found = detours()
            if full[1] not in found:
                raise IllegalOrder(
                    t("{unit} cannot reach {hex} this phase.", unit=uids[0], hex=full[1]),
                    "7.1",
                    t("Give the path hex by hex to see which step is refused, or type 'options'."),
                )
            full = list(found[full[1]])

        def checked() -> float:
            nonlocal full
            try:
                return moves.check_move(rules, state, role, uids, full, mode)
            except IllegalOrder:
                # An adjacent hex reachable only by a detour (along a road, say): take the detour.
                if len(full) != 2 or full[1] not in detours() or list(found[full[1]]) == full:
                    raise
                full = list(found[full[1]])
                return moves.check_move(rules, state, role, uids, full, mode)

        # The move's checks only refuse; its cost is remembered on the record (``engine.replaying``).
        # A path read back from the record must be a walk from the unit's hex, hex by adjacent hex
        # (else it is checked as if typed, and a forged detour is refused); the record's stored
        # hash then vouches for the rest, as it does for every answer read back.
        walkable = full == typed or replaying.walks(rules.board, state["units"][uids[0]].get("hex"), full)
        cost = replaying.recall(ctx, "cost", checked, float, _cost if walkable else _unread)
        if full != typed:
            replaying.note(ctx, "path", full)  # replaying the record takes this path without searching
        counts: dict[str, int] = frame.setdefault("hexes", {})
        for uid in uids:
            u = state["units"][uid]
            u["start_hex"] = full[0]
            u["hex"] = full[-1]
            u["moved"] = True
            u["mp_spent"] = cost
            counts[uid] = counts.get(uid, 0) + len(full) - 1
        frame["group"] = {"units": uids, "ma": False}
        mark_control(rules, state, role, full[1:])
        state["last"].setdefault("moves", []).append(list(full))
        state["last"].setdefault("focus", []).extend([full[0], full[-1]])
        ctx.log(t("{units} move {path} ({cost} MP).", units=", ".join(uids), path=" ".join(full), cost=moves._mp(cost)))


def _cost(noted: Any) -> float | None:
    """A move's remembered MP cost, if it is one."""
    ok = isinstance(noted, (int, float)) and not isinstance(noted, bool) and 0 <= noted < 1000
    return float(noted) if ok else None


def _unread(noted: Any) -> None:
    """An answer the order searches again whatever was noted."""
    return None


# Assault markers (7.3, 13.1) ------------------------------------------------------------------------
def check_assault(rules: Rules, state: State, frame: flow.Frame, role: str, uid: str) -> bool | str:
    """Validate an Assault marker (7.3); return the marker: ``True``, or the hex it is tied to
    after a Mobile Assault that did not empty its target (13.1)."""
    spec = rules.units[uid]
    u = state["units"][uid]
    if frame["impulse"] != "secondary":
        raise IllegalOrder(t("Assault markers are taken only in a Secondary Movement Phase."), "7.3")
    if spec.side != role or not u.get("hex"):
        raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid), "7.3")
    if u.get("assault"):
        raise IllegalOrder(t("{unit} already has an Assault marker.", unit=uid), "7.3")
    if spec.type == UnitType.HQ:
        raise IllegalOrder(t("HQs never attack."), "15.1")
    if u.get("ae"):
        raise IllegalOrder(t("{unit} made an Automatic Elimination this turn and cannot attack.", unit=uid), "8.5")
    group = mobile.current_group(state, frame)
    in_ma = group is not None and group.get("ma") and uid in group["units"]
    if spec.foot:
        if u.get("moved"):
            raise IllegalOrder(t("A foot unit takes an Assault marker only if it does not move."), "7.3")
        return True
    left = values(rules, state, uid).move - float(u.get("mp_spent", 0))
    if in_ma:
        if left < 3:
            raise IllegalOrder(
                t("{unit} has {left} MP left; an Assault marker costs 3 MP.", unit=uid, left=moves._mp(left)), "13.1"
            )
        assert group is not None
        target = group.get("target")
        if target and rules.board.grid.adjacent(u["hex"], target) and any(
            rules.units[d].side == enemy(role) for d in units_at(state, target)
        ):
            return str(target)
        return True
    one_hex = u.get("moved") and frame.get("hexes", {}).get(uid, 0) == 1
    if left < 3 and not one_hex and u.get("moved"):
        raise IllegalOrder(
            t("{unit} has {left} MP left; an Assault marker costs 3 MP (or a move of one hex).", unit=uid, left=moves._mp(left)),
            "7.3",
        )
    return True


def take_assault(rules: Rules, state: State, frame: flow.Frame, role: str, uid: str, ctx: Context) -> None:
    """Assault markers (7.3): only in a Secondary Movement Phase."""
    marker = check_assault(rules, state, frame, role, uid)
    group = mobile.current_group(state, frame)
    if group is not None and uid in group["units"]:
        group["ended"] = True  # taking an Assault marker ends the group's movement (7.3)
        frame["group"] = group
    else:
        frame.pop("group", None)
    u = state["units"][uid]
    if not rules.units[uid].foot:
        u["mp_spent"] = float(u.get("mp_spent", 0)) + 3
    if not u.get("moved"):
        u["start_hex"] = u["hex"]
    u["assault"] = marker
    u["moved"] = True
    if isinstance(marker, str):
        ctx.log(t("{unit} takes an Assault marker against {hex} (13.1).", unit=uid, hex=marker))
    else:
        ctx.log(t("{unit} takes an Assault marker.", unit=uid))


def candidate_assaults(rules: Rules, state: State, frame: flow.Frame, side: str) -> list[Action]:
    out = []
    for uid, u in sorted(state["units"].items()):
        if rules.units[uid].side != side or not u.get("hex") or u.get("assault"):
            continue
        try:
            check_assault(rules, state, frame, side, uid)
        except IllegalOrder:
            continue
        out.append(Action("assault", (uid,)))
    return out


# Automatic Elimination during movement (8.5) -------------------------------------------------------
def ae_plan(args: tuple[str, ...]) -> combat.AttackPlan:
    """``ae`` is stored as ``TARGET with UNIT ... [air M] [fleet M] [brandenburg]``."""
    words = list(args)
    if len(words) < 3 or words[1] != "with":
        raise IllegalOrder(t("Syntax: ae HEX with UNIT[,UNIT] [air MARKER] [fleet MARKER] [brandenburg]."), "8.5")
    target, rest = words[0], words[2:]
    n = next((i for i, w in enumerate(rest) if w in ("air", "fleet", "brandenburg")), len(rest))
    return battle.attack_plan(Action("ae", (*rest[:n], "->", target, *rest[n:])))


def automatic_elimination(rules: Rules, state: State, role: str, args: tuple[str, ...], ctx: Context) -> None:
    """The defenders are removed at once; the participants get AE markers (8.5)."""
    plan = ae_plan(args)
    odds = combat.movement_ae(rules, state, role, plan)
    defenders = units_at(state, plan.target)
    origins = sorted({state["units"][u]["hex"] for u in plan.attackers})
    ctx.log(t("Automatic Elimination in {hex}: {breakdown}", hex=plan.target, breakdown=odds.breakdown()))
    for uid in defenders:
        box = losses.eliminate(rules, state, uid)
        ctx.log(t("{unit} is eliminated by the Automatic Elimination ({box}) (8.5).", unit=uid, box=box))
    for uid in plan.attackers:
        state["units"][uid]["ae"] = plan.target
    if plan.air:
        state["air"][plan.air]["ready"] = False
    if plan.fleet:
        state["fleet"][plan.fleet] = "unavailable"
    state["last"].setdefault("attacks", []).append({"from": origins, "to": plan.target, "result": "AE"})
    state["last"].setdefault("focus", []).extend([*origins, plan.target])
    ctx.log(
        t(
            "{units} get Automatic Elimination markers: they may not move again this phase nor attack in the next Combat Phase, and may advance into {hex} during it (8.5).",
            units=", ".join(plan.attackers),
            hex=plan.target,
        )
    )
    battle.finish_brandenburg(rules, state, {"brandenburg": plan.brandenburg, "attackers": list(plan.attackers)}, ctx)


def candidate_aes(rules: Rules, state: State, side: str) -> list[Action]:
    """Automatic Eliminations by every eligible unit next to an enemy hex, without support."""
    out: list[Action] = []
    foe = enemy(side)
    turn = int(state["turn"])
    mine: dict[str, list[str]] = {}
    for uid, u in sorted(state["units"].items()):
        spec = rules.units[uid]
        if u.get("hex") and spec.side == side and spec.type != UnitType.HQ:
            if not (u.get("ae") or u.get("replaced") or u.get("attacked")):
                mine.setdefault(u["hex"], []).append(uid)
    targets = sorted({u["hex"] for uid, u in state["units"].items() if u.get("hex") and rules.units[uid].side == foe})
    for target in targets:
        near = sorted(
            uid
            for h in rules.board.neighbours(target)
            if impassable_side(rules, h, target, turn) is None
            for uid in mine.get(h, [])
        )
        if not near:
            continue
        try:
            combat.movement_ae(rules, state, side, combat.AttackPlan(attackers=tuple(near), target=target))
        except IllegalOrder:
            continue
        out.append(Action("ae", (target, "with", *near)))
    return out


# Replacements (17.2) ------------------------------------------------------------------------------
def _check_replacement(rules: Rules, state: State, role: str, uid: str) -> str:
    spec = rules.units[uid]
    ph = state["phase"]
    if ph.get("side") != role or ph.get("impulse") != "primary" or ph.get("step") != "movement":
        raise IllegalOrder(t("Replacements are spent only in your Primary Movement Phase."), "17.2")
    if spec.side != role:
        raise IllegalOrder(t("{unit} is not yours.", unit=uid), "17.2")
    track = replacement_track(rules, uid)
    if track is None:
        if "brandenburg" in spec.flags or spec.type == UnitType.FLAK:
            raise IllegalOrder(
                t("{unit} comes back from the Cadre box only with a Special replacement (a 6 on the Axis Replacement Table), taken in the Initial Phase it is rolled.", unit=uid),
                "15.2" if "brandenburg" in spec.flags else "4.5",
            )
        raise IllegalOrder(t("No replacement type can rebuild {unit}.", unit=uid), "17.2")
    if int(state["repl"].get(track, 0)) < 1:
        raise IllegalOrder(t("You have no {track} replacement banked.", track=track), "17.2")
    return track


def replace(rules: Rules, state: State, frame: flow.Frame, role: str, uid: str, ctx: Context) -> None:
    """Spend a replacement to restore a reduced unit on the map (17.2)."""
    u = state["units"][uid]
    track = _check_replacement(rules, state, role, uid)
    if u.get("box") == "cadre":
        raise IllegalOrder(
            t("{unit} is in the Cadre box: bring it back with 'rebuild UNIT HEX'.", unit=uid), "17.2"
        )
    if not u.get("hex"):
        raise IllegalOrder(t("{unit} is not on the map.", unit=uid), "17.2")
    if u["step"] == 0:
        raise IllegalOrder(t("{unit} is at full strength.", unit=uid), "17.2")
    if u.get("supply") == "out":
        raise IllegalOrder(t("{unit} is out of supply and cannot receive replacements.", unit=uid), "14.4")
    if u.get("disorganized"):
        raise IllegalOrder(t("{unit} is disorganized and cannot receive replacements.", unit=uid), "11.5")
    if u.get("replaced"):
        raise IllegalOrder(t("{unit} already received a replacement this turn.", unit=uid), "17.2")
    if u.get("moved"):
        raise IllegalOrder(t("Replace a unit before it moves (it may then move only 1 hex)."), "17.2")
    state["repl"][track] -= 1
    u["step"] -= 1
    u["replaced"] = True
    ctx.log(t("{unit} receives a {track} replacement and is restored one step.", unit=uid, track=track))


def rebuild_hexes(rules: Rules, state: State, side: str) -> list[str]:
    """Where a unit from the Cadre box may enter: a friendly HQ in Full Supply that has not moved
    yet (15.1), or a friendly-controlled Major City on a Connected Rail Hex (17.2)."""
    hqs = {
        u["hex"]
        for uid, u in state["units"].items()
        if u.get("hex")
        and rules.units[uid].side == side
        and combat.is_hq(rules, uid)
        and u.get("supply") == "full"
        and not u.get("moved")
    }
    return sorted(hqs | set(rail_cities(rules, state, side)))


def rebuild_step(rules: Rules, uid: str) -> int:
    """The step a unit returns on from the Cadre box: reduced; a three-step unit on its residual
    (KG) step (ruling 18); a one-step unit on its only step (17.2)."""
    return len(rules.units[uid].steps) - 1 if len(rules.units[uid].steps) > 1 else 0


def check_rebuild(rules: Rules, state: State, role: str, uid: str, label: str) -> str:
    track = _check_replacement(rules, state, role, uid)
    if state["units"][uid].get("box") != "cadre":
        raise IllegalOrder(t("{unit} is not in the Cadre box.", unit=uid), "17.2")
    if label not in rebuild_hexes(rules, state, role):
        raise IllegalOrder(
            t(
                "A unit from the Cadre box enters on a friendly HQ in Full Supply that has not moved, or in a friendly Major City on a Connected Rail Hex; {hex} is neither.",
                hex=label,
            ),
            "17.2",
        )
    return track


def rebuild(rules: Rules, state: State, role: str, uid: str, label: str, ctx: Context) -> None:
    """Spend a replacement to bring a unit back from the Cadre box, reduced (17.2)."""
    track = check_rebuild(rules, state, role, uid, label)
    state["repl"][track] -= 1
    u = state["units"][uid]
    u.update(hex=label, box=None, due=None, step=rebuild_step(rules, uid), replaced=True, supply="full")
    for key in ("disorganized", "assault", "ae", "retreated", "isolated", "moved", "attacked", "defended"):
        u[key] = False
    u["mp_spent"] = 0
    ctx.log(t("{unit} comes back from the Cadre box in {hex} with a {track} replacement (17.2).", unit=uid, hex=label, track=track))


def candidate_rebuilds(rules: Rules, state: State, side: str) -> list[Action]:
    out: list[Action] = []
    cadre = [uid for uid, u in sorted(state["units"].items()) if u.get("box") == "cadre" and rules.units[uid].side == side]
    if not cadre:
        return out
    hexes = rebuild_hexes(rules, state, side)
    for uid in cadre:
        try:
            _check_replacement(rules, state, side, uid)
        except IllegalOrder:
            continue
        out += [Action("rebuild", (uid, h)) for h in hexes]
    return out
