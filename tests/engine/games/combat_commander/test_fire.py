"""Fire orders and attacks (O14, O20, 3.3.1): activation, range and LOS, the attack and defense totals."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import fire
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


def fire_at(m, firers: list[str], target: str, attack: tuple[int, int], defense: list[tuple[int, int]]):  # type: ignore[no-untyped-def]
    """Axis gives a Fire order with ``firers`` and attacks ``target``, with the dice fixed by stacking the decks."""
    a = find("axis", white=attack[0], red=attack[1], trigger="")
    stack(m, "axis", [a])
    d = []
    for w, r in defense:
        cid = find("allies", white=w, red=r, trigger="", exclude=tuple(d))
        d.append(cid)
    stack(m, "allies", d)
    cid = hold(m, "axis", "fire")
    play(m, "axis", "fire", cid, *firers)
    return play(m, "axis", "attack", target, *firers)


def test_attack_greater_than_defense_breaks_the_unit() -> None:
    """Defense total below the Attack total: the unit takes a hit (O20.3.4)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    recs = fire_at(m, ["g-s1"], "D7", (6, 6), [(1, 1)])
    assert m.state["units"]["a-s1"]["broken"]
    assert any("5 FP + 12 = 17" in line for line in texts(recs))


def test_broken_unit_hit_again_is_eliminated_and_scores() -> None:
    """A broken unit that takes a hit is eliminated; the opponent scores 2 VP for a Squad (3.2.4, 7.1)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7", "a-s2": "N9"})
    m.state["units"]["a-s1"]["broken"] = True
    fire_at(m, ["g-s1"], "D7", (6, 6), [(1, 1)])
    assert m.state["units"]["a-s1"]["hex"] is None and m.state["vp"] == 2
    assert m.state["sides"]["allies"]["casualties"] == ["a-s1"]


def test_a_tie_suppresses_a_unit_not_moving() -> None:
    """Defense equal to Attack suppresses a unit not activated for Move (O20.3.4, 13)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    fire_at(m, ["g-s1"], "D7", (2, 1), [(1, 1)])  # 5 + 3 = 8 against 6 + 2 = 8
    u = m.state["units"]["a-s1"]
    assert u["suppressed"] and not u["broken"]


def test_higher_defense_has_no_effect() -> None:
    """Defense above Attack: no effect (O20.3.4)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    fire_at(m, ["g-s1"], "D7", (1, 1), [(6, 6)])
    u = m.state["units"]["a-s1"]
    assert not u["suppressed"] and not u["broken"]


def test_fire_group_adds_one_per_other_piece() -> None:
    """Group FP = one piece's FP + 1 per other participating piece (O20.3.1.2)."""
    m = new_match()
    only_units(m, {"g-l1": "C7", "g-s1": "C7", "g-s2": "C8", "a-s1": "D7"})
    board = GAME.board_for(m.state)
    # The squad in the officer's hex has 5 + 2 (Command) = 7 FP; +1 for the officer, +1 for the other squad.
    assert fire.attack_fp(DATA, board, m.state, ["g-s1", "g-l1", "g-s2"], "D7") == 9


def test_leader_command_adds_to_squads_in_his_hex() -> None:
    """Command is added to FP, Range, Movement and Morale of Squads and Teams in the same hex (3.3.1.2)."""
    from engine.games.combat_commander import model

    m = new_match()
    only_units(m, {"g-l1": "B7", "g-s1": "B7"})
    assert [model.value(DATA, m.state, "g-s1", s) for s in ("fp", "range", "move", "morale")] == [7, 7, 6, 9]
    assert model.value(DATA, m.state, "g-l1", "fp") == 1


def test_fire_group_hexes_must_chain() -> None:
    """Every hex of a multi-hex fire group is adjacent to another of its hexes (O20.3.1)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "g-s2": "B9", "a-s1": "D7"})
    with pytest.raises(IllegalOrder) as exc:
        fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["g-s1", "g-s2"], "D8")
    assert exc.value.rule in ("O20.3", "O20.3.1")


def test_fire_order_needs_an_enemy_in_range_and_los() -> None:
    """A Fire order is announced only if an activated unit has an enemy in Range and LOS (O20.1)."""
    m = new_match()
    only_units(m, {"g-s1": "A1", "a-s1": "N9"})
    cid = hold(m, "axis", "fire")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "fire", cid, "g-s1")
    assert exc.value.rule == "O20.1"


def test_hindrance_below_one_fp_cannot_fire() -> None:
    """An attack hindered to 0 FP or less cannot be made (10.3.2.1)."""
    m = new_match()
    only_units(m, {"a-t1": "B7", "g-s1": "D7"})
    m.state["smoke"] = {"C7": 9}
    with pytest.raises(IllegalOrder) as exc:
        fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["a-t1"], "D7")
    assert exc.value.rule == "10.3.2.1"


def test_smoke_hinders_the_attack() -> None:
    """The largest hindrance on the LOS is subtracted from FP (10.3.2, 10.3.4)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    m.state["smoke"] = {"B7": 3}
    assert fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["g-s1"], "D7") == 2


def test_firing_down_from_a_hill_adds_one() -> None:
    """+1 FP if the target hex is lower than any firing piece (T88.2)."""
    m = new_match()
    only_units(m, {"g-s1": "M4", "a-s1": "M6"})
    assert fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["g-s1"], "M6") == 6


def test_firing_up_a_hill_loses_one() -> None:
    """-1 FP if the target hex is higher than any firing piece (T88.2)."""
    m = new_match()
    only_units(m, {"g-s1": "M6", "a-s1": "M4"})
    assert fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["g-s1"], "M4") == 4


def test_a_wall_crossed_into_the_target_gives_cover_two() -> None:
    """A Fire attack crossing a wall into the target hex lets the defender use Cover 2 (T97)."""
    m = new_match()
    only_units(m, {"g-s1": "D4", "a-s1": "E4"})
    # E4 is open ground; the wall E4-F4 is on the far side, so no wall cover from D4.
    assert fire.cover(DATA, GAME.board_for(m.state), m.state, ["g-s1"], "E4") == 0
    only_units(m, {"g-s1": "F4", "a-s1": "E4"})
    assert fire.cover(DATA, GAME.board_for(m.state), m.state, ["g-s1"], "E4") == 2


def test_a_road_lowers_cover() -> None:
    """A road gives -1 to the Cover of the hex (T93): open ground with road is -1, a building with road 2."""
    board = GAME.board_for(new_match().state)
    assert board.cover("G4") == -1 and board.cover("G5") == 2


def test_each_unit_fires_once_per_order() -> None:
    """A piece activated for a Fire order makes one attack (O20.3)."""
    m = new_match()
    only_units(m, {"g-l1": "C7", "g-s1": "C7", "a-s1": "D7"})
    fire_at(m, ["g-l1", "g-s1"], "D7", (1, 1), [(6, 6)])
    assert top(m) == "turn"


def test_units_beyond_command_radius_are_refused() -> None:
    """A leader activates only non-leaders within his command radius (3.3.1.1)."""
    m = new_match()
    only_units(m, {"g-l2": "B7", "g-s3": "E7", "a-s1": "D8"})
    cid = hold(m, "axis", "fire")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "fire", cid, "g-l2", "g-s3")
    assert exc.value.rule == "3.3.1.1"


def test_two_units_without_a_leader_are_refused() -> None:
    """An order activates one unit, or a leader and units in his radius (O14.1, 3.3.1.1)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "g-s2": "B6", "a-s1": "D7"})
    cid = hold(m, "axis", "fire")
    with pytest.raises(IllegalOrder):
        play(m, "axis", "fire", cid, "g-s1", "g-s2")


def test_a_unit_is_activated_once_per_turn() -> None:
    """A unit activated by one order cannot be activated by another in the same turn (O14.1)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    fire_at(m, ["g-s1"], "D7", (1, 1), [(6, 6)])
    cid = hold(m, "axis", "move")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "move", cid, "g-s1")
    assert exc.value.rule == "O14.1"


def test_a_roll_cannot_be_undone() -> None:
    """A revealed card is a roll seen by everybody: the order that revealed it is behind an undo barrier (1.9)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    fire_at(m, ["g-s1"], "D7", (1, 1), [(6, 6)])
    assert not m.can_undo("axis")
