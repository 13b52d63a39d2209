"""Hidden Units (A35.4) in the window after the enemy's Pass with discards (W7)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from engine.games.combat_commander import hiddenunits
from engine.games.combat_commander.data import parse_area
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    find,
    hold_action,
    new_match,
    only_units,
    play,
    play_only,
    stack,
    top,
    without_action,
)


def after_axis_pass(holds: bool = True, roll: int = 10):  # type: ignore[no-untyped-def]
    """The Axis passes discarding a card; the Allies (Defense posture) answer, their next roll ``roll``."""
    m = new_match()
    only_units(m, {"g-s1": "B2", "a-s1": "F5"})
    cid = hold_action(m, "allies", "hidden_units") if holds else ""
    if not holds:
        without_action(m, "allies", "hidden_units")
    stack(m, "allies", [find("allies", total=roll, trigger="")])
    play(m, "axis", "pass", m.state["sides"]["axis"]["hand"][0])
    return m, cid


def test_the_window_names_hidden_units_from_the_posture_alone() -> None:
    """W7 opens for the Defense player and asks the same whether or not he holds Hidden Units (A35.4)."""
    asked = []
    for holds in (True, False):
        m, _ = after_axis_pass(holds)
        assert top(m) == "demolition_window"
        asked.append(GAME.prompt(m.state, "allies").text)
    assert asked[0] == asked[1] and "A35.4" in str(asked[0])


def test_hidden_units_is_offered_when_held() -> None:
    """The prompt lists the card to its holder only (A35.4)."""
    m, cid = after_axis_pass()
    assert Action("hidden-units", (cid,)) in GAME.prompt(m.state, "allies").actions


def test_hidden_units_rolls_then_places_a_support_counter_in_the_set_up_area() -> None:
    """A35.4 steps 1-2: a roll of 10 gives the US rifle Squad, placed in an empty hex of Cover 1+ of the set-up area."""
    m, cid = after_axis_pass()
    play(m, "allies", "hidden-units", cid)
    assert top(m) == "choice" and m.state["choices"][0]["kind"] == "hidden_place"
    uid = m.state["choices"][0]["unit"]
    play(m, "allies", "choose", "G5")
    u = m.state["units"][uid]
    assert u["hex"] == "G5" and u["type"] == "usa_rifle" and u["side"] == "allies"
    assert cid in m.state["sides"]["allies"]["discard"] and top(m) == "demolition_window"


def test_the_support_roll_waits_for_the_initiative_holder() -> None:
    """9.1: the Hidden Units roll is held; cancelled, it is rolled again and the card passes to the opponent."""
    m, cid = after_axis_pass()
    m.state["initiative"] = "axis"
    play_only(m, "allies", "hidden-units", cid)
    assert top(m) == "cc_roll" and m.active() == frozenset({"axis"}) and not m.state["choices"]
    play_only(m, "axis", "reroll")
    assert m.state["initiative"] == "allies" and top(m) == "cc_roll"
    play(m, "allies", "accept")
    assert top(m) == "choice" and m.state["choices"][0]["rule"] == "A35.4"


def test_the_counter_is_picked_before_it_is_placed() -> None:
    """A35.4, in this order: a roll of 5 gives a column of two counters, chosen first, then the hex."""
    m, cid = after_axis_pass(roll=5)
    play(m, "allies", "hidden-units", cid)
    assert [c["kind"] for c in m.state["choices"]] == ["support_pick"] and m.state["choices"][0]["rule"] == "A35.4"
    play(m, "allies", "choose", "usa_leader")
    assert m.state["choices"][0]["kind"] == "hidden_place"


def test_an_occupied_hex_is_refused() -> None:
    """A35.4: the hex holds no units of either side (F5 holds a-s1)."""
    m, cid = after_axis_pass()
    play(m, "allies", "hidden-units", cid)
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "choose", "F5")
    assert exc.value.rule == "A35.4"


def test_a_hex_without_cover_is_refused() -> None:
    """A35.4: the hex has Cover 1 or more (D7 is open ground)."""
    m, cid = after_axis_pass()
    play(m, "allies", "hidden-units", cid)
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "choose", "D7")
    assert exc.value.rule == "A35.4"


def test_a_hex_outside_the_set_up_area_is_refused() -> None:
    """A35.4: only the player's own set-up area (the farm's Allies: rows 3-10; C2 is a Woods hex of row 2)."""
    m, cid = after_axis_pass()
    play(m, "allies", "hidden-units", cid)
    options = hiddenunits.place_options(DATA, m.state, m.state["choices"][0])
    assert options and all(int(h[1:]) >= 3 for h in options)
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "choose", "C2")
    assert exc.value.rule == "A35.4"


def test_only_the_defense_posture_plays_hidden_units() -> None:
    """A35: a player out of Defense posture is refused."""
    m, cid = after_axis_pass()
    m.state["sides"]["allies"]["posture"] = "reconnaissance"
    assert Action("hidden-units", (cid,)) not in GAME.prompt(m.state, "allies").actions
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "hidden-units", cid)
    assert exc.value.rule == "A35"


def test_hidden_units_outside_the_window_are_refused() -> None:
    """A35.4: only when the enemy discards by passing."""
    m = new_match()
    cid = hold_action(m, "allies", "hidden_units")
    with pytest.raises(IllegalOrder) as exc:
        GAME.parse(m.state, "allies", f"hidden-units {cid}")
    assert exc.value.rule == "A35.4"


def test_the_standing_pass_answers_the_window() -> None:
    """Digest 6.4: 'react windows pass', given in the passer's turn, passes the window that answers his Pass (R30)."""
    m = new_match()
    only_units(m, {"g-s1": "B2", "a-s1": "F5"})
    hold_action(m, "allies", "hidden_units")
    play(m, "allies", "react", "windows", "pass")
    play(m, "axis", "pass", m.state["sides"]["axis"]["hand"][0])
    assert top(m) != "demolition_window"


def test_a_set_up_area_reads_hexes_and_rectangles() -> None:
    """R50: 'A3-B4' is columns A-B, rows 3-4; a malformed entry is reported."""
    grid = DATA.maps["farm"].grid
    hexes, problems = parse_area(["A3-B4", "O10"], grid)
    assert hexes == ["A3", "A4", "B3", "B4", "O10"] and not problems
    assert parse_area(["A3-"], grid)[1]
