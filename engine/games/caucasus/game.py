"""The Caucasus Campaign as a game module: the interface functions over the rules modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine import campaign_changes, flow, mapoverlay, printed
from engine.errors import InvalidOrder, InvariantViolation
from engine.game import (
    Action,
    Context,
    LogEntry,
    Outcome,
    Override,
    Role,
    ScenarioInfo,
    State,
    View,
)
from engine.games.caucasus import (
    battle,
    history,
    initial,
    parsing,
    phases,
    placement,
    retreat,
    sequence,
    standing,
    words,
)
from engine.games.caucasus import overrides as referee
from engine.games.caucasus.model import AXIS, SIDES, SOVIET, Rules, load_rules, values
from engine.games.caucasus.state import initial_state
from engine.games.caucasus.terrain import is_land
from engine.games.caucasus.verbs import VERBS
from engine.games.caucasus.victory import axis_vp
from engine.mapdata import MapData
from engine.memo import PerObject
from engine.state import whole_number_in
from engine.text import Text, joined, t

OPTIONS: dict[str, Any] = {
    "rail_bridges": True,  # ruling 11: a railway crossing a river is bridged
    "one_hex_after_rout": False,  # ruling 21: D1-B / A1/D2 retreats are always 4 hexes
    "retreat_between": "opposite",  # ruling 23 (d): "two_units" = any hex in the ZOC of two enemy units
}
KNOWN_BOXES = frozenset(
    {
        "cadre", "cup", "track", "turkish", "naval", "lendlease", "blucher", "ost", "alpine",
        "4gcc", "offmap", "caspian", "removed", "setup", "hq_return", "arriving",
    }
)
IMPULSES = ("setup", "initial", "primary", "secondary", "supply", "victory")
PHASE_STEPS = ("movement", "combat", "")


#: The game's name and its scenarios' keys in the catalogue: the Italian rulebook's own title, and
#: the words the pictures' panel and the status read in the reader's language.
TITLE = t("The Caucasus Campaign")
SCENARIO_WORDS = {"campaign": t("campaign"), "tournament": t("tournament")}


class Caucasus(flow.ProcedureGame):
    name = "caucasus"
    title = TITLE.template
    roles = (AXIS, SOVIET)
    rules_version = 2  # CHANGES.md
    scenarios = {
        "campaign": ScenarioInfo("campaign", "Campaign Game (14 turns, rule 20)"),
        "tournament": ScenarioInfo("tournament", "Tournament Scenario (7 turns, rule 21)"),
    }
    options: Mapping[str, Any] = OPTIONS
    verbs = VERBS
    procedures: Mapping[str, flow.Procedure] = {
        p.name: p
        for p in (
            sequence.Turn(),
            sequence.Setup(),
            phases.Movement(),
            placement.Placement(),
            initial.AxisInitialRest(),
            initial.SovietInitialRest(),
            initial.ReplChoice(),
            *battle.PROCEDURES,
        )
    }

    override_kinds = ("place", "remove", "step", "mark", "supply", "control", "weather", "turn", "phase", "repl", "air", "fleet", "clear", "history", "jump")
    #: Parts and unit values the state gains in play, which a position file may hold.
    position_keys = ("outcome", "units.*.arrive", "units.*.start_hex", "units.*.placed")

    reads_map_overrides = True  # every rules module reads ``self.rules`` (the campaign's map)
    #: The printed values a referee may change per unit (``counter``, ``engine.printed``).
    counter_fields: Mapping[str, str] = {
        "attack": "int", "defense": "int", "move": "int", "mf_attack": "int",
        "armor": "bool", "antitank": "bool", "limited_defense": "bool",
    }

    def __init__(self) -> None:
        self._rules: Rules = load_rules()
        self.board = self._rules.board

    @property
    def rules(self) -> Rules:
        """The static data on the campaign's map (its referee's map overrides, ``engine.mapoverlay``)."""
        base = self._rules
        return mapoverlay.with_map(base, base.board, lambda board: replace(base, board=board))

    @rules.setter
    def rules(self, rules: Rules) -> None:
        self._rules = rules

    # Interface ---------------------------------------------------------------------------------
    def setup(self, scenario: str, options: Mapping[str, Any], ctx: Context) -> State:
        retreat.check_between(options)
        state = initial_state(self.rules, scenario, options, ctx)
        initial.auto_setup(self.rules, state)
        for uid, spec in sorted(self.rules.units.items()):
            if "brandenburg" in spec.flags and state["units"][uid]["box"] == "offmap":
                roll = ctx.roll(6, t("Brandenburgers' arrival (15.2)"))
                state["units"][uid].update(box="track", due=1 + roll)
                ctx.log(t("The Brandenburgers arrive on turn {turn}.", turn=1 + roll))
        flow.call(state, "setup")
        return state

    def parse(self, state: State, role: Role, line: str) -> Action:
        return parsing.parse(self.rules, line)

    def apply(self, state: State, role: Role, action: Action, ctx: Context) -> State:
        if action.verb == "standing":
            standing.set_orders(state, role, action.args, ctx, self.rules.units)
            return state
        if action.verb == "odds":
            raise InvalidOrder(t("'odds' only previews; it is answered without changing the game."))
        self.dispatch(state, role, action, ctx)
        return state

    def auto_action(self, state: State, role: Role) -> Action | None:
        return standing.auto_action(self, state, role)

    def query(self, state: State, role: Role, line: str) -> Text | None:
        """Read-only verbs answered without touching the log (``odds``)."""
        words = line.split()
        if not words or words[0].casefold() not in ("odds", "preview"):
            return None
        action = parsing.parse(self.rules, "odds " + " ".join(words[1:]))
        return battle.preview(self.rules, state, role, action)

    def view(self, state: State, role: Role) -> View:
        rules = self.rules
        units = []
        boxes: dict[str, list[str]] = {}
        for uid, u in sorted(state["units"].items()):
            spec = rules.units[uid]
            if u.get("hex"):
                markers = [
                    m
                    for m, on in (
                        ("D", u.get("disorganized")),
                        ("OOS", u.get("supply") == "out"),
                        ("LIM", u.get("supply") == "limited"),
                        ("AS", u.get("assault")),
                        ("AE", u.get("ae")),
                        ("R", u.get("replaced")),
                        ("RR", u.get("rail_moved")),
                        ("VAL", printed.changed(state, uid)),
                    )
                    if on
                ]
                units.append(
                    {
                        "id": uid,
                        "name": spec.name,
                        "side": spec.side,
                        "nationality": spec.nationality,
                        "type": spec.type.value,
                        "size": spec.size,
                        "values": values(rules, state, uid).label(),
                        "step": u.get("step", 0),
                        "steps": len(spec.steps),
                        "markers": markers,
                        "hex": u["hex"],
                    }
                )
            elif u.get("box") and u["box"] != "cup":
                boxes.setdefault(u["box"], []).append(uid)
        ph = state["phase"]
        # Status labels are catalogue keys: the renderer's caller translates them.
        status = {
            t("game").template: self.title,
            t("scenario").template: state["scenario"],
            t("turn").template: f"{state['turn']} / {state['last_turn']}",
            t("phase").template: sequence.phase_title(state).to_json(),  # read back by engine.mapview
            t("active").template: ", ".join(sorted(self.active(state))) or "-",
            t("weather").template: state["weather"],
            t("axis VP").template: axis_vp(rules, state),
        }
        changed = self.changed_counters(state)
        if changed:
            status[t("counter values changed").template] = ", ".join(changed)
        if state.get(mapoverlay.MAP_KEY):
            status[t("map overrides").template] = mapoverlay.summary(state[mapoverlay.MAP_KEY])
        return {
            "game": self.name,
            "viewer": role,
            "turn": state["turn"],
            "phase": dict(ph),
            "units": units,
            "boxes": boxes,
            "cup_count": len(state["cup"]),
            "control": dict(state["control"]),
            "air": {k: dict(v) for k, v in state["air"].items()},
            "fleet": dict(state["fleet"]),
            "repl": dict(state["repl"]),
            "status": status,
            "last": dict(state.get("last", {})),
        }

    def result(self, state: State) -> Outcome | None:
        out = state.get("outcome")
        if not out or state.get("flow"):
            return None
        return Outcome(out["winner"], Text.from_json(out["reason"]))

    def override(self, state: State, override: Override, ctx: Context) -> State:
        referee.apply(self, state, override, ctx)
        return state

    def referee_views(self, state: State) -> Mapping[str, Any]:
        """``show history``: what each unit did this phase and the phase's marks (``history.py``)."""
        return {"history": history.history(self.rules, state)}

    def referee_log_views(self, state: State, entries: Sequence[LogEntry]) -> Mapping[str, Any]:
        """``show history`` with the units the log shows placed this turn (``history.py``)."""
        return {"history": history.history(self.rules, state, history.placed_this_turn(entries))}

    def check_invariants(self, state: State) -> None:
        rules = self.rules
        self._check_track(state)
        sides_in: dict[str, set[str]] = {}
        for uid, u in state["units"].items():
            if uid not in rules.units:
                raise InvariantViolation(t("Unknown unit {unit}.", unit=uid))
            spec = rules.units[uid]
            label = u.get("hex")
            if label:
                if not is_land(rules, label):
                    raise InvariantViolation(t("{unit} would stand in {hex}, which is sea or off the map.", unit=uid, hex=label))
                sides_in.setdefault(label, set()).add(spec.side)
                if u.get("box"):
                    raise InvariantViolation(t("{unit} cannot be both on the map and in a box.", unit=uid))
            elif u.get("box") not in KNOWN_BOXES:
                raise InvariantViolation(t("{unit} is nowhere (box {box!r}).", unit=uid, box=u.get("box")))
            if not 0 <= int(u.get("step", 0)) < len(spec.steps):
                raise InvariantViolation(t("{unit} has no step {step}.", unit=uid, step=u.get("step")))
        for label, sides in sides_in.items():
            if len(sides) > 1:
                raise InvariantViolation(t("Both sides would have units in {hex}.", hex=label))
        for label, side in state["control"].items():
            if side not in SIDES:
                raise InvariantViolation(t("Control of {hex} must be axis or soviet.", hex=label))

    def _check_track(self, state: State) -> None:
        """The turn, VP and phase markers (a referee's 'set' may reach them): in range, of their shape."""
        scenario = self.rules.scenarios.get(state.get("scenario", ""))
        most = scenario.turns if scenario is not None else 0
        last = state["last_turn"]
        if not whole_number_in(last, 1, most):
            raise InvariantViolation(t("The last turn must be a whole number from 1 to {most}.", most=most))
        if not whole_number_in(state["turn"], 1, last):
            raise InvariantViolation(t("The turn must be a whole number from 1 to {last}, e.g. set turn 3.", last=last))
        top = _vp_total(self.rules.board)
        if not whole_number_in(state["vp"], 0, top):
            raise InvariantViolation(t("Axis VP must be a whole number from 0 to {top} (every VP hex), e.g. set vp 5.", top=top))
        phase = state["phase"]
        if not (
            isinstance(phase, dict)
            and phase.get("side") in SIDES
            and phase.get("impulse") in IMPULSES
            and phase.get("step") in PHASE_STEPS
        ):
            raise InvariantViolation(
                t(
                    "The phase needs a side ({sides}), an impulse ({impulses}) and a step ({steps} or empty); use the 'phase' override, e.g. phase axis primary movement.",
                    sides=", ".join(SIDES), impulses=", ".join(IMPULSES), steps=", ".join(PHASE_STEPS[:2]),
                )
            )

    def changed_counters(self, state: State) -> list[str]:
        """The counters whose values a referee changed, with the values they show now."""
        rules = self.rules
        return [f"{rules.units[uid].name} {values(rules, state, uid).label()}" for uid in sorted(state.get(printed.COUNTERS_KEY) or {})]

    def status(self, state: State, role: Role) -> Text:
        return campaign_changes.with_changes(self._status(state), state, self.changed_counters(state))

    def _status(self, state: State) -> Text:
        return t(
            "{title}, {scenario}: turn {turn} of {last}, {phase}. Weather {weather}. Axis VP {vp}.",
            title=TITLE,
            scenario=SCENARIO_WORDS.get(state["scenario"], state["scenario"]),
            turn=state["turn"],
            last=state["last_turn"],
            phase=words.phase(state["phase"]),
            weather=words.weather(state["weather"]),
            vp=axis_vp(self.rules, state),
        )

    def holdings(self, state: State, role: Role) -> Text:
        air = [
            t("{marker} (ready)", marker=k) if v.get("ready") else t("{marker} (used)", marker=k)
            for k, v in sorted(state["air"].items()) if v.get("side") == role and v.get("available")
        ]
        fleet = [_fleet_marker(k, v) for k, v in sorted(state["fleet"].items())] if role == SOVIET else []
        repl = [f"{k} {v}" for k, v in sorted(state["repl"].items()) if (k.startswith("soviet") == (role == SOVIET)) and v]
        return t(
            "{side}: air markers {air}; fleet {fleet}; banked replacements {repl}. The Caucasus Campaign has no hidden holdings.",
            side=role.capitalize(),
            air=joined(air, ", ") or t("none"),
            fleet=joined(fleet, ", ") or "-",
            repl=", ".join(repl) or t("none"),
        )

    def validate(self) -> list[str]:
        return list(self.rules.problems)

    def unit_label(self, uid: str) -> str:
        if uid not in self.rules.units:
            raise InvalidOrder(t("No unit {unit}.", unit=uid))
        return self.rules.units[uid].name


def _fleet_marker(marker: str, status: str) -> Text:
    """A fleet marker with its status (available, unavailable or removed) in the reader's language."""
    if status == "available":
        return t("{marker} (available)", marker=marker)
    if status == "removed":
        return t("{marker} (removed)", marker=marker)
    return t("{marker} (unavailable)", marker=marker)


def make_game() -> Caucasus:
    return Caucasus()


def _sum_vp(board: object) -> int:
    assert isinstance(board, MapData)
    return sum(int(p.get("vp") or 0) for p in board.places.values())


#: Every VP hex's value summed (the most VP the Axis can hold), found once per map: the
#: invariants run after every order.
_vp_total = PerObject(_sum_vp)
