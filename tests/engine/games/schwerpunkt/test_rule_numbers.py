"""Each refusal cites the most specific rule that forbids the order (the audit against the Italian rulebook)."""

import pytest

from engine.errors import IllegalOrder
from engine.games.schwerpunkt import terrain
from tests.engine.games.schwerpunkt.combat_helpers import german_combat
from tests.engine.games.schwerpunkt.helpers import new_match, position, to_movement


def refused_rule(match, role: str, order: str) -> str:
    with pytest.raises(IllegalOrder) as err:
        match.submit(role, order)
    return err.value.rule


def german_moving(stacks):
    match = new_match()
    to_movement(match, "german", c3i=1, dice=(6, 6))
    position(match, stacks)
    return match


def test_move_stopped_by_a_zone_of_control_cites_s_5_3():
    """S 5.3: a hex the unit could reach but for the enemy ZOC it must stop in is refused under S 5.3."""
    match = german_moving({"2020": ["gd-pz"], "2023": ["s-100"]})
    free = terrain.reachable(match.state, "gd-pz", "2020", zoc=False)
    target = min(set(free) - set(terrain.reachable(match.state, "gd-pz", "2020")) - {"2023"})
    assert refused_rule(match, "german", f"move gd-pz {target}") == "S 5.3"


def test_move_into_an_enemy_unit_cites_s_11_5():
    """S 11.5: no unit enters a hex holding enemy units."""
    match = german_moving({"2020": ["gd-pz"], "2021": ["s-100"]})
    assert refused_rule(match, "german", "move gd-pz 2021") == "S 11.5"


def test_move_without_activity_points_cites_s_11_1():
    """S 11.1: each unit moved costs 1 Activity Point; with none left no unit moves."""
    match = german_moving({"2020": ["gd-pz"]})
    match.state["ap"]["german"] = 0
    assert refused_rule(match, "german", "move gd-pz 2021") == "S 11.1"


def test_attacker_moved_administratively_cites_e_15_1():
    """E 15.1: a unit that used administrative movement does not attack in that phase."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.state["units"]["gd-pz"]["admin"] = True
    assert refused_rule(match, "german", "attack 2021 with gd-pz") == "E 15.1"


def test_attacker_under_frontnahe_auffrischung_cites_e_13_1():
    """E 13.1: units under a Frontnahe Auffrischung marker do not attack in that turn."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.state["fa"] = {"grey": {"unit": "gd-pz", "formation": "gd", "units": ["gd-pz"], "turn": match.state["turn"]}}
    match.state["units"]["gd-pz"]["admin"] = True
    assert refused_rule(match, "german", "attack 2021 with gd-pz") == "E 13.1"


def test_attacker_that_moved_in_the_general_phase_cites_s_13_0():
    """S 13.0: in a General Phase a unit moves or attacks, never both."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.state["flow"][-1]["general"] = True
    match.state["units"]["gd-pz"]["acted"] = True
    assert refused_rule(match, "german", "attack 2021 with gd-pz") == "S 13.0"


def test_attacker_that_attacked_already_cites_s_12_3():
    """S 12.3: a unit attacks at most once per Combat segment."""
    match = german_combat({"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"]})
    match.state["units"]["gd-pz"]["attacked"] = True
    assert refused_rule(match, "german", "attack 2021 with gd-pz gd-gre") == "S 12.3"


def test_attack_without_three_activity_points_cites_s_12_2():
    """S 12.2: each attack costs the attacker 3 Activity Points."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.state["ap"]["german"] = 2
    assert refused_rule(match, "german", "attack 2021 with gd-pz") == "S 12.2"


def test_soviet_attack_out_of_front_range_cites_e_16_0():
    """E 16.0: a Soviet attack paid with AP needs an attacker within a Front marker's range."""
    match = new_match()
    match.state["fronts"] = {"southwest": "4425", "voronezh": "4424"}
    to_movement(match, "soviet", c3i=1, dice=(6, 6))
    position(match, {"1030": ["s-100"], "1130": ["298-kg"]})
    match.state["flow"][-1]["step"] = "combat"
    assert refused_rule(match, "soviet", "attack 1130 with s-100") == "E 16.0"


def test_removing_a_unit_from_another_hex_cites_s_9_0():
    """S 9.0: the owner removes the excess from the over-stacked hex, units of his choice there."""
    match = german_moving({"2020": ["19-27", "19-73", "298-kg", "335-kg", "27-kg"], "2030": ["168-417"]})
    match.submit("german", "end")
    assert match.prompt("german").actions[0].verb == "remove"
    assert refused_rule(match, "german", "remove 168-417") == "S 9.0"
