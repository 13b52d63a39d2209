"""An AFV entering a swamp hex (5.6.2) other than along a road or railway checks efficiency.

The walk of the moving stack (``phases.continue_walk``) pauses on entering the hex; each AFV of the
stack checks in turn, a held roll of its owner (Schlachtenglück, 5.2; RULINGS L1). A failing AFV
disorganises and the whole stack stops there. Then the walk goes on from that moment: an enemy HQ
to displace or a reaction to attempt there comes next, as on any hex entered.
"""

from __future__ import annotations

from typing import Any

from engine import walk
from engine.flow import Frame
from engine.game import Context, State
from engine.games.across_the_bug_river import luck
from engine.games.across_the_bug_river.phases import (
    after_walk,
    continue_walk,
    efficiency_passed,
    entering_pauses,
    game_ref,
    rules_of,
    set_disorganized,
)
from engine.text import t


def begin(state: State, frame: Frame) -> None:
    """Hold the check of the next AFV in ``frame["swamp"]`` for the moving side."""
    uid = frame["swamp"]["units"][0]
    luck.hold(state, frame["side"], "efficiency", t("Efficiency check of {unit} ({why})", unit=game_ref(state, uid), why=t("AFV entering a swamp")))


def checked(game: Any, state: State, frame: Frame, ctx: Context) -> None:
    """An AFV's swamp check is in (5.6.2): failing, it disorganises and the stack stops; once all
    have checked, the walk resumes from the moment it paused."""
    rules = rules_of(game)
    job = frame["swamp"]
    uid = job["units"].pop(0)
    roll = luck.die(frame)
    del frame["returned"]
    if not efficiency_passed(rules, state, uid, roll):
        set_disorganized(rules, state, uid, True)
        ctx.log(t("{unit} fails its swamp check, disorganises and stops in {hex} (5.6.2).", unit=game_ref(state, uid), hex=job["hex"]))
        job["stopped"] = True
    if job["units"]:
        begin(state, frame)
        return
    del frame["swamp"]
    if job["stopped"]:
        walk.stop(frame["walk"])
    if entering_pauses(rules, state, frame, job["hex"]):
        after_walk(game, state, frame, "pause", ctx)
        return
    continue_walk(game, state, frame, ctx)
