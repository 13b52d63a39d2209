"""Rules questions on Across the Bug River's Schlachtenglück (5.2), stacking (5.3.1), formations and
attachment (5.5), initiative and activation (6.1-6.3), the Admin Phase (8), the special rules (10)
and the scenarios (11), asked as a referee asks them: a position file, referee lines, one order; the
verdict and the rule the Italian rulebook gives."""

from tests.engine.games.acceptance import answer, ask, cites, echoed, exported, refused
from tests.engine.games.acceptance import typed as typed_answers
from tests.engine.games.across_the_bug_river.acceptance_helpers import activation, br_position

GAME = "across-the-bug-river"
HQS = {"HQ-14pz": "1408", "HQ-44id": "1505"}


def levels(german: int, soviet: int) -> dict[str, dict[str, int]]:
    """Every formation of scenario 1 at ``german`` or ``soviet`` activation level."""
    formations = exported("across-the-bug-river", "scenario1")["state"]["formations"]
    return {fid: {"level": german if fid in ("14pz", "44id", "298id") else soviet} for fid in formations}


# 5.2 Schlachtenglück


async def test_luck_the_german_holds_the_marker_and_rerolls_its_own_ap_die(tmp_path):
    """5.2: the German holds Schlachtenglück at the start: it re-rolls its activation's AP die, handing the marker over."""
    replies = await answer(tmp_path, br_position(HQS), "german: activate 14pz", "german: reroll")
    assert echoed(replies) and any("Schlachtenglück" in r["text"] and "(5.2)" in r["text"] for r in replies)


async def test_luck_the_new_roll_stands(tmp_path):
    """5.2: one re-roll per roll: once the marker is handed over the new roll stands, no second re-roll."""
    replies = await answer(tmp_path, br_position(HQS), "german: activate 14pz", "german: reroll", "german: reroll")
    assert cites(replies, "5.2")


async def test_luck_a_side_without_the_marker_does_not_reroll(tmp_path):
    """5.2: only the holder re-rolls: the German without the marker keeps its AP die."""
    replies = await answer(tmp_path, br_position(HQS, luck="soviet"), "german: activate 14pz", "german: reroll")
    assert cites(replies, "5.2")


# 5.3.1 Stacking


async def test_stacking_an_at_unit_is_not_infantry_type_for_the_limit(tmp_path):
    """5.3.1: AT and border guard units do not count as infantry-type: an AT unit joins an infantry unit without over-stacking."""
    position = br_position({**HQS, "I/103": "1407", "PzJg4": "1406"}, flow=activation("german", "14pz"), ap={"german": 5})
    replies = await answer(tmp_path, position, "german: move PzJg4 1407")
    assert echoed(replies) and not any("5.3.1" in r["text"] for r in replies)


async def test_stacking_a_city_holds_two_hqs(tmp_path):
    """5.3.1: a city hex holds two HQs: the 87th's HQ relocates into a Volodymyr-Volynskyi hex holding the 41st's."""
    position = br_position({"HQ-14pz": "1408", "HQ-87rd": "2708", "HQ-41td": "2707"}, flow=activation("soviet", "87rd"), ap={"soviet": 5})
    replies = await answer(tmp_path, position, "soviet: relocate HQ-87rd 2707")
    assert echoed(replies)


async def test_stacking_a_city_holds_no_third_hq(tmp_path):
    """5.3.1: a city hex holds at most two HQs."""
    position = br_position({"HQ-14pz": "1408", "HQ-87rd": "2708", "HQ-41td": "2707", "HQ-2fr": "2707"},
                           flow=activation("soviet", "87rd"), ap={"soviet": 5})
    replies = await answer(tmp_path, position, "soviet: relocate HQ-87rd 2707")
    assert cites(replies, "5.3.1")


# 5.5 Formations and attachment (the Assignment Segment, 8.2)


def assignment(placed, units=None, side="german", scenario="campaign"):
    """The ``side``'s window of the Assignment Segment (8.2) with ``placed`` on the map."""
    return br_position(placed, flow=[{"proc": "assignment", "side": side, "cut": []}], units=units, scenario=scenario)


async def test_attachment_a_panzer_afv_goes_to_an_infantry_division(tmp_path):
    """5.5.1: up to two AFV units of the 14th Panzer Division may be detached to the 44th Infantry Division."""
    replies = await answer(tmp_path, assignment({**HQS, "I/36": "1407"}), "german: attach I/36 44id")
    assert echoed(replies)


async def test_attachment_only_the_listed_detachments(tmp_path):
    """5.5.1: an infantry unit of the 44th goes only to the 14th Panzer, never to the 298th."""
    replies = await answer(tmp_path, assignment({**HQS, "HQ-298id": "1409", "I/131": "1407"}), "german: attach I/131 298id")
    assert cites(replies, "5.5.1")


async def test_attachment_one_infantry_unit_of_the_44th_at_a_time(tmp_path):
    """5.5.1: one infantry unit of the 44th may be detached to the 14th Panzer; a second is refused."""
    position = assignment({**HQS, "I/131": "1407", "II/131": "1406"}, units={"I/131": {"assigned": "14pz"}})
    replies = await answer(tmp_path, position, "german: attach II/131 14pz")
    assert cites(replies, "5.5.1")


async def test_attachment_a_detached_unit_needs_both_hqs_in_range(tmp_path):
    """5.5.1: a detachment needs the unit within command range of its own HQ and of the new one."""
    replies = await answer(tmp_path, assignment({"HQ-14pz": "1408", "HQ-44id": "2003", "I/36": "1407"}), "german: attach I/36 44id")
    assert cites(replies, "5.5.1")


async def test_attachment_an_independent_stays_in_its_corps(tmp_path):
    """5.5.2: a German independent attaches only to a formation of its own corps (1/191 of III Corps, not the 111th of XXIX)."""
    position = assignment({**HQS, "1/191": "1407"})
    state = position["state"]  # the 111th arrives on turn 4 of the campaign: here its HQ stands in 1409
    state["units"]["HQ-111id"] = {"side": "german", "hex": "1409", "kind": "hq", "formation": "111id", "support": 3, "emergency": False}
    state["stacks"]["1409"] = ["HQ-111id"]
    state["formations"] = {**exported(GAME, "campaign")["state"]["formations"], "111id": {"level": 4}}
    replies = await answer(tmp_path, position, "german: attach 1/191 111id")
    assert cites(replies, "5.5.2")


async def test_attachment_an_isolated_unit_joins_a_formation_in_whose_range_it_is(tmp_path):
    """5.5.1: an isolated unit (its HQ ringed by enemy ZOC) may be attached for a time to a formation whose command range reaches it."""
    placed = {"HQ-14pz": "1408", "HQ-44id": "1505", "I/16": "1404", "II/16": "1605", "I/131": "1407"}
    replies = await answer(tmp_path, assignment(placed), "german: attach I/131 14pz")
    assert echoed(replies)


# 6.1-6.3 Initiative and activation


def cycle(rolls, **state):
    """14pz's activation about to end; the next Ops Cycle rolls ``rolls`` for the initiative (the
    German's die held: the German holds Schlachtenglück)."""
    return br_position(HQS, flow=activation("german", "14pz"), ap={"german": 2}, rolls=rolls, **state)


async def test_initiative_ties_go_to_the_german_with_the_interdiction_level(tmp_path):
    """6.1, 8.1.2: German 4 + interdiction 1 ties the Soviet 5: the German has the initiative."""
    replies = await answer(tmp_path, cycle((4, 5), interdiction=1), "german: end", "german: accept", "german: activate 14pz")
    assert echoed(replies)


async def test_initiative_the_marker_adds_to_the_side_it_shows(tmp_path):
    """6.1: the +DRM marker showing the Soviet side at +2 turns a Soviet 5 against a German 6 into the initiative."""
    replies = await answer(tmp_path, cycle((6, 5), marker={"side": "soviet", "value": 2}), "german: end", "german: accept", "soviet: activate 87rd")
    assert echoed(replies)


async def test_initiative_a_transfer_is_allowed_when_no_marker_is_higher(tmp_path):
    """6.2: with no activation marker higher than the other side's highest, the initiative is transferred."""
    replies = await answer(tmp_path, br_position(HQS, formations=levels(2, 2)), "german: transfer")
    assert echoed(replies)


async def test_initiative_is_never_transferred_back(tmp_path):
    """6.2: the side receiving a transfer must act or pass, never transfer back."""
    replies = await answer(tmp_path, br_position(HQS, formations=levels(2, 2)), "german: transfer", "soviet: transfer")
    assert cites(replies, "6.2")


async def test_initiative_no_transfer_to_a_side_that_passed(tmp_path):
    """6.2: once the other side has passed, the Initiative player must act or pass."""
    position = br_position(HQS, formations=levels(2, 2), passed={"german": False, "soviet": True})
    replies = await answer(tmp_path, position, "german: transfer")
    assert cites(replies, "6.2")


async def test_initiative_a_side_that_passed_makes_no_more_activations(tmp_path):
    """6.2: a side that passed makes no more activations in the Ops Phase: the other side has the initiative."""
    position = br_position(HQS, holder="soviet", passed={"german": True, "soviet": False})
    refused(await ask(tmp_path, GAME, "", "german: activate 14pz", position), "6.2")


async def test_activation_only_ones_own_formation(tmp_path):
    """6.3: the Initiative player activates one of its own formations."""
    replies = await answer(tmp_path, br_position(HQS), "german: activate 87rd")
    assert cites(replies, "6.3")


async def test_surprise_each_infantry_division_once(tmp_path):
    """10.2: in the Surprise Attack each infantry division is activated once."""
    position = br_position(HQS, surprise={"active": True, "left": 1, "used": ["44id"]})
    replies = await answer(tmp_path, position, "german: activate 44id")
    assert cites(replies, "10.2")


# 8.3 The Replacement Segment


def replacements(side="german", inf=2, afv=1, placed=None, units=None, cut=(), pool=0, kind=None, source=None):
    base = {"HQ-14pz": "1408", "I/36": "1408", "I/103": "1308", "HQ-87rd": "2707", "I/16": "2707", "II/16": "2808", "HQ-1/90": "2404", "No.1": "2404"}
    changes = {"I/36": {"strength": 4}, "I/103": {"strength": 2}, "II/16": {"strength": 1}, **(units or {})}
    flow = [{"proc": "replacement", "side": side, "inf": inf, "afv": afv, "cut": list(cut), "pool": pool, "kind": kind, "source": source}]
    return br_position({**base, **(placed or {})}, flow=flow, units=changes)


async def test_replacements_two_infantry_points_for_a_motorised_step(tmp_path):
    """8.3.1: two infantry RPs restore one step of a motorised unit: with one left it is refused."""
    replies = await answer(tmp_path, replacements(inf=1), "german: replace I/103")
    assert cites(replies, "8.3.1")


async def test_replacements_never_above_the_printed_strength(tmp_path):
    """8.3: no unit is restored above its printed strength."""
    replies = await answer(tmp_path, replacements(units={"I/103": {"strength": 4}}), "german: replace I/103")
    assert cites(replies, "8.3")


async def test_replacements_a_unit_in_enemy_zoc_receives_them(tmp_path):
    """8.3: units in enemy ZOC may receive replacements."""
    replies = await answer(tmp_path, replacements(placed={"III/16": "1309"}), "german: replace I/103")
    assert echoed(replies)


async def test_replacements_need_the_hq_in_supply_or_emergency_supply(tmp_path):
    """8.3: an HQ out of supply with its Emergency Supply spent gives no replacements."""
    replies = await answer(tmp_path, replacements(cut=("14pz",)), "german: replace I/36")
    assert cites(replies, "8.3")


async def test_reorganisation_only_infantry_type_units_are_cannibalised(tmp_path):
    """8.3.2: the Soviet cannibalises only infantry-type units, not an AFV."""
    replies = await answer(tmp_path, replacements(side="soviet", placed={"HQ-41td": "2708", "II/82": "2708"}), "soviet: cannibalise II/82")
    assert cites(replies, "8.3.2")


async def test_reorganisation_points_go_to_a_unit_of_the_same_type(tmp_path):
    """8.3.2: points from a rifle battalion restore a rifle battalion of both HQs' range."""
    replies = await answer(tmp_path, replacements(side="soviet"), "soviet: cannibalise I/16", "soviet: replace II/16")
    assert echoed(replies)


async def test_reorganisation_points_restore_no_unit_of_another_type(tmp_path):
    """8.3.2: points from a rifle battalion do not restore a border guard company."""
    position = replacements(side="soviet", units={"No.1": {"strength": 1}})
    replies = await answer(tmp_path, position, "soviet: cannibalise I/16", "soviet: replace No.1")
    assert cites(replies, "8.3.2")


# 10 Special rules and 11 scenarios


async def test_pontoon_only_the_german_builds_one(tmp_path):
    """10.3: pontoon bridges are German."""
    position = br_position({"HQ-14pz": "1408", "HQ-87rd": "2707", "I/16": "2008"}, flow=activation("soviet", "87rd"), ap={"soviet": 5}, turn=2)
    replies = await answer(tmp_path, position, "soviet: pontoon 1908 2008")
    assert cites(replies, "10.3")


async def test_hq_the_87th_stays_near_volodymyr_in_the_first_three_turns(tmp_path):
    """10.4: on turns 1-3 the 87th Rifle Division's HQ relocates only within 4 hexes of Volodymyr-Volynskyi."""
    position = br_position({"HQ-14pz": "1408", "HQ-87rd": "2809"}, flow=activation("soviet", "87rd"), ap={"soviet": 5})
    replies = await answer(tmp_path, position, "soviet: relocate HQ-87rd 3211")
    assert cites(replies, "10.4")


async def test_exit_only_in_command_range(tmp_path):
    """11.2: a unit of the 111th exits the map only within its HQ's command range."""
    position = br_position({"HQ-111id": "3913", "I/50": "5412"}, flow=activation("german", "111id"), ap={"german": 5}, scenario="scenario2")
    replies = await answer(tmp_path, position, "german: exit I/50")
    assert cites(replies, "11.2")



# 8.4 The Reinforcement Segment


async def test_reinforcements_a_new_formation_arrives_with_its_hq_in_command(tmp_path):
    """8.4.1, 5.8: the 111th arriving on turn 4 of the campaign comes with its HQ: its unit is in command (Improved Defense, 7.7)."""
    position = br_position(
        {"HQ-14pz": "1408"}, scenario="campaign", turn=4, rolls=(10, 1, 10),
        units={"I/50": {}, "HQ-111id": {}}, pending={"4": ["I/50", "HQ-111id"]},
        flow=[{"proc": "replacement", "side": "soviet", "inf": 0, "afv": 0, "cut": [], "pool": 0, "kind": None, "source": None}],
    )
    lines = ("soviet: pass", "german: accept", "german: activate 111id", "german: accept")
    (tmp_path / "first").mkdir()
    (tmp_path / "again").mkdir()
    answers = await typed_answers(tmp_path / "first", position, *lines)
    entered = next(r["text"] for r in answers[0] if "I/50 enters at" in r["text"])
    label = entered.split("I/50 enters at ")[1][:4]
    replies = await answer(tmp_path / "again", position, *lines, f"german: improve {label}")
    assert echoed(replies)


async def test_reorganisation_never_a_disorganised_unit(tmp_path):
    """8.3.2: a disorganised unit is not cannibalised."""
    position = replacements(side="soviet", units={"I/16": {"disorganized": True}})
    replies = await answer(tmp_path, position, "soviet: cannibalise I/16")
    assert cites(replies, "8.3.2")


async def test_attachment_a_detached_unit_comes_home(tmp_path):
    """5.5.1: a detached AFV of the 14th Panzer returns to its own formation within its own HQ's range."""
    replies = await answer(tmp_path, assignment({**HQS, "I/36": "1407"}, units={"I/36": {"assigned": "44id"}}), "german: attach I/36 14pz")
    assert echoed(replies)


async def test_activation_a_formation_not_yet_arrived(tmp_path):
    """6.3, 8.4: the 111th, arriving on turn 4 of the campaign, is not activated on turn 2."""
    replies = await answer(tmp_path, br_position(HQS, scenario="campaign", turn=2), "german: activate 111id")
    assert cites(replies, "6.3")


async def test_a_position_stopped_at_the_ops_cycles_start_rolls_the_initiative_at_once(tmp_path):
    """6.1: a position file whose flow is the Ops Cycle's start (a step the rules carry out by themselves) rolls the initiative on loading: the German is asked about his held die."""
    replies = await answer(tmp_path, br_position(HQS, flow=[{"proc": "ops"}], rolls=(4, 5)), "german: accept")
    assert echoed(replies)
