"""Stalin's War: hand size (7.6.1, 17.0, cards SU8 and SU55), drawing (7.1.3, 7.6.3) and Total War (7.6.4)."""

from __future__ import annotations

from typing import Any

from engine import replaying
from engine.cards import draw
from engine.game import Context, State
from engine.games.stalins_war.cardnames import card_list
from engine.games.stalins_war.model import AXIS, SIDES, SOVIET, Rules
from engine.text import t


def oil_controlled(rules: Rules, state: State, side: str, ctx: Context | None = None) -> int:
    """17.1.3: an oil hex counts only if it is controlled and could trace supply as if it were a
    unit. With the order's ``ctx``, the count is remembered on its record (``engine.replaying.recall``)."""
    from engine.games.stalins_war import supply

    hexes = rules.tables["oil"]["hexes"]

    def search() -> int:
        count = 0
        reach: supply.Reach | None = None  # one trace for every oil hex
        for label in hexes:
            if state["control"].get(label) == side:
                if reach is None:
                    reach = supply.side_reach(rules, state, side)
                if supply.hex_traces(rules, state, label, side, reach=reach) != "none":
                    count += 1
        return count

    def load(noted: Any) -> int | None:
        held = sum(1 for label in hexes if state["control"].get(label) == side)
        return noted if type(noted) is int and 0 <= noted <= held else None

    if ctx is None:
        return search()
    return replaying.recall(ctx, f"oil {side}", search, int, load)


def hand_size(rules: Rules, state: State, side: str, ctx: Context | None = None) -> int:
    """The hand size for this Draw Phase: base 6, oil, events, then the 4..7 limits (7.6.1)."""
    hand = rules.tables["hand"]
    size = int(hand["start"])
    oil = oil_controlled(rules, state, side, ctx)
    key = "axis_hand_modifier" if side == AXIS else "soviet_hand_modifier"
    size += int(rules.tables["oil"][key][str(min(oil, 4))])
    effects = state["effects"]
    if side == SOVIET and "industrial_evacuation_draw" in effects:
        n = int(effects["industrial_evacuation_draw"])  # draw phases since the event, this one included
        ie = hand["industrial_evacuation"]
        if n in ie["draw_phases_minus_one"]:
            size -= 1
        elif n >= int(ie["plus_one_from_draw_phase"]):
            size += 1
    if side == AXIS and effects.get("bomber_offensive_draw") == int(state["turn"]):
        size += int(hand["allied_bomber_offensive"]["axis_next_draw_phase"])
    size = min(size, int(hand["max"]))
    if not (side == AXIS and int(state["turn"]) in hand["axis_no_min_turns"]):
        size = max(size, int(hand["min"]))
    return max(size, 0)


def total_war_check(rules: Rules, state: State, ctx: Context) -> None:
    """7.6.4: from turn 6, 12 asterisked events removed by one player or 20 by both start Total War."""
    if state.get("total_war") or int(state["turn"]) < int(rules.tables["total_war"]["earliest_turn"]):
        return
    counts = {side: int(state["cards"][side]["events_removed"]) for side in SIDES}
    tw = rules.tables["total_war"]
    if max(counts.values()) < int(tw["one_player_asterisk_events"]) and sum(counts.values()) < int(tw["combined_asterisk_events"]):
        return
    ctx.log(t("Total War begins (7.6.4): events removed Axis {a}, Soviet {s}.", a=counts[AXIS], s=counts[SOVIET]))
    start_total_war(state, ctx)


def start_total_war(state: State, ctx: Context) -> None:
    """7.6.4: each side's Total War cards, discards and deck are shuffled into its new deck."""
    state["total_war"] = int(state["turn"])
    for side in SIDES:
        pile = state["cards"][side]
        pool = pile["total_war"] + pile["discard"] + pile["deck"]
        pile["total_war"], pile["discard"] = [], []
        pile["deck"] = ctx.shuffle(pool, t("{side} Total War deck", side=side.capitalize()))


def refill(rules: Rules, state: State, side: str, ctx: Context) -> None:
    """7.1.3 / 7.6: automatic Soviet cards first, then draw up to the hand size."""
    pile = state["cards"][side]
    if side == SOVIET:
        auto = rules.tables["hand"]["soviet_auto_cards"].get(str(state["turn"]), [])
        for number in auto:
            card = f"SU{number}"
            if card in pile["setaside"]:
                pile["setaside"].remove(card)
                pile["hand"].append(card)
                ctx.log(t("The Soviet receives card {card} automatically (7.1.3).", card=card))
    size = hand_size(rules, state, side, ctx)
    state["hand_size"][side] = size
    need = max(0, size - len(pile["hand"]))
    got = draw(pile["deck"], pile["hand"], need, pile["discard"], ctx)
    if len(got) == 1:
        ctx.log(t("{side} draws 1 card; hand size {size}.", side=side.capitalize(), size=size))
    else:
        ctx.log(t("{side} draws {n} cards; hand size {size}.", side=side.capitalize(), n=len(got), size=size))
    if got:
        ctx.reveal(t("You draw: {cards}.", cards=card_list(rules, got)), to=side)
