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
from engine.games.combat_commander import model
from engine.games.combat_commander.data import Card, GameData, load
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
    trigger = f" {c.trigger.title()}!" if c.trigger else ""
    return t(
        "[{order} / {action} / {event}, hex {hex}, dice {white}+{red}{trigger}]",
        order=c.order,
        action=c.action,
        event=c.event,
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


def roll(data: GameData, state: State, role: Role, ctx: Context, why: Text, *, triggers: bool = True, attack: bool = False) -> int:
    """A roll by ``role`` (1.9, digest 4.5): the sum of the dice of its top card, triggers resolved first."""
    c, last = reveal(data, state, role, ctx, why)
    total = c.white + c.red
    if last or (triggers and c.trigger == "time"):
        time_advance(data, state, role, ctx)
    if state.get("over") or not triggers:
        return total
    if c.trigger == "event":
        event(data, state, role, ctx)
    elif c.trigger == "sniper":
        sniper(data, state, role, ctx)
    elif c.trigger == "jam" and attack:
        ctx.log(t("Jam! (1.9.1.2): no weapon fired in this attack (weapons are not in play yet)."))
    return total


def event(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """Event! (1.9.1.1): the next card's event happens; its rolls never trigger (E42)."""
    c, last = reveal(data, state, role, ctx, t("Event!"))
    if last:
        time_advance(data, state, role, ctx)
    rule = data.fate["events"].get(c.event, "E42")
    effect = EVENTS.get(c.event)
    if effect is not None:
        effect(data, state, role, ctx)
        return
    ctx.log(
        t(
            "Event {event} ({rule}) is not implemented yet: the referee resolves it for {side}.",
            event=c.event,
            rule=rule,
            side=role,
        )
    )


def battlefield_integrity(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """E45: the drawer gains 1 VP per enemy unit on the Casualty track."""
    n = len(state["sides"][model.other(role)]["casualties"])
    model.score(state, role, n)
    ctx.log(t("Battlefield Integrity (E45): {side} gains {n} VP.", side=role, n=n))


def command_and_control(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """E49: the drawer gains 1 VP per objective it controls."""
    n = sum(1 for holder in state["objectives"].values() if holder == role)
    model.score(state, role, n)
    ctx.log(t("Command & Control (E49): {side} gains {n} VP.", side=role, n=n))


def cower(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """E51: each of the drawer's unsuppressed Squads outside every friendly leader's command radius is suppressed."""
    board_grid = data.maps[state["map"]].grid
    own = {uid: u for uid, u in model.on_map(state).items() if u["side"] == role}
    leaders = [uid for uid in own if model.counter(data, state, uid).kind == "leader"]
    hit = []
    for uid, u in sorted(own.items()):
        if model.counter(data, state, uid).kind != "squad" or u["suppressed"]:
            continue
        covered = any(board_grid.distance(own[x]["hex"], u["hex"]) <= model.command(data, state, x) for x in leaders)
        if not covered:
            u["suppressed"] = True
            hit.append(uid)
    ctx.log(t("Cower (E51): {side}'s squads out of command are suppressed: {units}.", side=role, units=", ".join(hit) or "-"))


def elan(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """E54: the drawer's Surrender marker moves one space further (one more loss needed; digest 8.2.20)."""
    state["sides"][role]["surrender"] += 1
    ctx.log(t("Elan (E54): {side}'s Surrender marker moves to space {space}.", side=role, space=state["sides"][role]["surrender"]))


EVENTS: dict[str, Callable[[GameData, State, Role, Context], None]] = {
    "battlefield_integrity": battlefield_integrity,
    "command_and_control": command_and_control,
    "cower": cower,
    "elan": elan,
}


def sniper(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """Sniper! (1.9.1.3): the next card's random hex; picking the unit is not implemented yet."""
    c, last = reveal(data, state, role, ctx, t("Sniper!"))
    if last:
        time_advance(data, state, role, ctx)
    ctx.log(
        t(
            "Sniper! (1.9.1.3) at {hex}: choosing a unit to hit is not implemented yet; the referee decides for {side}.",
            hex=c.hex,
            side=role,
        )
    )


def time_advance(data: GameData, state: State, role: Role, ctx: Context) -> None:
    """A Time advance caused by ``role`` (6.1.2)."""
    state["time"] += 1
    ctx.log(t("Time advances to {time}, caused by {side} (6.1.2).", time=state["time"], side=role))
    side = state["sides"][role]
    side["deck"] = ctx.shuffle([*side["deck"], *side["discard"]], t("{side}'s Fate deck", side=role))
    side["discard"] = []
    if state["time"] >= state["sudden_death"]:
        value = roll(data, state, role, ctx, t("Sudden Death roll"), triggers=False)
        if value < state["time"]:
            ctx.log(t("Sudden Death: {roll} is less than {time} (6.2.2).", roll=value, time=state["time"]))
            model.finish(state, model.final_winner(state), "sudden_death", ctx)
            return
    for r in model.ROLES:
        if state["sides"][r]["posture"] == "defense":
            model.score(state, r, 1)
            ctx.log(t("{side} is in Defense posture: +1 VP (6.1.2).", side=r))


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
