"""Combat rules around the result: mixed supply (S 12.8), units retreated into a hex attacked
again (S 12.10), the second hex of an advance (S 12.11), and the rulebook's worked examples."""

import pytest

from engine.errors import IllegalOrder
from engine.games.schwerpunkt import combat, terrain
from engine.games.schwerpunkt.model import rules
from tests.engine.games.schwerpunkt.combat_helpers import german_combat, impose_hits

NO_CHITS = {"german": [], "soviet": []}


def test_rulebook_odds_examples():
    """S 12.7 example: 29 against 13 is 2:1; 3 against 4 is 2:3."""
    assert combat.column(29, 13) == "2:1" and combat.column(3, 4) == "2:3"


def test_rulebook_town_in_forest_example(monkeypatch):
    """S 3.3 example: attacking a town in a forest hex gives -3 (-1 town, -2 forest)."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    monkeypatch.setitem(rules().board.terrain, "2021", "forest")
    monkeypatch.setattr(terrain, "is_town", lambda label: label == "2021")
    assert combat.modifiers(match.state, NO_CHITS) == -3


def test_mixed_supply_takes_the_least_favourable_tactical_value():
    """S 12.8: a force of supplied and OOS units takes the least favourable TV (every unit's halved)."""
    match = german_combat({"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"]})
    match.state["units"]["gd-gre"]["oos"] = True
    match.submit("german", "attack 2021 with gd-pz gd-gre")
    assert match.state["combat"]["tv"]["german"] == 4 // 2 + 2  # halved, then integrity +2


def test_supplied_force_keeps_its_tactical_value():
    """S 12.8: the same force all in supply keeps its full TV (4, integrity +2)."""
    match = german_combat({"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz gd-gre")
    assert match.state["combat"]["tv"]["german"] == 6


def guest_combat():
    """s-100 retreated into s-183's hex earlier this segment (already attacked); gd-pz attacks the hex."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-183", "s-100"]})
    match.state["units"]["s-100"]["defended"] = True
    match.submit("german", "attack 2021 with gd-pz")
    return match


def test_retreated_unit_adds_no_strength():
    """S 12.10: a unit that retreated into a friendly hex attacked again adds no combat strength."""
    match = guest_combat()
    assert match.state["combat"]["defenders"] == ["s-183"]
    assert combat.strength(match.state, "soviet", NO_CHITS) == 5


def test_retreated_unit_absorbs_no_loss():
    """S 12.10: it cannot absorb losses: a loss named on it is refused (S 12.9)."""
    match = guest_combat()
    impose_hits(match, 0, 1)
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "losses s-100")
    assert "S 12.9" in str(err.value)


def test_retreated_unit_dies_when_its_hosts_retreat():
    """S 12.10: it cannot retreat, and is eliminated when the units it joined retreat."""
    match = guest_combat()
    impose_hits(match, 0, 1)
    retreat = next(a for a in match.prompt("soviet").actions if "retreat" in a.args)
    vp = match.state["vp"]
    match.play("soviet", retreat)
    assert "s-100" in match.state["eliminated"] and terrain.hex_of(match.state, "s-183") != "2021"
    assert match.state["vp"] == vp - 2


def test_retreated_unit_stays_when_its_hosts_hold():
    """S 12.10: while its hosts hold the hex, the unit stays with them."""
    match = guest_combat()
    impose_hits(match, 0, 1)
    match.submit("soviet", "losses s-183")
    assert terrain.hex_of(match.state, "s-100") == "2021"


def wiped_out(attackers=("gd-pz",), stacks=None):
    """gd-pz (TV 4) against s-100 (TV 2): the German has superiority; 4 hits destroy s-100."""
    stacks = stacks or {"2020": list(attackers), "2021": ["s-100"]}
    match = german_combat(stacks)
    match.submit("german", f"attack 2021 with {' '.join(attackers)}")
    impose_hits(match, 0, 4)
    match.play("soviet", match.prompt("soviet").actions[0])
    assert "s-100" in match.state["eliminated"]
    return match


def test_second_hex_after_the_defender_is_wiped_out():
    """S 12.11: with superiority and the defender eliminated, a supplied motorised unit advances a second hex."""
    match = wiped_out()
    match.submit("german", "advance gd-pz")
    assert match.state["combat"]["stage"] == "second"
    match.submit("german", "advance gd-pz 2022")
    assert terrain.hex_of(match.state, "gd-pz") == "2022" and "combat" not in match.state


def test_second_hex_is_optional():
    """S 12.11: advancing is optional: 'advance done' keeps the unit in the vacated hex."""
    match = wiped_out()
    match.submit("german", "advance gd-pz")
    match.submit("german", "advance done")
    assert terrain.hex_of(match.state, "gd-pz") == "2021" and "combat" not in match.state


def test_non_motorised_units_take_no_second_hex():
    """S 12.11: only supplied motorised units advance a second hex."""
    match = wiped_out(("gd-pz", "168-417"))
    match.submit("german", "advance gd-pz 168-417")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "advance 168-417 2022")
    assert "S 12.11" in str(err.value)


def test_out_of_supply_units_take_no_second_hex():
    """S 12.11: an OOS motorised unit advances into the vacated hex only."""
    match = wiped_out()
    match.state["units"]["gd-pz"]["oos"] = True
    match.submit("german", "advance gd-pz")
    assert "combat" not in match.state


def test_no_second_hex_without_superiority():
    """S 12.11: without tactical superiority the advance stops in the vacated hex."""
    match = wiped_out()
    match.state["combat"]["superior"] = None
    match.submit("german", "advance gd-pz")
    assert "combat" not in match.state and terrain.hex_of(match.state, "gd-pz") == "2021"


def test_no_second_hex_out_of_an_enemy_zone():
    """S 12.11: no second hex when the advance is made from an enemy zone of control."""
    match = wiped_out(stacks={"2020": ["gd-pz"], "2021": ["s-100"], "2122": ["s-183"]})
    assert "2021" in terrain.zoc_of(match.state, "soviet")
    match.submit("german", "advance gd-pz")
    assert "combat" not in match.state


def test_no_second_hex_after_a_one_hex_retreat():
    """S 12.11: a defender that retreated a single hex gives no second hex."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.submit("german", "attack 2021 with gd-pz")
    impose_hits(match, 0, 1)
    retreat = next(a for a in match.prompt("soviet").actions if "retreat" in a.args)
    match.play("soviet", retreat)
    match.submit("german", "advance gd-pz")
    assert "combat" not in match.state


def test_second_hex_never_crosses_a_major_river():
    """E 16.22: the second hex of an advance never crosses a major river, bridged or not."""
    board = rules().board
    target = "3203"
    river = next(n for n in board.neighbours(target) if "major_river" in board.side(target, n))
    start = next(n for n in board.neighbours(target) if "major_river" not in board.side(target, n) and board.terrain.get(n) not in ("sea", "swamp"))
    match = german_combat({start: ["gd-pz"], target: ["s-100"]})
    match.submit("german", f"attack {target} with gd-pz")
    impose_hits(match, 0, 4)
    match.play("soviet", match.prompt("soviet").actions[0])
    match.submit("german", "advance gd-pz")
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", f"advance gd-pz {river}")
    assert "E 16.22" in str(err.value)


def test_one_hit_allows_no_two_hex_retreat():
    """S 12.10 note: a motorised unit cannot retreat two hexes after a single hit."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-12tc"]})
    match.submit("german", "attack 2021 with gd-pz")
    impose_hits(match, 0, 1)
    assert all(len(p) <= 1 for p in combat.retreat_options(match.state))


def split_combat():
    """gd-pz attacks two rifle divisions; the Soviet takes 1 hit (step losses or a 1-hex retreat)."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100", "s-183"]})
    match.submit("german", "attack 2021 with gd-pz")
    impose_hits(match, 0, 1)
    return match


def free_paths(match):
    """One-hex retreats out of the German zones of control (no extra step loss)."""
    ezoc = terrain.zoc_of(match.state, "german")
    return [p for p in combat.retreat_paths(match.state, 1) if p[0] not in ezoc]


def test_a_retreating_stack_may_split():
    """S 12.10: units that start the retreat stacked may split, each retreating the declared hexes."""
    match = split_combat()
    one, two = free_paths(match)[:2]
    match.submit("soviet", f"losses retreat {one[0]} split s-183 to {two[0]}")
    assert terrain.hex_of(match.state, "s-100") == one[0] and terrain.hex_of(match.state, "s-183") == two[0]


def test_split_groups_retreat_the_same_distance():
    """S 12.10: every unit of a split retreat retreats the same declared 1 or 2 hexes."""
    match = split_combat()
    one = combat.retreat_paths(match.state, 1)[0]
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", f"losses retreat {one[0]} split s-183 to 2122 2123")
    assert "S 12.10" in str(err.value)


def test_split_leaves_someone_on_the_main_path():
    """S 12.10: a split names some of the units; the others retreat along the first path."""
    match = split_combat()
    one, two = combat.retreat_paths(match.state, 1)[:2]
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", f"losses retreat {one[0]} split s-100 s-183 to {two[0]}")
    assert "S 12.10" in str(err.value)


def test_split_echo_hides_the_units():
    """S 3.5: the echo of a split retreat names the hexes, never the units."""
    match = split_combat()
    one, two = free_paths(match)[:2]
    match.submit("soviet", f"losses retreat {one[0]} split s-183 to {two[0]}")
    record = next(r for r in match.records if r.action is not None and r.action.verb == "losses")
    assert match.order_text(record, "german") == f"losses ? retreat {one[0]} split ? to {two[0]}"
