"""The phases around the Action Rounds (phases.py): start-of-turn grants (4.5.2, 18.3, 21.0), the
Attrition segments (13.3.8-9) and the entry of the Replacement and Draw phases."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.stalins_war import cardplay, control, phases
from engine.games.stalins_war.model import AXIS, SOVIET
from tests.engine.games.stalins_war.flow_helpers import RULES, direct, log_texts, supplied

ARCHANGEL, ASTRAKHAN, MOSCOW = RULES.hex_of("Archangel"), RULES.hex_of("Astrakhan"), RULES.hex_of("Moscow")


# Start of turn ---------------------------------------------------------------------------------------
def test_start_turn_resets_the_turns_rp_and_rp_plays() -> None:
    """7.4.2-7.4.4 / 14.1.5: RP and RP plays are per turn."""
    d = direct(turn=3, ar=1)
    d.state["rp"] = {"soviet": 2, "GE": 1, "PZ": 1, "AX": 1}
    d.state["rp_plays"] = {AXIS: [5], SOVIET: [3, 5]}
    d.state["reinf_plays"] = {AXIS: [2], SOVIET: [1]}
    d.state["rp_schedule"] = phases.bid_schedule({})
    phases.start_turn(d.game, d.state, d.ctx)
    assert d.state["rp"] == {"soviet": 0, "GE": 0, "PZ": 0, "AX": 0}
    assert d.state["rp_plays"] == {AXIS: [], SOVIET: []} and d.state["reinf_plays"] == {AXIS: [], SOVIET: []}


def test_4_5_2_soviet_gets_3_automatic_rp_in_turn_2_only() -> None:
    d = direct(turn=2, ar=1)
    d.state["rp_schedule"] = phases.bid_schedule({})
    phases.start_turn(d.game, d.state, d.ctx)
    assert d.state["rp"]["soviet"] == 3 and d.state["rp_plays"][SOVIET] == []
    d.state["turn"] = 3
    phases.start_turn(d.game, d.state, d.ctx)
    assert d.state["rp"]["soviet"] == 0


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, {SOVIET: {"2": 3}, AXIS: {}}),
        ({"bid_for": "axis", "bid": 2}, {SOVIET: {"2": 3, "3": 2}, AXIS: {}}),  # 21.0 example
        ({"bid_for": "soviet", "bid": 5}, {SOVIET: {}, AXIS: {"2": 2}}),  # 21.0 example
        ({"bid_for": "soviet", "bid": 3}, {SOVIET: {}, AXIS: {}}),
        ({"bid_for": "axis", "bid": 7}, {SOVIET: {"2": 3, "3": 3, "4": 3, "5": 1}, AXIS: {}}),
        ({"bid_for": "soviet", "bid": 10}, {SOVIET: {}, AXIS: {"2": 3, "3": 3, "4": 1}}),
    ],
)
def test_21_0_bid_schedule(options: dict[str, object], expected: dict[str, dict[str, int]]) -> None:
    """21.0: one addition of automatic RP from turn 2 on, at most 3 a turn, combined with the 3 of 4.5.2."""
    assert phases.bid_schedule(options) == expected


def test_21_0_bid_rp_for_the_axis_arrive_at_the_start_of_the_turn() -> None:
    d = direct(turn=2, ar=1)
    d.state["rp_schedule"] = phases.bid_schedule({"bid_for": "soviet", "bid": 5})
    phases.start_turn(d.game, d.state, d.ctx)
    assert d.state["rp"]["soviet"] == 0 and d.state["rp"]["GE"] == 2


# Lend-Lease --------------------------------------------------------------------------------------------
def test_18_3_2_lend_lease_starts_the_turn_after_the_event() -> None:
    d = direct(turn=3, ar=1)
    d.state["effects"]["lend_lease_from"] = 4
    phases.lend_lease(d.rules, d.state, d.ctx)
    assert d.state["banked"][SOVIET] == 0
    d.state["turn"] = 4
    phases.lend_lease(d.rules, d.state, d.ctx)
    assert d.state["banked"][SOVIET] == 3 and d.state["effects"]["lend_lease_received"] == 4


def test_18_3_3_archangel_gives_2_astrakhan_1() -> None:
    d = direct(turn=5, ar=1)
    d.state["effects"]["lend_lease_from"] = 4
    d.state["control"][ASTRAKHAN] = AXIS
    phases.lend_lease(d.rules, d.state, d.ctx)
    assert d.state["banked"][SOVIET] == 2
    d.state["banked"][SOVIET] = 0
    d.state["control"][ASTRAKHAN] = SOVIET
    d.state["control"][ARCHANGEL] = AXIS
    phases.lend_lease(d.rules, d.state, d.ctx)
    assert d.state["banked"][SOVIET] == 1


def test_18_3_1_no_lend_lease_while_stalin_is_away_from_moscow() -> None:
    d = direct(turn=5, ar=1)
    d.state["effects"]["lend_lease_from"] = 4
    d.state["units"]["su-stalin"]["hex"] = RULES.hex_of("Gorki")
    phases.lend_lease(d.rules, d.state, d.ctx)
    assert d.state["banked"][SOVIET] == 0 and "lend_lease_received" not in d.state["effects"]
    assert any("18.3.1" in line for line in log_texts(d.ctx))


def test_18_3_3_convoy_pq17_takes_2_from_archangel_for_its_turns() -> None:
    """AX20 / 18.3.3: the Archangel grant is reduced by 2 while the effect lasts, then restored."""
    d = direct(turn=5, ar=1)
    d.state["effects"].update(lend_lease_from=4, pq17_until=6)
    phases.lend_lease(d.rules, d.state, d.ctx)
    assert d.state["banked"][SOVIET] == 1  # Astrakhan only
    d.state["banked"][SOVIET] = 0
    d.state["turn"] = 7
    phases.lend_lease(d.rules, d.state, d.ctx)
    assert d.state["banked"][SOVIET] == 3


def test_18_3_no_lend_lease_without_the_event() -> None:
    d = direct(turn=8, ar=1)
    phases.lend_lease(d.rules, d.state, d.ctx)
    assert d.state["banked"][SOVIET] == 0


# Attrition -----------------------------------------------------------------------------------------------
def test_13_3_8_out_of_supply_units_are_eliminated(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch, bad_units=frozenset({"su-13r", "su-west-front", "su-3m"}))
    d = direct(turn=2, ar=5, side=SOVIET)
    phases.attrition(d.game, d.state, SOVIET, d.ctx)
    assert d.state["units"]["su-13r"]["box"] == "eliminated"
    assert d.state["units"]["su-3m"]["box"] == "removed"  # 2.2.1: every level asterisked
    assert d.state["units"]["su-west-front"]["box"] == "eliminated"  # Soviet LCUs: straight to the box
    assert d.state["units"]["su-4m"]["hex"]


def test_13_3_8_only_the_active_sides_units(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch, bad_units=frozenset({"ge-4a"}))
    d = direct(turn=2, ar=5, side=SOVIET)
    phases.attrition(d.game, d.state, SOVIET, d.ctx)
    assert d.state["units"]["ge-4a"]["hex"]


def test_13_3_8_axis_lcu_goes_to_the_turn_track_three_turns_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch, bad_units=frozenset({"ge-4a", "ge-46pz"}))
    d = direct(turn=3, ar=5)
    phases.attrition(d.game, d.state, AXIS, d.ctx)
    assert d.state["units"]["ge-4a"]["box"] == "track" and d.state["units"]["ge-4a"]["due"] == 6
    assert d.state["units"]["ge-46pz"]["box"] == "eliminated"


def test_ruling_9_limited_supply_survives_attrition(monkeypatch: pytest.MonkeyPatch) -> None:
    """13.2.4 / ruling 9: fortress, Festung or Baku-only supply is supply for attrition."""
    supplied(monkeypatch, limited=frozenset({"su-3m"}))
    d = direct(turn=2, ar=5, side=SOVIET)
    phases.attrition(d.game, d.state, SOVIET, d.ctx)
    assert d.state["units"]["su-3m"]["hex"]


def test_16_1_partisans_are_not_eliminated_by_attrition(monkeypatch: pytest.MonkeyPatch) -> None:
    """16.1.6: active Partisans are always in supply; inactive ones are not combat units of the owner's line."""
    supplied(monkeypatch, bad_units=frozenset({"su-partisan-1"}))
    d = direct(turn=6, ar=5, side=SOVIET)
    d.state["units"]["su-partisan-1"].update(hex="2020", box=None, active=True)
    phases.attrition(d.game, d.state, SOVIET, d.ctx)
    assert d.state["units"]["su-partisan-1"]["hex"] == "2020"


def vacate(state: dict[str, Any], *hexes: str) -> None:
    """Take the units out of ``hexes`` (the supply stub would leave them supplied in an unsupplied hex)."""
    for u in state["units"].values():
        if u.get("hex") in hexes:
            u.update(hex=None, box="eliminated")


def test_13_3_9_key_hexes_that_cannot_trace_supply_pass_to_the_enemy(monkeypatch: pytest.MonkeyPatch) -> None:
    """13.3.9: friendly City, Port, Oil or VP hexes that could not trace supply become enemy-controlled."""
    kiev, minsk = RULES.hex_of("Kiev"), RULES.hex_of("Minsk")
    supplied(monkeypatch, bad_hexes=frozenset({kiev, minsk}))
    d = direct(turn=2, ar=5, side=SOVIET)
    vacate(d.state, kiev, minsk)
    vp = d.state["vp"]
    phases.attrition(d.game, d.state, SOVIET, d.ctx)
    assert d.state["control"][kiev] == AXIS and d.state["control"][minsk] == AXIS
    assert d.state["vp"] == vp + sum(1 for h in (kiev, minsk) if control.is_vp(RULES, d.state, h))


def test_13_3_9_a_town_without_port_oil_or_vp_does_not_flip(monkeypatch: pytest.MonkeyPatch) -> None:
    towns = [h for h, p in RULES.board.places.items() if p.kind == "town" and p.get("country") == "ussr"
             and not any(p.get(k) == "1" for k in ("port", "oil", "vp", "capital"))]
    supplied(monkeypatch, bad_hexes=frozenset(towns))
    d = direct(turn=2, ar=5, side=SOVIET)
    phases.attrition(d.game, d.state, SOVIET, d.ctx)
    assert all(d.state["control"].get(h) == SOVIET for h in towns)


def test_23_1_5_with_town_control_a_town_that_cannot_trace_supply_flips(monkeypatch: pytest.MonkeyPatch) -> None:
    """23.1.5: with town control, town hexes change control "allo stesso modo del controllo delle città",
    so in the Attrition Phase they pass to the enemy like cities (13.3.9)."""
    towns = [h for h, p in RULES.board.places.items() if p.kind == "town" and p.get("country") == "ussr"
             and not any(p.get(k) == "1" for k in ("port", "oil", "vp", "capital"))]
    supplied(monkeypatch, bad_hexes=frozenset(towns[:1]))
    d = direct(turn=2, ar=5, side=SOVIET, town_control=True)
    vacate(d.state, towns[0])
    phases.attrition(d.game, d.state, SOVIET, d.ctx)
    assert d.state["control"][towns[0]] == AXIS
    assert all(d.state["control"].get(h) == SOVIET for h in towns[1:])


def test_13_3_9_friendly_fortress_or_festung_keeps_the_hex(monkeypatch: pytest.MonkeyPatch) -> None:
    fortresses = [h for h, p in RULES.board.places.items() if p.get("fortress") == "1" and p.get("country") == "ussr"]
    assert fortresses
    sevastopol = fortresses[0]
    warsaw = RULES.hex_of("Warsaw")
    supplied(monkeypatch, bad_hexes=frozenset({sevastopol, warsaw}))
    d = direct(turn=2, ar=5, side=SOVIET)
    phases.attrition(d.game, d.state, SOVIET, d.ctx)
    assert d.state["control"][sevastopol] == SOVIET
    d.state["markers"]["festung"].append(warsaw)
    phases.attrition(d.game, d.state, AXIS, d.ctx)
    assert d.state["control"][warsaw] == AXIS


# Phase entries --------------------------------------------------------------------------------------------
def test_14_0_replacement_segment_skipped_without_rp() -> None:
    d = direct(turn=2, ar=5)
    phases.begin_replacement(d.game, d.state, SOVIET, d.ctx)
    assert d.state["flow"] == []
    d.state["rp"]["soviet"] = 0.5
    phases.begin_replacement(d.game, d.state, SOVIET, d.ctx)
    assert d.state["flow"][-1] == {"proc": "replacement", "side": SOVIET}
    d.state["flow"].clear()
    phases.begin_replacement(d.game, d.state, AXIS, d.ctx)
    assert d.state["flow"] == []
    d.state["rp"]["PZ"] = 1
    phases.begin_replacement(d.game, d.state, AXIS, d.ctx)
    assert d.state["flow"][-1] == {"proc": "replacement", "side": AXIS}


def test_7_6_4_draw_phase_checks_total_war_first_then_asks_the_soviet() -> None:
    d = direct(turn=6, ar=5)
    d.state["cards"][AXIS]["events_removed"] = 12
    phases.begin_draw(d.game, d.state, d.ctx)
    assert d.state["total_war"] == 6
    assert d.state["flow"][-1] == {"proc": "draw_phase", "side": SOVIET}


# End of an Action Round -------------------------------------------------------------------------------
def _zero_move_round(side: str, consec: int) -> Any:
    d = direct(turn=6, ar=3, side=side)
    d.state["consec"][side] = consec
    cardplay.begin_round(d.state, side, "zero_move", None, 0, True)
    return d


@pytest.mark.parametrize("side", [AXIS, SOVIET])
def test_7_3_2_zero_ops_round_without_movement_or_combat_resets_the_count(side: str) -> None:
    """7.3.2 / ruling 36: a 0-OPS round "nel quale nessuna unità muove o viene coinvolta in combattimento"
    resets the Consecutive OPS count, even when the player first chose the move/fight option."""
    d = _zero_move_round(side, 2)
    phases.end_ar(d.game, d.state, side, d.ctx)
    assert d.state["consec"][side] == 0


@pytest.mark.parametrize("mark", ["moved", "strategic", "fought", "combat_marker"])
def test_7_2_6_zero_ops_round_with_movement_or_combat_keeps_the_count(mark: str) -> None:
    """7.2.6 option 1: when a unit moved or a hex was activated for combat the marker stays where it is."""
    d = _zero_move_round(AXIS, 2)
    uid = next(u for u, x in sorted(d.state["units"].items()) if x.get("hex") and RULES.units[u].side == AXIS)
    if mark == "combat_marker":
        d.state["round"]["combat_markers"].append(d.state["units"][uid]["hex"])
    else:
        d.state["units"][uid][mark] = True
    phases.end_ar(d.game, d.state, AXIS, d.ctx)
    assert d.state["consec"][AXIS] == 2


def test_7_2_6_enemy_units_moving_do_not_count_for_the_active_side() -> None:
    """7.3.2: only the active player's units moving or fighting keep his count (a retreating defender does not)."""
    d = _zero_move_round(AXIS, 2)
    uid = next(u for u, x in sorted(d.state["units"].items()) if x.get("hex") and RULES.units[u].side == SOVIET)
    d.state["units"][uid]["retreated"] = True
    phases.end_ar(d.game, d.state, AXIS, d.ctx)
    assert d.state["consec"][AXIS] == 0


def test_13_3_9_a_hex_holding_a_friendly_unit_that_survives_attrition_does_not_flip(monkeypatch: pytest.MonkeyPatch) -> None:
    """13.3.9 flips a hex where a friendly combat unit "sarebbe eliminata per essere OOS"; a German
    unit in a city that Hedgehogs (AX16) keeps in supply for attrition survives, so the city stays."""
    minsk = RULES.hex_of("Minsk")
    supplied(monkeypatch, bad_units=frozenset({"ge-46pz"}), bad_hexes=frozenset({minsk}))
    d = direct(turn=3, ar=5, side=AXIS)
    d.state["control"][minsk] = AXIS
    d.state["units"]["ge-46pz"].update(hex=minsk, box=None)
    d.state["effects"]["hedgehogs_supply"] = 3
    phases.attrition(d.game, d.state, AXIS, d.ctx)
    assert d.state["units"]["ge-46pz"]["hex"] == minsk
    assert d.state["control"][minsk] == AXIS
    d.state["effects"].pop("hedgehogs_supply")
    phases.attrition(d.game, d.state, AXIS, d.ctx)
    assert d.state["units"]["ge-46pz"]["hex"] is None
    assert d.state["control"][minsk] == SOVIET


def test_18_3_2_lend_lease_marked_played_by_the_referee_grants_from_the_next_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=6, ar=1, side=AXIS)
    d.state["events"]["SU16"] = 5
    d.state["effects"].pop("lend_lease_from", None)
    banked = d.state["banked"][SOVIET]
    phases.lend_lease(RULES, d.state, d.ctx)
    assert d.state["banked"][SOVIET] > banked


def test_13_3_9_the_hexes_are_traced_once_and_again_only_after_one_changed_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """13.3.9 traces the side's supply once for all its hexes, and again after a hex passed to the enemy."""
    from engine.games.stalins_war import supply

    traced: list[str] = []
    real = supply.side_reach
    monkeypatch.setattr(supply, "side_reach", lambda rules, state, side: traced.append(side) or real(rules, state, side))
    d = direct(turn=2, ar=5, side=SOVIET)
    phases.attrition(d.game, d.state, SOVIET, d.ctx)
    assert traced == [SOVIET] and d.state["control"][ARCHANGEL] == SOVIET
    traced.clear()
    supplied(monkeypatch, bad_hexes=frozenset({ARCHANGEL}))
    d = direct(turn=2, ar=5, side=SOVIET)
    phases.attrition(d.game, d.state, SOVIET, d.ctx)
    assert d.state["control"][ARCHANGEL] == AXIS
    assert traced == [SOVIET, SOVIET]
