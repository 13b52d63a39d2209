"""Victory (19, 21): VP from controlled VP hexes, sudden victory from turn 6, the end of the game."""

from __future__ import annotations

from typing import Any

from engine.game import Context, State
from engine.games.caucasus.model import AXIS, SOVIET, Rules
from engine.text import t


def axis_vp(rules: Rules, state: State) -> int:
    total = 0
    for label, place in rules.board.places.items():
        vp = place.get("vp")
        if vp and state["control"].get(label) == AXIS:
            total += int(vp)
    return total


def check(game: Any, state: State, ctx: Context) -> None:
    rules: Rules = game.rules
    sc = rules.scenarios[state["scenario"]]
    turn = int(state["turn"])
    vp = axis_vp(rules, state)
    state["vp"] = vp
    ctx.log(t("Victory check, turn {turn}: the Axis holds {vp} VP.", turn=turn, vp=vp))
    threshold = sc.thresholds.get(turn)
    rostov = rules.by_name.get("rostov")
    if threshold is not None:
        if vp >= threshold + 7:
            state["outcome"] = {"winner": AXIS, "reason": t("Sudden victory: {vp} VP reaches the turn-{turn} threshold {th} + 7 (19.3).", vp=vp, turn=turn, th=threshold).to_json()}
            return
        if vp < threshold:
            state["outcome"] = {"winner": SOVIET, "reason": t("Sudden victory: the Axis has {vp} VP, below the turn-{turn} threshold {th} (19.3).", vp=vp, turn=turn, th=threshold).to_json()}
            return
        if rostov and state["control"].get(rostov) == SOVIET:
            state["outcome"] = {"winner": SOVIET, "reason": t("Sudden victory: the Soviet has recaptured Rostov (19.3).").to_json()}
            return
    if turn >= int(state["last_turn"]):
        target = sc.axis_vp_target_alpine if state["flags"].get("alpine_arrived") else sc.axis_vp_target
        if vp >= target:
            state["outcome"] = {"winner": AXIS, "reason": t("The Axis ends the game with {vp} VP, at least {target} (19.2).", vp=vp, target=target).to_json()}
        else:
            state["outcome"] = {"winner": SOVIET, "reason": t("The Axis ends the game with {vp} VP, short of {target} (19.2).", vp=vp, target=target).to_json()}
