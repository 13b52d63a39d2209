"""A small game built on ``engine.sealed``, for its tests: three rounds of secret picks.

Each round both sides draw three cards of their own deck in secret, then choose up to two of
them (sealed); the choices are revealed together, the higher total wins the round, and the
chosen cards are discarded face up. The cards not chosen go back to the deck unseen. It is the harness's proof that a sealed choice
and the options not chosen never reach another viewer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import flow, sealed
from engine.errors import IllegalOrder, InvalidOrder, InvariantViolation
from engine.flow import Procedure, ProcedureGame
from engine.game import (
    Action,
    Context,
    Outcome,
    Override,
    Prompt,
    Role,
    ScenarioInfo,
    State,
    VerbInfo,
    View,
)
from engine.orders import tokens
from engine.text import Text, t

ROLES = ("north", "south")
DECKS = {
    "north": {"ambush": 1, "feint": 2, "vodka": 3, "partisans": 4, "rockets": 5, "nkvd": 6, "penal": 1, "guards": 2, "katyusha": 3},
    "south": {"stuka": 1, "pioneers": 2, "flak": 3, "tigers": 4, "nebelwerfer": 5, "panzerfaust": 6, "alarm": 1, "pak": 2, "sturmgeschuetz": 3},
}
ROUNDS = 3
HAND = 3
LIMIT = 2
VERBS = {"choose": VerbInfo("choose", "choose [CARD ...]", t("seal your choice of up to two drawn cards"))}


def tag(state: State) -> str:
    return f"round:{state['round']}"


class Pick(Procedure):
    name = "pick"

    def active(self, game: Any, state: State, frame: flow.Frame) -> frozenset[Role]:
        return frozenset(sealed.pending(state, tag(state)))

    def prompt(self, game: Any, state: State, frame: flow.Frame, role: Role) -> Prompt:
        hand = state["hands"][role]
        acts = [Action("choose")]
        acts += [Action("choose", (c,)) for c in hand]
        acts += [Action("choose", (a, b)) for i, a in enumerate(hand) for b in hand[i + 1 :]]
        return Prompt(role, t("Round {n}: choose up to two of the cards you drew.", n=state["round"]), tuple(acts))

    def handle(self, game: Any, state: State, frame: flow.Frame, role: Role, action: Action, ctx: Context) -> None:
        hand = state["hands"][role]
        picked = list(action.args)
        if len(picked) > LIMIT or len(set(picked)) != len(picked) or any(c not in hand for c in picked):
            raise IllegalOrder(t("Choose up to two different cards among those you drew."), "T.2")
        sealed.choose(state, tag(state), role, picked, ctx, rule="T.2")
        for card in picked:
            hand.remove(card)
        if sealed.complete(state, tag(state)):
            choices = sealed.reveal(state, tag(state), ctx)
            totals = {r: sum(DECKS[r][c] for c in choices[r]) for r in ROLES}
            if totals["north"] != totals["south"]:
                winner = max(ROLES, key=lambda r: totals[r])
                state["score"][winner] += 1
            for r in ROLES:
                state["decks"][r] += state["hands"][r]
                state["discards"][r] += list(choices[r])
                state["hands"][r] = []
            state["round"] += 1
            if state["round"] > ROUNDS:
                flow.end(state)
            else:
                deal(state, ctx)


def deal(state: State, ctx: Context) -> None:
    for r in ROLES:
        deck = ctx.shuffle(state["decks"][r], t("{role}'s deck", role=r))
        state["hands"][r], state["decks"][r] = deck[:HAND], deck[HAND:]
    sealed.open_choice(state, tag(state), ROLES)


class SealedPicks(ProcedureGame):
    name = "sealed-picks"
    title = "Sealed picks (a test game)"
    listed = False
    hidden_holdings = True
    roles = ROLES
    scenarios = {"basic": ScenarioInfo("basic", "Three rounds")}
    options: Mapping[str, Any] = {}
    verbs = VERBS
    procedures = {"pick": Pick()}

    def setup(self, scenario: str, options: Mapping[str, Any], ctx: Context) -> State:
        state: State = {"round": 1, "score": {r: 0 for r in ROLES}, "hands": {}, "decks": {r: sorted(DECKS[r]) for r in ROLES}, "discards": {r: [] for r in ROLES}}
        deal(state, ctx)
        flow.call(state, "pick")
        return state

    def parse(self, state: State, role: Role, line: str) -> Action:
        words = tokens(line)
        if not words or words[0] != "choose":
            raise InvalidOrder(t("Syntax: choose [CARD ...]"))
        return Action("choose", tuple(words[1:]))

    def apply(self, state: State, role: Role, action: Action, ctx: Context) -> State:
        self.dispatch(state, role, action, ctx)
        return state

    def view(self, state: State, viewer: Role) -> View:
        return {
            "round": state["round"],
            "score": dict(state["score"]),
            "hand": list(state["hands"].get(viewer, [])),
            "hand_counts": {r: len(h) for r, h in state["hands"].items()},
            "discards": {r: list(d) for r, d in state["discards"].items()},
            "sealed": sealed.project(state, viewer),
        }

    def order_text(self, action: Action, viewer: Role) -> str:
        return sealed.order_text(action, ("choose",)) or action.text

    def secrets(self, state: State) -> dict[Role, set[str]]:
        words = sealed.secret_words(state)
        return {r: set(state["hands"][r]) | words.get(r, set()) for r in ROLES}

    def redeal(self, state: State, role: Role, ctx: Context) -> State | None:
        """The cards not chosen are dealt again; a sealed choice stays (its commitment binds it)."""
        pool = ctx.shuffle([*state["hands"][role], *state["decks"][role]], t("Deal again"))
        size = len(state["hands"][role])
        state["hands"][role], state["decks"][role] = pool[:size], pool[size:]
        return state

    def result(self, state: State) -> Outcome | None:
        if state.get("flow"):
            return None
        a, b = state["score"]["north"], state["score"]["south"]
        if a == b:
            return Outcome(None, t("Three rounds; a draw."))
        winner = "north" if a > b else "south"
        return Outcome(winner, t("Three rounds; {side} won more.", side=winner))

    def override(self, state: State, override: Override, ctx: Context) -> State:
        raise InvalidOrder(t("Unknown override '{kind}'.", kind=override.kind))

    def check_invariants(self, state: State) -> None:
        sealed.check(state)
        for r in ROLES:
            held = state["hands"][r] + state["decks"][r] + state["discards"][r] + list(sealed.secret_words(state).get(r, ()))
            if sorted(held) != sorted(DECKS[r]):
                raise InvariantViolation(t("Cards lost."))

    def status(self, state: State, viewer: Role) -> Text:
        return t("Round {n}.", n=state["round"])

    def holdings(self, state: State, role: Role) -> Text:
        return t("Your cards: {cards}.", cards=", ".join(state["hands"].get(role, [])) or "-")
