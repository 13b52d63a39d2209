"""The window before the defense rolls of an artillery barrage (O18.2.3.2) and of a mine attack
(F103.2): Concealment (A29), Hidden Entrenchments (A35.1), Hidden Pillbox (A35.3); and the owner's
choice of the order of those defense rolls (O20.3.4, ruling R8)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import fortifications, mines, model
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    FakeContext,
    find,
    hold,
    hold_action,
    new_match,
    only_units,
    play,
    play_only,
    settle,
    stack,
    texts,
    top,
)


def barrage_on_g8(m, impact: tuple[int, int] = (5, 4)):  # type: ignore[no-untyped-def]
    """Axis's g-l1 in G3 calls a barrage on G8 (accurate, landing so that G8 is hit); every roll accepted up to the first window."""
    cid = hold(m, "axis", "artillery_request")
    mine: list[str] = []
    for w, r in ((3, 3), (2, 1), impact):
        mine.append(find("axis", white=w, red=r, trigger="" if len(mine) != 1 else None, exclude=(cid, *mine)))
    stack(m, "axis", mine)
    recs = play_only(m, "axis", "artillery-request", cid, "g-l1", "G8")
    while top(m) == "cc_roll":
        recs += play_only(m, sorted(m.active())[0], "accept")
    return recs


def test_the_window_opens_before_a_barrage_defense_roll() -> None:
    """O18.2.3.2, A35.1: a Defense-posture defender is asked before his defense roll against the barrage."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    barrage_on_g8(m)
    assert top(m) == "defense_window" and m.active() == {"allies"}


def test_hidden_entrenchments_give_their_artillery_cover_against_the_barrage() -> None:
    """A35.1, F102: Foxholes played before the defense roll give their Cover against artillery to that very roll."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    cid = hold_action(m, "allies", "hidden_entrenchments")
    barrage_on_g8(m)
    stack(m, "allies", [find("allies", total=5, trigger="")])
    morale = model.value(DATA, m.state, "a-s1", "morale")
    lines = texts(play(m, "allies", "hidden-entrenchments", cid))
    cover = fortifications.hex_cover(GAME.board_for(m.state), m.state, "G8", artillery=True)
    morale += cover
    assert m.state["forts"]["G8"] == "foxholes" and cover > GAME.board_for(m.state).cover("G8")
    assert any(line.startswith(f"a-s1: {morale} + 5 = {morale + 5}") for line in lines)


def test_concealment_lowers_the_barrage_total_by_the_hex_s_artillery_cover() -> None:
    """A29, F102: in Foxholes Concealment lowers the barrage's total by the hex's Cover against artillery (one more than against Fire)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    m.state["forts"]["G8"] = "foxholes"
    cid = hold_action(m, "allies", "concealment")
    recs = barrage_on_g8(m)
    total = next(int(line.rsplit("= ", 1)[1].split(" ")[0]) for line in texts(recs) if line.startswith("Artillery impact on G8"))
    lines = texts(play_only(m, "allies", "concealment", cid))
    board = GAME.board_for(m.state)
    cover = fortifications.hex_cover(board, m.state, "G8", artillery=True)
    assert cover == fortifications.hex_cover(board, m.state, "G8") + 1  # F102: +1 against artillery
    assert f"the Attack total is {total - cover} for the defenders still to roll" in " ".join(lines)


def test_the_owner_chooses_the_order_of_the_barrage_s_defense_rolls() -> None:
    """O20.3.4: two units in a barraged hex: their owner is asked which rolls first; the chosen one rolls first."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8", "a-s2": "G8"})
    barrage_on_g8(m)
    assert top(m) == "defense_order" and m.active() == {"allies"}
    play_only(m, "allies", "choose", "a-s2")
    assert top(m) == "defense_window" and m.state["flow"][-1]["unit"] == "a-s2"


def two_in_mines(m):  # type: ignore[no-untyped-def]
    """a-s1 and a-s2 (Defense posture) in A8 are attacked together by its Mines (F103.1); every roll accepted up to the first question."""
    only_units(m, {"a-s1": "A8", "a-s2": "A8", "g-s1": "N9"})
    m.state["forts"]["A8"] = "mines"
    mines.start(m.state, [("A8", ["a-s1", "a-s2"])])
    GAME.run_automatic(m.state, FakeContext())  # type: ignore[arg-type]
    while top(m) == "cc_roll":
        play_only(m, sorted(m.active())[0], "accept")


def test_the_owner_chooses_the_order_of_the_mine_defense_rolls() -> None:
    """O20.3.4, F103.2: units attacked by one mine roll: their owner chooses which rolls its defense first."""
    m = new_match()
    two_in_mines(m)
    assert top(m) == "defense_order" and m.active() == {"allies"}
    lines = texts(play_only(m, "allies", "choose", "a-s2"))
    assert any("Mines in A8 attack a-s2" in line for line in lines)


def test_concealment_against_mines_lowers_nothing() -> None:
    """F103.2, A29: Cover against Mines is always 0: Concealment before the defense roll leaves the total as it is."""
    m = new_match()
    cid = hold_action(m, "allies", "concealment")
    two_in_mines(m)
    play_only(m, "allies", "pass")  # the order of the defense rolls
    assert top(m) == "defense_window"
    total = m.state["flow"][-2]["total"] if m.state["flow"][-2]["proc"] == "mine_attack" else None
    lines = texts(play_only(m, "allies", "concealment", cid))
    assert any(f"Cover against Mines is always 0 (F103.2); the Attack total stays {total}" in line for line in lines)


def test_hidden_entrenchments_cannot_go_into_the_mined_hex() -> None:
    """A35.1, F100.3: the attacked hex already holds the Mines: no Foxholes may go there."""
    m = new_match()
    cid = hold_action(m, "allies", "hidden_entrenchments")
    two_in_mines(m)
    play_only(m, "allies", "pass")
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "allies", "hidden-entrenchments", cid)
    assert exc.value.rule == "F100.3"
    settle(m)
