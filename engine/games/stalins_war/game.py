"""Stalin's War as a game module: the interface functions over the rules modules.

Secret information (6.1): each hand is in its owner's view only; the deck order in nobody's;
inactive Partisans' strength in nobody's (they show as blank Partisans); discards, played cards,
face-up Combat Cards, removed cards and the Events-Played counts in everyone's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import campaign_changes, flow, mapoverlay, printed
from engine.errors import IllegalOrder, InvalidOrder, InvariantViolation
from engine.game import REFEREE, Action, Context, Outcome, Override, Role, ScenarioInfo, State, View
from engine.games.stalins_war import (
    bidding,
    combat_cards,
    control,
    history,
    parsing,
    phases,
    sequence,
    turn_end,
)
from engine.games.stalins_war import overrides as referee
from engine.games.stalins_war.cardnames import card_label
from engine.games.stalins_war.model import (
    AXIS,
    SIDES,
    SOVIET,
    Rules,
    level_of,
    load_rules,
    on_campaign_map,
)
from engine.games.stalins_war.state import country_side, deal_opening_hands, initial_state
from engine.games.stalins_war.verbs import VERBS
from engine.state import whole_number_in
from engine.text import Text, joined, ngettext, t

OPTIONS: dict[str, Any] = {
    "pick_card": False,  # 23.1.1
    "shuffle_soviet_1_6": False,  # 23.1.2
    "auto_entrench": False,  # 23.1.3
    "recheck_supply": False,  # 23.1.4
    "town_control": False,  # 23.1.5
    "bid_for": "axis",  # 21.0: the side the bid was made for
    "bid": 0,  # 21.0: RP bid
    "rough_no_retreat": True,  # ruling 4
    "axis_two_rp_plays": True,  # ruling 2
    "sleighride_scope": "ar",  # ruling 50
}
KNOWN_BOXES = frozenset({"setaside", "eliminated", "removed", "other_fronts", "track"})
PHASE_NAMES = ("setup", "action", "attrition", "replacement", "draw", "end", "over")
VP_MARGIN = 20  # how far past the automatic victories (0 and 20, 5.1.2-3) the VP level may stand mid-turn


class Setup(flow.Procedure):
    """Optional 23.1.1: each player may give up 1 VP to take a chosen card (Axis first)."""

    name = "setup"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("choice of a Blitzkrieg card (optional rule)"), "23.1.1")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["side"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        return t("Optional rule 23.1.1: pick CARD to take that Blitzkrieg card into your hand for 1 VP, or pick none.")

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Any:
        from engine.game import Prompt

        deck: list[str] = state["cards"][frame["side"]]["deck"]
        actions = [Action("pick", ("none",)), *(Action("pick", (c,)) for c in sorted(deck))]
        return Prompt(role, self.text(game, state, frame, role), tuple(actions), ("pick",))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        from engine.games.stalins_war.control import adjust_vp

        side = frame["side"]
        pile = state["cards"][side]
        if action.verb != "pick" or len(action.args) != 1:
            raise flow.refuse(action, ("pick",), self.step(game, state, frame), t("Say 'pick CARD' or 'pick none'."))
        choice = action.args[0]
        if choice != "none":
            if choice not in pile["deck"]:
                raise IllegalOrder(t("{card} is not in your Blitzkrieg deck.", card=choice), rule="23.1.1")
            pile["deck"].remove(choice)
            pile["hand"].append(choice)
            adjust_vp(state, -1 if side == AXIS else 1, ctx, f"{side} takes a chosen card, 23.1.1")
            ctx.reveal(t("You take {card} into your hand.", card=choice), to=side)
            pile["deck"] = ctx.shuffle(pile["deck"], t("Reshuffle after the pick"))
        if side == AXIS:
            frame["side"] = SOVIET
            return
        for s in SIDES:
            p = state["cards"][s]
            n = 6 - len(p["hand"])
            p["hand"].extend(p["deck"][:n])
            del p["deck"][:n]
        ctx.log(t("Both players complete their opening hands."))
        flow.goto(state, "turn")


def hex_markers(rules: Rules, state: State) -> list[dict[str, str]]:
    """The markers a player sees on the map's hexes: Entrenchment, Festung, destroyed fortresses,
    this round's Combat and Blitz markers, and control of key hexes taken from their first owner."""
    out: list[dict[str, str]] = []
    for label, side in sorted(state["markers"]["entrench"].items()):
        out.append({"hex": label, "text": "ENTR", "side": side})
    out += [{"hex": label, "text": "FESTUNG", "side": AXIS} for label in state["markers"]["festung"]]
    out += [{"hex": label, "text": "RUINS", "side": ""} for label in state["markers"]["fortress_destroyed"]]
    rnd = state.get("round") or {}
    if state["phase"].get("name") != "action" or rnd.get("side") != state["phase"].get("side"):
        rnd = {}  # the round's Combat and Blitz markers leave the map with it
    out += [{"hex": label, "text": "COMBAT", "side": str(rnd.get("side", ""))} for label in rnd.get("combat_markers", [])]
    out += [{"hex": label, "text": "BLITZ", "side": str(rnd.get("side", ""))} for label in rnd.get("blitz", [])]
    for label, side in sorted(state["control"].items()):
        place = rules.place(label)
        if place is not None and control.tracked(rules, state, label) and side != country_side(place.get("country")):
            out.append({"hex": label, "text": "AX" if side == AXIS else "SU", "side": side})
    return out


#: The game's name and its scenarios' keys in the catalogue: the Italian rulebook's own title, and
#: the words the pictures' panel and the status read in the reader's language.
TITLE = t("Stalin's War")
SCENARIO_WORDS = {"campaign": t("campaign"), "tournament": t("tournament")}


class StalinsWar(flow.ProcedureGame):
    name = "stalins-war"
    title = TITLE.template
    roles = (AXIS, SOVIET)
    hidden_holdings = True
    rules_version = 2  # CHANGES.md
    override_kinds = (
        "place", "remove", "level", "supply", "activate", "control", "vp", "turn", "phase", "hand", "pile",
        "event", "effect", "rp", "banked", "consec", "entrench", "festung", "marker", "option", "totalwar", "clear",
        "history", "jump",
    )
    scenarios = {
        "campaign": ScenarioInfo("campaign", "Campaign (turns 1-18, rule 5.1.4)"),
        "tournament": ScenarioInfo("tournament", "Tournament scenario (turns 1-8, rule 22.0)"),
    }
    options: Mapping[str, Any] = OPTIONS
    verbs = VERBS
    # Parts and unit values the state gains in play, which a position file may hold.
    position_keys = (
        "outcome", "last_round", "total_war",
        "units.*.active", "units.*.arrived", "units.*.began", "units.*.due", "units.*.entrenching",
        "units.*.exploited", "units.*.fought", "units.*.limited", "units.*.moved", "units.*.mp",
        "units.*.oos", "units.*.retreated", "units.*.strategic",
    )

    reads_map_overrides = True  # every rules module reads ``self.rules`` (the campaign's map)
    #: The printed values a referee may change per unit (``counter``, ``engine.printed``).
    counter_fields: Mapping[str, str] = {"attack": "int", "defence": "int", "move": "int", "rebuildable": "bool"}
    counter_step_key = "level"

    def __init__(self) -> None:
        self._rules: Rules = load_rules()
        self.board = self._rules.board
        self.procedures: Mapping[str, flow.Procedure] = _procedures()

    @property
    def rules(self) -> Rules:
        """The static data on the campaign's map (its referee's map overrides, ``engine.mapoverlay``)."""
        return on_campaign_map(self._rules)

    @rules.setter
    def rules(self, rules: Rules) -> None:
        self._rules = rules

    # Interface ---------------------------------------------------------------------------------
    def setup(self, scenario: str, options: Mapping[str, Any], ctx: Context) -> State:
        merged = {**OPTIONS, **dict(options)}
        combat_cards.check_scope(merged)
        state = initial_state(self.rules, scenario, merged, ctx)
        bidding.check_bid(merged, int(state["last_turn"]))
        state["rp_schedule"] = phases.bid_schedule(merged)
        if merged.get("pick_card"):
            flow.call(state, "setup", side=AXIS)
        else:
            deal_opening_hands(self.rules, state, ctx)
            flow.call(state, "turn")
        self.run_automatic(state, ctx)
        return state

    def off_turn_hint(self, state: State, role: Role, action: Action) -> Text | None:
        """Cards outside one's own Action Round: only Combat Cards, as the defender, when the game
        asks (7.5.5a, 11.2.1(3)); events and OPS wait for one's own round (7.2)."""
        if action.verb in ("play", "cc", "zero"):
            return t("In the opponent's Action Round you play only Combat Cards, as the defender, when the game asks for them (7.5.5a); events, OPS and RP wait for your own round (7.2).")
        return None

    def parse(self, state: State, role: Role, line: str) -> Action:
        return parsing.parse(self.rules, role, line)

    def apply(self, state: State, role: Role, action: Action, ctx: Context) -> State:
        if action.verb == "odds":
            raise InvalidOrder(t("'odds' only previews; it is answered without changing the game."))
        found = self.procedure(state)
        if action.verb in ("replace", "rebuild") and found is not None and found[0].name != "replacement":
            # 14.1.1, 7.4.5: RP are recorded when a card is played for them and spent only in the
            # Replacement Phase, whatever step the game is in now.
            raise IllegalOrder(
                t("Replacement points are spent only in the Replacement Phase, after the Action Rounds (the Soviet spends first)."),
                rule="14.1.1",
                hint=t("Play a card for RP in your Action Round ('play CARD rp') to record them; spend them with '{verb} ...' in the Replacement Phase.", verb=action.verb),
            )
        if action.verb == "attack" and found is not None and found[0].name == "move_step":
            # An attack order ends movement and Combat-marker placement (7.3.5) by itself; the
            # whole order is refused, markers and all, if the attack is not legal.
            from engine.games.stalins_war import battle

            if not state["round"].get("combat_markers") and not battle.zhukov_available(state, role):
                # Without a marker the combat step is skipped: refuse with the rule, not the next phase's words.
                battle.check_attack(self.rules, state, role, battle.parse_order(self.rules, action.args))
            self.dispatch(state, role, Action("done"), ctx)
        self.dispatch(state, role, action, ctx)
        return state

    def query(self, state: State, role: Role, line: str) -> Text | None:
        """Read-only verbs answered without touching the log: ``odds``, ``discards``, ``cards``."""
        words = line.split()
        if not words:
            return None
        verb = words[0].casefold()
        if verb in ("discards", "played"):
            return self._discards(state)
        if verb == "odds":
            from engine.games.stalins_war import battle

            action = parsing.parse(self.rules, role, line)
            return battle.preview_action(self, state, role, action)
        return None

    def _discards(self, state: State) -> Text:
        parts = []
        for side in SIDES:
            pile = state["cards"][side]
            parts.append(
                f"{side.capitalize()}: discard [{', '.join(pile['discard']) or '-'}]; face-up [{', '.join(pile['faceup']) or '-'}]; "
                f"removed [{', '.join(pile['removed']) or '-'}]; events removed {pile['events_removed']}"
            )
        return t("{lines}", lines="\n".join(parts))

    def view(self, state: State, role: Role) -> View:
        rules = self.rules
        units = []
        boxes: dict[str, list[str]] = {}
        for uid, u in sorted(state["units"].items()):
            spec = rules.units[uid]
            if u.get("hex"):
                if spec.partisan and not u.get("active"):
                    # 16.1.3: an inactive Partisan's strength is secret from both players.
                    units.append(
                        {"id": "partisan-" + u["hex"], "name": "Partisans (inactive)", "side": SOVIET, "nationality": "SU",
                         "type": "partisan", "size": "SCU", "values": "?", "step": 0, "steps": 1, "markers": [],
                         "hex": u["hex"], "hidden": True}
                    )
                    continue
                # 4.5.1: mobilised units are marked as having fought only to keep them from attacking.
                fought = u.get("fought") and not u.get("arrived")
                markers = [
                    m
                    for m, on in (("OOS", u.get("oos")), ("MOVED", u.get("moved")), ("FOUGHT", fought), ("VAL", printed.changed(state, uid)))
                    if on
                ]
                units.append(
                    {
                        "id": uid,
                        "name": spec.name,
                        "side": spec.side,
                        "nationality": spec.nationality,
                        "type": spec.type,
                        "size": spec.size,
                        "values": level_of(rules, state, uid).label(),
                        "step": int(u.get("level", 0)),
                        "steps": len(spec.levels),
                        "markers": markers,
                        "hex": u["hex"],
                    }
                )
            elif u.get("box") and not (spec.partisan and u["box"] == "setaside"):
                boxes.setdefault(u["box"], []).append(uid)
        cards: dict[str, Any] = {}
        for side in SIDES:
            pile = state["cards"][side]
            cards[side] = {
                "hand_count": len(pile["hand"]),
                "deck_count": len(pile["deck"]),
                "discard": list(pile["discard"]),
                "faceup": list(pile["faceup"]),
                "removed": list(pile["removed"]),
                "total_war_set_aside": len(pile["total_war"]),
                "setaside": list(pile["setaside"]),
                "events_removed": pile["events_removed"],
            }
        status = {
            t("game").template: self.title,
            t("scenario").template: state["scenario"],
            t("turn").template: f"{state['turn']} / {state['last_turn']}",
            t("phase").template: sequence.phase_title(rules, state).to_json(),  # read back by engine.mapview
            t("active").template: ", ".join(sorted(self.active(state))) or "-",
            t("VP").template: state["vp"],
            t("banked OPS").template: f"Axis {state['banked'][AXIS]}, Soviet {state['banked'][SOVIET]}",
            t("consecutive OPS").template: f"Axis {state['consec'][AXIS]}, Soviet {state['consec'][SOVIET]}",
        }
        changed = self.changed_counters(state)
        if changed:
            status[t("counter values changed").template] = ", ".join(changed)
        if state.get(mapoverlay.MAP_KEY):
            status[t("map overrides").template] = mapoverlay.summary(state[mapoverlay.MAP_KEY])
        out: View = {
            "game": self.name,
            "viewer": role,
            "turn": state["turn"],
            "ar": state["ar"],
            "phase": dict(state["phase"]),
            "units": units,
            "boxes": boxes,
            "control": dict(state["control"]),
            "markers": {
                "entrench": dict(state["markers"]["entrench"]),
                "festung": list(state["markers"]["festung"]),
                "fortress_destroyed": list(state["markers"]["fortress_destroyed"]),
            },
            "hex_markers": hex_markers(rules, state),
            "cards": cards,
            "events": dict(state["events"]),
            "vp": state["vp"],
            "rp": dict(state["rp"]),
            "status": status,
            "last": picture_last(state.get("last", {})),
        }
        if role in SIDES:
            out["hand"] = [self._card_face(c) for c in state["cards"][role]["hand"]]
        return out

    def _card_face(self, card_id: str) -> dict[str, Any]:
        card = self.rules.cards[card_id]
        marks = " ".join(m for m, on in (("CC", card.cc), ("*", card.asterisk)) if on)
        return {
            "id": card.id,
            "title": card.title + (f" {marks}" if marks else ""),
            "values": f"OPS {card.ops}  RP {card.rp_label}",
            "text": card.text,
            "kind": "combat" if card.cc else "event",
            "titles": {"it": card.title_it + (f" {marks}" if marks else "")} if card.title_it else {},
            "texts": {"it": card.text_it} if card.text_it else {},
        }

    def result(self, state: State) -> Outcome | None:
        out = state.get("outcome")
        if not out or state.get("flow"):
            return None
        return Outcome(out["winner"], Text.from_json(out["reason"]))

    def order_text(self, action: Action, viewer: Role) -> str:
        """23.1.1: the card a player picks into his hand is secret; other orders are public."""
        if action.verb == "pick" and action.args and action.args[0] != "none":
            return "pick (a card, secret)"
        return action.text

    def override_text(self, override: Override, viewer: Role) -> str:
        return referee.public_text(self.rules, override) or super().override_text(override, viewer)

    def secrets(self, state: State) -> dict[Role, set[str]]:
        """6.1: the cards in a hand, except those the other side may know (shown by an event,
        received automatically, or public elsewhere: an event in effect, a discard)."""
        public = set(state["events"])
        for side in SIDES:
            pile = state["cards"][side]
            for key in ("discard", "removed", "faceup", "setaside", "total_war"):
                public |= set(pile[key])
        for key in ("round", "last_round"):
            card = (state.get(key) or {}).get("card")
            if card:
                public.add(card)
        # 7.1.3: the cards the Soviet receives automatically are announced as they arrive.
        for turn, numbers in self.rules.tables["hand"]["soviet_auto_cards"].items():
            if int(turn) <= int(state["turn"]):
                public |= {f"SU{n}" for n in numbers}
        revealed = state.get("revealed", {})
        return {
            side: set(state["cards"][side]["hand"]) - public - set(revealed.get(SOVIET if side == AXIS else AXIS, []))
            for side in SIDES
        }

    def redeal(self, state: State, role: Role, ctx: Context) -> State | None:
        """The hand of ``role`` dealt again from its hand and deck together (sizes unchanged); the
        cards the other side was shown stay in the hand, since the other side knows them."""
        if role not in SIDES:
            return None
        pile = state["cards"][role]
        shown = set(state.get("revealed", {}).get(SOVIET if role == AXIS else AXIS, []))
        kept = [c for c in pile["hand"] if c in shown]
        pool = ctx.shuffle([c for c in pile["hand"] if c not in shown] + list(pile["deck"]), t("Deal again"))
        size = len(pile["hand"]) - len(kept)
        pile["hand"], pile["deck"] = kept + pool[:size], pool[size:]
        return state

    def override(self, state: State, override: Override, ctx: Context) -> State:
        referee.apply(self, state, override, ctx)
        self.run_automatic(state, ctx)
        return state

    def referee_views(self, state: State) -> Mapping[str, Any]:
        """``show history``: what each unit did this Action Round, its markers and cards (``history.py``)."""
        return {"history": history.history(self.rules, state)}

    def check_invariants(self, state: State) -> None:
        rules = self.rules
        self._check_track(state)
        sides_in: dict[str, set[str]] = {}
        for uid, u in state["units"].items():
            spec = rules.units.get(uid)
            if spec is None:
                raise InvariantViolation(t("Unknown unit {unit}.", unit=uid))
            label = u.get("hex")
            if label:
                if label not in rules.board.grid or rules.board.terrain.get(label) in ("sea", "lake", "offmap"):
                    raise InvariantViolation(t("{unit} would stand in {hex}, which is not a land hex of the map.", unit=uid, hex=label))
                if not (spec.partisan and not u.get("active")):
                    sides_in.setdefault(label, set()).add(spec.side)
                if u.get("box"):
                    raise InvariantViolation(t("{unit} cannot be both on the map and in a box.", unit=uid))
            elif u.get("box") not in KNOWN_BOXES:
                raise InvariantViolation(t("{unit} is nowhere (box {box!r}).", unit=uid, box=u.get("box")))
            if not 0 <= int(u.get("level", 0)) < len(spec.levels):
                raise InvariantViolation(t("{unit} has no level {level}.", unit=uid, level=u.get("level")))
        for label, sides in sides_in.items():
            if len(sides) > 1:
                raise InvariantViolation(t("Both sides would have units in {hex}.", hex=label))
        seen: dict[str, str] = {}
        for side in SIDES:
            pile = state["cards"][side]
            for key in ("hand", "deck", "discard", "removed", "total_war", "faceup", "setaside"):
                for cid in pile[key]:
                    card = rules.cards.get(cid)
                    if card is None or card.side != side:
                        raise InvariantViolation(t("Card {card} is not a {side} card.", card=cid, side=side))
                    if cid in seen:
                        raise InvariantViolation(t("Card {card} is in two places ({a} and {b}).", card=cid, a=seen[cid], b=key))
                    seen[cid] = key
        missing = sorted(cid for cid in rules.cards if cid not in seen)
        if missing:
            # Counted, not named: a refused override is announced in public.
            raise InvariantViolation(t("{n} cards would be in no pile (hand, deck, discard, removed, Total War, face up, set aside).", n=len(missing)))
        for label, side in state["control"].items():
            if side not in SIDES:
                raise InvariantViolation(t("Control of {hex} must be axis or soviet.", hex=label))

    def _check_track(self, state: State) -> None:
        """The turn, VP and phase markers (a referee's 'set' may reach them): in range, of their shape."""
        most = len(self.rules.tables["calendar"]["turn"])
        last = state["last_turn"]
        if not whole_number_in(last, 1, most):
            raise InvariantViolation(t("The last turn must be a whole number from 1 to {most}.", most=most))
        if not whole_number_in(state["turn"], 1, last):
            raise InvariantViolation(t("The turn must be a whole number from 1 to {last}, e.g. set turn 3.", last=last))
        vp_rules = self.rules.tables["vp"]
        low = int(vp_rules["soviet_auto_win_at_or_below"]) - VP_MARGIN
        high = int(vp_rules["axis_auto_win_at_or_above"]) + VP_MARGIN
        if not whole_number_in(state["vp"], low, high):
            raise InvariantViolation(t("The VP level must be a whole number from {low} to {high}, e.g. set vp 7.", low=low, high=high))
        rounds = int(self.rules.tables["calendar"]["action_rounds"])
        if not whole_number_in(state["ar"], 1, rounds):
            raise InvariantViolation(t("The Action Round must be a whole number from 1 to {n} (6.0A).", n=rounds))
        oil = int(self.rules.tables["oil"]["axis_all_oil_consecutive_end_turns_win"])
        if not whole_number_in(state.get("oil_streak", 0), 0, oil):
            raise InvariantViolation(t("The oil count of consecutive End of Turn phases runs from 0 to {n} (5.1.2).", n=oil))
        phase = state["phase"]
        if not (isinstance(phase, dict) and phase.get("name") in PHASE_NAMES and phase.get("side") in SIDES):
            raise InvariantViolation(
                t(
                    "The phase needs a name ({names}) and a side ({sides}); use the 'phase' override to move the sequence of play.",
                    names=", ".join(PHASE_NAMES), sides=", ".join(SIDES),
                )
            )

    def changed_counters(self, state: State) -> list[str]:
        """The counters whose values a referee changed, with the values they show now."""
        rules = self.rules
        return [
            f"{rules.units[uid].name} {level_of(rules, state, uid).label()}"
            for uid in sorted(state.get(printed.COUNTERS_KEY) or {})
            if not rules.units[uid].partisan or state["units"][uid].get("active")  # 16.1.3: inactive Partisans stay secret
        ]

    def status(self, state: State, role: Role) -> Text:
        return campaign_changes.with_changes(self._status(state), state, self.changed_counters(state))

    def _status(self, state: State) -> Text:
        return t(
            "{title}, {scenario}: {phase}. VP {vp}. Hands: Axis {ah}, Soviet {sh} cards. Banked OPS Axis {ab}, Soviet {sb}.",
            title=TITLE,
            scenario=SCENARIO_WORDS.get(state["scenario"], state["scenario"]),
            phase=sequence.phase_title(self.rules, state),
            vp=state["vp"],
            ah=len(state["cards"][AXIS]["hand"]),
            sh=len(state["cards"][SOVIET]["hand"]),
            ab=state["banked"][AXIS],
            sb=state["banked"][SOVIET],
        )

    def holdings(self, state: State, role: Role) -> Text:
        if role not in SIDES:
            raise InvalidOrder(t("Only the Axis and Soviet players hold cards."))
        pile = state["cards"][role]
        cards = joined([
            t(
                "{card} (OPS {ops}, RP {rp}{cc})",
                card=card_label(self.rules, c),
                ops=self.rules.cards[c].ops,
                rp=self.rules.cards[c].rp_label,
                cc=", CC" if self.rules.cards[c].cc else "",
            )
            for c in pile["hand"]
        ])
        n = ngettext("{n} card", "{n} cards", len(pile["hand"]))
        if not pile["faceup"]:
            return t("Your hand ({n}, hand size {size}): {cards}. No face-up Combat Card.", n=n, size=state["hand_size"][role], cards=cards or t("empty"))
        return t(
            "Your hand ({n}, hand size {size}): {cards}. Face-up Combat Cards: {faceup}.",
            n=n,
            size=state["hand_size"][role],
            cards=cards or t("empty"),
            faceup=", ".join(pile["faceup"]),
        )

    def validate(self) -> list[str]:
        return list(self.rules.problems)

    def unit_label(self, uid: str) -> str:
        if uid not in self.rules.units:
            raise InvalidOrder(t("No unit {unit}.", unit=uid))
        return self.rules.units[uid].name


def picture_last(last: Mapping[str, Any]) -> dict[str, Any]:
    """The AR's last actions in the renderer's terms: move, advance and exploit arrows, the attack."""
    paths: list[list[str]] = []
    for key in ("moves", "advances", "exploits"):
        for p in last.get(key, []):
            if list(p) not in paths:  # a stack that moves together is one arrow
                paths.append(list(p))
    out: dict[str, Any] = {"moves": paths}
    if last.get("kind") == "combat" and last.get("hex"):
        out["attacks"] = [{"from": list(last.get("from", [])), "to": last["hex"], "result": last.get("result", "")}]
    out["retreats"] = [list(p) for p in last.get("retreats", [])]
    out["focus"] = [p[-1] for p in out["moves"] if p] + ([last["hex"]] if last.get("hex") else [])
    return out


def _procedures() -> dict[str, flow.Procedure]:
    from engine.games.stalins_war import battle, events, moves

    procs: list[flow.Procedure] = [
        sequence.Turn(),
        sequence.ActionRound(),
        Setup(),
        turn_end.Replacement(),
        turn_end.DrawPhase(),
        turn_end.EndOfTurn(),
        *moves.PROCEDURES,
        *battle.PROCEDURES,
        *events.PROCEDURES,
    ]
    return {p.name: p for p in procs}


def make_game() -> StalinsWar:
    return StalinsWar()


def referee_role() -> str:
    return REFEREE
