"""The Replacement Segment (8.3): German replacement points (8.3.1) and Soviet reorganisation (8.3.2).

Each side in turn, the German first, gets the ``replacement`` window; ``pass`` (the published
default) ends its segment and loses what is left, since RPs are spent at once (8.3).

German: the Replacement Table's infantry and AFV RPs of the turn. ``replace UNIT`` restores one
step: an AFV for 1 AFV RP; a motorised unit or an engineer for 2 infantry RPs; another unit for 1
infantry RP (RULINGS R1). A destroyed German unit may be rebuilt at 1 step in its HQ's hex or next
to it, within the stacking limits (8.3.1; digest 8.2).

Soviet: ``cannibalise UNIT`` removes an infantry-type unit from play; its strength points become RPs
by the Soviet Unit Reorganisation Table (rounded down, RULINGS R2), spent at once with ``replace
UNIT`` on units of the same type within command range of their own HQ and of the cannibalised unit's
HQ; what is left is lost with the next order that is not a ``replace``.

Every receiving or cannibalised unit is not disorganised and in command range of its HQ, which is
in supply or in Emergency Supply (8.3). Units in EZOC may receive replacements.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine import flow, stacks
from engine.errors import IllegalOrder
from engine.flow import Frame, Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.across_the_bug_river import board
from engine.games.across_the_bug_river.data import Rules
from engine.games.across_the_bug_river.phases import rules_of
from engine.text import t


def begin(game: Any, state: State, cut: list[str], ctx: Context) -> None:
    """Open the German segment (the Soviet one follows) after the Assignment Segment."""
    rules = rules_of(game)
    turn = int(state["turn"])
    table = rules.tables["replacement"]
    inf = int(table["german_inf"][turn - 1]) if turn - 1 < len(table["german_inf"]) else 0
    afv = int(table["german_afv"][turn - 1]) if turn - 1 < len(table["german_afv"]) else 0
    ctx.log(t("Replacement Segment (8.3): the German receives {inf} infantry and {afv} AFV replacement points.", inf=inf, afv=afv))
    open_segment(game, state, dict(side="german", inf=inf, afv=afv, cut=cut, pool=0, kind=None, source=None), ctx)


def open_segment(game: Any, state: State, local: dict[str, Any], ctx: Context) -> None:
    """A side's window, skipped (as 'pass') when it has nothing it could do."""
    frame = flow.goto(state, "replacement", **local)
    proc = Replacement()
    if not proc.options(game, state, frame):
        proc.close(game, state, frame, ctx)


def hq_ready(rules: Rules, state: State, fid: str, cut: list[str]) -> bool:
    """An HQ on the map, in supply or in Emergency Supply this turn (8.3)."""
    hq = state["units"].get(rules.formations[fid].hq) if fid in rules.formations else None
    return hq is not None and hq["hex"] is not None and fid not in cut


def fit(rules: Rules, state: State, uid: str, frame: Frame) -> bool:
    """Not disorganised and in command range of an HQ in supply or in Emergency Supply (8.3)."""
    u = state["units"][uid]
    fid = board.acting_formation(u)
    return not u["disorganized"] and hq_ready(rules, state, fid, frame["cut"]) and board.command(rules, state, uid) == "in"


def german_price(rules: Rules, uid: str) -> tuple[str, int]:
    """The RP kind and number one step costs (8.3.1, RULINGS R1)."""
    printed = rules.units[uid]
    if printed.combat == "afv":
        return "afv", 1
    if printed.move == "motorized" or printed.engineer:
        return "inf", 2
    return "inf", 1


def rebuild_hex(rules: Rules, state: State, uid: str) -> str | None:
    """Where a destroyed German unit comes back: its HQ's hex or next to it, within the limits (8.3.1)."""
    from engine.games.across_the_bug_river.overstack import over

    fid = rules.units[uid].formation
    hq = state["units"].get(rules.formations[fid].hq)
    if hq is None or hq["hex"] is None:
        return None
    window = rules.scenarios[state["scenario"]]
    for label in [hq["hex"], *sorted(rules.board.neighbours(hq["hex"]))]:
        if window.inside(label) and not board.holds_enemy(state, label, "german") and not over(rules, state, label, [uid]):
            return str(label)
    return None


def german_refusal(rules: Rules, state: State, frame: Frame, uid: str) -> IllegalOrder | None:
    u = state["units"].get(uid)
    if u is None or u["side"] != "german" or u["kind"] != "unit":
        return IllegalOrder(t("{unit} is not a German combat unit.", unit=uid), "8.3.1")
    kind, price = german_price(rules, uid)
    if frame[kind] < price:
        return IllegalOrder(t("A step of {unit} costs {n} {kind} RP; {left} left.", unit=uid, n=price, kind=kind, left=frame[kind]), "8.3.1")
    if u["hex"] is None:
        if uid not in state["destroyed"]:
            return IllegalOrder(t("{unit} is not on the map.", unit=uid), "8.3.1")
        if not hq_ready(rules, state, rules.units[uid].formation, frame["cut"]) or rebuild_hex(rules, state, uid) is None:
            return IllegalOrder(t("{unit} can be rebuilt only in or next to its HQ's hex, in supply and within the stacking limits.", unit=uid), "8.3.1")
        return None
    if u["strength"] >= rules.units[uid].strength:
        return IllegalOrder(t("{unit} is at its printed strength.", unit=uid), "8.3")
    if not fit(rules, state, uid, frame):
        return IllegalOrder(t("{unit} must not be disorganised and must be in command range of its HQ, in supply or in Emergency Supply.", unit=uid), "8.3")
    return None


def soviet_replace_refusal(rules: Rules, state: State, frame: Frame, uid: str) -> IllegalOrder | None:
    u = state["units"].get(uid)
    if frame["pool"] < 1:
        return IllegalOrder(t("No reorganisation points to spend: cannibalise a unit first."), "8.3.2")
    if u is None or u["side"] != "soviet" or u["kind"] != "unit" or u["hex"] is None:
        return IllegalOrder(t("{unit} is not a Soviet combat unit on the map.", unit=uid), "8.3.2")
    if rules.units[uid].type != frame["kind"]:
        return IllegalOrder(t("These points restore only units of type {kind}.", kind=frame["kind"]), "8.3.2")
    if u["strength"] >= rules.units[uid].strength:
        return IllegalOrder(t("{unit} is at its printed strength.", unit=uid), "8.3")
    source = state["units"].get(rules.formations[frame["source"]].hq)
    near = source is not None and source["hex"] is not None and (
        board.path_length(rules, state, u["hex"], [source["hex"]], "soviet", terrain_blocks=False) or 999
    ) <= rules.formations[frame["source"]].range
    if not fit(rules, state, uid, frame) or not near:
        return IllegalOrder(t("{unit} must not be disorganised, and must be in command range of its own HQ (in supply or in Emergency Supply) and of the cannibalised unit's HQ.", unit=uid), "8.3.2")
    return None


def cannibal_refusal(rules: Rules, state: State, frame: Frame, uid: str) -> IllegalOrder | None:
    u = state["units"].get(uid)
    if u is None or u["side"] != "soviet" or u["kind"] != "unit" or u["hex"] is None:
        return IllegalOrder(t("{unit} is not a Soviet combat unit on the map.", unit=uid), "8.3.2")
    if rules.units[uid].combat != "infantry" or rules.units[uid].type not in rules.tables["reorganisation"]["rp_per_point"]:
        return IllegalOrder(t("Only an infantry-type unit is cannibalised."), "8.3.2")
    if not fit(rules, state, uid, frame):
        return IllegalOrder(t("{unit} must not be disorganised and must be in command range of its HQ, in supply or in Emergency Supply.", unit=uid), "8.3.2")
    return None


class Replacement(Procedure):
    """A side's Replacement Segment (8.3)."""

    name = "replacement"
    rule = "8.3"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Replacement Segment"), "8.3")

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({frame["side"]})

    def options(self, game: Any, state: State, frame: Frame) -> list[Action]:
        rules = rules_of(game)
        acts: list[Action] = []
        if frame["side"] == "german":
            pool = sorted(set(board.combat_units(state, "german")) | {u for u in state["destroyed"] if rules.units[u].side == "german"})
            acts += [Action("replace", (u,)) for u in pool if german_refusal(rules, state, frame, u) is None]
            return acts
        if frame["pool"] >= 1:
            acts += [Action("replace", (u,)) for u in sorted(board.combat_units(state, "soviet")) if soviet_replace_refusal(rules, state, frame, u) is None]
        acts += [Action("cannibalise", (u,)) for u in sorted(board.combat_units(state, "soviet")) if cannibal_refusal(rules, state, frame, u) is None]
        return acts

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        if frame["side"] == "german":
            text = t("Replacement Segment: {inf} infantry and {afv} AFV RP to spend now with 'replace UNIT', or 'pass' (8.3.1).", inf=frame["inf"], afv=frame["afv"])
        else:
            text = t("Reorganisation: 'cannibalise UNIT' for RP, 'replace UNIT' to spend them ({n} left), or 'pass' (8.3.2).", n=frame["pool"])
        return Prompt(role, text, (Action("pass"), *self.options(game, state, frame)))

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        rules = rules_of(game)
        v = action.verb
        if v == "pass":
            self.close(game, state, frame, ctx)
            return
        if v not in ("replace", "cannibalise") or len(action.args) != 1 or (v == "cannibalise" and frame["side"] != "soviet"):
            raise flow.refuse(action, ("replace", "cannibalise", "pass"), self.step(game, state, frame), t("Give 'replace UNIT', 'cannibalise UNIT' (Soviet) or 'pass'."))
        uid = action.args[0]
        if frame["side"] == "german":
            self.german(game, rules, state, frame, uid, ctx)
        elif v == "cannibalise":
            self.cannibalise(game, rules, state, frame, uid, ctx)
        else:
            refusal = soviet_replace_refusal(rules, state, frame, uid)
            if refusal is not None:
                raise refusal
            frame["pool"] -= 1
            state["units"][uid]["strength"] += 1
            ctx.log(t("{unit} is restored by a step from the reorganisation ({n} RP left) (8.3.2).", unit=uid, n=frame["pool"]), to="soviet")

    def german(self, game: Any, rules: Rules, state: State, frame: Frame, uid: str, ctx: Context) -> None:
        refusal = german_refusal(rules, state, frame, uid)
        if refusal is not None:
            raise refusal
        kind, price = german_price(rules, uid)
        frame[kind] -= price
        u = state["units"][uid]
        if u["hex"] is None:
            where = rebuild_hex(rules, state, uid)
            if where is None:
                raise IllegalOrder(t("{unit} can be rebuilt only in or next to its HQ's hex, in supply and within the stacking limits.", unit=uid), "8.3.1")
            u["hex"] = where
            u["strength"] = 1
            u["disorganized"] = False
            state["destroyed"].remove(uid)
            stacks.place(game.policy, state, state["units"], uid, where)
            ctx.log(t("{unit} is rebuilt at 1 step in {hex} (8.3.1).", unit=uid, hex=where), to="german")
            ctx.log(t("A destroyed German unit is rebuilt in {hex} (8.3.1).", hex=where))
            return
        u["strength"] += 1
        ctx.log(t("{unit} gets a step back ({inf} infantry and {afv} AFV RP left) (8.3.1).", unit=uid, inf=frame["inf"], afv=frame["afv"]), to="german")

    def cannibalise(self, game: Any, rules: Rules, state: State, frame: Frame, uid: str, ctx: Context) -> None:
        refusal = cannibal_refusal(rules, state, frame, uid)
        if refusal is not None:
            raise refusal
        self.lose_pool(frame, ctx)
        u = state["units"][uid]
        kind = rules.units[uid].type
        rate = Fraction(str(rules.tables["reorganisation"]["rp_per_point"][kind]))
        points = int(u["strength"] * rate)
        where = u["hex"]
        stacks.remove(game.policy, state, state["units"], uid)
        u["hex"] = None
        frame.update(pool=points, kind=kind, source=board.acting_formation(u))
        ctx.log(t("A Soviet unit in {hex} is cannibalised (8.3.2).", hex=where))
        ctx.log(t("{unit} gives {n} RP for units of type {kind} (8.3.2).", unit=uid, n=points, kind=kind), to="soviet")

    @staticmethod
    def lose_pool(frame: Frame, ctx: Context) -> None:
        if frame["pool"] > 0:
            ctx.log(t("{n} unspent reorganisation points are lost (8.3).", n=frame["pool"]), to="soviet")
        frame.update(pool=0, kind=None, source=None)

    def close(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        from engine.games.across_the_bug_river.admin import after_replacements

        if frame["side"] == "german":
            if frame["inf"] or frame["afv"]:
                ctx.log(t("The German's unspent replacement points are lost (8.3)."))
            open_segment(game, state, dict(side="soviet", inf=0, afv=0, cut=frame["cut"], pool=0, kind=None, source=None), ctx)
            return
        self.lose_pool(frame, ctx)
        after_replacements(game, state, ctx)
