"""Move orders (O21) and opportunity fire (A33): costs, prohibitions, the window after each hex entered."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import model
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
    texts,
    top,
)


def board():  # type: ignore[no-untyped-def]
    return GAME.board_for(new_match().state)


def test_open_ground_costs_one() -> None:
    """Open Ground costs 1 MP (T90)."""
    assert board().move_cost("B7", "B8") == 1


def test_woods_cost_two() -> None:
    """Woods cost 2 MP (T99)."""
    assert board().move_cost("D8", "E8") == 2


def test_climbing_costs_one_more() -> None:
    """Entering a higher hex costs +1 MP; going down does not (T88.1)."""
    assert (board().move_cost("M5", "M4"), board().move_cost("M4", "M5")) == (2, 1)


def test_crossing_a_wall_costs_one_more() -> None:
    """A wall hexside costs +1 MP to cross (T97): a building behind it costs 3."""
    assert board().move_cost("E4", "F4") == 3


def test_along_a_road_costs_one() -> None:
    """Moving along a road costs 1 MP whatever the hex (T93): into the building G5 along the road."""
    assert (board().move_cost("G4", "G5"), board().move_cost("F4", "F5")) == (1, 2)


def start_move(m, uid: str):  # type: ignore[no-untyped-def]
    """An Axis Move order; the Allies leave the Defense posture, whose Hidden Mines and Wire would pause every hex (A35)."""
    m.state["sides"]["allies"]["posture"] = "attack"
    cid = hold(m, "axis", "move")
    return play(m, "axis", "move", cid, uid)


def test_a_step_spends_mp_and_moves() -> None:
    """Each hex entered spends its cost from the unit's Movement (O21.1)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N9"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    assert m.state["units"]["g-s1"]["hex"] == "A8" and m.state["flow"][-1]["spent"] == {"g-s1": 1}


def test_not_enough_mp_is_refused() -> None:
    """A unit may not enter a hex it lacks the MP for (O21.1)."""
    m = new_match()
    only_units(m, {"g-s1": "D8", "a-s1": "N9"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "E8")
    play(m, "axis", "step", "g-s1", "E9")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "E10")
    assert exc.value.rule == "O21.1"


def test_entering_an_enemy_hex_is_refused() -> None:
    """Move cannot enter an enemy-occupied hex (O21.4)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "A8"})
    start_move(m, "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "A8")
    assert exc.value.rule == "O21.4"


def test_done_before_any_step_is_refused() -> None:
    """A Move order must move at least one unit (O14.4)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N9"})
    start_move(m, "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "done")
    assert exc.value.rule == "O14.4"


def test_one_unit_finishes_before_another_starts() -> None:
    """Units move one at a time: once another starts, the first has finished (O21.2)."""
    m = new_match()
    only_units(m, {"g-l1": "A7", "g-s1": "A7", "a-s1": "N9"})
    m.state["sides"]["allies"]["posture"] = "attack"
    cid = hold(m, "axis", "move")
    play(m, "axis", "move", cid, "g-l1", "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    play(m, "axis", "step", "g-l1", "B7")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "A9")
    assert exc.value.rule == "O21.2"


def test_entering_a_road_hex_adds_one_movement() -> None:
    """A unit that enters a road hex gets +1 Movement for the rest of the order (T93)."""
    m = new_match()
    only_units(m, {"g-s1": "F8", "a-s1": "N1"})
    start_move(m, "g-s1")
    for h in ("G8", "G9", "G10", "H10"):
        play(m, "axis", "step", "g-s1", h)
    play(m, "axis", "step", "g-s1", "I10")  # the 5th MP: Movement 4, +1 for the road
    assert m.state["flow"][-1]["spent"]["g-s1"] == 5


def test_opportunity_fire_window_opens_when_an_enemy_sees_the_hex() -> None:
    """After a hex is entered the inactive player may fire at it if a unit of his has Range and LOS (A33.1)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "opfire" and m.active() == frozenset({"allies"})


def test_no_window_when_no_enemy_can_see() -> None:
    """No unit in Range and LOS of the hex: no window, the mover goes on (A33.1)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "move_order"


def test_the_window_opens_without_a_fire_card_in_hand() -> None:
    """The window depends on public information only, never on the hand (digest 6.4)."""
    from tests.engine.games.combat_commander.helpers import hand_without

    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    hand_without(m, "allies", "fire")
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "opfire"


def test_pass_lets_the_move_go_on() -> None:
    """'pass' closes the window and the mover continues (A33.2)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    play(m, "allies", "pass")
    assert top(m) == "move_order" and m.active() == frozenset({"axis"})


def opfire(m, attack: tuple[int, int], defense: tuple[int, int]):  # type: ignore[no-untyped-def]
    stack(m, "allies", [find("allies", white=attack[0], red=attack[1], trigger="")])
    stack(m, "axis", [find("axis", white=defense[0], red=defense[1], trigger="")])
    cid = hold(m, "allies", "fire")
    return play(m, "allies", "fire", cid, "a-s1")


def test_opportunity_fire_attacks_the_hex_entered() -> None:
    """A Fire action card activates units to fire at the hex just entered (A33.2)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    opfire(m, (6, 6), (1, 1))
    assert m.state["units"]["g-s1"]["broken"] and top(m) == "move_order"


def test_a_tie_breaks_a_unit_activated_for_move() -> None:
    """On a tie a unit activated for Move takes a hit instead of suppression (O20.3.4, A33)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    # US squad 6 FP at 2 hexes; 6 + 3 = 9 against Morale 7 + 2 = 9.
    opfire(m, (2, 1), (1, 1))
    assert m.state["units"]["g-s1"]["broken"]


def test_op_fire_activated_units_fire_again_without_a_card() -> None:
    """Units activated for opportunity fire may fire again in the same Move order without a card (A33.3)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    opfire(m, (1, 1), (6, 6))
    play(m, "axis", "step", "g-s1", "A9")
    assert top(m) == "opfire" and m.state["flow"][-1]["prior"] == ["a-s1"]
    stack(m, "allies", [find("allies", white=1, red=1, trigger="")])
    stack(m, "axis", [find("axis", white=6, red=6, trigger="")])
    recs = play(m, "allies", "fire", "a-s1")
    assert any("fire at A9" in line for line in texts(recs))


def test_op_fire_units_cannot_be_activated_for_it_again_this_turn() -> None:
    """A unit activated for opportunity fire cannot be activated for it again in a later Move order (A33.3)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    m.state["units"]["a-s1"]["opfire"] = True
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    cid = hold(m, "allies", "fire")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "fire", cid, "a-s1")
    assert exc.value.rule == "A33.3"


def test_moving_onto_an_objective_takes_control() -> None:
    """The last side to occupy an objective alone controls it (7.3.1)."""
    m = new_match()
    only_units(m, {"g-s1": "I7", "a-s1": "N1"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "J7")
    assert m.state["objectives"]["4"] == "axis"


def test_leader_bonus_follows_the_moving_squad() -> None:
    """Command is recomputed as a unit moves: in the leader's hex the squad's Movement is higher (O21, example H)."""
    m = new_match()
    only_units(m, {"g-l2": "A7", "g-s1": "A8"})
    before = model.value(DATA, m.state, "g-s1", "move")
    m.state["units"]["g-s1"]["hex"] = "A7"
    assert model.value(DATA, m.state, "g-s1", "move") == before + 1


def test_a_card_and_earlier_op_fire_units_make_one_group() -> None:
    """Newly activated and already activated op-fire units may fire together: one attack (A33.2, A33.3)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7", "a-s2": "C8"})
    start_move(m, "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    opfire(m, (1, 1), (6, 6))
    play(m, "axis", "step", "g-s1", "A9")
    stack(m, "allies", [find("allies", white=1, red=1, trigger="")])
    stack(m, "axis", [find("axis", white=6, red=6, trigger="")])
    cid = hold(m, "allies", "fire")
    recs = play(m, "allies", "fire", cid, "a-s2", "a-s1")
    assert any("a-s2, a-s1 fire at A9: 7 FP" in line for line in texts(recs))
    assert m.state["units"]["a-s2"]["opfire"] and top(m) == "move_order"
