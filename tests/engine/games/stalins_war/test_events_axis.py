"""The Axis events that are not Combat Cards (7.5, the Axis card list), one test or more per card."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine import flow
from engine.errors import IllegalOrder
from engine.game import Action
from engine.games.stalins_war import events, events_axis, placement, supply
from engine.games.stalins_war.model import AXIS, SOVIET, load_rules
from engine.games.stalins_war.state import initial_state
from engine.kernel import KernelContext

RULES = load_rules()
GAME = SimpleNamespace(rules=RULES)
BERLIN, WARSAW, BUDA = RULES.hex_of("Berlin"), RULES.hex_of("Warsaw"), RULES.hex_of("Buda")


def fresh(turn: int = 2, ar: int = 1):
    state = initial_state(RULES, "campaign", {}, KernelContext("c2-setup", 0))
    state["turn"], state["ar"] = turn, ar
    state["phase"] = {"name": "action", "side": AXIS}
    return state


def play(state, card, *args, ctx=None):
    """Check and play ``card`` as the Axis event the way the lead's cardplay does (7.5)."""
    ctx = ctx or KernelContext("c2", 1)
    events.check_event(GAME, state, AXIS, card, args)
    state["events"][card] = int(state["turn"])
    return events.play_event(GAME, state, AXIS, card, args, ctx)


def refused(state, card, *args):
    with pytest.raises(IllegalOrder):
        events.check_event(GAME, state, AXIS, card, args)


def texts(ctx, to=None):
    return [str(e.text) for e in ctx.entries if to is None or e.to == to]


def top(state):
    return state["flow"][-1] if state.get("flow") else {}


def clear_hex(state, label):
    for u in state["units"].values():
        if u.get("hex") == label:
            u.update(hex=None, box="setaside")


def put(state, uid, label, level=0):
    state["units"][uid].update(hex=label, box=None, level=level)


# Registry ------------------------------------------------------------------------------------------
def test_every_non_cc_axis_card_has_an_event_and_no_cc_does():
    """5.1.5 / 7.5.5a: all 40 non-CC Axis events are registered; Combat Cards are not events."""
    events._ensure_loaded()
    axis = [c for c in RULES.cards.values() if c.side == AXIS]
    for card in axis:
        assert (card.id in events.EVENTS) == (not card.cc), card.id
    assert len([c for c in axis if not c.cc]) == 40


def test_argument_syntax_table_names_real_cards():
    for card_id, text in events_axis.ARGUMENT_SYNTAX.items():
        assert card_id in RULES.cards and not RULES.cards[card_id].cc
        assert f"play {RULES.cards[card_id].number} event" in str(text) or "play N event" in str(text)


def test_extra_play_and_rp_sets_for_the_lead():
    """4.4.1 Steppe Fox; AX32/AX55 count as an RP play and keep the Consecutive OPS count."""
    assert events_axis.EXTRA_PLAY_CARDS == {"AX23"}
    assert {"AX32", "AX55"} <= events.KEEPS_CONSECUTIVE
    assert {"AX32", "AX55"} <= events.COUNTS_AS_RP_PLAY


# Reinforcements (7.5.2) --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "card,units",
    [
        ("AX1", {"ge-2a", "ge-27c", "ge-40pz"}),
        ("AX2", {"hu-schnell", "it-csir", "ro-5c"}),
        ("AX3", {"ge-34c", "ge-35c"}),
        ("AX4", {"hu-2a", "it-8a", "ro-3c", "ro-6c", "ro-7c"}),
        ("AX5", {"ge-59c", "ge-61c", "ge-72c"}),
        ("AX27", {"ge-2sspz"}),
        ("AX28", {"ge-1sspz", "ge-3sspz", "ge-19mtn"}),
        ("AX29", {"ge-8a"}),
        ("AX30", {"ge-gdpz", "ge-4sspz", "ge-90c", "ge-21mtn"}),
        ("AX31", {"ge-hgpz", "ge-1cav", "ge-15sscav", "ge-7c"}),
    ],
)
def test_reinforcement_cards_open_place_units_with_the_listed_units(card, units):
    """7.5.2: the card's units (units.csv arrives=card:AXn) go to the place_units procedure."""
    state = fresh(turn=2)
    assert play(state, card) == 0
    frame = top(state)
    assert frame["proc"] == "place_units" and frame["side"] == AXIS and frame["card"] == card
    assert set(frame["units"]) == units


def test_reinforcements_none_in_turn_1_and_one_per_turn():
    """4.4.1 and 7.5.2a (generic limits, checked before the card)."""
    refused(fresh(turn=1), "AX1")
    state = fresh(turn=2)
    state["reinf_plays"][AXIS] = [1]
    refused(state, "AX3")


def test_reinforcement_26_needs_a_destroyed_german_lcu():
    """AX26: only after all four levels of a German LCU were eliminated (effects german_lcu_destroyed)."""
    state = fresh(turn=10)
    refused(state, "AX26")
    state["effects"]["german_lcu_destroyed"] = True
    play(state, "AX26")
    assert set(top(state)["units"]) == {"ge-abt-fretter-pico", "ge-abt-kempf", "ge-abt-hollidt"}


def test_reinforcement_30_gd_panzer_corps_enters_reduced(monkeypatch):
    """AX30 / 7.5.3: the GD Pz Corps (in parentheses) is placed at its reduced level."""
    monkeypatch.setattr(supply, "hex_traces", lambda rules, state, label, side: "full")
    state = fresh(turn=10)
    clear_hex(state, BERLIN)
    ctx = KernelContext("c2", 1)
    play(state, "AX30", ctx=ctx)
    assert BERLIN in placement.legal_placements(RULES, state, "ge-gdpz")
    placement.place(RULES, state, "ge-gdpz", BERLIN, ctx)
    assert state["units"]["ge-gdpz"]["hex"] == BERLIN
    assert state["units"]["ge-gdpz"]["level"] == 1


# Nordlicht, Taifun, Blau (11.1.9) ----------------------------------------------------------------
def test_nordlicht_and_taifun_lift_the_attack_bans():
    """AX6 Leningrad, AX7 Moscow/Gorki (11.1.9)."""
    state = fresh()
    play(state, "AX6")
    assert state["lifted"] == ["leningrad"]
    play(state, "AX7")
    assert state["lifted"] == ["leningrad", "moscow"]


def test_blau_needs_hitler_and_sevastopol_then_gives_rp_without_an_rp_play():
    """AX8: after AX24 with Sevastopol Axis; lifts the Stalingrad/Caucasus ban; RP not an RP play (7.4.3)."""
    state = fresh(turn=6, ar=2)
    refused(state, "AX8")  # neither Hitler Takes Command nor Sevastopol
    state["events"]["AX24"] = 5
    refused(state, "AX8")  # Sevastopol still Soviet
    state["control"][RULES.hex_of("Sevastopol")] = AXIS
    state["rp_plays"][AXIS] = [1]
    assert play(state, "AX8") == 0
    assert "blau" in state["lifted"]
    assert (state["rp"]["GE"], state["rp"]["PZ"], state["rp"]["AX"]) == (2, 2, 1)
    assert state["rp_plays"][AXIS] == [1]
    assert state["effects"]["rp_event_turn"] == 6


def test_blau_only_one_rp_event_per_turn():
    """7.4.3: one event giving RP each turn."""
    state = fresh(turn=6)
    state["events"]["AX24"] = 5
    state["control"][RULES.hex_of("Sevastopol")] = AXIS
    state["effects"]["rp_event_turn"] = 6
    refused(state, "AX8")


# Luftwaffe Support (AX10), Luftwaffe Supply (AX12) -------------------------------------------------
def test_luftwaffe_support_lasts_the_turn_not_in_winter_not_after_sturmovik():
    """AX10 (ruling 8.1#37: played as an event): effects luftwaffe_support = turn."""
    state = fresh(turn=2)
    play(state, "AX10")
    assert state["effects"]["luftwaffe_support"] == 2
    assert events_axis.luftwaffe_support_in_force(state)
    refused(fresh(turn=4), "AX10")  # Winter 1942
    later = fresh(turn=6)
    later["effects"]["sturmovik"] = 5  # SU35 played as a CC in turn 5
    refused(later, "AX10")


def test_luftwaffe_supply_hex_within_5_of_supplied_germans():
    """AX12: one hex supplied for attrition this turn if within 5 hexes of supplied German units."""
    state = fresh(turn=3)
    grid = RULES.board.grid
    full = supply.reach_of(RULES, state, supply.GERMAN).full
    german = sorted(
        u["hex"] for uid, u in state["units"].items() if u.get("hex") and RULES.units[uid].nationality == "GE" and u["hex"] in full
    )
    assert german
    near = next(h for h in sorted(RULES.board.terrain) if RULES.board.terrain[h] == "clear" and grid.distance(h, german[0]) == 5)
    far = next(
        h
        for h in sorted(RULES.board.terrain, reverse=True)
        if RULES.board.terrain[h] == "clear" and all(grid.distance(h, g) > 5 for g in german)
    )
    refused(state, "AX12")  # no hex given
    refused(state, "AX12", far)
    play(state, "AX12", near)
    assert state["effects"]["luftwaffe_supply_hex"] == {"hex": near, "turn": 3}
    assert events_axis.luftwaffe_supply_hex(RULES, state) == near
    state["turn"] = 4
    assert events_axis.luftwaffe_supply_hex(RULES, state) is None


def test_luftwaffe_supply_hex_gives_limited_supply_without_recursion():
    """AX12 with supply.py: a cut-off German unit in the chosen hex has attrition supply (ruling 9)."""
    state = fresh(turn=3)
    full = supply.reach_of(RULES, state, supply.GERMAN).full
    grid = RULES.board.grid
    german = sorted(u["hex"] for uid, u in state["units"].items() if u.get("hex") and RULES.units[uid].nationality == "GE" and u["hex"] in full)
    target = next(
        h
        for h in sorted(RULES.board.terrain)
        if RULES.board.terrain[h] == "clear"
        and h not in full
        and not any(u.get("hex") == h for u in state["units"].values())
        and min(grid.distance(h, g) for g in german) == 5
    )
    put(state, "ge-43c", target)
    assert supply.supply_status(RULES, state, "ge-43c") == "none"
    state["effects"]["luftwaffe_supply_hex"] = {"hex": target, "turn": 3}
    # Ruling 9: attrition supply only: the unit survives the Attrition segment and is otherwise OOS.
    assert supply.supply_status(RULES, state, "ge-43c") == "none"
    assert supply.attrition_supply(RULES, state, "ge-43c")


def test_luftwaffe_supply_playable_without_effect_with_no_supplied_german_unit():
    """AX12 / 7.5.1b: with no supplied German unit no hex can qualify; the event is still playable
    (without a hex) and supplies nothing. With one, the hex must be named (ruling E7)."""
    state = fresh(turn=3)
    refused(state, "AX12")
    for uid, u in state["units"].items():
        if RULES.units[uid].nationality == "GE" and u.get("hex"):
            u.update(hex=None, box="eliminated")
    assert () in events.event_arguments(state, AXIS, "AX12")
    play(state, "AX12")
    assert "luftwaffe_supply_hex" not in state["effects"]


def test_luftwaffe_supply_not_after_sturmovik():
    state = fresh(turn=3)
    state["effects"]["sturmovik"] = 3
    label = state["units"]["ge-4a"]["hex"]
    refused(state, "AX12", label)


# Partisan Sweep (AX15, AX41) ---------------------------------------------------------------------
@pytest.mark.parametrize("card", ["AX15", "AX41"])
def test_partisan_sweep_removes_up_to_two_inactive_partisans(card):
    """16.1.5: inactive Partisans go back to the pool; active ones cannot be swept."""
    state = fresh(turn=10)
    a, b, c = "2815", "2915", "2715"
    put(state, "su-partisan-1", a)
    put(state, "su-partisan-2", b)
    put(state, "su-partisan-3", c)
    state["units"]["su-partisan-3"]["active"] = True
    refused(state, card, c)  # active
    refused(state, card, a, b, c)  # three
    refused(state, card, "2816")  # nothing there
    ctx = KernelContext("c2", 1)
    play(state, card, a, b, ctx=ctx)
    assert state["units"]["su-partisan-1"]["hex"] is None and state["units"]["su-partisan-1"]["box"] == "setaside"
    assert state["units"]["su-partisan-2"]["hex"] is None
    assert state["units"]["su-partisan-3"]["hex"] == c
    assert not any("Partisans #" in line for line in texts(ctx))  # the counters' identity stays secret


# Hedgehogs (AX16) --------------------------------------------------------------------------------
def test_hedgehogs_supplies_german_units_in_cities_this_turn():
    """AX16: entrenching allowed from now on (events); German units in cities supplied for attrition."""
    state = fresh(turn=4)
    put(state, "ge-43c", WARSAW)
    play(state, "AX16")
    assert state["effects"]["hedgehogs_supply"] == 4 and "AX16" in state["events"]
    assert events_axis.hedgehogs_supplied(RULES, state, "ge-43c")
    put(state, "ge-43c", "1520")  # not a city
    assert not events_axis.hedgehogs_supplied(RULES, state, "ge-43c")
    put(state, "ge-43c", WARSAW)
    state["turn"] = 5
    assert not events_axis.hedgehogs_supplied(RULES, state, "ge-43c")


# Destroy the Fascists! (AX17) --------------------------------------------------------------------
def soviet_round(state, kind="ops", lost=False):
    state["round"] = {"side": SOVIET, "kind": kind, "german_step_lost": lost}


def test_destroy_the_fascists_scores_each_soviet_ops_round_without_a_german_loss():
    """AX17 / ruling 8.1#32: VP +1 per Soviet OPS round this turn without a German step loss."""
    state = fresh(turn=3)
    play(state, "AX17")
    assert state["effects"]["destroy_fascists"] == 3
    ctx = KernelContext("c2", 2)
    vp = state["vp"]
    soviet_round(state, "ops", lost=True)
    events_axis.destroy_fascists_check(state, ctx)
    assert state["vp"] == vp
    soviet_round(state, "ops", lost=False)
    events_axis.destroy_fascists_check(state, ctx)
    events_axis.destroy_fascists_check(state, ctx)  # scored once per round
    assert state["vp"] == vp + 1
    soviet_round(state, "rp")
    events_axis.destroy_fascists_check(state, ctx)
    assert state["vp"] == vp + 1
    state["turn"] = 4
    soviet_round(state, "ops")
    events_axis.destroy_fascists_check(state, ctx)
    assert state["vp"] == vp + 1


# Defend the Motherland! (AX18) -------------------------------------------------------------------
def answer_window(state, verb):
    frame = top(state)
    assert frame["proc"] == "event_window" and frame["role"] == SOVIET
    events.EventWindow().handle(GAME, state, frame, SOVIET, Action(verb), KernelContext("c2", 3))


def test_defend_the_motherland_window_and_cancellation_cost():
    """AX18: Soviet cancel window; after cancelling VP +1 per Soviet OPS round, the first included."""
    state = fresh(turn=2)
    state["flow"] = [{"proc": "action_round", "side": AXIS}]
    play(state, "AX18")
    assert events_axis.defend_motherland_in_force(state)
    answer_window(state, "cancel")
    assert top(state)["proc"] == "action_round"
    assert not events_axis.defend_motherland_in_force(state)
    vp = state["vp"]
    ctx = KernelContext("c2", 4)
    soviet_round(state, "ops")
    events_axis.defend_motherland_check(state, ctx)
    soviet_round(state, "event")
    events_axis.defend_motherland_check(state, ctx)
    soviet_round(state, "event_ops")
    events_axis.defend_motherland_check(state, ctx)
    assert state["vp"] == vp + 2


def test_defend_the_motherland_accepted_costs_nothing_and_only_in_1941():
    state = fresh(turn=3)
    state["flow"] = [{"proc": "action_round", "side": AXIS}]
    play(state, "AX18")
    answer_window(state, "pass")
    assert events_axis.defend_motherland_in_force(state)
    vp = state["vp"]
    soviet_round(state, "ops")
    events_axis.defend_motherland_check(state, KernelContext("c2", 4))
    assert state["vp"] == vp
    refused(fresh(turn=4), "AX18")


# Winter Uniforms (AX19), Convoy PQ-17 (AX20) -------------------------------------------------------
def test_winter_uniforms_only_in_turn_2():
    refused(fresh(turn=3), "AX19")
    state = fresh(turn=2)
    play(state, "AX19")
    assert state["effects"]["winter_uniforms"] is True


def test_convoy_pq17_four_turns_and_only_before_winter_1944():
    """AX20 / 18.3.3: the Archangel Lend-Lease grant -2 in the next 4 turns."""
    state = fresh(turn=6)
    play(state, "AX20")
    assert state["effects"]["pq17_until"] == 10
    refused(fresh(turn=12), "AX20")


# Emergency Transfer (AX21) -------------------------------------------------------------------------
def test_emergency_transfer_two_random_scus_from_other_fronts():
    """AX21: 2 random SCUs of the Other Fronts box to Berlin or Warsaw, keeping their level."""
    state = fresh(turn=8)
    clear_hex(state, BERLIN)
    clear_hex(state, WARSAW)
    for uid, level in (("ge-46pz", 1), ("ge-24pz", 0), ("ge-43c", 0)):
        state["units"][uid].update(hex=None, box="other_fronts", level=level)
    refused(state, "AX21")  # no destination
    refused(state, "AX21", RULES.hex_of("Minsk"))
    play(state, "AX21", BERLIN, WARSAW)
    moved = [uid for uid in ("ge-46pz", "ge-24pz", "ge-43c") if state["units"][uid].get("hex")]
    assert len(moved) == 2
    assert {state["units"][uid]["hex"] for uid in moved} == {BERLIN, WARSAW}
    assert state["units"]["ge-46pz"]["level"] == 1


def test_emergency_transfer_playable_without_effect_when_nothing_can_move():
    """AX21 / 7.5.1b: with the Other Fronts box empty, or neither Berlin nor Warsaw Axis-held, the
    event may still be played (no destination to name) and nothing moves."""
    state = fresh(turn=8)
    assert not any(u.get("box") == "other_fronts" for u in state["units"].values())
    play(state, "AX21")
    held = fresh(turn=8)
    held["units"]["ge-43c"].update(hex=None, box="other_fronts")
    refused(held, "AX21")  # a unit can come: the destination is needed
    held["control"][BERLIN] = SOVIET
    held["control"][WARSAW] = SOVIET
    play(held, "AX21")
    assert held["units"]["ge-43c"]["box"] == "other_fronts" and held["units"]["ge-43c"]["hex"] is None


def test_emergency_transfer_not_after_overlord():
    state = fresh(turn=14)
    state["effects"]["no_emergency_transfer"] = True
    refused(state, "AX21", BERLIN)


# Panzer Refit (AX22) -------------------------------------------------------------------------------
def test_panzer_refit_flips_reduced_supplied_panzers_away_from_soviets(monkeypatch):
    """AX22: up to 3 fully supplied Panzer corps, not adjacent to Soviet units, to full strength."""
    monkeypatch.setattr(supply, "supply_status", lambda rules, state, uid: "full")
    state = fresh(turn=3)
    clear_hex(state, BERLIN)
    clear_hex(state, BUDA)
    put(state, "ge-46pz", BERLIN, level=1)
    put(state, "ge-24pz", BERLIN, level=1)
    put(state, "ge-47pz", BUDA, level=0)
    front = state["units"]["ge-3pz"]["hex"]
    state["units"]["ge-3pz"]["level"] = 1
    if not any(RULES.units[o].side == SOVIET for n in RULES.board.neighbours(front) for o in _units_at(state, n)):
        put(state, "su-3m", RULES.board.neighbours(front)[0])
    refused(state, "AX22", "ge-47pz")  # already at full strength
    refused(state, "AX22", "ge-3pz")  # adjacent to Soviet units
    refused(state, "AX22", "ge-4a")  # not a Panzer corps
    play(state, "AX22", "ge-46pz", "ge-24pz")
    assert state["units"]["ge-46pz"]["level"] == 0 and state["units"]["ge-24pz"]["level"] == 0


def test_panzer_refit_needs_full_supply(monkeypatch):
    monkeypatch.setattr(supply, "supply_status", lambda rules, state, uid: "limited")
    state = fresh(turn=3)
    clear_hex(state, BERLIN)
    put(state, "ge-46pz", BERLIN, level=1)
    refused(state, "AX22", "ge-46pz")


def _units_at(state, label):
    return [uid for uid, u in state["units"].items() if u.get("hex") == label]


# Steppe Fox (AX23) ---------------------------------------------------------------------------------
def test_steppe_fox_places_the_sk_corps_with_the_11th_army_in_turn_1_only():
    """AX23 / 4.4.1: turn 1 only; SK Pz Corps with the 11th Army."""
    refused(fresh(turn=2), "AX23")
    state = fresh(turn=1)
    play(state, "AX23")
    assert state["units"]["ge-skpz"]["hex"] == state["units"]["ge-11a"]["hex"]


def test_steppe_fox_and_duce_falls_penalty_applied_once():
    """8.1#51: the VP -1 of AX23 and SU37 is one penalty."""
    state = fresh(turn=1)
    play(state, "AX23")
    vp = state["vp"]
    state["events"]["SU37"] = 9
    ctx = KernelContext("c2", 5)
    events_axis.duce_steppe_fox_penalty(state, ctx)
    events_axis.duce_steppe_fox_penalty(state, ctx)
    assert state["vp"] == vp - 1


# Hitler Takes Command (AX24), Kleist (AX25), Manstein (AX53) -----------------------------------------
def test_hitler_takes_command_is_recorded_and_enables_blau_speer_bunker():
    """AX24: a prerequisite (after:AX24) of AX8, AX43, AX55."""
    state = fresh(turn=5)
    refused(state, "AX43")
    play(state, "AX24")
    assert "AX24" in state["events"]
    clear_hex(state, BERLIN)
    play(state, "AX43")


def test_kleist_negates_german_soldier_stands_in_the_caucasus_zone_only():
    """AX25: SU22 negated this turn in the Caucasus Zone."""
    state = fresh(turn=7)
    play(state, "AX25")
    caucasus = sorted(RULES.zone("caucasus_zone"))[0]
    assert events_axis.german_soldier_stands_negated(RULES, state, caucasus)
    assert not events_axis.german_soldier_stands_negated(RULES, state, BERLIN)
    state["turn"] = 8
    assert not events_axis.german_soldier_stands_negated(RULES, state, caucasus)


def test_manstein_negates_german_soldier_stands_everywhere_this_turn():
    """AX53: not after Bomb Plot (SU42)."""
    state = fresh(turn=10)
    play(state, "AX53")
    assert events_axis.german_soldier_stands_negated(RULES, state, BERLIN)
    later = fresh(turn=11)
    later["events"]["SU42"] = 10
    refused(later, "AX53")


# Miracle on the Vistula (AX32), Speer (AX55) ---------------------------------------------------------
def test_miracle_on_the_vistula_gives_ops_and_rp():
    """AX32 / ruling 8.1#33: card OPS less the penalty of the occupied box; RP recorded; RP-play limits."""
    state = fresh(turn=7, ar=3)
    state["consec"][AXIS] = 2
    assert play(state, "AX32") == 3
    assert (state["rp"]["GE"], state["rp"]["PZ"], state["rp"]["AX"]) == (2, 2, 1)
    assert state["consec"][AXIS] == 2
    other = fresh(turn=7, ar=3)
    other["rp_plays"][AXIS] = [1]
    refused(other, "AX32")  # the one RP play of the turn is used (7.4.3)
    lost = fresh(turn=7)
    lost["control"][RULES.hex_of("Kiev")] = AXIS
    refused(lost, "AX32")


def test_speer_after_hitler_not_after_overlord():
    """AX55: OPS and RP; after AX24; not after SU38."""
    state = fresh(turn=10, ar=2)
    refused(state, "AX55")
    state["events"]["AX24"] = 6
    state["rp_plays"][AXIS] = [1]
    refused(state, "AX55")  # 7.4.4: no RP play in consecutive own ARs (and the limit)
    state["rp_plays"][AXIS] = []
    assert play(state, "AX55") == 4
    assert state["rp"]["GE"] == 2
    late = fresh(turn=14)
    late["events"].update({"AX24": 6, "SU38": 13})
    refused(late, "AX55")


# Vlasov (AX37), Bulge Cancelled (AX40), The Bunker (AX43) ----------------------------------------------
def test_vlasov_in_greater_germany_and_vp():
    """AX37: the Vlasov Corps in any hex of Greater Germany; VP +1."""
    state = fresh(turn=12)
    clear_hex(state, BERLIN)
    refused(state, "AX37")  # hex needed
    refused(state, "AX37", RULES.hex_of("Minsk"))
    vp = state["vp"]
    play(state, "AX37", BERLIN)
    assert state["units"]["ge-vlasov"]["hex"] == BERLIN
    assert state["vp"] == vp + 1


def test_bulge_cancelled_places_the_6th_ss_army():
    """AX40: only after Overlord, not after the Bulge; 6th SS Army at Berlin, Buda or Breslau."""
    state = fresh(turn=14)
    refused(state, "AX40", BERLIN)
    state["events"]["SU38"] = 13
    clear_hex(state, BUDA)
    refused(state, "AX40", WARSAW)
    play(state, "AX40", BUDA)
    assert state["units"]["ge-6ssa"]["hex"] == BUDA
    assert state["effects"]["bulge_cancelled"] is True


def test_the_bunker_goes_to_berlin():
    """AX43: the Bunker unit in Berlin."""
    state = fresh(turn=16)
    state["events"]["AX24"] = 5
    play(state, "AX43")
    assert state["units"]["ge-bunker"]["hex"] == BERLIN


def test_the_bunker_cannot_enter_a_soviet_berlin():
    state = fresh(turn=17)
    state["events"]["AX24"] = 5
    state["control"][BERLIN] = SOVIET
    play(state, "AX43")
    assert state["units"]["ge-bunker"]["hex"] is None and state["units"]["ge-bunker"]["box"] == "removed"


# VP events: Soviet Peace Feelers (AX44), Katyn (AX52), U-Boat Training (AX47) ------------------------
def test_soviet_peace_feelers_vp_unless_soviet_holds_kiev_or_minsk():
    state = fresh(turn=8)
    refused(state, "AX44")
    state["control"][RULES.hex_of("Kiev")] = AXIS
    state["control"][RULES.hex_of("Minsk")] = AXIS
    vp = state["vp"]
    play(state, "AX44")
    assert state["vp"] == vp + 1


def test_katyn_massacre_vp_not_after_warsaw_rising():
    state = fresh(turn=10)
    vp = state["vp"]
    play(state, "AX52")
    assert state["vp"] == vp + 1
    later = fresh(turn=12)
    later["events"]["SU41"] = 11
    refused(later, "AX52")


def test_u_boat_training_scores_libau_at_each_end_of_turn():
    """AX47: only in 1945; VP +1 each End of Turn with Libau Axis-controlled."""
    refused(fresh(turn=15), "AX47")
    state = fresh(turn=16)
    play(state, "AX47")
    ctx = KernelContext("c2", 6)
    vp = state["vp"]
    state["control"][RULES.hex_of("Libau")] = AXIS
    events_axis.u_boat_check(GAME, state, ctx)
    assert state["vp"] == vp + 1
    state["control"][RULES.hex_of("Libau")] = SOVIET
    events_axis.u_boat_check(GAME, state, ctx)
    assert state["vp"] == vp + 1


def test_u_boat_check_does_nothing_before_the_event():
    state = fresh(turn=16)
    state["control"][RULES.hex_of("Libau")] = AXIS
    vp = state["vp"]
    events_axis.u_boat_check(GAME, state, KernelContext("c2", 6))
    assert state["vp"] == vp


# Festung (AX48) ------------------------------------------------------------------------------------
def test_festung_is_recorded_as_played():
    """AX48: Festungen may be built from now on (16.3.1, the movement step reads events)."""
    state = fresh(turn=12)
    refused(state, "AX48", "1218")
    play(state, "AX48")
    assert "AX48" in state["events"]


# Foreign Armies East (AX49) ------------------------------------------------------------------------
def test_foreign_armies_east_shows_only_non_cc_cards_only_to_the_axis():
    """AX49 / 6.1: the Axis sees the non-CC Soviet cards; CCs stay hidden; nobody else sees the list."""
    state = fresh(turn=10)
    hand = ["SU8", "SU12", "SU16", "SU19", "SU33"]  # SU12 and SU19 are Combat Cards
    state["cards"][SOVIET]["hand"] = hand
    for pile in ("deck", "setaside", "total_war"):
        state["cards"][SOVIET][pile] = [c for c in state["cards"][SOVIET][pile] if c not in hand]
    ctx = KernelContext("c2", 7)
    play(state, "AX49", ctx=ctx)
    to_axis = [e for e in ctx.entries if e.to == AXIS]
    assert len(to_axis) == 1
    line = str(to_axis[0].text)
    for cid in ("SU8", "SU16", "SU33"):
        assert f"{cid} {RULES.cards[cid].title}" in line
    for cid in ("SU12", "SU19"):
        assert cid not in line and RULES.cards[cid].title not in line
    for entry in ctx.entries:
        if entry.to not in (AXIS, SOVIET):
            for cid in hand:
                assert cid not in str(entry.text) and RULES.cards[cid].title not in str(entry.text)
    told = [str(e.text) for e in ctx.entries if e.to == SOVIET]  # the owner learns exactly what was shown
    assert len(told) == 1 and all(cid in told[0] for cid in ("SU8", "SU16", "SU33"))
    assert not any(cid in told[0] for cid in ("SU12", "SU19"))
    assert sorted(state["revealed"][AXIS]) == ["SU16", "SU33", "SU8"]


def test_foreign_armies_east_on_a_hand_of_combat_cards_tells_the_owner_nothing_was_shown():
    """AX49 / 6.1: with only Combat Cards in hand, the Soviet owner is told privately that no card was shown."""
    state = fresh(turn=10)
    hand = ["SU12", "SU19"]  # Combat Cards only
    state["cards"][SOVIET]["hand"] = hand
    for pile in ("deck", "setaside", "total_war"):
        state["cards"][SOVIET][pile] = [c for c in state["cards"][SOVIET][pile] if c not in hand]
    ctx = KernelContext("c2", 7)
    play(state, "AX49", ctx=ctx)
    told = [str(e.text) for e in ctx.entries if e.to == SOVIET]
    assert told == ["Foreign Armies East: the Axis was shown that your hand holds no non-Combat card."]
    assert all(cid not in str(e.text) for e in ctx.entries for cid in hand)
    assert state["revealed"][AXIS] == []


# Naval Evacuation (AX54) ---------------------------------------------------------------------------
def test_naval_evacuation_to_a_port_further_west_reduced_to_last_level():
    """AX54 / 10.2.7: an Axis LCU from a port to a friendly port further west, at its last level."""
    state = fresh(turn=12)
    odessa, constanta = RULES.hex_of("Odessa"), RULES.hex_of("Constanta")
    sevastopol = RULES.hex_of("Sevastopol")
    clear_hex(state, odessa)
    clear_hex(state, constanta)
    state["control"][odessa] = AXIS
    put(state, "ge-11a", odessa)
    refused(state, "AX54", "ge-11a", sevastopol)  # east, and Soviet
    refused(state, "AX54", "ge-11a", RULES.hex_of("Danzig"))  # another sea
    refused(state, "AX54", "ge-46pz", constanta)  # not an LCU
    refused(state, "AX54", "civilians")  # only in 1945
    play(state, "AX54", "ge-11a", constanta)
    assert state["units"]["ge-11a"]["hex"] == constanta
    assert state["units"]["ge-11a"]["level"] == len(RULES.units["ge-11a"].levels) - 1


def test_naval_evacuation_move_is_optional():
    """AX54 / 10.2.7: "1 LCU dell'Asse può muovere" - the Axis may play the event and move nothing,
    even when an LCU could be evacuated."""
    state = fresh(turn=12)
    odessa, constanta = RULES.hex_of("Odessa"), RULES.hex_of("Constanta")
    clear_hex(state, odessa)
    clear_hex(state, constanta)
    state["control"][odessa] = AXIS
    put(state, "ge-11a", odessa)
    assert ("ge-11a", constanta) in events.event_arguments(state, AXIS, "AX54")
    play(state, "AX54")
    assert state["units"]["ge-11a"]["hex"] == odessa and state["units"]["ge-11a"]["level"] == 0


def test_naval_evacuation_festung_units_never_leave():
    state = fresh(turn=12)
    odessa, constanta = RULES.hex_of("Odessa"), RULES.hex_of("Constanta")
    clear_hex(state, odessa)
    clear_hex(state, constanta)
    state["control"][odessa] = AXIS
    put(state, "ge-11a", odessa)
    state["markers"]["festung"].append(odessa)
    refused(state, "AX54", "ge-11a", constanta)


def test_naval_evacuation_civilians_in_1945():
    """AX54 in 1945: VP +1 and the card leaves the game."""
    state = fresh(turn=17)
    pile = state["cards"][AXIS]
    pile["discard"].append("AX54")  # where the lead's cardplay put the played card
    for key in ("deck", "total_war", "hand"):
        pile[key] = [c for c in pile[key] if c != "AX54"]
    vp = state["vp"]
    play(state, "AX54", "civilians")
    assert state["vp"] == vp + 1
    assert "AX54" in pile["removed"] and "AX54" not in pile["discard"]


def test_event_arguments_list_playable_parameters():
    """The prompt/harness lists legal parameter tuples for events needing them (7.5)."""
    state = fresh(turn=10)
    clear_hex(state, BERLIN)
    clear_hex(state, WARSAW)
    state["units"]["ge-43c"].update(hex=None, box="other_fronts")
    assert (BERLIN,) in events.event_arguments(state, AXIS, "AX21")
    assert (BERLIN,) in events.event_arguments(state, AXIS, "AX37")
    assert events.event_arguments(state, AXIS, "AX15") == [()]


def test_flow_untouched_by_plain_events():
    state = fresh(turn=3)
    play(state, "AX6")
    assert flow.depth(state) == 0


@pytest.mark.parametrize("turn", [1, 2, 4, 6, 10, 14, 17])
def test_every_listed_event_plays_and_garbage_is_refused(turn):
    """Robustness (7.5): each Axis event with each listed parameter tuple plays without error on a
    copy of the position; nonsense parameters are refused with an order error, never a crash."""
    import copy

    from engine.errors import OrderError

    base = fresh(turn=turn)
    base["events"].update({"AX24": 1, "SU38": 1} if turn >= 14 else {"AX24": 1})
    base["control"][RULES.hex_of("Sevastopol")] = AXIS
    base["effects"]["german_lcu_destroyed"] = True
    base["units"]["ge-43c"].update(hex=None, box="other_fronts")
    base["flow"] = [{"proc": "action_round", "side": AXIS}]
    played = 0
    for card in sorted(c.id for c in RULES.cards.values() if c.side == AXIS and not c.cc):
        for args in events.event_arguments(base, AXIS, card):
            state = copy.deepcopy(base)
            ops = play(state, card, *args)
            assert isinstance(ops, int) and ops >= 0
            played += 1
        for junk in (("zzz",), ("9999", "ge-4a", "x", "y"), ("ge-4a",)):
            try:
                events.check_event(GAME, copy.deepcopy(base), AXIS, card, junk)
            except OrderError:
                continue
    assert played > 5


def test_partisan_sweep_options_offer_the_fullest_sweep_first_and_none_last_ax15():
    """AX15 "Rimuovete sino a 2 unità partigiani inattive": removing none stays legal but is offered last."""
    state = fresh(turn=6)
    for uid, label in (("su-partisan-1", "2220"), ("su-partisan-2", "2321")):
        state["units"][uid].update(hex=label, box=None, active=False)
    offered = events_axis._sweep_args(RULES, state, AXIS)
    assert offered[0] == ("2220", "2321") and offered[-1] == ()
