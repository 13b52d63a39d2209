"""The actions that change a Fire attack, each clause with its rule: A26 Assault Fire, A27 Bore
Sighting, A30 Crossfire, A34 Hand Grenades, A37 Marksmanship, A40 Spray Fire, A41 Sustained
Fire; and the rulebook's Move example, whose second opportunity fire uses two Hand Grenades."""

from __future__ import annotations

import dataclasses

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import attack, fireactions
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    find,
    hold,
    hold_action,
    new_match,
    only_units,
    play,
    play_only,
    stack,
    texts,
    top,
)


def to_attack_window(m, role: str, firers: tuple[str, ...], target: str, attack_roll: tuple[int, int], defense: list[tuple[int, int]]):  # type: ignore[no-untyped-def]
    """``role`` (the active player) orders Fire and announces an attack; stops in the window before the roll."""
    m.state["player"] = role
    other = "allies" if role == "axis" else "axis"
    cid = hold(m, role, "fire")
    stack(m, role, [find(role, white=attack_roll[0], red=attack_roll[1], trigger="", exclude=(cid,))])
    d: list[str] = []
    for w, r in defense:
        d.append(find(other, white=w, red=r, trigger="", exclude=tuple(d)))
    stack(m, other, d)
    play_only(m, role, "fire", cid, *firers)
    play_only(m, role, "attack", target, *firers)
    assert top(m) == "attack_window"


def attack_lines(records) -> list[str]:  # type: ignore[no-untyped-def]
    return [line for line in texts(records) if "FP +" in line and "=" in line]


# A34 Hand Grenades -----------------------------------------------------------------------------


def test_hand_grenades_add_two_fp_against_an_adjacent_hex():
    """A34: +2 FP to an attack in which a firing piece is adjacent to the target."""
    m = new_match()
    only_units(m, {"g-s1": "C7", "a-s1": "D7"})
    cid = hold_action(m, "axis", "hand_grenades")
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6)])
    recs = play_only(m, "axis", "hand-grenades", cid)
    recs += play(m, "axis", "pass")
    assert any("7 FP + 2 = 9" in line for line in texts(recs))


def test_hand_grenades_are_refused_against_a_hex_not_adjacent():
    """A34: no firing piece adjacent to the target hex: refused citing A34."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    cid = hold_action(m, "axis", "hand_grenades")
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6)])
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "hand-grenades", cid)
    assert exc.value.rule == "A34"


def test_the_move_example_two_hand_grenades_uphill_into_woods():
    """Move example: the US squad fires with two Hand Grenades: 6 + 4 - 1 (uphill) = 9, roll 1+3 = 13; the German squad in Woods 7 + 2 + 9 = 18, no effect."""
    m = new_match()
    only_units(m, {"g-s1": "L5", "a-s1": "M5"})
    first = hold_action(m, "allies", "hand_grenades")
    second = next(c.id for c in DATA.decks["america"] if c.action == "hand_grenades" and c.id != first)
    hold_action(m, "allies", "marksmanship", keep=(first,))
    side = m.state["sides"]["allies"]
    spare = next(c for c in side["hand"] if c != first)
    side["hand"].remove(spare)
    side["deck"].remove(second)
    side["deck"].append(spare)
    side["hand"].append(second)
    to_attack_window(m, "allies", ("a-s1",), "L5", (1, 3), [(6, 3)])
    recs = play_only(m, "allies", "hand-grenades", first)
    recs += play_only(m, "allies", "hand-grenades", second)
    recs += play(m, "allies", "pass")
    lines = texts(recs)
    assert any("9 FP + 4 = 13" in line for line in lines)
    assert any("g-s1: 9 + 9 = 18 against 13: no effect." in line for line in lines)
    assert not m.state["units"]["g-s1"]["broken"]


# A30 Crossfire -------------------------------------------------------------------------------------


def start_move(m, uid: str) -> None:  # type: ignore[no-untyped-def]
    cid = hold(m, "axis", "move")
    play(m, "axis", "move", cid, uid)


def test_crossfire_adds_two_fp_against_a_moving_unit():
    """A30: opportunity fire at a unit that just moved in gets +2 FP."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    cross = hold_action(m, "allies", "crossfire")
    start_move(m, "g-s1")
    play_only(m, "axis", "step", "g-s1", "A8")
    stack(m, "allies", [find("allies", white=1, red=1, trigger="")])
    stack(m, "axis", [find("axis", white=6, red=6, trigger="")])
    cid = hold(m, "allies", "fire")
    play_only(m, "allies", "fire", cid, "a-s1")
    assert top(m) == "attack_window" and m.active() == {"allies"}
    recs = play_only(m, "allies", "crossfire", cross)
    recs += play(m, "allies", "pass")
    assert any("8 FP + 2 = 10" in line for line in texts(recs))


def test_crossfire_is_refused_when_no_moving_unit_is_attacked():
    """A30: a Fire order against units that are not moving: refused citing A30."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    cid = hold_action(m, "axis", "crossfire")
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6)])
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "crossfire", cid)
    assert exc.value.rule == "A30"


# A37 Marksmanship ------------------------------------------------------------------------------------


def test_marksmanship_adds_two_fp_with_a_squad_of_the_cards_nation():
    """A37: a firing German Squad and a German Marksmanship card: +2 FP."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    cid = hold_action(m, "axis", "marksmanship")
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6)])
    recs = play_only(m, "axis", "marksmanship", cid)
    recs += play(m, "axis", "pass")
    assert any("7 FP + 2 = 9" in line for line in texts(recs))


def test_marksmanship_of_another_nation_is_refused():
    """A37: the card names the Americans; a German squad firing does not qualify."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6)])
    us_card = next(c.id for c in DATA.decks["america"] if c.action == "marksmanship")
    with pytest.raises(IllegalOrder) as exc:
        fireactions.check_before_roll(GAME, m.state, attack.attack_frame(m.state), "axis", "marksmanship", us_card, ())
    assert exc.value.rule == "A37"


def test_an_attack_action_is_refused_to_the_player_who_does_not_fire():
    """Ruling R36: the actions before the roll add to the attack: only the firing player plays them."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6)])
    us_card = next(c.id for c in DATA.decks["america"] if c.action == "marksmanship")
    with pytest.raises(IllegalOrder) as exc:
        fireactions.check_before_roll(GAME, m.state, attack.attack_frame(m.state), "allies", "marksmanship", us_card, ())
    assert exc.value.rule == "A37"


# A41 Sustained Fire and A27 Bore Sighting --------------------------------------------------------


def test_sustained_fire_needs_a_machine_gun_or_mortar():
    """A41: no MG or mortar fires: refused citing A41."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    cid = hold_action(m, "axis", "sustained_fire")
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6)])
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "sustained-fire", cid)
    assert exc.value.rule == "A41"


def test_sustained_fire_adds_two_fp_when_an_mg_fires():
    """A41: with a machine gun firing, +2 FP."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    cid = hold_action(m, "axis", "sustained_fire")
    to_attack_window(m, "axis", ("g-s1",), "D7", (2, 1), [(6, 6)])
    attack.attack_frame(m.state)["weapons"] = [{"kind": "mg", "fp": 8}]
    recs = play_only(m, "axis", "sustained-fire", cid)
    recs += play(m, "axis", "pass")
    assert any("7 FP + 3 = 10" in line for line in texts(recs))


def test_bore_sighting_only_in_defense_posture():
    """A27: the Attack-posture player may not play Bore Sighting."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    cid = hold_action(m, "axis", "bore_sighting")
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6)])
    attack.attack_frame(m.state)["weapons"] = [{"kind": "mg", "fp": 8}]
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "bore-sighting", cid)
    assert exc.value.rule == "A27"


def test_bore_sighting_needs_a_weapon_of_printed_fp_five():
    """A27: in Defense posture, but no weapon of printed FP 5 or more fires: refused."""
    m = new_match()
    only_units(m, {"g-s1": "D7", "a-s1": "B7"})
    cid = hold_action(m, "allies", "bore_sighting")
    to_attack_window(m, "allies", ("a-s1",), "D7", (1, 1), [(6, 6)])
    attack.attack_frame(m.state)["weapons"] = [{"kind": "mg", "fp": 4}]
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "allies", "bore-sighting", cid)
    assert exc.value.rule == "A27"


def test_bore_sighting_adds_two_fp_in_defense_posture_with_a_heavy_weapon():
    """A27: Defense posture and a weapon of printed FP 5 or more: +2 FP."""
    m = new_match()
    only_units(m, {"g-s1": "D7", "a-s1": "B7"})
    cid = hold_action(m, "allies", "bore_sighting")
    to_attack_window(m, "allies", ("a-s1",), "D7", (1, 1), [(6, 6)])
    attack.attack_frame(m.state)["weapons"] = [{"kind": "mg", "fp": 8}]
    recs = play_only(m, "allies", "bore-sighting", cid)
    recs += play(m, "allies", "pass")
    assert any("8 FP + 2 = 10" in line for line in texts(recs))


# A40 Spray Fire --------------------------------------------------------------------------------------


@pytest.fixture
def boxed_range(monkeypatch: pytest.MonkeyPatch) -> None:
    """German rifle squads with a boxed Range (no provisional counter has one)."""
    c = DATA.counters["ger_rifle"]
    monkeypatch.setitem(DATA.counters, "ger_rifle", dataclasses.replace(c, boxed=frozenset({"range"})))  # type: ignore[arg-type]


def test_spray_fire_needs_boxed_range_on_every_firer():
    """A40: a firing piece without boxed Range: refused."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7", "a-s2": "D8"})
    cid = hold_action(m, "axis", "spray_fire")
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6)])
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "spray-fire", cid, "D8")
    assert exc.value.rule == "A40"


def test_spray_fire_attacks_both_hexes_with_one_total(boxed_range: None):
    """A40: one attack roll; every unit in both hexes defends against the same total."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7", "a-s2": "D8"})
    cid = hold_action(m, "axis", "spray_fire")
    to_attack_window(m, "axis", ("g-s1",), "D7", (6, 6), [(1, 1), (1, 3)])
    recs = play_only(m, "axis", "spray-fire", cid, "D8")
    recs += play(m, "axis", "pass")
    assert any("D7 + D8" in line for line in texts(recs))
    assert m.state["units"]["a-s1"]["broken"] and m.state["units"]["a-s2"]["broken"]


def test_spray_fire_second_hex_must_be_adjacent_and_hold_an_enemy(boxed_range: None):
    """A40: the second hex adjacent to the first and holding an enemy unit."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7", "a-s2": "D9"})
    cid = hold_action(m, "axis", "spray_fire")
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6)])
    for second in ("D9", "D8"):
        with pytest.raises(IllegalOrder) as exc:
            play_only(m, "axis", "spray-fire", cid, second)
        assert exc.value.rule == "A40"


def test_spray_fire_is_played_once_per_attack(boxed_range: None):
    """A40: it covers two hexes, never three."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7", "a-s2": "D8", "a-t1": "C8"})
    cid = hold_action(m, "axis", "spray_fire")
    to_attack_window(m, "axis", ("g-s1",), "D7", (1, 1), [(6, 6), (6, 5), (5, 6)])
    play_only(m, "axis", "spray-fire", cid, "D8")
    other = hold_action(m, "axis", "spray_fire")
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "spray-fire", other, "C8")
    assert exc.value.rule == "A40"


# A26 Assault Fire ------------------------------------------------------------------------------------


def test_assault_fire_by_a_moving_unit_with_boxed_fp():
    """A26: a unit activated for Move with boxed FP makes a Fire attack during its Move order."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-s1": "D7"})
    cid = hold_action(m, "axis", "assault_fire")
    start_move(m, "g-s4")
    play(m, "axis", "step", "g-s4", "B6")
    play(m, "allies", "pass")
    stack(m, "axis", [find("axis", white=6, red=6, trigger="")])
    stack(m, "allies", [find("allies", white=1, red=1, trigger="")])
    recs = play(m, "axis", "assault-fire", cid, "D7", "g-s4")
    assert any("g-s4 fire at D7" in line for line in texts(recs))
    assert m.state["units"]["a-s1"]["broken"] and top(m) == "move_order"


def test_assault_fire_refused_without_boxed_fp():
    """A26: a moving unit without boxed FP cannot Assault Fire."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "N9"})
    cid = hold_action(m, "axis", "assault_fire")
    start_move(m, "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "assault-fire", cid, "N9", "g-s1")
    assert exc.value.rule == "A26"


def test_assault_fire_refused_for_a_unit_not_in_the_move_order():
    """A26: only units activated for the current Move order."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "g-s4": "B8", "a-s1": "D7"})
    cid = hold_action(m, "axis", "assault_fire")
    start_move(m, "g-s1")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "assault-fire", cid, "D7", "g-s4")
    assert exc.value.rule == "A26"


def test_crossfire_makes_a_hindered_opportunity_fire_possible():
    """O20.3.2, A30: op fire hindered to 0 FP may be announced; Crossfire's +2 lets it be rolled."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    cross = hold_action(m, "allies", "crossfire")
    start_move(m, "g-s1")
    play_only(m, "axis", "step", "g-s1", "A8")
    m.state["smoke"] = {"A8": 6}
    stack(m, "allies", [find("allies", white=1, red=1, trigger="")])
    stack(m, "axis", [find("axis", white=6, red=6, trigger="")])
    cid = hold(m, "allies", "fire")
    play_only(m, "allies", "fire", cid, "a-s1")
    recs = play_only(m, "allies", "crossfire", cross)
    recs += play(m, "allies", "pass")
    assert any("2 FP + 2 = 4" in line for line in texts(recs))


def test_a_hindered_attack_without_actions_is_not_rolled_and_the_window_stays_open():
    """10.3.2.1: at 0 FP the roll cannot be made; the opportunity fire window is still open."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s1": "C7"})
    start_move(m, "g-s1")
    play_only(m, "axis", "step", "g-s1", "A8")
    m.state["smoke"] = {"A8": 6}
    cid = hold(m, "allies", "fire")
    discards = len(m.state["sides"]["allies"]["discard"])
    play_only(m, "allies", "fire", cid, "a-s1")
    recs = play_only(m, "allies", "pass")
    assert any("cannot be rolled" in line for line in texts(recs))
    assert top(m) == "opfire" and len(m.state["sides"]["allies"]["discard"]) == discards + 1
