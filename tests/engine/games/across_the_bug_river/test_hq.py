"""HQ displacement (7.3.6, 5.3.2, 10.4, after combat 7.5) and HQ relocation (7.4)."""

import pytest

from bot.i18n import render
from engine.errors import IllegalOrder
from engine.games.across_the_bug_river import battle, hq
from tests.engine.games.across_the_bug_river.helpers import (
    GAME,
    activating,
    ctx,
    empty,
    ground,
    play,
    put,
)

RULES = GAME.rules


def approach():
    """HQ-87rd alone in the village 2412; the German I/36 two hexes away in 2410."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-87rd", "2412")
    put(state, "I/36", "2410")
    activating(state, "german", "14pz", 5)
    return state


def test_moving_next_to_an_hq_alone_displaces_it():
    """7.3.6: a move entering a hex next to a hex holding only enemy HQs opens the owner's displacement."""
    state = approach()
    play(state, "german", "move I/36 2411")
    assert state["flow"][-1]["proc"] == "hqdisplace"
    assert GAME.active(state) == frozenset({"soviet"})


def test_a_displacement_in_range_costs_one_support_and_one_level():
    """5.3.2 case 1: within command range by a clear path: support -1, activation marker -1."""
    state = approach()
    support, level = state["units"]["HQ-87rd"]["support"], state["formations"]["87rd"]["level"]
    play(state, "german", "move I/36 2411")
    play(state, "soviet", "displace HQ-87rd 2809")
    assert state["units"]["HQ-87rd"]["hex"] == "2809"
    assert state["units"]["HQ-87rd"]["support"] == max(0, support - 1)
    assert state["formations"]["87rd"]["level"] == level - 1
    assert state["flow"][-1]["proc"] == "activation"


def test_a_displacement_out_of_range_costs_two():
    """5.3.2 case 2: a clear path longer than the command range: support -2, marker -2."""
    state = approach()
    state["units"]["HQ-87rd"]["support"] = 3
    state["formations"]["87rd"]["level"] = 3
    state["turn"] = 4  # 10.4 (a) no longer binds the 87th
    far = next(h for h, c in sorted(hq.destinations(RULES, state, "HQ-87rd").items()) if c == 2)
    hq.displace(GAME, state, "HQ-87rd", far, ctx())
    assert (state["units"]["HQ-87rd"]["support"], state["formations"]["87rd"]["level"]) == (1, 1)


def test_a_displacement_without_a_clear_path_zeroes_support_and_marker():
    """5.3.2 case 3: no path free of enemy units and EZOC: support and marker to 0."""
    state = approach()
    state["turn"] = 4
    for n, label in enumerate(RULES.board.neighbours("2412")):
        put(state, ["I/36", "II/36", "I/108", "K64", "I/103", "II/103"][n], label)
    options = hq.destinations(RULES, state, "HQ-87rd")
    assert options and set(options.values()) == {3}
    hq.displace(GAME, state, "HQ-87rd", sorted(options)[0], ctx())
    assert (state["units"]["HQ-87rd"]["support"], state["formations"]["87rd"]["level"]) == (0, 0)


def test_a_displaced_hq_goes_only_to_a_friendly_village_or_city():
    """5.3.2: a hex that is not a friendly village or city is refused, naming the rule."""
    state = approach()
    play(state, "german", "move I/36 2411")
    with pytest.raises(IllegalOrder) as err:
        play(state, "soviet", "displace HQ-87rd 2413")
    assert err.value.rule == "5.3.2"


def test_pass_places_the_hq_by_the_published_default():
    """5.3.2: 'pass' puts the HQ in the lightest case's nearest hex, and the move goes on."""
    state = approach()
    play(state, "german", "move I/36 2411")
    options = hq.destinations(RULES, state, "HQ-87rd")
    expected = hq.default_destination(RULES, state, "HQ-87rd", options)
    play(state, "soviet", "pass")
    assert state["units"]["HQ-87rd"]["hex"] == expected


def test_no_displacement_across_the_unbridged_bug():
    """7.3.6 exception: an HQ across an unbridged Bug hexside is not displaced."""
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-87rd", "1907")
    put(state, "I/36", "1707")
    activating(state, "german", "14pz", 5)
    play(state, "german", "move I/36 1807")
    assert state["units"]["HQ-87rd"]["hex"] == "1907"
    assert state["flow"][-1]["proc"] == "activation"


def test_the_displaced_hq_formation_may_not_react_in_that_move():
    """7.3.6: the displaced HQ's formation's units may not attempt a Reaction in this Movement Action."""
    state = approach()
    put(state, "II/16", "2610")
    play(state, "german", "move I/36 2411 2511")
    play(state, "soviet", "displace HQ-87rd 2809")
    assert state["flow"][-1]["proc"] == "activation"
    assert state["units"]["I/36"]["hex"] == "2511"


def test_the_87th_hq_stays_near_volodymyr_volynskyi_on_turns_1_to_3():
    """10.4 (a): on turns 1-3 the 87th Rifle Division HQ is displaced within 4 hexes of the city."""
    state = approach()
    city = ("2607", "2707", "2708")
    assert all(min(RULES.board.grid.distance(h, c) for c in city) <= 4 for h in hq.destinations(RULES, state, "HQ-87rd"))


def test_the_124th_hq_stays_near_the_south_supply_area():
    """10.4 (b): the 124th Rifle Division HQ goes within 4 hexes of the Soviet South supply area if it can."""
    state = empty("campaign")
    put(state, "HQ-124rd", "4420")
    options = hq.destinations(RULES, state, "HQ-124rd")
    south = RULES.board.zone("supply_south")
    assert options and all(min(RULES.board.grid.distance(h, z) for z in south) <= 4 for h in options)


def test_an_hq_left_alone_by_a_combat_is_displaced():
    """7.5 / 5.3.2: an HQ left alone in its hex when a combat ends is displaced by its owner."""
    state = approach()
    frame = {"proc": "combat", "source": "2411", "target": "2412", "hits": {"attacker": 1, "defender": 1},
             "units": {"attacker": [], "defender": []}, "retreated": []}
    state["flow"].append(frame)
    battle.Combat().finish(GAME, RULES, state, frame, ctx())
    assert state["flow"][-1] == {"proc": "hqdisplace", "hqs": ["HQ-87rd"], "resume": False}


def relocating(ap=5):
    state = empty()
    put(state, "HQ-14pz", "1408")
    activating(state, "german", "14pz", ap)
    return state


def test_an_hq_relocates_for_its_printed_points():
    """7.4: the activated formation's HQ moves to a friendly village in range and in supply for its relocation AP."""
    state = relocating()
    play(state, "german", "relocate HQ-14pz 1505")
    assert state["units"]["HQ-14pz"]["hex"] == "1505"
    assert state["ap"]["german"] == 5 - RULES.formations["14pz"].relocation


@pytest.mark.parametrize("setup,line,rule", [
    (lambda s: None, "relocate HQ-14pz 1407", "7.4"),  # not a village or city
    (lambda s: None, "relocate HQ-44id 1505", "7.4"),  # not the activated formation's HQ
    (lambda s: put(s, "HQ-44id", "1505"), "relocate HQ-14pz 1505", "5.3.1"),  # a village holds one HQ
    (lambda s: s["ap"].update(german=1), "relocate HQ-14pz 1505", "7.1"),  # not enough AP (RULINGS 33)
    (lambda s: None, "relocate HQ-14pz 2412", "7.4"),  # out of command range
    (lambda s: s["control"].update({"2008": "soviet"}), "relocate HQ-14pz 2008", "7.4"),  # enemy-controlled
])
def test_an_illegal_relocation_is_refused(setup, line, rule):
    """7.4 / 5.3.1: each relocation condition refused with its rule (digest IMPL: never a silent displacement)."""
    state = relocating()
    put(state, "HQ-44id", "1313")
    setup(state)
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", line)
    assert err.value.rule == rule



def test_a_relocation_out_of_supply_is_refused(monkeypatch):
    """7.4: the destination must be in supply: with the German supply area (here one hex) held by the enemy, 1505 is not."""
    ground(monkeypatch, {"1408": "village", "1505": "village", "1001": "clear"})
    monkeypatch.setitem(RULES.board.zones, "supply_german", frozenset({"1001"}))
    state = relocating()
    assert hq.relocation_refusal(RULES, state, state["flow"][-1], "HQ-14pz", "1505") is None
    put(state, "I/16", "1001")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "relocate HQ-14pz 1505")
    assert err.value.rule == "7.4" and "1505 is not in supply" in render(err.value.text(), "en", "german")
    assert state["units"]["HQ-14pz"]["hex"] == "1408"
