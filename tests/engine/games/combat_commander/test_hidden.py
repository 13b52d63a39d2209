"""The Hidden actions (A35): Mines and Wire answering a unit that Moved into a hex (A35.2, A35.5), Entrenchments and
the Pillbox before a defense roll (A35.1, A35.3)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import hidden
from engine.games.combat_commander.cards import card
from tests.engine.games.combat_commander.helpers import (
    GAME,
    FakeContext,
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
    top,
)


def hidden_card(m, role: str, action: str) -> str:  # type: ignore[no-untyped-def]
    """Put a card with ``action`` into ``role``'s hand; return its id."""
    side = m.state["sides"][role]
    wanted = next(c for c in [*side["deck"], *side["hand"]] if card(c).action == action)
    if wanted in side["hand"]:
        return wanted
    side["deck"].remove(wanted)
    side["deck"].append(side["hand"].pop(0))
    side["hand"].append(wanted)
    return wanted


def moved_into_a8(action: str):  # type: ignore[no-untyped-def]
    """g-s1 Moves from A7 into A8, far from every Allied unit; the Allies (Defense posture) hold ``action``."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N9"})
    cid = hidden_card(m, "allies", action)
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    return m, cid


def test_the_defense_player_may_answer_every_hex_entered() -> None:
    """After each hex entered the mover pauses for the Defense player, even out of his LOS (O21.5, A35)."""
    m, _ = moved_into_a8("hidden_wire")
    assert top(m) == "opfire" and m.active() == frozenset({"allies"})


def test_no_pause_for_a_player_out_of_defense_posture() -> None:
    """Only the Defense posture plays Hidden actions: no window without LOS otherwise (A35)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N9"})
    m.state["sides"]["allies"]["posture"] = "reconnaissance"
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "move_order"


def test_hidden_wire_places_wire_and_ends_the_move() -> None:
    """Hidden Wire puts Wire in the hex; the unit's move ends there (A35.5, F106.2)."""
    m, cid = moved_into_a8("hidden_wire")
    play(m, "allies", "hidden-wire", cid)
    play(m, "allies", "pass")
    assert m.state["forts"] == {"A8": "wire"}
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "A9")
    assert exc.value.rule == "F106.2"


def test_hidden_mines_attack_the_unit_that_came_in() -> None:
    """Hidden Mines go in the hex and attack the unit that just moved in (A35.2, F103.2)."""
    m, cid = moved_into_a8("hidden_mines")
    stack(m, "allies", [find("allies", total=12, trigger="")])
    stack(m, "axis", [find("axis", total=2, trigger="")])
    play(m, "allies", "hidden-mines", cid)
    assert m.state["forts"] == {"A8": "mines"} and m.state["units"]["g-s1"]["broken"]


def test_hidden_wire_refused_where_a_fortification_is() -> None:
    """The hex must hold no fortification (A35.5, F100.3)."""
    m, cid = moved_into_a8("hidden_wire")
    m.state["forts"]["A8"] = "foxholes"
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "hidden-wire", cid)
    assert exc.value.rule == "F100.3"


def test_hidden_actions_only_in_defense_posture() -> None:
    """A player out of Defense posture cannot play Hidden Mines (A35)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    m.state["sides"]["allies"]["posture"] = "attack"
    cid = hidden_card(m, "allies", "hidden_mines")
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "hidden-mines", cid)
    assert exc.value.rule == "A35"


def test_hidden_mines_outside_a_move_are_refused() -> None:
    """Hidden Mines answer a unit that has just Moved into a hex (A35.2)."""
    m = new_match()
    cid = hidden_card(m, "allies", "hidden_mines")
    with pytest.raises(IllegalOrder) as exc:
        GAME.parse(m.state, "allies", f"hidden-mines {cid}")
    assert exc.value.rule == "A35.2"


def before_defense(where: str, action: str):  # type: ignore[no-untyped-def]
    """The Allies (Defense posture) defend a-s1 in ``where`` and hold ``action``."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": where})
    return m, hidden_card(m, "allies", action)


def test_hidden_entrenchments_place_foxholes_in_the_attacked_hex() -> None:
    """Hidden Entrenchments put Foxholes in the attacked hex (A35.1, F102)."""
    m, cid = before_defense("L3", "hidden_entrenchments")
    hidden.entrench(GAME, m.state, "allies", cid, "L3", FakeContext())
    assert m.state["forts"] == {"L3": "foxholes"} and cid in m.state["sides"]["allies"]["discard"]


def test_hidden_entrenchments_never_in_a_building() -> None:
    """The attacked hex may not be a Building (A35.1): F5."""
    m, cid = before_defense("F5", "hidden_entrenchments")
    with pytest.raises(IllegalOrder) as exc:
        hidden.entrench(GAME, m.state, "allies", cid, "F5", FakeContext())
    assert exc.value.rule == "A35.1"


def test_hidden_entrenchments_only_in_defense_posture() -> None:
    """Only the Defense posture plays them (A35)."""
    m, cid = before_defense("L3", "hidden_entrenchments")
    m.state["sides"]["allies"]["posture"] = "attack"
    with pytest.raises(IllegalOrder) as exc:
        hidden.entrench(GAME, m.state, "allies", cid, "L3", FakeContext())
    assert exc.value.rule == "A35"


def test_hidden_pillbox_goes_in_an_attacked_objective() -> None:
    """Hidden Pillbox in an objective hex under attack (A35.3, F104): L3 is objective 3."""
    m, cid = before_defense("L3", "hidden_pillbox")
    hidden.pillbox(GAME, m.state, "allies", cid, "L3", FakeContext())
    assert m.state["forts"] == {"L3": "pillbox"}


def test_hidden_pillbox_only_in_an_objective_hex() -> None:
    """A hex that is not an objective cannot receive the Hidden Pillbox (A35.3)."""
    m, cid = before_defense("B7", "hidden_pillbox")
    with pytest.raises(IllegalOrder) as exc:
        hidden.pillbox(GAME, m.state, "allies", cid, "B7", FakeContext())
    assert exc.value.rule == "A35.3"


def test_only_one_pillbox_in_play() -> None:
    """The Pillbox must not already be in play (A35.3)."""
    m, cid = before_defense("L3", "hidden_pillbox")
    m.state["forts"]["J7"] = "pillbox"
    with pytest.raises(IllegalOrder) as exc:
        hidden.pillbox(GAME, m.state, "allies", cid, "L3", FakeContext())
    assert exc.value.rule == "A35.3"
