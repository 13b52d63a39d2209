"""Mine attacks (F103) as held rolls (9.1): the attack and each defense roll wait for the Initiative card's holder."""

from __future__ import annotations

from tests.engine.games.combat_commander.helpers import (
    find,
    hold,
    new_match,
    only_units,
    play,
    play_only,
    stack,
    texts,
    top,
)


def into_mines(attack: list[int], defense: list[int]):  # type: ignore[no-untyped-def]
    """g-s1 Moves from A7 into the mined A8; the Allies' next cards roll ``attack``, the Axis' ``defense``; stops at the first decision."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "N1"})
    m.state["forts"]["A8"] = "mines"
    m.state["sides"]["allies"]["posture"] = "attack"
    cid = hold(m, "axis", "move")
    play(m, "axis", "move", cid, "g-s1")
    mine: list[str] = []
    for total in attack:
        mine.append(find("allies", total=total, trigger="", exclude=tuple(mine)))
    stack(m, "allies", mine)
    theirs: list[str] = []
    for total in defense:
        theirs.append(find("axis", total=total, trigger="", exclude=(cid, *theirs)))
    stack(m, "axis", theirs)
    return m, play_only(m, "axis", "step", "g-s1", "A8")


def test_the_mine_attack_roll_waits_for_the_initiative_holder() -> None:
    """9.1, F103.2: the mine attack roll is held; nothing it causes happens before the holder answers."""
    m, recs = into_mines([12], [2])
    assert top(m) == "cc_roll" and m.active() == {"allies"}
    assert not any("Mines in A8 attack" in line for line in texts(recs)) and not m.state["units"]["g-s1"]["broken"]


def test_a_cancelled_mine_attack_roll_is_made_again() -> None:
    """9.1: 'reroll' cancels the mine attack roll of 12; the new roll of 2 is the attack's (6 + 2 = 8, F103.2)."""
    m, recs = into_mines([12, 2], [11])
    recs = play_only(m, "allies", "reroll")
    assert m.state["initiative"] == "axis"
    lines = texts([*recs, *play(m, "axis", "accept")])
    assert any("6 FP + 2 = 8" in line for line in lines) and not any("6 FP + 12" in line for line in lines)
    assert not m.state["units"]["g-s1"]["broken"]


def test_the_mine_defense_roll_waits_for_the_initiative_holder() -> None:
    """9.1, O20.3.4: once the attack roll is accepted, the defense roll is held in its turn before its result applies."""
    m, _ = into_mines([12], [2])
    lines = texts(play_only(m, "allies", "accept"))
    assert any("Mines in A8 attack g-s1: 6 FP + 12 = 18" in line for line in lines)
    assert top(m) == "cc_roll" and not m.state["units"]["g-s1"]["broken"]
    play_only(m, "allies", "accept")
    assert m.state["units"]["g-s1"]["broken"]


def test_a_cancelled_mine_defense_roll_is_made_again() -> None:
    """9.1: 'reroll' cancels a failed defense roll of 2; the new roll of 12 saves the unit (7 + 12 against 18)."""
    m, _ = into_mines([12], [2, 12])
    play_only(m, "allies", "accept")
    play_only(m, "allies", "reroll")
    play(m, "axis", "accept")
    assert not m.state["units"]["g-s1"]["broken"]


def test_the_move_goes_on_after_the_mine_attack() -> None:
    """O21: once the mine attack is over the mover may go on stepping (its own opportunity fire window apart)."""
    m, _ = into_mines([2], [12])
    play(m, "allies", "accept")
    assert top(m) == "move_order" and m.state["units"]["g-s1"]["hex"] == "A8"
    play(m, "axis", "step", "g-s1", "A9")
    assert m.state["units"]["g-s1"]["hex"] == "A9"
