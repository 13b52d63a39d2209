"""The provisional scenarios (issue 15): nations, postures, set-up, Time track, Sudden Death and reinforcements (6.1, 6.1.2)."""

from __future__ import annotations

import dataclasses

from engine.games.combat_commander import cards
from engine.games.combat_commander.data import _scenario_problems, load
from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import GAME, FakeContext

DATA = load()


def test_three_scenarios_one_per_allied_nation_against_germany() -> None:
    """At least three scenarios; Germany is the Axis in each, America and Russia each play the Allies."""
    assert len(DATA.scenarios) >= 3
    assert {s.sides["axis"]["nation"] for s in DATA.scenarios.values()} == {"germany"}
    assert {s.sides["allies"]["nation"] for s in DATA.scenarios.values()} == {"america", "russia"}


def test_the_scenarios_cover_different_posture_pairs() -> None:
    """Attack/defense both ways round and reconnaissance/reconnaissance (1.1: hands by posture)."""
    pairs = {(s.sides["axis"]["posture"], s.sides["allies"]["posture"]) for s in DATA.scenarios.values()}
    assert {("attack", "defense"), ("defense", "attack"), ("reconnaissance", "reconnaissance")} <= pairs


def test_each_scenario_is_on_its_own_map() -> None:
    """A board is chosen per scenario (issue 15): three scenarios, three maps."""
    assert {s.map for s in DATA.scenarios.values()} == {"farm", "village", "hill"}


def test_set_up_uses_the_scenario_s_map() -> None:
    """The village scenario's units stand on the village map, and LOS is read there."""
    m = Match.new(GAME, "village", GAME.options, "cc-village")
    assert m.state["map"] == "village" and GAME.board_for(m.state).map.name.startswith("Village")


def test_hands_follow_the_postures() -> None:
    """Defense 4, attack 6, reconnaissance 5 cards (1.1)."""
    village = Match.new(GAME, "village", GAME.options, "cc-v")
    hill = Match.new(GAME, "hill", GAME.options, "cc-h")
    sizes = [len(m.state["sides"][r]["hand"]) for m in (village, hill) for r in ("axis", "allies")]
    assert sizes == [4, 6, 5, 5]


def test_reinforcements_wait_on_their_time_space() -> None:
    """A scenario's reinforcements start on the Time track, off the map (6.1)."""
    m = Match.new(GAME, "village", GAME.options, "cc-v")
    waiting = sorted((r["time"], r["side"], r["id"], r["type"]) for r in m.state["reinforcements"])
    assert waiting == [
        (3, "allies", "r-l3", "rus_leader"), (3, "allies", "r-s7", "rus_rifle"), (3, "allies", "r-s8", "rus_rifle"),
        (4, "axis", "g-l3", "ger_leader"), (4, "axis", "g-s5", "ger_assault"),
    ]
    assert not any(m.state["units"].get(r["id"]) for r in m.state["reinforcements"])


def test_the_time_track_is_public() -> None:
    """Both players see which units wait on which Time space (6.1)."""
    m = Match.new(GAME, "hill", GAME.options, "cc-h")
    assert m.observe("axis").view["reinforcements"] == m.observe("allies").view["reinforcements"]
    assert sorted(m.observe("public").view["reinforcements"]) == ["3 allies a-s4", "3 axis g-s4", "4 allies a-r1", "5 allies a-s5"]


def test_reinforcements_arrive_when_time_reaches_their_space() -> None:
    """6.1.2 step 5: the units of the space the Time marker reaches leave the track and enter on their owner's edge."""
    m = Match.new(GAME, "village", GAME.options, "cc-v")
    m.state["time"] = 2
    cards.time_advance(DATA, m.state, "axis", FakeContext())  # type: ignore[arg-type]
    assert m.state["time"] == 3 and {r["id"] for r in m.state["reinforcements"]} == {"g-s5", "g-l3"}
    assert {"r-l3", "r-s7", "r-s8"} <= set(m.state["units"])


def test_a_reinforcement_on_a_past_time_space_is_reported() -> None:
    """The validator refuses a reinforcement on a space the Time marker has already passed (6.1)."""
    s = DATA.scenarios["village"]
    allies = {**s.sides["allies"], "reinforcements": ["0 r-s9 rus_rifle"]}
    bad = dataclasses.replace(s, sides={**s.sides, "allies": allies})
    assert any("r-s9 waits on Time space 0" in p for p in _scenario_problems(bad, DATA.maps["village"], DATA.counters))


def test_a_repeated_unit_id_is_reported() -> None:
    """Every unit of a scenario, reinforcements included, has its own id."""
    s = DATA.scenarios["village"]
    allies = {**s.sides["allies"], "reinforcements": ["3 r-s1 rus_rifle"]}
    bad = dataclasses.replace(s, sides={**s.sides, "allies": allies})
    assert any("r-s1 is used 2 times" in p for p in _scenario_problems(bad, DATA.maps["village"], DATA.counters))


def test_a_game_on_the_village_starts_with_the_attacker() -> None:
    """The village scenario names the Russians as first player and the Germans as Initiative holder (5, 9)."""
    m = Match.new(GAME, "village", GAME.options, "cc-v")
    assert (m.state["player"], m.state["initiative"], m.state["sudden_death"]) == ("allies", "axis", 7)
