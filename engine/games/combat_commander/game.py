"""Combat Commander: Europe (GMT, rulebook v1.1): tactical infantry with Fate cards instead of dice.

Built so far (issue 15): the provisional data (three Fate decks, three maps, three scenarios), set-up
with hands by posture, the player turn (orders up to the capacity, or a Pass with discards),
Fire orders with fire groups, Move orders one hex at a time with opportunity fire after each hex
entered, Advance with melee, Recover, Rout with retreats, rolls as the top card of one's own
deck with their triggers, deck exhaustion and the Time track with Sudden Death and its
reinforcements, the events E43-E77 and the Sniper's victim with the choices they give
(``events``), objective chits open and secret (``objectives``), each Fire attack with its
response windows and fire-modifying actions (``attack``, ``fireactions``, ``responses``), the
Initiative card's re-roll of the rolls of orders, and private standing reactions (``react``).
Every other order and action is refused naming its rule (``common.NOT_YET``); the parts of
events that need pieces not in play yet are logged for the referee (``RULINGS.md``).

Information: a hand and the secret objective chits are their owner's alone (``secrets``); card ids are the private handles of
cards in hands and never appear in a public text: a face-up card is shown by its face, and
``order_text`` masks the card an order names. Nobody sees the order of a deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder, InvariantViolation
from engine.game import (
    Action,
    Context,
    Outcome,
    Override,
    Role,
    ScenarioInfo,
    State,
    VerbInfo,
    View,
)
from engine.games.combat_commander import (
    abandon,
    actionmoments,
    artillery,
    attack,
    cards,
    common,
    data,
    defenseorder,
    demolition,
    eventrolls,
    events,
    fatedecks,
    fireorder,
    fortifications,
    hiddenadvance,
    hiddenunits,
    impactorder,
    markers,
    melee,
    meleeactions,
    mines,
    model,
    movement,
    objectives,
    panel,
    previews,
    rally,
    referee,
    responses,
    stacking,
    standingfire,
    suddendeath,
    timeadvance,
    tracks,
    turn,
    weapons,
)
from engine.games.combat_commander.board import Board
from engine.hexgrid import Label
from engine.mapdata import MapData
from engine.orders import tokens
from engine.text import Text, joined, t
from engine.verbs import with_aliases

VERBS: dict[str, VerbInfo] = {
    "fire": VerbInfo("fire", "fire [CARD] UNIT [UNIT...]", t("Fire order (O20), or opportunity fire in a window (A33)")),
    "move": VerbInfo("move", "move [CARD] UNIT [UNIT...]", t("Move order (O21)")),
    "recover": VerbInfo("recover", "recover [CARD] [UNIT...]", t("Recover order: rally rolls, in the order of the units named (O22)")),
    "advance": VerbInfo("advance", "advance [CARD] UNIT [UNIT...]", t("Advance order: one hex each, melee at the end (O16)")),
    "rout": VerbInfo("rout", "rout [CARD] axis|allies [UNIT...]", t("Rout order: a player's broken units roll and may retreat (O23)")),
    "artillery-denied": VerbInfo("artillery-denied", "artillery-denied [CARD]", t("Artillery Denied order: the enemy radio breaks (O17)")),
    "artillery-request": VerbInfo(
        "artillery-request", "artillery-request [CARD] access | LEADER HEX [smoke]", t("Artillery Request order: Battery Access, or Fire for Effect observed by a leader (O18)")
    ),
    "attack": VerbInfo(
        "attack", "attack HEX UNIT [UNIT...] | attack HEX WEAPON smoke", t("in a Fire order: one attack, alone or as a fire group (O20.3), or a weapon's smoke round (O20.2.1)")
    ),
    "step": VerbInfo("step", "step UNIT [UNIT...] HEX", t("in a Move order: enter an adjacent hex, alone or as a stack that began in one hex (O21, O21.2)")),
    "exit": VerbInfo("exit", "exit UNIT", t("in a Move or Advance order: leave the map off the enemy edge (O16.2, 7.2.1)")),
    "transfer": VerbInfo("transfer", "transfer WEAPON UNIT", t("in a Move order: hand the moving unit's weapon to a unit in its hex, 1 MP (O21.1.1)")),
    "done": VerbInfo("done", "done", t("finish the current order")),
    "pass": VerbInfo("pass", "pass [CARD...]", t("Pass, discarding up to your capacity (O15); or let a window go")),
    "end": VerbInfo("end", "end", t("end your turn after your orders (5.4)")),
    "choose": VerbInfo("choose", "choose OPTION", t("answer the choice an event, a sniper or a reinforcement gives you (E42)")),
    "clear-smoke": VerbInfo("clear-smoke", "clear-smoke HEX", t("at a Time advance you caused: remove one Smoke marker (6.1.2)")),
    "smoke-grenades": VerbInfo("smoke-grenades", "smoke-grenades [CARD] UNIT HEX", t("Smoke Grenades action in a Move order: a random Smoke marker (A39)")),
    "demolition": VerbInfo("demolition", "demolition [CARD] HEX", t("Demolition action after the opponent's Pass with discards: a fortification in a hex with your units is eliminated (A31)")),
    "hidden-mines": VerbInfo("hidden-mines", "hidden-mines [CARD]", t("Defense posture, after an enemy unit Moved or Advanced into a hex: Mines there attack it (A35.2)")),
    "hidden-wire": VerbInfo("hidden-wire", "hidden-wire [CARD]", t("Defense posture, after an enemy unit Moved or Advanced into a hex: Wire there, which ends a Move (A35.5)")),
    "hidden-entrenchments": VerbInfo("hidden-entrenchments", "hidden-entrenchments [CARD]", t("Defense posture, before your defense roll: Foxholes in the attacked hex (A35.1)")),
    "hidden-units": VerbInfo("hidden-units", "hidden-units [CARD]", t("Defense posture, after the opponent's Pass with discards: a counter of your Support table in your set-up area (A35.4)")),
    "hidden-pillbox": VerbInfo("hidden-pillbox", "hidden-pillbox [CARD]", t("Defense posture, before your defense roll in an attacked objective: the Pillbox there (A35.3)")),
    "dig-in": VerbInfo("dig-in", "dig-in [CARD] HEX", t("Dig In action at a Time advance: Foxholes in a hex with your units (A32)")),
    "crossfire": VerbInfo("crossfire", "crossfire [CARD]", t("before a Fire attack roll against moving units: +2 FP (A30)")),
    "hand-grenades": VerbInfo("hand-grenades", "hand-grenades [CARD]", t("before a Fire attack roll on an adjacent hex: +2 FP (A34)")),
    "marksmanship": VerbInfo("marksmanship", "marksmanship [CARD]", t("before a Fire attack roll with a Squad or Team of the card's nation: +2 FP (A37)")),
    "sustained-fire": VerbInfo("sustained-fire", "sustained-fire [CARD]", t("before a Fire attack roll with a machine gun or mortar: +2 FP (A41)")),
    "bore-sighting": VerbInfo("bore-sighting", "bore-sighting [CARD]", t("Defense posture, before a Fire attack roll with a weapon of printed FP 5 or more: +2 FP (A27)")),
    "spray-fire": VerbInfo("spray-fire", "spray-fire [CARD] HEX", t("before a Fire attack roll: the attack also covers an adjacent hex (A40)")),
    "concealment": VerbInfo("concealment", "concealment [CARD]", t("before a defense roll: the Attack total loses the hex's Cover (A29)")),
    "light-wounds": VerbInfo("light-wounds", "light-wounds [CARD]", t("a Squad of yours takes a hit: it becomes a Team instead, for 1 VP (A36)")),
    "assault-fire": VerbInfo("assault-fire", "assault-fire [CARD] HEX UNIT [UNIT...]", t("in your Move order: a Fire attack by moving units with boxed FP (A26)")),
    "ambush": VerbInfo("ambush", "ambush [CARD]", t("before the melee dice: your opponent breaks one of his units in the melee (A25)")),
    "no-quarter": VerbInfo("no-quarter", "no-quarter [CARD]", t("at the conclusion of a melee, German against Russian or Russian: +2 VP (A38)")),
    "deploy": VerbInfo("deploy", "deploy SQUAD", t("at the end of a turn, in an overstacked hex of yours: the free Deploy into two Teams (8.1, E52)")),
    "command-confusion": VerbInfo("command-confusion", "command-confusion", t("never playable: neither as an order (O19) nor as an action (A28)")),
    "accept": VerbInfo("accept", "accept", t("let the last roll stand (9.1)")),
    "reroll": VerbInfo("reroll", "reroll", t("play the Initiative card: cancel the last roll, which is rolled again (9.1)")),
    "los": VerbInfo("los", previews.LOS_SYNTAX, t("preview: whether a line of sight is clear, and what blocks or hinders it (10.1); any time, answered to you alone")),
    "fp": VerbInfo("fp", previews.FP_SYNTAX, t("preview: the Attack total of a planned attack or fire group, term by term, and what each defender needs (O20.3); answered to you alone")),
    "react": VerbInfo("react", "react initiative never|ask|upto N / react windows pass / react fire HEX UNIT|WEAPON... / react list / react clear", t("private standing reactions that answer for you: the Initiative card, every window of this turn, opportunity fire at the first enemy unit entering a hex")),
    "abandon": VerbInfo("abandon", "abandon WEAPON", t("at any moment, either turn: eliminate a weapon of yours, good or broken, into the Weapons box (11.3)")),
    **{v: VerbInfo(v, v, t("not implemented yet: the referee decides")) for v in common.NOT_YET},
}
#: Italian aliases of the verbs, in the words of the Italian rulebook (help lists them).
ITALIAN: dict[str, tuple[str, ...]] = {
    "fire": ("fuoco", "spara"),
    "move": ("movimento", "muovi"),
    "recover": ("recupera", "recupero"),
    "advance": ("avanza", "avanzata"),
    "rout": ("rotta",),
    "artillery-denied": ("artiglieria-negata",),
    "artillery-request": ("richiesta-artiglieria",),
    "attack": ("attacca", "attacco"),
    "step": ("entra",),
    "exit": ("esci",),
    "transfer": ("trasferisci",),
    "done": ("fatto",),
    "pass": ("passa", "scarta"),
    "end": ("fine",),
    "choose": ("scegli",),
    "clear-smoke": ("togli-fumo",),
    "dig-in": ("trinceramento",),
    "smoke-grenades": ("granate-fumogene", "fumogeni"),
    "demolition": ("demolizione",),
    "hidden-mines": ("mine-nascoste",),
    "hidden-wire": ("filo-spinato-nascosto",),
    "hidden-entrenchments": ("trinceramenti-nascosti",),
    "hidden-pillbox": ("casamatta-nascosta",),
    "hidden-units": ("unita-nascoste",),
    "accept": ("accetta",),
    "reroll": ("rilancia",),
    "react": ("reagisci",),
    "abandon": ("abbandona", "elimina-arma"),
    "los": previews.LOS_WORDS[1:],
    "fp": previews.FP_WORDS[1:],
    "crossfire": ("fuoco-incrociato",),
    "bore-sighting": ("tiro-preparato",),
    "marksmanship": ("tiratori-scelti",),
    "hand-grenades": ("bombe-a-mano",),
    "sustained-fire": ("fuoco-sostenuto",),
    "spray-fire": ("sventagliata",),
    "concealment": ("mimetizzazione",),
    "light-wounds": ("ferite-leggere",),
    "assault-fire": ("fuoco-d-assalto",),
    "ambush": ("imboscata", "imboscato"),
    "no-quarter": ("lotta-senza-quartiere", "senza-quartiere"),
    "command-confusion": ("ordini-contraddittori",),
    "deploy": ("rischiera", "rischieramento"),
}
VERBS = with_aliases(VERBS.values(), "it", ITALIAN)
#: Verbs that play an action card (the card's action, its rule), and 'clear-smoke' that plays none.
ACTION_CARDS = {
    "clear-smoke": ("", "6.1.2"),
    "dig-in": ("dig_in", "A32"),
    "smoke-grenades": ("smoke_grenades", "A39"),
    "demolition": ("demolition", "A31"),
    "hidden-mines": ("hidden_mines", "A35.2"),
    "hidden-wire": ("hidden_wire", "A35.5"),
    "hidden-entrenchments": ("hidden_entrenchments", "A35.1"),
    "hidden-pillbox": ("hidden_pillbox", "A35.3"),
    "hidden-units": ("hidden_units", "A35.4"),
}
#: The tags of objective control markers in the pictures (7.3.1).
CONTROL_TAGS = {"axis": "AX", "allies": "AL"}
#: Cards a redeal leaves on top of a deck: more than any one order reveals before a Time advance.
REDEAL_MARGIN = 12
OVERRIDES = ("place", "remove", "break", "rally", "suppress", "unsuppress", "veteran", "unveteran", "time", "vp", "initiative", *markers.OVERRIDES, "weapon", "radio", *fatedecks.OVERRIDES)


class CombatCommander(flow.ProcedureGame):
    name = "combat_commander"
    title = "Combat Commander: Europe"
    hidden_holdings = True
    rules_version = 2  # CHANGES.md
    roles = model.ROLES
    verbs = VERBS
    override_kinds = OVERRIDES
    procedures = {
        "turn": turn.Turn(),
        "fire_order": fireorder.FireOrder(),
        "move_order": movement.MoveOrder(),
        "opfire": movement.OpFire(),
        "advance_order": melee.AdvanceOrder(),
        "melee": melee.Melee(),
        meleeactions.AMBUSH_WINDOW: meleeactions.AmbushWindow(),
        meleeactions.AMBUSH_PICK: meleeactions.AmbushPick(),
        meleeactions.NO_QUARTER_WINDOW: meleeactions.NoQuarterWindow(),
        meleeactions.MELEE_ORDER: meleeactions.MeleeOrder(),
        stacking.PROC: stacking.Stacking(),
        defenseorder.PROC: defenseorder.DefenseOrder(),
        "rout": rally.Rout(),
        "choice": events.Choice(),
        "time_advance": timeadvance.TimeAdvance(),
        "demolition_window": demolition.DemolitionWindow(),
        "recover": rally.Recover(),
        attack.ATTACK: attack.FireAttack(),
        attack.ROLL: responses.InitiativeRoll(),
        artillery.FFE: artillery.FireForEffect(),
        mines.NAME: mines.MineAttack(),
        impactorder.PROC: impactorder.ImpactOrder(),
        suddendeath.NAME: suddendeath.SuddenDeath(),
        eventrolls.NAME: eventrolls.EventRoll(),
        "attack_window": responses.AttackWindow(),
        "defense_window": responses.DefenseWindow(),
        "wounds_window": responses.WoundsWindow(),
        "advance_window": hiddenadvance.AdvanceWindow(),
    }

    def __init__(self) -> None:
        self.data = data.load()
        self.scenarios = {name: ScenarioInfo(name, s.title) for name, s in self.data.scenarios.items()}
        first = next(iter(self.data.scenarios.values()))
        self.board = self.data.maps[first.map]
        self._boards = {
            name: Board(self.data, board, self.data.levels[name], self.data.sightings.get(name, {}))
            for name, board in self.data.maps.items()
        }

    # turn.Rules ------------------------------------------------------------------------------
    def board_for(self, state: State) -> Board:
        return self._boards[state["map"]]

    def board_named(self, name: str) -> MapData | None:
        """The scenario's map, which the pictures draw (each scenario names its own)."""
        return self.data.maps.get(name, self.board)

    def hand_size(self, state: State, role: Role) -> int:
        return int(self.data.fate["hand_size"][state["sides"][role]["posture"]])

    # Set-up (4.1) ------------------------------------------------------------------------------
    def setup(self, scenario: str, options: Mapping[str, Any], ctx: Context) -> State:
        s = self.data.scenarios[scenario]
        state: State = {
            "scenario": scenario,
            "map": s.map,
            "player": s.first,
            "orders": 0,
            "players_activated": [],
            "turns": 1,
            "time": s.time,
            "sudden_death": s.sudden_death,
            "vp": 0,
            "initiative": s.initiative,
            "objectives": {k: ("" if v == "none" else v) for k, v in s.objectives.items()},
            "smoke": {},
            "blaze": [],
            "forts": {},
            "last": {},
            "over": None,
            "sides": {},
            "units": {},
            "choices": [],
            "chits": objectives.empty(),
            "reinforcements": [],
            "weapons": {},
            "artillery": {role: None for role in model.ROLES},
        }
        if s.year:
            state["year"] = s.year  # 4.3.2: the Support tables' entries of that year only (``support``)
        for role in model.ROLES:
            spec = s.sides[role]
            nation = str(spec["nation"])
            deck = ctx.shuffle([c.id for c in self.data.decks[nation]], t("{side}'s Fate deck", side=role))
            state["sides"][role] = {
                "nation": nation,
                "posture": str(spec["posture"]),
                "capacity": int(spec["orders"]),
                "surrender": int(spec["surrender"]),
                "discard_cap": int(self.data.fate["nations"][nation]["discard_cap"]),
                "hand": [],
                "deck": deck,
                "discard": [],
                "casualties": [],
            }
            for line in spec["units"]:
                uid, ctype, where = line.split()
                state["units"][uid] = {
                    "type": ctype, "side": role, "hex": where,
                    "broken": False, "suppressed": False, "activated": "", "opfire": False,
                }
            for line in spec.get("reinforcements", []):
                space, uid, ctype = line.split()
                state["reinforcements"].append({"time": int(space), "side": role, "id": uid, "type": ctype})
            waiting = {r["id"]: r for r in state["reinforcements"] if r["side"] == role}
            for line in spec.get("weapons", []):  # each carried by the unit the scenario names (11.2)
                wid, wtype, carrier = line.split()
                if carrier in waiting:  # a reinforcement's weapon waits on the Time track with it (6.1.2 step 5)
                    waiting[carrier]["weapon"] = {"id": wid, "type": wtype}
                    continue
                state["weapons"][wid] = {"type": wtype, "side": role, "unit": carrier, "broken": False}
            for line in spec.get("fortifications", []):  # F100.1: the scenario's, nobody's once placed (Glossary)
                label, kind = data.parse_fortification(line)
                state["forts"][label] = kind
            if "mine_fp" in spec:  # F103.2: the Defense player's stronger minefield
                state["mine_fp"] = int(spec["mine_fp"])
            if spec.get("radio"):  # into the player's Artillery box (12, 8.1.2)
                rid, rtype = str(spec["radio"]).split()
                state["artillery"][role] = {"id": rid, "type": rtype, "broken": False}
            for line in spec.get("radio_reinforcements", []):  # 6.1.2 step 5: into the empty Artillery box
                space, rid, rtype = line.split()
                state["reinforcements"].append({"time": int(space), "side": role, "id": rid, "type": rtype, "radio": True})
        for role in model.ROLES:
            cards.draw_to_hand(self.data, state, role, ctx, self.hand_size(state, role))
        for _ in range(s.chits.get("open", 0)):
            objectives.draw(state, ctx, "axis", secret=False)
        for role in model.ROLES:
            for _ in range(s.chits.get(role, 0)):
                objectives.draw(state, ctx, role, secret=True)
        flow.call(state, "turn")
        return state

    # Orders ------------------------------------------------------------------------------------
    def parse(self, state: State, role: Role, line: str) -> Action:
        words = tokens(line)
        if not words:
            raise InvalidOrder(t("Type an order."), t("Possible: {verbs}.", verbs=", ".join(sorted(VERBS))))
        verb = words[0].lower()
        args = [w for w in words[1:] if w.lower() != "at"]
        verb = next((name for name, info in VERBS.items() if verb in info.aliases), verb)  # 'fuoco', 'muovi'...
        if verb not in VERBS:
            raise InvalidOrder(t("'{verb}' is not an order of this game.", verb=verb), t("Possible: {verbs}.", verbs=", ".join(sorted(VERBS))))
        if verb in common.NOT_YET:
            raise common.not_yet(verb)
        top = state["flow"][-1]["proc"] if state.get("flow") else ""
        actionmoments.check(state, role, verb, top)
        if verb in ("done", "end", "accept", "reroll"):
            if args:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb)
        if verb == "choose":
            if len(args) != 1:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            word = args[0]
            return Action(verb, (word.upper() if word.upper() in self.board_for(state).map.grid else word.lower(),))
        if verb in ACTION_CARDS:
            if verb.startswith("hidden-"):  # the posture first (A35), then the moment (A35.1-A35.5)
                hiddenunits.check_posture(state, role)
            self._check_window(verb, top)
            return self._action(state, role, verb, args)
        if verb == "react":
            return standingfire.parse(args) if standingfire.is_fire_reaction(args) else responses.parse_react(args)
        if verb == abandon.VERB:
            return abandon.parse(state, args)
        if verb in ("ambush", "no-quarter", "command-confusion"):
            meleeactions.check_verb(state, role, verb, top)
            return meleeactions.parse(verb, args)
        if verb == "deploy":
            if len(args) != 1:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb, (self._unit(state, args[0]),))
        if verb in ("crossfire", "hand-grenades", "marksmanship", "sustained-fire", "bore-sighting", "concealment", "light-wounds", "spray-fire", "assault-fire"):
            card_named = [args[0].lower()] if args and cards.is_card(args[0].lower()) else []
            rest = args[1:] if card_named else args
            if verb == "spray-fire":
                if len(rest) != 1:
                    raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
                return Action(verb, (*card_named, self._hex(state, rest[0])))
            if verb == "assault-fire":
                if len(rest) < 2:
                    raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
                return Action(verb, (*card_named, self._hex(state, rest[0]), *(self._unit(state, u) for u in rest[1:])))
            if rest:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb, tuple(card_named))
        if verb == "pass":
            return Action(verb, tuple(self._card_arg(state, role, a) for a in args))
        if verb == "rout":
            given = bool(args) and cards.is_card(args[0].lower())
            rest = args[1:] if given else args
            if not rest or rest[0].lower() not in model.ROLES:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            target, order = rest[0].lower(), [self._unit(state, a) for a in rest[1:]]
            if given:
                return Action(verb, (args[0].lower(), target, *order))
            held = sorted(c for c in state["sides"][role]["hand"] if cards.card(c).order == "rout")
            if not held:
                raise IllegalOrder(t("You hold no {order} card.", order="rout"), "O14.1")
            return Action(verb, (held[0], target, *order))
        if verb in ("artillery-denied", "artillery-request"):
            given = bool(args) and cards.is_card(args[0].lower())
            rest = args[1:] if given else args
            if verb == "artillery-denied" and rest:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            if verb == "artillery-request":
                if [w.lower() for w in rest] == ["access"]:
                    rest = ["access"]
                elif len(rest) in (2, 3) and (len(rest) == 2 or rest[2].lower() == "smoke"):
                    rest = [self._unit(state, rest[0]), self._hex(state, rest[1]), *(["smoke"] if len(rest) == 3 else [])]
                else:
                    raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            if given:
                return Action(verb, (args[0].lower(), *rest))
            wanted = verb.replace("-", "_")
            held = sorted(c for c in state["sides"][role]["hand"] if cards.card(c).order == wanted)
            if not held:
                raise IllegalOrder(t("You hold no {order} card.", order=verb), "O14.1")
            return Action(verb, (held[0], *rest))
        if verb == "recover":
            given = bool(args) and cards.is_card(args[0].lower())
            order = [self._unit(state, a) for a in (args[1:] if given else args)]
            if given:
                return Action(verb, (args[0].lower(), *order))
            held = sorted(c for c in state["sides"][role]["hand"] if cards.card(c).order == "recover")
            if not held:
                raise IllegalOrder(t("You hold no {order} card.", order="recover"), "O14.1")
            return Action(verb, (held[0], *order))
        if verb == "exit":
            if len(args) != 1:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb, (self._unit(state, args[0]),))
        if verb == "step":
            if len(args) < 2 or (len(args) > 2 and top != "move_order"):  # a stack moves only in a Move order (O21.2)
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb, (*(self._unit(state, a) for a in args[:-1]), self._hex(state, args[-1])))
        if verb == "transfer":
            if len(args) != 2 or args[0].lower() not in state.get("weapons", {}):
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            return Action(verb, (args[0].lower(), self._unit(state, args[1])))
        if verb == "attack":
            smoke = [a for a in args if a.lower() == "smoke"]  # a smoke round (O20.2.1)
            args = [a for a in args if a.lower() != "smoke"]
            hexes = [a for a in args if a.upper() in self.board_for(state).map.grid]
            if len(hexes) != 1 or len(args) < 2 or len(smoke) > 1:
                raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
            units = [self._piece(state, a) for a in args if a != hexes[0]]
            return Action(verb, (hexes[0].upper(), *units, *(["smoke"] if smoke else [])))
        # fire / move: an optional card, then units.
        if not args:
            raise InvalidOrder(t("Syntax: {syntax}", syntax=VERBS[verb].syntax))
        named = cards.is_card(args[0].lower())
        units = [self._piece(state, a) if verb == "fire" else self._unit(state, a) for a in (args[1:] if named else args)]
        if named:
            return Action(verb, (args[0].lower(), *units))
        if top == "opfire" and all(weapons.carrier(state, u) in state["flow"][-1]["prior"] for u in units):
            return Action(verb, tuple(units))
        kind = verb
        held = sorted(c for c in state["sides"][role]["hand"] if cards.card(c).order == kind)
        if not held:
            raise IllegalOrder(t("You hold no {order} card.", order=kind), "O14.1")
        return Action(verb, (held[0], *units))

    def _check_window(self, verb: str, top: str) -> None:
        """An action card's verb outside the step it belongs to is refused with its rule."""
        if verb in ("dig-in", "clear-smoke") and top != "time_advance":
            raise IllegalOrder(t("'{verb}' is played only at the end of a Time advance (6.1.2, A32).", verb=verb), "A32" if verb == "dig-in" else "6.1.2")
        if verb == "demolition" and top != "demolition_window":
            raise IllegalOrder(t("Demolition is played only when the opponent discards cards by passing."), "A31")
        if verb in ("hidden-mines", "hidden-wire") and top not in ("opfire", "advance_window"):
            raise IllegalOrder(t("'{verb}' is played right after an enemy unit Moves or Advances into a hex (A35.2, A35.5).", verb=verb), ACTION_CARDS[verb][1])
        if verb == "hidden-units" and top != "demolition_window":
            raise IllegalOrder(t("Hidden Units are played only when the opponent discards cards by passing."), "A35.4")
        if verb in ("hidden-entrenchments", "hidden-pillbox") and top != "defense_window":
            raise IllegalOrder(t("'{verb}' is played right before a defense roll of yours.", verb=verb), ACTION_CARDS[verb][1])
        if verb == "smoke-grenades" and top != "move_order":
            raise IllegalOrder(t("Smoke Grenades are thrown by a unit activated for Move, during its Move order."), "A39")

    def _action(self, state: State, role: Role, verb: str, args: list[str]) -> Action:
        """An action card's verb: the card (optional: the first held with that action), then hexes or units."""
        action, rule = ACTION_CARDS[verb]
        given = bool(args) and cards.is_card(args[0].lower())
        rest = [self._hex(state, a) if a.upper() in self.board_for(state).map.grid else self._unit(state, a) for a in (args[1:] if given else args)]
        if not action:
            return Action(verb, tuple(rest))
        if given:
            return Action(verb, (args[0].lower(), *rest))
        held = sorted(c for c in state["sides"][role]["hand"] if cards.card(c).action == action)
        if not held:
            raise IllegalOrder(t("You hold no card with the action {action}.", action=action), rule)
        return Action(verb, (held[0], *rest))

    def _card_arg(self, state: State, role: Role, word: str) -> str:
        cid = word.lower()
        if not cards.is_card(cid):
            raise InvalidOrder(t("'{card}' is not a card: name cards as your hand lists them.", card=word))
        return cid

    def _unit(self, state: State, word: str) -> str:
        uid = word.lower()
        if uid not in state["units"]:
            raise InvalidOrder(t("'{unit}' is not a unit of this scenario.", unit=word))
        return uid

    def _piece(self, state: State, word: str) -> str:
        """A unit or a weapon: both fire (O20.3.1.1)."""
        pid = word.lower()
        if pid in state.get("weapons", {}):
            return pid
        return self._unit(state, word)

    def _hex(self, state: State, word: str) -> Label:
        label = word.upper()
        if label not in self.board_for(state).map.grid:
            raise InvalidOrder(t("'{hex}' is not a hex of the map.", hex=word))
        return label

    def apply(self, state: State, role: Role, action: Action, ctx: Context) -> State:
        if action.verb == "react" and action.args[:1] == ("fire",):  # opportunity fire set in advance (A33, digest 6.4)
            standingfire.set_reaction(self, state, role, action, ctx)
            ctx.log(responses.describe(state, role), to=role)
            return state
        if action.verb == "react":  # a private standing reaction may be given at any moment (digest 6.4)
            responses.react(state, role, action, ctx)
            return state
        if action.verb == abandon.VERB:  # 11.3: at any time, in either player's turn
            abandon.abandon(state, role, action.args[0], ctx)
            return state
        standingfire.spend(state, role, action)
        self.dispatch(state, role, action, ctx)
        for _ in range(flow.MAX_AUTOMATIC_STEPS):
            timeadvance.open_pending(state, ctx)  # under the event choices: reinforcements (step 5) come before Dig In (step 6)
            events.open_choices(self.data, state, ctx)
            if state.get("over"):
                break
            # A choice settled at once may have ended what a waiting procedure waited for (a KIA
            # on the unit about to retreat): let the automatic procedures go on.
            self.run_automatic(state, ctx)
            if not (state.get("flow") and flow.top(state)["proc"] == "choice" and not state.get("choices")):
                break
            # A held roll's choice step whose queue a later step (a Time advance's) answered is over: the roll goes on.
            flow.end(state)
        if not state.get("over"):  # 7.3.1: a unit placed on an objective (reinforcement, event, displacement) takes it too
            model.update_control(self.data, state, common.objective_areas(self.board_for(state)), ctx)
        return state

    def auto_action(self, state: State, role: Role) -> Action | None:
        """A standing reaction's answer (digest 6.4): an Initiative decision or a window passed."""
        return standingfire.auto_action(self, state, role) or responses.auto_action(state, role)

    def order_text(self, action: Action, viewer: Role) -> str:
        """The card an order names is private until played, and shown by its face once played: mask its id.
        A standing reaction is private: the others read only that one was given."""
        if action.verb == "react":
            return "react (private)"
        masked = ("card" if cards.is_card(a) else "chit" if a in objectives.chits() else a for a in action.args)
        return " ".join([action.verb, *masked])

    # What each viewer sees -----------------------------------------------------------------------
    def view(self, state: State, viewer: Role) -> View:

        def faces(ids: list[str]) -> list[str]:
            return [cards.face(cards.card(c)).format() for c in ids]

        return {
            "scenario": state["scenario"],
            "map": state["map"],
            "player": state["player"],
            "time": state["time"],
            "sudden_death": state["sudden_death"],
            "vp": state["vp"],
            "initiative": state["initiative"],
            "objectives": dict(state["objectives"]),
            "objective_chits": objectives.view(state, viewer),
            "reinforcements": [f"{r['time']} {r['side']} {r['id']}" for r in state.get("reinforcements", [])],
            "last": dict(state.get("last", {})),
            "status": panel.panel(state),
            "units": {uid: self._unit_view(state, uid) for uid in model.on_map(state)},
            "hex_markers": self._hex_markers(state),
            "artillery": {r: self._radio_view(state, r) for r in model.ROLES},
            "weapons_box": sorted(w for w, v in state.get("weapons", {}).items() if v["unit"] is None),
            "hand": list(state["sides"][viewer]["hand"]) if viewer in state["sides"] else [],
            "sides": {
                r: {
                    "nation": s["nation"],
                    "posture": s["posture"],
                    "hand_count": len(s["hand"]),
                    "deck_count": len(s["deck"]),
                    "discard": faces(s["discard"]),
                    "casualties": list(s["casualties"]),
                }
                for r, s in state["sides"].items()
            },
        }

    def _unit_view(self, state: State, uid: str) -> dict[str, Any]:
        u = state["units"][uid]
        c = self.data.counters[u["type"]]
        markers = [m for m in ("broken", "suppressed", "veteran") if u.get(m)]
        wid = weapons.carried(state, uid)
        if wid is not None:  # the weapon sits on its carrier (11.2)
            markers.append(weapons.tag(state, wid))
        return {**u, "id": uid, "name": f"{uid} {c.name}", "kind": c.kind, "markers": markers, "weapon": wid or "", "values": self._printed(state, uid)}

    def _printed(self, state: State, uid: str) -> str:
        """The values printed on the side of the counter showing (2.9): FP-Range-Movement and
        Morale for a Squad or Team ("5-5-4 7"), Command and Morale for a Leader ("C1 8")."""
        def value(stat: str) -> int:
            return model.printed(self.data, state, uid, stat)

        if self.data.counters[state["units"][uid]["type"]].kind == "leader":
            return f"C{value('command')} {value('morale')}"
        return f"{value('fp')}-{value('range')}-{value('move')} {value('morale')}"

    def _radio_view(self, state: State, role: Role) -> dict[str, Any] | None:
        r = weapons.radio(state, role)
        if r is None:
            return None
        kind = weapons.types()[r["type"]]
        return {"id": r["id"], "name": kind.name, "fp": kind.fp, "smoke": kind.smoke, "broken": bool(r["broken"])}

    def _hex_markers(self, state: State) -> list[dict[str, str]]:
        board = self.board_for(state)
        out = [
            {"hex": label, "text": f"Obj {number}", "side": state["objectives"].get(number, "")}
            for number, label in sorted(common.objectives(board).items())
        ]
        # Control markers (7.3.1): the side's tag next to the objective it controls.
        out += [
            {"hex": label, "text": CONTROL_TAGS[side], "side": side}
            for number, label in sorted(common.objectives(board).items())
            if (side := state["objectives"].get(number, "")) in CONTROL_TAGS
        ]
        out += [{"hex": h, "text": f"Smoke {v}", "side": ""} for h, v in sorted(state["smoke"].items())]
        out += [{"hex": h, "text": "Blaze", "side": ""} for h in sorted(state["blaze"])]
        out += [{"hex": h, "text": fortifications.NAMES[k], "side": ""} for h, k in sorted(fortifications.forts(state).items())]
        labels = list(board.map.grid.labels())
        # Ruling R45: the Artillery boxes (2.2.3) are the corner hexes nearest each player's edge.
        first, last = labels[0], labels[-1]
        axis_corner = first if first in board.map.zone("edge-axis") else last
        corners = {"axis": axis_corner, "allies": last if axis_corner == first else first}
        for role in model.ROLES:
            r = weapons.radio(state, role)
            if r is not None:
                kind = weapons.types()[r["type"]]
                # Its owner's tag first, as on the control markers (7.3.1): "AX Radio 10", a corner names whose it is.
                text = f"{CONTROL_TAGS[role]} {kind.tag} {kind.fp}" + (" broken" if r["broken"] else "")
                out.append({"hex": corners[role], "text": text, "side": role})
        return out

    def status(self, state: State, viewer: Role) -> Text:
        return t(
            "Time {time} (Sudden Death {sd}); VP {vp} (positive: Axis); {player} to play, {orders} order(s) given; Initiative: {holder}.",
            time=state["time"],
            sd=state["sudden_death"],
            vp=state["vp"],
            player=state["player"],
            orders=state["orders"],
            holder=state["initiative"],
        )

    def holdings(self, state: State, role: Role) -> Text:
        hand = state["sides"][role]["hand"]
        listed = joined([t("{id} {face}", id=c, face=cards.face(cards.card(c))) for c in hand])
        chits = joined([objectives.describe(c) for c in objectives.of(state)["secret"][role]])
        held = t("Your hand ({n}): {cards}. Your secret objectives: {chits}.", n=len(hand), cards=listed or "-", chits=chits or "-")
        if role not in state.get("reactions", {}):
            return held
        return t("{hand} {reactions}", hand=held, reactions=responses.describe(state, role))

    def secrets(self, state: State) -> dict[Role, set[str]]:
        chits = objectives.secret_ids(state)
        return {r: set(s["hand"]) | chits[r] for r, s in state["sides"].items()}

    def redeal(self, state: State, role: Role, ctx: Context) -> State | None:
        """Deal ``role``'s hand again from itself and as many cards from the bottom of its deck (the rest, which the next rolls reveal, stays)."""
        if any(ch.get("kind") == "interrogation" and ch["role"] != role for ch in state.get("choices", [])):
            return None  # E61: the hand was shown to the other player, whose pending choice names its cards
        if any(f["proc"] == attack.ROLL and f.get("roller") == role for f in state.get("flow", [])):
            return None  # a held roll of this deck is pending: its Time! or last card reshuffles deck and discard (6.1.2)
        side = state["sides"][role]
        if len(side["deck"]) < REDEAL_MARGIN + len(side["hand"]):
            return None  # a Time advance is near: the reshuffled deck is what the hand is not (6.1.2), by the rules
        keep = len(side["deck"]) - len(side["hand"])
        pool = ctx.shuffle([*side["hand"], *side["deck"][keep:]], t("Deal again"))
        n = len(side["hand"])
        side["hand"], side["deck"] = pool[:n], [*side["deck"][:keep], *pool[n:]]
        return state

    def result(self, state: State) -> Outcome | None:
        over = state.get("over")
        if not over:
            return None
        reasons = {
            "surrender": t("{side} wins: the enemy reached its Surrender space (6.3.1).", side=over["winner"]),
            "last_unit": t("{side} wins: the enemy's last unit was eliminated (6.3.1).", side=over["winner"]),
            "both_lose": t("{side} wins: both players lost at once and it holds the Initiative card (6.3.1, 9.2).", side=over["winner"]),
            "sudden_death": t("{side} wins on VP ({vp}) after Sudden Death (6.3.2).", side=over["winner"], vp=state["vp"]),
            "all_objectives": t("{side} wins: it controls all five objectives before a Sudden Death roll (7.3.1.2).", side=over["winner"]),
            "exit": t("{side} wins on VP ({vp}): a player's last unit left the map (6.3.2).", side=over["winner"], vp=state["vp"]),
        }
        return Outcome(over["winner"], reasons[over["why"]])

    # Referee ------------------------------------------------------------------------------------
    def override_text(self, override: Override, viewer: Role) -> str:
        return fatedecks.public_text(override.kind, override.args, viewer) or super().override_text(override, viewer)

    def override(self, state: State, override: Override, ctx: Context) -> State:
        kind, args = override.kind, list(override.args)
        if kind in markers.OVERRIDES:
            return markers.override(self.board_for(state), state, kind, args, ctx)
        if kind in fatedecks.OVERRIDES:
            return fatedecks.override(state, kind, args)
        if kind in ("place", "remove", "break", "rally", "suppress", "unsuppress", "veteran", "unveteran") and args:
            uid = self._unit(state, args[0])
            u = state["units"][uid]
            if kind == "place" and len(args) == 2:
                if fortifications.blazing(state, self._hex(state, args[1])):
                    raise IllegalOrder(t("Nothing may share a Blaze hex ({hex}).", hex=self._hex(state, args[1])), "8.1.5")
                u["hex"] = self._hex(state, args[1])
                if uid in state["sides"][u["side"]]["casualties"]:
                    state["sides"][u["side"]]["casualties"].remove(uid)
            elif kind == "remove":
                u["hex"] = None
            elif kind in ("break", "rally"):
                u["broken"] = kind == "break"
            elif kind in ("suppress", "unsuppress"):
                u["suppressed"] = kind == "suppress"
            elif kind == "veteran":
                u["veteran"] = True  # a Veteran marker (E44.1)
            elif kind == "unveteran":
                u.pop("veteran", None)
            else:
                raise InvalidOrder(t("Syntax: place UNIT HEX."))
            return state
        if kind in ("time", "vp") and len(args) == 1 and args[0].lstrip("-").isdigit():
            state[kind] = int(args[0])
            return state
        if kind == "weapon":
            referee.weapon(state, args)
            return state
        if kind == "radio":
            referee.radio(state, args)
            return state
        if kind == "initiative" and args and args[0] in model.ROLES:
            state["initiative"] = args[0]
            return state
        raise InvalidOrder(
            t("Unknown or malformed override '{kind}'.", kind=kind),
            t(
                "Possible: place UNIT HEX, remove UNIT, break/rally/suppress/unsuppress/veteran/unveteran UNIT, time N, vp N, initiative axis|allies, smoke HEX N, blaze HEX, unblaze HEX, fortify HEX KIND, unfortify HEX, {weapon}, {radio}, {fate}.",
                weapon=referee.WEAPON_USAGE,
                radio=referee.RADIO_USAGE,
                fate=fatedecks.USAGE,
            ),
        )

    def check_invariants(self, state: State) -> None:
        tracks.check(state)
        grid = self.board_for(state).map.grid
        for uid, u in state["units"].items():
            if u["hex"] is not None and u["hex"] not in grid:
                raise InvariantViolation(t("{unit} is off the map ({hex}).", unit=uid, hex=u["hex"]))
        broken = fortifications.check_markers(self.board_for(state), state)
        if broken is not None:
            raise InvariantViolation(broken)
        carriers = [w["unit"] for w in state.get("weapons", {}).values() if w["unit"] is not None]
        for uid in carriers:
            if uid not in state["units"] or carriers.count(uid) > 1:
                raise InvariantViolation(t("{unit} carries more than one weapon, or does not exist (11.2).", unit=uid))
        for w in state.get("weapons", {}).values():
            if w["type"] not in weapons.types():
                raise InvariantViolation(t("Unknown weapon type {type}.", type=w["type"]))
        for role, side in state["sides"].items():
            held = [*side["hand"], *side["deck"], *side["discard"]]
            every = sorted(c.id for c in self.data.decks[side["nation"]])
            if sorted(held) != every:
                raise InvariantViolation(t("{side}'s cards are not exactly its 72 Fate cards.", side=role))
            if len(side["hand"]) > self.hand_size(state, role):
                raise InvariantViolation(t("{side} holds more cards than its posture allows (1.1).", side=role))

    def validate(self) -> list[str]:
        return [*self.data.problems, *objectives.problems(), *events.support_problems(self.data), *weapons.load()[1], *self._weapon_problems()]

    def _weapon_problems(self) -> list[str]:
        """Each scenario's weapons and radio: known types, carried by a unit of the side, one each (11.2, 12)."""
        out: list[str] = []
        known = weapons.types()
        for s in self.data.scenarios.values():
            for role, spec in s.sides.items():
                units = {line.split()[0] for line in spec["units"]} | {line.split()[1] for line in spec.get("reinforcements", []) if len(line.split()) == 3}
                carriers: list[str] = []
                for line in spec.get("weapons", []):
                    wid, wtype, carrier = line.split()
                    if known.get(wtype) is None or known[wtype].kind != "weapon":
                        out.append(f"scenario {s.name}: weapon {wid} has unknown type {wtype!r}")
                    if carrier not in units or carrier in carriers:
                        out.append(f"scenario {s.name}: weapon {wid} needs its own carrier among {role}'s units (11.2)")
                    carriers.append(carrier)
                if spec.get("radio"):
                    rtype = str(spec["radio"]).split()[-1]
                    if known.get(rtype) is None or known[rtype].kind != "radio":
                        out.append(f"scenario {s.name}: {role}'s radio has unknown type {rtype!r}")
                for line in spec.get("radio_reinforcements", []):  # 'SPACE ID TYPE' (6.1.2 step 5)
                    parts = line.split()
                    if len(parts) != 3 or not parts[0].isdigit() or known.get(parts[2]) is None or known[parts[2]].kind != "radio":
                        out.append(f"scenario {s.name}: {role}'s radio reinforcement {line!r} is not 'SPACE ID RADIO-TYPE'")
                    elif int(parts[0]) <= s.time:
                        out.append(f"scenario {s.name}: radio reinforcement {parts[1]} waits on Time space {parts[0]}, not after the start ({s.time})")
        return out

    def data_notes(self) -> list[str]:
        """Each deck's roll distribution, totals 2-12 (the rulebook does not say it is uniform), and its
        triggers; each map's levels, objectives and hand-set LOS pairs; each scenario's sides and Time track."""
        out = []
        for nation, deck in self.data.decks.items():
            dist = data.roll_distribution(deck)
            triggers = Counter(c.trigger for c in deck if c.trigger)
            out.append(
                f"{nation}: {len(deck)} cards; rolls " + " ".join(f"{k}:{v}" for k, v in dist.items())
                + "; triggers " + " ".join(f"{k}:{v}" for k, v in sorted(triggers.items()))
            )
        for name, board in self.data.maps.items():
            levels = self.data.levels[name].values()
            out.append(
                f"map {name}: {board.name}; levels {min(levels, default=0)}-{max(levels, default=0)}; "
                f"objectives {', '.join(data.objective_numbers(board))}; {len(self.data.sightings.get(name, {}))} hand-set LOS pair(s)"
            )
        for name, s in self.data.scenarios.items():
            sides = " vs ".join(f"{r} {s.sides[r]['nation']} {s.sides[r]['posture']}" for r in model.ROLES)
            waiting = sum(len(s.sides[r].get("reinforcements", [])) for r in model.ROLES)
            out.append(f"scenario {name} on {s.map}: {sides}; Time {s.time}, Sudden Death {s.sudden_death}; {waiting} reinforcement(s)")
        return out

    def query(self, state: State, role: Role, line: str) -> Text | None:
        """``los HEX HEX``: whether the line is clear, the hindrance, and what blocks it (10.1);
        ``fp HEX PIECE...``: the Attack total of a planned attack, term by term (O20.3)."""
        words = tokens(line)
        if [w.lower() for w in words[1:]] == ["list"] and words[0].lower() in ("react", *ITALIAN["react"]):
            return responses.describe(state, role)  # a private reading: no order, no echo, no picture
        return previews.answer(self, state, role, words)


def make_game() -> CombatCommander:
    return CombatCommander()

