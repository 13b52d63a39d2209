"""Radios (12) and the orders Artillery Denied (O17) and Artillery Request (O18)."""

from __future__ import annotations

import pytest

from engine.datafiles import read_text
from engine.errors import IllegalOrder
from engine.game import Action
from engine.games.combat_commander import artillery
from engine.games.combat_commander.data import PACKAGE
from tests.engine.games.combat_commander.helpers import (
    GAME,
    find,
    hold,
    new_match,
    only_units,
    play,
    stack,
    texts,
    top,
)


def request(m, *args: str, axis: list[tuple[int, int]], allies: list[tuple[int, int]] = ()):  # type: ignore[no-untyped-def,assignment]
    """Axis gives an Artillery Request with ``args``; ``axis`` fixes its accuracy roll, the drift card (second) and
    its later rolls in order, ``allies`` the Allied defense rolls."""
    cid = hold(m, "axis", "artillery_request")
    mine: list[str] = []
    for i, (w, r) in enumerate(axis):
        mine.append(find("axis", white=w, red=r, trigger=None if i == 1 else "", exclude=(cid, *mine)))
    stack(m, "axis", mine)
    theirs: list[str] = []
    for w, r in allies:
        theirs.append(find("allies", white=w, red=r, trigger="", exclude=tuple(theirs)))
    stack(m, "allies", theirs)
    return play(m, "axis", "artillery-request", cid, *args)


def test_artillery_denied_breaks_the_enemy_radio() -> None:
    """Artillery Denied breaks the opponent's radio and activates no unit (O17)."""
    m = new_match()
    cid = hold(m, "axis", "artillery_denied")
    play(m, "axis", "artillery-denied", cid)
    assert m.state["artillery"]["allies"]["broken"]
    assert not any(u["activated"] for u in m.state["units"].values())


def test_artillery_denied_eliminates_a_broken_radio() -> None:
    """A radio already broken is eliminated back to the counter pool, never the Casualty track (O17)."""
    m = new_match()
    m.state["artillery"]["allies"]["broken"] = True
    cid = hold(m, "axis", "artillery_denied")
    play(m, "axis", "artillery-denied", cid)
    assert m.state["artillery"]["allies"] is None
    assert m.state["sides"]["allies"]["casualties"] == []


def test_artillery_denied_needs_an_enemy_radio() -> None:
    """Without an enemy radio in play the order cannot be given (O17)."""
    m = new_match()
    m.state["artillery"]["allies"] = None
    cid = hold(m, "axis", "artillery_denied")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "artillery-denied", cid)
    assert exc.value.rule == "O17"


def test_battery_access_repairs_a_broken_radio() -> None:
    """Battery Access flips a broken radio to good, usable at once (O18.1)."""
    m = new_match()
    m.state["artillery"]["axis"]["broken"] = True
    play(m, "axis", "artillery-request", hold(m, "axis", "artillery_request"), "access")
    assert not m.state["artillery"]["axis"]["broken"]


def test_battery_access_needs_a_broken_radio() -> None:
    """Battery Access is chosen only with a broken radio in play (O18.1)."""
    m = new_match()
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "artillery-request", hold(m, "axis", "artillery_request"), "access")
    assert exc.value.rule == "O18.1"


def test_fire_for_effect_needs_a_good_radio() -> None:
    """Fire for Effect needs a good radio (O18)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    m.state["artillery"]["axis"]["broken"] = True
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "artillery-request", hold(m, "axis", "artillery_request"), "g-l1", "G8")
    assert exc.value.rule == "O18"


def test_the_observer_is_a_good_order_leader_not_yet_activated() -> None:
    """A broken leader, an activated one or a squad cannot observe (O18.2)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "g-s1": "G3", "a-s1": "G8"})
    cid = hold(m, "axis", "artillery_request")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "artillery-request", cid, "g-s1", "G8")
    assert exc.value.rule == "O18.2"
    m.state["units"]["g-l1"]["broken"] = True
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "artillery-request", cid, "g-l1", "G8")
    assert exc.value.rule == "O18.2"


def test_the_spotting_round_goes_in_the_observer_s_los() -> None:
    """The SR is placed on a hex in the Observer's LOS (O18.2.1)."""
    m = new_match()
    only_units(m, {"g-l1": "C2", "a-s1": "G8"})
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "artillery-request", hold(m, "axis", "artillery_request"), "g-l1", "C7")
    assert exc.value.rule == "O18.2.1"


def test_a_radio_without_smoke_cannot_fire_a_smoke_barrage() -> None:
    """Only a radio printing "Smoke" may declare a smoke barrage (O18.2.1.1)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    m.state["artillery"]["axis"]["type"] = "usa_radio_155"
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "artillery-request", hold(m, "axis", "artillery_request"), "g-l1", "G8", "smoke")
    assert exc.value.rule == "O18.2.1.1"


def test_a_smoke_barrage_places_smoke_in_the_seven_hexes_and_attacks_nobody() -> None:
    """O18.2.3.1: a Smoke marker in the final hex and each of its six neighbours, no Impact roll; the order ends."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    recs = request(m, "g-l1", "G8", "smoke", axis=[(3, 3), (2, 1)])
    board = GAME.board_for(m.state)
    assert set(m.state["smoke"]) == {"G8", *board.map.grid.neighbours("G8")}
    assert not any(line.startswith("Artillery impact") for line in texts(recs))
    assert not m.state["units"]["a-s1"]["broken"] and top(m) == "turn"


def test_a_smoke_barrage_keeps_the_higher_smoke_and_skips_water() -> None:
    """O18.2.3.1: no Smoke in the Stream hex K10 (T95) and of two markers the higher stays (8.1.4)."""
    m = new_match()
    only_units(m, {"g-l1": "L7", "a-s1": "G8"})
    m.state["smoke"] = {"M9": 10}
    request(m, "g-l1", "L9", "smoke", axis=[(3, 3), (2, 1)])
    assert m.state["smoke"]["M9"] == 10
    assert "K10" not in m.state["smoke"] and "L9" in m.state["smoke"]


def test_accuracy_follows_the_targeting_example_with_a_hindrance_of_three() -> None:
    """O20.2.3's example applied to accuracy (O18.2.2): at range 5 through a hindrance of 3, 3x3 = 9 is accurate, 4x2 = 8 is not."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    m.state["smoke"] = {"G5": 3}
    recs = request(m, "g-l1", "G8", axis=[(3, 3), (2, 1), (5, 5)], allies=[(6, 6)])
    assert any("Accuracy roll 9 - hindrance 3 against range 5" in line and "accurate" in line and "inaccurate" not in line for line in texts(recs))
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    m.state["smoke"] = {"G5": 3}
    recs = request(m, "g-l1", "G8", axis=[(4, 2), (2, 3)])
    assert any("Accuracy roll 8 - hindrance 3 against range 5" in line and "inaccurate" in line for line in texts(recs))


def test_accurate_fire_drifts_one_hex_per_die() -> None:
    """Accurate: one hex toward the white die's compass number, then one toward the red die's; 2 then 1 comes back (O18.2.2.1)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    recs = request(m, "g-l1", "G8", axis=[(3, 3), (2, 1), (5, 5)], allies=[(1, 1)])
    assert any("drifts from G8 to G8" in line for line in texts(recs))
    assert m.state["units"]["a-s1"]["broken"]


def test_inaccurate_fire_drifts_the_red_die_s_distance() -> None:
    """Inaccurate: the white die gives the direction, the red die the distance (O18.2.2.2)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G6"})
    recs = request(m, "g-l1", "G8", axis=[(1, 1), (1, 2), (5, 5)], allies=[(1, 1)])
    assert any("drifts from G8 to G6" in line for line in texts(recs))


def test_a_round_drifting_off_the_map_ends_the_order() -> None:
    """A Spotting Round that ends off the map is removed without effect (O18.2.2.3)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    recs = request(m, "g-l1", "G8", axis=[(1, 1), (2, 3)])
    assert any("off the map" in line for line in texts(recs))
    assert not m.state["units"]["a-s1"]["broken"]


def test_the_barrage_attacks_every_unit_in_the_seven_hexes_of_either_side() -> None:
    """One Impact roll per occupied hex among the final hex and its neighbours, friend or foe; empty hexes get none (O18.2.3, O18.2.3.2)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8", "a-s2": "G9", "g-s1": "F8", "a-t1": "G10"})
    recs = request(m, "g-l1", "G8", axis=[(3, 3), (2, 1), (5, 5), (4, 4), (6, 5), (5, 3)], allies=[(1, 1), (2, 1)])
    impacts = [line for line in texts(recs) if line.startswith("Artillery impact on")]
    assert [line.split()[3].rstrip(":") for line in impacts] == ["G8", "F8", "G9"]
    assert "10 FP + 10 = 20" in impacts[0]
    assert m.state["units"]["a-s1"]["broken"] and m.state["units"]["a-s2"]["broken"]
    assert not m.state["units"]["a-t1"]["broken"]


def test_the_turn_offers_the_artillery_orders_that_are_legal() -> None:
    """The prompt offers Artillery Denied against an enemy radio (O17), Battery Access with a broken radio (O18.1) and
    Fire for Effect on enemy hexes in a free leader's LOS with a good radio (O18.2)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    denied = hold(m, "axis", "artillery_denied")
    asked = hold(m, "axis", "artillery_request")
    offered = set(m.prompt("axis").actions)
    assert Action("artillery-denied", (denied,)) in offered
    assert Action("artillery-request", (asked, "g-l1", "G8")) in offered
    assert Action("artillery-request", (asked, "access")) not in offered
    m.state["artillery"]["axis"]["broken"] = True
    offered = set(m.prompt("axis").actions)
    assert Action("artillery-request", (asked, "access")) in offered
    assert Action("artillery-request", (asked, "g-l1", "G8")) not in offered


def test_a_barrage_meets_foxholes_with_their_cover_against_artillery() -> None:
    """Units in Foxholes defend against the barrage with the Foxholes' Cover against artillery, 4 less the Road's 1 (O18.2.3.2, F102, T93)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    m.state["forts"] = {"G8": "foxholes"}
    recs = request(m, "g-l1", "G8", axis=[(3, 3), (2, 1), (5, 4)], allies=[(1, 1)])
    assert any("a-s1: 9 + 2 = 11" in line for line in texts(recs))


def test_a_fortification_alone_gets_its_impact_roll() -> None:
    """An impact hex with a fortification and no unit still gets an Impact roll (O18.2.3.2)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "N9"})
    m.state["forts"] = {"G8": "foxholes"}
    recs = request(m, "g-l1", "G8", axis=[(3, 3), (2, 1), (5, 4)])
    assert any(line.startswith("Artillery impact on G8") for line in texts(recs))
    assert m.state["forts"] == {"G8": "foxholes"}


def test_an_impact_roll_equal_to_the_vulnerability_number_destroys_the_fortification_first() -> None:
    """O18.2.3.3: a 10 FP radio's Impact roll of 10 (its provisional Vulnerability number) destroys the Foxholes
    before the occupant's defense, which then has the hex's Cover only (G8's road: -1, T93)."""
    m = new_match()
    only_units(m, {"g-l1": "G3", "a-s1": "G8"})
    m.state["forts"] = {"G8": "foxholes"}
    assert artillery.vulnerability()[10] == 10
    recs = request(m, "g-l1", "G8", axis=[(3, 3), (2, 1), (5, 5)], allies=[(1, 1)])
    lines = texts(recs)
    removed = next(i for i, line in enumerate(lines) if "Foxholes" in line and "O18.2.3.3" in line)
    defended = next(i for i, line in enumerate(lines) if line.startswith("a-s1:"))
    assert "G8" not in m.state.get("forts", {}) and removed < defended
    assert "a-s1: 5 + 2 = 7" in lines[defended]  # Morale 6, the road's Cover -1 (T93)


def test_every_radio_fp_has_a_vulnerability_number() -> None:
    """O18.2.3.3: the Artillery box gives a number for each radio FP, 8 to 13 (12); the data file is marked provisional."""
    assert sorted(artillery.vulnerability()) == [8, 9, 10, 11, 12, 13]
    assert all(2 <= n <= 12 for n in artillery.vulnerability().values())
    assert read_text(PACKAGE, "data/artillery.toml").startswith("# PROVISIONAL")
