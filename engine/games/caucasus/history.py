"""The Caucasus Campaign's history of the phase, for a referee rebuilding a position (issue 14).

Everything it shows is already in the state (``state.py``): each unit's marks of the phase
(``moved``, ``mp_spent``, ``rail_moved``, ``naval_moved``, ``attacked``, ``defended``,
``retreated``, cleared at the start of every phase, 7.1), the hex it began the phase in
(``start_hex``, kept once it has moved: the Major River rule of 13.1 and Mobile Assaults read
it), its markers (Replacement, Assault, Disorganized, Automatic Elimination, Isolated) and the
phase's own marks (the sides that rail-moved, 7.22; the seas used for naval movement, 7.23;
the Air Support markers already used, 16.11). The game has no cards.

The units placed this turn (reinforcements, random draws, units rebuilt from the Cadre box:
``placed``) are read from the campaign's log since the turn began (``placed_this_turn``),
so the state and the hashes of existing campaigns stay as they were; a referee rebuilding a
position marks them with ``history UNIT placed on``, a unit key kept only while it is on (and
dropped when the next turn begins).

``show history`` prints it (``history``); the ``history`` override sets it
(``set_history``), and position files carry it since they carry the state.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from engine.errors import InvalidOrder
from engine.game import LogEntry, State
from engine.games.caucasus import parsing
from engine.games.caucasus.model import SIDES, Rules, on_map
from engine.orders import switch
from engine.text import t

#: What a unit did this phase, in the order of play.
DID = ("moved", "rail_moved", "naval_moved", "attacked", "defended", "retreated")
#: Placed on the map this turn (reinforcement, rebuilt unit...): read from the log, or the referee's mark.
PLACED = "placed"
#: The log lines that place a unit (its ``unit`` parameter), and the one that starts a turn.
PLACING = (
    "{unit} ({name}) arrives in {hex}.",
    "{unit} comes back from the Cadre box in {hex} with a {track} replacement (17.2).",
)
TURN_BEGINS = ("Turn {turn} begins.", "Turn 1 begins.")
#: The markers a unit carries (placed this phase or earlier, removed by their own rules).
MARKERS = ("replaced", "assault", "disorganized", "ae", "isolated")
USAGE = t(
    "Usage: history UNIT began HEX | history UNIT mp N | history UNIT moved|rail_moved|naval_moved|attacked|"
    "defended|retreated|placed|replaced|assault|disorganized|ae|isolated on|off | history rail SIDE on|off | "
    "history naval SEA on|off | history air MARKER ready|used."
)


def placed_this_turn(entries: Sequence[LogEntry]) -> list[str]:
    """The units the log shows placed on the map since the current turn began, in order."""
    placed: list[str] = []
    for entry in entries:
        template = entry.text.template
        if template in TURN_BEGINS:
            placed = []
        elif template in PLACING:
            uid = str(entry.text.params["unit"])
            if uid not in placed:
                placed.append(uid)
    return placed


def history(rules: Rules, state: Mapping[str, Any], placed: Collection[str] = ()) -> dict[str, Any]:
    """What the phase so far has done, as the referee's ``show history`` prints it: the phase,
    its marks, and each unit on the map that did something or carries a marker (``placed``: the
    units the log shows placed this turn)."""
    ph = state["phase"]
    units: dict[str, Any] = {}
    for uid, u in on_map(state):
        began = u.get("start_hex") or u["hex"]
        did = [key for key in DID if u.get(key)] + ([PLACED] if uid in placed or u.get(PLACED) else [])
        markers = [key for key in MARKERS if u.get(key)]
        if not did and not markers and began == u["hex"] and not u.get("mp_spent"):
            continue
        entry: dict[str, Any] = {"began": began, "hex": u["hex"]}
        if did:
            entry["did"] = did
        if u.get("mp_spent"):
            entry["mp_spent"] = u["mp_spent"]
        if markers:
            entry["markers"] = markers
        units[uid] = entry
    flags = state.get("flags", {})
    return {
        "turn": state["turn"],
        "phase": " ".join(str(p) for p in (ph.get("side"), ph.get("impulse"), ph.get("step")) if p),
        "rail_used": list(flags.get("rail_used", [])),
        "naval_used": list(flags.get("naval_used", [])),
        "air_used": sorted(aid for aid, a in state.get("air", {}).items() if a.get("available") and not a.get("ready")),
        "units": units,
    }


def _mp(word: str) -> int | float:
    """MP spent: a whole number or a half (a Mobile Assault's costs), never negative."""
    try:
        mp = float(word)
    except ValueError:
        raise InvalidOrder(t("'{word}' is not a number.", word=word), USAGE) from None
    if not math.isfinite(mp) or mp < 0 or mp * 2 != int(mp * 2):
        raise InvalidOrder(t("MP spent are a whole number or a half, from 0 up: '{word}' is not.", word=word), USAGE)
    return int(mp) if mp == int(mp) else mp


def _listed(items: list[Any], item: str, on: bool) -> None:
    if on and item not in items:
        items.append(item)
    elif not on and item in items:
        items.remove(item)


def set_history(rules: Rules, state: State, args: Sequence[str]) -> None:
    """The ``history`` override: set what the phase has done, as ``show history`` shows it."""
    if len(args) != 3:
        raise InvalidOrder(t("Wrong number of arguments."), USAGE)
    what, key, value = args[0], args[1].casefold(), args[2]
    flags = state["flags"]
    if what.casefold() == "rail":
        if key not in SIDES:
            raise InvalidOrder(t("'{word}' is not a side: axis or soviet.", word=args[1]), USAGE)
        _listed(flags.setdefault("rail_used", []), key, switch(value, USAGE))
        return
    if what.casefold() == "naval":
        seas = sorted({str(p.get("sea", "")) for p in rules.board.places.values() if p.get("port") is not None} - {""})
        if key not in seas:
            raise InvalidOrder(t("'{word}' is not a sea with ports: {seas}.", word=args[1], seas=", ".join(seas)), USAGE)
        _listed(flags.setdefault("naval_used", []), key, switch(value, USAGE))
        return
    if what.casefold() == "air":
        marker = state["air"].get(args[1])
        if marker is None:
            raise InvalidOrder(t("Air markers: {names}.", names=", ".join(state["air"])), USAGE)
        if value.casefold() not in ("ready", "used"):
            raise InvalidOrder(t("Air marker status: ready or used."), USAGE)
        marker["ready"] = value.casefold() == "ready"
        return
    uid = parsing.unit_arg(rules, what)
    u = state["units"][uid]
    if not u.get("hex"):
        raise InvalidOrder(t("{unit} is not on the map: place it first.", unit=uid), USAGE)
    if key == "began":
        u["start_hex"] = parsing.hex_arg(rules, value)
    elif key in ("mp", "mp_spent"):
        u["mp_spent"] = _mp(value)
    elif key == PLACED:
        if switch(value, USAGE):
            u[PLACED] = True
        else:
            u.pop(PLACED, None)
    elif key in DID or key in MARKERS:
        u[key] = switch(value, USAGE)
    else:
        raise InvalidOrder(t("'{word}' is not something a unit did this phase.", word=args[1]), USAGE)
