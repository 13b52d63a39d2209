"""The printed prerequisites of the events (cards.csv, data/README.md; 5.1.5, 7.5.1): one test per token kind."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.stalins_war import prereqs
from engine.games.stalins_war.model import AXIS, SOVIET, load_rules
from tests.engine.games.stalins_war.test_events import make, supplied


def refused(state, card: str, args=()) -> str:
    with pytest.raises(IllegalOrder) as err:
        prereqs.check_prerequisites(load_rules(), state, card, args)
    assert err.value.rule == card
    return str(err.value.message)


def ok(state, card: str, args=()) -> None:
    prereqs.check_prerequisites(load_rules(), state, card, args)


def test_every_cond_used_in_cards_csv_is_implemented():
    rules = load_rules()
    used = {p.split(":", 1)[1] for c in rules.cards.values() for p in c.prerequisites if p.startswith("cond:")}
    assert used == set(prereqs.CONDITIONS)
    kinds = {p.split(":", 1)[0] for c in rules.cards.values() for p in c.prerequisites}
    assert kinds <= {"after", "not_after", "turns", "not_turns", "not_before_turn", "not_winter", "cond"}


def test_after_token_su3_needs_sorge():
    _, state, _ = make(turn=5)
    assert "SU7" in refused(state, "SU3")
    state["events"]["SU7"] = 3
    ok(state, "SU3")


def test_not_after_token_second_front_not_after_overlord():
    _, state, _ = make(turn=13)
    ok(state, "SU39")
    state["events"]["SU38"] = 13
    assert "SU38" in refused(state, "SU39")


def test_turns_token_thunderclap_only_1945():
    _, state, _ = make(turn=15)
    assert "16-18" in refused(state, "SU51")
    state["turn"] = 16
    ok(state, "SU51")


def test_turns_token_with_ranges_and_list_overlord():
    _, state, _ = make(turn=16)
    assert "13-15,17-18" in refused(state, "SU38")
    for turn in (13, 14, 15, 17, 18):
        state["turn"] = turn
        ok(state, "SU38")


def test_not_turns_token_guderian():
    _, state, _ = make(turn=8)
    assert "4,8" in refused(state, "AX9")
    state["turn"] = 7
    ok(state, "AX9")


def test_not_before_turn_token_su6():
    _, state, _ = make(turn=5)
    assert "6" in refused(state, "SU6")
    state["turn"] = 6
    ok(state, "SU6")


def test_not_winter_token_luftwaffe_support():
    _, state, _ = make(turn=4)
    assert "winter" in refused(state, "AX10")
    state["turn"] = 5
    ok(state, "AX10")


def test_cond_moscow_not_fallen_su8():
    _, state, _ = make(turn=3)
    ok(state, "SU8")
    state["control"][load_rules().hex_of("Moscow")] = AXIS
    assert "Moscow" in refused(state, "SU8")


def test_cond_sevastopol_axis_controlled_blau():
    _, state, _ = make(turn=5)
    state["events"]["AX24"] = 4
    assert "Sevastopol" in refused(state, "AX8")
    state["control"][load_rules().hex_of("Sevastopol")] = AXIS
    ok(state, "AX8")


def test_cond_sevastopol_soviet_controlled_and_stalin_in_play_yalta():
    _, state, _ = make(turn=14)
    ok(state, "SU50")
    state["control"][load_rules().hex_of("Sevastopol")] = AXIS
    assert "Sevastopol" in refused(state, "SU50")


def test_cond_stalin_in_play_teheran():
    _, state, _ = make(turn=12)
    ok(state, "SU49")
    state["units"]["su-stalin"].update(hex=None, box="removed")
    assert "Stalin" in refused(state, "SU49")


def test_cond_stalin_in_moscow_stavka():
    _, state, _ = make(turn=12)
    ok(state, "SU44")
    state["units"]["su-stalin"]["hex"] = "3023"
    assert "Stalin" in refused(state, "SU44")


def test_cond_soviet_controls_all_ussr_vp_spaces_finland():
    _, state, _ = make(turn=12)
    ok(state, "SU46")
    state["control"][load_rules().hex_of("Kiev")] = AXIS
    assert "VP" in refused(state, "SU46")


def test_cond_minsk_and_kiev_miracle_on_the_vistula_and_peace_feelers():
    rules = load_rules()
    _, state, _ = make(turn=12)
    ok(state, "AX32")
    assert "Kiev" in refused(state, "AX44")
    state["control"][rules.hex_of("Minsk")] = AXIS
    assert "Minsk" in refused(state, "AX32")
    assert "Kiev" in refused(state, "AX44")  # Kiev is still Soviet
    state["control"][rules.hex_of("Kiev")] = AXIS
    ok(state, "AX44")


def test_cond_warsaw_axis_controlled_warsaw_rising():
    _, state, _ = make(turn=14)
    state["events"]["SU21"] = 3
    ok(state, "SU41")
    state["control"][load_rules().hex_of("Warsaw")] = SOVIET
    assert "Warsaw" in refused(state, "SU41")


def test_cond_two_soviet_fronts_in_romania_balkan_defections():
    _, state, _ = make(turn=14)
    assert "Romania" in refused(state, "SU32")
    state["units"]["su-west-front"]["hex"] = "1429"
    assert "Romania" in refused(state, "SU32")
    state["units"]["su-south-front"]["hex"] = "1428"
    ok(state, "SU32")


def test_cond_german_lcu_all_four_levels_eliminated_once():
    _, state, _ = make(turn=10)
    assert "German LCU" in refused(state, "AX26")
    state["effects"]["german_lcu_destroyed"] = True
    ok(state, "AX26")


def test_cond_target_hex_in_supply_volga(monkeypatch):
    _, state, _ = make(turn=5)
    supplied(monkeypatch, bad_hexes=frozenset({"2830"}))
    ok(state, "SU13", ("3023",))
    assert "supply" in refused(state, "SU13", ("2830",))
