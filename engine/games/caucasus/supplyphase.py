"""The Supply Phase (14): supply state, isolation attrition, recovery from disorganization."""

from __future__ import annotations

from typing import Any

from engine.game import Context, State
from engine.games.caucasus import losses, supply
from engine.games.caucasus.model import Rules, UnitType
from engine.text import t


def run(game: Any, state: State, side: str, ctx: Context) -> None:
    rules: Rules = game.rules
    status = supply.supply_status(rules, state, side)
    changed = []
    for uid, res in sorted(status.items()):
        u = state["units"][uid]
        if u.get("supply") != res.state:
            changed.append(f"{uid}: {res.state}")
        u["supply"] = res.state
        u["isolated"] = bool(res.isolated)
    if changed:
        ctx.log(t("{side} supply: {changes}.", side=side.capitalize(), changes="; ".join(changed)))
    # Isolation attrition (14.6): every isolated, out-of-supply unit except HQs rolls.
    for uid, res in sorted(status.items()):
        u = state["units"][uid]
        if not u.get("hex") or res.state != "out" or not res.isolated:
            continue
        if rules.units[uid].type == UnitType.HQ:
            continue
        drm = supply.attrition_drm(rules, state, uid)
        roll = ctx.roll(6, t("Isolation attrition for {unit} (DRM {drm:+d})", unit=uid, drm=drm))
        if supply.attrition_result(roll + drm):
            what = losses.take_step(rules, state, uid)
            ctx.log(t("{unit} loses a step to attrition: {what}.", unit=uid, what=what))
    # Disorganized markers come off at the end of the owner's player turn (11.5).
    for uid, u in state["units"].items():
        if rules.units[uid].side == side and u.get("disorganized"):
            u["disorganized"] = False
    for uid, u in state["units"].items():
        if rules.units[uid].side == side:
            u["assault"] = False
            u["ae"] = False
