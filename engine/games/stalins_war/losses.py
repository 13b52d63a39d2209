"""Stalin's War: taking combat losses (11.3) and the window where the owner chooses them.

Each level removed counts 1 toward the Loss Number (11.3.2). No unit takes a second loss in a
combat (Combat Card losses included) until every other unit of its side in the combat has taken
one (11.3.2) — counted only among the units that may take this loss (ruling 8.1#12). Stalin loses
only when every other unit with him is gone (11.3.2, 16.4.2). The first loss of an attacking side
goes to a panzer/tank/mechanised unit if possible (11.3.3). An asterisked result hits SCUs only; a
side with only LCUs takes nothing, and losses that no unit may legally take are ignored (11.3.4,
ruling 8.1#12). Units eliminated while out of supply count as eliminated OOS (11.4.4, 13.3.8).

The owner chooses (``loss UNIT [UNIT ...]`` or ``loss auto``) only when there is a real choice;
forced losses are taken at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.game import Action, Context, Prompt, State
from engine.games.stalins_war import units
from engine.games.stalins_war.model import Rules, levels_left
from engine.text import Text, t


def battle_frame(state: State) -> flow.Frame:
    """The frame of the combat being resolved (the nearest "battle" procedure on the stack)."""
    for frame in reversed(flow.stack(state)):
        if frame.get("proc") == "battle":
            return frame
    raise LookupError("no combat in progress")


def combat_of(state: State) -> dict[str, Any]:
    combat: dict[str, Any] = battle_frame(state)["combat"]
    return combat


def alive(state: State, pool: Sequence[str]) -> list[str]:
    return [u for u in pool if state["units"][u].get("hex")]


def is_last(rules: Rules, uid: str) -> bool:
    """Stalin (and any unit flagged last_loss) is always the last level eliminated (16.4.2)."""
    return "last_loss" in rules.units[uid].flags


def eligible(rules: Rules, state: State, pool: Sequence[str], star: bool) -> list[str]:
    here = alive(state, pool)
    others = [u for u in here if not is_last(rules, u)]
    out = []
    for uid in here:
        spec = rules.units[uid]
        if star and spec.lcu:
            continue  # 11.3.4
        if is_last(rules, uid) and others:
            continue  # 11.3.2 exception, 16.4.2
        out.append(uid)
    return out


def candidates(
    rules: Rules,
    state: State,
    pool: Sequence[str],
    hits: dict[str, int],
    star: bool,
    *,
    mech_first: bool = False,
    keep_last_scu: bool = False,
    spread: bool = True,
) -> list[str]:
    """The units that may take the next loss."""
    found = eligible(rules, state, pool, star)
    if keep_last_scu:
        scu_levels = sum(levels_left(rules, state, u) for u in alive(state, pool) if not rules.units[u].lcu)
        if scu_levels <= 1:
            found = [u for u in found if rules.units[u].lcu]
    if not found:
        return []
    if spread:
        low = min(int(hits.get(u, 0)) for u in found)
        found = [u for u in found if int(hits.get(u, 0)) == low]
    if mech_first:
        mech = [u for u in found if rules.units[u].mechanized]
        if mech:
            found = mech
    return found


def wiped_by(rules: Rules, state: State, pool: Sequence[str], n: int, star: bool) -> bool:
    """Whether ``n`` losses (of this kind) eliminate every unit of ``pool`` whatever the choices:
    used for the winner, which ignores the Combat Cards that change losses (11.2.1(7))."""
    here = alive(state, pool)
    if not here:
        return True
    if star and any(rules.units[u].lcu for u in here):
        return False
    return n >= sum(levels_left(rules, state, u) for u in here)


def auto_pick(rules: Rules, state: State, cands: Sequence[str]) -> str:
    """The engine's choice: the unit with most levels left (it survives), non-mechanised first."""
    return sorted(cands, key=lambda u: (-levels_left(rules, state, u), rules.units[u].mechanized, u))[0]


def take(rules: Rules, state: State, combat: dict[str, Any], uid: str, ctx: Context, *, allocated: bool = True) -> None:
    """One loss on ``uid`` in this combat."""
    combat["hits"][uid] = int(combat["hits"].get(uid, 0)) + 1
    side = rules.units[uid].side
    if allocated:
        combat["alloc"][side] = int(combat["alloc"].get(side, 0)) + 1
    units.lose_level(rules, state, uid, ctx, oos=uid in combat.get("oos", []))  # AX17 noted there


def named(rules: Rules, uids: Sequence[str]) -> str:
    """``39 Pz Corps (ge-39pz), ...``: the names players know, with the ids the orders accept."""
    return ", ".join(f"{rules.units[u].name} ({u})" if u in rules.units else u for u in uids)


WHY = {
    "attacker": t("as the attacker"),
    "defender": t("as the defender"),
    "extra": t("extra losses, 11.3.5"),
}


def open_losses(
    state: State,
    *,
    side: str,
    pool: Sequence[str],
    n: int,
    star: bool,
    attacking: bool,
    why: str,
    keep_last_scu: bool = False,
    spread: bool = True,
) -> None:
    """Push the loss window (it resolves forced losses by itself)."""
    if n <= 0:
        return
    flow.call(
        state,
        "battle_loss",
        side=side,
        pool=list(pool),
        n=n,
        star=star,
        attacking=attacking,
        why=why,
        keep_last_scu=keep_last_scu,
        spread=spread,
    )


class LossWindow(flow.Procedure):
    """The owner of the units picks which take the losses (11.3); forced losses need no answer."""

    name = "battle_loss"
    auto = True

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        if frame.get("attacking"):
            return flow.Step(t("loss allocation of the attacker"), "11.3")
        return flow.Step(t("loss allocation of the defender"), "11.3")

    def cands(self, game: Any, state: State, frame: flow.Frame) -> list[str]:
        combat = combat_of(state)
        mech_first = bool(frame["attacking"]) and int(combat["alloc"].get(frame["side"], 0)) == 0
        return candidates(
            game.rules,
            state,
            frame["pool"],
            combat["hits"],
            bool(frame["star"]),
            mech_first=mech_first,
            keep_last_scu=bool(frame.get("keep_last_scu")),
            spread=bool(frame.get("spread", True)),
        )

    def forced(self, game: Any, state: State, frame: flow.Frame, cands: list[str]) -> bool:
        if len(cands) <= 1:
            return True
        if frame.get("keep_last_scu"):
            return False
        pool = eligible(game.rules, state, frame["pool"], bool(frame["star"]))
        return int(frame["n"]) >= sum(levels_left(game.rules, state, u) for u in pool)

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        rules: Rules = game.rules
        combat = combat_of(state)
        announced = False  # "the losses take every level" is said once
        while int(frame["n"]) > 0:
            cands = self.cands(game, state, frame)
            if not cands:
                side = str(frame["side"]).capitalize()
                if int(frame["n"]) == 1:
                    ctx.log(t("{side}: 1 loss cannot be taken by any unit and is ignored (11.3.4, ruling 8.1#12).", side=side))
                else:
                    ctx.log(t("{side}: {n} losses cannot be taken by any unit and are ignored (11.3.4, ruling 8.1#12).", side=side, n=frame["n"]))
                break
            if not self.forced(game, state, frame, cands):
                frame["waiting"] = True
                return
            side = str(frame["side"]).capitalize()
            # Once every level goes, the log has said so (11.3.2): the last unit is no news.
            if not announced and len(cands) == 1:
                rule = self.forcing_rule(game, state, frame)
                ctx.log(
                    t("{side} does not choose: {unit} is the only unit that may take the next loss ({rule}).", side=side, unit=rules.units[cands[0]].name, rule=rule)
                )
                self.close(game, state, frame, t("{unit} was the only unit that could take the loss, so the engine took it", unit=rules.units[cands[0]].name), rule)
            elif not announced:
                announced = True
                ctx.log(t("{side} does not choose: the losses ({n}) take every level the units may lose (11.3.2).", side=side, n=frame["n"]))
                self.close(game, state, frame, t("the losses took every level the units could lose, so the engine took them"), "11.3.2")
            take(rules, state, combat, auto_pick(rules, state, cands), ctx, allocated=frame["why"] != "noretreat")
            frame["n"] = int(frame["n"]) - 1
        flow.end(state)

    def close(self, game: Any, state: State, frame: flow.Frame, why: Text, rule: str = "11.3") -> None:
        """Remember that the engine allocated the losses itself (``why``, under ``rule``)."""
        step = flow.Step(self.step(game, state, frame).title, rule)
        flow.close(state, step, why, roles=[frame["side"]], verbs=["loss"], scope="combat")

    def forcing_rule(self, game: Any, state: State, frame: flow.Frame) -> str:
        """The rule that left a single unit to take the next loss: the last of the restrictions of
        :func:`candidates` that narrowed the units (11.3.4 asterisk, 16.4.2 Stalin, AX11 Kampfgruppe,
        11.3.2 spreading, 11.3.3 mechanised first), or 11.3 when one unit alone is in the combat."""
        rules: Rules = game.rules
        combat = combat_of(state)
        here = alive(state, frame["pool"])
        star = bool(frame["star"])
        rule = "11.3"
        found = here
        narrowed = [u for u in found if not (star and rules.units[u].lcu)]
        if len(narrowed) < len(found):
            found, rule = narrowed, "11.3.4"
        others = [u for u in here if not is_last(rules, u)]
        narrowed = [u for u in found if not (is_last(rules, u) and others)]
        if len(narrowed) < len(found):
            found, rule = narrowed, "16.4.2"
        if frame.get("keep_last_scu") and sum(levels_left(rules, state, u) for u in here if not rules.units[u].lcu) <= 1:
            narrowed = [u for u in found if rules.units[u].lcu]
            if narrowed and len(narrowed) < len(found):
                found, rule = narrowed, "AX11"
        if found and frame.get("spread", True):
            low = min(int(combat["hits"].get(u, 0)) for u in found)
            narrowed = [u for u in found if int(combat["hits"].get(u, 0)) == low]
            if len(narrowed) < len(found):
                found, rule = narrowed, "11.3.2"
        if frame.get("attacking") and int(combat["alloc"].get(frame["side"], 0)) == 0:
            narrowed = [u for u in found if rules.units[u].mechanized]
            if narrowed and len(narrowed) < len(found):
                rule = "11.3.3"
        return rule

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]}) if frame.get("waiting") else frozenset()

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        cands = self.cands(game, state, frame)
        why = WHY.get(str(frame["why"]), frame["why"])
        star = t(", asterisked: SCUs only") if frame["star"] else ""
        units = named(game.rules, cands)
        if int(frame["n"]) == 1:
            return t("Take 1 loss ({why}{star}): 'loss UNIT' or 'loss auto'. It may go to: {units}.", why=why, star=star, units=units)
        return t(
            "Take {n} losses ({why}{star}): 'loss UNIT [UNIT ...]' or 'loss auto'. Next loss may go to: {units}.",
            n=frame["n"],
            why=why,
            star=star,
            units=units,
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        acts = [Action("loss", ("auto",))] + [Action("loss", (u,)) for u in self.cands(game, state, frame)]
        return Prompt(role, self.text(game, state, frame, role), tuple(acts), ("loss",))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        rules: Rules = game.rules
        if action.verb != "loss" or not action.args:
            raise flow.refuse(action, ("loss",), self.step(game, state, frame), t("Choose your losses first: 'loss UNIT [UNIT ...]' or 'loss auto'."))
        combat = combat_of(state)
        picks = list(action.args)
        if picks == ["auto"]:
            picks = []
            auto = True
        else:
            auto = False
        while int(frame["n"]) > 0:
            cands = self.cands(game, state, frame)
            if not cands:
                break
            if picks:
                uid = picks.pop(0)
                if uid not in cands:
                    unspread = candidates(rules, state, frame["pool"], combat["hits"], bool(frame["star"]))
                    raise IllegalOrder(
                        t("{unit} cannot take this loss now.", unit=named(rules, [uid])),
                        rule=loss_rule(rules, state, frame, uid, unspread),
                        hint=t("The next loss may go to: {units}.", units=named(rules, cands)),
                    )
            elif auto or self.forced(game, state, frame, cands):
                uid = auto_pick(rules, state, cands)
            else:
                break
            take(rules, state, combat, uid, ctx, allocated=frame["why"] != "noretreat")
            frame["n"] = int(frame["n"]) - 1
        if picks:
            raise IllegalOrder(t("More units named than losses to take."), rule="11.3.2")
        frame["waiting"] = False


def loss_rule(rules: Rules, state: State, frame: flow.Frame, uid: str, spread_ok: Sequence[str]) -> str:
    """The rule that bars ``uid`` from the next loss (for the refusal)."""
    spec = rules.units.get(uid)
    if spec is None or uid not in frame["pool"] or not state["units"][uid].get("hex"):
        return "11.1.8"
    if frame["star"] and spec.lcu:
        return "11.3.4"
    if is_last(rules, uid):
        return "16.4.2"
    if frame["attacking"] and uid in spread_ok:
        return "11.3.3"
    return "11.3.2"
