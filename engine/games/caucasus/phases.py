"""The Movement Phase procedure (7, 13, 17.2): moves, Assault markers, replacements, stacking."""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder, NotImplementedRule
from engine.game import Action, Context, Prompt, State
from engine.games.caucasus import moves, rail
from engine.games.caucasus.model import Rules, UnitType, values
from engine.games.caucasus.terrain import CONTROL_KINDS
from engine.text import t

REFUSED_MOVES = {
    "mobile": ("13", t("Mobile Assaults are not implemented yet; ask a referee to resolve one by hand.")),
    "ae": ("8.5", t("Automatic Elimination during movement is not implemented yet; attack at 10-1 in the Combat Phase instead.")),
    "naval": ("7.22", t("Naval movement is not implemented yet; a referee can move the unit.")),
    "land": ("16.23", t("Amphibious landings are not implemented yet; a referee can make one.")),
    "flotilla": ("15.3", t("Azov Flotilla movement is not implemented yet; a referee can move it.")),
    "merge": ("18.1", t("Merging reduced Soviet units is not implemented yet; a referee can merge them.")),
}
REPLACEABLE_TRACK = {
    # (nationality group, type group) -> replacement track (4.5, 4.7, 17.2)
    "german_inf": "german_regular_inf",
    "german_elite": "german_elite_inf",
    "axis_allied": "axis_allied",
    "german_mech": "german_mech",
    "soviet_inf": "soviet_inf",
    "soviet_cav": "soviet_cav",
}
GERMAN = ("wehrmacht", "ss", "luftwaffe")
ALLIED = ("romanian", "slovak", "italian", "ost")


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


def mark_control(rules: Rules, state: State, side: str, path: list[str] | tuple[str, ...]) -> None:
    """A side controls a town, city or entry hex it was the last to pass through (2.37)."""
    for label in path:
        place = rules.board.places.get(label)
        if place is not None and place.kind in CONTROL_KINDS:
            letter = place.get("entry")
            if letter and letter in "ABCDE":
                continue
            state["control"][label] = side


class Movement(flow.Procedure):
    name = "movement"

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        over = moves.over_stacked(rules, state, role)
        acts: list[Action] = [] if over else [Action("done")]
        for uids in over.values():
            acts += [Action("eliminate", (uid,)) for uid in uids]
        for uid, u in sorted(state["units"].items()):
            if rules.units[uid].side != role or not u.get("hex") or u.get("moved"):
                continue
            try:
                dests = moves.destinations(rules, state, uid)
            except IllegalOrder:
                dests = {}
            acts += [Action("move", (uid, label)) for label in sorted(dests)]
        return Prompt(
            role,
            t("{impulse} Movement Phase: move units ('move UNIT HEX' or a path), then 'done'.", impulse=frame["impulse"].capitalize()),
            tuple(acts),
        )

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        verb, args = action.verb, action.args
        if verb == "done":
            over = moves.over_stacked(rules, state, role)
            if over:
                where = "; ".join(f"{h} ({', '.join(us)})" for h, us in over.items())
                raise IllegalOrder(
                    t("Stacking is over 3 units in {where}: move units away or 'eliminate UNIT'.", where=where), "5.2"
                )
            flow.end(state)
        elif verb == "move":
            self.move(rules, state, frame, role, args, ctx)
        elif verb in ("rail", "train"):
            self.rail(rules, state, role, args, ctx)
        elif verb == "assault":
            take_assault(rules, state, frame, role, args[0], ctx)
        elif verb == "replace":
            replace(rules, state, frame, role, args[0], ctx)
        elif verb == "eliminate":
            uid = args[0]
            if rules.units[uid].side != role or not state["units"][uid].get("hex"):
                raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid))
            if state["units"][uid]["hex"] not in moves.over_stacked(rules, state, role):
                raise IllegalOrder(t("Units may be eliminated only to correct over-stacking."), "5.2")
            state["units"][uid].update(hex=None, box="cadre")
            ctx.log(t("{unit} is eliminated to correct over-stacking (5.2).", unit=uid))
        elif verb == "hq-remove":
            uid = args[0]
            if rules.units[uid].side != role or rules.units[uid].type != UnitType.HQ or "cav_corps_hq" in rules.units[uid].flags:
                raise IllegalOrder(t("{unit} is not one of your HQs.", unit=uid), "15.1")
            state["units"][uid].update(hex=None, box="hq_return")
            ctx.log(t("{unit} is taken off the map and will return next Initial Phase (15.1).", unit=uid))
        elif verb in REFUSED_MOVES:
            rule, why = REFUSED_MOVES[verb]
            raise NotImplementedRule(why, rule)
        else:
            raise IllegalOrder(
                t("'{verb}' is not possible in a Movement Phase.", verb=verb),
                hint=t("Possible now: move, rail, train, assault, replace, eliminate, hq-remove, done."),
            )

    def rail(self, rules: Rules, state: State, role: str, args: tuple[str, ...], ctx: Context) -> None:
        """Rail movement (7.22) and armoured trains (15.6) along a typed rail path."""
        uid, path = args[0], [state["units"][args[0]].get("hex") or "", *args[1:]]
        if len(path) > 1 and path[1] == path[0]:
            path = path[1:]
        usable = frozenset(state["flags"].get("rail_usable", {}).get(role, []))
        rail.check_rail_move(rules, state, role, uid, path, usable)
        u = state["units"][uid]
        u["hex"] = path[-1]
        u["rail_moved"] = True
        u["moved"] = True
        if "rail_unlimited" not in rules.units[uid].flags:
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
        uids = [w for w in words if w in rules.units]
        path = [w for w in words if w not in rules.units]
        if not uids or not path:
            raise IllegalOrder(t("Syntax: move UNIT[,UNIT] HEX [HEX ...] [ext] [strat]."))
        start = state["units"][uids[0]].get("hex")
        mode = moves.MoveMode(frame["impulse"], extended, strategic)
        full = [start, *path] if path[0] != start else path
        if len(full) == 2 and not rules.board.grid.adjacent(full[0], full[1]):
            found = moves.destinations(rules, state, uids[0]) if not (extended or strategic or len(uids) > 1) else {}
            if full[1] not in found:
                raise IllegalOrder(
                    t("{unit} cannot reach {hex} this phase.", unit=uids[0], hex=full[1]),
                    "7.1",
                    t("Give the path hex by hex to see which step is refused, or type 'options'."),
                )
            full = list(found[full[1]])
        cost = moves.check_move(rules, state, role, uids, full, mode)
        for uid in uids:
            u = state["units"][uid]
            u["hex"] = full[-1]
            u["moved"] = True
            u["mp_spent"] = cost
        mark_control(rules, state, role, full[1:])
        state["last"].setdefault("moves", []).append(list(full))
        state["last"].setdefault("focus", []).extend([full[0], full[-1]])
        ctx.log(t("{units} move {path} ({cost} MP).", units=", ".join(uids), path=" ".join(full), cost=moves._mp(cost)))


def take_assault(rules: Rules, state: State, frame: flow.Frame, role: str, uid: str, ctx: Context) -> None:
    """Assault markers (7.3): only in a Secondary Movement Phase."""
    spec = rules.units[uid]
    u = state["units"][uid]
    if frame["impulse"] != "secondary":
        raise IllegalOrder(t("Assault markers are taken only in a Secondary Movement Phase."), "7.3")
    if spec.side != role or not u.get("hex"):
        raise IllegalOrder(t("{unit} is not one of your units on the map.", unit=uid))
    if u.get("assault"):
        raise IllegalOrder(t("{unit} already has an Assault marker.", unit=uid), "7.3")
    if spec.type == UnitType.HQ:
        raise IllegalOrder(t("HQs never attack."), "15.1")
    if spec.foot:
        if u.get("moved"):
            raise IllegalOrder(t("A foot unit takes an Assault marker only if it does not move."), "7.3")
    else:
        left = values(rules, state, uid).move - float(u.get("mp_spent", 0))
        one_hex = u.get("moved") and float(u.get("mp_spent", 0)) > 0 and _moved_one_hex(state, uid)
        if left < 3 and not one_hex and u.get("moved"):
            raise IllegalOrder(
                t("{unit} has {left} MP left; an Assault marker costs 3 MP (or a move of one hex).", unit=uid, left=moves._mp(left)),
                "7.3",
            )
    u["assault"] = True
    u["moved"] = True
    ctx.log(t("{unit} takes an Assault marker.", unit=uid))


def _moved_one_hex(state: State, uid: str) -> bool:
    for path in state.get("last", {}).get("moves", []):
        if path and path[-1] == state["units"][uid]["hex"] and len(path) == 2:
            return True
    return False


def replace(rules: Rules, state: State, frame: flow.Frame, role: str, uid: str, ctx: Context) -> None:
    """Spend a replacement to restore a reduced unit on the map (17.2)."""
    spec = rules.units[uid]
    u = state["units"][uid]
    if frame["impulse"] != "primary":
        raise IllegalOrder(t("Replacements are spent only in your Primary Movement Phase."), "17.2")
    if spec.side != role:
        raise IllegalOrder(t("{unit} is not yours.", unit=uid))
    track = replacement_track(rules, uid)
    if track is None:
        raise IllegalOrder(t("No replacement type can rebuild {unit}.", unit=uid), "17.2")
    if int(state["repl"].get(track, 0)) < 1:
        raise IllegalOrder(t("You have no {track} replacement banked.", track=track), "17.2")
    if u.get("box") == "cadre":
        raise NotImplementedRule(
            t("Bringing units back from the Cadre box is not implemented yet; a referee can place the unit."), "17.2"
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
