"""Voluntary exit off the enemy edge (O16.2, O21, 7.2.1) and the game's end when a side's last unit leaves (6.3)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import objectives
from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import (
    GAME,
    hold,
    new_match,
    only_units,
    play,
    texts,
    top,
)


def allies_to_play(m, where: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """The Allies to play with only the units named; no open objective chit (none doubles exit VP), VP 0."""
    only_units(m, where)
    m.state["player"] = "allies"
    chits = objectives.of(m.state)
    chits["pool"] += chits["open"]
    chits["open"] = []
    m.state["vp"] = 0


def test_a_moving_unit_exits_off_the_enemy_edge_and_scores() -> None:
    """A unit on the enemy's edge row exits for 1 MP; its owner scores its elimination value (7.2.1, digest 8.17)."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    log = texts(play(m, "allies", "exit", "a-s1"))
    assert m.state["units"]["a-s1"]["hex"] is None and m.state["vp"] == -2
    assert any("exits off the enemy edge from F1" in line for line in log)


def test_an_exited_unit_waits_on_the_next_time_space_and_is_no_casualty() -> None:
    """The exited unit becomes a reinforcement on the Time track (7.2.1; the space is ruling R32), not a casualty."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "a-s2": "F9", "g-s1": "N5"})
    m.state["units"]["a-s1"]["broken"] = True
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    play(m, "allies", "exit", "a-s1")
    assert {"time": m.state["time"] + 1, "side": "allies", "id": "a-s1", "type": "usa_rifle"} in m.state["reinforcements"]
    assert not m.state["units"]["a-s1"]["broken"] and "a-s1" not in m.state["sides"]["allies"]["casualties"]


def test_exit_is_refused_off_a_hex_that_is_not_on_the_enemy_edge() -> None:
    """Only a hex of the enemy's edge row leads off the map (7.2.1)."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F2", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "exit", "a-s1")
    assert exc.value.rule == "7.2.1"


def test_exit_off_one_s_own_edge_is_refused() -> None:
    """A moving unit never leaves the map off its own edge: refused citing O21.4 (7.2.1)."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F10", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "exit", "a-s1")
    assert exc.value.rule == "O21.4"


def test_an_advance_off_a_side_edge_is_refused() -> None:
    """An advancing unit never leaves the map off a side edge: refused citing O16.3."""
    m = new_match()
    allies_to_play(m, {"a-s1": "A5", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "advance", hold(m, "allies", "advance"), "a-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "exit", "a-s1")
    assert exc.value.rule == "O16.3"


def test_exit_needs_one_mp_left() -> None:
    """Exiting costs 1 MP: a unit that spent its whole Movement cannot exit (O21.1, 7.2.1)."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F2", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    m.state["flow"][-1]["spent"]["a-s1"] = 3
    m.state["flow"][-1]["current"] = "a-s1"
    play(m, "allies", "step", "a-s1", "F1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "exit", "a-s1")
    assert exc.value.rule == "7.2.1"


def test_an_advancing_unit_exits_instead_of_entering_a_hex() -> None:
    """An Advance order may take a unit off the enemy edge (O16.2); the order then ends with its melees."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "advance", hold(m, "allies", "advance"), "a-s1")
    play(m, "allies", "exit", "a-s1")
    play(m, "allies", "choose", "1")  # its Time space (7.2.1)
    assert m.state["units"]["a-s1"]["hex"] is None and m.state["vp"] == -2 and top(m) == "turn"


def test_an_advancing_unit_off_the_edge_row_may_not_exit() -> None:
    """An Advance exits only off the enemy edge (O16.2, 7.2.1)."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F3", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "advance", hold(m, "allies", "advance"), "a-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "exit", "a-s1")
    assert exc.value.rule == "7.2.1"


def test_the_last_unit_exiting_ends_the_game_on_vp() -> None:
    """A player's last unit on the map exiting ends the game; the VP decide (6.3 case 3, 6.3.2)."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "g-s1": "N5"})
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    play(m, "allies", "exit", "a-s1")
    outcome = m.result()
    assert outcome is not None and outcome.winner == "allies" and m.state["over"]["why"] == "exit"


def test_exit_is_offered_on_the_enemy_edge() -> None:
    """The Move order's prompt lists 'exit' for a mover on the enemy edge row (7.2.1)."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    assert any(a.verb == "exit" and a.args == ("a-s1",) for a in m.prompt("allies").actions)


def test_the_exit_special_chit_doubles_exit_vp() -> None:
    """With the exit special chit open, a voluntary exit scores double (7.3.1.2, 7.2.1)."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "a-s2": "F9", "g-s1": "N5"})
    special = next(cid for cid, c in objectives.chits().items() if c.kind == "special" and c.what == "exit")
    chits = objectives.of(m.state)
    for pile in (chits["pool"], chits["open"], *chits["secret"].values()):
        if special in pile:
            pile.remove(special)
    chits["open"] = [special]
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    play(m, "allies", "exit", "a-s1")
    assert m.state["vp"] == -4


def test_a_position_after_an_exit_and_an_attack_loads_elsewhere() -> None:
    """The last action is part of the set-up state, so a position exported after an exit loads elsewhere."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    play(m, "allies", "exit", "a-s1")
    text = m.export_position()
    other = Match.new(GAME, "farm", GAME.options, "another seed")
    other.load_position(text, "rules question")
    assert {"time": 1, "side": "allies", "id": "a-s1", "type": "usa_rifle"} in other.state["reinforcements"]
    assert other.export_position() == text


def test_the_owner_chooses_the_time_space_of_an_exited_unit() -> None:
    """7.2.1: the exited unit waits on the Time space its owner chooses, after the Time marker."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    play(m, "allies", "exit", "a-s1")
    assert top(m) == "choice" and m.state["choices"][0]["kind"] == "exit_space"
    play(m, "allies", "choose", "4")
    assert {"time": 4, "side": "allies", "id": "a-s1", "type": "usa_rifle"} in m.state["reinforcements"]


def test_the_time_space_must_be_after_the_time_marker() -> None:
    """7.2.1, R32: the current space is refused (the unit could never come back)."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "a-s2": "F9", "g-s1": "N5"})
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    play(m, "allies", "exit", "a-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "allies", "choose", str(m.state["time"]))
    assert exc.value.rule == "7.2.1"


def test_past_sudden_death_the_next_space_is_the_only_one() -> None:
    """R32: with the Time marker at or past Sudden Death, the unit waits on the next space without a question."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "a-s2": "F9", "g-s1": "N5"})
    m.state["time"] = m.state["sudden_death"]
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    play(m, "allies", "exit", "a-s1")
    assert top(m) != "choice"
    assert {"time": m.state["sudden_death"] + 1, "side": "allies", "id": "a-s1", "type": "usa_rifle"} in m.state["reinforcements"]


def test_an_exited_unit_loses_its_veteran_marker() -> None:
    """7.2.1, E44.1: a unit that exits loses its Veteran marker (a brand-new reinforcement)."""
    m = new_match()
    allies_to_play(m, {"a-s1": "F1", "a-s2": "F9", "g-s1": "N5"})
    m.state["units"]["a-s1"]["veteran"] = True
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s1")
    play(m, "allies", "exit", "a-s1")
    assert "veteran" not in m.state["units"]["a-s1"]


def test_an_exited_unit_keeps_its_weapon_repaired() -> None:
    """7.2.1: the exited unit keeps its weapon, in good order again even if it was broken when it left."""
    m = new_match()
    allies_to_play(m, {"a-s3": "F1", "a-s2": "F9", "g-s1": "N5"})
    m.state["weapons"]["a-w1"]["broken"] = True
    play(m, "allies", "move", hold(m, "allies", "move"), "a-s3")
    play(m, "allies", "exit", "a-s3")
    assert m.state["weapons"]["a-w1"] == {"type": "usa_bar", "side": "allies", "unit": "a-s3", "broken": False}
