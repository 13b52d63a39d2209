"""The Terrain Effects Chart row by row, through the module's own functions, on real hexes of the
provisional map (engine/games/stalins_war/data/map/).

For each chart row one hex of that terrain is used: its movement cost (10.1.1, 10.1.2, 10.1.4 and the
chart's "MP" column: ``terrain.enter_cost`` / ``terrain.passable``), the attacker's column shift
("1S", note a: ``fire.terrain_shifts``), the defender's No-Retreat option ("CR", 11.4.3, ruling 4:
``retreat.no_retreat_terrain``), whether exploitation halts ("HE", 12.2.5: ``exploit.halts``) and
whether a Blitz marker may be placed ("NB", 11.2.1(9): ``battle.blitz_problem``).

The hexes are chosen on the provisional map (``test_chosen_hexes`` fails with a clear message if a
regenerated map changes them); where the rulebook or its example of play names a hex (Astrakhan
3032 costs 2 MP, 10.1.2; swamp 2420 gives 1 shift; Vilna 1920 attacked across a river is town +
river = 2 shifts; Zaporozhe 2229 attacked across the Dnieper is river + city = 2 shifts), that hex
is used.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.stalins_war import battle, exploit, fire, retreat, terrain
from engine.games.stalins_war.model import AXIS, SOVIET, Rules, load_rules
from engine.games.stalins_war.state import initial_state
from engine.kernel import KernelContext

RULES: Rules = load_rules()
INFANTRY = RULES.units["su-13r"]  # rifle army, not a mountain unit
MOUNTAIN_UNIT = RULES.units["ge-49mtn"]  # 49 Mountain Corps (chart note b)
PANZER = "ge-46pz"
TANK_ARMY = "su-1t"

# The hexes: chart key -> (hex, a neighbour across no hexside feature, chart keys expected in the hex)
HEXES: dict[str, tuple[str, str, set[str]]] = {
    "clear": ("2021", "2120", {"clear"}),
    "forest": ("2620", "2719", {"forest"}),
    "rough": ("3038", "2938", {"rough"}),
    "swamp": ("2420", "2319", {"swamp"}),
    "mountain": ("2937", "2938", {"mountain"}),
    "desert": ("2831", "2731", {"desert"}),
    "town": ("1920", "1919", {"clear", "town"}),  # Vilna
    "town_in_swamp": ("1922", "2022", {"swamp", "town"}),  # Pinsk
    "city": ("2722", "2622", {"clear", "city"}),  # Moscow
    "city_in_desert": ("3032", "2931", {"desert", "city"}),  # Astrakhan (10.1.2)
    "fortress_city": ("1829", "1828", {"clear", "fortress_city"}),  # Odessa
    "oil": ("2433", "2332", {"forest", "town", "oil"}),  # Maikop
}
RIVER = ("1920", "1820", "1919")  # Vilna: attacked across a river from 1820, across nothing from 1919
MAJOR_RIVER = ("2026", "2125", "2027")  # clear hex: across the Dnieper from 2125, across nothing from 2027
ZAPOROZHE = ("2229", "2128")  # city, across the Dnieper (example of play: "fiume e città")
KERCH = ("2232", "2231")  # Novorossiysk (town) seen from Kerch across the strait
COAST = ("2232", "2131")  # a sea hexside between two land hexes
LAKE_HEX = "2617"


def make(turn: int = 6) -> dict[str, Any]:
    state = initial_state(RULES, "campaign", {}, KernelContext("terrain-chart", 0))
    state["turn"], state["ar"] = turn, 2
    state["round"] = {}
    state["effects"]["lend_lease_received"] = turn  # Soviet Blitz allowed this turn (11.2.1(9) exception 1)
    return state


def shift(state: dict[str, Any], target: str, *attack_hexes: str, side: str = SOVIET) -> int:
    """The attacker's total terrain shift (negative = left) for an attack on ``target``."""
    field_ = fire.Battlefield(side=side, target=target, attackers=(), defenders=(), attack_hexes=tuple(attack_hexes))
    return sum(s.value for s in fire.terrain_shifts(RULES, state, field_))


def no_retreat(state: dict[str, Any], target: str, defender: str = AXIS) -> bool:
    combat = {"target": target, "defender": defender, "side": SOVIET if defender == AXIS else AXIS, "cards": {}}
    return retreat.no_retreat_terrain(RULES, state, combat) is not None


def halts(state: dict[str, Any], a: str, b: str, uid: str = PANZER) -> bool:
    return exploit.halts(RULES, state, uid, a, b)


def blitz_ok(state: dict[str, Any], target: str, origins: dict[str, str], attack_hexes: list[str] | None = None) -> bool:
    """May a Soviet Tank Army advancing from ``origins[uid]`` place a Blitz marker in ``target``?"""
    combat = {"side": SOVIET, "defender": AXIS, "target": target, "from": attack_hexes or sorted(set(origins.values()))}
    return battle.blitz_problem(RULES, state, combat, list(origins), origins) is None


# ---------------------------------------------------------------------------------- the chosen hexes
@pytest.mark.parametrize("key", sorted(HEXES))
def test_chosen_hexes(key: str) -> None:
    """The provisional map still has the terrain each test relies on (chart keys of terrain.hex_terrains)."""
    label, neighbour, kinds = HEXES[key]
    state = make()
    assert terrain.hex_terrains(RULES, state, label) == kinds, f"map changed: pick another {key} hex"
    assert terrain.passable(RULES, neighbour, label)
    assert terrain.crossing(RULES, neighbour, label) == set()


def test_chosen_hexsides() -> None:
    assert terrain.crossing(RULES, RIVER[1], RIVER[0]) == {"river"}
    assert terrain.crossing(RULES, RIVER[2], RIVER[0]) == set()
    assert terrain.crossing(RULES, MAJOR_RIVER[1], MAJOR_RIVER[0]) == {"major_river"}
    assert terrain.crossing(RULES, MAJOR_RIVER[2], MAJOR_RIVER[0]) == set()
    assert terrain.hex_terrains(RULES, make(), MAJOR_RIVER[0]) == {"clear"}
    assert terrain.crossing(RULES, ZAPOROZHE[1], ZAPOROZHE[0]) == {"major_river"}
    assert terrain.crossing(RULES, KERCH[1], KERCH[0]) == {"kerch_strait"}
    assert terrain.crossing(RULES, COAST[1], COAST[0]) == {"lake_coast"}


# ------------------------------------------------------------------------------- MP cost (10.1, chart)
@pytest.mark.parametrize(
    ("key", "mp", "mp_mountain_unit"),
    [
        ("clear", 1, 1),
        ("forest", 1, 1),
        ("rough", 2, 2),
        ("swamp", 2, 2),
        ("mountain", 3, 1),  # "3/1 b": mountain units 1, the others 3
        ("desert", 2, 2),
        ("town", 1, 1),  # AT: the clear hex's cost (10.1.1)
        ("town_in_swamp", 2, 2),  # AT: the swamp's cost
        ("city", 1, 1),
        ("city_in_desert", 2, 2),  # 10.1.2: "costa 2 MP per entrare in Astrakhan (esagono 3032)"
        ("fortress_city", 1, 1),  # AT on clear (10.1.1)
        ("oil", 1, 1),  # AT: Maikop's forest
    ],
)
def test_hex_mp_cost(key: str, mp: int, mp_mountain_unit: int) -> None:
    """Chart "Costo in MP" of each hex terrain; several terrains in a hex: the highest (10.1.2)."""
    label, neighbour, _ = HEXES[key]
    assert terrain.enter_cost(RULES, INFANTRY, neighbour, label) == mp
    assert terrain.enter_cost(RULES, MOUNTAIN_UNIT, neighbour, label) == mp_mountain_unit


def test_entrenchment_mp_is_the_other_terrain() -> None:
    """Chart: Entrenchment "AT"."""
    state = make()
    label, neighbour, _ = HEXES["clear"]
    state["markers"]["entrench"][label] = AXIS
    assert "entrenchment" in terrain.hex_terrains(RULES, state, label)
    assert terrain.enter_cost(RULES, INFANTRY, neighbour, label) == 1


def test_river_mp_is_the_other_terrain() -> None:
    """Chart: River "AT" — crossing a minor river adds nothing."""
    assert terrain.enter_cost(RULES, INFANTRY, RIVER[1], RIVER[0]) == 1


def test_major_river_adds_one_mp() -> None:
    """Chart: Major River "+1"."""
    label, across, beside = MAJOR_RIVER
    assert terrain.enter_cost(RULES, INFANTRY, across, label) == 2
    assert terrain.enter_cost(RULES, INFANTRY, beside, label) == 1
    assert terrain.enter_cost(RULES, MOUNTAIN_UNIT, across, label) == 2


def test_kerch_strait_adds_two_mp() -> None:
    """Chart: Kerch Strait "+2" (both ways)."""
    target, origin = KERCH
    assert terrain.passable(RULES, origin, target) and terrain.passable(RULES, target, origin)
    assert terrain.enter_cost(RULES, INFANTRY, origin, target) == 3
    assert terrain.enter_cost(RULES, INFANTRY, target, origin) == 3


def test_lake_and_coast_prohibited() -> None:
    """Chart: Lake, Coast "P": no crossing of a sea or lake hexside, no entering a lake hex."""
    assert not terrain.passable(RULES, COAST[1], COAST[0])
    assert not terrain.passable(RULES, COAST[0], COAST[1])
    assert terrain.impassable(RULES, LAKE_HEX)
    assert all(not terrain.passable(RULES, n, LAKE_HEX) for n in RULES.board.neighbours(LAKE_HEX))


# ----------------------------------------------------------------------------- combat shift ("1S")
@pytest.mark.parametrize(
    ("key", "total"),
    [
        ("clear", 0),
        ("forest", 0),  # ruling 5: no shift
        ("rough", -1),
        ("swamp", -1),  # example of play: 2420 "uno spostamento a sinistra ... per la palude"
        ("mountain", -1),
        ("desert", 0),
        ("town", -1),
        ("town_in_swamp", -2),  # cumulative (11.2.1(4)); example: swamp + town = 2
        ("city", -1),
        ("city_in_desert", -1),
        ("fortress_city", -1),
        ("oil", -1),  # Maikop: the town's 1S; oil and forest none
    ],
)
def test_hex_combat_shift(key: str, total: int) -> None:
    """Chart "Effetti sul combattimento": the attacker shifts 1 left per 1S terrain of the defender's hex."""
    label, neighbour, _ = HEXES[key]
    assert shift(make(), label, neighbour) == total


def test_entrenchment_shift_only_for_its_owner() -> None:
    """Chart: Entrenchment 1S — for the defender whose marker it is."""
    state = make()
    label, neighbour, _ = HEXES["clear"]
    state["markers"]["entrench"][label] = AXIS
    assert shift(state, label, neighbour, side=SOVIET) == -1
    state["markers"]["entrench"][label] = SOVIET
    assert shift(state, label, neighbour, side=SOVIET) == 0


def test_river_shift_only_if_all_attackers_cross() -> None:
    """Chart: River "1S a" — only if every attacker crosses; example: Vilna town + river = 2 shifts."""
    state = make()
    target, across, beside = RIVER
    assert shift(state, target, across) == -2
    assert shift(state, target, beside) == -1
    assert shift(state, target, across, beside) == -1


def test_major_river_shift_only_if_all_attackers_cross() -> None:
    """Chart: Major River "1S a"; example: Zaporozhe river + city = 2 shifts."""
    state = make()
    target, across, beside = MAJOR_RIVER
    assert shift(state, target, across) == -1
    assert shift(state, target, beside) == 0
    assert shift(state, target, across, beside) == 0
    assert shift(state, ZAPOROZHE[0], ZAPOROZHE[1]) == -2


def test_kerch_strait_shift() -> None:
    """Chart: Kerch Strait 1S (no note a): town + strait = 2 shifts."""
    assert shift(make(), KERCH[0], KERCH[1]) == -2


def test_destroyed_fortress_is_a_city() -> None:
    """16.2.2: a destroyed fortress is a city: still 1S, no more No-Retreat option."""
    state = make()
    label, neighbour, _ = HEXES["fortress_city"]
    assert no_retreat(state, label, defender=SOVIET)
    state["markers"]["fortress_destroyed"].append(label)
    assert "fortress_city" not in terrain.hex_terrains(RULES, state, label)
    assert shift(state, label, neighbour, side=AXIS) == -1
    assert not no_retreat(state, label, defender=SOVIET)


def test_festung_counts_as_a_fortress() -> None:
    """Ruling 8: a Festung makes its town a Fortress City: the same single 1S, and no retreat (16.3.5)."""
    state = make()
    label, neighbour, _ = HEXES["town"]
    assert shift(state, label, neighbour) == -1
    assert not no_retreat(state, label)
    state["markers"]["festung"].append(label)
    assert shift(state, label, neighbour) == -1
    assert no_retreat(state, label)


def test_winter_1942_axis_keeps_only_the_entrenchment() -> None:
    """15.1.2, ruling 40: in turn 4 an Axis defender gets no terrain benefit except entrenchment."""
    state = make(turn=4)
    label, neighbour, _ = HEXES["town_in_swamp"]
    assert shift(state, label, neighbour, side=SOVIET) == 0
    assert not no_retreat(state, label, defender=AXIS)
    assert shift(state, label, neighbour, side=AXIS) == -2  # the Soviet defender keeps it
    state["markers"]["entrench"][label] = AXIS
    assert shift(state, label, neighbour, side=SOVIET) == -1
    assert no_retreat(state, label, defender=AXIS)


# ----------------------------------------------------------------------- No-Retreat option ("CR")
@pytest.mark.parametrize(
    ("key", "option"),
    [
        ("clear", False),
        ("forest", True),
        ("rough", True),  # chart CR; 11.4.3 omits it (ruling 4, option rough_no_retreat default true)
        ("swamp", True),
        ("mountain", True),
        ("desert", False),
        ("town", False),
        ("town_in_swamp", True),
        ("city", False),
        ("city_in_desert", False),
        ("fortress_city", True),
        ("oil", True),  # Maikop: its forest
    ],
)
def test_no_retreat_option(key: str, option: bool) -> None:
    label, _, _ = HEXES[key]
    assert no_retreat(make(), label) is option


def test_entrenchment_gives_no_retreat_option() -> None:
    state = make()
    label, _, _ = HEXES["clear"]
    state["markers"]["entrench"][label] = AXIS
    assert no_retreat(state, label)


# ----------------------------------------------------------------------------- exploitation ("HE")
@pytest.mark.parametrize(
    ("key", "stops"),
    [
        ("clear", False),
        ("forest", True),
        ("rough", True),
        ("swamp", True),
        ("mountain", True),
        ("desert", True),
        ("town", False),
        ("town_in_swamp", True),
        ("city", False),
        ("city_in_desert", True),
        ("fortress_city", False),
        ("oil", True),
    ],
)
def test_exploitation_halts(key: str, stops: bool) -> None:
    """Chart HE / 12.2.5: entering forest, rough, swamp, mountain or desert ends the exploitation."""
    label, neighbour, _ = HEXES[key]
    assert halts(make(), neighbour, label) is stops


def test_exploitation_halts_across_kerch_only() -> None:
    """Chart: Kerch Strait HE; rivers do not halt exploitation."""
    state = make()
    assert halts(state, KERCH[1], KERCH[0])
    assert not halts(state, RIVER[1], RIVER[0])
    assert not halts(state, MAJOR_RIVER[1], MAJOR_RIVER[0])


def test_turn_1_panzers_halt_only_in_swamp() -> None:
    """4.4.6: in turn 1 exploiting Panzer corps ignore all non-swamp terrain."""
    state = make(turn=1)
    assert not halts(state, HEXES["forest"][1], HEXES["forest"][0])
    assert not halts(state, KERCH[1], KERCH[0])
    assert halts(state, HEXES["swamp"][1], HEXES["swamp"][0])


# ------------------------------------------------------------------------------------ Blitz ("NB")
@pytest.mark.parametrize(
    ("key", "allowed"),
    [
        ("clear", True),
        ("forest", False),
        ("rough", False),
        ("swamp", False),
        ("mountain", False),
        ("desert", True),
        ("town", True),
        ("town_in_swamp", False),
        ("city", False),
        ("city_in_desert", False),
        ("fortress_city", False),
        ("oil", False),  # Maikop's forest
    ],
)
def test_blitz_marker(key: str, allowed: bool) -> None:
    """Chart NB / 11.2.1(9): no Blitz marker in forest, rough, swamp, mountain, city or fortress."""
    label, neighbour, _ = HEXES[key]
    assert blitz_ok(make(), label, {TANK_ARMY: neighbour}) is allowed


def test_blitz_entrenchment_allowed() -> None:
    """Chart: Entrenchment has no NB."""
    state = make()
    label, neighbour, _ = HEXES["clear"]
    state["markers"]["entrench"][label] = AXIS
    assert blitz_ok(state, label, {TANK_ARMY: neighbour})


def test_blitz_across_rivers() -> None:
    """Chart River (no NB), Major River "NB a", Kerch "NB a"; 11.2.1(9) and ruling 6 for mixed attacks."""
    state = make()
    target, across, beside = RIVER
    assert blitz_ok(state, target, {TANK_ARMY: across})  # a minor river alone does not bar Blitz
    assert not blitz_ok(state, target, {TANK_ARMY: across}, [across, beside])  # mixed attack: advance across a river
    assert blitz_ok(state, target, {TANK_ARMY: beside}, [across, beside])
    target, across, beside = MAJOR_RIVER
    assert not blitz_ok(state, target, {TANK_ARMY: across})
    assert blitz_ok(state, target, {TANK_ARMY: beside}, [across, beside])
    assert not blitz_ok(state, KERCH[0], {TANK_ARMY: KERCH[1]})
