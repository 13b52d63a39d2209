"""Stalin's War: the layout of the plain-dict state and the initial position (rules 4.0, 25.0).

State keys (everything JSON-serialisable; card ids are "SU7" / "AX23"):

* ``scenario`` "campaign" | "tournament"; ``last_turn`` 18 | 8; ``options`` the campaign options.
* ``turn`` 1..18; ``ar`` 1..5 (the Action Round being played or last played);
  ``phase`` {"name": "action" | "attrition" | "replacement" | "draw" | "end" | "over", "side": side}.
* ``vp`` the VP level (starts 7; + toward the Axis).
* ``units`` {uid: {"hex": label | None, "box": None | "setaside" | "eliminated" | "removed" |
  "other_fronts" | "track", "level": 0 (index into the spec's levels; 0 = full strength),
  "due": turn (on the Turn Track), "oos": bool, "active": bool (Partisans only),
  per-AR bookkeeping cleared at the end of every AR: "mp": MP spent, "moved": bool, "strategic": bool,
  "fought": bool, "exploited": bool, "began": the hex it began the AR in, "retreated": bool}}.
* ``control`` {label: side} for every controllable hex (cities, towns, ports, fortresses, oil, VP,
  capitals); a hex not listed is controlled by nobody.
* ``markers`` {"entrench": {label: side}, "festung": [labels], "fortress_destroyed": [labels],
  "fortress_built": [labels] (The Volga Has Only One Bank)}.
* ``cards`` {side: {"hand": [...], "deck": [...], "discard": [...], "removed": [...],
  "total_war": [...] (set aside until Total War), "faceup": [...] (CCs won, 7.5.5b),
  "setaside": [...] (Soviet 1-6), "events_removed": n (asterisked events removed, 7.6.4)}}.
* ``events`` {card id: turn played as an event} (prerequisites "after:"/"not_after:").
* ``effects`` {name: value}: lasting effects of events (keys listed in ``events.py``).
* ``consec`` {side: n} consecutive OPS count; ``banked`` {side: n}; ``rp`` {"soviet", "GE", "PZ",
  "AX": n} RP recorded this turn; ``rp_plays`` {side: [AR numbers this turn]};
  ``reinf_plays`` {side: [AR numbers this turn]}; ``hand_size`` {side: n} (recomputed each draw).
* ``round`` the Action Round in progress: {"side", "kind": "ops" | "rp" | "event" | "zero_move" |
  "zero_pass", "card": id | None, "ops": OPS left, "move_capable": bool, "combat_capable": bool (Zhukov's event round: a combat step without OPS), "step": "choose" |
  "move" | "markers" | "combat" | "exploit", "combat_markers": [...], "move_markers": [...],
  "attacked": [...], "blitz": [...], "entrench": [...], "zoc_paid": [...], "no_blitz": bool,
  "cc_used": [face-up CCs used this AR], "won_cc": [CCs won this AR], "sea_moves": n}.
* ``axis_sea`` {"baltic": turn, "black": turn} last Axis sea move per sea (10.2.5).
* ``oil_streak`` consecutive End of Turn phases with every oil hex Axis-controlled (5.1.2).
* ``lifted`` attack restrictions of 11.1.9 lifted: subset of ["leningrad", "moscow", "blau"].
* ``paulus_crossed`` True once a supplied Axis unit has moved east of the Paulus Line (5.1.3).
* ``bid`` {"soviet": RP per turn schedule...} from 21.0; ``flow``, ``last``, ``outcome`` as usual.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import Context, State
from engine.games.stalins_war.model import AXIS, SIDES, SOVIET, Rules
from engine.text import t


def controllable(rules: Rules, label: str) -> bool:
    """Hexes whose control is tracked (3.2): cities, towns, ports, fortresses, oil, VP, capitals."""
    return label in rules.board.places


def country_side(country: str | None) -> str | None:
    if country in ("germany", "hungary", "romania"):
        return AXIS
    if country in ("ussr", "baltic"):
        return SOVIET
    return None


def initial_state(rules: Rules, scenario: str, options: Mapping[str, Any], ctx: Context) -> State:
    tables = rules.tables
    units: dict[str, dict[str, Any]] = {}
    for uid, spec in sorted(rules.units.items()):
        if spec.setup == "setaside" or not spec.setup[:1].isdigit():
            units[uid] = {"hex": None, "box": "setaside", "level": 0}
        else:
            units[uid] = {"hex": spec.setup, "box": None, "level": 0}
    control: dict[str, str] = {}
    for label, place in sorted(rules.board.places.items()):
        side = country_side(place.get("country"))
        if side:
            control[label] = side
    cards: dict[str, dict[str, Any]] = {}
    for side in SIDES:
        mine = sorted((c for c in rules.cards.values() if c.side == side), key=lambda c: c.number)
        setaside = [c.id for c in mine if c.setaside and not options.get("shuffle_soviet_1_6")]
        blitz = [c.id for c in mine if c.deck == "blitzkrieg" and c.id not in setaside]
        cards[side] = {
            "hand": [],
            "deck": ctx.shuffle(blitz, t("Shuffle the {side} Blitzkrieg deck (4.3)", side=side)),
            "discard": [],
            "removed": [],
            "total_war": [c.id for c in mine if c.deck == "total_war"],
            "faceup": [],
            "setaside": setaside,
            "events_removed": 0,
        }
    state: State = {
        "scenario": scenario,
        "last_turn": int(tables["tournament"]["last_turn"]) if scenario == "tournament" else 18,
        "options": dict(options),
        "turn": 1,
        "ar": 1,
        "phase": {"name": "setup", "side": AXIS},
        "vp": int(tables["vp"]["start"]),
        "units": units,
        "control": control,
        "markers": {"entrench": {}, "festung": [], "fortress_destroyed": [], "fortress_built": []},
        "cards": cards,
        "events": {},
        "effects": {},
        "consec": {AXIS: 0, SOVIET: 0},
        "banked": {AXIS: 0, SOVIET: 0},
        "rp": {"soviet": 0, "GE": 0, "PZ": 0, "AX": 0},
        "rp_plays": {AXIS: [], SOVIET: []},
        "reinf_plays": {AXIS: [], SOVIET: []},
        "hand_size": {AXIS: int(tables["hand"]["start"]), SOVIET: int(tables["hand"]["start"])},
        "round": {},
        "axis_sea": {},
        "oil_streak": 0,
        "lifted": [],
        "paulus_crossed": False,
        "bid": {"soviet": 0, "axis": 0},
        "draws_since": {},
        "last": {},
    }
    return state


def deal_opening_hands(rules: Rules, state: State, ctx: Context) -> None:
    """4.3: six cards each from the shuffled Blitzkrieg decks (hands stay private)."""
    n = int(rules.tables["hand"]["initial_deal"])
    for side in SIDES:
        pile = state["cards"][side]
        pile["hand"].extend(pile["deck"][:n])
        del pile["deck"][:n]
        ctx.log(t("{side} is dealt {n} cards.", side=side.capitalize(), n=n))
