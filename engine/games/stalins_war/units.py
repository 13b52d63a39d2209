"""Stalin's War: what happens to a counter when it loses a level, is eliminated or is removed.

Used by combat, events, attrition and replacements alike, so every path applies the same rules:
asterisked levels (2.2.1, 14.1.6), the Southwest Front's second counter (11.3.6), Axis LCUs
eliminated out of supply going to the Turn Track (11.3.6, 13.3.8), active Partisans gone for
good (16.1.6), inactive Partisans back to the pool (16.1.5).
"""

from __future__ import annotations

from engine.game import Context, State
from engine.games.stalins_war.model import AXIS, SOVIET, Rules
from engine.text import t


def note_german_loss(rules: Rules, state: State, uid: str) -> None:
    """Destroy the Fascists! (AX17): a German unit lost a level or was eliminated in a Soviet round,
    whatever the cause (fire, failed retreat, exploitation, events)."""
    rnd = state.get("round")
    if rules.units[uid].german and isinstance(rnd, dict) and rnd.get("side") == SOVIET:
        rnd["german_step_lost"] = True


def eliminate(rules: Rules, state: State, uid: str, ctx: Context, *, oos: bool = False) -> None:
    """Remove ``uid`` from the map into the box the rules send it to."""
    spec = rules.units[uid]
    u = state["units"][uid]
    if u.get("hex"):
        note_german_loss(rules, state, uid)
    where = u.get("hex")
    u.update(hex=None, level=0, oos=False)
    for key in ("mp", "moved", "strategic", "fought", "exploited", "began", "retreated", "due"):
        u.pop(key, None)
    if spec.partisan:
        if u.pop("active", False):
            u["box"] = "removed"
            ctx.log(t("Active Partisans {unit} in {hex} are eliminated for good (16.1.6).", unit=spec.name, hex=where))
        else:
            u["box"] = "setaside"
            ctx.log(t("Inactive Partisans in {hex} go back to the pool (16.1.5).", hex=where))
        return
    if spec.side == AXIS and spec.lcu and spec.nationality == "GE" and len(spec.levels) >= 4:
        # AX26 prerequisite: all four levels of a German LCU eliminated at some time, whatever box
        # it goes to (the Turn Track included, 11.3.6).
        state.setdefault("effects", {})["german_lcu_destroyed"] = True
    replacement = spec.flag_value("replaced_on_elimination")
    if replacement:
        u["box"] = "removed"
        state["units"][replacement].update(hex=None, box="eliminated", level=0)
        ctx.log(
            t(
                "{unit} is eliminated: it leaves the game and {other} goes to the Eliminated Units box (11.3.6).",
                unit=spec.name,
                other=rules.units[replacement].name,
            )
        )
        return
    if all(not level.rebuildable for level in spec.levels):
        u["box"] = "removed"
        ctx.log(t("{unit} is eliminated and removed from the game: every level is asterisked (2.2.1).", unit=spec.name))
        return
    if oos and spec.side == AXIS and spec.lcu:
        delay = int(rules.tables["replacements"]["axis_oos_lcu_delay_turns"])
        u.update(box="track", due=int(state["turn"]) + delay)
        ctx.log(
            t(
                "{unit} is eliminated out of supply: it goes on the Turn Track and reaches the Eliminated Units box on turn {turn} (11.3.6).",
                unit=spec.name,
                turn=u["due"],
            )
        )
        return
    u["box"] = "eliminated"
    ctx.log(t("{unit} is eliminated.", unit=spec.name))


def remove(rules: Rules, state: State, uid: str, ctx: Context, why: str) -> None:
    """Take ``uid`` out of the game for good (surrender, events, swaps)."""
    u = state["units"][uid]
    u.update(hex=None, box="removed", level=0, oos=False)
    ctx.log(t("{unit} is removed from the game ({why}).", unit=rules.units[uid].name, why=why))


def lose_level(rules: Rules, state: State, uid: str, ctx: Context, *, oos: bool = False) -> bool:
    """Take one level from ``uid``; returns True if it was eliminated by it."""
    spec = rules.units[uid]
    u = state["units"][uid]
    level = int(u.get("level", 0))
    if spec.partisan or level + 1 >= len(spec.levels):
        eliminate(rules, state, uid, ctx, oos=oos)
        return True
    u["level"] = level + 1
    note_german_loss(rules, state, uid)
    ctx.log(t("{unit} loses a level ({values}).", unit=spec.name, values=spec.levels[level + 1].label()))
    return False


def can_restore(rules: Rules, state: State, uid: str) -> bool:
    """14.1.6: the next level up is not asterisked."""
    level = int(state["units"][uid].get("level", 0))
    return level > 0 and rules.units[uid].levels[level - 1].rebuildable


def rebuild_level(rules: Rules, uid: str) -> int | None:
    """14.1.6: the weakest level an eliminated unit comes back at, None if none is rebuildable."""
    spec = rules.units[uid]
    for index in range(len(spec.levels) - 1, -1, -1):
        if spec.levels[index].rebuildable:
            return index
    return None
