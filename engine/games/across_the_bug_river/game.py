"""Across the Bug River: Volodymyr-Volynskyi 1941 (digest ``shared/rules/across-the-bug-river.md``).

Built so far: the provisional data and its validator, the three scenarios' set-ups, the Ops Phase
(initiative with its +DRM marker and the Surprise Attack, Action / Transfer / Pass, formation
activations with AP from the AP table), Movement Actions along a whole path with ZOC by terrain,
roads, streams, the Bug, stacking and limited knowledge, Formation Reactions with their
mini-activations, Recovery and Improved Defense, Combat Actions with their losses windows, retreats
and bonus AP (``combat``, ``battle``), infiltration, the Admin Phase segments in order, and the end
of the turn with the victory points the position gives, HQ relocation and displacement (``hq``),
boat movement and pontoons (``river``), replacements (``replacements``), the 41st Tank Division
reserves (``reserves``), exit and conditional VP (``victory``) and scenario 2's set-up choices
(``scenario2``), the Assignment Segment (``assignment``). Schlachtenglück rerolls are not offered
yet: the RULINGS say what is left.

How information leaves it: every counter on the map is in an ordered stack (``engine.stacks``);
the enemy sees the top counter, and under an HQ the first combat unit (5.3.4). Current strength,
HQ support points and attachments are ``Visibility.OWNER``: never shown to the enemy (3.4, 5.5.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from engine import flow, stacks
from engine.errors import InvalidOrder, InvariantViolation
from engine.flow import ProcedureGame
from engine.game import (
    PUBLIC,
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
from engine.games.across_the_bug_river import (
    assignment,
    battle,
    board,
    combat,
    hq,
    luck,
    overstack,
    replacements,
    reserves,
    river,
    scenario2,
    standing,
)
from engine.games.across_the_bug_river.admin import Admin, EndTurn, verdict
from engine.games.across_the_bug_river.data import Rules, load
from engine.games.across_the_bug_river.faces import with_faces
from engine.games.across_the_bug_river.phases import Activation, Choose, Ops, React
from engine.orders import Candidate, is_number, match_name, match_verb, tokens
from engine.stacks import StackPolicy, StackRule, Visibility
from engine.state import whole_number_in
from engine.text import Text, t
from engine.verbs import with_aliases

ROLES = ("german", "soviet")
VERBS = {
    "activate": VerbInfo("activate", "activate FORMATION", t("activate a formation (6.3)"), ("act",)),
    "transfer": VerbInfo("transfer", "transfer", t("give the initiative to the other side (6.2)")),
    "pass": VerbInfo("pass", "pass", t("make no more activations this Ops Phase (6.2)")),
    "move": VerbInfo("move", "move UNIT|HEX HEX [HEX...]", t("move a unit, or your formation's stack in a hex, along a path (7.3)"), ("m",)),
    "recover": VerbInfo("recover", "recover UNIT", t("Recovery Action for a disorganised unit (7.6)")),
    "improve": VerbInfo("improve", "improve HEX", t("Improved Defense for a stack (7.7)")),
    "end": VerbInfo("end", "end", t("end the activation or reaction (7.1)")),
    "react": VerbInfo("react", "react FORMATION", t("attempt a Formation Reaction (6.4)")),
    "noreact": VerbInfo("noreact", "noreact", t("let the enemy move go on (6.4)")),
    "attack": VerbInfo("attack", "attack hasty|regular|prepared FROM TARGET [UNIT...]", t("a Combat Action from one hex on an adjacent enemy hex (7.5); 'odds' with the same words previews it")),
    "hit": VerbInfo("hit", "hit UNIT", t("the unit of yours that takes the first hit of a combat (7.5.2)")),
    "hold": VerbInfo("hold", "hold [HEX [HEX]] [UNIT...]", t("take the second hit of a combat in place; the units that must retreat go along the path (7.5.2)")),
    "displace": VerbInfo("displace", "displace UNIT HEX", t("move a unit out of an enemy hex over the stacking limits (5.3.3)")),
    "retreat": VerbInfo("retreat", "retreat HEX [HEX] [UNIT...]", t("retreat your units in the combat (all, or those named) 1 or 2 hexes; if all go, the second hit is satisfied (7.5.2)")),
    "infiltrate": VerbInfo("infiltrate", "infiltrate UNIT|HEX HEX", t("move from an enemy ZOC hex straight into an adjacent one, each unit checking efficiency (7.3.4)")),
    "replace": VerbInfo("replace", "replace UNIT", t("spend replacement points on a step of a unit (8.3)")),
    "cannibalise": VerbInfo("cannibalise", "cannibalise UNIT", t("remove a Soviet infantry-type unit for reorganisation points (8.3.2)"), ("cannibalize",)),
    "attach": VerbInfo("attach", "attach UNIT FORMATION", t("attach a unit to a formation in the Assignment Segment (8.2, 5.5)")),
    "exit": VerbInfo("exit", "exit UNIT|HEX", t("take units of the 111th or 299th Infantry Division off the map through the Soviet East supply area (11.2)")),
    "relocate": VerbInfo("relocate", "relocate HQ HEX", t("move your activated formation's HQ to a friendly village or city in range and in supply (7.4)")),
    "pontoon": VerbInfo("pontoon", "pontoon HEX HEX | pontoon remove CORPS", t("build your corps' pontoon bridge over the Bug hexside between two hexes; in the Reinforcement Segment, take one up to build it again (10.3)")),
    "accept": VerbInfo("accept", "accept", t("let your last roll stand (5.2)")),
    "reroll": VerbInfo("reroll", "reroll", t("give the Schlachtenglück marker to the other side and roll your last roll again (5.2)")),
    "standing": VerbInfo("standing", standing.SYNTAX, t("private standing orders that answer reactions, second hits, first hits and Schlachtenglück rolls for you (6.4, 7.5.2, 5.2)")),
}
#: Italian aliases of the verbs, in the words of the Italian rulebook (help lists them).
ITALIAN: dict[str, tuple[str, ...]] = {
    "activate": ("attiva",),
    "transfer": ("trasferisci",),
    "pass": ("passa",),
    "move": ("muovi", "movimento"),
    "recover": ("recupera",),
    "improve": ("migliora", "difesa-migliorata"),
    "end": ("fine",),
    "react": ("reagisci", "reazione"),
    "noreact": ("nessuna-reazione",),
    "attack": ("attacca", "attacco"),
    "hit": ("colpo",),
    "hold": ("tieni", "resisti"),
    "retreat": ("ritirata", "ritirati"),
    "displace": ("sposta",),
    "infiltrate": ("infiltra",),
    "replace": ("rimpiazza",),
    "cannibalise": ("cannibalizza",),
    "attach": ("assegna",),
    "exit": ("esci",),
    "relocate": ("riloca",),
    "pontoon": ("pontone",),
    "accept": ("accetta",),
    "reroll": ("rilancia",),
    "standing": ("permanente",),
}
VERBS = with_aliases(VERBS.values(), "it", ITALIAN)
SCENARIOS = {
    "scenario1": ScenarioInfo("scenario1", "Attack of III Motorized Corps (turns 1-3)"),
    "scenario2": ScenarioInfo("scenario2", "Delayed Arrival (turns 5-7)"),
    "campaign": ScenarioInfo("campaign", "Campaign (turns 1-7)"),
}


def _rank(unit: Mapping[str, Any]) -> int:
    return 0 if unit.get("kind") == "hq" else 1


POLICY = StackPolicy(
    default=StackRule(
        rule="5.3.4",
        enemy_depth=1,
        looks_under=lambda u: u.get("kind") == "hq",
        rank=_rank,
        order_reason=t("An HQ is always the top counter of its stack (5.3.1)."),
    ),
    attributes={
        "side": Visibility.PUBLIC,
        "hex": Visibility.PUBLIC,
        "kind": Visibility.PUBLIC,
        "formation": Visibility.PUBLIC,
        "disorganized": Visibility.PUBLIC,
        "emergency": Visibility.PUBLIC,
        "strength": Visibility.OWNER,
        "support": Visibility.OWNER,
        "assigned": Visibility.OWNER,
    },
)


class AcrossTheBugRiver(ProcedureGame):
    name = "across-the-bug-river"
    title = "Across the Bug River: Volodymyr-Volynskyi 1941"
    roles = ROLES
    scenarios = SCENARIOS
    options: Mapping[str, Any] = {}
    verbs = VERBS
    dice = (10,)
    rules_version = 2  # CHANGES.md
    override_kinds = ("place", "remove", "strength", "disorganize", "level", "interdiction")
    #: Parts a position file may hold though the set-up lacks them (what play adds: reserves,
    #: standing orders, temporary and conditional markers, exits, pontoons, revealed stacks).
    position_keys = ("conditional", "exited", "pontoon_of", "reserves", "reveals", "standing", "temporary")
    procedures = {
        "ops": Ops(), "choose": Choose(), "activation": Activation(), "react": React(), "admin": Admin(), "end_turn": EndTurn(),
        "combat": battle.Combat(), "losses": battle.Losses(), "bonus": battle.Bonus(), "overstack": overstack.Overstack(),
        overstack.CHECK: overstack.OverstackCheck(),
        "hqdisplace": hq.HqDisplace(), "replacement": replacements.Replacement(),
        "setup2": scenario2.Setup2(),
        "assignment": assignment.Assignment(),
        luck.ROLL: luck.LuckRoll(), "pontoons": river.Removal(),
    }
    policy = POLICY

    def __init__(self) -> None:
        self.rules: Rules = load()
        self.board = self.rules.board

    # Set-up -------------------------------------------------------------------------------------
    def setup(self, scenario: str, options: Mapping[str, Any], ctx: Context) -> State:
        if scenario not in self.rules.scenarios:
            raise InvalidOrder(t("Unknown scenario '{name}'.", name=scenario), t("Scenarios: {names}.", names=", ".join(SCENARIOS)))
        scen = self.rules.scenarios[scenario]
        units: dict[str, dict[str, Any]] = {}
        for uid, label in scen.setup.items():
            units[uid] = self.new_unit(uid, label, scen.attach.get(uid))
        pending: dict[str, list[str]] = {}
        for turn, arriving in scen.reinforcements.items():
            for uid in arriving:
                if uid not in units:
                    units[uid] = self.new_unit(uid, None, scen.attach.get(uid))
                    pending.setdefault(str(turn), []).append(uid)
        formations: dict[str, dict[str, int]] = {}
        for fid, label in scen.hq.items():
            form = self.rules.formations[fid]
            units[form.hq] = {"side": form.side, "hex": label, "kind": "hq", "formation": fid, "support": form.support, "emergency": False}
            formations[fid] = {"level": form.max_level}
        for turn in sorted(scen.reinforcements):  # RULINGS 35: a formation new to the map brings its HQ with its first units
            for fid in sorted({self.rules.units[uid].formation for uid in scen.reinforcements[turn]} & set(self.rules.formations)):
                form = self.rules.formations[fid]
                if form.hq not in units:
                    units[form.hq] = {"side": form.side, "hex": None, "kind": "hq", "formation": fid, "support": form.support, "emergency": False}
                    pending.setdefault(str(turn), []).append(form.hq)
        if scenario == "scenario2":
            for u in units.values():
                if u["kind"] == "hq" and u["side"] == "soviet":
                    u["support"] = 0  # 11.2: Soviet HQ attack support reduced to 0 (digest 8.2 no. 18)
        vp_hexes = self.vp_hexes(scen.key)
        state: State = {
            "scenario": scenario,
            "turn": scen.first_turn,
            "last_turn": scen.last_turn,
            "units": units,
            "stacks": {},
            "formations": formations,
            "marker": {"side": None, "value": 0},
            "holder": None,
            "passed": {"german": False, "soviet": False},
            "transferred": False,
            "cycle": 0,
            "ap": {"german": 0, "soviet": 0},
            "interdiction": int(self.rules.tables["interdiction"]["first_turn"]),
            "luck": "german",
            "counterattack": scen.counterattack_orders,
            "surprise": {"active": scen.surprise > 0, "left": scen.surprise, "used": []},
            "improved": [],
            "vp_hexes": vp_hexes,
            "control": {label: "soviet" for label in vp_hexes},
            "destroyed": [],
            "pending": pending,
            "shown": [],
            "pontoons": [],
            "vp": "0",
        }
        for uid in sorted(units, key=lambda u: (units[u]["kind"] != "hq", u)):
            if units[uid]["hex"] is not None:
                stacks.place(POLICY, state, units, uid, units[uid]["hex"])
        flow.call(state, "ops")
        if scenario == "scenario2":
            scenario2.begin(state)  # 11.2: the step losses each side chooses for the other, then six Improved Defense stacks
        self.run_automatic(state, ctx)
        self.note_shown(state)
        return state

    def new_unit(self, uid: str, label: str | None, attach: str | None) -> dict[str, Any]:
        printed = self.rules.units[uid]
        return {
            "side": printed.side, "hex": label, "kind": "unit", "formation": printed.formation,
            "assigned": attach, "strength": printed.strength, "disorganized": False,
        }

    def vp_hexes(self, scenario: str) -> dict[str, int]:
        """11.1 gives scenario 1's list; elsewhere the printed (provisional) VP hexes in the window."""
        if scenario == "scenario1":
            two = {"2708", "3201"}
            listed = ["2008", "2208", "2607", "2707", "2708", "2804", "2809", "2811", "3108", "3201", "3211"]
            return {h: 2 if h in two else 1 for h in listed}
        scen = self.rules.scenarios[scenario]
        return {p.hex: int(p.get("vp") or 0) for p in self.rules.board.places.values() if p.get("vp") and scen.inside(p.hex)}

    # Orders -------------------------------------------------------------------------------------
    def parse(self, state: State, role: Role, line: str) -> Action:
        words = tokens(line)
        if not words:
            raise InvalidOrder(t("Empty order."), t("Type 'help' for the orders you can give."))
        verb = match_verb(words[0], VERBS)
        args = words[1:]
        if verb in ("transfer", "pass", "end", "noreact", "accept", "reroll"):
            if args:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb)
        if verb in ("activate", "react"):
            if len(args) != 1:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb, (self.formation_named(args[0]),))
        if verb == "move":
            if len(args) < 2:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax), t("Example: move I/36 1808 1908"))
            first = args[0] if args[0] in self.rules.board.grid else self.unit_named(args[0])
            for label in args[1:]:
                self.hex_named(label)
            return Action(verb, (first, *args[1:]))
        if verb == "infiltrate":
            if len(args) != 2:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax), t("Example: infiltrate I/36 1607"))
            first = args[0] if args[0] in self.rules.board.grid else self.unit_named(args[0])
            return Action(verb, (first, self.hex_named(args[1])))
        if verb == "recover":
            if len(args) != 1:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb, (self.unit_named(args[0]),))
        if verb == "improve":
            if len(args) != 1:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb, (self.hex_named(args[0]),))
        if verb == "attack":
            return Action(verb, combat.parse(args, self.hex_named, self.unit_named, VERBS[verb].syntax))
        if verb == "displace":
            if len(args) != 2:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax), t("Example: displace I/16 1707"))
            return Action(verb, (self.unit_named(args[0]), self.hex_named(args[1])))
        if verb == "attach":
            if len(args) != 2:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax), t("Example: attach 1/191 44id"))
            return Action(verb, (self.unit_named(args[0]), self.formation_named(args[1])))
        if verb == "exit":
            if len(args) != 1:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax), t("Example: exit I/50"))
            return Action(verb, (args[0] if args[0] in self.rules.board.grid else self.unit_named(args[0]),))
        if verb in ("replace", "cannibalise"):
            if len(args) != 1:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb, (self.unit_named(args[0]),))
        if verb == "relocate":
            if len(args) != 2:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax), t("Example: relocate HQ-14pz 1505"))
            return Action(verb, (self.unit_named(args[0]), self.hex_named(args[1])))
        if verb == "pontoon" and args and args[0].casefold() in ("remove", "rimuovi"):
            if len(args) != 2:
                raise InvalidOrder(t("Syntax: {syntax}", syntax="pontoon remove CORPS"), t("Example: pontoon remove III"))
            return Action(verb, ("remove", args[1].upper()))
        if verb == "pontoon":
            if len(args) != 2:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax), t("Example: pontoon 1905 2005"))
            return Action(verb, (self.hex_named(args[0]), self.hex_named(args[1])))
        if verb == "standing":
            return Action(verb, standing.parse(args, self.formation_named, lambda w: w if w in self.rules.board.grid else self.unit_named(w)))
        if verb == "hit":
            if len(args) != 1:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb, (self.unit_named(args[0]),))
        if verb in ("hold", "retreat"):
            if verb == "retreat" and not args:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax), t("Example: retreat 2309 2409"))
            return Action(verb, tuple(a if a in self.rules.board.grid else self.unit_named(a) for a in args))
        return Action(verb, tuple(args))

    def query(self, state: State, role: Role, line: str) -> Text | None:
        """``odds hasty|regular|prepared FROM TARGET [UNIT...]``: the preview of an attack from
        what ``role`` may see (7.5.1); nothing is logged."""
        words = tokens(line)
        if not words or words[0].casefold() not in ("odds", "probabilita"):
            return None
        if role not in ROLES:
            raise InvalidOrder(t("Only a player previews an attack."))
        args = combat.parse(words[1:], self.hex_named, self.unit_named, "odds hasty|regular|prepared FROM TARGET [UNIT...]")
        result: Text = battle.preview(self, state, role, args)
        return result

    def hex_named(self, label: str) -> str:
        if label not in self.rules.board.grid:
            raise InvalidOrder(t("'{hex}' is not a hex of the map.", hex=label), t("Hexes are CCRR: columns 10-54, rows 00-25."))
        return label

    def unit_named(self, name: str) -> str:
        names = [Candidate(u, ()) for u in self.rules.units] + [Candidate(f.hq, ()) for f in self.rules.formations.values()]
        return match_name(name, names, "unit")

    def formation_named(self, name: str) -> str:
        return match_name(name, [Candidate(f.id, (f.name,)) for f in self.rules.formations.values()], "formation")

    def apply(self, state: State, role: Role, action: Action, ctx: Context) -> State:
        if action.verb == "standing":  # a private standing order may be given at any moment (digest 6.2)
            if role not in ROLES:
                raise InvalidOrder(t("Only a player gives standing orders."))
            if action.args[0] == "list":
                ctx.log(standing.describe(state, role), to=role)
            else:
                standing.give(state, role, action.args, ctx)
            return state
        self.dispatch(state, role, action, ctx)
        river.check(self.rules, state, ctx)
        reserves.check(self, state, ctx)
        self.note_shown(state)
        return state

    def note_shown(self, state: State) -> None:
        """Remember every counter a non-owner has seen: only the others stay secret (``secrets``)."""
        shown = set(state["shown"])
        for viewer in (PUBLIC, *ROLES):
            for view in stacks.project_stacks(POLICY, state, state["units"], viewer).values():
                for c in view.counters:
                    if c.unit is not None and state["units"][c.unit]["side"] != viewer:
                        shown.add(c.unit)
        state["shown"] = sorted(shown)

    def auto_action(self, state: State, role: Role) -> Action | None:
        """A private standing order's answer (digest 6.2): a reaction, a hit, a Schlachtenglück roll."""
        return standing.answer(self.rules, state, role, lambda: self.prompt(state, role).actions)

    def order_text(self, action: Action, viewer: Role) -> str:
        """A standing order is private: the others read only that one was given."""
        if action.verb == "standing":
            return "standing (private)"
        return action.text

    def order_said(self, state: State, role: Role, action: Action) -> Text | None:
        """An order naming a counter below the top of its stack (a move, a recovery, an infiltration,
        an attack, a combat choice, a displacement) names it by a blank to those who may not see it."""
        if action.verb == "attach":
            return t("attach: an attachment of its own (secret, 5.5.2)")
        if action.verb in ("replace", "cannibalise"):
            return t("{verb}: a unit of its own (its strength is not shown, 3.4)", verb=action.verb)
        if action.verb in ("attack", "hit", "hold", "retreat", "displace") and any(a in state["units"] for a in action.args):
            said: Text | None = None
            for word in reversed(action.args):
                ref = stacks.unit_ref(POLICY, state, state["units"], word, word, (*ROLES, PUBLIC)) if word in state["units"] else word
                said = t("{word} {more}", word=ref, more=said) if said is not None else t("{word}", word=ref)
            return t("{verb} {args}", verb=action.verb, args=said)
        if action.verb not in ("move", "recover", "infiltrate", "exit") or not action.args or action.args[0] not in state["units"]:
            return None
        uid = action.args[0]
        if state["units"][uid]["hex"] is None:
            return None
        ref = stacks.unit_ref(POLICY, state, state["units"], uid, uid, (*ROLES, PUBLIC))
        return t("{verb} {unit} {rest}", verb=action.verb, unit=ref, rest=" ".join(action.args[1:]))

    # Views --------------------------------------------------------------------------------------
    def view(self, state: State, viewer: Role) -> View:
        return {
            "turn": state["turn"],
            "scenario": state["scenario"],
            "stacks": {k: with_faces(self.rules, v.to_json()) for k, v in stacks.project_stacks(POLICY, state, state["units"], viewer).items()},
            "formations": {fid: dict(f) for fid, f in state["formations"].items()},
            "ap": dict(state["ap"]),
            "marker": dict(state["marker"]),
            "holder": state["holder"],
            "passed": dict(state["passed"]),
            "interdiction": state["interdiction"],
            "counterattack": state["counterattack"],
            "luck": state["luck"],
            "control": dict(state["control"]),
            "hex_markers": [{"hex": h, "text": "ID"} for h in state["improved"]],
        }

    def status(self, state: State, viewer: Role) -> Text:
        return t(
            "Turn {turn} of {last}, ops cycle {cycle}; initiative: {holder}; AP German {ga}, Soviet {sa}; +DRM marker {side} {value}; interdiction {i}; German VP {vp}.",
            turn=state["turn"], last=state["last_turn"], cycle=state["cycle"], holder=state["holder"] or "-",
            ga=state["ap"]["german"], sa=state["ap"]["soviet"], side=state["marker"]["side"] or "-",
            value=state["marker"]["value"], i=state["interdiction"], vp=state["vp"],
        )

    def holdings(self, state: State, role: Role) -> Text:
        return t("Nothing held in hand: your stacks are drawn whole on your own map.")

    def result(self, state: State) -> Outcome | None:
        if state.get("flow"):
            return None
        winner, level = verdict(self.rules, state)
        return Outcome(winner, t("{level} with {vp} German VP (a VP hex counts for the side that occupied it last and traces the supply line, 9).", level=level, vp=state["vp"]))

    def default_action(self, state: State, role: Role) -> Action | None:
        """The published defaults (digest 6.2): a reaction window is declined; an activation ends;
        the initiative player passes."""
        top = state["flow"][-1]["proc"] if state.get("flow") else None
        if top == "react":
            return Action("noreact")
        if top == "losses":
            return self.prompt(state, role).actions[0]  # the strongest unit takes the free first hit; hold
        return super().default_action(state, role)

    # For the tests ------------------------------------------------------------------------------
    def ordered_stacks(self, state: State) -> tuple[StackPolicy, Mapping[str, Mapping[str, Any]]]:
        """The stacks a referee may reorder with the kernel's ``restack``."""
        return POLICY, state["units"]

    def secrets(self, state: State) -> dict[Role, set[str]]:
        """Each side's counters on the map that no enemy has seen (below the top of their stacks)."""
        shown = set(state["shown"])
        out: dict[Role, set[str]] = {r: set() for r in ROLES}
        for uid, u in board.on_map(state).items():
            if uid not in shown and u["kind"] == "unit":
                out[u["side"]].add(uid)
        return out

    def redeal(self, state: State, role: Role, ctx: Context) -> State | None:
        """``role``'s stacks with their hidden counters (below what the enemy sees) in another order."""
        for label, order in sorted(state["stacks"].items()):
            if any(state["units"][u]["side"] != role for u in order):
                continue
            seen = [c for c in stacks.project_stack(POLICY, state, state["units"], label, PUBLIC).counters if not c.blank]
            head, tail = order[: len(seen)], order[len(seen):]
            if len(tail) > 1:
                state["stacks"][label] = head + ctx.shuffle(tail, t("Deal again"))
        return state

    # Referee ------------------------------------------------------------------------------------
    def override(self, state: State, override: Override, ctx: Context) -> State:
        k, a = override.kind, override.args
        if k == "place" and len(a) == 2:
            uid = self.unit_named(a[0])
            label = self.hex_named(a[1])
            if uid not in state["units"]:
                raise InvalidOrder(t("{unit} is not in this scenario.", unit=uid))
            if stacks.location_of(state, uid) is not None:
                stacks.remove(POLICY, state, state["units"], uid)
            state["units"][uid]["hex"] = label
            stacks.place(POLICY, state, state["units"], uid, label)
        elif k == "remove" and len(a) == 1:
            uid = self.unit_named(a[0])
            if stacks.location_of(state, uid) is not None:
                stacks.remove(POLICY, state, state["units"], uid)
            state["units"][uid]["hex"] = None
        elif k == "strength" and len(a) == 2 and is_number(a[1]):
            uid = self.unit_named(a[0])
            state["units"][uid]["strength"] = int(a[1])
        elif k == "disorganize" and len(a) == 2 and a[1] in ("yes", "no"):
            uid = self.unit_named(a[0])
            state["units"][uid]["disorganized"] = a[1] == "yes"
        elif k == "level" and len(a) == 2 and is_number(a[1]):
            fid = self.formation_named(a[0])
            state["formations"].setdefault(fid, {"level": 0})["level"] = int(a[1])
        elif k == "interdiction" and len(a) == 1 and a[0] in ("0", "1", "2"):
            state["interdiction"] = int(a[0])
        else:
            raise InvalidOrder(
                t("Unknown override '{kind}'.", kind=k),
                t("Overrides: place UNIT HEX, remove UNIT, strength UNIT N, disorganize UNIT yes|no, level FORMATION N, interdiction 0|1|2."),
            )
        self.run_automatic(state, ctx)
        self.note_shown(state)
        return state

    def override_text(self, override: Override, viewer: Role) -> str:
        """A referee's change to a counter's strength is never read by the enemy (3.4)."""
        if override.kind == "strength" and viewer != REFEREE:
            return "strength (private)"
        if hidden_counter_override(override):  # a hidden counter's values are never shown (3.4)
            return f"{override.kind} (private)"
        return super().override_text(override, viewer)

    def check_invariants(self, state: State) -> None:
        stacks.check(POLICY, state, state["units"])
        for uid, u in state["units"].items():
            if u["hex"] is not None and stacks.location_of(state, uid) != u["hex"]:
                raise InvariantViolation(t("{unit} is in {hex} but not in its stack.", unit=uid, hex=u["hex"]))
            if u["hex"] is not None and u["hex"] not in self.rules.board.grid:
                raise InvariantViolation(t("{unit} is off the map ({hex}).", unit=uid, hex=u["hex"]))
            if u["kind"] == "hq":
                if u["hex"] is not None and self.rules.board.terrain[u["hex"]] not in ("village", "city"):
                    raise InvariantViolation(t("{unit} must stand in a village or city (3.3).", unit=uid))
            elif u["hex"] is not None and not 1 <= u["strength"] <= self.rules.units[uid].strength:
                raise InvariantViolation(t("{unit} has strength {n}; it must be 1 to its printed {max}.", unit=uid, n=u["strength"], max=self.rules.units[uid].strength))
        for fid, f in state["formations"].items():
            if not 0 <= f["level"] <= self.rules.formations[fid].max_level:
                raise InvariantViolation(t("{formation} is at level {n}; it runs 0 to {max}.", formation=fid, n=f["level"], max=self.rules.formations[fid].max_level))
        scen = self.rules.scenarios[state["scenario"]]
        if state["last_turn"] != scen.last_turn or not whole_number_in(state["turn"], scen.first_turn, scen.last_turn):
            raise InvariantViolation(t("The turn must be a whole number from {first} to {last} in this scenario (3.1.3).", first=scen.first_turn, last=scen.last_turn))
        if not whole_number_in(state["interdiction"], 0, 2):
            raise InvariantViolation(t("The interdiction level is 0, 1 or 2 (8.1.2)."))
        if not whole_number_in(state["counterattack"], 0, scen.counterattack_orders):
            raise InvariantViolation(t("The Soviet holds 0 to {n} Counterattack Orders in this scenario (9).", n=scen.counterattack_orders))
        if not _vp_text_ok(state.get("vp")):
            raise InvariantViolation(
                t("German VP is a number from -{most} to {most}, written as text (a fraction such as 7/2 allowed), e.g. set vp \"12\" (9).", most=VP_MOST)
            )

    def validate(self) -> list[str]:
        return list(self.rules.problems)

    def unit_label(self, uid: str) -> str:
        if uid not in self.rules.units and not uid.startswith("HQ-"):
            raise InvalidOrder(t("No unit {unit}.", unit=uid))
        return uid


VP_MOST = 999  # far beyond any scenario's total (its VP hexes, every Soviet step, the orders held)


def _vp_text_ok(value: object) -> bool:
    """The German VP as the state keeps it: the text of a whole number or a fraction, in range."""
    if not isinstance(value, str) or len(value) > 16:
        return False
    try:
        vp = Fraction(value)
    except (ValueError, ZeroDivisionError):
        return False
    return -VP_MOST <= vp <= VP_MOST


def make_game() -> AcrossTheBugRiver:
    return AcrossTheBugRiver()
