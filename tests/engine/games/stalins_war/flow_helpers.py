"""Shared helpers for the sequence / card-play / turn-end tests (helper F).

Two ways to drive the game:

* ``new_match`` + ``ref`` (referee overrides) + ``m.submit``: the real kernel, procedures and logs;
* ``direct``: a stand-in game object, a campaign start state and a kernel context, to call module
  functions (``cardplay.choose``, ``phases.*``, ``handsize.*``, ``victory.*``) one at a time.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from engine import registry
from engine.game import Action, Override
from engine.games.stalins_war.game import StalinsWar
from engine.games.stalins_war.model import AXIS, SIDES, SOVIET, Rules, load_rules
from engine.games.stalins_war.state import initial_state
from engine.kernel import KernelContext, Match, Record

KERNEL_GAME = registry.get("stalins-war")
GAME = cast(StalinsWar, KERNEL_GAME)  # the same object, typed for its own methods
RULES: Rules = load_rules()


def new_match(seed: str = "helper-f", scenario: str = "campaign", **options: Any) -> Match:
    return Match.new(KERNEL_GAME, scenario, {**dict(GAME.options), **options}, seed)


def ref(m: Match, line: str, reason: str = "test") -> Record:
    """A referee override typed as ``kind arg arg ...``."""
    kind, *args = line.split()
    return m.override(Override(kind, tuple(args), reason))


def at_ar(m: Match, turn: int, side: str, ar: int, hand: tuple[str, ...] | None = None) -> None:
    """Jump to ``side``'s Action Round ``ar`` of ``turn`` (referee overrides), optionally setting the hand."""
    ref(m, f"turn {turn}")
    if hand is not None:
        ref(m, " ".join(("hand", side, *hand)))
    ref(m, f"phase {side} {ar}")


def top(m: Match) -> str:
    return str(m.state["flow"][-1]["proc"])


def texts(records: list[Record]) -> list[str]:
    return [str(e.text) for r in records for e in r.entries]


def public_texts(records: list[Record]) -> list[str]:
    return [str(e.text) for r in records for e in r.entries if e.to == "*"]


class Direct(SimpleNamespace):
    game: Any
    state: dict[str, Any]
    ctx: KernelContext
    rules: Rules


def direct(turn: int = 2, ar: int = 1, side: str = AXIS, scenario: str = "campaign", **options: Any) -> Direct:
    """A stand-in game (``.rules``), a start position at ``turn``/``ar`` and a kernel context."""
    ctx = KernelContext("helper-f-direct", 0)
    state = initial_state(RULES, scenario, {**dict(GAME.options), **options}, ctx)
    state["turn"], state["ar"] = turn, ar
    state["phase"] = {"name": "action", "side": side}
    state["flow"] = []
    ctx.entries.clear()
    return Direct(game=SimpleNamespace(rules=RULES), state=state, ctx=ctx, rules=RULES)


def give(state: dict[str, Any], side: str, *cards: str) -> None:
    """Put ``cards`` into ``side``'s hand, taken from wherever they are."""
    pile = state["cards"][side]
    for cid in cards:
        for key in ("deck", "discard", "removed", "total_war", "faceup", "setaside", "hand"):
            if cid in pile[key]:
                pile[key].remove(cid)
        pile["hand"].append(cid)


def log_texts(ctx: KernelContext, to: str | None = None) -> list[str]:
    return [str(e.text) for e in ctx.entries if to is None or e.to == to]


def card_total(state: dict[str, Any], side: str) -> int:
    pile = state["cards"][side]
    return sum(len(pile[k]) for k in ("hand", "deck", "discard", "removed", "total_war", "faceup", "setaside"))


def cards_of(side: str) -> int:
    return sum(1 for c in RULES.cards.values() if c.side == side)


def supplied(monkeypatch: pytest.MonkeyPatch, bad_units: frozenset[str] = frozenset(), bad_hexes: frozenset[str] = frozenset(),
             limited: frozenset[str] = frozenset()) -> None:
    """Replace the supply functions: every unit / hex in full supply except those named."""
    from engine.games.stalins_war import supply

    def status(rules: Rules, state: Any, uid: str) -> str:
        if uid in bad_units:
            return "none"
        return "limited" if uid in limited else "full"

    def traces(rules: Rules, state: Any, label: str, side: str, reach: Any = None) -> str:
        return "none" if label in bad_hexes else "full"

    def update(rules: Rules, state: Any, side: str, ctx: Any = None) -> None:
        for uid, u in state["units"].items():
            if u.get("hex") and rules.units[uid].side == side:
                u["oos"] = uid in bad_units or uid in limited
                u["limited"] = uid in limited

    monkeypatch.setattr(supply, "supply_status", status)
    monkeypatch.setattr(supply, "hex_traces", traces)
    monkeypatch.setattr(supply, "update_supply", update)


def act(*words: str) -> Action:
    return Action(words[0], tuple(words[1:]))


__all__ = ["AXIS", "SIDES", "SOVIET"]
