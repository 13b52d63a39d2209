"""Shared helpers for the Combat Commander tests: a match, units placed by hand, decks stacked."""

from __future__ import annotations

from typing import cast

from engine import registry
from engine.game import Action
from engine.games.combat_commander.cards import card
from engine.games.combat_commander.data import load
from engine.games.combat_commander.game import CombatCommander
from engine.kernel import Match, Record

GAME = cast(CombatCommander, registry.get("combat_commander"))
DATA = load()
NATION = {"axis": "germany", "allies": "america"}


def new_match(seed: str = "cc-test") -> Match:
    return Match.new(GAME, "farm", GAME.options, seed)


def only_units(m: Match, where: dict[str, str]) -> None:
    """Every unit off the map except those named, at the hexes given (a test position)."""
    for uid, u in m.state["units"].items():
        u["hex"] = where.get(uid)


def find(
    role: str,
    *,
    white: int | None = None,
    red: int | None = None,
    trigger: str | None = None,
    order: str | None = None,
    total: int | None = None,
    exclude: tuple[str, ...] = (),
) -> str:
    """The id of a card of ``role``'s deck with the given faces."""
    for c in DATA.decks[NATION[role]]:
        if c.id in exclude or (total is not None and c.white + c.red != total):
            continue
        if (white is None or c.white == white) and (red is None or c.red == red) and (trigger is None or c.trigger == trigger) and (order is None or c.order == order):
            return c.id
    raise LookupError("no such card")


def stack(m: Match, role: str, ids: list[str]) -> None:
    """Put ``ids`` on top of ``role``'s deck in this order; a hand loses them for cards from the deck's bottom."""
    side = m.state["sides"][role]
    for cid in ids:
        for pile in ("deck", "discard"):
            if cid in side[pile]:
                side[pile].remove(cid)
        if cid in side["hand"]:
            side["hand"].remove(cid)
            spare = next(c for c in reversed(side["deck"]) if c not in ids)
            side["deck"].remove(spare)
            side["hand"].append(spare)
    side["deck"][:0] = ids


def hold(m: Match, role: str, order: str) -> str:
    """Make sure ``role`` holds a card whose order is ``order``; return its id."""
    side = m.state["sides"][role]
    for cid in side["hand"]:
        if card(cid).order == order:
            return cid
    wanted = next(c for c in side["deck"] if card(c).order == order)
    side["deck"].remove(wanted)
    side["deck"].append(side["hand"].pop(0))
    side["hand"].append(wanted)
    return wanted


def hand_without(m: Match, role: str, order: str) -> None:
    """Swap every card of ``order`` out of ``role``'s hand."""
    side = m.state["sides"][role]
    for i, cid in enumerate(side["hand"]):
        if card(cid).order == order:
            spare = next(c for c in side["deck"] if card(c).order != order)
            side["deck"].remove(spare)
            side["deck"].append(cid)
            side["hand"][i] = spare


#: The windows and the held roll that ``play`` answers with their published default.
ANSWERED = {
    "attack_window": "pass",
    "defense_window": "pass",
    "wounds_window": "pass",
    "advance_window": "pass",
    "ambush_window": "pass",
    "no_quarter_window": "pass",
    "defense_order": "pass",
    "impact_order": "pass",
    "melee_order": "pass",
    "cc_roll": "accept",
}


def settle(m: Match) -> list[Record]:
    """Answer every window and held roll on top with its default (pass, accept) until play goes on."""
    out: list[Record] = []
    while m.state.get("flow") and top(m) in ANSWERED:
        role = sorted(m.active())[0]
        out += m.play(role, Action(ANSWERED[top(m)]))
    return out


def play(m: Match, role: str, verb: str, *args: str) -> list[Record]:
    """Play an order, then let every window and Initiative decision it opens take its default."""
    return [*m.play(role, Action(verb, args)), *settle(m)]


def play_only(m: Match, role: str, verb: str, *args: str) -> list[Record]:
    """Play an order and stop at the first window or Initiative decision it opens."""
    return m.play(role, Action(verb, args))


def texts(records: list[Record]) -> list[str]:
    return [str(e.text) for r in records for e in r.entries]


def top(m: Match) -> str:
    return str(m.state["flow"][-1]["proc"]) if m.state["flow"] else ""


class FakeContext:
    """A kernel context whose shuffles keep the order, to fix what a reshuffled deck reveals next."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def roll(self, sides: int, why: object) -> int:
        raise AssertionError("Combat Commander never rolls dice")

    def shuffle(self, items: list[str], why: object) -> list[str]:
        return list(items)

    def pick(self, items: list[str], why: object) -> str:
        return items[0]

    def log(self, text: object, to: str = "*") -> None:
        self.lines.append(str(text))

    def reveal(self, text: object, to: str = "*") -> None:
        self.lines.append(str(text))


def hold_action(m: Match, role: str, action: str, keep: tuple[str, ...] = ()) -> str:
    """Make sure ``role`` holds a card whose action is ``action`` (``keep``: cards not to give back); return its id."""
    side = m.state["sides"][role]
    for cid in side["hand"]:
        if card(cid).action == action:
            return cid
    wanted = next(c for c in side["deck"] if card(c).action == action)
    side["deck"].remove(wanted)
    spare = next(c for c in side["hand"] if c not in keep)
    side["hand"].remove(spare)
    side["deck"].append(spare)
    side["hand"].append(wanted)
    return wanted


def without_action(m: Match, role: str, action: str) -> None:
    """Swap every card with ``action`` out of ``role``'s hand."""
    side = m.state["sides"][role]
    for i, cid in enumerate(side["hand"]):
        if card(cid).action == action:
            spare = next(c for c in side["deck"] if card(c).action != action)
            side["deck"].remove(spare)
            side["deck"].append(cid)
            side["hand"][i] = spare


def open_and_settle(m: Match, ctx: FakeContext) -> list[Record]:
    """After a Time advance made by hand: open what it left due (the Sudden Death roll, 6.2.2; the choices),
    let the automatic procedures run, then accept every held roll by default."""
    from engine.games.combat_commander import events

    events.open_choices(DATA, m.state, ctx)  # type: ignore[arg-type]
    GAME.run_automatic(m.state, ctx)  # type: ignore[arg-type]
    return settle(m)

def deploy_after(role: str, *, high: bool) -> list[str]:
    """A card of ``role``'s deck with an Event! trigger and the highest (or lowest) roll, then a card whose event is Deploy (E52)."""
    deck = DATA.decks[NATION[role]]
    triggers = sorted((c for c in deck if c.trigger == "event"), key=lambda c: (c.white + c.red, c.id))
    trigger = (triggers[-1] if high else triggers[0]).id
    event = next(c.id for c in deck if c.event == "deploy" and c.id != trigger)
    return [trigger, event]
