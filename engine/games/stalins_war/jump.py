"""Stalin's War: the referee's jump to a step of a combat or of the combat step (issue 14).

``jump STEP [ATTACKER-RESULT DEFENDER-RESULT]`` moves the combat being resolved to one of the
steps of 11.2.1 (``BATTLE_STEPS``: the Combat Card windows, fire, the losses of each side, the
winner, the losses added after it, the retreat, the advance, the end), dropping whatever window of
the combat was open; the steps after fire need its results (the Loss Numbers each side's fire
gave, ``2``, ``1*`` or ``-``), given here when the combat has none yet. ``jump attacks`` and
``jump exploit`` move the combat step of the round back to its attacks or on to exploitation
(12.2), ending the combat or the exploitation under way. The game then runs on from that step
as from any other: its checks apply to everything after the jump. A jump past the losses of a
combat that has not taken them (``jump winner 2 1``) takes them first, as 11.2.1(6) orders,
then goes on from the step jumped to (ruling V8).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine import flow
from engine.errors import InvalidOrder
from engine.game import Context, State
from engine.games.stalins_war import fire
from engine.text import t

#: The steps of one combat (11.2.1), in the order the ``battle`` procedure runs them.
BATTLE_STEPS = (
    "att_cc", "def_cc", "cancel", "fire", "def_losses", "att_losses", "winner", "extra", "retreat", "advance", "finish",
)
#: The steps that read the results of fire.
AFTER_FIRE = BATTLE_STEPS[BATTLE_STEPS.index("def_losses"):]
#: The steps after the losses of both sides (11.2.1(6)): a combat jumps there only having taken them.
AFTER_LOSSES = BATTLE_STEPS[BATTLE_STEPS.index("winner"):]
#: The stages of the combat step of a round.
ROUND_STEPS = ("attacks", "exploit")
RESULT = re.compile(r"^(-|0|[1-9]\d?\*?)$")


def _accepted() -> str:
    return ", ".join((*BATTLE_STEPS, *ROUND_STEPS))


def _usage() -> Any:
    return t(
        "Usage: jump STEP [ATTACKER-RESULT DEFENDER-RESULT]; steps: {steps}. Results are Loss Numbers such as 2, 1* or -.",
        steps=_accepted(),
    )


def _index(state: State, proc: str) -> int | None:
    frames = flow.stack(state)
    found = [i for i, frame in enumerate(frames) if frame.get("proc") == proc]
    return found[-1] if found else None


def jump(game: Any, state: State, args: Sequence[str], ctx: Context) -> None:
    """The ``jump`` override (see the module's text)."""
    if not args:
        raise InvalidOrder(t("Name the step to jump to."), _usage())
    step = args[0].casefold()
    if step in ROUND_STEPS:
        if len(args) != 1:
            raise InvalidOrder(t("Wrong number of arguments."), _usage())
        _round_step(state, step)
    elif step in BATTLE_STEPS:
        _battle_step(state, step, args[1:], ctx)
    else:
        raise InvalidOrder(t("'{word}' is not a step of a combat: {steps}.", word=args[0], steps=_accepted()), _usage())
    flow.forget_closed(state, scope="combat")
    ctx.log(t("The referee moves the combat to its step '{step}'.", step=step))


def _round_step(state: State, step: str) -> None:
    at = _index(state, "combat_step")
    if at is None:
        raise InvalidOrder(
            t("No combat step is under way: 'jump {step}' needs the combat step of an Action Round (11.0).", step=step),
            t("Start the round with 'phase SIDE AR' and have the side play its card first."),
        )
    frames = flow.stack(state)
    frame = frames[at]
    if step == "exploit" and _index(state, "exploit_step") is not None and frame.get("stage") == "end":
        raise InvalidOrder(t("The exploitation step is already under way."), _usage())
    del frames[at + 1:]
    frame.pop("returned", None)
    frame.pop("resumed", None)
    if step == "attacks":
        frame["stage"] = "attacks"
        frame["waiting"] = True
    else:
        frame["stage"] = "exploit"
        frame["waiting"] = False


def _battle_step(state: State, step: str, results: Sequence[str], ctx: Context) -> None:
    at = _index(state, "battle")
    if at is None:
        raise InvalidOrder(
            t("No combat is being resolved: 'jump {step}' needs one (start it with an attack order).", step=step),
            _usage(),
        )
    frames = flow.stack(state)
    frame = frames[at]
    combat: dict[str, Any] = frame["combat"]
    if results:
        if len(results) != 2 or not all(RESULT.match(r) for r in results):
            raise InvalidOrder(t("Give both results of fire, the attacker's then the defender's: 2, 1* or -."), _usage())
        combat["att_result"], combat["def_result"] = results[0], results[1]
        labels = [fire.result_label(*fire.parse_result(r)) for r in results]
        combat["label"] = "/".join(labels)
        state.setdefault("last", {})["result"] = combat["label"]
    elif step in AFTER_FIRE and "att_result" not in combat:
        raise InvalidOrder(
            t("This combat has not fired yet: give the results of fire for the step '{step}', e.g. 'jump {step} 2 1*'.", step=step),
            _usage(),
        )
    del frames[at + 1:]
    frame.pop("returned", None)
    frame.pop("resumed", None)
    frame.pop("jump_to", None)
    frame["stage"] = step
    if step in AFTER_LOSSES and "att_wiped" not in combat:
        # 11.2.1(6) comes before everything after it: a combat that has not taken its losses takes
        # them (defender first, each side choosing as usual), then goes on from the step jumped to.
        frame["stage"], frame["jump_to"] = "def_losses", step
        ctx.log(t("The combat has not taken its losses yet: both sides take them first, the defender first (11.2.1(6))."))
