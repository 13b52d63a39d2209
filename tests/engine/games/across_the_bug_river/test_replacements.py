"""The Replacement Segment (8.3): German replacement points (8.3.1) and Soviet reorganisation (8.3.2)."""

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.across_the_bug_river.helpers import GAME, empty, play, put

RULES = GAME.rules


def segment(side="german", inf=2, afv=1):
    """HQ-14pz with I/36 (AFV, 4 of 6) and I/103 (motorised, 2 of 4) at 1408; HQ-87rd with I/16 and II/16 east."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "I/36", "1408")
    put(state, "I/103", "1308")
    state["units"]["I/36"]["strength"] = 4
    state["units"]["I/103"]["strength"] = 2
    put(state, "HQ-87rd", "2707")
    put(state, "I/16", "2707")
    put(state, "II/16", "2808")
    state["units"]["II/16"]["strength"] = 1
    state["flow"] = [{"proc": "replacement", "side": side, "inf": inf, "afv": afv, "cut": [], "pool": 0, "kind": None, "source": None}]
    return state


def test_an_afv_rp_restores_a_step_of_an_afv():
    """8.3.1: 1 AFV RP = 1 step of an AFV unit."""
    state = segment()
    play(state, "german", "replace I/36")
    assert state["units"]["I/36"]["strength"] == 5
    assert state["flow"][-1]["afv"] == 0


def test_rps_are_of_the_matching_type():
    """8.3.1: with no AFV RP left, an AFV unit gets no replacement."""
    state = segment(afv=0)
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "replace I/36")
    assert err.value.rule == "8.3.1"


def test_a_motorised_step_costs_two_infantry_rps():
    """8.3.1: two infantry RPs rebuild one step of a motorised unit or an engineer."""
    state = segment(inf=2)
    play(state, "german", "replace I/103")
    assert state["units"]["I/103"]["strength"] == 3
    assert state["flow"][-1]["inf"] == 0


def test_a_disorganised_unit_gets_no_replacement():
    """8.3: the receiving unit must not be disorganised."""
    state = segment()
    state["units"]["I/36"]["disorganized"] = True
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "replace I/36")
    assert err.value.rule == "8.3"


def test_no_unit_above_its_printed_strength():
    """8.3: no unit exceeds its printed strength."""
    state = segment()
    state["units"]["I/36"]["strength"] = RULES.units["I/36"].strength
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "replace I/36")
    assert err.value.rule == "8.3"


def test_a_destroyed_german_unit_is_rebuilt_by_its_hq():
    """8.3.1: a destroyed unit rebuilt enters in its HQ's hex or next to it, at 1 step."""
    state = segment()
    state["destroyed"].append("K64")
    play(state, "german", "replace K64")
    assert state["units"]["K64"]["strength"] == 1
    assert state["units"]["K64"]["hex"] in ["1408", *RULES.board.neighbours("1408")]
    assert "K64" not in state["destroyed"]


def test_cannibalising_gives_rps_for_units_of_its_type():
    """8.3.2: the removed unit's strength becomes RPs spent on a unit of the same type."""
    state = segment("soviet")
    play(state, "soviet", "cannibalise I/16")
    assert state["units"]["I/16"]["hex"] is None
    assert state["flow"][-1]["pool"] == int(4 * RULES.tables["reorganisation"]["rp_per_point"]["infantry"])
    play(state, "soviet", "replace II/16")
    assert state["units"]["II/16"]["strength"] == 2


def test_reorganisation_points_restore_only_the_same_type():
    """8.3.2: the points restore only units of the cannibalised unit's type."""
    state = segment("soviet")
    put(state, "141AT", "2808")
    state["units"]["141AT"]["strength"] = 1
    play(state, "soviet", "cannibalise I/16")
    with pytest.raises(IllegalOrder) as err:
        play(state, "soviet", "replace 141AT")
    assert err.value.rule == "8.3.2"


def test_only_infantry_type_units_are_cannibalised():
    """8.3.2: an AFV is never cannibalised."""
    state = segment("soviet")
    put(state, "II/82", "2808")
    with pytest.raises(IllegalOrder) as err:
        play(state, "soviet", "cannibalise II/82")
    assert err.value.rule == "8.3.2"


def test_the_german_pass_opens_the_soviet_segment_and_loses_the_rps():
    """8.3: RPs are spent at once; 'pass' ends the German segment and the Soviet one follows."""
    state = segment()
    play(state, "german", "pass")
    assert state["flow"][-1]["proc"] == "replacement" and state["flow"][-1]["side"] == "soviet"
