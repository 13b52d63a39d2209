"""The actions around a melee (O16.4, digest 6.3 W6): Ambush (A25) before the melee dice, the
choice of the unit an Ambush breaks, and No Quarter (A38) at the melee's conclusion.

Both windows open on public information only: the Ambush window at every melee whose hex still
holds both sides' units, for the inactive player and then the active player (A25, A24.2), each
playing as many Ambushes as he likes before passing; the No Quarter window at the conclusion of
every melee for each player whose nation may play the card (the German against a Russian
opponent, the Russian against anyone) and who has a unit left in the hex, inactive first.
Whether a window opens never depends on what a hand holds; each publishes the default ``pass``
and a standing ``react windows pass`` answers it.

An Ambush is resolved as soon as it is played (A25: every Ambush before the melee FP is
computed): the opponent chooses one of his units in the melee, which breaks, or is eliminated
if already broken (3.2.4, digest 8.2 item 4). The choice is his; its published default is the
unit that costs him least (ruling R56).
"""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.errors import IllegalOrder, InvalidOrder
from engine.flow import Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.combat_commander import actioncards, cards, model
from engine.games.combat_commander.common import rules_of
from engine.games.combat_commander.nextorder import NextInOrder
from engine.hexgrid import Label
from engine.text import Text, t

AMBUSH_WINDOW = "ambush_window"
AMBUSH_PICK = "ambush_pick"
NO_QUARTER_WINDOW = "no_quarter_window"


def parse(verb: str, args: list[str]) -> Action:
    """``ambush [CARD]`` / ``no-quarter [CARD]``: an optional card id, nothing else."""
    named = [args[0].lower()] if args and cards.is_card(args[0].lower()) else []
    if args[len(named):]:
        raise InvalidOrder(t("Syntax: {syntax}", syntax=f"{verb} [CARD]"))
    return Action(verb, tuple(named))


def check_verb(state: State, role: Role, verb: str, top: str) -> None:
    """Refuse, naming its rule, an Ambush outside the window before the melee dice (A25), a No
    Quarter by a player who may not play it or outside the melee's conclusion (A38), and Command
    Confusion, which is never played (A28, O19)."""
    if verb == "command-confusion":  # given as the turn's order (O19) or as an action (A28)
        raise IllegalOrder(confusion(), "O19" if top == "turn" and state["player"] == role else "A28")
    if verb == "ambush" and top != AMBUSH_WINDOW:
        raise IllegalOrder(t("Ambush is played only before the dice are rolled in a melee."), "A25")
    if verb == "no-quarter" and not may_give_no_quarter(state, role):
        raise IllegalOrder(t("No Quarter is played by the German player against a Russian opponent, or by the Russian player."), "A38")
    if verb == "no-quarter" and top != NO_QUARTER_WINDOW:
        raise IllegalOrder(t("No Quarter is played only at the conclusion of a melee in which one of your units survived."), "A38")


def confusion() -> Text:
    return t("Command Confusion cannot be played: not as an action (A28), nor as an order (O19).")


def card_for(state: State, role: Role, action: str, rule: str, args: tuple[str, ...]) -> str:
    """The card ``role`` plays: the one named, or the first held with ``action``."""
    if args:
        return str(args[0])
    held = actioncards.held(state, role, action)
    if not held:
        raise IllegalOrder(t("You hold no card with the action {action}.", action=action), rule)
    return held[0]


# The order of several melees (O16.4) -------------------------------------------------------------

MELEE_ORDER = "melee_order"


def melee_frame(state: State) -> flow.Frame:
    """The melees (``melee.Melee``) under this question."""
    return next(f for f in reversed(flow.stack(state)) if f["proc"] == "melee")


def pending(state: State, frame: flow.Frame) -> list[Label]:
    """The hexes of ``frame`` still to resolve that hold both sides' units, in their current order."""
    return [h for h in frame["hexes"][frame["at"]:] if len({state["units"][u]["side"] for u in model.units_at(state, h)}) == 2]


def ask_order(state: State, frame: flow.Frame) -> bool:
    """O16.4: with two or more melees still to resolve, the active player chooses the next (True:
    the question is open), unless he kept the order (``pass``) or has just chosen."""
    if frame.get("order_kept") or frame.get("ordered") == frame["at"] or len(pending(state, frame)) < 2:
        return False
    flow.call(state, MELEE_ORDER)
    return True


class MeleeOrder(NextInOrder):
    """O16.4: several melees are resolved one at a time, in the order the active player chooses."""

    name = MELEE_ORDER
    items_key = "hexes"
    rule = "O16.4"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("order of the melees"), "O16.4")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({state["player"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t(
            "Several melees are to be resolved (O16.4): choose the next, 'choose HEX' ({hexes}), or 'pass' to resolve them in this order.",
            hexes=", ".join(pending(state, melee_frame(state))),
        )

    def owner_frame(self, state: State) -> flow.Frame:
        return melee_frame(state)

    def position(self, f: flow.Frame) -> int:
        return int(f["at"])

    def remaining(self, state: State, f: flow.Frame) -> list[str]:
        return pending(state, f)

    def kept_log(self, role: Role, items: list[str]) -> Text:
        return t("{side} resolves the melees in the order {hexes} (O16.4).", side=role, hexes=", ".join(items))

    def chosen_log(self, role: Role, item: str) -> Text:
        return t("{side} resolves the melee in {hex} next (O16.4).", side=role, hex=item)

    def syntax(self) -> Text:
        return t("Syntax: choose HEX, or pass.")

    def refusal(self, item: str, items: list[str]) -> IllegalOrder:
        return IllegalOrder(t("{hex} holds no melee still to resolve: choose one of {hexes}.", hex=item, hexes=", ".join(items)), "O16.4")


# Ambush (A25) ------------------------------------------------------------------------------------


def open_ambush(state: State, label: Label, order: tuple[Role, Role]) -> flow.Frame | None:
    """A25: the window before the melee dice in ``label``, the inactive player first."""
    return windows.open_window(state, AMBUSH_WINDOW, f"ambush-{label}", list(order), hex=label)


def ambush_default(g: Any, state: State, units: list[str]) -> str:
    """R56: the unit an Ambush breaks by default: a good-order unit before a broken one (a break
    rather than an elimination), then the fewest VP, then by unit id."""
    data = rules_of(g).data
    return min(units, key=lambda u: (bool(state["units"][u]["broken"]), model.unit_vp(data, state, u), u), default="")


class AmbushWindow(windows.ResponseWindow):
    """W6: before the melee dice, each player's Ambushes (A25), the inactive player's all first."""

    name = AMBUSH_WINDOW
    rule = "A25"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("window before the melee dice"), "A25")

    def question(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t(
            "Melee in {hex}: play Ambush, 'ambush [CARD]' (your opponent breaks one of his units there, A25), or 'pass'.",
            hex=frame["hex"],
        )

    def responses(self, game: Any, state: State, frame: flow.Frame, role: Role) -> list[Action]:
        if not model.units_at(state, frame["hex"], model.other(role)):
            return []
        return [Action("ambush", (cid,)) for cid in actioncards.held(state, role, "ambush")]

    def respond(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb != "ambush":
            raise flow.refuse(action, ("ambush",), self.step(game, state, frame), t("Possible now: {verbs}, or pass.", verbs="ambush"))
        label = frame["hex"]
        victim = model.other(role)
        units = model.units_at(state, label, victim)
        if not units:
            raise IllegalOrder(t("{side} has no unit left in the melee in {hex} to break.", side=victim, hex=label), "A25")
        cid = card_for(state, role, "ambush", "A25", action.args)
        c = actioncards.play(state, role, cid, "ambush", "A25")
        ctx.reveal(t("{side} plays {card} for an Ambush in {hex} (A25): {other} breaks one of his units there.", side=role, card=cards.face(c), hex=label, other=victim))
        if len(units) == 1:  # a decision with one possible answer is no decision
            ambush_break(game, state, victim, units[0], ctx)
            return
        flow.call(state, AMBUSH_PICK, hex=label, victim=victim)


def ambush_break(game: Any, state: State, role: Role, uid: str, ctx: Context) -> None:
    """A25: ``role``'s unit ``uid`` breaks; a broken one is eliminated (3.2.4)."""
    ctx.log(t("Ambush (A25): {side} breaks {unit}.", side=role, unit=uid))
    model.hit(rules_of(game).data, state, uid, ctx)


class AmbushPick(Procedure):
    """A25: the ambushed player chooses which of his units in the melee breaks."""

    name = AMBUSH_PICK
    rule = "A25"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("choice of the unit an Ambush breaks"), "A25")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset({frame["victim"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        units = model.units_at(state, frame["hex"], role)
        return t(
            "Ambush in {hex} (A25): choose which of your units there breaks, 'choose UNIT' ({units}). Default: {default}.",
            hex=frame["hex"],
            units=", ".join(units),
            default=ambush_default(game, state, units),
        )

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        units = model.units_at(state, frame["hex"], role)
        if not units:
            return Prompt(role, self.text(game, state, frame, role), (Action("pass"),), default=Action("pass"))
        default = Action("choose", (ambush_default(game, state, units),))
        return Prompt(role, self.text(game, state, frame, role), tuple(Action("choose", (u,)) for u in units), default=default)

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        units = model.units_at(state, frame["hex"], role)
        if not units and action.verb == "pass":  # the referee took the units away: nothing left to break
            flow.end(state)
            return
        if action.verb != "choose" or len(action.args) != 1:
            raise flow.refuse(action, ("choose",), self.step(game, state, frame), t("Syntax: choose UNIT ({units}).", units=", ".join(units)))
        uid = action.args[0]
        if uid not in units:
            raise IllegalOrder(t("{unit} is not one of your units in the melee in {hex}: choose one of {units}.", unit=uid, hex=frame["hex"], units=", ".join(units)), "A25")
        flow.end(state)
        ambush_break(game, state, role, uid, ctx)


# No Quarter (A38) --------------------------------------------------------------------------------


def may_give_no_quarter(state: State, role: Role) -> bool:
    """A38: the German player against a Russian opponent, or the Russian player against anyone."""
    mine = str(state["sides"][role]["nation"])
    theirs = str(state["sides"][model.other(role)]["nation"])
    return mine == "russia" or (mine == "germany" and theirs == "russia")


def open_no_quarter(state: State, label: Label, order: tuple[Role, Role]) -> flow.Frame | None:
    """A38: at the conclusion of the melee in ``label``, for each player who may play the card and
    has a unit left there (public information), the inactive player first."""
    roles = [r for r in order if may_give_no_quarter(state, r) and model.units_at(state, label, r)]
    return windows.open_window(state, NO_QUARTER_WINDOW, f"no-quarter-{label}", roles, hex=label)


class NoQuarterWindow(windows.ResponseWindow):
    """W6: at the conclusion of a melee, No Quarter (A38)."""

    name = NO_QUARTER_WINDOW
    rule = "A38"

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("window at the conclusion of a melee"), "A38")

    def question(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Text:
        return t("The melee in {hex} is over: play No Quarter, 'no-quarter [CARD]' (+2 VP, A38), or 'pass'.", hex=frame["hex"])

    def responses(self, game: Any, state: State, frame: flow.Frame, role: Role) -> list[Action]:
        return [Action("no-quarter", (cid,)) for cid in actioncards.held(state, role, "no_quarter")]

    def respond(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb != "no-quarter":
            raise flow.refuse(action, ("no-quarter",), self.step(game, state, frame), t("Possible now: {verbs}, or pass.", verbs="no-quarter"))
        cid = card_for(state, role, "no_quarter", "A38", action.args)
        c = actioncards.play(state, role, cid, "no_quarter", "A38")
        model.score(state, role, 2)
        ctx.reveal(t("{side} plays {card} for No Quarter after the melee in {hex} (A38): +2 VP.", side=role, card=cards.face(c), hex=frame["hex"]))
