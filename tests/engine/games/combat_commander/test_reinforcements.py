"""Reinforcements of the Time track (6.1.2 step 5) and the Sniper's victim (1.9.1.3)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import cards, events
from engine.text import t
from tests.engine.games.combat_commander.helpers import (
    DATA,
    FakeContext,
    find,
    new_match,
    only_units,
    play,
    stack,
    top,
)

WHY = t("test")


def advance_to(m, space: int) -> FakeContext:  # type: ignore[no-untyped-def]
    m.state["time"] = space - 1
    ctx = FakeContext()
    cards.time_advance(DATA, m.state, "axis", ctx)
    events.open_choices(DATA, m.state, ctx)
    return ctx


def test_time_track_reinforcements_enter_on_their_own_edge() -> None:
    """6.1.2 step 5: the units on the Time space reached enter in a hex of their owner's own edge."""
    m = new_match()
    advance_to(m, 2)
    head = m.state["choices"][0]
    assert head["kind"] == "reinforce" and head["role"] == "axis" and top(m) == "choice"
    opts = events.options(DATA, m.state, head)
    assert opts and all(h.endswith("1") and len(h) == 2 for h in opts)
    play(m, "axis", "choose", "B1")
    assert m.state["units"][head["unit"]]["hex"] == "B1"


def test_a_reinforcement_off_its_own_edge_is_refused_citing_6_1_2() -> None:
    """6.1.2: a reinforcement enters only along its owner's own map edge."""
    m = new_match()
    advance_to(m, 2)
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "choose", "B10")
    assert exc.value.rule == "6.1.2"


def test_the_inactive_player_places_reinforcements_first() -> None:
    """6.1.2 step 5: inactive player first."""
    m = new_match()
    m.state["reinforcements"] = [
        {"time": 2, "side": "axis", "id": "g-s9", "type": "ger_rifle"},
        {"time": 2, "side": "allies", "id": "a-s9", "type": "usa_rifle"},
    ]
    advance_to(m, 2)
    assert [c["role"] for c in m.state["choices"]] == ["allies", "axis"]


def test_a_reinforcement_with_no_free_edge_hex_waits() -> None:
    """6.1.2, 8: stacking is kept; with no hex of the edge free it waits for the next Time space (R21)."""
    m = new_match()
    edge = events.board(DATA, m.state).zone("edge-allies")
    m.state["blaze"] = sorted(edge)
    advance_to(m, 3)
    assert "a-s4" not in m.state["units"] and m.state["reinforcements"][-1]["time"] == 4


def test_the_sniper_hits_a_chosen_unit_next_to_the_random_hex() -> None:
    """1.9.1.3: the roller may hit one unit in the Random Hex or adjacent to it."""
    m = new_match()
    only_units(m, {"g-s1": "A1", "a-s1": "H5", "a-s2": "H6"})
    sn = find("axis", trigger="sniper")
    at = next(c.id for c in DATA.decks["germany"] if c.hex == "I5")
    stack(m, "axis", [sn, at])
    ctx = FakeContext()
    cards.roll(DATA, m.state, "axis", ctx, WHY)
    events.open_choices(DATA, m.state, ctx)
    assert events.options(DATA, m.state, m.state["choices"][0]) == ["a-s1"]
    play(m, "axis", "choose", "a-s1")
    assert m.state["units"]["a-s1"]["broken"] and not m.state["units"]["a-s2"]["broken"]


def test_the_sniper_cannot_reach_farther_than_adjacent() -> None:
    """1.9.1.3: a unit two hexes from the Random Hex is refused, citing the rule."""
    m = new_match()
    only_units(m, {"g-s1": "A1", "a-s1": "H5", "a-s2": "H7"})
    sn = find("axis", trigger="sniper")
    at = next(c.id for c in DATA.decks["germany"] if c.hex == "I5")
    stack(m, "axis", [sn, at])
    ctx = FakeContext()
    cards.roll(DATA, m.state, "axis", ctx, WHY)
    events.open_choices(DATA, m.state, ctx)
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "choose", "a-s2")
    assert exc.value.rule == "1.9.1.3"
    play(m, "axis", "pass")
    assert not m.state["units"]["a-s1"]["broken"] and top(m) == "turn"


def test_a_reinforcement_waits_on_the_time_track_with_its_weapon() -> None:
    """6.1.2 step 5, 11.2: a weapon the scenario gives a reinforcement is not in play before its carrier."""
    m = new_match()
    r = next(r for r in m.state["reinforcements"] if r["id"] == "g-s5")
    assert r["weapon"] == {"id": "g-w3", "type": "ger_lmg"} and "g-w3" not in m.state["weapons"]


def test_a_reinforcement_enters_carrying_its_weapon() -> None:
    """6.1.2 step 5, 11.2: the reinforcement enters along its edge with the weapon the scenario gives it."""
    m = new_match()
    advance_to(m, 2)
    head = next(c for c in m.state["choices"] if c["unit"] == "g-s5")
    assert m.state["weapons"]["g-w3"]["unit"] == "g-s5"
    while m.state["choices"] and m.state["choices"][0] is not head:
        c = m.state["choices"][0]
        play(m, c["role"], "choose", events.options(DATA, m.state, c)[0])
    play(m, "axis", "choose", "B1")
    assert m.state["units"]["g-s5"]["hex"] == "B1" and m.state["weapons"]["g-w3"] == {"type": "ger_lmg", "side": "axis", "unit": "g-s5", "broken": False}


def test_a_reinforcement_that_waits_keeps_its_weapon_off_the_map() -> None:
    """6.1.2, 8, 11.2 (R21): a reinforcement with no free edge hex waits with its weapon for the next Time space."""
    m = new_match()
    m.state["blaze"] = sorted(events.board(DATA, m.state).zone("edge-axis"))
    advance_to(m, 2)
    r = next(r for r in m.state["reinforcements"] if r["id"] == "g-s5")
    assert r["time"] == 3 and r["weapon"] == {"id": "g-w3", "type": "ger_lmg"} and "g-w3" not in m.state["weapons"]
