"""The Caucasus Campaign's state: plain JSON data, and its construction at setup.

``state`` keys:

- ``scenario``, ``turn`` (1..), ``last_turn``, ``weather`` ("good"/"bad"), ``vp``.
- ``phase``: ``{"side": "axis"|"soviet", "impulse": "initial"|"primary"|"secondary"|"supply"|
  "victory"|"setup", "step": "movement"|"combat"|""}`` (for display and rules that ask "which phase").
- ``units``: id -> ``{"hex": label | None, "box": str | None, "step": 0|1|2, "supply": "full"|
  "limited"|"out", "isolated": bool, "disorganized": bool, "assault": bool, "ae": bool,
  "replaced": bool, "rail_moved": bool, "naval_moved": bool, "moved": bool, "mp_spent": number,
  "attacked": bool, "defended": bool, "retreated": bool, "due": turn | None}``. Boxes: ``cadre``,
  ``cup``, ``track`` (arrives on ``due``), ``turkish``, ``naval``, ``lendlease``, ``blucher``,
  ``ost``, ``alpine``, ``4gcc``, ``offmap``, ``caspian``, ``removed`` (out of play), ``setup``
  (Soviet army units still to be placed in their zone).
- ``control``: hex -> "axis"|"soviet" for towns, cities and entry hexes (2.37).
- ``air``: id -> ``{"ready": bool, "available": bool}``; ``fleet``: id -> "unavailable"|
  "available"|"removed"; ``repl``: track -> 0..3; ``cup``: list of unit ids and "none-N".
- ``flags``: ``alpine_arrived``, ``ost_recruited``, ``blucher_delivered``, ``rail_used`` (sides
  that rail-moved this phase), ``naval_used`` (seas used this phase), ``skip_repl_roll``.
- ``standing``: role -> standing orders (see ``standing.py``).
- ``last``: what the last action showed (moves, attacks, retreats) for the renderer.
- ``flow``: the procedure stack (``engine.flow``); ``rng``: the kernel's draw counter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import Context, State
from engine.games.caucasus.model import AXIS, SOVIET, Rules
from engine.games.caucasus.terrain import CONTROL_KINDS
from engine.text import t

UNIT_DEFAULTS: dict[str, Any] = {
    "hex": None,
    "box": None,
    "step": 0,
    "supply": "full",
    "isolated": False,
    "disorganized": False,
    "assault": False,
    "ae": False,
    "replaced": False,
    "rail_moved": False,
    "naval_moved": False,
    "moved": False,
    "mp_spent": 0,
    "attacked": False,
    "defended": False,
    "retreated": False,
    "due": None,
}


def new_unit(**changes: Any) -> dict[str, Any]:
    unit = dict(UNIT_DEFAULTS)
    unit.update(changes)
    return unit


def initial_state(rules: Rules, scenario: str, options: Mapping[str, Any], ctx: Context) -> State:
    spec_sc = rules.scenarios[scenario]
    units: dict[str, dict[str, Any]] = {}
    for uid, spec in sorted(rules.units.items()):
        step = 1 if "starts_reduced" in spec.flags and len(spec.steps) > 1 else 0
        where = spec.setup
        if where.startswith("place:") and where[6:].casefold() in rules.by_name:
            units[uid] = new_unit(hex=rules.by_name[where[6:].casefold()], step=step)
        elif where.startswith("zone:"):
            units[uid] = new_unit(box="setup", step=step)
        elif where.startswith("box:"):
            units[uid] = new_unit(box=where[4:], step=step)
        elif where == "track":
            units[uid] = new_unit(box="track", due=spec.turn, step=step)
        elif where in rules.board.grid:
            units[uid] = new_unit(hex=where, step=step)
        else:
            units[uid] = new_unit(box="removed", step=step)
    control: dict[str, str] = {}
    for label, place in rules.board.places.items():
        if place.kind in CONTROL_KINDS:
            owner = place.get("control") or place.get("side") or SOVIET
            if place.get("entry") == "J":
                owner = SOVIET  # Taman starts blocked: under Soviet control (4.2).
            control[label] = AXIS if owner == AXIS else SOVIET
    air = {
        aid: {"ready": a.start == "available", "available": a.start == "available", "side": a.side}
        for aid, a in rules.air.items()
    }
    for aid, a in rules.air.items():
        if a.start.startswith("turn:"):
            air[aid]["due"] = int(a.start.split(":")[1])
    cup = sorted(uid for uid, u in units.items() if u["box"] == "cup")
    cup += [f"none-{i + 1}" for i in range(spec_sc.cup_none)]
    state: State = {
        "scenario": scenario,
        "turn": 1,
        "last_turn": spec_sc.turns,
        "weather": "good",
        "vp": 0,
        "phase": {"side": AXIS, "impulse": "setup", "step": ""},
        "units": units,
        "control": control,
        "air": air,
        "fleet": {fid: "unavailable" for fid in rules.fleet},
        "repl": {track: 0 for track in rules.repl_tracks},
        "cup": ctx.shuffle(cup, t("The Soviet random-reinforcement cup")),
        "flags": {
            "alpine_arrived": False,
            "ost_recruited": False,
            "blucher_delivered": False,
            "rail_used": [],
            "naval_used": [],
            "skip_repl_roll": False,
        },
        "standing": {AXIS: {}, SOVIET: {}},
        "options": dict(options),
        "last": {},
        "flow": [],
    }
    return state
