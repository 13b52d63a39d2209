"""Stalin's War: the event registry and the generic checks every event play goes through (5.1.5, 7.5).

Each non-Combat-Card event registers itself with ``@register("SU7", check=..., arguments=...)`` on its
play function (``events_soviet.py``, ``events_axis.py``). ``check_event`` runs, in order: the Combat
Card refusal (7.5.5a), the class limits of Reinforcements cards (4.4.1, 4.5.1, 7.5.2a), the card's
printed prerequisites (``prereqs.py``) and the card's own ``check``. ``play_event`` runs the card's
``play`` and returns the OPS the event gives (usually 0).

Events needing a decision of either player open the generic window procedure ``event_window``
(``open_window``) with a ``Window`` registered under a name; the window ends itself with ``flow.end``.

Arguments convention (both decks): an event's parameters are typed after ``event`` (``play 13 event 3023``).
When a parameter is missing or wrong, the event is refused with a hint that lists what is accepted;
``arguments`` gives the accepted tuples (a finite, representative list) for the prompt and the harness.
Decisions that belong to the other player, or that come after random results, use windows.

Effects keys (``state["effects"]``) written by the events are listed in ``EFFECT_KEYS``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder, NotImplementedRule
from engine.game import Action, Context, Prompt, State
from engine.games.stalins_war import placement
from engine.games.stalins_war.cardnames import labelled
from engine.games.stalins_war.model import SOVIET, Rules, load_rules, on_campaign_map
from engine.text import Text, ngettext, t

Args = tuple[str, ...]
CheckFn = Callable[[Any, State, str, Args], None]
PlayFn = Callable[[Any, State, str, Args, Context], int]
ArgsFn = Callable[[Rules, State, str], list[Args]]


@dataclass(frozen=True)
class EventSpec:
    """One card's event: ``check`` raises IllegalOrder when not playable now, ``play`` applies it."""

    card_id: str
    play: PlayFn
    check: CheckFn | None = None
    arguments: ArgsFn | None = None


EVENTS: dict[str, EventSpec] = {}

# Events that count as an OPS round for the Consecutive OPS marker (the lead's cardplay applies it).
COUNTS_AS_OPS_ROUND: set[str] = {"SU36"}
# Events after which the Consecutive OPS marker is left where it is (not reset to 0).
KEEPS_CONSECUTIVE: set[str] = {"AX32", "AX55"}
# Events that also count as the side's replacement play of the turn (7.4.2/7.4.3).
COUNTS_AS_RP_PLAY: set[str] = {"AX32", "AX55"}

EFFECT_KEYS: dict[str, str] = {
    # Soviet events (events_soviet.py); the Axis ones are added by events_axis.py.
    "zhukov": "SU9: turn; one attack per OPS round of that turn may use Zhukov (combat)",
    "industrial_evacuation_draw": "SU8: Card Draw Phases since the event (0 at play; the draw phase adds 1)",
    "black_sea_marine": "SU10: turn of the landing; from then on the Marine army is supplied on the coast (13.1.4)",
    "strategic_withdrawal": "SU11: turn",
    "lend_lease_from": "SU16: first turn of Lend-Lease banked OPS (turn + 1, 18.3.2)",
    "german_soldier_stands": "SU22: turn (removed when the Axis cancels it)",
    "hitler_opposes": "SU33: True",
    "bagration": "SU36: [turn, ar]",
    "steppe_fox_penalty": "SU37: True once the Steppe Fox / Duce Falls VP -1 was applied (ruling 8.1#51)",
    "no_emergency_transfer": "SU38: True",
    "stavka": "SU44: turn (3 banked OPS added at once)",
    "thunderclap": "SU51: turn",
    "bulge": "SU52: True",
    "bomber_offensive": "SU55: turn",
    "bomber_offensive_draw": "SU55: turn whose Card Draw Phase gives the Axis -2 cards",
}


def register(card_id: str, *, check: CheckFn | None = None, arguments: ArgsFn | None = None) -> Callable[[PlayFn], PlayFn]:
    """Decorator: register the play function of ``card_id``'s event (once)."""

    def deco(play: PlayFn) -> PlayFn:
        if card_id in EVENTS:
            raise ValueError(f"event {card_id} registered twice")
        EVENTS[card_id] = EventSpec(card_id, play, check, arguments)
        return play

    return deco


# Windows -----------------------------------------------------------------------------------------
class Window:
    """A decision inside an event. Subclass, then ``register_window(name, MyWindow())``.

    The frame holds ``card``, ``role`` (who answers) and whatever ``open_window`` was given.
    ``handle`` must validate its action and call ``flow.end(state)`` when the decision is over.
    """

    verbs: tuple[str, ...] = ("pass",)

    def text(self, game: Any, state: State, frame: flow.Frame) -> Text:
        return t("Decide for {card}.", card=frame.get("card", ""))

    def actions(self, game: Any, state: State, frame: flow.Frame) -> list[Action]:
        return [Action("pass")]

    def handle(self, game: Any, state: State, frame: flow.Frame, action: Action, ctx: Context) -> None:
        flow.end(state)


WINDOWS: dict[str, Window] = {}


def register_window(name: str, window: Window) -> None:
    if name in WINDOWS:
        raise ValueError(f"event window {name} registered twice")
    WINDOWS[name] = window


def open_window(state: State, name: str, card: str, role: str, **data: Any) -> flow.Frame:
    """Push the decision ``name`` for ``role`` (JSON-serialisable ``data`` kept in the frame)."""
    return flow.call(state, "event_window", window=name, card=card, role=role, **data)


class EventWindow(flow.Procedure):
    name = "event_window"

    def step(self, game: Any, state: State, frame: flow.Frame) -> flow.Step:
        return flow.Step(t("decision for the event {card}", card=frame.get("card", "")), "7.5")

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[str]:
        return frozenset({frame["role"]})

    def text(self, game: Any, state: State, frame: flow.Frame, role: str) -> Text:
        _ensure_loaded()
        return WINDOWS[frame["window"]].text(game, state, frame)

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: str) -> Prompt:
        _ensure_loaded()
        win = WINDOWS[frame["window"]]
        return Prompt(role, win.text(game, state, frame), tuple(win.actions(game, state, frame)), win.verbs)

    def handle(self, game: Any, state: State, frame: flow.Frame, role: str, action: Action, ctx: Context) -> None:
        _ensure_loaded()
        win = WINDOWS[frame["window"]]
        if action.verb not in win.verbs:
            raise flow.out_of_step(
                action.verb,
                self.step(game, state, frame),
                t("Possible now: {verbs}.", verbs=", ".join(win.verbs)),
            )
        win.handle(game, state, frame, action, ctx)


# Generic checks ----------------------------------------------------------------------------------
def rules_of(game: Any) -> Rules:
    rules = getattr(game, "rules", None)
    return rules if isinstance(rules, Rules) else load_rules()


def check_reinforcement_limits(rules: Rules, state: State, side: str, card_id: str) -> None:
    """4.4.1 none in turn 1; 7.5.2a one per player per turn; 4.5.1 the Soviet two in turn 2, not consecutive."""
    card = rules.cards[card_id]
    if not card.reinforcements:
        return
    turn, ar = int(state["turn"]), int(state["ar"])
    title = labelled(card)
    if turn == 1:
        raise IllegalOrder(t("No Reinforcements card may be played as an event in turn 1 ({card}).", card=title), rule="4.4.1")
    plays: list[int] = list(state.get("reinf_plays", {}).get(side, []))
    limit = 2 if side == SOVIET and turn == 2 else 1
    if len(plays) >= limit:
        raise IllegalOrder(
            ngettext(
                "Only {n} Reinforcements card may be played per turn ({card}).",
                "Only {n} Reinforcements cards may be played per turn ({card}).",
                limit,
                card=title,
            ),
            rule="4.5.1" if limit == 2 else "7.5.2a",
        )
    if limit == 2 and any(abs(ar - p) <= 1 for p in plays):
        raise IllegalOrder(
            t("Soviet Mobilisation: the two Reinforcements cards of turn 2 go in non-consecutive Action Rounds ({card}).", card=title),
            rule="4.5.1",
        )


def check_event(game: Any, state: State, side: str, card_id: str, args: Sequence[str] = ()) -> None:
    """Raise IllegalOrder (or NotImplementedRule) when ``card_id`` may not be played as an event now."""
    from engine.games.stalins_war import prereqs

    _ensure_loaded()
    rules = rules_of(game)
    card = rules.cards.get(card_id)
    if card is None or card.side != side:
        raise InvalidOrder(t("There is no card {card} in your deck.", card=card_id))
    title = labelled(card)
    if card.cc:
        raise IllegalOrder(
            t("{card} is a Combat Card: it is played during a combat with 'cc', not as an event.", card=title),
            rule="7.5.5a",
            hint=t("Play it for OPS or RP, or keep it for a combat."),
        )
    check_reinforcement_limits(rules, state, side, card_id)
    prereqs.check_prerequisites(rules, state, card_id, tuple(args))
    spec = EVENTS.get(card_id)
    if spec is None:
        raise NotImplementedRule(t("The event of {card} is not implemented yet.", card=title), rule="5.1.5")
    if spec.check is not None:
        spec.check(game, state, side, tuple(args))


def play_event(game: Any, state: State, side: str, card_id: str, args: Sequence[str], ctx: Context) -> int:
    """Apply ``card_id``'s event for ``side`` (already checked); return the OPS it gives."""
    _ensure_loaded()
    spec = EVENTS.get(card_id)
    if spec is None:
        rules = rules_of(game)
        card = rules.cards[card_id]
        raise NotImplementedRule(t("The event of {card} is not implemented yet.", card=labelled(card)), rule="5.1.5")
    return spec.play(game, state, side, tuple(args), ctx)


def event_arguments(state: State, side: str, card_id: str) -> list[Args]:
    """The argument tuples with which ``card_id`` may be played as an event now ([] when it may not)."""
    from engine.errors import OrderError

    _ensure_loaded()
    rules = on_campaign_map(load_rules())
    game = SimpleNamespace(rules=rules)
    spec = EVENTS.get(card_id)
    if spec is None:
        return []
    candidates = spec.arguments(rules, state, side) if spec.arguments else [()]
    out: list[Args] = []
    for args in candidates:
        try:
            check_event(game, state, side, card_id, args)
        except OrderError:
            continue
        out.append(tuple(args))
    return out


# Loading -----------------------------------------------------------------------------------------
_LOADED: list[bool] = []


def _ensure_loaded() -> None:
    """Import the modules that register events and windows (once)."""
    if _LOADED:
        return
    for name in ("events_soviet", "events_axis"):
        full = f"engine.games.stalins_war.{name}"
        try:
            importlib.import_module(full)
        except ModuleNotFoundError as exc:
            if exc.name != full:
                raise
    _LOADED.append(True)


PROCEDURES: list[flow.Procedure] = [EventWindow(), *placement.PROCEDURES]
