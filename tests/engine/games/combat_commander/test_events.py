"""Events E43-E77 drawn through an Event! trigger (1.9.1.1, E42), with the choices they give (R17)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from engine.games.combat_commander import cards, compass, events
from engine.games.combat_commander.common import activation_sets
from engine.kernel import Match
from engine.text import t
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    NATION,
    FakeContext,
    find,
    new_match,
    only_units,
    open_and_settle,
    play,
    stack,
    top,
)

WHY = t("test")


def hex_card(role: str, label: str, exclude: tuple[str, ...] = ()) -> str:
    """A card of ``role``'s deck whose Random Hex is ``label``."""
    return next(c.id for c in DATA.decks[NATION[role]] if c.hex == label and c.id not in exclude)


def draw_event(m: Match, role: str, event: str, then: tuple[str, ...] = ()) -> FakeContext:
    """``role`` rolls an Event! card, the next card's event is ``event``; ``then`` are Random Hexes of the cards after it."""
    deck = DATA.decks[NATION[role]]
    target = next(c.id for c in sorted(deck, key=lambda c: c.trigger != "") if c.event == event)
    trigger = next(c.id for c in deck if c.trigger == "event" and c.id != target)
    after: list[str] = []
    for label in then:
        after.append(hex_card(role, label, (target, trigger, *after)))
    stack(m, role, [trigger, target, *after])
    ctx = FakeContext()
    cards.roll(DATA, m.state, role, ctx, WHY)
    events.open_choices(DATA, m.state, ctx)
    return ctx


def choice(m: Match) -> dict[str, object]:
    head: dict[str, object] = m.state["choices"][0]
    return head


def options(m: Match) -> list[str]:
    return events.options(DATA, m.state, m.state["choices"][0])


def unit(m: Match, uid: str) -> dict[str, object]:
    found: dict[str, object] = m.state["units"][uid]
    return found


def test_air_support_hits_every_unit_of_the_nearest_hex() -> None:
    """E43: no unit in the Random Hex: the nearest hex with units is the one the drawer may hit, all of it."""
    m = new_match()
    only_units(m, {"a-s1": "H5", "a-l1": "H5", "g-s1": "A1"})
    draw_event(m, "axis", "air_support", ("I5",))
    assert options(m) == ["H5"]
    play(m, "axis", "choose", "H5")
    assert unit(m, "a-s1")["broken"] and unit(m, "a-l1")["broken"] and not unit(m, "g-s1")["broken"]


def test_air_support_may_be_declined() -> None:
    """E43: the drawer *may* hit; 'pass' leaves the units alone."""
    m = new_match()
    only_units(m, {"a-s1": "I5", "g-s1": "A1"})
    draw_event(m, "axis", "air_support", ("I5",))
    play(m, "axis", "pass")
    assert not unit(m, "a-s1")["broken"] and top(m) == "turn"


def test_battle_harden_makes_a_veteran_with_plus_one() -> None:
    """E44, E44.1: the chosen unit becomes Veteran: +1 FP, Range, Morale and Movement, Command unchanged."""
    m = new_match()
    fp = events.model.value(DATA, m.state, "g-s1", "fp")
    draw_event(m, "axis", "battle_harden")
    assert choice(m)["kind"] == "battle_harden" and "a-s1" not in options(m)
    play(m, "axis", "choose", "g-s1")
    assert unit(m, "g-s1")["veteran"] and events.model.value(DATA, m.state, "g-s1", "fp") == fp + 1


def test_battle_harden_refuses_an_enemy_unit_citing_e44() -> None:
    """E44: only one of the drawer's own units may become Veteran."""
    m = new_match()
    draw_event(m, "axis", "battle_harden")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "choose", "a-s1")
    assert exc.value.rule == "E44"


def test_battlefield_integrity_scores_enemy_casualties() -> None:
    """E45: 1 VP per enemy unit on the Casualty track."""
    m = new_match()
    m.state["sides"]["allies"]["casualties"] = ["a-s1", "a-t1"]
    draw_event(m, "axis", "battlefield_integrity")
    assert m.state["vp"] == 2


def test_blaze_places_a_blaze_removes_smoke_and_displaces_units() -> None:
    """E46: a Blaze in the Random Hex, its Smoke removed, each unit there moved to an adjacent passable hex."""
    m = new_match()
    only_units(m, {"g-s1": "I5", "a-s1": "H9"})
    m.state["smoke"] = {"I5": 3}
    draw_event(m, "axis", "blaze", ("I5",))
    assert "I5" in m.state["blaze"] and "I5" not in m.state["smoke"]
    assert choice(m)["kind"] == "displace" and choice(m)["role"] == "axis"
    play(m, "axis", "choose", options(m)[0])
    assert unit(m, "g-s1")["hex"] != "I5"


def test_blaze_has_no_effect_on_water() -> None:
    """E46: no Blaze in a Water hex."""
    m = new_match()
    draw_event(m, "axis", "blaze", ("K10",))
    assert "K10" not in m.state["blaze"]


def test_blaze_eliminates_a_unit_with_no_way_out() -> None:
    """E46: a unit with no adjacent passable hex is eliminated."""
    m = new_match()
    only_units(m, {"g-s1": "I5", "a-s1": "H9"})
    board = events.board(DATA, m.state)
    m.state["blaze"] = list(board.neighbours("I5"))
    draw_event(m, "axis", "blaze", ("I5",))
    assert unit(m, "g-s1")["hex"] is None and "g-s1" in m.state["sides"]["axis"]["casualties"]


@pytest.mark.parametrize("event, kind", [("booby_trap", "mines"), ("rubble", "wire"), ("shell_holes", "foxholes")])
def test_fortification_events_place_their_marker_in_the_random_hex(event: str, kind: str) -> None:
    """E47, E69, E73: Mines, Wire or Foxholes go in the Random Hex (F103, F106, F102)."""
    m = new_match()
    draw_event(m, "axis", event, ("I5",))
    assert m.state["forts"] == {"I5": kind}


def test_a_fortification_event_keeps_the_first_fortification() -> None:
    """E73 on a hex with Wire: the first fortification stays (F100.3, 8.1.3)."""
    m = new_match()
    m.state["forts"]["I5"] = "wire"
    draw_event(m, "axis", "shell_holes", ("I5",))
    assert m.state["forts"] == {"I5": "wire"}


def test_breeze_removes_smoke_and_spreads_blaze_downwind() -> None:
    """E48: all Smoke goes; a Blaze spreads into the non-Water hex downwind of each Blaze, read on the map's compass (2.2.2, R18)."""
    m = new_match()
    only_units(m, {"g-s1": "A1", "a-s1": "O10"})
    m.state["smoke"] = {"C3": 2, "D4": 1}
    m.state["blaze"] = ["H5"]
    target = next(c for c in sorted(DATA.decks["germany"], key=lambda c: c.trigger != "") if c.event == "breeze")
    draw_event(m, "axis", "breeze")
    board = events.board(DATA, m.state)
    downwind = board.grid.neighbour("H5", compass.direction(board, int(target.event_param or "1")))
    assert m.state["smoke"] == {} and downwind in m.state["blaze"]


def test_command_and_control_scores_controlled_objectives() -> None:
    """E49: 1 VP per objective the drawer controls (the Allies hold three at the start)."""
    m = new_match()
    vp = m.state["vp"]
    draw_event(m, "allies", "command_and_control")
    assert m.state["vp"] == vp - 3


def test_commissar_has_no_effect_without_a_russian_player() -> None:
    """E50: only the Russian player rolls for a broken unit; America and Germany ignore it (E42)."""
    m = new_match()
    ctx = FakeContext()
    events.commissar(DATA, m.state, "allies", ctx, cards.card("ger01"))
    assert not m.state.get("choices") and any("no Russian player" in line for line in ctx.lines)


def test_commissar_rolls_against_morale() -> None:
    """E50: a roll above the unit's Morale eliminates it, otherwise it is rallied."""
    m = new_match()
    m.state["sides"]["allies"]["nation"] = "russia"
    only_units(m, {"a-s1": "H5", "a-s2": "H6", "g-s1": "A1"})
    unit(m, "a-s1")["broken"] = True
    unit(m, "a-s2")["broken"] = True
    stack(m, "allies", [find("allies", total=2)])
    ctx = FakeContext()
    events.commissar(DATA, m.state, "axis", ctx, cards.card("ger01"))
    assert m.state["choices"][0]["role"] == "allies"
    m.state["sides"]["allies"]["nation"] = "america"  # the Russian deck is not the one in play here
    events.open_choices(DATA, m.state, ctx)
    play(m, "allies", "choose", "a-s1")
    assert not unit(m, "a-s1")["broken"] and unit(m, "a-s1")["hex"] == "H5"


def test_cower_suppresses_squads_out_of_command() -> None:
    """E51: own unsuppressed Squads outside every friendly leader's radius are suppressed."""
    m = new_match()
    only_units(m, {"g-l2": "A1", "g-s1": "A2", "g-s2": "H8", "g-l1": "N1"})
    draw_event(m, "axis", "cower")
    assert not unit(m, "g-s1")["suppressed"] and unit(m, "g-s2")["suppressed"]


def test_deploy_splits_a_squad_into_two_teams_for_the_active_player() -> None:
    """E52: the active player (not the drawer) may replace a Squad by two Teams; broken and Suppressed follow (E52.2)."""
    m = new_match()
    only_units(m, {"g-s1": "D2", "a-s1": "H9"})
    unit(m, "g-s1").update(broken=True, suppressed=True)
    draw_event(m, "allies", "deploy")
    assert choice(m)["role"] == "axis"
    play(m, "axis", "choose", "g-s1")
    assert unit(m, "g-s1")["hex"] is None
    assert unit(m, "g-s1a")["type"] == "ger_team" and unit(m, "g-s1b")["hex"] == "D2"
    assert unit(m, "g-s1a")["suppressed"] and not unit(m, "g-s1b")["suppressed"] and unit(m, "g-s1b")["broken"]


def test_dust_places_a_random_smoke_marker() -> None:
    """E53: a Smoke marker from the cup goes in the Random Hex (T94)."""
    m = new_match()
    draw_event(m, "axis", "dust", ("I5",))
    assert 1 <= m.state["smoke"]["I5"] <= 10


def test_elan_moves_the_surrender_marker_away() -> None:
    """E54: one more loss is needed before the drawer surrenders (digest 8.2.20)."""
    m = new_match()
    before = m.state["sides"]["axis"]["surrender"]
    draw_event(m, "axis", "elan")
    assert m.state["sides"]["axis"]["surrender"] == before + 1


def test_entrench_places_foxholes_in_a_hex_of_the_drawer() -> None:
    """E55: the drawer may place Foxholes in a hex with his units; Water and fortified hexes are not offered."""
    m = new_match()
    only_units(m, {"g-s1": "D2", "g-s2": "K10", "g-s3": "B7", "a-s1": "H5"})
    m.state["forts"]["B7"] = "wire"
    draw_event(m, "axis", "entrench")
    assert choice(m)["optional"] and options(m) == ["D2"]  # K10 is a Stream (F100.3)
    play(m, "axis", "choose", "D2")
    assert m.state["forts"] == {"B7": "wire", "D2": "foxholes"}


def test_entrench_may_be_declined() -> None:
    """E55: the drawer *may* place them: 'pass' (the published default) places nothing."""
    m = new_match()
    only_units(m, {"g-s1": "D2", "a-s1": "H5"})
    draw_event(m, "axis", "entrench")
    play(m, "axis", "pass")
    assert m.state["forts"] == {} and top(m) == "turn"


def test_field_promotion_places_the_corporal_with_a_broken_unit() -> None:
    """E56: the Corporal (Morale 6, Command 2) may go into a hex of one of the drawer's broken units."""
    m = new_match()
    unit(m, "g-s2")["broken"] = True
    draw_event(m, "axis", "field_promotion")
    assert options(m) == ["E2"]
    play(m, "axis", "choose", "E2")
    assert unit(m, "ger-corporal")["hex"] == "E2" and DATA.counters["ger_corporal"].good["command"] == 2


def test_fog_of_war_discards_a_card_from_each_hand() -> None:
    """E57: each player discards one card drawn at random from the other's hand."""
    m = new_match()
    sizes = {r: len(m.state["sides"][r]["hand"]) for r in ("axis", "allies")}
    draw_event(m, "axis", "fog_of_war")
    assert {r: len(m.state["sides"][r]["hand"]) for r in ("axis", "allies")} == {r: n - 1 for r, n in sizes.items()}


def test_hero_goes_to_a_friendly_hex_and_may_rally() -> None:
    """E58: the Hero must go into a friendly hex; the drawer may then rally a broken unit there."""
    m = new_match()
    unit(m, "g-s1")["broken"] = True
    draw_event(m, "axis", "hero")
    assert "D2" in options(m) and "F5" not in options(m)
    play(m, "axis", "choose", "D2")
    assert unit(m, "ger-hero")["hex"] == "D2" and choice(m)["kind"] == "hero_rally"
    play(m, "axis", "choose", "g-s1")
    assert not unit(m, "g-s1")["broken"]


def test_a_hero_is_worth_no_vp_and_leaves_no_casualty() -> None:
    """E58.1: an eliminated Hero goes back to the counter pool; nobody scores."""
    m = new_match()
    events.new_unit(m.state, "ger-hero", "ger_hero", "axis", "D2")
    vp = m.state["vp"]
    events.model.eliminate(DATA, m.state, "ger-hero", FakeContext())
    assert m.state["vp"] == vp and "ger-hero" not in m.state["sides"]["axis"]["casualties"]


def support_event(m: Match, event: str, total: int, then: tuple[str, ...] = ()) -> FakeContext:
    """The Axis draws ``event``; its Support-table roll shows ``total``; ``then`` are Random Hexes after it."""
    deck = DATA.decks["germany"]
    target = next(c.id for c in sorted(deck, key=lambda c: c.trigger != "") if c.event == event)
    trigger = next(c.id for c in deck if c.trigger == "event" and c.id != target)
    roll = find("axis", total=total, exclude=(target, trigger))
    after = [hex_card("axis", label, (target, trigger, roll)) for label in then]
    stack(m, "axis", [trigger, target, roll, *after])
    ctx = FakeContext()
    cards.roll(DATA, m.state, "axis", ctx, WHY)
    open_and_settle(m, ctx)  # the Support-table roll is held for the Initiative card (9.1) and accepted
    return ctx


def test_reinforcements_event_takes_a_support_counter_onto_the_own_edge() -> None:
    """E68: a roll on the Support table, one counter of that column free, placed along the own map edge."""
    m = new_match()
    support_event(m, "reinforcements", 10)
    assert choice(m)["kind"] == "support_pick" and options(m) == ["ger_rifle", "ger_assault"]
    play(m, "axis", "choose", "ger_assault")
    assert choice(m)["kind"] == "reinforce" and choice(m)["rule"] == "E68"
    play(m, "axis", "choose", "B1")
    assert unit(m, "ger-x1")["hex"] == "B1" and unit(m, "ger-x1")["type"] == "ger_assault"


def test_reinforcements_event_refuses_a_hex_off_the_own_edge_citing_e68() -> None:
    """E68: the counter enters only along the drawer's own map edge."""
    m = new_match()
    support_event(m, "reinforcements", 10)
    play(m, "axis", "choose", "ger_assault")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "choose", "H5")
    assert exc.value.rule == "E68"


def test_infiltration_places_the_counter_in_or_next_to_the_random_hex() -> None:
    """E59: a Support-table counter enters in or adjacent to a Random Hex, stacking and terrain kept."""
    m = new_match()
    only_units(m, {"g-s1": "A1", "a-s1": "O10"})
    support_event(m, "infiltration", 10, ("I5",))
    play(m, "axis", "choose", "ger_rifle")
    assert choice(m)["kind"] == "infiltrate" and "I5" in options(m) and "I7" not in options(m)
    play(m, "axis", "choose", "I5")
    assert unit(m, "ger-x1")["hex"] == "I5" and not unit(m, "ger-x1")["broken"]


def test_interdiction_suppresses_a_unit_in_the_open_only() -> None:
    """E60: only an unsuppressed unit in a hex of Cover below 1 may be chosen."""
    m = new_match()
    only_units(m, {"g-s1": "A1", "a-s1": "F5", "a-s2": "H5"})
    draw_event(m, "axis", "interdiction")
    assert "a-s1" not in options(m) and options(m)[0] == "a-s2"
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "choose", "a-s1")
    assert exc.value.rule == "E60"
    play(m, "axis", "choose", "a-s2")
    assert unit(m, "a-s2")["suppressed"]


def test_interrogation_shows_the_hand_to_the_drawer_only_and_discards_one() -> None:
    """E61: the opponent's hand is revealed to the drawer alone; the card the drawer names is discarded, face up."""
    m = new_match()
    hand = list(m.state["sides"]["allies"]["hand"])
    draw_event(m, "axis", "interrogation")
    records = play(m, "axis", "choose", "2")
    assert hand[1] in m.state["sides"]["allies"]["discard"] and hand[1] not in m.state["sides"]["allies"]["hand"]
    assert not any(hand[1] in str(e.text) for r in records for e in r.entries)


def test_kia_eliminates_a_broken_unit_of_either_side() -> None:
    """E62: a broken unit, friend or foe, is eliminated; the enemy ones are listed first."""
    m = new_match()
    unit(m, "a-s1")["broken"] = True
    unit(m, "g-s1")["broken"] = True
    draw_event(m, "axis", "kia")
    assert options(m) == ["a-s1", "g-s1"]
    play(m, "axis", "choose", "a-s1")
    assert unit(m, "a-s1")["hex"] is None


def test_kia_with_no_broken_unit_does_nothing() -> None:
    """E42: an impossible event is ignored: no broken unit, no choice."""
    m = new_match()
    draw_event(m, "axis", "kia")
    assert not m.state["choices"] and top(m) == "turn"


def test_malfunction_breaks_the_nearest_unbroken_weapon() -> None:
    """E63: the unbroken weapon nearest the Random Hex (either side) breaks: from I5, the BAR in I6."""
    m = new_match()
    only_units(m, {"g-s3": "I2", "g-s4": "J2", "a-s3": "I6", "a-s1": "H5"})
    draw_event(m, "axis", "malfunction", ("I5",))
    assert state_weapon(m, "a-w1")["broken"] and not state_weapon(m, "g-w1")["broken"]


def test_malfunction_skips_broken_weapons() -> None:
    """E63: only an unbroken weapon breaks; a broken one nearer is passed over."""
    m = new_match()
    only_units(m, {"g-s3": "I2", "g-s4": "A1", "a-s3": "I6", "a-s1": "H5"})
    state_weapon(m, "a-w1")["broken"] = True
    draw_event(m, "axis", "malfunction", ("I5",))
    assert state_weapon(m, "a-w1")["unit"] == "a-s3" and state_weapon(m, "g-w1")["broken"] and not state_weapon(m, "g-w2")["broken"]


def test_malfunction_on_a_tie_the_drawer_chooses() -> None:
    """E63: two unbroken weapons at the same distance: the drawer chooses which breaks."""
    m = new_match()
    only_units(m, {"g-s3": "I4", "a-s3": "I6", "g-s4": "A1"})
    draw_event(m, "axis", "malfunction", ("I5",))
    assert options(m) == ["a-w1", "g-w1"] and choice(m)["role"] == "axis"
    play(m, "axis", "choose", "g-w1")
    assert state_weapon(m, "g-w1")["broken"] and not state_weapon(m, "a-w1")["broken"]


def state_weapon(m: Match, wid: str) -> dict[str, object]:
    found: dict[str, object] = m.state["weapons"][wid]
    return found


def test_medic_rallies_a_broken_unit() -> None:
    """E64: the drawer must rally a broken unit; a single candidate is rallied at once."""
    m = new_match()
    unit(m, "a-s1")["broken"] = True
    draw_event(m, "axis", "medic")
    assert not unit(m, "a-s1")["broken"]


def test_mission_objective_draws_a_secret_chit() -> None:
    """E65: the drawer draws a random chit and keeps it secret, unless it has no secret side."""
    m = new_match()
    before = len(m.state["chits"]["secret"]["axis"]) + len(m.state["chits"]["open"])
    draw_event(m, "axis", "mission_objective")
    assert len(m.state["chits"]["secret"]["axis"]) + len(m.state["chits"]["open"]) == before + 1


def test_prisoners_of_war_only_near_the_enemy() -> None:
    """E66: the drawer's broken unit in or next to an enemy hex is eliminated; one far away cannot be chosen."""
    m = new_match()
    only_units(m, {"g-s1": "H5", "g-s2": "A1", "a-s1": "H6"})
    unit(m, "g-s1")["broken"] = True
    unit(m, "g-s2")["broken"] = True
    draw_event(m, "axis", "prisoners_of_war")
    assert unit(m, "g-s1")["hex"] is None and unit(m, "g-s2")["hex"] == "A1"


def test_reconnaissance_makes_the_opponent_reveal_a_secret_chit() -> None:
    """E67: the opponent chooses one secret chit; it becomes open and scores for the controller."""
    m = new_match()
    m.state["chits"]["secret"]["allies"] = ["chit-a", "chit-c"]
    m.state["objectives"]["1"] = "allies"
    vp = m.state["vp"]
    draw_event(m, "axis", "reconnaissance")
    assert choice(m)["role"] == "allies"
    play(m, "allies", "choose", "chit-a")
    assert "chit-a" in m.state["chits"]["open"] and m.state["vp"] == vp - 1


def test_reconnaissance_choice_is_masked_in_the_echo() -> None:
    """E67, 7.3.3: the channel reads 'choose chit', never which secret chit was named."""
    assert GAME.order_text(Action("choose", ("chit-a",)), "public") == "choose chit"


def test_sappers_remove_a_mines_or_wire_marker() -> None:
    """E70: the drawer may remove one Mines or Wire marker, never another fortification."""
    m = new_match()
    m.state["forts"].update({"B7": "wire", "C7": "mines", "D7": "foxholes"})
    draw_event(m, "axis", "sappers")
    assert choice(m)["optional"] and options(m) == ["B7", "C7"]
    play(m, "axis", "choose", "C7")
    assert m.state["forts"] == {"B7": "wire", "D7": "foxholes"}


def test_sappers_with_nothing_to_remove_do_nothing() -> None:
    """E70: without Mines or Wire on the map the event is ignored (E42)."""
    m = new_match()
    m.state["forts"]["D7"] = "foxholes"
    draw_event(m, "axis", "sappers")
    assert not m.state["choices"] and m.state["forts"] == {"D7": "foxholes"}


def test_scrounge_gives_an_eliminated_weapon_to_a_unit_without_one() -> None:
    """E71: an eliminated weapon (either side) comes back, unbroken, with one of the drawer's units without a weapon."""
    m = new_match()
    only_units(m, {"g-s1": "D2", "g-s2": "E2", "g-s3": "I2", "a-s1": "H5"})
    m.state["weapons"]["a-w1"].update(unit=None, broken=False)
    draw_event(m, "axis", "scrounge")
    assert choice(m)["optional"] and options(m) == ["a-w1"]
    play(m, "axis", "choose", "a-w1")
    assert options(m) == ["g-s1", "g-s2"]  # g-s3 already carries the HMG (11.2)
    play(m, "axis", "choose", "g-s1")
    assert state_weapon(m, "a-w1")["unit"] == "g-s1" and state_weapon(m, "a-w1")["side"] == "axis"


def test_scrounge_with_an_empty_weapons_box_does_nothing() -> None:
    """E71: no eliminated weapon: nothing to choose (E42)."""
    m = new_match()
    draw_event(m, "axis", "scrounge")
    assert not m.state["choices"]


def test_suppressing_fire_needs_a_machine_gun_in_range_and_los() -> None:
    """E75: an unsuppressed enemy unit in Range and LOS of the drawer's unbroken MG, carried by a good-order unit."""
    m = new_match()
    only_units(m, {"g-s3": "I2", "a-s1": "I4", "a-s2": "A10"})
    draw_event(m, "axis", "suppressing_fire")
    assert choice(m)["optional"] and "a-s1" in options(m) and "a-s2" not in options(m)
    play(m, "axis", "choose", "a-s1")
    assert unit(m, "a-s1")["suppressed"]


def test_suppressing_fire_without_a_good_order_carrier_does_nothing() -> None:
    """E75: a broken carrier's MG does not count."""
    m = new_match()
    only_units(m, {"g-s3": "I2", "a-s1": "I4"})
    unit(m, "g-s3")["broken"] = True
    draw_event(m, "axis", "suppressing_fire")
    assert not m.state["choices"]


def test_shell_shock_breaks_the_nearest_unit() -> None:
    """E72: the single nearest unit to the Random Hex becomes broken."""
    m = new_match()
    only_units(m, {"g-s1": "A1", "a-s1": "H5"})
    draw_event(m, "axis", "shell_shock", ("I5",))
    assert unit(m, "a-s1")["broken"] and not unit(m, "g-s1")["broken"]


def test_shell_shock_tie_is_the_drawers_choice() -> None:
    """E72: at equal distance the drawer chooses."""
    m = new_match()
    only_units(m, {"g-s1": "H5", "a-s1": "J5"})
    draw_event(m, "axis", "shell_shock", ("I5",))
    assert sorted(options(m)) == ["a-s1", "g-s1"]
    play(m, "axis", "choose", "a-s1")
    assert unit(m, "a-s1")["broken"] and not unit(m, "g-s1")["broken"]


def test_strategic_objective_is_drawn_open() -> None:
    """E74: the chit is drawn and placed open for both players."""
    m = new_match()
    n = len(m.state["chits"]["open"])
    draw_event(m, "axis", "strategic_objective")
    assert len(m.state["chits"]["open"]) == n + 1


def test_walking_wounded_brings_back_a_casualty_broken() -> None:
    """E76: a unit of either side leaves the Casualty track and returns broken in or next to the Random Hex."""
    m = new_match()
    only_units(m, {"g-s1": "A1", "a-s2": "O10"})
    m.state["sides"]["allies"]["casualties"] = ["a-s1"]
    draw_event(m, "axis", "walking_wounded", ("I5",))
    assert choice(m)["kind"] == "wounded_hex" and "I5" in options(m)
    play(m, "axis", "choose", "I5")
    assert unit(m, "a-s1")["hex"] == "I5" and unit(m, "a-s1")["broken"] and not m.state["sides"]["allies"]["casualties"]


def test_walking_wounded_respects_stacking() -> None:
    """E76, 8: a hex whose figures would exceed seven cannot take the unit."""
    m = new_match()
    only_units(m, {"g-s1": "I5", "g-s2": "I5", "a-s2": "O10"})
    m.state["sides"]["axis"]["casualties"] = ["g-s3"]
    draw_event(m, "axis", "walking_wounded", ("I5",))
    assert "I5" not in options(m)


def test_white_phosphorus_breaks_one_unit_per_player_there() -> None:
    """E77: the Smoke hex is next to an own good-order Squad; each player with units there breaks one of them."""
    m = new_match()
    only_units(m, {"g-s1": "H4", "a-s1": "H5", "a-l1": "H5"})
    draw_event(m, "axis", "white_phosphorus")
    assert "H5" in options(m)
    play(m, "axis", "choose", "H5")
    assert "H5" in m.state["smoke"]
    assert choice(m)["kind"] == "wp_break" and choice(m)["role"] == "allies"
    play(m, "allies", "choose", "a-l1")
    assert unit(m, "a-l1")["broken"] and not unit(m, "a-s1")["broken"]


def test_a_choice_must_be_answered_before_other_orders() -> None:
    """E42: while a choice waits, its chooser's other orders are refused naming the event's rule."""
    m = new_match()
    unit(m, "a-s1")["broken"] = True
    unit(m, "g-s1")["broken"] = True
    draw_event(m, "axis", "kia")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "end")
    assert exc.value.rule == "E62"


def test_a_mandatory_choice_cannot_be_passed() -> None:
    """E62: 'must' — pass is refused, and says what would be accepted."""
    m = new_match()
    unit(m, "a-s1")["broken"] = True
    unit(m, "g-s1")["broken"] = True
    draw_event(m, "axis", "kia")
    with pytest.raises(Exception) as exc:
        play(m, "axis", "pass")
    assert "E62" in str(exc.value.args[0] if exc.value.args else exc.value)


def test_commissar_eliminates_on_a_roll_above_morale() -> None:
    """E50: a roll above the broken unit's Morale eliminates it."""
    m = new_match()
    m.state["sides"]["allies"]["nation"] = "russia"
    only_units(m, {"a-s1": "H5", "a-s2": "H6", "g-s1": "A1"})
    unit(m, "a-s1")["broken"] = True
    unit(m, "a-s2")["broken"] = True
    stack(m, "allies", [find("allies", total=12)])
    ctx = FakeContext()
    events.commissar(DATA, m.state, "axis", ctx, cards.card("ger01"))
    m.state["sides"]["allies"]["nation"] = "america"
    events.open_choices(DATA, m.state, ctx)
    play(m, "allies", "choose", "a-s1")
    assert unit(m, "a-s1")["hex"] is None


def test_blaze_displacements_begin_with_the_inactive_player() -> None:
    """E46: the units in the Blaze are moved out by their owners, the inactive player first."""
    m = new_match()
    only_units(m, {"g-s1": "I5", "a-s1": "I5", "g-s2": "A1", "a-s2": "O10"})
    draw_event(m, "axis", "blaze", ("I5",))
    assert [c["role"] for c in m.state["choices"]] == ["allies", "axis"]


def test_hero_refuses_a_hex_that_is_not_friendly_citing_e58() -> None:
    """E58: the Hero goes only into a friendly hex."""
    m = new_match()
    draw_event(m, "axis", "hero")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "choose", "F5")
    assert exc.value.rule == "E58"


def test_field_promotion_does_nothing_when_the_corporal_is_in_play() -> None:
    """E56: "if not already on the map": a Corporal in play is not placed again (R19)."""
    m = new_match()
    events.new_unit(m.state, "ger-corporal", "ger_corporal", "axis", "D2")
    unit(m, "g-s2")["broken"] = True
    draw_event(m, "axis", "field_promotion")
    assert not m.state["choices"]


def test_deploy_refuses_a_team_citing_e52() -> None:
    """E52.1: only a Squad may be replaced by two Teams."""
    m = new_match()
    draw_event(m, "axis", "deploy")
    with pytest.raises(IllegalOrder) as exc:
        play(m, "axis", "choose", "g-l1")
    assert exc.value.rule == "E52"


def test_a_hero_may_be_activated_again_in_the_same_turn() -> None:
    """E58.1: a Hero may be activated for several Orders in one turn."""
    m = new_match()
    events.new_unit(m.state, "ger-hero", "ger_hero", "axis", "D2")
    unit(m, "ger-hero")["activated"] = "move"
    unit(m, "g-s1")["activated"] = "move"
    sets = activation_sets(GAME, m.state, "axis")
    assert ["ger-hero"] in sets and ["g-s1"] not in sets
