"""Stalin's War: the action chosen at the start of an Action Round (7.2-7.4, 7.5.1, 15.1.1, 18.0).

``choose`` validates and applies one of: a card for OPS, for RP or as an Event, or a 0-OPS
round (move/fight or pass). It updates the Consecutive OPS count (7.3.2), records RP by type
(7.4), and fills ``state["round"]``. Refusing a card the player does not hold never says
anything about either hand.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.cards import draw
from engine.errors import IllegalOrder, InvalidOrder, allowed
from engine.game import Action, Context, State
from engine.games.stalins_war import events
from engine.games.stalins_war.cardnames import card_label, labelled
from engine.games.stalins_war.model import AXIS, SOVIET, CardSpec, Rules
from engine.replaying import accepted
from engine.text import Named, ngettext, t

PLAY_MODES = ("ops", "rp", "event")


def rasputitsa(rules: Rules, state: State) -> bool:
    """15.1.1: AR1 of Autumn turns, AR1-AR2 of Spring turns."""
    ars: list[int] = rules.turn_info(int(state["turn"]))["rasputitsa_ars"]
    return int(state["ar"]) in ars


def penalty(rules: Rules, count: int) -> int:
    """OPS lost in the ``count``-th consecutive OPS round (1st none, 2nd -1, 3rd -2, then -1 more each)."""
    table: list[int] = rules.tables["ops"]["consecutive_penalty"]
    if count <= 0:
        return 0
    if count <= len(table):
        return -table[count - 1]
    beyond = int(rules.tables["ops"]["consecutive_penalty_beyond_third"])
    return -table[-1] - beyond * (count - len(table))


def ops_after_penalty(rules: Rules, ops: int, count: int) -> int:
    return max(int(rules.tables["ops"]["ops_floor"]), ops - penalty(rules, count))


def rp_play_limit(rules: Rules, state: State, side: str) -> int:
    rep = rules.tables["replacements"]
    if side == SOVIET:
        return int(rep["soviet_rp_plays_per_turn"])
    if int(state["turn"]) in rep["axis_two_rp_plays_turns"] and state["options"].get("axis_two_rp_plays", True):
        return 2
    return int(rep["axis_rp_plays_per_turn"])


def card_of(rules: Rules, state: State, side: str, card_id: str) -> CardSpec:
    """The card ``card_id`` from ``side``'s hand; the refusal reveals nothing about any hand."""
    card = rules.cards.get(card_id)
    if card is None or card.side != side:
        raise InvalidOrder(t("There is no card {card} in your deck.", card=card_id), t("Cards are numbered 1-55; type the number."))
    if card_id not in state["cards"][side]["hand"]:
        raise IllegalOrder(t("You do not hold card {card}.", card=card_id), rule="7.1.4", hint=t("Type 'hand' to see your cards."))
    return card


def check_rp(rules: Rules, state: State, side: str) -> None:
    turn, ar = int(state["turn"]), int(state["ar"])
    if turn in rules.tables["replacements"]["no_rp_turns"]:
        raise IllegalOrder(t("No card may be played for replacements in June 1941."), rule="4.4.1")
    plays: list[int] = state["rp_plays"][side]
    limit = rp_play_limit(rules, state, side)
    if len(plays) >= limit:
        raise IllegalOrder(
            ngettext(
                "You have already made {n} replacement play this turn; the limit is {limit}.",
                "You have already made {n} replacement plays this turn; the limit is {limit}.",
                len(plays),
                limit=limit,
            ),
            rule="7.4.2" if side == SOVIET else "7.4.3",
        )
    if ar - 1 in plays:
        raise IllegalOrder(t("No replacement play in two consecutive Action Rounds of the same turn."), rule="7.4.4")


def record_rp(state: State, side: str, card: CardSpec, ctx: Context) -> None:
    pools = state["rp"]
    for kind, value in card.rp.items():
        pools[kind] = pools.get(kind, 0) + value
    ctx.reveal(t("{side} plays {card} for replacements: {rp} RP recorded.", side=side.capitalize(), card=labelled(card), rp=card.rp_label))


def discard_played(state: State, side: str, card: CardSpec, *, as_event: bool) -> None:
    """2.3.3 / 7.5.1c: an asterisked card played as an event leaves the game, else to the discard pile."""
    pile = state["cards"][side]
    pile["hand"].remove(card.id)
    if as_event and card.asterisk:
        pile["removed"].append(card.id)
        pile["events_removed"] = int(pile["events_removed"]) + 1
    else:
        pile["discard"].append(card.id)


def begin_round(state: State, side: str, kind: str, card: str | None, ops: int, move_capable: bool) -> None:
    state["round"] = {
        "side": side,
        "kind": kind,
        "card": card,
        "ops": ops,
        "move_capable": move_capable,
        "combat_markers": [],
        "move_markers": [],
        "attacked": [],
        "blitz": [],
        "entrench": [],
        "zoc_paid": [],
        "no_blitz": kind == "zero_move",
        "cc_used": [],
        "won_cc": [],
        "sea_moves": 0,
        "german_step_lost": False,
    }


def choose(game: Any, state: State, side: str, action: Action, ctx: Context, frame: flow.Frame) -> None:
    """Apply the AR action ``action`` (verbs ``play`` and ``zero``) for ``side``."""
    rules: Rules = game.rules
    raspa = rasputitsa(rules, state)
    consec = state["consec"]
    if action.verb == "zero":
        mode = action.args[0] if action.args else ""
        if mode == "move":
            if raspa:
                raise IllegalOrder(t("Rasputitsa: no 0-OPS round with movement or combat."), rule="15.1.1")
            begin_round(state, side, "zero_move", None, 0, True)
            ctx.log(t("{side} takes a 0-OPS round to move and fight (no Blitz; combat only with banked OPS).", side=side.capitalize()))
            return
        if mode == "pass":
            pile = state["cards"][side]
            discard = action.args[1] if len(action.args) > 1 else None
            if discard:
                card = card_of(rules, state, side, discard)
            if not raspa:
                consec[side] = 0
            begin_round(state, side, "zero_pass", None, 0, False)
            if discard:
                pile["hand"].remove(card.id)
                pile["discard"].append(card.id)
                ctx.reveal(t("{side} passes, discards {card} and draws a card (7.2.6).", side=side.capitalize(), card=labelled(card)))
                got = draw(pile["deck"], pile["hand"], 1, pile["discard"], ctx)
                if got:
                    ctx.reveal(t("You draw {card}.", card=_title(rules, got[0])), to=side)
            else:
                ctx.log(t("{side} passes (7.2.6).", side=side.capitalize()))
            return
        raise InvalidOrder(t("Say 'zero move' or 'zero pass [CARD]'."), t("zero move | zero pass | zero pass CARD"))
    if action.verb != "play" or len(action.args) < 2:
        raise InvalidOrder(t("Play a card: 'play CARD ops', 'play CARD rp' or 'play CARD event'."), t("Or 'zero move' / 'zero pass'."))
    card_id, mode, extra = action.args[0], action.args[1], tuple(action.args[2:])
    if mode not in PLAY_MODES:
        raise InvalidOrder(t("'{mode}' is not a way to play a card.", mode=mode), t("ops, rp or event"))
    card = card_of(rules, state, side, card_id)
    if mode == "ops":
        if raspa:
            raise IllegalOrder(t("Rasputitsa: no card may be played for OPS in this Action Round."), rule="15.1.1")
        consec[side] = int(consec[side]) + 1
        ops = ops_after_penalty(rules, card.ops, int(consec[side]))
        discard_played(state, side, card, as_event=False)
        begin_round(state, side, "ops", card.id, ops, True)
        ctx.reveal(
            t(
                "{side} plays {card} for {ops} OPS (consecutive OPS round {n}).",
                side=side.capitalize(),
                card=labelled(card),
                ops=ops,
                n=consec[side],
            )
        )
        return
    if mode == "rp":
        check_rp(rules, state, side)
        discard_played(state, side, card, as_event=False)
        state["rp_plays"][side].append(int(state["ar"]))
        if not raspa:
            consec[side] = 0
        record_rp(state, side, card, ctx)
        begin_round(state, side, "rp", card.id, 0, False)
        return
    # Event
    if card.cc:
        raise IllegalOrder(
            t("{card} is a Combat Card: it is played during a combat with 'cc', not as an action.", card=labelled(card)),
            rule="7.5.5a",
        )
    if not accepted(ctx):  # it only refuses (engine.replaying): an accepted play passed it
        events.check_event(game, state, side, card.id, extra)
    mobilisation = side == SOVIET and int(state["turn"]) == 2 and card.reinforcements
    discard_played(state, side, card, as_event=True)
    if card.reinforcements:
        state["reinf_plays"][side].append(int(state["ar"]))
    state["events"][card.id] = int(state["turn"])
    ctx.reveal(t("{side} plays {card} as an event.", side=side.capitalize(), card=labelled(card)))
    begin_round(state, side, "event", card.id, 0, False)
    before = {uid for uid, u in state["units"].items() if u.get("hex")}
    frame["placed_before"] = sorted(before)
    given = events.play_event(game, state, side, card.id, extra, ctx)
    counts_as_ops = card.id in events.COUNTS_AS_OPS_ROUND
    keeps = card.id in events.KEEPS_CONSECUTIVE or mobilisation
    if counts_as_ops and not raspa:
        consec[side] = int(consec[side]) + 1
        given = ops_after_penalty(rules, card.ops, int(consec[side]))
    elif mobilisation:
        # 4.5.1: the card's OPS less the penalty of the box the marker is in; the marker stays.
        given = ops_after_penalty(rules, card.ops, max(1, int(consec[side])))
    elif not keeps and not raspa:
        consec[side] = 0
    if card.id in events.COUNTS_AS_RP_PLAY:
        state["rp_plays"][side].append(int(state["ar"]))
    if raspa:
        given = 0  # 15.1.1: events give no OPS in Rasputitsa
        state["round"]["combat_capable"] = False  # 15.1.1: nor combat an event would allow (Zhukov)
    if given > 0:
        state["round"].update(ops=given, move_capable=True, kind="event_ops")
        ctx.log(t("The event gives {ops} OPS.", ops=given))
    if mobilisation:
        state["round"]["mobilisation"] = True


def _title(rules: Rules, card_id: str) -> Named:
    return card_label(rules, card_id)


def legal_choices(rules: Rules, state: State, side: str) -> list[Action]:
    """Every AR action ``side`` may take now (for the prompt and the random-play harness)."""
    out: list[Action] = [Action("zero", ("pass",))]
    raspa = rasputitsa(rules, state)
    if not raspa:
        out.append(Action("zero", ("move",)))
    hand: list[str] = state["cards"][side]["hand"]
    for card_id in hand:
        card = rules.cards[card_id]
        out.append(Action("zero", ("pass", card_id)))
        if not raspa:
            out.append(Action("play", (card_id, "ops")))
        if allowed(check_rp, rules, state, side):
            out.append(Action("play", (card_id, "rp")))
        if not card.cc:
            out.extend(Action("play", (card_id, "event", *args)) for args in events.event_arguments(state, side, card_id))
    return out


def other(side: str) -> str:
    return SOVIET if side == AXIS else AXIS
