"""The Caucasus Campaign: the referee's jump to a step of a combat (issue 14).

``jump STEP [RESULT]`` moves the combat being resolved to one of the steps of its procedure
(``STEPS``, 10.1-12: the step losses, the defender's choice between Determined Defence and
retreat, the retreat, the advance after combat, the end), dropping whatever choice of the
combat was open; ``RESULT`` (a result of the Combat Results Table: A1, D1, DR, EX, ...)
replaces the combat's result first. The game then runs on from that step as from any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import flow
from engine.errors import InvalidOrder
from engine.game import Context, State
from engine.games.caucasus import tables
from engine.text import Text, t

#: The steps of one combat, in the order the ``battle`` procedure runs them.
STEPS = ("losses", "dd", "retreat", "advance", "finish")


def _usage() -> Text:
    return t(
        "Usage: jump STEP [RESULT]; steps: {steps}; results: {results}.",
        steps=", ".join(STEPS),
        results=", ".join(tables.RESULTS),
    )


def jump(game: Any, state: State, args: Sequence[str], ctx: Context) -> None:
    """The ``jump`` override (see the module's text)."""
    if not 1 <= len(args) <= 2:
        raise InvalidOrder(t("Wrong number of arguments."), _usage())
    step = args[0].casefold()
    if step not in STEPS:
        raise InvalidOrder(t("'{word}' is not a step of a combat: {steps}.", word=args[0], steps=", ".join(STEPS)), _usage())
    frames = flow.stack(state)
    found = [i for i, frame in enumerate(frames) if frame.get("proc") == "battle"]
    if not found:
        raise InvalidOrder(
            t("No combat is being resolved: 'jump {step}' needs one (start it with an attack order).", step=step),
            _usage(),
        )
    frame = frames[found[-1]]
    if len(args) == 2:
        result = next((r for r in tables.RESULTS if r.casefold() == args[1].casefold()), None)
        if result is None:
            raise InvalidOrder(t("'{word}' is not a combat result: {results}.", word=args[1], results=", ".join(tables.RESULTS)), _usage())
        frame["result"] = result
    del frames[found[-1] + 1:]
    for key in ("returned", "resumed", "defender_stacking_checked", "attacker_stacking_checked"):
        frame.pop(key, None)
    frame["stage"] = step
    flow.forget_closed(state, scope="combat")
    ctx.log(t("The referee moves the combat to its step '{step}'.", step=step))
    game.run_automatic(state, ctx)
