"""Stalin's War: retreats after combat (11.4) and the defender's retreat window.

Hard limits (11.4.4): exactly the required number of hexes (11.4.2); never into enemy units or an
enemy Fortress/Festung; never by sea; never into an enemy ZOC that no friendly unit negates (8.3);
on a 2-hex retreat never back into the original hex nor ending adjacent to it; never ending
over-stacked (a unit that cannot fit anywhere is eliminated); Axis units never go on through a
Festung (16.3.4); a Soviet unit ending in supply with inactive Partisans removes them (16.1.5). Priorities where possible, highest
first: avoid enemy-controlled cities; end in supply; Axis units avoid hexes with inactive Partisans
and stop in one if forced in. Units that cannot retreat, and units with MA 0 (11.4.6), are
eliminated as if out of supply (11.4.4). Stalin never retreats (16.4.3). The No-Retreat option
(11.4.3): in Forest, Mountain, Swamp, Entrenchment or Fortress — and Rough per the chart (tables
no_retreat, ruling 8.1#4) — one extra loss on any defending unit cancels the retreat, if a level
remains. In Winter 1942 the Axis keeps it only in entrenched hexes (15.1.2, ruling 8.1#40).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.game import Action, Context, Prompt, State
from engine.games.stalins_war import control, fire, losses, stacking, supply, terrain, units, zoc
from engine.games.stalins_war.model import (
    AXIS,
    SOVIET,
    Rules,
    enemy,
    level_of,
    levels_left,
    units_in,
)
from engine.text import Text, t

Problem = tuple[Text, str]
PROMPT_PATHS_PER_UNIT = 6  # retreats per unit among the prompt's orders
HINT_PATHS = 8  # retreats a refusal lists


def entry_ban(rules: Rules, state: State, uid: str, label: str) -> Problem | None:
    """Hexes a unit may never enter: Hungary in turn 1 (4.4.3), Romania for Soviet units in turn 1
    (4.4.4), Hungary for Romanians and Romania for Hungarians (19.1-19.2)."""
    spec = rules.units[uid]
    turn = int(state["turn"])
    if turn == 1 and terrain.in_region(rules, label, "hungary"):
        return t("No unit may enter Hungary in turn 1."), "4.4.3"
    if turn == 1 and spec.side == SOVIET and terrain.in_region(rules, label, "romania"):
        return t("Soviet units may not enter Romania in turn 1."), "4.4.4"
    if spec.side == AXIS and spec.nationality == "RO" and terrain.in_region(rules, label, "hungary"):
        return t("Romanian units never enter Hungary."), "19.1"
    if spec.side == AXIS and spec.nationality == "HU" and terrain.in_region(rules, label, "romania"):
        return t("Hungarian units never enter Romania."), "19.2"
    return None


def inactive_partisan(rules: Rules, state: State, uid: str) -> bool:
    return rules.units[uid].partisan and not state["units"][uid].get("active")


def enemies_in(rules: Rules, state: State, label: str, side: str) -> list[str]:
    return [u for u in units_in(state, label) if rules.units[u].side != side]


def friendly_in(rules: Rules, state: State, label: str, side: str, exclude: str) -> bool:
    return any(
        u != exclude and rules.units[u].side == side and not inactive_partisan(rules, state, u) for u in units_in(state, label)
    )


def land(rules: Rules, label: str) -> bool:
    return label in rules.board.grid and rules.board.terrain.get(label) not in ("sea", "lake", "offmap", None)


def partisans_leaving(rules: Rules, state: State, uid: str, label: str) -> list[str]:
    """16.1.5: the inactive Partisans that leave ``label`` when Soviet ``uid`` ends its retreat there
    in supply."""
    if rules.units[uid].side != SOVIET:
        return []
    found = [u for u in units_in(state, label) if inactive_partisan(rules, state, u)]
    if not found or supply.hex_traces(rules, state, label, SOVIET) == "none":
        return []
    return found


def fits(rules: Rules, state: State, uid: str, label: str) -> Text | None:
    """Stacking at the end of a move: what would be wrong with ``uid`` in ``label`` (9.1.4)."""
    gone = partisans_leaving(rules, state, uid, label)
    u = state["units"][uid]
    before = u.get("hex")
    u["hex"] = label
    for other in gone:
        state["units"][other]["hex"] = None
    try:
        return stacking.check_hex(rules, state, label)
    finally:
        u["hex"] = before
        for other in gone:
            state["units"][other]["hex"] = label


def path_problem(rules: Rules, state: State, uid: str, origin: str, path: Sequence[str], length: int) -> Problem | None:
    """The first hard limit of 11.4.4 that the retreat ``origin`` -> ``path`` breaks, or None."""
    side = rules.units[uid].side
    if not path:
        return t("Give the hexes of the retreat."), "11.4.2"
    prev = origin
    for i, label in enumerate(path):
        if not land(rules, label):
            return t("{hex} is not a land hex of the map.", hex=label), "11.4.4"
        if not rules.board.grid.adjacent(prev, label):
            return t("{a} and {b} are not adjacent.", a=prev, b=label), "11.4.4"
        if not terrain.passable(rules, prev, label):
            return t("No retreat across the hexside {a}-{b} (lake, sea).", a=prev, b=label), "11.4.4"
        foes = enemies_in(rules, state, label, side)
        stop = False
        if foes:
            if side == AXIS and all(inactive_partisan(rules, state, u) for u in foes):
                stop = True
            else:
                return t("{hex} holds enemy units.", hex=label), "11.4.4"
        if control.fortress_owner(rules, state, label) == enemy(side):
            return t("{hex} is an enemy fortress.", hex=label), "11.4.4"
        if side == SOVIET and label in state["markers"].get("festung", []):
            return t("{hex} is an enemy Festung.", hex=label), "11.4.4"
        if zoc.enemy_zoc(rules, state, label, side) and not friendly_in(rules, state, label, side, uid):
            return t("{hex} is in an enemy zone of control that no friendly unit negates.", hex=label), "11.4.4"
        ban = entry_ban(rules, state, uid, label)
        if ban:
            return ban
        if stop and i < len(path) - 1:
            return t("Axis units entering a hex with inactive Partisans stop there."), "11.4.4"
        if side == AXIS and label in state["markers"].get("festung", []) and i < len(path) - 1:
            return t("Units entering a Festung never leave it: the retreat may end in {hex}, not pass through it.", hex=label), "16.3.4"
        prev = label
    end = path[-1]
    partisan_stop = side == AXIS and any(inactive_partisan(rules, state, u) for u in units_in(state, end))
    if len(path) != length and not (partisan_stop and len(path) < length):
        if length == 1:
            return t("The retreat must be exactly 1 hex."), "11.4.2"
        return t("The retreat must be exactly {n} hexes.", n=length), "11.4.2"
    if len(path) == 2 and (end == origin or rules.board.grid.adjacent(end, origin)):
        return t("A 2-hex retreat may not end in or next to the hex it started from."), "11.4.4"
    over = fits(rules, state, uid, end)
    if over is not None:
        return t("The retreat may not end over-stacked: {why}", why=over), "11.4.4"
    return None


def priority(rules: Rules, state: State, uid: str, path: Sequence[str], cache: dict[str, bool]) -> tuple[int, int, int]:
    """11.4.4 priorities (lower is better): enemy-controlled city entered; end out of supply; Axis
    into inactive Partisans."""
    side = rules.units[uid].side
    city = 0
    for label in path:
        place = rules.place(label)
        if place is not None and place.kind in ("city", "fortress_city") and control.controller(state, label) == enemy(side):
            city = 1
    end = path[-1]
    if end not in cache:
        cache[end] = supply.hex_traces(rules, state, end, side) == "none"
    partisans = 0
    if side == AXIS and any(inactive_partisan(rules, state, u) for label in path for u in units_in(state, label)):
        partisans = 1
    return city, int(cache[end]), partisans


def legal_paths(rules: Rules, state: State, uid: str, origin: str, length: int) -> list[tuple[tuple[str, ...], tuple[int, int, int]]]:
    cache: dict[str, bool] = {}
    found: list[tuple[str, ...]] = []
    for first in rules.board.neighbours(origin):
        found.append((first,))
        if length == 2:
            found += [(first, second) for second in rules.board.neighbours(first)]
    out = []
    for path in found:
        if path_problem(rules, state, uid, origin, path, length) is None:
            out.append((path, priority(rules, state, uid, path, cache)))
    return out


def best_paths(rules: Rules, state: State, uid: str, origin: str, length: int) -> list[tuple[str, ...]]:
    legal = legal_paths(rules, state, uid, origin, length)
    if not legal:
        return []
    best = min(score for _, score in legal)
    return sorted(path for path, score in legal if score == best)


PRIORITY_TEXT = (
    "avoid enemy-controlled cities",
    "end the retreat in supply",
    "Axis units avoid hexes with inactive Partisans",
)


def no_retreat_terrain(rules: Rules, state: State, combat: dict[str, Any]) -> str | None:
    """The terrain that gives the defender the No-Retreat option (11.4.3), if any."""
    from engine.games.stalins_war import combat_cards

    cancel = combat_cards.cancel_modes(combat)
    if "all" in cancel or "hex" in cancel:
        return None
    items = fire.hex_items(rules, state, combat["target"], combat["defender"])
    if combat["defender"] == AXIS and fire.winter_1942(rules, state):
        items = [k for k in items if k == "entrenchment"]
    if not state.get("options", {}).get("rough_no_retreat", True):
        items = [k for k in items if k != "rough"]  # ruling 8.1#4, option rough_no_retreat
    for key in items:
        if fire.item_row(rules, key).get("no_retreat"):
            return fire.TERRAIN_NAMES.get(key, key)
    return None


def apply_path(rules: Rules, state: State, uid: str, origin: str, path: Sequence[str], ctx: Context) -> None:
    u = state["units"][uid]
    for other in partisans_leaving(rules, state, uid, path[-1]):
        ctx.log(t("A supplied Soviet unit ends its retreat in {hex}: the inactive Partisans there leave it (16.1.5).", hex=path[-1]))
        units.eliminate(rules, state, other, ctx)
    u["hex"] = path[-1]
    u["retreated"] = True
    side = rules.units[uid].side
    control.enter(rules, state, path[-1], side, ctx)
    state.setdefault("last", {}).setdefault("retreats", []).append([origin, *path])
    ctx.log(t("{unit} retreats {path} (11.4).", unit=rules.units[uid].name, path=" ".join([origin, *path])))


def no_retreat(rules: Rules, state: State, uid: str, origin: str, length: int) -> Problem:
    """Why ``uid`` has no legal retreat from ``origin``: each neighbour and the rule that bars it;
    the rule cited is the special one when a single rule (a national border, 4.4.3) bars them all."""
    barred = barred_exits(rules, state, uid, origin, length)
    if barred is None:
        return t("no legal retreat hex"), "11.4.4"
    return t("no legal retreat hex: {exits}", exits=barred[0]), barred[1]


def barred_exits(rules: Rules, state: State, uid: str, origin: str, length: int, taken: str | None = None) -> Problem | None:
    """Each neighbour of ``origin`` but ``taken`` (the exit of the retreat the engine took) and the
    rule that bars it, or None when there is none; the rule returned is the special one when a
    single rule (a national border, 4.4.3) bars them all, 11.4.4 otherwise."""
    reasons: list[Problem] = []
    for label in sorted(rules.board.neighbours(origin)):
        if label == taken:
            continue
        problem = path_problem(rules, state, uid, origin, [label], 1 if length == 1 else length)
        if problem is None or (length > 1 and problem[1] == "11.4.2"):
            problem = t("no legal hex beyond it"), "11.4.4"
        reasons.append((t("{hex}: {why} ({rule})", hex=label, why=problem[0], rule=problem[1]), problem[1]))
    if not reasons:
        return None
    why = reasons[0][0]
    for more, _ in reasons[1:]:
        why = t("{text}; {more}", text=why, more=more)
    rules_cited = {rule for _, rule in reasons}
    return why, rules_cited.pop() if len(rules_cited) == 1 else "11.4.4"


def eliminate_unretreatable(rules: Rules, state: State, uid: str, why: Text, rule: str, ctx: Context) -> None:
    ctx.log(t("{unit} cannot retreat ({why}, {rule}) and is eliminated as out of supply (11.4.4).", unit=rules.units[uid].name, why=why, rule=rule))
    units.eliminate(rules, state, uid, ctx, oos=True)


class RetreatWindow(flow.Procedure):
    """The defender retreats his surviving units (or takes the No-Retreat loss)."""

    name = "battle_retreat"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("retreat of the defender"), "11.4")

    def left(self, state: State, frame: flow.Frame) -> list[str]:
        return [u for u in frame["units"] if state["units"][u].get("hex") == frame["origin"] and u not in frame.get("done", [])]

    def commit(self, rules: Rules, state: State, frame: flow.Frame, ctx: Context) -> None:
        """The retreat happens: units with MA 0 are eliminated (11.4.6)."""
        if frame.get("committed"):
            return
        frame["committed"] = True
        for uid in self.left(state, frame):
            if level_of(rules, state, uid).move == 0:
                eliminate_unretreatable(rules, state, uid, t("movement allowance 0"), "11.4.6", ctx)

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        rules: Rules = game.rules
        if frame.get("noretreat") and not frame.get("committed"):
            frame["waiting"] = True
            return
        self.commit(rules, state, frame, ctx)
        for uid in self.left(state, frame):
            paths = best_paths(rules, state, uid, frame["origin"], int(frame["length"]))
            if not paths:
                eliminate_unretreatable(rules, state, uid, *no_retreat(rules, state, uid, frame["origin"], int(frame["length"])), ctx)
            elif len(paths) == 1:
                self.forced(game, state, frame, uid, paths[0], ctx)
                apply_path(rules, state, uid, frame["origin"], paths[0], ctx)
                frame.setdefault("done", []).append(uid)
            else:
                frame["waiting"] = True
                return
        flow.end(state)

    def forced(self, game: Any, state: State, frame: flow.Frame, uid: str, path: Sequence[str], ctx: Context) -> None:
        """Say that the owner does not choose ``uid``'s retreat, and under which rule: the only
        legal path (11.4), or the only one the priorities allow (11.4.4); remember it."""
        rules: Rules = game.rules
        side, name, where = str(frame["side"]).capitalize(), rules.units[uid].name, " ".join([frame["origin"], *path])
        if len(legal_paths(rules, state, uid, frame["origin"], int(frame["length"]))) == 1:
            barred = barred_exits(rules, state, uid, frame["origin"], int(frame["length"]), taken=path[0])
            if barred is None:
                ctx.log(t("{side} does not choose: {path} is the only legal retreat of {unit} (11.4).", side=side, path=where, unit=name))
                step = flow.Step(self.step(game, state, frame).title, "11.4")
            else:
                ctx.log(
                    t(
                        "{side} does not choose: {path} is the only legal retreat of {unit}; the other exits are barred: {exits} ({rule}).",
                        side=side,
                        path=where,
                        unit=name,
                        exits=barred[0],
                        rule=barred[1],
                    )
                )
                step = flow.Step(self.step(game, state, frame).title, barred[1])
        else:
            ctx.log(t("{side} does not choose: {path} is the only retreat of {unit} the priorities allow (11.4.4).", side=side, path=where, unit=name))
            step = flow.Step(self.step(game, state, frame).title, "11.4.4")
        why = t("{path} was the only retreat {unit} could take, so the engine took it", path=where, unit=name)
        flow.close(state, step, why, roles=[frame["side"]], verbs=["retreat", "noretreat"], scope="combat")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]}) if frame.get("waiting") else frozenset()

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        extra = t("")
        if frame.get("noretreat") and not frame.get("committed"):
            extra = t(" Or 'noretreat UNIT': one extra loss on UNIT cancels the retreat ({terrain}, 11.4.3).", terrain=frame["noretreat"])
        if int(frame["length"]) == 1:
            return t("Retreat 1 hex from {hex}: 'retreat UNIT HEX' for each unit, or 'retreat auto'.{extra}", hex=frame["origin"], extra=extra)
        return t(
            "Retreat {n} hexes from {hex}: 'retreat UNIT HEX [HEX]' for each unit, or 'retreat auto'.{extra}",
            n=frame["length"],
            hex=frame["origin"],
            extra=extra,
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        rules: Rules = game.rules
        acts = [Action("retreat", ("auto",))]
        unlisted = 0
        for uid in self.left(state, frame):
            if level_of(rules, state, uid).move == 0:
                continue
            paths = best_paths(rules, state, uid, frame["origin"], int(frame["length"]))
            unlisted += max(0, len(paths) - PROMPT_PATHS_PER_UNIT)
            for path in paths[:PROMPT_PATHS_PER_UNIT]:
                acts.append(Action("retreat", (uid, *path)))
        if frame.get("noretreat") and not frame.get("committed"):
            acts += [Action("noretreat", (u,)) for u in noretreat_units(rules, state, frame)]
        text = self.text(game, state, frame, role)
        if unlisted:
            text = t(
                "{text} The orders below show at most {n} retreats per unit, and {more} more are legal: any legal retreat may be named.",
                text=text,
                n=PROMPT_PATHS_PER_UNIT,
                more=unlisted,
            )
        return Prompt(role, text, tuple(acts), ("retreat", "noretreat"))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        origin = frame["origin"]
        if action.verb == "noretreat":
            if not frame.get("noretreat"):
                raise IllegalOrder(
                    t("The No-Retreat option needs Forest, Mountain, Swamp, Rough (terrain chart, ruling 4), an Entrenchment or a Fortress; Winter 1942 leaves the Axis only Entrenchments."),
                    rule="11.4.3",
                )
            if frame.get("committed"):
                raise IllegalOrder(t("The retreat has begun: too late for the No-Retreat option."), rule="11.4.3")
            if len(action.args) != 1 or action.args[0] not in noretreat_units(rules, state, frame):
                raise IllegalOrder(
                    t("Name one defending unit to take the extra loss; at least one level must remain in the hex."),
                    rule="11.4.3",
                    hint=t("Possible: {units}.", units=", ".join(noretreat_units(rules, state, frame)) or "-"),
                )
            uid = action.args[0]
            ctx.log(t("{side} uses the No-Retreat option ({terrain}): {unit} takes one extra loss (11.4.3).", side=role.capitalize(), terrain=frame["noretreat"], unit=rules.units[uid].name))
            losses.take(rules, state, losses.combat_of(state), uid, ctx, allocated=False)
            frame["waiting"] = False
            frame["units"] = []
            frame["noretreat"] = None
            losses.battle_frame(state)["noretreat_used"] = True
            return
        if action.verb != "retreat" or not action.args:
            raise flow.refuse(action, ("retreat",), self.step(game, state, frame), t("Retreat first: 'retreat UNIT HEX [HEX]' or 'retreat auto'."))
        length = int(frame["length"])
        if action.args[0] == "auto":
            self.commit(rules, state, frame, ctx)
            frame["waiting"] = False
            for uid in self.left(state, frame):
                paths = best_paths(rules, state, uid, origin, length)
                if paths:
                    apply_path(rules, state, uid, origin, paths[0], ctx)
                    frame.setdefault("done", []).append(uid)
                else:
                    eliminate_unretreatable(rules, state, uid, *no_retreat(rules, state, uid, origin, length), ctx)
            return
        uid, path = action.args[0], list(action.args[1:])
        spec = rules.units.get(uid)
        if uid not in self.left(state, frame):
            if spec is not None and spec.type == "stalin" and state["units"][uid].get("hex") == origin:
                raise IllegalOrder(
                    t("Stalin never retreats: he stays in {hex} while the defenders stacked with him retreat.", hex=origin),
                    rule="16.4.3",
                    hint=t("Retreat the other defending units with 'retreat UNIT HEX', or 'retreat auto'."),
                )
            raise IllegalOrder(t("{unit} is not waiting to retreat from {hex}.", unit=uid, hex=origin), rule="11.4.1")
        if level_of(rules, state, uid).move == 0:
            raise IllegalOrder(t("{unit} has a movement allowance of 0: it is eliminated if the retreat happens.", unit=uid), rule="11.4.6")
        problem = path_problem(rules, state, uid, origin, path, length)
        if problem:
            raise IllegalOrder(problem[0], rule=problem[1], hint=hint_paths(rules, state, uid, origin, length))
        best = best_paths(rules, state, uid, origin, length)
        if tuple(path) not in best:
            raise IllegalOrder(
                t("Another retreat comes first by the priorities: avoid enemy-controlled cities, then end in supply, then (Axis) avoid inactive Partisans."),
                rule="11.4.4",
                hint=hint_paths(rules, state, uid, origin, length),
            )
        self.commit(rules, state, frame, ctx)
        frame["waiting"] = False
        apply_path(rules, state, uid, origin, path, ctx)
        frame.setdefault("done", []).append(uid)


def hint_paths(rules: Rules, state: State, uid: str, origin: str, length: int) -> Text:
    best = best_paths(rules, state, uid, origin, length)
    if not best:
        return t("{unit} has no legal retreat: 'retreat auto' eliminates it.", unit=uid)
    shown = ", ".join(" ".join(p) for p in best[:HINT_PATHS])
    if len(best) > HINT_PATHS:
        return t("Possible: {paths} and {n} more.", paths=shown, n=len(best) - HINT_PATHS)
    return t("Possible: {paths}.", paths=shown)


def noretreat_units(rules: Rules, state: State, frame: flow.Frame) -> list[str]:
    """Units that may take the No-Retreat loss: any defender in the hex (not Stalin), if a level
    remains after it (11.4.3)."""
    here = [u for u in units_in(state, frame["origin"]) if rules.units[u].side == frame["side"]]
    total = sum(levels_left(rules, state, u) for u in here)
    if total < 2:
        return []
    return [u for u in here if "last_loss" not in rules.units[u].flags and not inactive_partisan(rules, state, u)]
