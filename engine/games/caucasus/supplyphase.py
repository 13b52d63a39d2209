"""The Supply Phase (14): supply state, isolation attrition, recovery from disorganization."""

from __future__ import annotations

from typing import Any

from engine import replaying
from engine.game import Context, State
from engine.games.caucasus import losses, supply
from engine.games.caucasus.model import Rules, UnitType, on_map
from engine.text import t

ISOLATED = "isolated"  # the mark of an Out unit that is isolated too (14.6)


def marks(rules: Rules, state: State, side: str, ctx: Context) -> dict[str, str]:
    """The supply mark of every ``side`` unit on the map (14.1; ``ISOLATED`` for an Out unit that
    is isolated, 14.6): ``supply.supply_status``'s answer, remembered on the record
    (``engine.replaying.recall_marks``: the units not in full supply)."""

    def search() -> dict[str, str]:
        return {uid: ISOLATED if res.isolated else res.state for uid, res in supply.supply_status(rules, state, side).items()}

    units = [uid for uid, _ in on_map(state) if rules.units[uid].side == side]
    return replaying.recall_marks(ctx, f"supply {side}", units, search, supply.FULL, (supply.LIMITED, supply.OUT, ISOLATED))


def run(game: Any, state: State, side: str, ctx: Context) -> None:
    rules: Rules = game.rules
    status = {uid: (supply.OUT, True) if mark == ISOLATED else (mark, False) for uid, mark in marks(rules, state, side, ctx).items()}
    changed = []
    for uid, (mark, isolated) in sorted(status.items()):
        u = state["units"][uid]
        if u.get("supply") != mark:
            changed.append(f"{uid}: {mark}")
        u["supply"] = mark
        u["isolated"] = isolated
    if changed:
        ctx.log(t("{side} supply: {changes}.", side=side.capitalize(), changes="; ".join(changed)))
    # Isolation attrition (14.6): every isolated, out-of-supply unit except HQs rolls.
    for uid, (mark, isolated) in sorted(status.items()):
        u = state["units"][uid]
        if not u.get("hex") or mark != supply.OUT or not isolated:
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
