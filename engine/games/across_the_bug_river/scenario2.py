"""Scenario 2's set-up (11.2): step losses chosen by the enemy, then six Soviet Improved Defense stacks.

After both sides have set up, the German player chooses the Soviet losses (135th Rifle Division 4
infantry steps, 87th 6; at most 3 steps per stack), then the Soviet player the German ones (13th
Panzer Division 1 AFV and 2 infantry steps, 14th 3 and 5, 111th and 299th Infantry Divisions 4
infantry steps each; at most 2 per stack), one step at a time with ``hit UNIT``; while choosing,
the chooser sees the stacks of those formations whole (RULINGS S1). Then the Soviet player puts up
to six stacks in Improved Defense with ``improve HEX`` (each all of one formation and not
disorganised, as 7.7 asks, without AP or command range). ``pass`` leaves the rest to the published
default: each step on the strongest unit that may take it (then the first by id), each Improved
Defense on the first eligible stack by hex label. A unit keeps at least 1 step (RULINGS S2).
"""

from __future__ import annotations

from typing import Any

from engine import flow, stacks
from engine.errors import IllegalOrder
from engine.flow import Frame, Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.across_the_bug_river import board
from engine.games.across_the_bug_river.data import Rules
from engine.games.across_the_bug_river.phases import rules_of
from engine.text import t

TAG = "setup-losses"
IMPROVED = 6
LOSSES: dict[str, dict[str, Any]] = {
    "german": {"chooser": "german", "owner": "soviet", "cap": 3, "quota": {"135rd": {"infantry": 4}, "87rd": {"infantry": 6}}},
    "soviet": {"chooser": "soviet", "owner": "german", "cap": 2, "quota": {
        "13pz": {"afv": 1, "infantry": 2}, "14pz": {"afv": 3, "infantry": 5}, "111id": {"infantry": 4}, "299id": {"infantry": 4},
    }},
}


def begin(state: State) -> None:
    """Push the set-up windows above the Ops Phase (the Soviet defences last, so they run last)."""
    flow.call(state, "setup2", stage="defense", chooser="soviet", left=IMPROVED)
    for chooser in ("soviet", "german"):
        spec = LOSSES[chooser]
        quota = {fid: dict(q) for fid, q in spec["quota"].items()}
        flow.call(state, "setup2", stage="losses", chooser=chooser, owner=spec["owner"], cap=spec["cap"], quota=quota, taken={})
        for label, order in sorted(state["stacks"].items()):
            if any(state["units"][u]["formation"] in quota for u in order):
                stacks.reveal(state, label, chooser, f"{TAG}-{chooser}")


def refusal(rules: Rules, state: State, frame: Frame, uid: str) -> IllegalOrder | None:
    u = state["units"].get(uid)
    if u is None or u["kind"] != "unit" or u["hex"] is None or u["side"] != frame["owner"]:
        return IllegalOrder(t("{unit} is not an enemy combat unit on the map.", unit=uid), "11.2")
    kind = "afv" if rules.units[uid].combat == "afv" else "infantry"
    if frame["quota"].get(u["formation"], {}).get(kind, 0) < 1:
        return IllegalOrder(t("No {kind} step losses are left for {formation}.", kind=kind, formation=u["formation"]), "11.2")
    if frame["taken"].get(u["hex"], 0) >= frame["cap"]:
        return IllegalOrder(t("At most {n} step losses per stack ({hex}).", n=frame["cap"], hex=u["hex"]), "11.2")
    if u["strength"] <= 1:
        return IllegalOrder(t("{unit} is down to its last step.", unit=uid), "11.2")
    return None


def improve_refusal(rules: Rules, state: State, label: str) -> IllegalOrder | None:
    units = [u for u in board.at(state, label) if state["units"][u]["kind"] == "unit"]
    if not units or any(state["units"][u]["side"] != "soviet" for u in units):
        return IllegalOrder(t("{hex} holds no Soviet stack.", hex=label), "11.2")
    if label in state["improved"]:
        return IllegalOrder(t("{hex} is already in Improved Defense.", hex=label), "7.7")
    if len({board.acting_formation(state["units"][u]) for u in units}) > 1 or any(state["units"][u]["disorganized"] for u in units):
        return IllegalOrder(t("Every unit in {hex} must belong to one formation and none be disorganised.", hex=label), "7.7")
    return None


class Setup2(Procedure):
    """Scenario 2's set-up choices (11.2)."""

    name = "setup2"
    rule = "11.2"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Scenario 2 set-up"), "11.2")

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({frame["chooser"]})

    def options(self, game: Any, state: State, frame: Frame) -> list[Action]:
        rules = rules_of(game)
        if frame["stage"] == "defense":
            if frame["left"] < 1:
                return []
            return [Action("improve", (h,)) for h in sorted(state["stacks"]) if improve_refusal(rules, state, h) is None]
        return [Action("hit", (u,)) for u in sorted(board.combat_units(state, frame["owner"])) if refusal(rules, state, frame, u) is None]

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        if frame["stage"] == "defense":
            text = t("Scenario 2: put up to {n} more Soviet stacks in Improved Defense with 'improve HEX', or 'pass' (11.2).", n=frame["left"])
        else:
            left = ", ".join(f"{fid} {k} {n}" for fid, q in sorted(frame["quota"].items()) for k, n in sorted(q.items()) if n)
            text = t("Scenario 2: choose the enemy's step losses with 'hit UNIT' ({left}), or 'pass' for the default (11.2).", left=left or "-")
        return Prompt(role, text, (Action("pass"), *self.options(game, state, frame)))

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        rules = rules_of(game)
        if action.verb == "pass":
            while self.options(game, state, frame):
                self.default(game, state, frame, ctx)
            self.close(game, state, frame, ctx)
            return
        if frame["stage"] == "losses" and action.verb == "hit" and len(action.args) == 1:
            problem = refusal(rules, state, frame, action.args[0])
            if problem is not None:
                raise problem
            self.lose(rules, state, frame, action.args[0], ctx)
        elif frame["stage"] == "defense" and action.verb == "improve" and len(action.args) == 1:
            problem = improve_refusal(rules, state, action.args[0])
            if problem is not None:
                raise problem
            self.improve(state, frame, action.args[0], ctx)
        else:
            raise flow.refuse(action, ("hit", "improve", "pass"), self.step(game, state, frame), t("Give 'hit UNIT' (losses), 'improve HEX' (Improved Defense) or 'pass'."))
        if not self.options(game, state, frame):
            self.close(game, state, frame, ctx)

    def default(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        rules = rules_of(game)
        best = self.options(game, state, frame)
        if frame["stage"] == "defense":
            self.improve(state, frame, best[0].args[0], ctx)
            return
        uid = max((a.args[0] for a in best), key=lambda u: (state["units"][u]["strength"], [-ord(c) for c in u]))
        self.lose(rules, state, frame, uid, ctx)

    @staticmethod
    def lose(rules: Rules, state: State, frame: Frame, uid: str, ctx: Context) -> None:
        u = state["units"][uid]
        kind = "afv" if rules.units[uid].combat == "afv" else "infantry"
        frame["quota"][u["formation"]][kind] -= 1
        frame["taken"][u["hex"]] = frame["taken"].get(u["hex"], 0) + 1
        u["strength"] -= 1
        ctx.log(t("A {side} unit in {hex} starts a step down (11.2).", side=u["side"], hex=u["hex"]))

    @staticmethod
    def improve(state: State, frame: Frame, label: str, ctx: Context) -> None:
        state["improved"].append(label)
        frame["left"] -= 1
        ctx.log(t("The Soviet stack in {hex} starts in Improved Defense (11.2).", hex=label))

    def close(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        if frame["stage"] == "losses":
            stacks.end_reveals(state, f"{TAG}-{frame['chooser']}")
        flow.end(state)
