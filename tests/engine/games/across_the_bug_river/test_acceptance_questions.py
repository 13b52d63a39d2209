"""Rules questions on Across the Bug River asked as a referee asks them: a position file, referee
lines, one order; the verdict and the rule the Italian rulebook gives for it."""

from engine import registry
from tests.engine.games.acceptance import (
    answer,
    cites,
    echoed,
    readme_example,
    readme_referee_lines,
    refusal,
    typed,
)
from tests.engine.games.across_the_bug_river.acceptance_helpers import activation, br_position

HQS = {"HQ-14pz": "1408", "HQ-44id": "1505"}


def moving(placed, ap=5, **kw):
    """14pz activated with ``ap`` AP, its HQ in 1408, with ``placed`` on the map."""
    return br_position({**HQS, **placed}, flow=activation("german", "14pz"), ap={"german": ap}, **kw)


async def test_sequence_an_order_of_the_other_side_names_the_step_and_whom_it_waits_for(tmp_path):
    """6.3: while 14pz is activated, a Soviet move is refused naming the German and the activation."""
    replies = await answer(tmp_path, moving({"I/36": "1407", "I/16": "1115"}), "soviet: move I/16 1114")
    text = refusal(replies)
    assert "german" in text.casefold() and "6.3" in text


async def test_activation_only_a_formation_with_an_activation_level_is_activated(tmp_path):
    """6.3.2: a formation at activation level 0 cannot be activated."""
    position = br_position(HQS, formations={"14pz": {"level": 0}, "44id": {"level": 4}, "298id": {"level": 4}})
    replies = await answer(tmp_path, position, "german: activate 14pz")
    assert cites(replies, "6.3.2")


async def test_movement_costs_one_ap_in_command(tmp_path):
    """7.3: a Movement Action of a unit in command costs 1 AP."""
    replies = await answer(tmp_path, moving({"I/36": "1407"}), "german: move I/36 1406")
    assert echoed(replies)


async def test_movement_without_ap_is_refused(tmp_path):
    """7.1: an Action is chosen only if the activated formation has the AP it costs left."""
    replies = await answer(tmp_path, moving({"I/36": "1407"}, ap=0), "german: move I/36 1406")
    assert cites(replies, "7.1")


async def test_movement_never_into_an_enemy_hex(tmp_path):
    """7.3.2: a hex holding enemy units is closed."""
    replies = await answer(tmp_path, moving({"I/36": "1305", "No.1": "1306"}), "german: move I/36 1306")
    assert cites(replies, "7.3.2")


async def test_movement_stops_on_entering_an_enemy_zoc(tmp_path):
    """7.3.9: a path does not go on past the first enemy ZOC hex it enters."""
    replies = await answer(tmp_path, moving({"I/103": "1303", "I/16": "1306"}), "german: move I/103 1304 1305 1205")
    assert cites(replies, "7.3.9")


async def test_movement_ezoc_to_ezoc_only_by_infiltration(tmp_path):
    """7.3.4: a unit moves from one enemy ZOC hex straight into another only by infiltration."""
    replies = await answer(tmp_path, moving({"I/103": "1305", "I/16": "1306"}), "german: move I/103 1205")
    assert cites(replies, "7.3.4")


async def test_movement_a_motorised_unit_crosses_a_stream_only_as_its_whole_move(tmp_path):
    """7.3.7: a motorised unit crosses an unbridged stream only starting next to it, and stops."""
    replies = await answer(tmp_path, moving({"I/36": "2110"}), "german: move I/36 2109 2108")
    assert cites(replies, "7.3.7")


async def test_movement_the_unbridged_bug_is_closed_to_motorised_units(tmp_path):
    """7.3.8: only boat movement crosses the unbridged Bug."""
    replies = await answer(tmp_path, moving({"I/36": "1807"}), "german: move I/36 1907")
    assert cites(replies, "7.3.8")


async def test_disorganised_units_do_not_move(tmp_path):
    """5.6.3: a disorganised unit cannot move."""
    replies = await answer(tmp_path, moving({"I/36": "1407"}, units={"I/36": {"disorganized": True}}), "german: move I/36 1406")
    assert cites(replies, "5.6.3")


async def test_formation_only_the_activated_formations_units_act(tmp_path):
    """5.5.1: a unit of another formation does not act in 14pz's activation."""
    replies = await answer(tmp_path, moving({"I/131": "1407"}), "german: move I/131 1406")
    assert cites(replies, "5.5.1")


async def test_reaction_window_opens_next_to_an_eligible_enemy(tmp_path):
    """6.4.1: a move entering a hex next to an enemy in command pauses for the Soviet's reaction."""
    position = moving({"HQ-87rd": "1409", "I/36": "1303", "II/16": "1506"})
    replies = await answer(tmp_path, position, "german: move I/36 1304 1305 1405", "soviet: options")
    assert any("noreact" in r["text"] for r in replies)


async def test_reaction_the_mover_cannot_act_while_the_window_is_open(tmp_path):
    """6.4.1: while the Soviet may react, the German's next order waits and names the reaction window."""
    position = moving({"HQ-87rd": "1409", "I/36": "1303", "II/16": "1506"})
    replies = await answer(tmp_path, position, "german: move I/36 1304 1305 1405", "german: move I/36 1404")
    text = refusal(replies)
    assert "Soviet" in text and "6.4" in text


def duel(attackers=("I/108",), defenders=("I/16",), ap=5, **kw):
    """German ``attackers`` in 1507 (14pz activated, HQ in 1408) next to Soviet ``defenders`` in 1607."""
    placed = {"HQ-14pz": "1408", "HQ-87rd": "2707", **{u: "1507" for u in attackers}, **{u: "1607" for u in defenders}, **kw.pop("placed", {})}
    return br_position(placed, flow=activation("german", "14pz"), ap={"german": ap}, turn=2, **kw)


async def test_combat_one_hex_attacks_one_adjacent_hex(tmp_path):
    """7.5.1: the target hex must be adjacent to the attacking hex."""
    replies = await answer(tmp_path, duel(), "german: attack hasty 1507 1708")
    assert cites(replies, "7.5.1")


async def test_combat_no_attack_across_the_unbridged_bug(tmp_path):
    """3.1.2: no attack across a lake or the unbridged Bug."""
    position = br_position({"HQ-14pz": "1408", "HQ-87rd": "2707", "I/108": "1807", "I/16": "1907"},
                           flow=activation("german", "14pz"), ap={"german": 5}, turn=2)
    replies = await answer(tmp_path, position, "german: attack hasty 1807 1907")
    assert cites(replies, "3.1.2")


async def test_combat_only_the_activated_formation_attacks(tmp_path):
    """5.5.1: a unit of another formation does not join 14pz's attack."""
    replies = await answer(tmp_path, duel(attackers=("I/108", "I/131")), "german: attack hasty 1507 1607 I/131")
    assert cites(replies, "5.5.1")


async def test_combat_a_disorganised_unit_does_not_attack(tmp_path):
    """5.6.3: a disorganised unit may only recover."""
    replies = await answer(tmp_path, duel(units={"I/108": {"disorganized": True}}, placed={"I/36": "1507"}), "german: attack hasty 1507 1607 I/108")
    assert cites(replies, "5.6.3")


async def test_combat_out_of_command_units_make_only_hasty_attacks(tmp_path):
    """5.8.3: a unit out of its HQ's command range makes no regular or prepared attack."""
    position = duel(placed={"HQ-14pz": "1313"})
    replies = await answer(tmp_path, position, "german: attack regular 1507 1607")
    assert cites(replies, "5.8.3")


async def test_combat_each_attack_type_costs_its_ap(tmp_path):
    """7.1: a regular attack costs 2 AP: with 1 AP left it is refused."""
    replies = await answer(tmp_path, duel(ap=1), "german: attack regular 1507 1607")
    assert cites(replies, "7.1")


async def test_combat_a_hasty_attack_is_resolved_with_the_dice(tmp_path):
    """7.5.1: a hasty attack with AP is declared and resolved with the rolls the referee fixed."""
    replies = await answer(tmp_path, duel(), "referee: dice 5 5 5 5 5 5 5 because rules question", "german: attack hasty 1507 1607")
    assert replies and replies[0]["ok"]


async def test_hq_relocates_only_into_a_village_or_city(tmp_path):
    """7.4: an HQ relocates only to a friendly-controlled village or city."""
    position = br_position({"HQ-14pz": "1408", "HQ-44id": "1313"}, flow=activation("german", "14pz"), ap={"german": 5})
    replies = await answer(tmp_path, position, "german: relocate HQ-14pz 1407")
    assert cites(replies, "7.4")


async def test_hq_a_village_holds_one_hq(tmp_path):
    """5.3.1: a village holds one HQ, a city two."""
    position = br_position({"HQ-14pz": "1408", "HQ-44id": "1505"}, flow=activation("german", "14pz"), ap={"german": 5})
    replies = await answer(tmp_path, position, "german: relocate HQ-14pz 1505")
    assert cites(replies, "5.3.1")


async def test_hq_only_the_activated_formations_hq_relocates(tmp_path):
    """7.4: only the HQ of the activated formation relocates in its activation."""
    position = br_position({"HQ-14pz": "1408", "HQ-44id": "1313"}, flow=activation("german", "14pz"), ap={"german": 5})
    replies = await answer(tmp_path, position, "german: relocate HQ-44id 1505")
    assert cites(replies, "7.4")


async def test_infiltration_starts_in_an_enemy_zoc(tmp_path):
    """7.3.4: only a unit that starts the Action in an enemy ZOC infiltrates."""
    position = br_position({"HQ-14pz": "1408", "HQ-87rd": "2707", "I/16": "1607", "I/108": "1406"},
                           flow=activation("german", "14pz"), ap={"german": 5})
    replies = await answer(tmp_path, position, "german: infiltrate I/108 1507")
    assert cites(replies, "7.3.4")


async def test_infiltration_never_into_an_enemy_hex(tmp_path):
    """7.3.2: infiltration does not enter a hex holding enemy units."""
    position = br_position({"HQ-14pz": "1408", "HQ-87rd": "2707", "I/16": "1607", "I/108": "1507"},
                           flow=activation("german", "14pz"), ap={"german": 5})
    replies = await answer(tmp_path, position, "german: infiltrate I/108 1607")
    assert cites(replies, "7.3.2")


def replacement_segment(side="german", inf=2, afv=1, units=None):
    placed = {"HQ-14pz": "1408", "I/36": "1408", "I/103": "1308", "HQ-87rd": "2707", "I/16": "2707", "II/16": "2808"}
    changes = {"I/36": {"strength": 4}, "I/103": {"strength": 2}, "II/16": {"strength": 1}, **(units or {})}
    flow = [{"proc": "replacement", "side": side, "inf": inf, "afv": afv, "cut": [], "pool": 0, "kind": None, "source": None}]
    return br_position(placed, flow=flow, units=changes)


async def test_replacements_of_the_matching_type(tmp_path):
    """8.3.1: with no AFV replacement point left an AFV unit gets no replacement."""
    replies = await answer(tmp_path, replacement_segment(afv=0), "german: replace I/36")
    assert cites(replies, "8.3.1")


async def test_replacements_never_to_a_disorganised_unit(tmp_path):
    """8.3: the receiving unit must not be disorganised."""
    replies = await answer(tmp_path, replacement_segment(units={"I/36": {"strength": 4, "disorganized": True}}), "german: replace I/36")
    assert cites(replies, "8.3")


async def test_replacements_an_afv_point_restores_a_step(tmp_path):
    """8.3.1: one AFV replacement point restores one step of an AFV unit."""
    replies = await answer(tmp_path, replacement_segment(), "german: replace I/36")
    assert echoed(replies)


def assignment_segment(units=None):
    placed = {"HQ-14pz": "1408", "HQ-44id": "1505", "1/191": "1407", "I/36": "1408"}
    changes = {"1/191": {"assigned": "14pz"}, **(units or {})}
    return br_position(placed, flow=[{"proc": "assignment", "side": "german", "cut": []}], units=changes, scenario="campaign")


async def test_assignment_an_independent_reattaches_within_both_ranges(tmp_path):
    """5.5.2: an attached independent goes to another formation of its corps within both HQs' range."""
    replies = await answer(tmp_path, assignment_segment(), "german: attach 1/191 44id")
    assert echoed(replies)


async def test_assignment_a_disorganised_unit_is_not_attached(tmp_path):
    """5.5.2: a disorganised independent is not attached."""
    replies = await answer(tmp_path, assignment_segment({"1/191": {"assigned": "14pz", "disorganized": True}}), "german: attach 1/191 44id")
    assert cites(replies, "5.5.2")


async def test_victory_only_the_111th_and_299th_exit(tmp_path):
    """11.2: units of other formations do not exit the map for VP."""
    position = br_position({"HQ-14pz": "1408", "I/36": "5412"}, flow=activation("german", "14pz"), ap={"german": 5}, scenario="scenario2")
    replies = await answer(tmp_path, position, "german: exit I/36")
    assert cites(replies, "11.2")


async def test_the_readme_example_position_loads_and_asks_its_question(tmp_path):
    """7.5.1, 5.2: the README's example (examples/positions) loads; the hasty attack rolls the fixed dice and offers the Schlachtenglück."""
    position = readme_example("Across the Bug River", "across_the_bug_river")
    replies = await answer(tmp_path, position, "german: attack hasty 1908 2008")
    assert echoed(replies) and any("fixed by the referee" in r["text"] for r in replies) and any("(5.2)" in r["text"] for r in replies)


async def test_initiative_no_transfer_during_the_surprise_attack(tmp_path):
    """10.2: during the Surprise Attack's activations the initiative is not transferred."""
    position = br_position(HQS, surprise={"active": True, "left": 2, "used": []})
    replies = await answer(tmp_path, position, "german: transfer")
    assert cites(replies, "10.2")


async def test_initiative_transfer_only_without_a_higher_activation_marker(tmp_path):
    """6.2: a side transfers the initiative only if none of its markers is above the other side's highest."""
    replies = await answer(tmp_path, br_position(HQS), "german: transfer")
    assert cites(replies, "6.2")


async def test_initiative_the_surprise_attack_activates_infantry_divisions_only(tmp_path):
    """10.2: in the Surprise Attack only infantry divisions are activated, each once."""
    position = br_position(HQS, surprise={"active": True, "left": 2, "used": []})
    replies = await answer(tmp_path, position, "german: activate 14pz")
    assert cites(replies, "10.2")


async def test_recovery_only_for_a_disorganised_unit(tmp_path):
    """7.6: the Recovery Action is for a disorganised unit."""
    replies = await answer(tmp_path, moving({"I/36": "1407"}), "german: recover I/36")
    assert cites(replies, "7.6")


async def test_recovery_needs_command_range(tmp_path):
    """7.6: a disorganised unit recovers only within its HQ's command range."""
    position = moving({"I/36": "1813"}, units={"I/36": {"disorganized": True}})
    replies = await answer(tmp_path, position, "german: recover I/36")
    assert cites(replies, "7.6")


async def test_improved_defense_no_disorganised_unit(tmp_path):
    """7.7: no unit of a stack in Improved Defense may be disorganised."""
    position = moving({"I/36": "1407"}, units={"I/36": {"disorganized": True}})
    replies = await answer(tmp_path, position, "german: improve 1407")
    assert cites(replies, "7.7")


async def test_improved_defense_costs_one_ap(tmp_path):
    """7.1: Improved Defense costs 1 AP per stack: with none left it is refused."""
    replies = await answer(tmp_path, moving({"I/36": "1407"}, ap=0), "german: improve 1407")
    assert cites(replies, "7.1")


async def test_reaction_a_formation_without_a_unit_next_to_the_mover_does_not_react(tmp_path):
    """6.4.1: only a formation with a qualifying unit next to the moving unit may react."""
    position = moving({"HQ-87rd": "1409", "I/36": "1303", "II/16": "1506", "HQ-41td": "2208"})
    replies = await answer(tmp_path, position, "german: move I/36 1304 1305 1405", "soviet: react 41td")
    assert cites(replies, "6.4.1")


CROWDED = {"HQ-14pz": "1408", "HQ-87rd": "2707", "I/103": "1507", "I/36": "1507", "I/108": "1506"}


async def test_stacking_the_enemy_displaces_the_excess_into_an_adjacent_hex(tmp_path):
    """5.3.3: after an Action ends over the limit (the checks passed, 5.3.1), the opponent moves excess units into adjacent hexes."""
    position = br_position(CROWDED, flow=activation("german", "14pz"), ap={"german": 5}, rolls=(1, 1, 1), luck="soviet")
    replies = await answer(tmp_path, position, "german: move I/108 1507", "soviet: displace I/103 1407")
    assert echoed(replies)


async def test_stacking_no_displacement_into_an_enemy_hex(tmp_path):
    """5.3.3: an over-stacked unit is never displaced into a hex holding enemy units."""
    position = br_position({**CROWDED, "I/16": "1607"}, flow=activation("german", "14pz"), ap={"german": 5}, rolls=(1, 1, 1), luck="soviet")
    replies = await answer(tmp_path, position, "german: move I/108 1507", "soviet: displace I/103 1607")
    assert cites(replies, "5.3.3")


async def test_stacking_no_displacement_over_the_limit_while_a_hex_within_it_is_open(tmp_path):
    """5.3.3: the opponent may not over-stack another hex while one within the limit is open."""
    position = br_position({**CROWDED, "II/108": "1407"}, flow=activation("german", "14pz"), ap={"german": 5}, rolls=(1, 1, 1), luck="soviet")
    replies = await answer(tmp_path, position, "german: move I/108 1507", "soviet: displace I/103 1407")
    assert cites(replies, "5.3.3")


def test_the_readme_lists_every_referee_kind_with_an_example():
    """The README's referee reference has an example line for each override kind of the game."""
    listed = {line.split()[1] for line in readme_referee_lines("Across the Bug River")}
    assert set(registry.get("across-the-bug-river").override_kinds) <= listed


async def test_every_readme_referee_example_is_accepted_as_written(tmp_path):
    """Typed in order on the README's example position, every referee example line is accepted."""
    lines = readme_referee_lines("Across the Bug River")
    answers = await typed(tmp_path, readme_example("Across the Bug River", "across_the_bug_river"), *lines)
    assert [line for line, replies in zip(lines, answers, strict=True) if not replies or not all(r["ok"] for r in replies)] == []
