"""Referee overrides: typed, logged interventions that skip legality but never the invariants.

Kinds (each needs a reason, given by the caller): ``place UNIT HEX``, ``remove UNIT [BOX]``,
``step UNIT N``, ``mark UNIT MARKER on|off`` (disorganized, assault, ae, replaced, isolated),
``supply UNIT full|limited|out``, ``control HEX axis|soviet``, ``weather good|bad``,
``turn N``, ``phase SIDE IMPULSE STEP`` (e.g. ``phase axis primary combat``), ``repl TRACK N``,
``air MARKER ready|used|available|unavailable``, ``fleet MARKER available|unavailable|removed``,
``clear [axis|soviet]`` (take every unit of a side off the map, for building test positions),
``history ...`` (what the phase has done: the hex a unit began it in, its marks; ``history.py``),
``jump STEP [RESULT]`` (the combat under way to a step of its procedure; ``jump.py``).
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import InvalidOrder
from engine.game import Context, Override, State
from engine.games.caucasus import history, jump, parsing, sequence
from engine.games.caucasus.model import SIDES, Rules
from engine.text import t

MARKERS = {"disorganized", "assault", "ae", "replaced", "isolated", "moved", "attacked", "defended", "retreated"}
USAGE = t(
    "Referee commands: place UNIT HEX, remove UNIT [BOX], step UNIT N, mark UNIT MARKER on|off, "
    "supply UNIT full|limited|out, control HEX SIDE, weather good|bad, turn N, phase SIDE IMPULSE STEP, "
    "repl TRACK N, air MARKER ready|used|available|unavailable, fleet MARKER STATUS, clear [SIDE], "
    "history UNIT began HEX|mp N|moved on|off..., history rail SIDE on|off, history naval SEA on|off, "
    "jump losses|dd|retreat|advance|finish [RESULT], "
    "map terrain HEX KIND, map side HEX HEX FEATURE...|none, map line road|rail HEX HEX on [FLAG...]|off, "
    "map place HEX KIND NAME, map place HEX none, map attr HEX KEY VALUE|none, map reset, "
    "counter UNIT attack|defense|move|mf_attack N [FIELD N...], counter UNIT reset, "
    "grant-undo ROLE, rewind SEQ, set PATH VALUE; each followed by 'because REASON'."
)


def _need(args: tuple[str, ...], n: int) -> None:
    if len(args) != n:
        raise InvalidOrder(t("Wrong number of arguments."), USAGE)


def apply(game: Any, state: State, override: Override, ctx: Context) -> None:
    rules: Rules = game.rules
    kind, args = override.kind, override.args
    if kind == "place":
        _need(args, 2)
        uid, label = parsing.unit_arg(rules, args[0]), parsing.hex_arg(rules, args[1])
        state["units"][uid].update(hex=label, box=None, due=None)
    elif kind == "remove":
        if len(args) not in (1, 2):
            raise InvalidOrder(t("Wrong number of arguments."), USAGE)
        uid = parsing.unit_arg(rules, args[0])
        state["units"][uid].update(hex=None, box=args[1] if len(args) == 2 else "removed")
    elif kind == "step":
        _need(args, 2)
        uid = parsing.unit_arg(rules, args[0])
        state["units"][uid]["step"] = _int(args[1])
    elif kind == "mark":
        _need(args, 3)
        uid = parsing.unit_arg(rules, args[0])
        marker = args[1].casefold()
        if marker not in MARKERS:
            raise InvalidOrder(t("Unknown marker '{m}'; markers: {all}.", m=marker, all=", ".join(sorted(MARKERS))))
        state["units"][uid][marker] = args[2].casefold() in ("on", "true", "yes", "1")
    elif kind == "supply":
        _need(args, 2)
        uid = parsing.unit_arg(rules, args[0])
        if args[1] not in ("full", "limited", "out"):
            raise InvalidOrder(t("Supply is full, limited or out."))
        state["units"][uid]["supply"] = args[1]
    elif kind == "control":
        _need(args, 2)
        label = parsing.hex_arg(rules, args[0])
        if args[1] not in SIDES:
            raise InvalidOrder(t("Control is axis or soviet."))
        state["control"][label] = args[1]
    elif kind == "weather":
        _need(args, 1)
        if args[0] not in ("good", "bad"):
            raise InvalidOrder(t("Weather is good or bad."))
        state["weather"] = args[0]
    elif kind == "turn":
        _need(args, 1)
        state["turn"] = _int(args[0])
    elif kind == "phase":
        _need(args, 3)
        set_phase(game, state, args[0], args[1], args[2], ctx)
    elif kind == "repl":
        _need(args, 2)
        if args[0] not in state["repl"]:
            raise InvalidOrder(t("Replacement tracks: {names}.", names=", ".join(state["repl"])))
        state["repl"][args[0]] = max(0, min(3, _int(args[1])))
    elif kind == "air":
        _need(args, 2)
        marker = state["air"].get(args[0])
        if marker is None:
            raise InvalidOrder(t("Air markers: {names}.", names=", ".join(state["air"])))
        status = args[1]
        if status in ("ready", "used"):
            marker["ready"] = status == "ready"
        elif status in ("available", "unavailable"):
            marker["available"] = status == "available"
        else:
            raise InvalidOrder(t("Air marker status: ready, used, available or unavailable."))
    elif kind == "fleet":
        _need(args, 2)
        if args[0] not in state["fleet"] or args[1] not in ("available", "unavailable", "removed"):
            raise InvalidOrder(t("Fleet markers: {names}; status available, unavailable or removed.", names=", ".join(state["fleet"])))
        state["fleet"][args[0]] = args[1]
    elif kind == "history":
        history.set_history(rules, state, args)
    elif kind == "jump":
        jump.jump(game, state, args, ctx)
    elif kind == "clear":
        sides = set(args) if args else set(SIDES)
        if not sides <= set(SIDES):
            raise InvalidOrder(t("clear takes axis, soviet or nothing (both)."))
        for uid, u in state["units"].items():
            if rules.units[uid].side in sides and u.get("hex"):
                u.update(hex=None, box="removed")
    else:
        raise InvalidOrder(t("Unknown referee command '{kind}'.", kind=kind), USAGE)


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidOrder(t("'{text}' is not a whole number.", text=text)) from None


def set_phase(game: Any, state: State, side: str, impulse: str, step: str, ctx: Context) -> None:
    """Jump the sequence of play to the start of a phase of the current turn (what the engine
    closed before the jump is forgotten: the steps it skipped are not the ones now behind)."""
    for i, s in enumerate(sequence.STEPS):
        if s[0] == "impulse" and s[1:] == (side, impulse, step):
            flow.forget_closed(state)
            state["flow"] = [{"proc": "turn", "i": i + 1}]
            state["outcome"] = None
            sequence.begin_phase(game, state, side, impulse, step, ctx)
            return
        if s[0] in ("initial", "supply") and s[1:] == (side,) and impulse == s[0]:
            flow.forget_closed(state)
            state["flow"] = [{"proc": "turn", "i": i}]
            game.run_automatic(state, ctx)
            return
    raise InvalidOrder(
        t("No such phase. Examples: 'phase axis primary movement', 'phase soviet secondary combat', 'phase axis initial -'.")
    )


