"""The Minor Bridge (T80, T80.2; ruling R72) at D9 of the provisional hill map: the southern road
over the stream, a feature beside the hex's Stream terrain (``features.txt``)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import bridges, events, fortifications, weapons
from engine.games.combat_commander.board import Board
from engine.kernel import Match
from engine.mapdata import parse_map
from tests.engine.games.combat_commander.helpers import GAME, find, hold, only_units, play, stack


def hill() -> Match:
    """The hill, the Axis to play (both sides in Reconnaissance posture: no Hidden Mines or Wire)."""
    return Match.new(GAME, "hill", GAME.options, "cc-minor-bridge")


def board() -> Board:
    return GAME.board_for(hill().state)


def over_water_barrier() -> Board:
    """The hill with the stream under the bridge made a Water Barrier (T98), an impassable terrain."""
    b = board()
    return Board(b.data, dataclasses.replace(b.map, terrain={**b.map.terrain, "D9": "water_barrier"}), b.levels, b.hand_set)


def test_the_hill_road_crosses_the_stream_on_a_minor_bridge() -> None:
    """T80.2: D9, where the road C10-E10 crosses the stream, holds a Minor Bridge over its Stream terrain."""
    b = board()
    assert b.map.terrain["D9"] == "stream" and b.map.features["D9"] == frozenset({"minor_bridge"})
    assert (b.terrain("D9").name, b.terrain("D9").under, b.terrain("D9").rule) == ("minor_bridge", "stream", "T80.2")


def test_moving_along_the_road_over_the_minor_bridge_costs_one() -> None:
    """T80.2: 1 MP entering the bridge directly along its road, 1 leaving along it."""
    b = board()
    assert (b.move_cost("C10", "D9"), b.move_cost("D9", "E10")) == (1, 1)


def test_entering_the_minor_bridge_off_its_road_costs_the_stream() -> None:
    """T80.2: off the road, the cost of the hex's other terrain: the Stream's 3 MP (T95)."""
    b = board()
    assert (b.move_cost("D8", "D9"), b.move_cost("C9", "D9")) == (3, 3)


def test_a_move_onto_the_minor_bridge_off_its_road_is_allowed_and_pays_three() -> None:
    """T80.2 (unlike T80.1): a Move enters the Minor Bridge from D8, across no road, for the Stream's 3 MP."""
    m = hill()
    only_units(m, {"g-s1": "D8", "a-s1": "N10"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "D9")
    assert m.state["units"]["g-s1"]["hex"] == "D9" and m.state["flow"][-1]["spent"]["g-s1"] == 3


def test_a_move_off_the_minor_bridge_away_from_its_road_is_allowed() -> None:
    """T80.2 restricts no exit (T80.1 does): D9 to D8, across no road, costs the Open Ground's 1 MP."""
    m = hill()
    only_units(m, {"g-s1": "D9", "a-s1": "N10"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "D8")
    assert m.state["units"]["g-s1"]["hex"] == "D8" and m.state["flow"][-1]["spent"]["g-s1"] == 1


def test_the_minor_bridge_gives_cover_two_less_one_for_its_road() -> None:
    """T80, T80.2: the Bridge's Cover 2, which the Road through it makes 1 (T93); the Stream's 1 is not better (T78.3)."""
    b = board()
    assert (b.terrain("D9").cover, b.cover("D9")) == (2, 1)


def test_the_minor_bridge_hinders_a_line_across_it_by_one() -> None:
    """T80, 10.3: a Bridge is a Hindrance 1 to a line of sight crossing it (D8 to D10)."""
    sight = board().sight("D8", "D10", {}, frozenset())
    assert not sight.blocked and sight.hindrance == 1


def test_the_minor_bridge_is_no_water() -> None:
    """T78.1, R72: a Bridge hex for every purpose, not Stream (Water): it takes a fortification, Smoke and Blaze from events."""
    m = hill()
    fortifications.check_fort_hex(GAME.board_for(m.state), m.state, "D9")
    assert not events.water(GAME.data, m.state, "D9") and events.water(GAME.data, m.state, "D10")


def test_a_weapon_fires_from_the_minor_bridge() -> None:
    """T95, R72: no weapon fires from a Stream (D10), but the Minor Bridge's hex is a Bridge, not Water."""
    m = hill()
    only_units(m, {"g-s1": "D9", "g-s2": "D10", "a-s1": "N10"})
    m.state["weapons"] = {
        "g-w1": {"type": "ger_lmg", "side": "axis", "unit": "g-s1", "broken": False},
        "g-w2": {"type": "ger_lmg", "side": "axis", "unit": "g-s2", "broken": False},
    }
    b = GAME.board_for(m.state)
    refused = weapons.why_not(GAME.data, b, m.state, "g-w2")
    assert weapons.why_not(GAME.data, b, m.state, "g-w1") is None and refused is not None and refused.rule == "T95"


def test_an_advance_onto_the_minor_bridge_off_its_road() -> None:
    """O16.3, T80.2: a Minor Bridge is no Main Bridge: an Advance enters it from D8 across no road."""
    m = hill()
    only_units(m, {"g-s1": "D8", "a-s1": "N10"})
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s1")
    play(m, "axis", "step", "g-s1", "D9")
    assert m.state["units"]["g-s1"]["hex"] == "D9"


def test_a_retreat_onto_the_minor_bridge_off_its_road_goes_on() -> None:
    """O23.3.5, T80.2: a retreat into the Minor Bridge across a hexside its road does not cross is into passable terrain: the unit is not eliminated."""
    m = hill()
    only_units(m, {"g-s1": "A1", "a-s1": "D8"})
    m.state["units"]["a-s1"]["broken"] = True
    cid = hold(m, "axis", "rout")
    stack(m, "axis", [find("axis", total=12, trigger="", exclude=(cid,))])
    play(m, "axis", "rout", cid, "allies")
    play(m, "allies", "step", "a-s1", "D9")
    assert m.state["units"]["a-s1"]["hex"] == "D9" and "a-s1" not in m.state["sides"]["allies"]["casualties"]


def test_over_impassable_terrain_a_minor_bridge_is_entered_only_along_its_road() -> None:
    """T80.2, R72: off the road the cost of the other terrain, impassable over a Water Barrier (T98); along the road 1; leaving by any hexside."""
    b = over_water_barrier()
    assert (b.move_cost("D8", "D9"), b.move_cost("C10", "D9"), b.move_cost("D9", "D8")) == (None, 1, 1)
    assert (b.bridge_rule("D8", "D9"), b.bridge_rule("C10", "D9"), b.bridge_rule("D9", "D8")) == ("T80.2", None, None)


def test_a_move_onto_a_minor_bridge_over_impassable_terrain_off_its_road_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """T80.2, O21.4: a Move from D8 into a Minor Bridge over a Water Barrier, across no road, is refused citing T80.2."""
    monkeypatch.setitem(GAME._boards, "hill", over_water_barrier())
    m = hill()
    only_units(m, {"g-s1": "D8", "a-s1": "N10"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "D9")
    assert exc.value.rule == "T80.2" and "T80.2" in str(exc.value) and m.state["units"]["g-s1"]["hex"] == "D8"


def test_an_advance_onto_a_minor_bridge_over_impassable_terrain_off_its_road_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """T80.2, O16.3: an Advance from D8 into a Minor Bridge over a Water Barrier, across no road, is refused citing T80.2."""
    monkeypatch.setitem(GAME._boards, "hill", over_water_barrier())
    m = hill()
    only_units(m, {"g-s1": "D8", "a-s1": "N10"})
    play(m, "axis", "advance", hold(m, "axis", "advance"), "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "step", "g-s1", "D9")
    assert exc.value.rule == "T80.2" and m.state["units"]["g-s1"]["hex"] == "D8"


def test_a_retreat_onto_a_minor_bridge_over_impassable_terrain_off_its_road_eliminates(monkeypatch: pytest.MonkeyPatch) -> None:
    """O23.3.5, T80.2 (R72): such a retreat is into impassable terrain: the unit is eliminated."""
    monkeypatch.setitem(GAME._boards, "hill", over_water_barrier())
    m = hill()
    only_units(m, {"g-s1": "A1", "a-s1": "D8"})
    m.state["units"]["a-s1"]["broken"] = True
    cid = hold(m, "axis", "rout")
    stack(m, "axis", [find("axis", total=12, trigger="", exclude=(cid,))])
    play(m, "axis", "rout", cid, "allies")
    play(m, "allies", "step", "a-s1", "D9")
    assert m.state["units"]["a-s1"]["hex"] is None and "a-s1" in m.state["sides"]["allies"]["casualties"]


# The data check (validate) -----------------------------------------------------------------------


def hill_texts(**changed: str) -> dict[str, str]:
    from engine.datafiles import read_texts

    return {**read_texts("engine.games.combat_commander", "data/maps/hill"), **changed}


def check(**changed: str) -> list[str]:
    parsed, found = parse_map(hill_texts(**changed))
    assert parsed is not None
    return found + bridges.problems(parsed, GAME.data.hexes, GAME.data.features, GAME.data.paths)


def test_the_provisional_maps_pass_the_data_check() -> None:
    """T80.2: the hill's Minor Bridge is accepted by the data check."""
    assert check() == [] and not [p for p in GAME.data.problems if "T80" in p]


def test_a_minor_bridge_no_road_crosses_is_refused() -> None:
    """T80.2: a Minor Bridge carries a road, trail or railway across its hex: one in C9, which no road crosses, is reported."""
    found = check(**{"features.txt": "# PROVISIONAL: test\nC9 minor_bridge\n"})
    assert any("C9" in p and "T80.2" in p for p in found)


def test_a_minor_bridge_as_a_hex_terrain_is_refused() -> None:
    """T80.2: a Minor Bridge is a feature beside the hex's terrain, never a terrain code of terrain.txt."""
    texts = hill_texts()
    meta = texts["map.toml"].replace('"g" = "gully"', '"g" = "gully"\n"+" = "minor_bridge"')
    terrain = texts["terrain.txt"].replace("10 ...s.......o...", "10 ...+.......o...")
    found = check(**{"map.toml": meta, "terrain.txt": terrain})
    assert any("minor_bridge" in p and "T80.2" in p for p in found)


def test_a_feature_the_map_does_not_name_is_refused() -> None:
    """The map format: a feature kind that map.toml's [features] table does not list is reported."""
    found = check(**{"features.txt": "# PROVISIONAL: test\nD9 pontoon\n"})
    assert any("pontoon" in p for p in found)


def test_a_minor_bridge_in_a_main_bridge_hex_is_refused() -> None:
    """T80.1, T80.2: a hex is a Main Bridge or holds a Minor Bridge, not both."""
    texts = hill_texts()
    meta = texts["map.toml"].replace('"g" = "gully"', '"g" = "gully"\n"=" = "main_bridge"')
    terrain = texts["terrain.txt"].replace("9  ..ss......b.bb.", "9  ..s=......b.bb.")
    found = check(**{"map.toml": meta, "terrain.txt": terrain})
    assert any("D9" in p and "Main Bridge" in p and "T80.2" in p for p in found)


def test_the_features_file_says_where_it_comes_from() -> None:
    """The map format: features.txt, like every map file, starts with its provenance (PROVISIONAL)."""
    found = check(**{"features.txt": "D9 minor_bridge\n"})
    assert any(p.startswith("features.txt: line 1") for p in found)
