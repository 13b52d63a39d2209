"""Stalin's War: the sequence of play (6.0) and the Action Round (4.5 of the digest, 7.2).

A turn is five Action Rounds (Axis then Soviet each), the Axis Attrition segment right after
the Axis AR5 and the Soviet one right after the Soviet AR5 (6.0B), the Replacement Phase
(Soviet, then Axis), the Strategy Card Draw Phase and the End of Turn Phase. June 1941 has a
single Action Round per side, numbered 5 as in the example of play (4.4.1, ruling 20).
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.game import Action, Context, Prompt, State
from engine.games.stalins_war import cardplay, phases, victory
from engine.games.stalins_war.model import AXIS, SIDES, SOVIET, Rules
from engine.text import Text, t

PER_AR_KEYS = ("mp", "moved", "strategic", "fought", "exploited", "began", "retreated", "entrenching", "arrived")
_PER_AR = frozenset(PER_AR_KEYS)


def steps(turn: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [("start",)]
    ars = [5] if turn == 1 else [1, 2, 3, 4, 5]
    for ar in ars:
        out.append(("ar", AXIS, str(ar)))
        if ar == 5:
            out.append(("attrition", AXIS))
        out.append(("ar", SOVIET, str(ar)))
        if ar == 5:
            out.append(("attrition", SOVIET))
    if turn != 1:
        out += [("replacement", SOVIET), ("replacement", AXIS)]
    out += [("draw",), ("end",)]
    return out


def phase_title(rules: Rules, state: State) -> Text:
    """The turn and phase being played ("June 1941, Axis AR5"), in the reader's language (the
    rulebook's Round di Azione, Segmento di Attrito, Fase dei Rimpiazzi in Italian)."""
    ph = state["phase"]
    label = phases.turn_label(str(rules.turn_info(int(state["turn"]))["label"]))
    name = str(ph.get("name", ""))
    side = str(ph.get("side", "")).capitalize()
    if name == "action":
        return t("{label}, {side} AR{ar}", label=label, side=side, ar=state["ar"])
    titles = {
        "attrition": t("{label}, {side} attrition", label=label, side=side),
        "replacement": t("{label}, {side} replacement", label=label, side=side),
        "setup": t("{label}, setup", label=label),
        "draw": t("{label}, draw", label=label),
        "end": t("{label}, end", label=label),
        "over": t("{label}, over", label=label),
    }
    return titles.get(name) or t("{label}, {name}", label=label, name=name)


class Turn(flow.Procedure):
    """Runs the steps of the current turn in order; waits while a called procedure runs."""

    name = "turn"
    auto = True

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        rules: Rules = game.rules
        if state.get("outcome"):
            state["phase"] = {"name": "over", "side": AXIS}
            flow.end(state)
            return
        plan = steps(int(state["turn"]))
        i = int(frame.get("i", 0))
        if i >= len(plan):
            if int(state["turn"]) >= int(state["last_turn"]):
                victory.final(game, state, ctx)
                state["phase"] = {"name": "over", "side": AXIS}
                flow.end(state)
                return
            state["turn"] = int(state["turn"]) + 1
            frame["i"] = 0
            return
        frame["i"] = i + 1
        step = plan[i]
        kind = step[0]
        if kind == "start":
            flow.forget_closed(state)  # what the engine closed last turn is old news
            phases.start_turn(game, state, ctx)
        elif kind == "ar":
            state["ar"] = int(step[2])
            state["phase"] = {"name": "action", "side": step[1]}
            begin_ar(rules, state, step[1], ctx)
            flow.call(state, "action_round", side=step[1])
        elif kind == "attrition":
            state["phase"] = {"name": "attrition", "side": step[1]}
            phases.attrition(game, state, step[1], ctx)
        elif kind == "replacement":
            state["phase"] = {"name": "replacement", "side": step[1]}
            phases.begin_replacement(game, state, step[1], ctx)
        elif kind == "draw":
            state["phase"] = {"name": "draw", "side": SOVIET}
            phases.begin_draw(game, state, ctx)
        elif kind == "end":
            state["phase"] = {"name": "end", "side": AXIS}
            phases.begin_end_of_turn(game, state, ctx)


def begin_ar(rules: Rules, state: State, side: str, ctx: Context) -> None:
    """Start of an AR: clear per-AR marks, trace the active side's supply (13.1.1), grants (18.2.1)."""
    from engine.games.stalins_war import supply

    for u in state["units"].values():
        if not _PER_AR.isdisjoint(u):  # most units hold none of them
            for key in _PER_AR.intersection(u):
                del u[key]
        if u.get("hex"):
            u["began"] = u["hex"]
    state["round"] = {}
    state["last"] = {}
    # The side's new round makes the steps closed before it old news, and so does any new round
    # for the combat decisions of the round before.
    flow.forget_closed(state, roles=[side])
    flow.forget_closed(state, scope="combat")
    supply.update_supply(rules, state, side, ctx)
    first_ar = int(state["turn"]) == 1 or int(state["ar"]) == 1
    if side == AXIS and first_ar and phases.axis_banked_grant(rules, state):
        state["banked"][AXIS] = int(state["banked"][AXIS]) + int(rules.tables["banked_ops"]["axis_per_turn"])
        ctx.log(t("Axis receives 1 banked OPS at the start of its first Action Round (18.2.1)."))
    ctx.log(t("{title}.", title=phase_title(rules, state)))


class ActionRound(flow.Procedure):
    """One player's Action Round: the action, then movement and combat if the round allows them."""

    name = "action_round"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("choice of the action of the {side} Action Round", side=str(frame["side"]).capitalize()), "7.2")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]}) if frame.get("stage", "choose") == "choose" else frozenset()

    def automatic(self, frame: flow.Frame) -> bool:
        return bool(frame.get("stage", "choose") != "choose")

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        extra = t(" (Steppe Fox: your second card)") if frame.get("extra") else t("")
        return t(
            "{title}: choose your action{extra}: play CARD ops | play CARD rp | play CARD event [args] | zero move | zero pass [CARD].",
            title=phase_title(game.rules, state),
            extra=extra,
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        from engine.games.stalins_war import events_axis

        actions = cardplay.legal_choices(game.rules, state, frame["side"])
        verbs: tuple[str, ...] = ("play", "zero")
        if frame["side"] == SOVIET and events_axis.defend_motherland_in_force(state):
            actions = [Action("cancel"), *actions]
            verbs = ("cancel", *verbs)
        return Prompt(role, self.text(game, state, frame, role), tuple(actions), verbs)

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        if action.verb == "cancel" and frame["side"] == SOVIET:
            # AX18 "Si può annullare": the Soviet may cancel it before any of his later actions this
            # turn; the round of the cancellation is the first to cost VP +1 (if it is an OPS round).
            from engine.games.stalins_war import events_axis

            events_axis.cancel_defend_motherland(state, ctx)
            return
        if action.verb not in ("play", "zero"):
            raise flow.out_of_step(
                action.verb,
                self.step(game, state, frame),
                t("First choose your action for this round: play CARD ops | play CARD rp | play CARD event | zero move | zero pass."),
            )
        side = frame["side"]
        cardplay.choose(game, state, side, action, ctx, frame)
        frame["stage"] = "placed"

    def run(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> None:
        stage = frame.get("stage")
        side = frame["side"]
        if stage == "placed":
            # Events may have called windows (placement, opponent choices); they have ended by now.
            rnd = state["round"]
            if rnd.get("mobilisation"):
                before = set(frame.get("placed_before", []))
                for uid, u in state["units"].items():
                    if u.get("hex") and uid not in before:
                        u["fought"] = True  # 4.5.1: mobilised units may move but not attack this AR
                        u["arrived"] = True
            if frame.get("extra") is None and rnd.get("card") in phases.extra_play_cards() and rnd.get("kind") == "event":
                frame["extra"] = True
                frame["stage"] = "choose"  # the event itself announces the second card (4.4.1)
                return
            frame["stage"] = "moved"
            if rnd.get("move_capable"):
                flow.call(state, "move_step")
            else:
                close_movement(state, side, rnd)
            return
        if stage == "moved":
            frame["stage"] = "fought"
            if state["round"].get("move_capable") or state["round"].get("combat_capable"):
                flow.call(state, "combat_step")
            return
        if stage == "fought":
            phases.end_ar(game, state, side, ctx)
            victory.after_ar(game, state, side, ctx)
            flow.end(state)
            return
        raise RuntimeError(f"action round in unknown stage {stage!r}")


#: The orders of the movement step and of the combat step of a round.
MOVE_VERBS = ("move", "rail", "sea", "entrench", "partisans", "festung", "bank", "combat")
COMBAT_VERBS = ("attack", "exploit")

#: Why a round of this kind has no movement, by the kind of round (an event round otherwise).
NO_MOVEMENT: dict[str, Text] = {
    "zero_pass": t("a 0-OPS round without movement moves no unit and activates no hex for combat"),
    "rp": t("a card played for replacement points allows no other action in its round"),
}

#: Why banked OPS are not spent in a round without OPS (an event giving none, a 0-OPS pass).
BANK_WHY = t("banked OPS are spent only in a round played for OPS, with an event that gives OPS, or in a 0-OPS round with movement or combat")


def close_movement(state: State, side: str, rnd: dict[str, Any]) -> None:
    """Remember that the round of ``side`` ended at once, without movement (nor combat unless an
    event allows one), for the orders of those steps given later."""
    kind = str(rnd.get("kind"))
    why = NO_MOVEMENT.get(kind, t("a card played as an event moves no unit unless the event says so"))
    verbs = MOVE_VERBS if rnd.get("combat_capable") else MOVE_VERBS + COMBAT_VERBS
    title = t("movement step of the {side} Action Round", side=side.capitalize())
    step = flow.Step(title, "7.2.6" if kind == "zero_pass" else "7.4.1" if kind == "rp" else "7.5.1a")
    if kind == "rp":
        flow.close(state, step, why, roles=[side], verbs=verbs)
        return
    # 18.1.1 names the rounds in which banked OPS are spent: a card played for OPS, an event that
    # gives OPS, a 0-OPS round with movement or combat; this round is none of them.
    flow.close(state, step, why, roles=[side], verbs=[v for v in verbs if v != "bank"])
    flow.close(state, flow.Step(title, "18.1.1"), BANK_WHY, roles=[side], verbs=["bank"])


def sides() -> tuple[str, ...]:
    return SIDES
