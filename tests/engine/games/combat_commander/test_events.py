"""The events implemented so far, drawn through an Event! trigger (1.9.1.1, E42)."""

from __future__ import annotations

from engine.games.combat_commander import cards
from engine.text import t
from tests.engine.games.combat_commander.helpers import (
    DATA,
    FakeContext,
    new_match,
    only_units,
    stack,
)

WHY = t("test")


def draw_event(m, role: str, event: str) -> FakeContext:  # type: ignore[no-untyped-def]
    """``role`` rolls an Event! card, and the next card's event is ``event``."""
    deck = DATA.decks["germany" if role == "axis" else "america"]
    target = next(c.id for c in deck if c.event == event and c.trigger == "")
    trigger = next(c.id for c in deck if c.trigger == "event" and c.id != target)
    stack(m, role, [trigger, target])
    ctx = FakeContext()
    cards.roll(DATA, m.state, role, ctx, WHY)
    return ctx


def test_battlefield_integrity_scores_enemy_casualties() -> None:
    """E45: 1 VP per enemy unit on the Casualty track."""
    m = new_match()
    m.state["sides"]["allies"]["casualties"] = ["a-s1", "a-t1"]
    draw_event(m, "axis", "battlefield_integrity")
    assert m.state["vp"] == 2


def test_command_and_control_scores_controlled_objectives() -> None:
    """E49: 1 VP per objective the drawer controls (the Allies hold three at the start)."""
    m = new_match()
    draw_event(m, "allies", "command_and_control")
    assert m.state["vp"] == -3


def test_cower_suppresses_squads_out_of_command() -> None:
    """E51: own unsuppressed Squads outside every friendly leader's radius are suppressed."""
    m = new_match()
    only_units(m, {"g-l2": "A1", "g-s1": "A2", "g-s2": "H8", "g-l1": "N1"})
    draw_event(m, "axis", "cower")
    assert not m.state["units"]["g-s1"]["suppressed"] and m.state["units"]["g-s2"]["suppressed"]


def test_elan_moves_the_surrender_marker_away() -> None:
    """E54: one more loss is needed before the drawer surrenders (digest 8.2.20)."""
    m = new_match()
    before = m.state["sides"]["axis"]["surrender"]
    draw_event(m, "axis", "elan")
    assert m.state["sides"]["axis"]["surrender"] == before + 1


def test_an_unimplemented_event_is_left_to_the_referee() -> None:
    """An event not implemented yet is logged with its rule for the referee (E42)."""
    m = new_match()
    ctx = draw_event(m, "axis", "hero")
    assert any("hero (E58) is not implemented yet" in line for line in ctx.lines)
