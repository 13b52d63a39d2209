"""Rules questions on combat in Von Manstein's Backhand Blow (S 12, E 16: attacks, losses,
retreats, refusing combat, advance after combat), asked as a referee asks them: a position file
with the dice fixed, the orders of one combat; the verdict and the rule the Italian rulebook
gives for it.

The CRT cells are provisional (data/tables.toml): 14 against 5 (or 28 against 14) is the 2:1
column, where an unmodified 8 reads 1/2 (one hit on the attacker, two on the defender)."""

from tests.engine.games.acceptance import answer, cites, echoed, refusal
from tests.engine.games.schwerpunkt.acceptance_helpers import activity, sp_position

ONE_TWO = (4, 4)  # an 8 on the 2:1 column: 1/2
NO_CHITS = ("german: chits none", "soviet: chits none")


def german_attack(stacks, rolls=ONE_TWO, **kw):
    """The German's Combat segment (scenario 1 unless said), the dice fixed."""
    return sp_position(stacks, flow=activity("german", "combat"), rolls=rolls, **kw)


def soviet_general(stacks, rolls=ONE_TWO, **kw):
    """The Soviet General Phase's Combat segment (attacks free of AP and Front range), scenario 2."""
    return sp_position(stacks, flow=activity("soviet", "combat", general=True), rolls=rolls, scenario="scenario2",
                       phase={"kind": "general", "side": "soviet", "n": 0}, **kw)


BASIC = {"2020": ["gd-pz", "gd-gre"], "2021": ["s-100"]}
ATTACK = ("german: attack 2021 with gd-pz gd-gre", *NO_CHITS)


async def test_attack_only_an_adjacent_hex(tmp_path):
    """S 12.3: only units next to the target hex attack it."""
    replies = await answer(tmp_path, german_attack({"2020": ["gd-pz"], "2022": ["s-100"]}), "german: attack 2022 with gd-pz")
    assert cites(replies, "S 12.3")


async def test_attack_a_unit_is_attacked_once_per_segment(tmp_path):
    """S 12.3: a defender already attacked in this Combat segment is not attacked again."""
    position = german_attack({"2020": ["gd-pz"], "2121": ["gd-gre"], "2021": ["s-100"]}, units={"s-100": {"defended": True}})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-gre")
    assert cites(replies, "S 12.3")


async def test_attack_by_a_unit_that_moved_in_the_activity_phase(tmp_path):
    """S 12.2: outside the General Phase a unit that moved in this phase may still attack."""
    position = german_attack({**BASIC}, units={"gd-pz": {"moved": True}, "gd-gre": {"moved": True}})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre")
    assert echoed(replies)


async def test_attack_by_an_out_of_supply_unit(tmp_path):
    """S 12.2: supply does not bar a unit from attacking (it fights halved)."""
    position = german_attack({**BASIC}, units={"gd-pz": {"oos": True}})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz")
    assert echoed(replies)


async def test_losses_the_attacker_spreads_them_evenly(tmp_path):
    """S 12.9: two hits on two attackers are one step each, not two on one unit."""
    position = german_attack({"2020": ["gd-pz", "gd-gre"], "2021": ["s-12tc"]}, rolls=(2, 2))
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre", *NO_CHITS, "german: losses gd-pz gd-pz")
    assert cites(replies, "S 12.9")


async def test_losses_the_attacker_never_retreats(tmp_path):
    """S 12.10: the attacker takes every hit as a step loss; only the defender retreats."""
    replies = await answer(tmp_path, german_attack(BASIC), *ATTACK, "soviet: losses s-100 retreat 2122", "german: losses retreat 1920")
    assert cites(replies, "S 12.10")


async def test_retreat_forced_when_the_hits_exceed_the_defending_units(tmp_path):
    """S 12.10: two hits on one defending unit force it to retreat a hex; two step losses are refused."""
    replies = await answer(tmp_path, german_attack(BASIC), *ATTACK, "soviet: losses s-100 s-100")
    assert cites(replies, "S 12.10")


async def test_retreat_a_city_defender_is_never_forced(tmp_path):
    """E 16.22: a defender in a city (Kharkov) may take two hits on one unit as step losses, without retreating."""
    position = german_attack({"2911": ["gd-pz", "gd-gre", "gd-fus"], "2810": ["19-27"], "2811": ["s-100"]}, rolls=(5, 5))
    replies = await answer(tmp_path, position, "german: attack 2811 with gd-pz gd-gre gd-fus 19-27", *NO_CHITS, "soviet: losses s-100 s-100")
    assert echoed(replies)


async def test_retreat_a_non_motorised_unit_retreats_one_hex_at_most(tmp_path):
    """S 12.10: a non-motorised defender never retreats two hexes."""
    replies = await answer(tmp_path, german_attack(BASIC), *ATTACK, "soviet: losses retreat 2122 2222")
    assert cites(replies, "S 12.10")


async def test_retreat_an_out_of_supply_motorised_unit_retreats_one_hex_at_most(tmp_path):
    """S 12.10: a motorised defender with an OOS marker retreats one hex at most."""
    position = german_attack({"2020": ["gd-pz", "gd-gre"], "2021": ["s-12tc"]}, units={"s-12tc": {"oos": True}})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre", *NO_CHITS, "soviet: losses retreat 2122 2222")
    assert cites(replies, "S 12.10")


async def test_retreat_toward_the_nearest_friendly_source(tmp_path):
    """S 12.10: s-100 retreats toward the Soviet sources (east, 2122), not away from them (1922)."""
    replies = await answer(tmp_path, german_attack(BASIC), *ATTACK, "soviet: losses s-100 retreat 1922")
    assert cites(replies, "S 12.10")


async def test_retreat_into_an_enemy_zoc_costs_a_step(tmp_path):
    """S 12.10: retreating into 2122, in the ZOC of the German in 2222, costs one more step loss."""
    position = german_attack({**BASIC, "2222": ["168-417"]})
    replies = await answer(tmp_path, position, *ATTACK, "soviet: losses s-100 retreat 2122")
    assert cites(replies, "S 12.10")


async def test_retreat_a_motorised_unit_passes_through_a_full_hex(tmp_path):
    """S 12.10: a motorised unit may retreat through a hex over the stacking limit if it does not end there."""
    position = german_attack({"2020": ["gd-pz", "gd-gre", "gd-fus", "19-27"], "2021": ["s-12tc"], "2122": ["s-100", "s-183", "s-25g"]})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre gd-fus 19-27", *NO_CHITS, "soviet: losses retreat 2122 2222")
    assert echoed(replies)


async def test_retreat_never_ends_over_the_stacking_limit(tmp_path):
    """S 12.10: no retreat ends in a friendly hex beyond the stacking limit (three Soviet divisions in 2122)."""
    position = german_attack({"2020": ["gd-pz", "gd-gre", "gd-fus", "19-27"], "2021": ["s-12tc"], "2122": ["s-100", "s-183", "s-25g"]})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre gd-fus 19-27", *NO_CHITS, "soviet: losses s-12tc retreat 2122")
    assert cites(replies, "S 12.10")


DONETS = {"3210": ["gd-pz", "gd-gre", "gd-fus"], "3309": ["19-27"], "3310": ["s-12tc"]}
DONETS_ATTACK = ("german: attack 3310 with gd-pz gd-gre gd-fus 19-27", *NO_CHITS)


async def test_retreat_stops_after_crossing_a_major_river(tmp_path):
    """E 16.22: a unit that retreats across the Donets (3310 to 3410) stops there: no second hex."""
    replies = await answer(tmp_path, german_attack(DONETS), *DONETS_ATTACK, "soviet: losses retreat 3410 3510")
    assert cites(replies, "E 16.22")


async def test_retreat_across_a_major_river_one_hex_in_frozen_weather(tmp_path):
    """E 16.22: in Frozen weather a motorised unit retreats one hex across the Donets (3310 to 3410)."""
    replies = await answer(tmp_path, german_attack(DONETS), *DONETS_ATTACK, "soviet: losses s-12tc retreat 3410")
    assert echoed(replies)


async def test_retreat_no_motorised_crossing_of_a_major_river_in_mud(tmp_path):
    """S 12.10: in Mud a motorised unit never retreats across an unbridged major river."""
    position = german_attack(DONETS, scenario="scenario2", weather="mud", turn=3)
    replies = await answer(tmp_path, position, *DONETS_ATTACK, "soviet: losses s-12tc retreat 3410")
    assert cites(replies, "S 12.10")


async def test_retreat_no_motorised_unit_into_swamp_in_mud(tmp_path):
    """S 12.10: in Mud a motorised unit never retreats into a swamp hex (1144)."""
    position = soviet_general({"1244": ["gd-pz"], "1245": ["s-12tc"], "1345": ["s-15tc"]}, weather="mud", turn=3)
    replies = await answer(tmp_path, position, "soviet: attack 1244 with s-12tc s-15tc", *NO_CHITS, "german: losses retreat 1144")
    assert cites(replies, "S 12.10")


async def test_retreat_a_stationary_unit_is_eliminated_absorbing_a_hit(tmp_path):
    """E 16.25: the VK in a retreating stack is eliminated and absorbs one hit: two hits, one hex, no step lost."""
    position = soviet_general({"2021": ["gd-pz", "vk-cha"], "2122": ["s-12tc", "s-15tc"]}, turn=3)
    replies = await answer(tmp_path, position, "soviet: attack 2021 with s-12tc s-15tc", *NO_CHITS, "german: losses retreat 1921")
    assert echoed(replies) and any("E 16.25" in r["text"] for r in replies)


async def test_refusal_never_into_an_enemy_zoc(tmp_path):
    """S 12.6: a defender refusing combat retreats two hexes, neither in an enemy ZOC (2122 is next to 168-417 in 2222)."""
    position = german_attack({"2020": ["168-417"], "2021": ["s-12tc"], "2222": ["298-kg"]})
    replies = await answer(tmp_path, position, "german: attack 2021 with 168-417", "soviet: refuse 2122 2221")
    assert cites(replies, "S 12.6")


async def test_refusal_the_attackers_advance_into_the_vacated_hex_only(tmp_path):
    """S 12.6: after a refusal the attackers may enter the vacated hex, never a second one."""
    position = german_attack({"2020": ["7-25"], "2021": ["s-10tc"]}, units={"7-25": {"step": 1}})
    replies = await answer(tmp_path, position, "german: attack 2021 with 7-25", "soviet: refuse 2122 2222", "german: advance 7-25 2122")
    assert cites(replies, "S 12.6")


async def test_advance_from_enemy_zoc_into_enemy_zoc(tmp_path):
    """S 5.3, S 12.11: an attacker in the ZOC of s-183 advances into the vacated 2021, in that ZOC too."""
    position = german_attack({**BASIC, "2121": ["s-183"]})
    replies = await answer(tmp_path, position, *ATTACK, "soviet: losses s-100 retreat 2122", "german: losses gd-gre", "german: advance gd-pz")
    assert echoed(replies)


async def test_advance_no_motorised_unit_into_swamp(tmp_path):
    """S 12.11: motorised units never advance into swamp (1144), whatever the weather."""
    position = german_attack({"1244": ["gd-pz", "gd-gre"], "1144": ["s-100"]}, rolls=(5, 5))
    replies = await answer(tmp_path, position, "german: attack 1144 with gd-pz gd-gre", *NO_CHITS, "soviet: losses s-100 retreat 1243",
                           "german: losses gd-gre", "german: advance gd-pz")
    assert cites(replies, "S 12.11")


async def test_no_attack_in_the_movement_segment(tmp_path):
    """S 12.1: attacks are made in the Combat segment, not in the Movement segment."""
    replies = await answer(tmp_path, sp_position(BASIC), "german: attack 2021 with gd-pz gd-gre")
    assert cites(replies, "S 12.1")


async def test_concentric_attack_needs_no_major_river_between(tmp_path):
    """E 16.21: 19-27 attacking across the Donets (from 3409) does not make an attack from the opposite 3210 concentric: German TV 6, not 7."""
    position = german_attack({"3210": ["gd-pz", "gd-gre"], "3409": ["19-27"], "3310": ["s-100"]})
    replies = await answer(tmp_path, position, "german: attack 3310 with gd-pz gd-gre 19-27")
    assert echoed(replies) and any("German 6," in r["text"] for r in replies)


async def test_concentric_attack_from_opposite_hexes(tmp_path):
    """S 12.82: attackers in opposite hexes (2020 and 2022 around 2021) make a concentric attack: German TV 6 + 1."""
    position = german_attack({"2020": ["gd-pz", "gd-gre"], "2022": ["19-27"], "2021": ["s-100"]})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre 19-27")
    assert echoed(replies) and any("German 7," in r["text"] for r in replies)


async def test_odds_above_nineteen_to_one_give_four_hits_to_the_defender(tmp_path):
    """E 16.1 (digest 8.1 item 4): above 19:1 the result is 0/4 whatever the roll (20 against 1 here)."""
    position = german_attack({"2020": ["gd-pz", "gd-gre", "gd-fus"], "2021": ["s-100"]}, units={"s-100": {"step": 1, "oos": True}})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre gd-fus", *NO_CHITS)
    assert any("0/4" in r["text"] for r in replies), replies


async def test_advance_within_the_stacking_limit(tmp_path):
    """E 10.2: the units advancing into the vacated hex stay within the German limit (two formations and a Kampfgruppe count 5)."""
    position = german_attack({"2020": ["gd-pz", "gd-gre", "gd-fus", "298-kg"], "2121": ["19-27", "19-73", "19-74"], "2021": ["s-12tc"]})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz gd-gre gd-fus 298-kg 19-27 19-73 19-74", *NO_CHITS,
                           "soviet: losses s-12tc s-12tc retreat 2122", "german: losses 298-kg", "german: advance gd-pz gd-gre gd-fus 19-27 19-73 298-kg")
    assert cites(replies, "E 10.2")


async def test_advance_no_motorised_crossing_of_a_major_river_in_mud(tmp_path):
    """S 12.10: in Mud gd-pz, attacking across the unbridged Donets (3409 into 3310), does not advance across it."""
    position = german_attack({"3409": ["gd-pz"], "3310": ["s-100"]}, scenario="scenario2", weather="mud", turn=3)
    replies = await answer(tmp_path, position, "german: attack 3310 with gd-pz", *NO_CHITS, "soviet: losses retreat 3311",
                           "german: losses gd-pz", "german: advance gd-pz")
    assert cites(replies, "S 12.10")


async def test_a_refused_retreat_says_what_is_wrong_and_what_is_open(tmp_path):
    """S 12.10: a refused retreat names its fault (a non-motorised unit, two hexes) and the retreats open instead."""
    replies = await answer(tmp_path, german_attack(BASIC), *ATTACK, "soviet: losses retreat 2122 2222")
    text = refusal(replies)
    assert "one hex at most" in text and "Retreats open now: 2022, 2121, 2122" in text


async def test_chits_two_each_when_neither_side_has_superiority(tmp_path):
    """S 12.52: with equal Tactical Values (4 and 4) each side uses at most two chits: three are refused."""
    position = german_attack({"2020": ["gd-pz"], "2021": ["s-12tc"]})
    replies = await answer(tmp_path, position, "german: attack 2021 with gd-pz", "soviet: chits feint nkvd fanaticism-s")
    assert cites(replies, "S 12.52")


async def test_one_combat_is_resolved_before_the_next_is_declared(tmp_path):
    """S 12.1: while the attacker still owes his losses, a new attack is refused."""
    position = german_attack({**BASIC, "2120": ["19-27"], "2220": ["s-183"]})
    replies = await answer(tmp_path, position, *ATTACK, "soviet: losses s-100 retreat 2122", "german: attack 2220 with 19-27")
    assert cites(replies, "S 12.1")


async def test_the_advance_is_decided_before_the_next_combat(tmp_path):
    """S 12.11: the advance into the vacated hex is decided before the next combat is declared."""
    position = german_attack({**BASIC, "2120": ["19-27"], "2220": ["s-183"]})
    replies = await answer(tmp_path, position, *ATTACK, "soviet: losses s-100 retreat 2122", "german: losses gd-gre",
                           "german: attack 2220 with 19-27")
    assert cites(replies, "S 12.11")


async def test_retreat_never_off_the_map(tmp_path):
    """S 12.10: no unit retreats off the map (gd-pz in 1020, on the west edge, toward 0920)."""
    position = soviet_general({"1020": ["gd-pz"], "1120": ["s-12tc", "s-15tc"]}, turn=3)
    replies = await answer(tmp_path, position, "soviet: attack 1020 with s-12tc s-15tc", *NO_CHITS, "german: losses retreat 0920")
    assert cites(replies, "S 12.10")
