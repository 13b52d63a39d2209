"""Naval movement (7.22) with Combat Air Patrol (16.14), amphibious landings (16.23) and the Azov
Flotilla (15.3), on the real map's ports."""

import pytest

from engine.errors import IllegalOrder
from tests.engine.games.caucasus.helpers import place
from tests.engine.games.caucasus.position import empty_board, referee


def refused(m, role, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        m.submit(role, order)
    assert f"({rule})" in str(exc.value), str(exc.value)


def hex_of(m, name):
    return m.game.rules.by_name[name.casefold()]


@pytest.fixture
def ports():
    m = empty_board(seed="naval", phase="soviet primary movement")
    return m


def test_a_soviet_unit_sails_between_ports_of_one_sea_using_its_whole_allowance(ports):
    m = ports
    place(m, ("s102rd", hex_of(m, "Tuapse")))
    m.submit("soviet", f"naval s102rd {hex_of(m, 'Sochi')}")
    u = m.state["units"]["s102rd"]
    assert u["hex"] == hex_of(m, "Sochi") and u["naval_moved"] and u["mp_spent"] == 3
    refused(m, "soviet", f"move s102rd {m.game.rules.board.neighbours(u['hex'])[0]}", "7.1")


def test_one_unit_per_sea_per_phase(ports):
    m = ports
    place(m, ("s102rd", hex_of(m, "Tuapse")), ("s395rd", hex_of(m, "Tuapse")), ("s417rd", hex_of(m, "Astrakhan")))
    m.submit("soviet", f"naval s102rd {hex_of(m, 'Sochi')}")
    refused(m, "soviet", f"naval s395rd {hex_of(m, 'Sochi')}", "7.22")
    m.submit("soviet", f"naval s417rd {hex_of(m, 'Makhachkala')}")


def test_port_to_port_on_the_same_sea_only(ports):
    m = ports
    place(m, ("s102rd", hex_of(m, "Tuapse")))
    refused(m, "soviet", f"naval s102rd {hex_of(m, 'Astrakhan')}", "7.22")
    near = m.game.rules.board.neighbours(hex_of(m, "Tuapse"))[0]
    place(m, ("s395rd", near))
    refused(m, "soviet", f"naval s395rd {hex_of(m, 'Sochi')}", "7.22")


def test_to_a_friendly_controlled_port_only(ports):
    m = ports
    place(m, ("s102rd", hex_of(m, "Tuapse")))
    referee(m, f"control {hex_of(m, 'Sochi')} axis")
    refused(m, "soviet", f"naval s102rd {hex_of(m, 'Sochi')}", "7.22")


def test_soviet_only_and_primary_only(ports):
    m = ports
    referee(m, "phase axis primary movement")
    place(m, ("73inf", hex_of(m, "Tuapse")))
    refused(m, "axis", f"naval 73inf {hex_of(m, 'Sochi')}", "7.22")
    referee(m, "turn 2")
    referee(m, "phase soviet secondary movement")
    place(m, ("s102rd", hex_of(m, "Sochi")))
    referee(m, "remove 73inf")
    refused(m, "soviet", f"naval s102rd {hex_of(m, 'Sukhumi')}", "7.22")


def test_the_sea_of_azov_carries_naval_brigades_only(ports):
    m = ports
    place(m, ("s102rd", hex_of(m, "Yeysk")), ("s83nb", hex_of(m, "Yeysk")))
    refused(m, "soviet", f"naval s102rd {hex_of(m, 'Temryuk')}", "7.22")
    m.submit("soviet", f"naval s83nb {hex_of(m, 'Temryuk')}")


def test_a_unit_that_moved_does_not_sail(ports):
    m = ports
    tuapse = hex_of(m, "Tuapse")
    place(m, ("s102rd", m.game.rules.board.neighbours(tuapse)[0]))
    m.submit("soviet", f"move s102rd {tuapse}")
    refused(m, "soviet", f"naval s102rd {hex_of(m, 'Sochi')}", "7.22")


def test_a_port_in_an_enemy_zoc_needs_combat_air_patrol(ports):
    m = ports
    rules = m.game.rules
    tuapse = hex_of(m, "Tuapse")
    enemy_hex = next(h for h in rules.board.neighbours(tuapse) if rules.board.terrain.get(h) != "sea" and h not in rules.board.places)
    place(m, ("s102rd", tuapse), ("73inf", enemy_hex))
    refused(m, "soviet", f"naval s102rd {hex_of(m, 'Sochi')}", "7.22")
    refused(m, "soviet", f"naval s102rd {hex_of(m, 'Sochi')} cap s-4aa", "16.14")  # not available yet
    referee(m, "air s-4aa available")
    referee(m, "air s-4aa ready")
    listed = [a for a in m.prompt("soviet").actions if a.verb == "naval" and a.args[0] == "s102rd"]
    assert listed and all(a.args[2:] == ("cap", "s-4aa") for a in listed)
    m.submit("soviet", f"naval s102rd {hex_of(m, 'Sochi')} cap s-4aa")
    assert not m.state["air"]["s-4aa"]["ready"] and m.state["units"]["s102rd"]["hex"] == hex_of(m, "Sochi")


def test_combat_air_patrol_only_for_a_port_in_an_enemy_zoc(ports):
    m = ports
    place(m, ("s102rd", hex_of(m, "Tuapse")))
    referee(m, "air s-4aa available")
    referee(m, "air s-4aa ready")
    refused(m, "soviet", f"naval s102rd {hex_of(m, 'Sochi')} cap s-4aa", "16.14")


def test_out_of_supply_units_move_at_most_two_hexes(ports):
    m = ports
    place(m, ("s102rd", hex_of(m, "Tuapse")))
    referee(m, "supply s102rd out")
    refused(m, "soviet", f"naval s102rd {hex_of(m, 'Sukhumi')}", "14.4")


# Amphibious landing (16.23) ---------------------------------------------------------------------
def coast_hex(m, exclude=()):
    rules = m.game.rules
    return next(h for h in sorted(rules.board.zone("black_sea_coast")) if h not in rules.board.places and h not in exclude)


def test_a_naval_brigade_lands_from_poti_spending_a_fleet_marker(ports):
    m = ports
    place(m, ("s83nb", hex_of(m, "Poti")), ("s102rd", hex_of(m, "Tuapse")))
    referee(m, "fleet bsf-1 available")
    m.submit("soviet", f"naval s102rd {hex_of(m, 'Sochi')}")  # the landing is not a naval move (ruling 29)
    landing = coast_hex(m)
    m.submit("soviet", f"land s83nb {landing} fleet bsf-1")
    assert m.state["units"]["s83nb"]["hex"] == landing and m.state["fleet"]["bsf-1"] == "unavailable"


def test_a_landing_even_into_an_enemy_zoc(ports):
    m = ports
    rules = m.game.rules
    landing = coast_hex(m)
    enemy_hex = next(h for h in rules.board.neighbours(landing) if rules.board.terrain.get(h) not in (None, "sea", "alpine"))
    place(m, ("s83nb", hex_of(m, "Poti")), ("73inf", enemy_hex))
    referee(m, "fleet bsf-1 available")
    listed = [a for a in m.prompt("soviet").actions if a.verb == "land" and a.args[1] == landing]
    assert listed
    m.play("soviet", listed[0])


def test_landing_clauses(ports):
    m = ports
    landing = coast_hex(m)
    place(m, ("s83nb", hex_of(m, "Poti")), ("s81nb", hex_of(m, "Tuapse")), ("s102rd", hex_of(m, "Poti")))
    refused(m, "soviet", f"land s83nb {landing} fleet bsf-1", "16.21")  # not Available
    referee(m, "fleet bsf-1 available")
    refused(m, "soviet", f"land s81nb {landing} fleet bsf-1", "16.23")  # not from Poti
    refused(m, "soviet", f"land s102rd {landing} fleet bsf-1", "16.23")  # not a Naval brigade
    refused(m, "soviet", f"land s83nb {hex_of(m, 'Taman')} fleet bsf-1", "16.23")  # Taman is not Black Sea
    refused(m, "soviet", f"land s83nb {hex_of(m, 'Krasnodar')} fleet bsf-1", "16.23")  # not coastal
    place(m, ("73inf", landing))
    refused(m, "soviet", f"land s83nb {landing} fleet bsf-1", "16.23")  # occupied
    referee(m, "phase soviet secondary movement")
    refused(m, "soviet", f"land s83nb {coast_hex(m, (landing,))} fleet bsf-1", "16.23")


# The Azov Flotilla (15.3) ------------------------------------------------------------------------
def test_the_flotilla_sails_port_to_port_in_both_movement_phases_even_between_enemy_zocs(ports):
    m = ports
    rules = m.game.rules
    temryuk, yeysk = hex_of(m, "Temryuk"), hex_of(m, "Yeysk")
    enemy_hex = next(h for h in rules.board.neighbours(yeysk) if rules.board.terrain.get(h) not in (None, "sea"))
    place(m, ("s-azov", temryuk), ("73inf", enemy_hex))
    referee(m, "supply s-azov out")
    assert ("flotilla", (yeysk,)) in {(a.verb, a.args) for a in m.prompt("soviet").actions}
    m.submit("soviet", f"flotilla {yeysk}")
    assert m.state["units"]["s-azov"]["hex"] == yeysk
    refused(m, "soviet", f"flotilla {temryuk}", "7.1")
    referee(m, "turn 2")
    referee(m, "phase soviet secondary movement")
    m.submit("soviet", f"flotilla {temryuk}")
    assert m.state["units"]["s-azov"]["hex"] == temryuk


def test_the_flotilla_goes_only_to_friendly_sea_of_azov_ports(ports):
    m = ports
    place(m, ("s-azov", hex_of(m, "Temryuk")))
    refused(m, "soviet", f"flotilla {hex_of(m, 'Anapa')}", "15.3")
    referee(m, f"control {hex_of(m, 'Yeysk')} axis")
    refused(m, "soviet", f"flotilla {hex_of(m, 'Yeysk')}", "15.3")
    refused(m, "soviet", f"move s-azov {m.game.rules.board.neighbours(hex_of(m, 'Temryuk'))[0]}", "7.9")


def test_the_flotilla_is_eliminated_when_the_axis_holds_every_azov_port(ports):
    m = ports
    rules = m.game.rules
    place(m, ("s-azov", hex_of(m, "Temryuk")), ("s102rd", hex_of(m, "Tuapse")))
    for name in ("Yeysk", "Primorsko-Akhtarsk", "Taman"):
        referee(m, f"control {hex_of(m, name)} axis")
    m.submit("soviet", f"naval s102rd {hex_of(m, 'Sochi')}")
    assert m.state["units"]["s-azov"]["hex"], "Temryuk is still Soviet"
    referee(m, f"control {hex_of(m, 'Temryuk')} axis")
    m.submit("soviet", "done")
    assert m.state["units"]["s-azov"]["box"] == "removed"
    assert rules.units["s-azov"].type.value == "AZOV_FLOTILLA"


def test_the_flotilla_attacks_in_a_secondary_combat_phase_without_an_assault_marker(ports):
    m = ports
    rules = m.game.rules
    from engine.games.caucasus.terrain import natural

    port_hex, enemy_hex = next(
        (p, n)
        for p in ("Yeysk", "Primorsko-Akhtarsk", "Temryuk", "Taman")
        for n in rules.board.neighbours(hex_of(m, p))
        if natural(rules, hex_of(m, p), 1) != "swamp" and natural(rules, n, 1) == "open"
        and not rules.board.side(hex_of(m, p), n) and n not in rules.board.places
    )
    place(m, ("s-azov", hex_of(m, port_hex)), ("rom5cav", enemy_hex))
    referee(m, "step rom5cav 1")
    referee(m, "turn 2")
    referee(m, "phase soviet secondary combat")
    text = m.game.query(m.state, "soviet", f"odds s-azov -> {enemy_hex}")
    assert "Final column" in str(text)


def test_the_fleet_markers_are_removed_when_the_axis_takes_poti():
    m = empty_board(seed="naval", phase="axis primary movement")
    rules = m.game.rules
    poti = hex_of(m, "Poti")
    near = next(h for h in rules.board.neighbours(poti) if rules.board.terrain.get(h) not in (None, "sea", "alpine"))
    place(m, ("73inf", near))
    referee(m, "fleet bsf-1 available")
    m.submit("axis", f"move 73inf {poti}")
    assert m.state["fleet"] == {"bsf-1": "removed", "bsf-2": "removed"}
