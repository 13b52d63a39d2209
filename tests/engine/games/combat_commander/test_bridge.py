"""The Main Bridge (T80, T80.1) at I9 of the provisional village map: over the stream on the road."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import fortifications
from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import GAME, find, hold, only_units, play, stack


def village() -> Match:
    """The village, the Axis to play, the Russians out of Defense posture (whose Hidden Mines and Wire pause every hex)."""
    m = Match.new(GAME, "village", GAME.options, "cc-bridge")
    m.state["player"] = "axis"
    m.state["sides"]["allies"]["posture"] = "attack"
    return m


def board():  # type: ignore[no-untyped-def]
    return GAME.board_for(village().state)


def test_the_village_road_crosses_the_stream_on_a_main_bridge() -> None:
    """T80.1: I9, where the road I8-I10 crosses the stream, is a Main Bridge hex, not Stream (T78.1)."""
    assert board().terrain("I9").name == "main_bridge" and board().terrain("H9").name == "stream"


def test_the_bridge_gives_cover_two_less_one_for_its_road() -> None:
    """T80: Cover 2, which the Road through it makes 1 (T93)."""
    b = board()
    assert (b.terrain("I9").cover, b.cover("I9")) == (2, 1)


def test_the_bridge_hinders_a_line_across_it_by_one() -> None:
    """T80, 10.3: a Bridge is a Hindrance 1 to a line of sight crossing it (H10 to J8)."""
    sight = board().sight("H10", "J8", {}, frozenset())
    assert not sight.blocked and sight.hindrance == 1


def test_moving_along_the_road_onto_and_off_the_bridge_costs_one() -> None:
    """T80.1: 1 MP entering the bridge along its road, and 1 leaving it along the road."""
    b = board()
    assert (b.move_cost("I8", "I9"), b.move_cost("I9", "I10")) == (1, 1)


def test_a_move_onto_the_bridge_off_its_road_is_refused() -> None:
    """T80.1, O21.4: a Main Bridge is entered only across the hexside its road crosses: H9 to I9 is refused."""
    m = village()
    only_units(m, {"g-s1": "H8", "r-s1": "A10"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "I9")
    assert exc.value.rule == "T80.1" and m.state["units"]["g-s1"]["hex"] == "H8"


def test_a_move_off_the_bridge_away_from_its_road_is_refused() -> None:
    """T80.1: units leave a Main Bridge only along its road: I9 to J9 is refused."""
    m = village()
    only_units(m, {"g-s1": "I9", "r-s1": "A10"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "J9")
    assert exc.value.rule == "T80.1"


def test_a_move_crosses_the_bridge_along_the_road() -> None:
    """T80.1: I8, I9, I10 along the road."""
    m = village()
    only_units(m, {"g-s1": "I8", "r-s1": "A10"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "I9")
    play(m, "axis", "step", "g-s1", "I10")
    assert m.state["units"]["g-s1"]["hex"] == "I10"


def test_an_advance_onto_the_bridge_off_its_road_is_refused() -> None:
    """O16.3, T80.1: an Advance enters a Main Bridge only along its road: J9 to I9 is refused."""
    m = village()
    only_units(m, {"g-s1": "J9", "r-s1": "A10"})
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "I9")
    assert exc.value.rule == "T80.1"


def test_an_advance_onto_the_bridge_along_its_road() -> None:
    """O16.3, T80.1: an Advance from I8 enters the bridge along the road."""
    m = village()
    only_units(m, {"g-s1": "I8", "r-s1": "A10"})
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s1")
    play(m, "axis", "step", "g-s1", "I9")
    assert m.state["units"]["g-s1"]["hex"] == "I9"


def test_a_retreat_onto_the_bridge_off_its_road_eliminates() -> None:
    """O23.3.5, T80.1 (R66): a retreat into the Main Bridge across a hexside its road does not cross is into impassable terrain."""
    m = village()
    only_units(m, {"g-s1": "A1", "r-s1": "H8"})
    m.state["units"]["r-s1"]["broken"] = True
    cid = hold(m, "axis", "rout")
    stack(m, "axis", [find("axis", total=12, trigger="", exclude=(cid,))])
    play(m, "axis", "rout", cid, "allies")
    play(m, "allies", "step", "r-s1", "I9")
    assert m.state["units"]["r-s1"]["hex"] is None and "r-s1" in m.state["sides"]["allies"]["casualties"]


def test_a_bridge_is_not_water_and_takes_a_fortification() -> None:
    """F100.3: only Water refuses a fortification; a Main Bridge over a stream is a Bridge, not Stream (T78.1)."""
    m = village()
    fortifications.check_fort_hex(GAME.board_for(m.state), m.state, "I9")
    with pytest.raises(IllegalOrder):
        fortifications.check_fort_hex(GAME.board_for(m.state), m.state, "H9")
