"""Weapons (11): their FP and Range in Fire attacks, ordnance's Targeting roll, Jam!, breaking, repair, elimination."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.combat_commander import cards, events, fire, model, weapons
from engine.games.combat_commander.attack import attack_frame
from engine.games.combat_commander.movement import movement
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    FakeContext,
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


def arm(m, wid: str, unit: str | None, wtype: str | None = None, broken: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Give ``wid`` to ``unit`` (a test position)."""
    w = m.state["weapons"].setdefault(wid, {"type": wtype, "side": "axis", "unit": None, "broken": False})
    if wtype:
        w["type"] = wtype
    w.update(unit=unit, broken=broken)


def attack(m, pieces: list[str], target: str, rolls: list[tuple[int, int]], defense: list[tuple[int, int]], trigger: str = ""):  # type: ignore[no-untyped-def]
    """Axis orders Fire with the carriers of ``pieces`` and attacks ``target``, the dice fixed by stacking the decks."""
    cid = hold(m, "axis", "fire")
    mine: list[str] = []
    for w, r in rolls:
        mine.append(find("axis", white=w, red=r, trigger=trigger if not mine else "", exclude=tuple(mine)))
    stack(m, "axis", mine)
    theirs: list[str] = []
    for w, r in defense:
        theirs.append(find("allies", white=w, red=r, trigger="", exclude=tuple(theirs)))
    stack(m, "allies", theirs)
    units = sorted({weapons.carrier(m.state, p) for p in pieces})
    play(m, "axis", "fire", cid, *units)
    return play(m, "axis", "attack", target, *pieces)


def fp(m, pieces: list[str], target: str) -> int:  # type: ignore[no-untyped-def]
    return fire.attack_fp(DATA, GAME.board_for(m.state), m.state, pieces, target)


def test_a_leader_s_command_adds_to_a_weapon_s_fp() -> None:
    """A heavy MG of FP 8 carried by a squad with a Command-1 leader fires at 9 FP (3.3.1.3, Fire example E)."""
    m = new_match()
    only_units(m, {"g-l2": "B7", "g-s3": "B7", "a-s1": "D7"})
    assert fp(m, ["g-w1"], "D7") == 9


def test_a_weapon_carried_by_a_leader_gets_no_command() -> None:
    """A weapon carried by a leader gets no leader bonus (3.3.1.3)."""
    m = new_match()
    only_units(m, {"g-l2": "B7", "g-l1": "B7", "a-s1": "D7"})
    arm(m, "g-w1", "g-l2")
    assert fp(m, ["g-w1"], "D7") == 8


def test_ordnance_gets_no_command() -> None:
    """A weapon with a white band gets no leader bonus (3.3.1.3, O20.2)."""
    m = new_match()
    only_units(m, {"g-l2": "B7", "g-s4": "B7", "a-s1": "D7"})
    assert fp(m, ["g-w2"], "D7") == weapons.types()["ger_mortar"].fp


def test_a_weapon_in_a_fire_group_adds_one() -> None:
    """A light MG joins a fire group as one more piece: +1 (O20.3.1.2, Fire example C)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    arm(m, "g-w9", "g-s1", "ger_lmg")
    assert fp(m, ["g-s1", "g-w9"], "D7") == 6


def test_a_broken_unit_cannot_fire_its_weapon() -> None:
    """The light MG of a broken squad cannot fire (11.1, 3.2.3, Fire example B)."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7"})
    m.state["units"]["g-s3"]["broken"] = True
    with pytest.raises(IllegalOrder) as exc:
        fp(m, ["g-w1"], "D7")
    assert exc.value.rule == "11.1"


def test_a_suppressed_unit_cannot_fire_its_weapon() -> None:
    """A suppressed unit cannot fire its weapon (13.2)."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7"})
    m.state["units"]["g-s3"]["suppressed"] = True
    with pytest.raises(IllegalOrder) as exc:
        fp(m, ["g-w1"], "D7")
    assert exc.value.rule == "13.2"


def test_a_broken_weapon_cannot_fire() -> None:
    """A broken weapon is unusable until repaired (11.4)."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7"})
    m.state["weapons"]["g-w1"]["broken"] = True
    with pytest.raises(IllegalOrder) as exc:
        fp(m, ["g-w1"], "D7")
    assert exc.value.rule == "11.4"


def test_ordnance_never_joins_a_fire_group() -> None:
    """A mortar cannot be part of a fire group (O20.3.1.1, 11.5)."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-s1": "D7"})
    with pytest.raises(IllegalOrder) as exc:
        fp(m, ["g-s4", "g-w2"], "D7")
    assert exc.value.rule == "O20.3.1.1"


def test_a_mortar_cannot_fire_inside_its_minimum_range() -> None:
    """A mortar of range 2-12 cannot attack an adjacent hex (O20.2.2)."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-s1": "C7"})
    with pytest.raises(IllegalOrder) as exc:
        fp(m, ["g-w2"], "C7")
    assert exc.value.rule == "O20.2.2"


def test_a_unit_and_its_weapon_fire_separately() -> None:
    """A unit and its weapon may attack different hexes in one Fire order (O20.3.1.1)."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7", "a-s2": "B5"})
    attack(m, ["g-w1"], "D7", [(1, 1)], [(6, 6)])
    assert top(m) == "fire_order"
    stack(m, "axis", [find("axis", total=4, trigger="", exclude=(*m.state["sides"]["axis"]["discard"], *m.state["sides"]["axis"]["hand"]))])
    stack(m, "allies", [find("allies", total=11, trigger="", exclude=tuple(m.state["sides"]["allies"]["discard"]))])
    play(m, "axis", "attack", "B5", "g-s3")
    assert top(m) == "turn"


def test_the_rulebook_s_mortar_misses_through_smoke() -> None:
    """Fire example H: range 3, Smoke 3 in between, Targeting roll 6x1 = 6 - 3 = 3, not more than 3: a miss (O20.2.3, 10.3.1)."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "E7"})
    m.state["smoke"] = {"C7": 3}
    recs = attack(m, ["g-w2"], "E7", [(6, 1)], [])
    assert any("Targeting roll 6 - hindrance 3 against range 3" in line for line in texts(recs))
    assert not any("fire at E7" in line for line in texts(recs))


def test_a_targeting_roll_multiplies_the_dice() -> None:
    """A Targeting roll of 6x1 = 6, less hindrance 2, hits at range 3; the attack then follows, its FP not reduced by hindrance (O20.2.3, 10.3.1)."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "E7"})
    m.state["smoke"] = {"C7": 2}
    recs = attack(m, ["g-w2"], "E7", [(6, 1), (1, 1)], [(6, 6)])
    assert any("6 FP + 2 = 8" in line for line in texts(recs))


def test_a_mortar_against_woods_adds_two() -> None:
    """Tree bursts: +2 to a mortar's Attack Total against a Woods hex (T99)."""
    m = new_match()
    only_units(m, {"g-s4": "B7", "a-t1": "D9"})
    recs = attack(m, ["g-w2"], "D9", [(6, 6), (1, 1)], [(6, 6)])
    assert any("6 FP + 2 = 10" in line for line in texts(recs))


def test_jam_breaks_every_firing_weapon_and_the_attack_goes_on() -> None:
    """Jam! on a Fire attack roll breaks the firing weapons; the attack is still completed (1.9.1.2, O20.3.3.1)."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7"})
    cid = hold(m, "axis", "fire")
    jam = find("axis", trigger="jam", exclude=(cid,))
    stack(m, "axis", [jam])
    stack(m, "allies", [find("allies", white=1, red=1, trigger="")])
    play(m, "axis", "fire", cid, "g-s3")
    recs = play(m, "axis", "attack", "D7", "g-s3", "g-w1")
    assert m.state["weapons"]["g-w1"]["broken"]
    assert any("fire at D7" in line for line in texts(recs))


def test_a_broken_weapon_that_breaks_again_is_eliminated() -> None:
    """A further break eliminates a broken weapon into the Weapons box (11.4, 4.2)."""
    m = new_match()
    ctx = FakeContext()
    m.state["weapons"]["g-w1"]["broken"] = True
    weapons.break_weapon(m.state, "g-w1", ctx, "E63")
    assert m.state["weapons"]["g-w1"]["unit"] is None


def test_a_random_hex_in_the_repair_range_repairs_a_broken_weapon() -> None:
    """Sniper!: the random hex's number inside a broken weapon's Repair range flips it to good (11.4, 1.8)."""
    m = new_match()
    m.state["weapons"]["g-w1"]["broken"] = True
    low, high = weapons.types()["ger_hmg"].repair or (0, 0)
    sniper = find("axis", trigger="sniper")
    nxt = next(c.id for c in DATA.decks["germany"] if c.id != sniper and low <= int(c.hex[1:]) <= high)
    stack(m, "axis", [sniper, nxt])
    cards.roll(DATA, m.state, "axis", FakeContext(), "test")
    assert not m.state["weapons"]["g-w1"]["broken"]


def test_a_random_hex_in_the_eliminate_range_eliminates_a_broken_weapon() -> None:
    """Sniper!: the random hex's number inside a broken weapon's Eliminate range eliminates it (11.4, 1.8)."""
    m = new_match()
    m.state["weapons"]["g-w1"]["broken"] = True
    low, high = weapons.types()["ger_hmg"].eliminate or (0, 0)
    sniper = find("axis", trigger="sniper")
    nxt = next(c.id for c in DATA.decks["germany"] if c.id != sniper and low <= int(c.hex[1:]) <= high)
    stack(m, "axis", [sniper, nxt])
    cards.roll(DATA, m.state, "axis", FakeContext(), "test")
    assert m.state["weapons"]["g-w1"]["unit"] is None


def test_a_weapon_follows_its_eliminated_unit() -> None:
    """An eliminated unit's weapon goes with it into the Weapons box (11.3, 4.2)."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "g-s1": "B1", "a-s1": "D7"})
    m.state["units"]["g-s3"]["broken"] = True
    model.eliminate(DATA, m.state, "g-s3", FakeContext())
    assert m.state["weapons"]["g-w1"]["unit"] is None


def test_a_weapon_s_penalty_lowers_its_carrier_s_movement() -> None:
    """The heavy MG's red penalty applies to its carrier's Movement (11.1)."""
    m = new_match()
    only_units(m, {"g-s3": "B7"})
    base = DATA.counters["ger_rifle"].good["move"]
    assert movement(GAME, m.state, "g-s3", False) == base + weapons.types()["ger_hmg"].move


def test_a_moving_unit_transfers_its_weapon_for_one_mp() -> None:
    """During a Move order the moving unit hands its weapon to a friendly unit in its hex for 1 MP (O21.1.1)."""
    m = new_match()
    only_units(m, {"g-s3": "B3", "g-s2": "B3", "a-s1": "N9"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s3")
    play(m, "axis", "transfer", "g-w1", "g-s2")
    assert m.state["weapons"]["g-w1"]["unit"] == "g-s2"
    assert m.state["flow"][-1]["spent"]["g-s3"] == 1


def test_the_receiver_must_have_no_weapon() -> None:
    """A unit already carrying a weapon cannot receive another (11.2, O21.1.1)."""
    m = new_match()
    only_units(m, {"g-s3": "B3", "g-s4": "B3", "a-s1": "N9"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s3")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "transfer", "g-w1", "g-s4")
    assert exc.value.rule == "11.2"


def test_the_receiver_must_be_in_the_same_hex() -> None:
    """The receiver is a friendly unit stacked in the same hex (O21.1.1)."""
    m = new_match()
    only_units(m, {"g-s3": "B3", "g-s2": "B4", "a-s1": "N9"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s3")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "transfer", "g-w1", "g-s2")
    assert exc.value.rule == "O21.1.1"


def test_only_a_unit_of_the_move_order_transfers() -> None:
    """The weapon's carrier must be activated for the Move order (O21.1.1)."""
    m = new_match()
    only_units(m, {"g-s3": "B3", "g-s2": "B3", "a-s1": "N9"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s2")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "transfer", "g-w1", "g-s2")
    assert exc.value.rule == "O21.1.1"


def test_a_transfer_needs_one_mp_left() -> None:
    """A unit without 1 MP left cannot transfer (O21.1.1)."""
    m = new_match()
    only_units(m, {"g-s3": "B3", "g-s2": "B3", "a-s1": "N9"})
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s3")
    m.state["flow"][-1]["spent"]["g-s3"] = movement(GAME, m.state, "g-s3", False)
    m.state["flow"][-1]["current"] = "g-s3"
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "transfer", "g-w1", "g-s2")
    assert exc.value.rule == "O21.1.1"


def allied_opfire(m, *pieces: str):  # type: ignore[no-untyped-def]
    """g-s1 steps from A7 to A8 in view of the allies, who open opportunity fire with ``pieces``."""
    play(m, "axis", "move", hold(m, "axis", "move"), "g-s1")
    play(m, "axis", "step", "g-s1", "A8")
    cid = hold(m, "allies", "fire")
    stack(m, "allies", [find("allies", white=1, red=1, trigger="", exclude=(cid,))])
    stack(m, "axis", [find("axis", white=6, red=6, trigger="")])
    return play(m, "allies", "fire", cid, *pieces)


def test_a_weapon_joins_its_carrier_s_opportunity_fire() -> None:
    """A weapon is activated with its carrier for opportunity fire and adds to the group (11.1, A33, O20.3.1.2)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s3": "C7"})
    recs = allied_opfire(m, "a-s3", "a-w1")
    assert any("a-s3, a-w1 fire at A8: 7 FP" in line for line in texts(recs))


def test_ordnance_is_never_used_for_opportunity_fire() -> None:
    """A weapon with a white band cannot opportunity-fire, though its carrier can (11.5, A33)."""
    m = new_match()
    only_units(m, {"g-s1": "A7", "a-s3": "D7"})
    m.state["weapons"]["a-w1"]["type"] = "usa_mortar"
    with pytest.raises(IllegalOrder) as exc:
        allied_opfire(m, "a-s3", "a-w1")
    assert exc.value.rule == "11.5"


def test_a_flamethrower_sets_the_target_s_cover_to_zero() -> None:
    """A Flamethrower's target defends with Cover 0 (11.6)."""
    m = new_match()
    only_units(m, {"g-s1": "C2", "a-s1": "D2"})
    arm(m, "g-w9", "g-s1", "ger_flamethrower")
    assert GAME.board_for(m.state).cover("D2") > 0
    recs = attack(m, ["g-w9"], "D2", [(1, 1)], [(1, 1)])
    assert any("a-s1: 6 + 2 = 8" in line for line in texts(recs))


def test_a_satchel_charge_is_used_once() -> None:
    """A Satchel Charge is eliminated as soon as its Fire attack roll is made (11.6)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "C7"})
    arm(m, "g-w9", "g-s1", "ger_satchel")
    attack(m, ["g-w9"], "C7", [(1, 1)], [(6, 6)])
    assert m.state["weapons"]["g-w9"]["unit"] is None


def test_the_weapons_file_says_it_is_provisional_and_parses() -> None:
    """weapons.csv's first line says PROVISIONAL; its radios have FP 8 to 13 (12); a bad line is reported."""
    assert weapons.load()[1] == ()
    assert all(8 <= w.fp <= 13 for w in weapons.types().values() if w.kind == "radio")
    _, problems = weapons.parse("type,nation,kind,name,tag,fp,range,move,flags,repair,eliminate\nx,germany,radio,R,R,20,0,0,,,\n")
    assert any("line 1" in p for p in problems) and any("FP 8 to 13" in p for p in problems)


def test_an_event_s_random_hex_checks_the_broken_weapons_too() -> None:
    """Every Random Hex, an event's as well as a sniper's, is compared with the broken weapons first (11.4, 1.8)."""
    m = new_match()
    m.state["weapons"]["g-w1"]["broken"] = True
    low, high = weapons.types()["ger_hmg"].repair or (0, 0)
    nxt = next(c.id for c in DATA.decks["germany"] if low <= int(c.hex[1:]) <= high)
    stack(m, "axis", [nxt])
    events.random_hex(DATA, m.state, "axis", FakeContext(), "test")
    assert not m.state["weapons"]["g-w1"]["broken"]


def test_no_weapon_fires_from_wire() -> None:
    """No weapon may fire from a hex with Wire (F106.3)."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7"})
    m.state["forts"] = {"B7": "wire"}
    with pytest.raises(IllegalOrder) as exc:
        fp(m, ["g-w1"], "D7")
    assert exc.value.rule == "F106.3"


def test_a_deploying_squad_s_weapon_goes_to_one_of_its_teams() -> None:
    """A Squad that deploys hands its weapon to one of the two Teams, by default the first (11.3, E52; ruling R49)."""
    m = new_match()
    only_units(m, {"g-s3": "D2", "a-s1": "H9"})
    m.state["units"]["g-s3"]["broken"] = True
    events._deploy(DATA, m.state, {"kind": "deploy", "role": "axis", "rule": "E52"}, "g-s3", FakeContext())
    assert m.state["weapons"]["g-w1"]["unit"] == "g-s3a"


# Weapons in the actions before the roll (A27, A40, A41) ------------------------------------------


def announce(m, pieces: list[str], target: str, roll: tuple[int, int], keep: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    """Axis orders Fire with the carriers of ``pieces`` and announces the attack; stops in the window before the roll."""
    cid = hold(m, "axis", "fire")
    stack(m, "axis", [find("axis", white=roll[0], red=roll[1], trigger="", exclude=(cid, *keep))])
    stack(m, "allies", [find("allies", white=6, red=6, trigger="")])
    play_only(m, "axis", "fire", cid, *sorted({weapons.carrier(m.state, p) for p in pieces}))
    play_only(m, "axis", "attack", target, *pieces)
    assert top(m) == "attack_window"


def test_the_attack_lists_its_firing_weapons_for_the_actions() -> None:
    """The attack names each firing weapon with its kind and printed FP, which Bore Sighting and Sustained Fire read (A27, A41)."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7"})
    announce(m, ["g-s3", "g-w1"], "D7", (1, 1))
    assert attack_frame(m.state)["weapons"] == [{"id": "g-w1", "kind": "mg", "fp": 8}]


def test_sustained_fire_with_a_heavy_machine_gun_adds_two() -> None:
    """A41 with a real machine gun firing: +2 FP (8 FP HMG, 10 FP with Sustained Fire)."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7"})
    cid = hold_action(m, "axis", "sustained_fire")
    announce(m, ["g-w1"], "D7", (2, 1), keep=(cid,))
    recs = play_only(m, "axis", "sustained-fire", cid)
    recs += play(m, "axis", "pass")
    assert any("10 FP + 3 = 13" in line for line in texts(recs))


def test_sustained_fire_on_a_double_breaks_the_machine_gun() -> None:
    """A41: a double on the attack roll breaks the firing machine gun."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7"})
    cid = hold_action(m, "axis", "sustained_fire")
    announce(m, ["g-w1"], "D7", (3, 3), keep=(cid,))
    play_only(m, "axis", "sustained-fire", cid)
    play(m, "axis", "pass")
    assert m.state["weapons"]["g-w1"]["broken"] is True


def test_spray_fire_accepts_a_weapon_with_boxed_range() -> None:
    """A40: a machine gun has a boxed Range, so it may spray two adjacent hexes."""
    m = new_match()
    only_units(m, {"g-s3": "B7", "a-s1": "D7", "a-s2": "D8"})
    cid = hold_action(m, "axis", "spray_fire")
    announce(m, ["g-w1"], "D7", (1, 1), keep=(cid,))
    play_only(m, "axis", "spray-fire", cid, "D8")
    assert attack_frame(m.state)["spray"] == "D8"
