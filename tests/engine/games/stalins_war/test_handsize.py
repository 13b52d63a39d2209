"""Hand size and drawing (handsize.py): oil (17.1), Industrial Evacuation (SU8), Allied Bomber Offensive
(SU55), the 4..7 limits (7.6.1), automatic Soviet cards (7.1.3), reshuffles (7.6.3), Total War (7.6.4)."""

from __future__ import annotations

import pytest

from engine.games.stalins_war import handsize
from engine.games.stalins_war.model import AXIS, SOVIET
from tests.engine.games.stalins_war.flow_helpers import (
    RULES,
    Direct,
    card_total,
    cards_of,
    direct,
    log_texts,
    supplied,
)

OIL = list(RULES.tables["oil"]["hexes"])  # 1428 Ploesti (Axis at start), 2433, 2835, 3138


def with_oil(side: str, n: int, turn: int = 6) -> Direct:
    d = direct(turn=turn, ar=5)
    for i, label in enumerate(OIL):
        d.state["control"][label] = side if i < n else (SOVIET if side == AXIS else AXIS)
    return d


@pytest.mark.parametrize(("n", "size"), [(0, 5), (1, 6), (2, 6), (3, 7), (4, 7)])
def test_17_1_4_5_axis_oil_hand_size(monkeypatch: pytest.MonkeyPatch, n: int, size: int) -> None:
    supplied(monkeypatch)
    d = with_oil(AXIS, n)
    assert handsize.hand_size(RULES, d.state, AXIS) == size


@pytest.mark.parametrize(("n", "size"), [(0, 4), (1, 5), (2, 6), (3, 6), (4, 6)])
def test_17_1_6_7_soviet_oil_hand_size(monkeypatch: pytest.MonkeyPatch, n: int, size: int) -> None:
    supplied(monkeypatch)
    d = with_oil(SOVIET, n)
    assert handsize.hand_size(RULES, d.state, SOVIET) == size


def test_17_1_3_an_oil_hex_counts_only_if_it_traces_supply(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch, bad_hexes=frozenset(OIL[1:3]))
    d = with_oil(SOVIET, 4)
    assert handsize.oil_controlled(RULES, d.state, SOVIET) == 2
    assert handsize.hand_size(RULES, d.state, SOVIET) == 6
    supplied(monkeypatch, bad_hexes=frozenset(OIL[1:4]))
    assert handsize.hand_size(RULES, d.state, SOVIET) == 5


def test_start_position_hand_sizes_are_6() -> None:
    """4.1.2 / 17.1: at the start the Axis holds Ploesti (1 oil hex), the Soviet the other 3: both 6."""
    d = direct(turn=1, ar=5)
    assert handsize.hand_size(RULES, d.state, AXIS) == 6
    assert handsize.hand_size(RULES, d.state, SOVIET) == 6


@pytest.mark.parametrize(("n", "size"), [(1, 5), (4, 5), (5, 6), (8, 6), (9, 7), (15, 7)])
def test_su8_industrial_evacuation_hand_size(monkeypatch: pytest.MonkeyPatch, n: int, size: int) -> None:
    """SU8: Soviet hand -1 for the next 4 Card Draw Phases, normal for the 4 after, then +1 permanently."""
    supplied(monkeypatch)
    d = with_oil(SOVIET, 3)
    d.state["effects"]["industrial_evacuation_draw"] = n
    assert handsize.hand_size(RULES, d.state, SOVIET) == size
    assert handsize.hand_size(RULES, d.state, AXIS) == 6


def test_su55_allied_bomber_offensive_only_at_the_next_draw_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = with_oil(AXIS, 2, turn=14)
    d.state["effects"]["bomber_offensive_draw"] = 14
    assert handsize.hand_size(RULES, d.state, AXIS) == 4
    d.state["turn"] = 15
    assert handsize.hand_size(RULES, d.state, AXIS) == 6


def test_7_6_1_minimum_4_for_both(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = with_oil(AXIS, 0, turn=10)
    d.state["effects"]["bomber_offensive_draw"] = 10
    assert handsize.hand_size(RULES, d.state, AXIS) == 4  # 6 - 1 - 2 = 3 -> 4
    e = with_oil(SOVIET, 0, turn=10)
    e.state["effects"]["industrial_evacuation_draw"] = 2
    assert handsize.hand_size(RULES, e.state, SOVIET) == 4  # 6 - 2 - 1 = 3 -> 4


@pytest.mark.parametrize("turn", [16, 17, 18])
def test_7_6_1_axis_has_no_minimum_in_turns_16_to_18(monkeypatch: pytest.MonkeyPatch, turn: int) -> None:
    supplied(monkeypatch)
    d = with_oil(AXIS, 0, turn=turn)
    d.state["effects"]["bomber_offensive_draw"] = turn
    assert handsize.hand_size(RULES, d.state, AXIS) == 3
    e = with_oil(SOVIET, 0, turn=turn)
    e.state["effects"]["industrial_evacuation_draw"] = 2
    assert handsize.hand_size(RULES, e.state, SOVIET) == 4  # the Soviet minimum stays


def test_7_6_1_maximum_7(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = with_oil(SOVIET, 4)
    d.state["effects"]["industrial_evacuation_draw"] = 12
    for label in OIL:
        d.state["control"][label] = SOVIET
    assert handsize.hand_size(RULES, d.state, SOVIET) == 7
    e = with_oil(AXIS, 4)
    assert handsize.hand_size(RULES, e.state, AXIS) == 7


# Drawing -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("turn", "cards"), [(1, ["SU1", "SU2"]), (3, ["SU3"]), (4, ["SU4"]), (5, ["SU5"]), (6, ["SU6"])])
def test_7_1_3_automatic_soviet_cards(turn: int, cards: list[str]) -> None:
    d = direct(turn=turn, ar=5)
    pile = d.state["cards"][SOVIET]
    pile["deck"].extend(pile["hand"])
    pile["hand"] = []
    handsize.refill(RULES, d.state, SOVIET, d.ctx)
    assert all(c in pile["hand"] for c in cards)
    assert all(c not in pile["setaside"] for c in cards)
    assert len(pile["hand"]) == 6  # the automatic cards count toward the hand size (EX)


@pytest.mark.parametrize("turn", [2, 7, 12])
def test_7_1_3_no_automatic_cards_in_other_turns(turn: int) -> None:
    d = direct(turn=turn, ar=5)
    handsize.refill(RULES, d.state, SOVIET, d.ctx)
    assert d.state["cards"][SOVIET]["setaside"] == ["SU1", "SU2", "SU3", "SU4", "SU5", "SU6"]


def test_ruling_21_automatic_cards_may_overflow_the_hand() -> None:
    """Ruling 21: the automatic cards enter even above the hand size; nothing is drawn, nothing discarded."""
    d = direct(turn=1, ar=5)
    pile = d.state["cards"][SOVIET]
    pile["hand"] = pile["deck"][:6]
    del pile["deck"][:6]
    deck = len(pile["deck"])
    handsize.refill(RULES, d.state, SOVIET, d.ctx)
    assert len(pile["hand"]) == 8 and len(pile["deck"]) == deck


def test_23_1_2_no_automatic_cards_when_1_to_6_are_shuffled_in() -> None:
    d = direct(turn=1, ar=5, shuffle_soviet_1_6=True)
    pile = d.state["cards"][SOVIET]
    assert pile["setaside"] == [] and {"SU1", "SU6"} <= set(pile["deck"])
    handsize.refill(RULES, d.state, SOVIET, d.ctx)
    assert len(pile["hand"]) == 6


def test_7_1_3_draw_up_to_the_hand_size_and_the_cards_are_private() -> None:
    d = direct(turn=7, ar=5)
    pile = d.state["cards"][AXIS]
    pile["hand"] = ["AX6"]
    pile["deck"].remove("AX6") if "AX6" in pile["deck"] else None
    coming = pile["deck"][:5]
    handsize.refill(RULES, d.state, AXIS, d.ctx)
    assert pile["hand"] == ["AX6", *coming] and d.state["hand_size"][AXIS] == 6
    public = " ".join(log_texts(d.ctx, "*"))
    assert not any(c in public for c in coming)
    assert all(any(c in line for line in log_texts(d.ctx, AXIS)) for c in coming)


def test_drawing_one_card_says_card_not_cards() -> None:
    d = direct(turn=7, ar=5)
    pile = d.state["cards"][AXIS]
    pile["hand"] = pile["deck"][:5]
    pile["deck"] = pile["deck"][5:]
    handsize.refill(RULES, d.state, AXIS, d.ctx)
    assert "Axis draws 1 card; hand size 6." in log_texts(d.ctx, "*")


def test_7_6_3_empty_deck_reshuffles_the_discards() -> None:
    d = direct(turn=7, ar=5)
    pile = d.state["cards"][AXIS]
    pile["discard"] = pile["deck"][1:]
    pile["deck"] = pile["deck"][:1]
    handsize.refill(RULES, d.state, AXIS, d.ctx)
    assert len(pile["hand"]) == 6 and not pile["discard"]
    assert card_total(d.state, AXIS) == cards_of(AXIS)


def test_7_6_3_nothing_to_draw_anywhere_draws_what_there_is() -> None:
    d = direct(turn=7, ar=5)
    pile = d.state["cards"][AXIS]
    pile["removed"] = pile["deck"][2:]
    pile["deck"] = pile["deck"][:2]
    handsize.refill(RULES, d.state, AXIS, d.ctx)
    assert len(pile["hand"]) == 2


# Total War -------------------------------------------------------------------------------------------------
def test_7_6_4_total_war_at_12_asterisked_events_by_one_player() -> None:
    d = direct(turn=6, ar=5)
    d.state["cards"][SOVIET]["events_removed"] = 11
    handsize.total_war_check(RULES, d.state, d.ctx)
    assert "total_war" not in d.state
    d.state["cards"][SOVIET]["events_removed"] = 12
    handsize.total_war_check(RULES, d.state, d.ctx)
    assert d.state["total_war"] == 6


def test_7_6_4_total_war_at_20_together() -> None:
    d = direct(turn=7, ar=5)
    d.state["cards"][SOVIET]["events_removed"] = 10
    d.state["cards"][AXIS]["events_removed"] = 9
    handsize.total_war_check(RULES, d.state, d.ctx)
    assert "total_war" not in d.state
    d.state["cards"][AXIS]["events_removed"] = 10
    handsize.total_war_check(RULES, d.state, d.ctx)
    assert d.state["total_war"] == 7


def test_7_6_4_no_total_war_before_turn_6() -> None:
    d = direct(turn=5, ar=5)
    d.state["cards"][SOVIET]["events_removed"] = 15
    d.state["cards"][AXIS]["events_removed"] = 15
    handsize.total_war_check(RULES, d.state, d.ctx)
    assert "total_war" not in d.state


def test_7_6_4_new_deck_of_total_war_discards_and_undrawn_cards_hand_kept() -> None:
    d = direct(turn=8, ar=5)
    d.state["cards"][AXIS]["events_removed"] = 12
    for side in (AXIS, SOVIET):
        pile = d.state["cards"][side]
        pile["hand"] = pile["deck"][:3]
        pile["discard"] = pile["deck"][3:6]
        pile["removed"] = pile["deck"][6:8]
        pile["deck"] = pile["deck"][8:]
    before = {s: {k: list(v) for k, v in d.state["cards"][s].items() if isinstance(v, list)} for s in (AXIS, SOVIET)}
    handsize.total_war_check(RULES, d.state, d.ctx)
    for side in (AXIS, SOVIET):
        pile, old = d.state["cards"][side], before[side]
        assert pile["hand"] == old["hand"] and pile["removed"] == old["removed"]
        assert sorted(pile["deck"]) == sorted(old["total_war"] + old["discard"] + old["deck"])
        assert pile["total_war"] == [] and pile["discard"] == []
        assert card_total(d.state, side) == cards_of(side)
    assert d.state["cards"][SOVIET]["setaside"] == old["setaside"] == ["SU1", "SU2", "SU3", "SU4", "SU5", "SU6"]


def test_7_6_4_total_war_begins_once() -> None:
    d = direct(turn=8, ar=5)
    d.state["cards"][AXIS]["events_removed"] = 12
    handsize.total_war_check(RULES, d.state, d.ctx)
    deck = list(d.state["cards"][AXIS]["deck"])
    d.state["turn"] = 9
    handsize.total_war_check(RULES, d.state, d.ctx)
    assert d.state["total_war"] == 8 and d.state["cards"][AXIS]["deck"] == deck
