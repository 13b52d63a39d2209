"""The Supply Phase (14): supply state, isolation attrition, recovery from disorganization."""

from __future__ import annotations

from typing import Any

from engine import replaying
from engine.game import Context, State
from engine.games.caucasus import losses, supply
from engine.games.caucasus.model import Rules, UnitType, on_map
from engine.text import t

Marks = dict[str, tuple[str, bool]]  # each unit's supply state and whether it is isolated
_ISOLATED = "isolated"  # a record's note of an Out unit that is isolated too


def marks(rules: Rules, state: State, side: str, ctx: Context) -> Marks:
    """The supply state of every ``side`` unit on the map and whether it is isolated (14.1, 14.6):
    ``supply.supply_status``'s answer, remembered on the record (``engine.replaying.recall``):
    the units not in full supply, the rest being in full supply."""

    def search() -> Marks:
        return {uid: (res.state, bool(res.isolated)) for uid, res in supply.supply_status(rules, state, side).items()}

    def dump(found: Marks) -> dict[str, str]:
        return {uid: _ISOLATED if isolated else mark for uid, (mark, isolated) in found.items() if mark != supply.FULL or isolated}

    def load(noted: Any) -> Marks | None:
        if not isinstance(noted, dict):
            return None
        out: Marks = {uid: (supply.FULL, False) for uid, _ in on_map(state) if rules.units[uid].side == side}
        for uid, mark in noted.items():
            if uid not in out or mark not in (supply.LIMITED, supply.OUT, _ISOLATED):
                return None
            out[uid] = (supply.OUT, True) if mark == _ISOLATED else (mark, False)
        return out

    return replaying.recall(ctx, f"supply {side}", search, dump, load)


def run(game: Any, state: State, side: str, ctx: Context) -> None:
    rules: Rules = game.rules
    status = marks(rules, state, side, ctx)
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
