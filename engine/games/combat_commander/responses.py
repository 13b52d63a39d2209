"""The response windows of a Fire attack, the held roll of the Initiative card (9.1), and the
private standing reactions that answer them without a round-trip (digest 6.4).

Windows (``engine.windows``): before the attack roll (W3), before a defense roll (W4), when a
Squad takes a hit (W5). The held roll: a roll's card is revealed onto the roller's discard
pile, then the Initiative card's holder may cancel it (9.1): the card passes to the opponent
and the roller rolls again, and nothing the cancelled roll would have caused happens (its
triggers included): the deck's end alone still advances Time (digest 8.2.2).

Standing reactions (``react``) are private to their author: ``react initiative never`` (accept
every roll), ``react initiative upto N`` (accept every roll of N or less, ask about the others),
``react initiative ask``, ``react windows pass`` (pass every window for the rest of this turn),
``react clear``. They are kept in the state under ``reactions``, shown to their author alone,
and echoed to everybody else as ``react (private)``.
"""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.errors import IllegalOrder, InvalidOrder, allowed
from engine.flow import Step
from engine.game import Action, Context, Role, State
from engine.games.combat_commander import (
    attack,
    cards,
    defenseactions,
    defenseorder,
    fireactions,
    hidden,
    model,
    standingfire,
    verbnames,
)
from engine.games.combat_commander.common import NOT_YET, not_yet, rules_of
from engine.text import Text, t

NO_REACTIONS: dict[str, Any] = {"initiative": "ask", "upto": 0, "windows_turn": 0}


def reactions(state: State, role: Role) -> dict[str, Any]:
    return dict(state.get("reactions", {}).get(role, NO_REACTIONS))


def card_arg(args: tuple[str, ...]) -> tuple[str | None, tuple[str, ...]]:
    """An optional card id first, then the rest."""
    if args and cards.is_card(args[0]):
        return args[0], args[1:]
    return None, args


def open_actions(game: Any, state: State, a: flow.Frame, role: Role) -> list[str]:
    """The actions this attack admits before its roll, from what the map shows, never the hand:
    the question names only those (posture, a mover, an adjacent firer, the weapons firing, A27-A41);
    Marksmanship depends on its card's nation and is always named."""
    g = rules_of(game)
    out = []
    for verb in fireactions.BEFORE_ROLL:
        extra: list[tuple[str, ...]] = [()]
        if verb == "spray-fire":
            extra = [(h,) for h in g.board_for(state).map.neighbours(a["target"])]
        for more in extra:
            if verb == "marksmanship" or allowed(fireactions.check_before_roll, g, state, a, role, verb, "", more):
                out.append(verb)
                break
    return out


class AttackWindow(windows.ResponseWindow):
    """W3: immediately before a Fire attack roll, the firing player's +FP actions."""

    name = "attack_window"
    rule = "A24"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("window before the Fire attack roll"), "A24.2")

    def question(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        a = attack.attack_frame(state)
        possible = open_actions(game, state, a, role)
        if not possible:
            return t("Attack on {hex} by {units}: no action may be played before this roll (A24.2); 'pass'.", hex=a["target"], units=", ".join(a["firers"]))
        return t(
            "Attack on {hex} by {units}: play actions before the roll ({actions}), or 'pass'.",
            hex=a["target"],
            units=", ".join(a["firers"]),
            actions=verbnames.listed(possible),
        )

    def responses(self, game: Any, state: State, frame: flow.Frame, role: Role) -> list[Action]:
        g = rules_of(game)
        a = attack.attack_frame(state)
        out = []
        for verb in fireactions.BEFORE_ROLL:
            for cid in sorted(c for c in state["sides"][role]["hand"] if cards.card(c).action == fireactions.card_action(verb)):
                extra: list[tuple[str, ...]] = [()]
                if verb == "spray-fire":
                    extra = [(h,) for h in g.board_for(state).map.neighbours(a["target"])]
                for more in extra:
                    try:
                        fireactions.check_before_roll(g, state, a, role, verb, cid, more)
                    except IllegalOrder:
                        continue
                    out.append(Action(verb, (cid, *more)))
                break
        return out

    def respond(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb not in fireactions.BEFORE_ROLL:
            refuse(self, game, state, frame, action, tuple(fireactions.BEFORE_ROLL))
        cid, rest = card_arg(action.args)
        fireactions.play_before_roll(rules_of(game), state, attack.attack_frame(state), role, action.verb, cid, rest, ctx)


class DefenseWindow(windows.ResponseWindow):
    """W4: the Attack total is known; before a defense roll, the defender's actions."""

    name = "defense_window"
    rule = "A24"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("window before a defense roll"), "A24.2")

    def question(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        a = defenseorder.attack_frame(state)  # a Fire attack, a barrage (O18.2.3.2) or a mine attack (F103.2)
        if state["sides"][role]["posture"] == "defense":  # public: the posture, never the hand (A35)
            return t(
                "{unit} is about to roll its defense against {total}: play Concealment (A29), Hidden Entrenchments (A35.1), Hidden Pillbox (A35.3), or 'pass'.",
                unit=frame["unit"],
                total=defenseorder.total(a),
            )
        return t(
            "{unit} is about to roll its defense against {total}: play Concealment (A29), or 'pass'.",
            unit=frame["unit"],
            total=defenseorder.total(a),
        )

    def attacked(self, state: State, frame: flow.Frame) -> str:
        """The attacked hex: the defender's, or the barrage's or mined hex (``defenseactions``)."""
        return str(frame.get("attacked") or state["units"][frame["unit"]]["hex"])

    def responses(self, game: Any, state: State, frame: flow.Frame, role: Role) -> list[Action]:
        held = sorted(c for c in state["sides"][role]["hand"] if cards.card(c).action == "concealment")
        out = [Action("concealment", (held[0],))] if held else []
        return out + hidden.defense_actions(rules_of(game), state, role, self.attacked(state, frame))

    def respond(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb in hidden.BEFORE_DEFENSE:
            hidden.play_before_defense(rules_of(game), state, role, action, self.attacked(state, frame), ctx)
            return
        if action.verb != "concealment":
            refuse(self, game, state, frame, action, ("concealment", *hidden.BEFORE_DEFENSE))
        cid, _ = card_arg(action.args)
        a = defenseorder.attack_frame(state)
        if a["proc"] != attack.ATTACK:
            defenseactions.play_concealment(rules_of(game), state, a, role, frame["unit"], cid, ctx)
            return
        fireactions.play_concealment(rules_of(game), state, a, role, frame["unit"], cid, ctx)


class WoundsWindow(windows.ResponseWindow):
    """W5: a Squad takes a hit; its owner may play Light Wounds (A36)."""

    name = "wounds_window"
    rule = "A36"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("window after a hit on a Squad"), "A36")

    def question(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t("{unit} takes a hit: play Light Wounds (A36), or 'pass'.", unit=frame["unit"])

    def responses(self, game: Any, state: State, frame: flow.Frame, role: Role) -> list[Action]:
        held = sorted(c for c in state["sides"][role]["hand"] if cards.card(c).action == "light_wounds")
        if not held or not fireactions.team_for(rules_of(game), state, frame["unit"]):
            return []
        return [Action("light-wounds", (held[0],))]

    def respond(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb != "light-wounds":
            refuse(self, game, state, frame, action, ("light-wounds",))
        if attack.attack_frame(state).get("wounded"):
            raise IllegalOrder(t("Light Wounds has already replaced this Squad."), "A36")
        cid, _ = card_arg(action.args)
        fireactions.play_light_wounds(rules_of(game), state, attack.attack_frame(state), role, frame["unit"], cid, ctx)
        windows.close_window(state, frame)


def refuse(proc: windows.ResponseWindow, game: Any, state: State, frame: flow.Frame, action: Action, verbs: tuple[str, ...]) -> None:
    if action.verb in NOT_YET:
        raise not_yet(action.verb)
    raise flow.refuse(action, verbs, proc.step(game, state, frame), t("Possible now: {verbs}, or pass.", verbs=verbnames.listed(verbs)))


class InitiativeRoll(windows.HeldRoll):
    """A roll (1.9) held for the Initiative card's holder (9.1)."""

    name = attack.ROLL

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Initiative decision on the last roll"), "9.1")

    def draw(self, game: Any, state: State, frame: flow.Frame, ctx: Context) -> Any:
        c, last = cards.reveal(rules_of(game).data, state, frame["roller"], ctx, Text.from_json(frame["why"]))
        # A Targeting or accuracy roll's value is the product of its dice (O20.2.3, O18.2.2); 'upto N' reads it (R52).
        return {"card": c.id, "last": last, "value": c.white * c.red if frame.get("product") else c.white + c.red}

    def canceller(self, game: Any, state: State, frame: flow.Frame) -> Role | None:
        holder = state.get("initiative")
        return str(holder) if holder in model.ROLES else None

    def cancel(self, game: Any, state: State, frame: flow.Frame, role: Role, ctx: Context) -> None:
        g = rules_of(game)
        state["initiative"] = model.other(role)
        ctx.log(t("{side} plays the Initiative card (9.1): the roll is cancelled, with all it caused; the card passes to {other}.", side=role, other=state["initiative"]))
        if frame["roll"]["last"]:
            # Digest 8.2.2: the deck's end is no effect of the roll, cancelling it does not undo the Time advance.
            cards.time_advance(g.data, state, frame["roller"], ctx)

    def question(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t(
            "{side} rolled {value} ({why}): 'accept', or 'reroll' playing the Initiative card (9.1), which then passes to your opponent.",
            side=frame["roller"],
            value=frame["roll"]["value"],
            why=Text.from_json(frame["why"]),
        )


# Standing reactions -------------------------------------------------------------------------


def parse_react(args: list[str]) -> Action:
    words = [a.lower() for a in args]
    if words in (["clear"], ["list"]) or words in (["initiative", "never"], ["initiative", "ask"], ["windows", "pass"]):
        return Action("react", tuple(words))
    if len(words) == 3 and words[:2] == ["initiative", "upto"] and words[2].isdigit():
        return Action("react", tuple(words))
    raise InvalidOrder(
        t("Unknown standing reaction."),
        t("Possible: react initiative never|ask|upto N; react windows pass; react fire HEX UNIT|WEAPON...; react list; react clear."),
    )


def react(state: State, role: Role, action: Action, ctx: Context) -> None:
    """Set, list or clear ``role``'s standing reactions (private: told to ``role`` alone)."""
    mine = reactions(state, role)
    args = list(action.args)
    if args == ["clear"]:
        mine = dict(NO_REACTIONS)
    elif args[0] == "initiative":
        mine["initiative"] = args[1]
        mine["upto"] = int(args[2]) if len(args) == 3 else 0
    elif args[0] == "windows":
        mine["windows_turn"] = state["turns"]
    state.setdefault("reactions", {})[role] = mine
    ctx.log(describe(state, role), to=role)


def describe(state: State, role: Role) -> Text:
    mine = reactions(state, role)
    rule = {"never": t("accept every roll"), "ask": t("ask after each roll")}.get(mine["initiative"]) or t("accept every roll of {n} or less", n=mine["upto"])
    windows_text = t("pass every window this turn") if mine["windows_turn"] == state["turns"] else t("ask at each window")
    said = t("Your standing reactions: Initiative card: {rule}; windows: {windows}.", rule=rule, windows=windows_text)
    fire = standingfire.describe(state, role)
    return said if fire is None else t("{reactions} {fire}", reactions=said, fire=fire)


def auto_action(state: State, role: Role) -> Action | None:
    """The answer a standing reaction gives for ``role`` now, if any."""
    if not state.get("flow"):
        return None
    top = state["flow"][-1]
    mine = state.get("reactions", {}).get(role)
    if not mine:
        return None
    if top["proc"] == attack.ROLL and top.get("waiting") and top.get("holder") == role:
        if mine["initiative"] == "never" or (mine["initiative"] == "upto" and int(top["roll"]["value"]) <= int(mine["upto"])):
            return Action("accept")
        return None
    # The window after a Pass with discards answers the passer's turn, which has just ended (R30).
    if top["proc"] == "demolition_window" and mine["windows_turn"] in (state["turns"], state["turns"] - 1) and model.other(top["passer"]) == role:
        return Action("pass")
    if top["proc"] == "melee_order" and mine["windows_turn"] == state["turns"] and state["player"] == role:
        return Action("pass")  # the melees in hex order (O16.4, R15)
    if top["proc"] == "impact_order" and mine["windows_turn"] == state["turns"] and state["player"] == role:
        return Action("pass")  # the Impact rolls in the published order (O18.2.3, R44)
    if top["proc"] == defenseorder.PROC and mine["windows_turn"] == state["turns"] and defenseorder.owner(state) == role:
        return Action("pass")  # the published order of the defense rolls (O20.3.4, R8)
    if top["proc"] == "opfire" and mine["windows_turn"] == state["turns"] and model.other(state["player"]) == role:
        return Action("pass")  # an enemy unit entered a hex: no opportunity fire (A33)
    windows = ("attack_window", "defense_window", "wounds_window", "advance_window", "ambush_window", "no_quarter_window")
    if top["proc"] in windows and mine["windows_turn"] == state["turns"]:
        if top["roles"][top["at"]] == role:
            return Action("pass")
    return None
