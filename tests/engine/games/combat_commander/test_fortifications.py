"""Fortifications (F100-F106), Smoke and Blaze as markers in the state: Cover, movement, mines, Wire, stacking."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import fire, fortifications, model
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    FakeContext,
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
    texts,
    top,
)


def cover_of(m, target: str, firer: str = "g-s1") -> int:  # type: ignore[no-untyped-def]
    return fire.cover(DATA, GAME.board_for(m.state), m.state, [firer], target)


@pytest.mark.parametrize(("kind", "value"), [("bunker", 6), ("foxholes", 3), ("pillbox", 5), ("trenches", 4)])
def test_a_fortification_gives_its_cover(kind: str, value: int) -> None:
    """Bunker 6, Foxholes 3, Pillbox 5, Trenches 4 (F101, F102, F104, F105.1)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    m.state["forts"]["D7"] = kind
    assert cover_of(m, "D7") == value


def test_fortification_cover_is_not_added_to_the_terrain() -> None:
    """Foxholes in Woods give 3, not 2 + 3: the better Cover only (F102, digest 3.3)."""
    m = new_match()
    only_units(m, {"g-s1": "D7", "a-s1": "E8"})
    m.state["forts"]["E8"] = "foxholes"
    assert cover_of(m, "E8", "g-s1") == 3


def test_a_road_lowers_a_fortification_cover() -> None:
    """A Road hex lowers a fortification's Cover by 1: Foxholes 3 - 1 = 2 (T93)."""
    m = new_match()
    only_units(m, {"g-s1": "E7", "a-s1": "G7"})
    m.state["forts"]["G7"] = "foxholes"
    assert cover_of(m, "G7", "g-s1") == 2


def test_mortar_and_artillery_get_one_more_cover() -> None:
    """Against mortars and artillery a Bunker gives 7, Foxholes 4 (F101, F102)."""
    m = new_match()
    board = GAME.board_for(m.state)
    m.state["forts"].update({"B7": "bunker", "D7": "foxholes"})
    assert (fortifications.cover(board, m.state, "B7", artillery=True), fortifications.cover(board, m.state, "D7", artillery=True)) == (7, 4)


def test_wire_lowers_fp_range_and_morale_not_command() -> None:
    """Units in Wire have -1 FP, Range and Morale; Command is unchanged (F106.1)."""
    m = new_match()
    only_units(m, {"g-l1": "B7", "g-s1": "B7"})
    before = [model.value(DATA, m.state, "g-s1", s) for s in ("fp", "range", "morale")]
    m.state["forts"]["B7"] = "wire"
    after = [model.value(DATA, m.state, "g-s1", s) for s in ("fp", "range", "morale")]
    assert [b - a for b, a in zip(before, after, strict=True)] == [1, 1, 1]
    assert model.command(DATA, m.state, "g-l1") == 2


def test_wire_ends_a_move_entering_it() -> None:
    """A unit that enters Wire loses all its remaining MP (F106.2)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["forts"]["A8"] = "wire"
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "A9")
    assert exc.value.rule == "F106.2"


def test_wire_ends_a_move_leaving_it() -> None:
    """A unit that starts in Wire stops in the first hex it enters (F106.2)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["forts"]["A7"] = "wire"
    m.state["sides"]["allies"]["posture"] = "attack"  # no Hidden Mines or Wire window in A8 (A35)
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    assert m.state["units"]["g-s1"]["hex"] == "A8"
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "A9")
    assert exc.value.rule == "F106.2"


def test_no_fire_group_out_of_wire() -> None:
    """Units in Wire cannot form a fire group with pieces outside their hex (F106.3)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "g-s2": "B8", "a-s1": "D7"})
    m.state["forts"]["B7"] = "wire"
    with pytest.raises(IllegalOrder) as exc:
        fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["g-s1", "g-s2"], "D7")
    assert exc.value.rule == "F106.3"


def test_a_trench_step_costs_one_mp() -> None:
    """Trench to Trench costs 1 MP whatever the terrain (Woods E8 to Woods E9 would cost 2) (F105.2)."""
    m = new_match()
    m.state["forts"].update({"E8": "trenches", "E9": "bunker"})
    assert fortifications.move_cost(GAME.board_for(m.state), m.state, "E8", "E9") == 1


def test_a_trench_step_draws_no_opportunity_fire() -> None:
    """A unit moving from a Trench into a Trench cannot be fired at (F105.2)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    m.state["forts"].update({"A7": "trenches", "A8": "trenches"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    assert top(m) == "move_order"


def test_a_blaze_cannot_be_entered_by_move() -> None:
    """Blaze is impassable (T79)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["blaze"] = ["A8"]
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "A8")
    assert exc.value.rule == "T79"


def test_a_blaze_cannot_be_entered_by_advance() -> None:
    """Advance cannot enter impassable hexes, Blaze included (O16.3, T79)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["blaze"] = ["A8"]
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "A8")
    assert exc.value.rule == "O16.3"


def mines_roll(m, attack: int, defense: int) -> None:  # type: ignore[no-untyped-def]
    """The mover's opponent rolls the mine attack, the owner the defense (F103.2)."""
    stack(m, "allies", [find("allies", total=attack, trigger="")])
    stack(m, "axis", [find("axis", total=defense, trigger="")])


def test_mines_attack_a_unit_entering() -> None:
    """Mines attack a unit that Moves into their hex with 6 FP, Cover 0 (F103.1, F103.2)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["forts"]["A8"] = "mines"
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    mines_roll(m, 12, 2)
    recs = play(m, "axis", "step", "g-s1", "A8")
    assert m.state["units"]["g-s1"]["broken"] and any("6 FP + 12 = 18" in x for x in texts(recs))


def test_mines_attack_a_unit_leaving_and_it_arrives() -> None:
    """A unit broken leaving a mined hex still arrives in the hex it entered (F103.2)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["forts"]["A7"] = "mines"
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    mines_roll(m, 12, 2)
    play(m, "axis", "step", "g-s1", "A8")
    u = m.state["units"]["g-s1"]
    assert u["broken"] and u["hex"] == "A8"


def test_units_already_in_a_mined_hex_are_immune() -> None:
    """Only the moving unit defends against the mines; units already there do not (F103.1)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "g-s2": "A8", "a-s1": "N1"})
    m.state["forts"]["A8"] = "mines"
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    mines_roll(m, 12, 2)
    play(m, "axis", "step", "g-s1", "A8")
    assert not m.state["units"]["g-s2"]["broken"]


def test_mines_attack_an_advancing_unit() -> None:
    """Mines attack units that Advance into their hex (F103.1)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "g-s2": "N1", "a-s1": "N9"})
    m.state["forts"]["A8"] = "mines"
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s1")
    mines_roll(m, 12, 2)
    play(m, "axis", "step", "g-s1", "A8")
    assert m.state["units"]["g-s1"]["broken"]


def test_a_bunker_wins_a_tied_melee_for_its_holder() -> None:
    """A melee tie in a Bunker: the side that held it before loses nothing, the advancing side everything (F101, O16.4.3)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "g-s2": "N1", "a-s1": "A8", "a-s2": "N9"})
    m.state["forts"]["A8"] = "bunker"
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s1")
    stack(m, "allies", [find("allies", total=7, trigger="")])  # 6 + 7 = 13
    stack(m, "axis", [find("axis", total=8, trigger="")])  # 5 + 8 = 13
    play(m, "axis", "step", "g-s1", "A8")
    assert m.state["units"]["g-s1"]["hex"] is None and m.state["units"]["a-s1"]["hex"] == "A8"


def test_one_fortification_per_hex() -> None:
    """The first fortification placed in a hex keeps it (F100.3, 8.1.3)."""
    m = new_match()
    m.state["forts"]["B7"] = "wire"
    with pytest.raises(IllegalOrder) as exc:
        fortifications.place_fort(GAME.board_for(m.state), m.state, "B7", "foxholes", FakeContext(), fortifications.t("test"))
    assert exc.value.rule == "F100.3" and m.state["forts"]["B7"] == "wire"


def test_no_fortification_in_water() -> None:
    """No fortification may occupy a Water hex: the Stream K10 (F100.3, T95)."""
    m = new_match()
    with pytest.raises(IllegalOrder) as exc:
        fortifications.place_fort(GAME.board_for(m.state), m.state, "K10", "foxholes", FakeContext(), fortifications.t("test"))
    assert exc.value.rule == "F100.3"


def test_the_higher_smoke_stays() -> None:
    """Two Smoke markers in a hex: the one with the higher hindrance stays (8.1.4)."""
    m = new_match()
    board = GAME.board_for(m.state)
    fortifications.place_smoke(board, m.state, "B7", 4, FakeContext(), fortifications.t("test"))
    fortifications.place_smoke(board, m.state, "B7", 2, FakeContext(), fortifications.t("test"))
    assert m.state["smoke"]["B7"] == 4
    fortifications.place_smoke(board, m.state, "B7", 7, FakeContext(), fortifications.t("test"))
    assert m.state["smoke"]["B7"] == 7


def test_a_blaze_removes_smoke_and_fortification() -> None:
    """A Blaze shares its hex with no Smoke and no fortification (8.1.5, E46)."""
    m = new_match()
    only_units(m, {})
    m.state["smoke"]["B7"] = 3
    m.state["forts"]["B7"] = "foxholes"
    fortifications.place_blaze(GAME.board_for(m.state), m.state, "B7", FakeContext(), fortifications.t("test"))
    assert m.state["blaze"] == ["B7"] and "B7" not in m.state["smoke"] and "B7" not in m.state["forts"]


def test_a_blaze_shares_no_hex_with_units() -> None:
    """No unit may share a Blaze hex: they leave it first (8.1.5)."""
    m = new_match()
    only_units(m, {"g-s1": "B7"})
    with pytest.raises(IllegalOrder) as exc:
        fortifications.place_blaze(GAME.board_for(m.state), m.state, "B7", FakeContext(), fortifications.t("test"))
    assert exc.value.rule == "8.1.5"


def test_a_blaze_blocks_a_line_of_sight() -> None:
    """A Blaze between two hexes blocks the LOS (10.2.1, T79)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    m.state["blaze"] = ["C7"]
    assert not fire.reach(DATA, GAME.board_for(m.state), m.state, "g-s1", "D7")


def test_mines_attack_a_retreating_unit_leaving_and_entering() -> None:
    """A retreat is attacked by Mines when it leaves and when it enters a mined hex (O23.3.4, F103.1)."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D7", "a-s2": "N9"})
    m.state["units"]["a-s1"]["broken"] = True
    m.state["forts"].update({"D7": "mines", "D8": "mines"})
    cid = hold(m, "axis", "rout")
    rolls: list[str] = []
    for total in (9, 3, 3):  # the Rout roll (Morale 8: one hex), then the two mine attacks (the Axis rolls them)
        rolls.append(find("axis", total=total, trigger="", exclude=(*rolls, cid)))
    stack(m, "axis", rolls)
    defense: list[str] = []
    for total in (12, 11):
        defense.append(find("allies", total=total, trigger="", exclude=tuple(defense)))
    stack(m, "allies", defense)
    play(m, "axis", "rout", cid, "allies")
    recs = play(m, "allies", "step", "a-s1", "D8")
    mines = [x for x in texts(recs) if x.startswith("Mines in")]
    assert [x.split(" attack")[0] for x in mines] == ["Mines in D7", "Mines in D8"]


def test_the_blaze_event_removes_the_fortification_of_its_hex() -> None:
    """A Blaze placed by an event removes any fortification there (E46, 8.1.5)."""
    from engine.games.combat_commander import events

    m = new_match()
    m.state["forts"]["B7"] = "trenches"
    events.set_ablaze(DATA, m.state, "B7", "E46", FakeContext())
    assert "B7" not in m.state["forts"] and "B7" in m.state["blaze"]
