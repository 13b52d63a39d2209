"""Von Manstein's Backhand Blow (Schwerpunkt series, GMT 2002): the game module.

What a seat sees (the one door): every stack through ``engine.stacks`` (the enemy and the
channel see the top unit of each stack and its height, S 3.5; each side its own stacks whole,
in its own picture); the Admin Boxes as blanks to everybody but their owner (digest 6.1 item 4);
the GVR cup as a count. Texts name a unit through ``unit_ref`` (a ``Secret``: "a german unit" to
everybody but its owner); echoes of moves name the hex, never the unit (``order_text``).
Refusals go to the player alone (``hidden_holdings``): they may name his hidden units. Combat
chits drawn are their side's alone; the choice is sealed (``engine.sealed``) and read by the
other side as "chits (sealed)" until both choices are revealed together.

Not implemented yet (refused where typed, naming the rule; the referee decides): see ``NOT_YET``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import flow, sealed, stacks
from engine.errors import IllegalOrder, InvalidOrder, InvariantViolation, OrderOutOfStep
from engine.flow import ProcedureGame
from engine.game import (
    REFEREE,
    Action,
    Context,
    Outcome,
    Override,
    Role,
    ScenarioInfo,
    State,
    VerbInfo,
    View,
    hidden_counter_override,
)
from engine.games.schwerpunkt import (
    combat,
    events,
    odds,
    reinforcements,
    reorg,
    replacements,
    rochade,
    sequence,
    standing,
    timing,
)
from engine.games.schwerpunkt.effects import record_control
from engine.games.schwerpunkt.faces import with_values
from engine.games.schwerpunkt.model import (
    BOX_NAMES,
    BOXES,
    FRONTS,
    GERMAN,
    POLICY,
    ROLES,
    SOVIET,
    WEATHERS,
    new_unit,
    other,
    rules,
    spec,
)
from engine.games.schwerpunkt.sequence import cup_for
from engine.games.schwerpunkt.words import front_name, phase_name, weather_name
from engine.orders import Candidate, match_name, match_verb, tokens
from engine.stacks import StackPolicy
from engine.state import whole_number_in
from engine.text import Text, t
from engine.verbs import with_aliases

VERBS = {
    "move": VerbInfo("move", "move UNIT [UNIT ...] HEX", t("move a unit, or a German formation stacked together, to a hex it can reach this segment (1 AP; S 11, E 15.2)"), ("m",)),
    "end": VerbInfo("end", "end", t("end the segment")),
    "order": VerbInfo("order", "order move-first|combat-first", t("declare the order of the segments (S 4.2)")),
    "c3i": VerbInfo("c3i", "c3i N [southwest|voronezh] | c3i rochade", t("spend N C3I (0-3) and roll for Activity Points (S 7.2; the Rochade column in a Rochade turn, E 8.31)")),
    "reinforce": VerbInfo("reinforce", "reinforce UNIT hex|box1|front FRONT | reinforce done", t("choose where a reinforcement enters (E 11.1)")),
    "replace": VerbInfo("replace", "replace UNIT | replace done", t("give a damaged unit one replacement step (E 12.0)")),
    "rochade": VerbInfo("rochade", "rochade | rochade pass", t("declare Rochade this turn, or let it pass (E 8.1)")),
    "front": VerbInfo("front", "front FRONT HEX | front done", t("step a Front marker one hex (E 14.2)")),
    "admin": VerbInfo("admin", "admin place UNIT HEX | admin withdraw UNIT | admin done | admin pass", t("administrative movement (E 15.1)")),
    "remove": VerbInfo("remove", "remove UNIT", t("remove a unit over the stacking limit (E 10)")),
    "top": VerbInfo("top", "top UNIT", t("put one of your units on top of its stack (S 3.5)")),
    "attack": VerbInfo("attack", "attack HEX with UNIT ...", t("attack an adjacent enemy hex (3 AP; S 12.4)"), ("a",)),
    "chits": VerbInfo("chits", "chits ID ... | chits none", t("choose your combat chits in secret (S 12.5)")),
    "losses": VerbInfo("losses", "losses [UNIT ...] [retreat HEX [HEX] [split UNIT ... to HEX [HEX]] ...]", t("take a combat's hits as step losses and retreat (S 12.9, S 12.10)")),
    "advance": VerbInfo("advance", "advance UNIT ... | advance none | advance UNIT HEX | advance done", t("advance into the vacated hex, then a second hex (S 12.11)")),
    "refuse": VerbInfo("refuse", "refuse HEX HEX", t("refuse combat: the defending stack retreats 2 hexes (S 12.6)")),
    "accept": VerbInfo("accept", "accept", t("accept combat instead of refusing it (S 12.6)")),
    "standing": VerbInfo(
        "standing",
        "standing refuse never|always | standing retreat stand|supply | standing chits none|best | standing loss UNIT ... | standing clear",
        t("private standing orders that answer your combat decisions while you are away"),
    ),
    "odds": VerbInfo("odds", "odds [HEX [with UNIT ...]]", t("preview an attack: column, modifiers, chits drawn (nothing is played)")),
    "fa": VerbInfo("fa", "fa grey|black UNIT | fa done", t("place a Frontnahe Auffrischung marker (E 13.1)")),
    "personalersatz": VerbInfo("personalersatz", "personalersatz UNIT with GVR", t("bring a non-motorised unit back to full strength with a GVR (E 13.2)")),
    "event": VerbInfo("event", "event attack HEX with UNIT ... | event move UNIT [UNIT ...] HEX | event oos HEX | event pass", t("carry out a random event, or let it pass (S 14)")),
}
#: Italian aliases of the verbs, in the words of the Italian rulebook (help lists them).
ITALIAN: dict[str, tuple[str, ...]] = {
    "move": ("muovi", "movimento"),
    "end": ("fine",),
    "order": ("ordine",),
    "front": ("fronte",),
    "admin": ("amministrativo", "amm"),
    "remove": ("rimuovi",),
    "top": ("cima",),
    "attack": ("attacca", "attacco"),
    "chits": ("chit",),
    "losses": ("perdite",),
    "advance": ("avanza", "avanzata"),
    "refuse": ("rifiuta", "rifiuto"),
    "accept": ("accetta",),
    "standing": ("permanente",),
    "odds": ("rapporto",),
    "event": ("evento",),
    "rochade": ("arrocco",),
    "replace": ("rimpiazza",),
    "reinforce": ("rinforzo",),
}
VERBS = with_aliases(VERBS.values(), "it", ITALIAN)
#: Orders of the rules that are not implemented yet: each is refused naming its rule.
NOT_YET: dict[str, tuple[Text, str]] = {}
#: The published default of each window (S 14, E 13.1, E 8.1, E 12.0, E 11.1): let it pass.
WINDOW_DEFAULTS = {
    "event": Action("event", ("pass",)),
    "fa": Action("fa", ("done",)),
    "rochade": Action("rochade", ("pass",)),
    "replace": Action("replace", ("done",)),
    "reinforce": Action("reinforce", ("done",)),
}


def not_yet(what: Text, rule: str) -> IllegalOrder:
    return IllegalOrder(
        t("{what} is not implemented yet in this game module: the referee decides and applies it by override.", what=what),
        rule,
    )


class Schwerpunkt(ProcedureGame):
    name = "schwerpunkt"
    title = "Von Manstein's Backhand Blow (Schwerpunkt)"
    rules_version = 4
    hidden_holdings = True
    roles = ROLES
    scenarios = {
        "scenario1": ScenarioInfo("scenario1", "Scenario 1: the Donets (turns 1-4, always Frozen; E 18.1)"),
        "scenario2": ScenarioInfo("scenario2", "Scenario 2: the campaign (turns 1-17; E 18.2)"),
    }
    options: Mapping[str, Any] = {"third_german_phase": False, "historical_weather": False}
    verbs = VERBS
    override_kinds = ("place", "remove", "step", "oos", "front")
    #: Parts a position file may hold though the set-up lacks them: a combat under way, its sealed
    #: chits and revealed stacks, the Rochade turn (E 8.1), the outcome.
    position_keys = ("combat", "combat_count", "reveals", "rochade_turn", "result", "sealed")
    procedures = {"turn": sequence.Turn(), "activity": sequence.Activity(), "overstack": sequence.Overstack(), "combat": combat.Combat(), "event": events.Event(), "fa": reorg.Auffrischung(), "rochade": rochade.Declaration(), "replace": replacements.Assignment(), "reinforce": reinforcements.Placement()}

    def __init__(self) -> None:
        self.board = rules().board

    # Set-up -----------------------------------------------------------------------------------
    def setup(self, scenario: str, options: Mapping[str, Any], ctx: Context) -> State:
        tables = rules().tables
        state: State = {
            "scenario": scenario,
            "options": {k: bool(options.get(k, v)) for k, v in self.options.items()},
            "turn": 1,
            "last_turn": int(tables["turns"]["scenario1_last"] if scenario == "scenario1" else tables["turns"]["last"]),
            "weather": "frozen",
            "last_weather": "frozen",
            "phase": {"kind": "setup", "side": None, "n": 0},
            "c3i": {side: int(tables["start"]["c3i"][side]) for side in ROLES},
            "ap": {GERMAN: 0, "southwest": 0, "voronezh": 0},
            "vp": int(tables["start"]["vp"]),
            "replacements": {"nonmot": 0, "mot": 0},
            "fronts": dict(tables["fronts"]["start"]),
            "units": {},
            "stacks": {},
            "cup": [],
            "cups": {side: cup_for(side, 1) for side in ROLES},
            "arrivals": {},
            "eliminated": [],
            "out_of_play": [],
            "gvr_hexes": [],
            "gvr_lost": [],
            "objectives": {},
            "last": {},
            "rochade_used": False,
            "standing": {SOVIET: {}, GERMAN: {}},
            "refused": {},
            "uprisings": {},
            "fa": {},
        }
        for s in rules().units.values():
            state["units"][s.id] = new_unit(s)
        for s in sorted(rules().units.values(), key=lambda u: u.id):
            kind, _, where = s.setup.partition(":")
            if kind in ("hex", "vk"):
                stacks.place(POLICY, state, state["units"], s.id, where, "bottom")
            elif kind == "uprising":
                state["out_of_play"].append(s.id)  # E 17: the back of a VK counter, until an uprising
            elif kind == "gvr":
                state["cup"].append(s.id)
                if where not in state["gvr_hexes"]:
                    state["gvr_hexes"].append(where)
            else:
                turn, _, _ = where.partition("@")
                state["arrivals"].setdefault(turn, []).append(s.id)
        state["gvr_hexes"].sort()
        record_control(state)
        flow.call(state, "turn", i=0)
        self.run_automatic(state, ctx)
        return state

    # Orders -----------------------------------------------------------------------------------
    def parse(self, state: State, role: Role, line: str) -> Action:
        words = tokens(line)
        if not words:
            raise InvalidOrder(t("Type an order."), t("Orders: {verbs}.", verbs=", ".join(VERBS)))
        if words[0].casefold() in NOT_YET:
            what, rule = NOT_YET[words[0].casefold()]
            raise not_yet(what, rule)
        verb = match_verb(words[0], VERBS)
        args = words[1:]
        if verb == "move" and len(args) >= 2:
            return Action("move", (*(self._own_unit(state, role, a) for a in args[:-1]), self._destination(args[-1])))
        if verb == "event" and args:
            return self._event(state, role, args)
        if verb == "fa" and [a.casefold() for a in args] == ["done"]:
            return Action("fa", ("done",))
        if verb == "fa" and len(args) == 2 and args[0].casefold() in reorg.MARKERS:
            return Action("fa", (args[0].casefold(), self._own_unit(state, role, args[1])))
        if verb == "personalersatz" and len(args) == 3 and args[1].casefold() == "with":
            return Action("personalersatz", (self._own_unit(state, role, args[0]), "with", self._own_unit(state, role, args[2])))
        if verb in ("top", "remove") and len(args) == 1:
            return Action(verb, (self._own_unit(state, role, args[0]),))
        if verb == "end" and not args:
            return Action("end")
        if verb == "order" and len(args) == 1 and args[0].casefold() in ("move-first", "combat-first"):
            return Action("order", (args[0].casefold(),))
        if verb == "c3i" and [a.casefold() for a in args] == ["rochade"]:
            return Action("c3i", ("rochade",))
        if verb == "reinforce" and [a.casefold() for a in args] == ["done"]:
            return Action("reinforce", ("done",))
        if verb == "reinforce" and len(args) == 2 and args[1].casefold() in ("hex", "box1"):
            return Action("reinforce", (self._own_unit(state, role, args[0]), args[1].casefold()))
        if verb == "reinforce" and len(args) == 3 and args[1].casefold() == "front" and args[2].casefold() in FRONTS:
            return Action("reinforce", (self._own_unit(state, role, args[0]), "front", args[2].casefold()))
        if verb == "replace" and [a.casefold() for a in args] == ["done"]:
            return Action("replace", ("done",))
        if verb == "replace" and len(args) == 1:
            return Action("replace", (self._own_unit(state, role, args[0]),))
        if verb == "rochade" and [a.casefold() for a in args] in ([], ["pass"]):
            return Action("rochade", tuple(a.casefold() for a in args))
        if verb == "c3i" and 1 <= len(args) <= 2 and args[0].isdigit():
            if len(args) == 2 and args[1].casefold() not in FRONTS:
                raise InvalidOrder(t("The odd Activity Point goes to 'southwest' or 'voronezh' (E 9.0)."))
            return Action("c3i", tuple(a.casefold() for a in args))
        if verb == "front" and args == ["done"]:
            return Action("front", ("done",))
        if verb == "front" and len(args) == 2 and args[0].casefold() in FRONTS:
            return Action("front", (args[0].casefold(), self._hex(args[1])))
        if verb == "attack" and len(args) >= 3 and args[1].casefold() == "with":
            return Action("attack", (self._hex(args[0]), "with", *(self._own_unit(state, role, a) for a in args[2:])))
        if verb == "chits" and args:
            if [a.casefold() for a in args] == ["none"]:
                return Action("chits", ("none",))
            mine = [Candidate(c.id, (c.name,)) for c in rules().chits.values() if c.side == role]
            return Action("chits", tuple(match_name(a, mine, "chit") for a in args))
        if verb == "losses":
            if "retreat" in [a.casefold() for a in args]:
                i = [a.casefold() for a in args].index("retreat")
                return Action("losses", (*(self._own_unit(state, role, a) for a in args[:i]), "retreat", *self._retreat(state, role, args[i + 1 :])))
            return Action("losses", tuple(self._own_unit(state, role, a) for a in args))
        if verb == "advance" and args:
            if [a.casefold() for a in args] in (["none"], ["done"]):
                return Action("advance", (args[0].casefold(),))
            if len(args) == 2 and args[1] in rules().board.grid:
                return Action("advance", (self._own_unit(state, role, args[0]), self._hex(args[1])))
            return Action("advance", tuple(self._own_unit(state, role, a) for a in args))
        if verb == "odds":
            return Action("odds", tuple(args))
        if verb == "refuse" and len(args) == 2:
            return Action("refuse", (self._retreat_hex(args[0]), self._retreat_hex(args[1])))
        if verb == "accept" and not args:
            return Action("accept")
        if verb == "standing" and args:
            kind = args[0].casefold()
            if kind == "loss":
                return Action("standing", ("loss", *(self._own_unit(state, role, a) for a in args[1:])))
            return Action("standing", tuple(a.casefold() for a in args))
        if verb == "admin" and len(args) == 1 and args[0].casefold() in ("pass", "done"):
            return Action("admin", (args[0].casefold(),))
        if verb == "admin" and len(args) == 3 and args[0].casefold() == "place":
            return Action("admin", ("place", self._own_unit(state, role, args[1]), self._hex(args[2])))
        if verb == "admin" and len(args) == 2 and args[0].casefold() == "withdraw":
            return Action("admin", ("withdraw", self._own_unit(state, role, args[1])))
        raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))

    def _event(self, state: State, role: Role, args: list[str]) -> Action:
        kind = args[0].casefold()
        if kind == "pass" and len(args) == 1:
            return Action("event", ("pass",))
        if kind == "oos" and len(args) == 2:
            return Action("event", ("oos", self._hex(args[1])))
        if kind == "move" and len(args) >= 3:
            return Action("event", ("move", *(self._own_unit(state, role, a) for a in args[1:-1]), self._destination(args[-1])))
        if kind == "attack" and len(args) >= 4 and args[2].casefold() == "with":
            return Action("event", ("attack", self._hex(args[1]), "with", *(self._own_unit(state, role, a) for a in args[3:])))
        raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS["event"].syntax))

    def _own_unit(self, state: State, role: Role, given: str) -> str:
        mine = [Candidate(uid, (u["name"],)) for uid, u in sorted(state["units"].items()) if u["side"] == role]
        return match_name(given, mine, "unit")

    def _retreat(self, state: State, role: Role, words: list[str]) -> list[str]:
        """A retreat path, then any 'split UNIT ... to HEX [HEX]' groups (S 12.10)."""
        out: list[str] = []
        mode = "hex"
        for word in words:
            low = word.casefold()
            if low == "split":
                out.append("split")
                mode = "unit"
            elif low == "to" and mode == "unit":
                out.append("to")
                mode = "hex"
            else:
                out.append(self._own_unit(state, role, word) if mode == "unit" else self._retreat_hex(word))
        return out

    def _destination(self, given: str) -> str:
        """A move's end hex: a hex number off the map or in the sea is a move the rules forbid (S 11.5)."""
        if len(given) == 4 and given.isdigit() and (given not in rules().board.grid or rules().board.terrain.get(given) == "sea"):
            raise IllegalOrder(
                t("{hex} is off the map or in the sea: no unit moves off the map; name a land hex of the map (e.g. 2811 for Kharkov).", hex=given),
                "S 11.5",
            )
        return self._hex(given)

    def _retreat_hex(self, given: str) -> str:
        """A hex of a retreat: a hex number off the map or in the sea is a retreat the rules forbid (S 12.10)."""
        if len(given) == 4 and given.isdigit() and (given not in rules().board.grid or rules().board.terrain.get(given) == "sea"):
            raise IllegalOrder(
                t("{hex} is off the map or in the sea: no unit retreats off the map; name land hexes of the map next to each other.", hex=given),
                "S 12.10",
            )
        return self._hex(given)

    def _hex(self, given: str) -> str:
        if given not in rules().board.grid or rules().board.terrain.get(given) == "sea":
            raise InvalidOrder(t("'{hex}' is not a land hex of the map (four digits: column then row, e.g. 2811 for Kharkov).", hex=given))
        return given

    def apply(self, state: State, role: Role, action: Action, ctx: Context) -> State:
        if action.verb == "standing":
            standing.set_order(state, role, action.args, ctx)
            return state
        if action.verb == "odds":
            raise InvalidOrder(t("'odds' only previews; it is answered without changing the game."))
        try:
            self.dispatch(state, role, action, ctx)
        except OrderOutOfStep as error:
            better = timing.misplaced(state, action.verb)
            if better is None:
                raise
            raise better from error
        return state

    def auto_action(self, state: State, role: Role) -> Action | None:
        """A private standing order's answer to the combat decision waiting for ``role`` (``standing.py``)."""
        return standing.auto_action(state, role)

    def default_action(self, state: State, role: Role) -> Action | None:
        """A combat decision's published default (named in its prompt; ``standing.py``), a window's
        (``WINDOW_DEFAULTS``: named in its prompt too), else the base's."""
        found = standing.default_action(state, role)
        proc = state["flow"][-1].get("proc") if state.get("flow") else None
        if found is None and proc in WINDOW_DEFAULTS and role in self.active(state):
            found = WINDOW_DEFAULTS[proc]
        return found if found is not None else super().default_action(state, role)

    def query(self, state: State, role: Role, line: str) -> Text | None:
        """``odds [HEX [with UNIT ...]]``: the preview of an attack, for ``role`` alone (``odds.py``)."""
        words = tokens(line)
        if not words or words[0].casefold() not in ("odds", "rapporto"):
            return None
        return odds.preview(state, role, words[1:])

    def order_text(self, action: Action, viewer: Role) -> str:
        """A move, an attack, losses and an advance read without the units (they may be hidden
        again once the combat is over); a choice of the top counter stays private; combat chits
        are sealed."""
        if action.verb == "move" and len(action.args) >= 2:
            return f"move ? {action.args[-1]}"
        if action.verb == "reinforce" and action.args != ("done",):
            return " ".join(("reinforce", "?", *action.args[1:]))
        if action.verb == "replace" and action.args != ("done",):
            return "replace ?"
        if action.verb == "personalersatz":
            return "personalersatz ?"
        if action.verb == "fa" and len(action.args) == 2:
            return f"fa {action.args[0]} ?"
        if action.verb == "event" and action.args and action.args[0] == "move":
            return f"event move ? {action.args[-1]}"
        if action.verb == "event" and action.args and action.args[0] == "attack":
            return f"event attack {action.args[1]}"
        if action.verb == "top":
            return "top ?"
        if action.verb == "chits":
            return "chits (sealed)"
        if action.verb == "standing":
            return "standing (private)"
        if action.verb == "attack" and action.args:
            return f"attack {action.args[0]}"
        if action.verb == "losses":
            path = list(action.args[action.args.index("retreat") :]) if "retreat" in action.args else []
            shown: list[str] = []
            for word in path:
                word = "?" if word in rules().units else word
                if not (word == "?" and shown and shown[-1] == "?"):
                    shown.append(word)
            return " ".join(("losses", "?", *shown))
        if action.verb == "advance":
            return f"advance {action.args[0]}" if action.args in (("none",), ("done",)) else "advance ?"
        if action.verb == "admin" and action.args and action.args[0] in ("place", "withdraw"):
            return " ".join(("admin", action.args[0], "?", *action.args[2:]))
        return action.text

    def override_text(self, override: Override, viewer: Role) -> str:
        """Overrides that name a unit in a place the viewer may not see are read without the unit."""
        if override.kind in ("place", "step", "oos") and override.args:
            return " ".join((override.kind, "?", *override.args[1:]))
        if hidden_counter_override(override):  # a unit in a hidden stack, or its values (S 3.5)
            return f"{override.kind} (private)"
        return super().override_text(override, viewer)

    # Views ------------------------------------------------------------------------------------
    def view(self, state: State, viewer: Role) -> View:
        every = stacks.project_stacks(POLICY, state, state["units"], viewer)
        return {
            "turn": state["turn"],
            "last_turn": state["last_turn"],
            "scenario": state["scenario"],
            "weather": state["weather"],
            "phase": dict(state["phase"]),
            "c3i": dict(state["c3i"]),
            "ap": dict(state["ap"]),
            "vp": state["vp"],
            "replacements": dict(state["replacements"]),
            "fronts": dict(state["fronts"]),
            "status": self._panel(state),
            "last": dict(state.get("last") or {}),
            "hex_markers": [{"hex": h, "text": f"{f.capitalize()} Front", "side": SOVIET} for f, h in sorted(state["fronts"].items())]
            + [{"hex": h, "text": f"FA {colour}", "side": GERMAN} for colour, h in sorted(reorg.marker_hexes(state).items())],
            "stacks": {loc: with_values(rules(), v.to_json()) for loc, v in every.items() if loc not in BOX_NAMES},
            "boxes": {loc: v.to_json() for loc, v in every.items() if loc in BOX_NAMES},
            "gvr_cup": len(state["cup"]),
            "chit_cups": {side: len(c) for side, c in state["cups"].items()},
            "arrivals": {turn: list(ids) for turn, ids in sorted(state["arrivals"].items())},
            "eliminated": list(state["eliminated"]),
            "gvr_lost": list(state["gvr_lost"]),
            "objectives": dict(state["objectives"]),
            "combat": self._combat_view(state, viewer),
            "sealed": sealed.project(state, viewer),
            "standing": standing.tokens(state, viewer) if viewer in ROLES else [],
        }

    def _panel(self, state: State) -> dict[str, Any]:
        """The pictures' status panel: public facts only; labels are catalogue keys (the
        renderer's caller translates them)."""
        phase = state["phase"]
        vp = str(state["vp"])
        if state["scenario"] != "scenario1":
            vp_range = rules().tables["turns"]["vp_range"]
            vp += f" ({vp_range['low'][state['turn'] - 1]} .. {vp_range['high'][state['turn'] - 1]})"
        return {
            t("turn").template: f"{state['turn']} / {state['last_turn']}",
            t("weather").template: _json(weather_name(state["weather"])),  # Texts as JSON, read back by engine.mapview
            t("phase").template: t(
                "{phase}{side}{n}", phase=phase_name(phase["kind"]), side=t(" ({side})", side=phase["side"]) if phase.get("side") else "",
                n=f" {phase['n']}" if phase.get("n") else "",
            ).to_json(),
            t("active").template: ", ".join(sorted(self.active(state))) or "-",
            t("C3I").template: ", ".join(f"{side} {state['c3i'][side]}" for side in ROLES),
            t("Activity Points").template: t(
                "German {german}, Southwest {southwest}, Voronezh {voronezh}", german=state["ap"][GERMAN],
                southwest=state["ap"]["southwest"], voronezh=state["ap"]["voronezh"],
            ).to_json(),
            t("VP").template: vp,
        }

    def _combat_view(self, state: State, viewer: Role) -> dict[str, Any] | None:
        """The combat under way as ``viewer`` may see it: public facts, and his own drawn chits."""
        c = state.get("combat")
        if c is None:
            return None
        seen = {k: c[k] for k in ("target", "side", "attackers", "defenders", "stage") if k in c}
        for k in ("tv", "limit", "superior", "hits", "retreat"):
            if k in c:
                seen[k] = c[k]
        seen["drawn_counts"] = {side: len(ids) for side, ids in c.get("drawn", {}).items()}
        if viewer in c.get("drawn", {}) or viewer == REFEREE:
            seen["my_chits"] = list(c.get("drawn", {}).get(viewer, [])) if viewer != REFEREE else dict(c.get("drawn", {}))
        return seen

    def status(self, state: State, viewer: Role) -> Text:
        phase = state["phase"]
        return t(
            "Turn {turn} of {last} ({weather}); {phase}{side}. C3I: Soviet {sc3i}, German {gc3i}. AP: German {gap}, Southwest {swap}, Voronezh {vap}. VP {vp}.",
            turn=state["turn"],
            last=state["last_turn"],
            weather=weather_name(state["weather"]),
            phase=phase_name(phase["kind"]),
            side=t(" ({side})", side=phase["side"]) if phase.get("side") else "",
            sc3i=state["c3i"][SOVIET],
            gc3i=state["c3i"][GERMAN],
            gap=state["ap"][GERMAN],
            swap=state["ap"]["southwest"],
            vap=state["ap"]["voronezh"],
            vp=state["vp"],
        )

    def holdings(self, state: State, role: Role) -> Text:
        box1, box2 = BOXES[role]
        return t(
            "Admin Box #1: {one}. Admin Box #2: {two}.",
            one=", ".join(stacks.stack(state, box1)) or "-",
            two=", ".join(stacks.stack(state, box2)) or "-",
        )

    def result(self, state: State) -> Outcome | None:
        found = state.get("result")
        if not found:
            return None
        reasons = {
            "city": t("The Soviet holds a city at the end of turn 4 (E 18.1)."),
            "donets": t("No Soviet unit is west of the Donets at the end of turn 4 (E 18.1)."),
            "draw1": t("Neither side's condition is met at the end of turn 4: a draw (E 18.1)."),
            "vp": t("The victory points are outside the Turn Track's range (E 18.2)."),
            "last": t("The last turn is over with no winner: a draw (E 18.2)."),
        }
        return Outcome(found["winner"], reasons[found["reason"]])

    # For the tests: secrets and a consistent re-deal -------------------------------------------
    def ordered_stacks(self, state: State) -> tuple[StackPolicy, Mapping[str, Mapping[str, Any]]]:
        """The stacks a referee may reorder with the kernel's ``restack``."""
        return POLICY, state["units"]

    def secrets(self, state: State) -> dict[Role, set[str]]:
        """Each side's units the other side cannot see (below a top counter, in an Admin Box);
        the GVR cup's contents are kept with the German's (nobody sees into it)."""
        out: dict[Role, set[str]] = {side: set() for side in ROLES}
        for side in ROLES:
            for view in stacks.project_stacks(POLICY, state, state["units"], other(side)).values():
                order = stacks.stack(state, view.location)
                out[side].update(order[c_index] for c_index, c in enumerate(view.counters) if c.blank and c.side == side)
        out[GERMAN].update(state["cup"])
        for side, ids in state.get("combat", {}).get("drawn", {}).items():
            out[side].update(ids)
        for side, words in sealed.secret_words(state).items():
            out[side].update(words)
        for side in ROLES:
            out[side].update(standing.tokens(state, side))
        return out

    def redeal(self, state: State, role: Role, ctx: Context) -> State | None:
        """``role``'s stacks with their hidden counters (below the top) in another order, and the
        chits it drew for a combat dealt again from its cup while it has not chosen (a sealed
        choice is bound by its commitment)."""
        c = state.get("combat")
        if c and role in c.get("drawn", {}) and c["stage"] == "chits" and not sealed.has_chosen(state, combat.tag(state), role):
            pool = ctx.shuffle(sorted(state["cups"][role] + c["drawn"][role]), t("Deal again"))
            size = len(c["drawn"][role])
            c["drawn"][role], state["cups"][role] = sorted(pool[:size]), sorted(pool[size:])
        for label, order in sorted(state["stacks"].items()):
            if label in BOX_NAMES or len(order) < 3 or state["units"][order[0]]["side"] != role:
                continue
            state["stacks"][label] = [order[0], *ctx.shuffle(order[1:], t("Reorder"))]
        return state

    # Referee ----------------------------------------------------------------------------------
    def override(self, state: State, override: Override, ctx: Context) -> State:
        kind, args = override.kind, override.args
        units = state["units"]
        if kind == "place" and len(args) in (2, 3) and args[0] in units:
            uid, where = args[0], args[1]
            if where not in BOX_NAMES:
                self._hex(where)
            for pile in (state["cup"], state["eliminated"], state["out_of_play"], *state["arrivals"].values()):
                if uid in pile:
                    pile.remove(uid)
            stacks.place(POLICY, state, units, uid, where, args[2] if len(args) == 3 else "top")
            return state
        if kind == "remove" and len(args) == 1 and args[0] in units:
            stacks.remove(POLICY, state, units, args[0])
            state["eliminated"].append(args[0])
            return state
        if kind == "step" and len(args) == 2 and args[0] in units and args[1].isdigit():
            units[args[0]]["step"] = int(args[1])
            return state
        if kind == "oos" and len(args) == 2 and args[0] in units and args[1] in ("on", "off"):
            units[args[0]]["oos"] = args[1] == "on"
            return state
        if kind == "front" and len(args) == 2 and args[0] in FRONTS:
            state["fronts"][args[0]] = self._hex(args[1])
            return state
        raise InvalidOrder(
            t("Unknown or malformed override '{kind}'.", kind=kind),
            t("Overrides: place UNIT HEX|BOX [top|bottom|N], remove UNIT, step UNIT N, oos UNIT on|off, front FRONT HEX."),
        )

    def check_invariants(self, state: State) -> None:
        units = state["units"]
        stacks.check(POLICY, state, units)
        sealed.check(state)
        placed = {u for order in state["stacks"].values() for u in order}
        elsewhere = [*state["cup"], *state["eliminated"], *state["out_of_play"], *(u for ids in state["arrivals"].values() for u in ids)]
        if len(elsewhere) != len(set(elsewhere)) or placed & set(elsewhere) or placed | set(elsewhere) != set(units):
            raise InvariantViolation(t("Every unit must be in exactly one place: a hex, a box, the cup, the arrivals, eliminated or out of play."))
        for label, order in state["stacks"].items():
            if label not in BOX_NAMES:
                if label not in rules().board.grid or rules().board.terrain.get(label) == "sea":
                    raise InvariantViolation(t("{hex} is not a land hex of the map.", hex=label))
                if len({units[u]["side"] for u in order}) > 1:
                    raise InvariantViolation(t("Units of both sides share {hex}.", hex=label))
            elif any(units[u]["side"] not in label for u in order):
                raise InvariantViolation(t("A unit is in the other side's Admin Box ({box}).", box=label))
        for uid, unit in units.items():
            if not whole_number_in(unit["step"], 0, len(spec(uid).steps) - 1):
                raise InvariantViolation(t("{unit} has no strength level {step}.", unit=uid, step=unit["step"]))
        for side in ROLES:
            if not whole_number_in(state["c3i"][side], 0, 99):
                raise InvariantViolation(t("C3I must be a whole number from 0 to 99."))
        for pool, ap in state["ap"].items():
            if not whole_number_in(ap, 0, 99):
                raise InvariantViolation(t("Activity Points must be a whole number from 0 to 99 ({pool}).", pool=pool))
        if not whole_number_in(state["vp"], -99, 99):  # ruling 26: the VP marker's General Track
            raise InvariantViolation(t("The VP total must be a whole number from -99 to 99 (E 18.2), e.g. set vp -5."))
        for pool, count in state["replacements"].items():
            if not whole_number_in(count, 0, 99):
                raise InvariantViolation(t("Soviet replacements must be a whole number from 0 to 99 ({pool}, E 12.0).", pool=pool))
        if state["weather"] not in WEATHERS:
            raise InvariantViolation(t("The weather is frozen, mud or very_mud."))
        for front in FRONTS:
            if state["fronts"].get(front) not in rules().board.grid:
                raise InvariantViolation(t("The {front} Front marker is off the map.", front=front_name(front)))
        last = int(rules().tables["turns"]["scenario1_last" if state["scenario"] == "scenario1" else "last"])
        if state["last_turn"] != last or not whole_number_in(state["turn"], 1, last):
            raise InvariantViolation(t("The turn must be from 1 to {last}.", last=last))

    def validate(self) -> list[str]:
        return list(rules().problems)

    def unit_label(self, uid: str) -> str:
        found = rules().units.get(uid)
        return found.name if found else uid


def make_game() -> Schwerpunkt:
    return Schwerpunkt()


__all__ = ["REFEREE", "Schwerpunkt", "make_game"]


def _json(value: Text | str) -> Any:
    """A panel value as the view keeps it: a Text as JSON (``Text.to_json``), a word as it is."""
    return value.to_json() if isinstance(value, Text) else value
