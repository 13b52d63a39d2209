"""The event registry and the generic checks of every event play (5.1.5, 7.5, 4.4.1, 4.5.1, 7.5.2a, 7.5.5a)."""

from __future__ import annotations

import importlib
import sys
import types
from types import SimpleNamespace
from typing import Any

import pytest

from engine import flow
from engine.errors import IllegalOrder, InvalidOrder, NotImplementedRule
from engine.game import Action
from engine.games.stalins_war import events, placement
from engine.games.stalins_war.model import AXIS, SOVIET, load_rules
from engine.games.stalins_war.state import initial_state
from engine.kernel import KernelContext

PROCS: dict[str, flow.Procedure] = {p.name: p for p in events.PROCEDURES}


def make(turn: int = 2, ar: int = 1) -> tuple[Any, dict[str, Any], KernelContext]:
    """A game stand-in with the rules, a campaign start position at ``turn``/``ar``, a kernel context."""
    rules = load_rules()
    ctx = KernelContext("c1-test", 0)
    state = initial_state(rules, "campaign", {}, ctx)
    state["turn"], state["ar"] = turn, ar
    state["phase"] = {"name": "action", "side": SOVIET}
    state["flow"] = []
    return SimpleNamespace(rules=rules), state, ctx


def play(game: Any, state: dict[str, Any], side: str, card: str, ctx: KernelContext, *args: str) -> int:
    """Check then play ``card`` as an event (what the card-play code does), recording it as played."""
    events.check_event(game, state, side, card, args)
    state["events"][card] = int(state["turn"])
    return events.play_event(game, state, side, card, args, ctx)


def top(state: dict[str, Any]) -> dict[str, Any]:
    frame: dict[str, Any] = state["flow"][-1]
    return frame


def answer(game: Any, state: dict[str, Any], role: str, action: Action, ctx: KernelContext) -> None:
    """Send ``action`` to the procedure on top of the stack, as ``role`` (must be the active role)."""
    frame = top(state)
    proc = PROCS[frame["proc"]]
    assert role in proc.active(game, state, frame)
    proc.handle(game, state, frame, role, action, ctx)


def patch_module(monkeypatch: pytest.MonkeyPatch, name: str, *, if_missing: bool = False, **funcs: Any) -> None:
    """Replace functions of ``engine.games.stalins_war.<name>`` (a stand-in module while it is not written yet)."""
    full = f"engine.games.stalins_war.{name}"
    try:
        mod = importlib.import_module(full)
    except ModuleNotFoundError:
        mod = types.ModuleType(full)
        monkeypatch.setitem(sys.modules, full, mod)
    else:
        if if_missing:
            return
    for key, value in funcs.items():
        monkeypatch.setattr(mod, key, value, raising=False)


def _simple_stacking(rules: Any, state: Any, label: str) -> Any:
    from engine.text import t

    here = [uid for uid, u in state["units"].items() if u.get("hex") == label and not rules.units[uid].non_stacking]
    if len(here) > 4 or sum(1 for uid in here if rules.units[uid].lcu) > 1:
        return t("over-stacked")
    return None


def supplied(monkeypatch: pytest.MonkeyPatch, unsupplied: frozenset[str] = frozenset(), bad_hexes: frozenset[str] = frozenset()) -> None:
    """Every unit in full supply except ``unsupplied``; every hex traces full supply except ``bad_hexes``
    (stacking: the real module, or a 4-units/1-LCU stand-in while it is missing)."""
    patch_module(
        monkeypatch,
        "supply",
        supply_status=lambda rules, state, uid: "none" if uid in unsupplied else "full",
        hex_traces=lambda rules, state, label, side, reach=None: "none" if label in bad_hexes else "full",
    )
    patch_module(monkeypatch, "stacking", if_missing=True, check_hex=_simple_stacking)


def lines(ctx: KernelContext, to: str | None = None) -> list[str]:
    return [str(e.text) for e in ctx.entries if to is None or e.to == to]


def test_every_soviet_non_cc_event_is_registered_and_no_cc_is():
    """5.1.5: every non-CC Soviet card has an event; Combat Cards are played in combat only (7.5.5a)."""
    rules = load_rules()
    events._ensure_loaded()
    soviet = {c.id for c in rules.cards.values() if c.side == SOVIET and not c.cc}
    assert soviet <= set(events.EVENTS)
    assert not {cid for cid in events.EVENTS if rules.cards[cid].cc}


def test_combat_card_refused_as_event_7_5_5a():
    game, state, ctx = make(turn=3)
    with pytest.raises(IllegalOrder) as err:
        events.check_event(game, state, SOVIET, "SU12", ())
    assert err.value.rule == "7.5.5a"
    assert "Combat Card" in str(err.value.message)


def test_card_of_the_other_side_is_invalid():
    game, state, ctx = make()
    with pytest.raises(InvalidOrder):
        events.check_event(game, state, SOVIET, "AX6", ())


def test_no_reinforcements_in_turn_1_4_4_1():
    game, state, ctx = make(turn=1)
    with pytest.raises(IllegalOrder) as err:
        events.check_event(game, state, SOVIET, "SU1", ())
    assert err.value.rule == "4.4.1"


def test_one_reinforcements_card_per_turn_7_5_2a():
    game, state, ctx = make(turn=3, ar=3)
    state["reinf_plays"][SOVIET] = [1]
    with pytest.raises(IllegalOrder) as err:
        events.check_event(game, state, SOVIET, "SU2", ())
    assert err.value.rule == "7.5.2a"
    state["reinf_plays"][SOVIET] = []
    events.check_event(game, state, SOVIET, "SU2", ())


def test_soviet_mobilisation_two_cards_non_consecutive_4_5_1():
    game, state, ctx = make(turn=2, ar=2)
    state["reinf_plays"][SOVIET] = [1]
    with pytest.raises(IllegalOrder) as err:
        events.check_event(game, state, SOVIET, "SU2", ())
    assert err.value.rule == "4.5.1"
    state["ar"] = 3
    events.check_event(game, state, SOVIET, "SU2", ())
    state["reinf_plays"][SOVIET] = [1, 3]
    state["ar"] = 5
    with pytest.raises(IllegalOrder):
        events.check_event(game, state, SOVIET, "SU2", ())


def test_axis_only_one_reinforcements_card_in_turn_2_7_5_2a():
    game, state, ctx = make(turn=2, ar=3)
    state["reinf_plays"][AXIS] = [1]
    with pytest.raises(IllegalOrder) as err:
        events.check_event(game, state, AXIS, "AX3", ())
    assert err.value.rule == "7.5.2a"


def test_prerequisite_failure_names_the_card():
    game, state, ctx = make(turn=5)
    with pytest.raises(IllegalOrder) as err:
        events.check_event(game, state, SOVIET, "SU3", ())
    assert err.value.rule == "SU3"
    assert "SU7" in str(err.value.message)


def test_unregistered_event_raises_not_implemented(monkeypatch):
    game, state, ctx = make(turn=3)
    monkeypatch.delitem(events.EVENTS, "SU7")
    with pytest.raises(NotImplementedRule):
        events.check_event(game, state, SOVIET, "SU7", ())
    with pytest.raises(NotImplementedRule):
        events.play_event(game, state, SOVIET, "SU7", (), ctx)


def test_register_twice_is_refused():
    with pytest.raises(ValueError):
        events.register("SU7")(lambda game, state, side, args, ctx: 0)


def test_event_arguments_lists_only_playable_forms():
    game, state, ctx = make(turn=1)
    assert events.event_arguments(state, SOVIET, "SU1") == []  # no reinforcements in turn 1
    assert events.event_arguments(state, SOVIET, "SU9") == [()]
    assert events.event_arguments(state, SOVIET, "SU12") == []  # a Combat Card


def test_no_parameter_event_refuses_parameters():
    game, state, ctx = make(turn=3)
    with pytest.raises(InvalidOrder):
        events.check_event(game, state, SOVIET, "SU9", ("2722",))


def test_play_returns_ops_of_the_event_and_sets_constants_for_the_lead():
    """SU36 counts as an OPS round (the card-play code applies the penalty); others give 0."""
    assert "SU36" in events.COUNTS_AS_OPS_ROUND
    game, state, ctx = make(turn=3)
    assert play(game, state, SOVIET, "SU9", ctx) == 0


def test_event_window_dispatch_and_verbs():
    """A window answers only its own verbs and is active for the role it was opened for."""
    game, state, ctx = make(turn=3)
    events._ensure_loaded()
    events.open_window(state, "german_soldier", "SU22", AXIS)
    frame = top(state)
    proc = PROCS["event_window"]
    assert proc.active(game, state, frame) == frozenset({AXIS})
    prompt = proc.prompt(game, state, frame, AXIS)
    assert {a.verb for a in prompt.actions} == {"cancel", "pass"}
    with pytest.raises(InvalidOrder):
        proc.handle(game, state, frame, AXIS, Action("choose", ("x",)), ctx)
    proc.handle(game, state, frame, AXIS, Action("pass"), ctx)
    assert state["flow"] == []


def test_procedures_include_place_units():
    assert "place_units" in PROCS and "event_window" in PROCS
    assert isinstance(PROCS["place_units"], placement.PlaceUnits)


def test_card_play_as_event_through_the_lead_code_turn_2_mobilisation(monkeypatch):
    """4.5.1: the card-play code checks, plays and records the event; the placement window opens."""
    from engine.games.stalins_war import cardplay

    supplied(monkeypatch)
    game, state, ctx = make(turn=2, ar=1)
    state["cards"][SOVIET]["hand"] = ["SU1", "SU12"]
    frame: dict[str, Any] = {"proc": "action_round", "side": SOVIET}
    state["flow"] = [frame]
    listed = cardplay.legal_choices(game.rules, state, SOVIET)
    assert Action("play", ("SU1", "event")) in listed
    assert Action("play", ("SU12", "event")) not in listed
    cardplay.choose(game, state, SOVIET, Action("play", ("SU1", "event")), ctx, frame)
    assert state["reinf_plays"][SOVIET] == [1] and state["events"]["SU1"] == 2
    assert top(state)["proc"] == "place_units"
