"""Rules questions on Across the Bug River's Actions (7.1, 7.3, 7.4, 7.5) and what limits them: zones
of control (5.4), disorganisation (5.6) and command range (5.8). Each is asked as a referee asks
it: a position file, referee lines, one order; the verdict and the rule the Italian rulebook gives."""

from tests.engine.games.acceptance import answer, cites, echoed, refusal, typed
from tests.engine.games.across_the_bug_river.acceptance_helpers import activation, br_position

#: The Ustyluh road (lines.txt) from Hrubieszow to Volodymyr-Volynskyi: 16 road hexes after 1109.
ROAD = "1208 1308 1407 1508 1607 1708 1807 1908 2008 2109 2208 2309 2408 2508 2607 2707"


def german(formation, placed, ap=5, **kw):
    """``formation`` of the German activated with ``ap`` AP, ``placed`` (HQs included) on the map."""
    return br_position(placed, flow=activation("german", formation), ap={"german": ap}, **kw)


def soviet(formation, placed, ap=5, **kw):
    """``formation`` of the Soviet activated with ``ap`` AP, ``placed`` (HQs included) on the map."""
    return br_position(placed, flow=activation("soviet", formation), ap={"soviet": ap}, **kw)


# Movement (7.3)


async def test_movement_a_motorised_unit_pays_half_an_mp_along_a_road(tmp_path):
    """7.3.3: sixteen road hexes cost a motorised unit 8 MP, its whole MA."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1109"})
    assert echoed(await answer(tmp_path, position, f"german: move I/36 {ROAD}"))


async def test_movement_no_road_rate_entering_an_enemy_zoc(tmp_path):
    """7.3.3: the road hex entered in enemy ZOC costs its terrain, and the path then exceeds the MA."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1109", "I/16": "2806"})
    assert cites(await answer(tmp_path, position, f"german: move I/36 {ROAD}"), "7.3.2")


async def test_movement_a_path_beyond_the_ma_is_refused(tmp_path):
    """7.3.2: two hexes costing 5 MP are beyond a leg unit's MA of 2 (+2 away from the enemy)."""
    position = soviet("2fr", {"HQ-2fr": "3108", "A/19": "2905"})
    assert cites(await answer(tmp_path, position, "soviet: move A/19 3004 3104"), "7.3.2")


async def test_movement_a_unit_may_always_move_one_hex(tmp_path):
    """7.3.2: one hex is always allowed, here a swamp across a stream (3 MP) for a unit of MA 2."""
    position = soviet("2fr", {"HQ-2fr": "3108", "A/19": "2905"})
    assert echoed(await answer(tmp_path, position, "soviet: move A/19 3004"))


async def test_movement_a_leg_unit_away_from_the_enemy_gains_two_ma(tmp_path):
    """7.3.5: a leg unit of MA 4 never next to an enemy unit moves six clear hexes."""
    position = german("44id", {"HQ-44id": "1109", "I/131": "1102"})
    assert echoed(await answer(tmp_path, position, "german: move I/131 1103 1104 1105 1106 1107 1108"))


async def test_movement_the_leg_bonus_is_lost_next_to_a_disorganised_enemy(tmp_path):
    """7.3.5: next to any enemy unit (a disorganised one without ZOC too) the leg bonus is lost."""
    position = german("44id", {"HQ-44id": "1109", "I/131": "1102", "I/16": "1207"}, units={"I/16": {"disorganized": True}})
    assert cites(await answer(tmp_path, position, "german: move I/131 1103 1104 1105 1106 1107 1108"), "7.3.2")


async def test_movement_stops_in_enemy_zoc_even_with_a_friendly_unit_there(tmp_path):
    """7.3.9: a unit stops on entering enemy ZOC even where a friendly unit already stands."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1407", "I/108": "1507", "I/16": "1607"})
    assert cites(await answer(tmp_path, position, "german: move I/36 1507 1506"), "7.3.9")


async def test_movement_a_motorised_unit_crosses_a_stream_from_its_start_hex(tmp_path):
    """7.3.7: a motorised unit next to an unbridged stream crosses it as its whole move."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1308"})
    assert echoed(await answer(tmp_path, position, "german: move I/36 1408"))


async def test_movement_a_stream_into_a_city_does_not_stop_a_motorised_unit(tmp_path):
    """7.3.7, 3.1.2: a stream crossed into a city is bridged: a motorised unit goes on."""
    position = german("14pz", {"HQ-14pz": "2404", "I/36": "2606"})
    assert echoed(await answer(tmp_path, position, "german: move I/36 2607 2708"))


async def test_movement_at_most_two_boat_crossings_per_activation(tmp_path):
    """7.3.8: a third German leg unit does not cross the unbridged Bug by boat in one activation."""
    position = german("44id", {"HQ-44id": "1505", "I/131": "1807", "II/131": "1808", "III/131": "1708"})
    replies = await typed(tmp_path, position, "german: move I/131 1907", "german: move II/131 1909", "german: move III/131 1709")
    assert echoed(replies[0]) and echoed(replies[1]) and cites(replies[2], "7.3.8")


async def test_movement_soviet_units_never_cross_the_unbridged_bug(tmp_path):
    """7.3.8: boat movement is German only."""
    position = soviet("87rd", {"HQ-87rd": "2008", "I/16": "1907"})
    assert cites(await answer(tmp_path, position, "soviet: move I/16 1807"), "7.3.8")


async def test_movement_an_hq_never_makes_a_movement_action(tmp_path):
    """7.4: an HQ moves only by its Relocation Action, never by a Movement Action."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1407"})
    assert cites(await answer(tmp_path, position, "german: move HQ-14pz 1407"), "7.4")


async def test_movement_next_to_an_hq_alone_displaces_it(tmp_path):
    """7.3.6: moving next to a hex holding only enemy HQs displaces them; their owner places them."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "2605", "HQ-87rd": "2607", "II/16": "2808"})
    replies = await typed(tmp_path, position, "german: move I/36 2606", "soviet: displace HQ-87rd 2707")
    assert echoed(replies[0]) and echoed(replies[1])


async def test_movement_no_displacement_across_the_unbridged_bug(tmp_path):
    """7.3.6: an HQ alone across an unbridged Bug hexside is not displaced: the move just ends."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1407", "HQ-87rd": "1409"})
    replies = await typed(tmp_path, position, "german: move I/36 1408", "german: move I/36 1407")
    assert echoed(replies[0]) and echoed(replies[1])


async def test_infiltration_next_to_an_hq_alone_displaces_it(tmp_path):
    """7.3.6, 7.3.4: an infiltration is a Movement Action: next to an HQ alone it displaces it."""
    position = german("14pz", {"HQ-14pz": "1408", "I/108": "2605", "I/16": "2704", "II/16": "2706", "HQ-87rd": "2607"}, rolls=(1,), luck="soviet")
    replies = await typed(tmp_path, position, "german: infiltrate I/108 2606", "soviet: noreact", "soviet: displace HQ-87rd 2708")
    assert all(echoed(r) for r in replies)


# Zones of control (5.4) and disorganisation (5.6)


async def test_zoc_a_disorganised_enemy_projects_none(tmp_path):
    """5.4, 5.6.3: a disorganised unit has no ZOC: a move passes next to it."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1407", "I/16": "1607"}, units={"I/16": {"disorganized": True}})
    assert echoed(await answer(tmp_path, position, "german: move I/36 1507 1506 1505"))


async def test_zoc_an_afv_projects_none_into_a_swamp(tmp_path):
    """5.4: an AFV's ZOC reaches only clear, village and fortified clear hexes, not a swamp."""
    position = soviet("87rd", {"HQ-87rd": "2008", "I/16": "1701", "I/36": "1802"})
    assert echoed(await answer(tmp_path, position, "soviet: move I/16 1702 1703"))


async def test_zoc_infantry_projects_none_across_the_unbridged_bug(tmp_path):
    """5.4: infantry ZOC does not cross an unbridged Bug hexside."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1407", "I/16": "1608"})
    assert echoed(await answer(tmp_path, position, "german: move I/36 1508 1607 1606"))


async def test_disorganised_units_do_not_infiltrate(tmp_path):
    """5.6.3: a disorganised unit may only recover: it does not infiltrate."""
    position = german("14pz", {"HQ-14pz": "1408", "I/108": "1507", "I/16": "1607"}, units={"I/108": {"disorganized": True}})
    assert cites(await answer(tmp_path, position, "german: infiltrate I/108 1506"), "5.6.3")


async def test_disorganised_units_open_no_reaction(tmp_path):
    """5.6.3: a disorganised unit next to the mover does not qualify its formation for a reaction."""
    position = german("14pz", {"HQ-14pz": "1408", "HQ-87rd": "1409", "I/36": "1303", "II/16": "1506"}, units={"II/16": {"disorganized": True}})
    replies = await typed(tmp_path, position, "german: move I/36 1304 1305 1405", "german: move I/36 1404")
    assert echoed(replies[0]) and echoed(replies[1])


# Command range, out of command, isolation (5.8)


async def test_command_an_out_of_command_move_costs_two_ap(tmp_path):
    """7.1, 5.8.3: a Movement Action of a unit out of command costs 2 AP: with 1 left it is refused."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "2505"}, ap=1)
    replies = await answer(tmp_path, position, "german: move I/36 2504")
    assert cites(replies, "7.1") and "2 AP" in refusal(replies)


async def test_command_an_out_of_command_hasty_attack_costs_two_ap(tmp_path):
    """7.1, 5.8.3: a hasty attack by a unit out of command costs 2 AP: with 1 left it is refused."""
    position = german("14pz", {"HQ-14pz": "1408", "I/108": "2505", "I/16": "2605"}, ap=1, turn=2)
    assert cites(await answer(tmp_path, position, "german: attack hasty 2505 2605"), "7.1")


async def test_command_out_of_command_units_make_no_improved_defense(tmp_path):
    """5.8.3: a unit out of command range only moves or makes hasty attacks (chapter 7)."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "2505"})
    assert cites(await answer(tmp_path, position, "german: improve 2505"), "5.8.3")


async def test_command_an_isolated_unit_makes_no_regular_attack(tmp_path):
    """5.8.4: an isolated unit makes no regular attack."""
    position = german("14pz", {"I/108": "1507", "I/16": "1607", "HQ-87rd": "2707"}, turn=2)
    assert cites(await answer(tmp_path, position, "german: attack regular 1507 1607"), "5.8.4")


async def test_command_an_isolated_unit_failing_its_check_disorganises_and_stays(tmp_path):
    """5.8.4: an isolated mover failing its check disorganises, does not move, and the AP are spent."""
    position = german("14pz", {"I/36": "1407"}, ap=2, rolls=(10,), luck="soviet")
    replies = await typed(tmp_path, position, "german: move I/36 1406", "german: recover I/36")
    assert echoed(replies[0]) and any("5.8.4" in r["text"] for r in replies[0]) and cites(replies[1], "7.6")


# HQ Relocation (7.4)


async def test_hq_relocation_to_a_friendly_village_in_range(tmp_path):
    """7.4: the HQ relocates to a friendly village in supply within its command range for its points."""
    position = german("14pz", {"HQ-14pz": "1408", "HQ-44id": "1313"})
    assert echoed(await answer(tmp_path, position, "german: relocate HQ-14pz 1505"))


async def test_hq_relocation_without_the_ap_cites_the_cost_rule(tmp_path):
    """7.1: relocating costs the HQ's relocation points: with fewer AP it is refused (RULINGS 33)."""
    position = german("14pz", {"HQ-14pz": "1408", "HQ-44id": "1313"}, ap=1)
    assert cites(await answer(tmp_path, position, "german: relocate HQ-14pz 1505"), "7.1")


async def test_hq_relocation_beyond_command_range(tmp_path):
    """7.4: the destination must be within the HQ's command range."""
    position = german("44id", {"HQ-44id": "1109", "HQ-14pz": "1313"})
    assert cites(await answer(tmp_path, position, "german: relocate HQ-44id 1505"), "7.4")


async def test_hq_relocation_path_blocked_by_enemy_zoc(tmp_path):
    """7.4: the path must be free of enemy units and of enemy ZOC without a friendly unit."""
    position = german("14pz", {"HQ-14pz": "1408", "HQ-44id": "1313", "I/16": "1604"})
    assert cites(await answer(tmp_path, position, "german: relocate HQ-14pz 1505"), "7.4")


# Combat Actions (7.5)


async def test_combat_a_hex_of_hqs_alone_is_not_attacked(tmp_path):
    """7.5: HQs are ignored in combat: a hex holding only an enemy HQ is no target."""
    position = german("14pz", {"HQ-14pz": "1408", "I/108": "1405", "HQ-87rd": "1505"}, turn=2)
    assert cites(await answer(tmp_path, position, "german: attack hasty 1405 1505"), "7.5")


async def test_combat_a_named_attacker_stands_in_the_attacking_hex(tmp_path):
    """7.5.1: the attacking units are chosen among those in the attacking hex."""
    position = german("14pz", {"HQ-14pz": "1408", "I/108": "1507", "I/103": "1407", "I/16": "1607", "HQ-87rd": "2707"}, turn=2)
    assert cites(await answer(tmp_path, position, "german: attack hasty 1507 1607 I/103"), "7.5.1")


# More movement: stacks, boats, infiltration (7.3.1, 7.3.4, 7.3.8)


async def test_movement_a_stack_moves_at_its_slowest_units_ma(tmp_path):
    """7.3.1 B: nine clear hexes are within K64's MA 9 but not the stack's, I/36's MA 8."""
    position = german("14pz", {"HQ-14pz": "1109", "K64": "1100", "I/36": "1100"})
    replies = await answer(tmp_path, position, "german: move 1100 1101 1102 1103 1104 1105 1106 1107 1108 1008")
    assert cites(replies, "7.3.2") and "has 8" in refusal(replies)


async def test_movement_a_boat_crossing_need_not_end_the_move(tmp_path):
    """7.3.8: a leg unit crossing the Bug by boat pays 1 MP more and may go on (digest 8.2 no. 28)."""
    position = german("44id", {"HQ-44id": "1505", "II/131": "1807"})
    assert echoed(await answer(tmp_path, position, "german: move II/131 1907 2006"))


async def test_movement_a_boat_crossing_starts_next_to_the_bug(tmp_path):
    """7.3.8: a unit crosses the Bug by boat only from the hex its move starts in."""
    position = german("44id", {"HQ-44id": "1505", "II/131": "1707"})
    assert cites(await answer(tmp_path, position, "german: move II/131 1807 1907"), "7.3.8")


async def test_infiltration_failing_the_check_disorganises_the_unit_in_place(tmp_path):
    """7.3.4: an infiltrating unit failing its check disorganises and does not move (then cannot move, 5.6.3)."""
    position = german("14pz", {"HQ-14pz": "1408", "I/108": "1507", "I/16": "1607"}, rolls=(10,), luck="soviet")
    replies = await typed(tmp_path, position, "german: infiltrate I/108 1508", "german: move I/108 1407")
    assert echoed(replies[0]) and cites(replies[1], "5.6.3")


async def test_infiltration_out_of_command_costs_two_ap(tmp_path):
    """7.1, 5.8.3: an infiltration is a Movement Action: out of command it costs 2 AP."""
    position = german("14pz", {"HQ-14pz": "1408", "I/108": "2605", "I/16": "2704", "II/16": "2706"}, ap=1)
    assert cites(await answer(tmp_path, position, "german: infiltrate I/108 2606"), "7.1")


async def test_infiltration_goes_into_an_enemy_zoc_hex(tmp_path):
    """7.3.4: infiltration goes into another enemy ZOC hex; a hex outside it is reached by moving."""
    position = german("14pz", {"HQ-14pz": "1408", "I/108": "1507", "I/16": "1607"})
    assert cites(await answer(tmp_path, position, "german: infiltrate I/108 1406"), "7.3.4")


async def test_infiltration_never_across_the_unbridged_bug(tmp_path):
    """7.3.8: infiltration does not cross the unbridged Bug."""
    position = german("14pz", {"HQ-14pz": "1408", "I/108": "1508", "I/16": "1607", "II/16": "1709"})
    assert cites(await answer(tmp_path, position, "german: infiltrate I/108 1608"), "7.3.8")


async def test_zoc_an_hq_with_a_disorganised_unit_neither_stops_nor_is_displaced(tmp_path):
    """5.4, 7.3.6: HQs and disorganised units have no ZOC, and a hex not holding only HQs is not displaced."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1407", "HQ-87rd": "1505", "I/16": "1505"}, units={"I/16": {"disorganized": True}})
    replies = await typed(tmp_path, position, "german: move I/36 1406 1405 1305", "german: move I/36 1306")
    assert echoed(replies[0]) and echoed(replies[1])


async def test_command_an_efficiency_check_equal_to_the_efficiency_passes(tmp_path):
    """5.6.1: an isolated mover rolling its efficiency (6) passes and moves (and, isolated, makes no Improved Defense, 5.8.4)."""
    position = german("14pz", {"I/36": "1407"}, rolls=(6,), luck="soviet")
    replies = await typed(tmp_path, position, "german: move I/36 1406", "german: improve 1406")
    assert echoed(replies[0]) and cites(replies[1], "5.8.4")


async def test_combat_an_isolated_attacker_failing_its_check_leaves_no_attack(tmp_path):
    """5.8.4: the lone isolated attacker fails its check: it disorganises, the attack does not happen, the AP are spent."""
    position = german("14pz", {"I/108": "1507", "I/16": "1607", "HQ-87rd": "2707"}, turn=2, rolls=(10,), luck="soviet")
    replies = await answer(tmp_path, position, "german: attack hasty 1507 1607")
    assert echoed(replies) and any("does not take place" in r["text"] for r in replies)


async def test_hq_relocation_into_enemy_zoc_where_a_friendly_unit_stands(tmp_path):
    """7.4: a friendly unit cancels enemy ZOC in its hex, the destination included."""
    position = german("14pz", {"HQ-14pz": "1408", "HQ-44id": "1313", "I/16": "1604", "I/103": "1505"})
    assert echoed(await answer(tmp_path, position, "german: relocate HQ-14pz 1505"))


async def test_hq_relocation_across_the_bug_over_a_bridge(tmp_path):
    """7.4: an HQ crosses the Bug within its command range to a hex whose supply runs over a bridge."""
    position = german("14pz", {"HQ-14pz": "1408", "HQ-44id": "1313", "I/103": "1409"})
    assert echoed(await answer(tmp_path, position, "german: relocate HQ-14pz 1409"))


async def test_hq_relocation_never_into_an_enemy_hex(tmp_path):
    """7.4: a village holding an enemy unit is not friendly."""
    position = german("14pz", {"HQ-14pz": "1408", "HQ-44id": "1313", "I/16": "1505"})
    assert cites(await answer(tmp_path, position, "german: relocate HQ-14pz 1505"), "7.4")


async def test_movement_the_displaced_hqs_formation_may_not_react(tmp_path):
    """7.3.6: after its HQ is displaced, the formation may not react in that Movement Action (another may)."""
    placed = {"HQ-14pz": "1408", "I/36": "2605", "HQ-87rd": "2607", "II/16": "2507", "A/19": "2707", "HQ-2fr": "3108"}
    replies = await typed(tmp_path, german("14pz", placed), "german: move I/36 2606", "soviet: displace HQ-87rd 2708", "soviet: react 87rd")
    assert echoed(replies[0]) and echoed(replies[1]) and cites(replies[2], "7.3.6")


async def test_movement_leaving_an_enemy_zoc_hex_is_free(tmp_path):
    """5.4.1, 7.3.9: a unit starting in enemy ZOC leaves it for hexes outside it without stopping."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1507", "I/16": "1607"})
    assert echoed(await answer(tmp_path, position, "german: move I/36 1407 1307 1306"))


async def test_zoc_an_at_unit_projects_none_into_a_swamp(tmp_path):
    """5.4: AT units project ZOC as AFV do: not into a swamp."""
    position = soviet("87rd", {"HQ-87rd": "2008", "I/16": "1701", "PzJg4": "1802"})
    assert echoed(await answer(tmp_path, position, "soviet: move I/16 1702 1703"))


async def test_command_an_out_of_command_unit_opens_no_reaction(tmp_path):
    """5.8.3: a unit out of its HQ's command range does not qualify its formation for a reaction."""
    position = german("14pz", {"HQ-14pz": "1408", "HQ-87rd": "2811", "I/36": "1303", "II/16": "1506"})
    replies = await typed(tmp_path, position, "german: move I/36 1304 1305 1405", "german: move I/36 1404")
    assert echoed(replies[0]) and echoed(replies[1])


async def test_command_an_isolated_unit_failing_its_check_stays_behind_its_stack(tmp_path):
    """5.8.4: in an isolated stack only the unit that fails its check stays (disorganised); the others move."""
    position = german("14pz", {"I/36": "1407", "I/103": "1407"}, rolls=(1, 10), luck="soviet")  # I/103 checks first
    replies = await typed(tmp_path, position, "german: move 1407 1406", "german: move I/36 1406", "german: improve 1406")
    assert echoed(replies[0]) and cites(replies[1], "5.6.3") and cites(replies[2], "5.8.4")


async def test_command_range_counts_the_hqs_hex_not_the_units(tmp_path):
    """5.8: six hexes from 14pz's HQ (range 6), counting the HQ's hex, the unit is in command: Improved Defense is accepted."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1303"})
    assert echoed(await answer(tmp_path, position, "german: improve 1303"))


async def test_command_one_hex_beyond_the_range_is_out_of_command(tmp_path):
    """5.8, 5.8.3: seven hexes from 14pz's HQ (range 6) the unit is out of command: no Improved Defense."""
    position = german("14pz", {"HQ-14pz": "1408", "I/36": "1302"})
    assert cites(await answer(tmp_path, position, "german: improve 1302"), "5.8.3")
