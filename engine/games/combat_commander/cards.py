"""Fate cards in play: reveals, rolls with their triggers, drawing, and the Time track.

A roll is the top card of the roller's own deck (1.9); every reveal goes face up onto the
owner's discard pile (1.3) and is logged publicly by its face, never by its id (an id is the
private handle of a card in a hand). Revealing or drawing a deck's last card is a Time advance
(6.1.2). Rolls made while resolving a trigger never trigger (1.9.1).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.game import Context, Role, State
from engine.games.combat_commander import model, objectives, weapons
from engine.games.combat_commander.data import Card, GameData, load
from engine.games.combat_commander.names import card_name, trigger_name
from engine.text import Text, ngettext, t


@cache
def _index() -> dict[str, Card]:
    return {c.id: c for deck in load().decks.values() for c in deck}


def card(cid: str) -> Card:
    return _index()[cid]


def is_card(word: str) -> bool:
    return word in _index()


def face(c: Card) -> Text:
    """A card as anyone may read it once it is face up (no id)."""
    trigger = t(" {trigger}", trigger=trigger_name(c.trigger)) if c.trigger else ""
    return t(
        "[{order} / {action} / {event}, hex {hex}, dice {white}+{red}{trigger}]",
        order=card_name(c.order),
        action=card_name(c.action),
        event=card_name(c.event),
        hex=c.hex,
        white=c.white,
        red=c.red,
        trigger=trigger,
    )


def reveal(data: GameData, state: State, role: Role, ctx: Context, why: Text) -> tuple[Card, bool]:
    """The top card of ``role``'s deck, now on its discard pile; and whether it was the last."""
    side = state["sides"][role]
    c = card(side["deck"].pop(0))
    side["discard"].append(c.id)
    ctx.reveal(t("{side} reveals {card} ({why}).", side=role, card=face(c), why=why))
    return c, not side["deck"]


def roll(
    data: GameData, state: State, role: Role, ctx: Context, why: Text, *,
    triggers: bool = True, attack: bool = False, product: bool = False, on_jam: Callable[[], None] | None = None,
) -> int:
    """A roll by ``role`` (1.9, digest 4.5): the sum of the dice of its top card (their product for a
    Targeting roll, O20.2.3), triggers resolved first; Jam! on a Fire attack roll calls ``on_jam`` (1.9.1.2)."""
    c, last = reveal(data, state, role, ctx, why)
    consequences(data, state, role, c, last, ctx, triggers=triggers, attack=attack, on_jam=on_jam)
    return c.white * c.red if product else c.white + c.red


def consequences(
    data: GameData, state: State, role: Role, c: Card, last: bool, ctx: Context, *,
    triggers: bool = True, attack: bool = False, on_jam: Callable[[], None] | None = None,
) -> None:
    """What a revealed roll causes before its result applies (1.9.1, digest 4.5 steps 3-5): the
    deck's end and Time! advance Time (once), then Event!, Sniper! or, on a Fire attack, Jam!
    (``on_jam`` breaks the firing weapons, 1.9.1.2)."""
    if last or (triggers and c.trigger == "time"):
        time_advance(data, state, role, ctx)
    if state.get("over") or not triggers:
        return
    if c.trigger == "event":
        event(data, state, role, ctx)
    elif c.trigger == "sniper":
        sniper(data, state, role, ctx)
    elif c.trigger == "jam" and attack:
        if on_jam is not None:
            on_jam()
        else:
            ctx.log(t("Jam! (1.9.1.2): no weapon fired in this attack."))


def event(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """Event! (1.9.1.1): the next card's event happens; its rolls never trigger (E42)."""
    c, last = reveal(data, state, role, ctx, t("Event!"))
    if last:
        time_advance(data, state, role, ctx)
    from engine.games.combat_commander import events

    events.happen(data, state, role, ctx, c)


def sniper(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """Sniper! (1.9.1.3): the next card's random hex; the roller may hit a unit there or adjacent (``events``)."""
    c, last = reveal(data, state, role, ctx, t("Sniper!"))
    if last:
        time_advance(data, state, role, ctx)
    weapons.random_hex_check(state, c.hex, ctx)
    from engine.games.combat_commander import events

    events.sniper(data, state, role, ctx, c.hex)


def time_advance(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """A Time advance caused by ``role`` (6.1.2)."""
    state["time"] += 1
    ctx.log(t("Time advances to {time}, caused by {side} (6.1.2).", time=state["time"], side=role))
    side = state["sides"][role]
    side["deck"] = ctx.shuffle([*side["deck"], *side["discard"]], t("{side}'s Fate deck", side=role))
    side["discard"] = []
    if state["time"] >= state["sudden_death"]:
        five = objectives.all_five(state)
        if five is not None:
            ctx.log(t("{side} controls all five objectives just before the Sudden Death roll (7.3.1.2).", side=five))
            model.finish(state, five, "all_objectives", ctx)
            return
        # 6.2.2: the Sudden Death roll is held for the Initiative card (9.1, ``suddendeath``); play stops
        # until it is accepted, and the rest of the advance (steps 3-6) follows it.
        state.setdefault(SUDDEN_DEATH, []).append({"role": role, "time": state["time"]})
        return
    after_sudden_death(data, state, role, ctx)


#: The Sudden Death rolls due (6.2.2), each with its causing player and the Time space reached.
SUDDEN_DEATH = "sudden_death_rolls"


def after_sudden_death(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """The Time advance's steps 3-6 (6.1.2), once no Sudden Death roll has ended the game."""
    for r in model.ROLES:
        if state["sides"][r]["posture"] == "defense":
            model.score(state, r, 1)
            ctx.log(t("{side} is in Defense posture: +1 VP (6.1.2).", side=r))
    state.setdefault("time_windows", []).append(role)  # steps 4 and 6 wait for the action to end (timeadvance.py)
    from engine.games.combat_commander import events

    events.reinforce(data, state, ctx)


def draw_to_hand(data: GameData, state: State, role: Role, ctx: Context, size: int) -> None:
    """Refill to hand size from the top of the deck (5.4); the last card drawn advances Time."""
    side = state["sides"][role]
    drawn: list[str] = []
    while len(side["hand"]) < size and side["deck"] and not state.get("over"):
        cid = side["deck"].pop(0)
        side["hand"].append(cid)
        drawn.append(cid)
        if not side["deck"]:
            time_advance(data, state, role, ctx)
    if drawn:
        ctx.reveal(t("You draw {cards}.", cards=", ".join(drawn)), to=role)
        ctx.log(ngettext("{side} draws {n} card.", "{side} draws {n} cards.", len(drawn), side=role))


def discard_from_hand(state: State, role: Role, cid: str) -> Card:
    side = state["sides"][role]
    side["hand"].remove(cid)
    side["discard"].append(cid)
    return card(cid)
