"""The Action Round's action (cardplay.py): OPS and the Consecutive OPS track, RP plays, events,
0-OPS rounds, Rasputitsa, the turn-2 Soviet Mobilisation and Steppe Fox (rules 4.4.1, 4.5.1, 7.1.4,
7.2.6, 7.3.2, 7.4, 7.5, 15.1.1, rulings 2, 33, 36)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.game import Action
from engine.games.stalins_war import cardplay
from engine.games.stalins_war.model import AXIS, SOVIET
from tests.engine.games.stalins_war.flow_helpers import (
    Direct,
    at_ar,
    direct,
    give,
    log_texts,
    new_match,
    top,
)


def choose(d: Direct, side: str, *words: str) -> dict[str, Any]:
    frame: dict[str, Any] = {"proc": "action_round", "side": side}
    d.state["flow"].append(frame)
    cardplay.choose(d.game, d.state, side, Action(words[0], tuple(words[1:])), d.ctx, frame)
    rnd: dict[str, Any] = d.state["round"]
    return rnd


# 7.3.2: Consecutive OPS ------------------------------------------------------------------------------
def test_7_3_2_example_four_ops_card_gives_4_then_3_then_2() -> None:
    """7.3.2 EX: a 4-OPS card in the 1st, 2nd, 3rd consecutive OPS round gives 4, 3, 2 OPS."""
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX6", "AX7", "AX16", "AX24")
    got = []
    for ar, card in zip((1, 2, 3), ("AX6", "AX7", "AX16"), strict=True):
        d.state["ar"] = ar
        got.append(choose(d, AXIS, "play", card, "ops")["ops"])
    assert got == [4, 3, 2]
    assert d.state["consec"][AXIS] == 3


def test_7_3_2_penalty_beyond_the_third_box_is_provisional_and_floored() -> None:
    """7.3.2 (+ tables.toml PROVISIONAL beyond the 3rd box): one more OPS lost per further round, never below 0."""
    rules = direct().rules
    assert [cardplay.ops_after_penalty(rules, 4, n) for n in (1, 2, 3, 4, 5, 6)] == [4, 3, 2, 1, 0, 0]
    assert cardplay.ops_after_penalty(rules, 1, 3) == 0


def test_7_3_2_consecutive_count_carries_over_to_the_next_turn() -> None:
    """7.3.2: "Questi effetti sono cumulativi e si trascinano da un turno all'altro"."""
    d = direct(turn=2, ar=5)
    give(d.state, AXIS, "AX6", "AX7")
    assert choose(d, AXIS, "play", "AX6", "ops")["ops"] == 4
    d.state["turn"], d.state["ar"] = 3, 2  # AR1 of an Autumn turn is Rasputitsa
    assert choose(d, AXIS, "play", "AX7", "ops")["ops"] == 3


@pytest.mark.parametrize(
    "action",
    [("play", "AX17", "event"), ("play", "AX12", "rp"), ("zero", "pass"), ("zero", "pass", "AX12")],
    ids=["event", "rp", "zero-pass", "zero-pass-discard"],
)
def test_7_3_2_rp_event_and_zero_pass_reset_the_count(action: tuple[str, ...]) -> None:
    """7.3.2 / ruling 36: an RP play, an event or a 0-OPS round without movement resets the count to 0."""
    d = direct(turn=2, ar=2)
    give(d.state, AXIS, "AX17", "AX12")
    d.state["consec"][AXIS] = 2
    choose(d, AXIS, *action)
    assert d.state["consec"][AXIS] == 0


def test_7_2_6_zero_move_leaves_the_count_where_it_is() -> None:
    """7.2.6 option 1: the Consecutive OPS marker stays; the round may move (no Blitz, 0 OPS)."""
    d = direct(turn=2, ar=2)
    d.state["consec"][AXIS] = 2
    rnd = choose(d, AXIS, "zero", "move")
    assert d.state["consec"][AXIS] == 2
    assert rnd["kind"] == "zero_move" and rnd["ops"] == 0 and rnd["move_capable"] and rnd["no_blitz"]


def test_7_2_6_zero_move_then_ops_continues_the_sequence() -> None:
    """7.2.6: a 0-OPS move round does not break the consecutive sequence (the next OPS card is the 3rd)."""
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX6", "AX7")
    choose(d, AXIS, "play", "AX6", "ops")
    d.state["ar"] = 2
    choose(d, AXIS, "zero", "move")
    d.state["ar"] = 3
    assert choose(d, AXIS, "play", "AX7", "ops")["ops"] == 3


def test_7_2_6_zero_pass_discards_one_card_and_draws_the_top_card_privately() -> None:
    """7.2.6 option 2: discard one card and replace it with the top card of the deck (drawn card private)."""
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX12")
    top_card = d.state["cards"][AXIS]["deck"][0]
    before = len(d.state["cards"][AXIS]["hand"])
    rnd = choose(d, AXIS, "zero", "pass", "AX12")
    pile = d.state["cards"][AXIS]
    assert "AX12" in pile["discard"] and "AX12" not in pile["hand"]
    assert top_card in pile["hand"] and len(pile["hand"]) == before
    assert rnd["kind"] == "zero_pass" and not rnd["move_capable"]
    assert not any(top_card in text for text in log_texts(d.ctx, "*"))
    assert any(top_card in text for text in log_texts(d.ctx, AXIS))


def test_7_6_3_zero_pass_draw_reshuffles_the_discards_when_the_deck_is_empty() -> None:
    """7.6.3: a draw from an empty deck reshuffles the discard pile into a new deck."""
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX12")
    pile = d.state["cards"][AXIS]
    pile["discard"].extend(pile["deck"])
    pile["deck"].clear()
    n = len(pile["discard"]) + 1
    choose(d, AXIS, "zero", "pass", "AX12")
    assert len(pile["hand"]) == 1 and not pile["discard"] and len(pile["deck"]) == n - 1


def test_7_2_6_zero_pass_cannot_discard_a_card_not_held() -> None:
    """7.2.6 / 7.1.4: only a held card may be discarded; the refusal names no hidden card."""
    d = direct(turn=2, ar=1)
    with pytest.raises(IllegalOrder) as err:
        choose(d, AXIS, "zero", "pass", "AX12")
    assert err.value.rule == "7.1.4"
    assert d.state["consec"][AXIS] == 0 and "AX12" not in d.state["cards"][AXIS]["discard"]


def test_7_2_6_bad_zero_option_is_invalid_with_hint() -> None:
    d = direct(turn=2, ar=1)
    with pytest.raises(InvalidOrder) as err:
        choose(d, AXIS, "zero", "fly")
    assert err.value.hint is not None


# 7.1.4: playing a card -----------------------------------------------------------------------------------
def test_7_1_4_card_not_in_hand_is_refused() -> None:
    d = direct(turn=2, ar=1)
    d.state["cards"][AXIS]["hand"] = []
    with pytest.raises(IllegalOrder) as err:
        choose(d, AXIS, "play", "AX6", "ops")
    assert err.value.rule == "7.1.4"


def test_7_1_4_opponents_card_is_not_in_your_deck() -> None:
    d = direct(turn=2, ar=1)
    with pytest.raises(InvalidOrder):
        choose(d, AXIS, "play", "SU8", "ops")
    with pytest.raises(InvalidOrder):
        choose(d, AXIS, "play", "AX99", "ops")


def test_7_1_4_unknown_mode_is_invalid() -> None:
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX6")
    with pytest.raises(InvalidOrder):
        choose(d, AXIS, "play", "AX6", "bank")
    with pytest.raises(InvalidOrder):
        choose(d, AXIS, "play", "AX6")


def test_7_5_5a_combat_card_cannot_be_played_as_an_action_event_but_can_for_ops() -> None:
    """7.5.5a: a CC is played during a combat; as an action it may still give OPS (2.3.2)."""
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX11")
    with pytest.raises(IllegalOrder) as err:
        choose(d, AXIS, "play", "AX11", "event")
    assert err.value.rule == "7.5.5a"
    assert choose(d, AXIS, "play", "AX11", "ops")["ops"] == 1


def test_7_5_1c_asterisked_event_leaves_the_game_and_is_counted() -> None:
    """2.3.3 / 7.5.1c / 7.6.4: an asterisked card played as an event is removed and counts toward Total War."""
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX17")
    choose(d, AXIS, "play", "AX17", "event")
    pile = d.state["cards"][AXIS]
    assert "AX17" in pile["removed"] and pile["events_removed"] == 1
    assert d.state["events"]["AX17"] == 2


def test_7_5_1c_asterisked_card_played_for_ops_or_rp_is_discarded() -> None:
    """7.5.1c: "La carta non viene rimossa dal gioco se viene giocata come carta OPS o RP"."""
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX17", "AX16")
    choose(d, AXIS, "play", "AX17", "ops")
    d.state["ar"] = 3
    choose(d, AXIS, "play", "AX16", "rp")
    pile = d.state["cards"][AXIS]
    assert {"AX17", "AX16"} <= set(pile["discard"]) and pile["events_removed"] == 0


def test_7_5_1c_plain_event_goes_to_the_discard_pile() -> None:
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX12")
    choose(d, AXIS, "play", "AX12", "event", "1523")
    assert "AX12" in d.state["cards"][AXIS]["discard"] and d.state["cards"][AXIS]["events_removed"] == 0


# 7.4: replacement plays ---------------------------------------------------------------------------------
def test_7_4_1_rp_are_recorded_by_nationality() -> None:
    """7.4.1 / 14.1.7: an Axis card records its GE / PZ / AX values; a Soviet card the Soviet pool."""
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX1")
    rnd = choose(d, AXIS, "play", "AX1", "rp")
    assert d.state["rp"] == {"soviet": 0, "GE": 2, "PZ": 1, "AX": 1}
    assert rnd["kind"] == "rp" and not rnd["move_capable"]
    give(d.state, SOVIET, "SU8")
    choose(d, SOVIET, "play", "SU8", "rp")
    assert d.state["rp"]["soviet"] == 4


def test_7_4_2_soviet_two_rp_plays_per_turn() -> None:
    d = direct(turn=3, ar=1, side=SOVIET)
    give(d.state, SOVIET, "SU8", "SU11", "SU16")
    choose(d, SOVIET, "play", "SU8", "rp")
    d.state["ar"] = 3
    choose(d, SOVIET, "play", "SU11", "rp")
    d.state["ar"] = 5
    with pytest.raises(IllegalOrder) as err:
        choose(d, SOVIET, "play", "SU16", "rp")
    assert err.value.rule == "7.4.2"


def test_7_4_3_axis_one_rp_play_per_turn() -> None:
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX6", "AX7")
    choose(d, AXIS, "play", "AX6", "rp")
    d.state["ar"] = 3
    with pytest.raises(IllegalOrder) as err:
        choose(d, AXIS, "play", "AX7", "rp")
    assert err.value.rule == "7.4.3"


@pytest.mark.parametrize("turn", [5, 9])
def test_7_4_3_axis_two_rp_plays_in_spring_1942_and_1943(turn: int) -> None:
    """7.4.3 / 24.0 (ruling 2): two Axis RP plays in turns 5 and 9, never three."""
    d = direct(turn=turn, ar=1)
    give(d.state, AXIS, "AX6", "AX7", "AX16")
    choose(d, AXIS, "play", "AX6", "rp")
    d.state["ar"] = 3
    choose(d, AXIS, "play", "AX7", "rp")
    d.state["ar"] = 5
    with pytest.raises(IllegalOrder):
        choose(d, AXIS, "play", "AX16", "rp")


def test_ruling_2_option_off_gives_one_axis_rp_play_in_spring_1942() -> None:
    d = direct(turn=5, ar=1, axis_two_rp_plays=False)
    assert cardplay.rp_play_limit(d.rules, d.state, AXIS) == 1
    d.state["options"]["axis_two_rp_plays"] = True
    assert cardplay.rp_play_limit(d.rules, d.state, AXIS) == 2
    d.state["turn"] = 6
    assert cardplay.rp_play_limit(d.rules, d.state, AXIS) == 1


@pytest.mark.parametrize("side", [AXIS, SOVIET])
def test_7_4_4_no_rp_play_in_two_consecutive_own_action_rounds(side: str) -> None:
    d = direct(turn=5, ar=1, side=side)
    cards = ("AX6", "AX7") if side == AXIS else ("SU8", "SU11")
    give(d.state, side, *cards)
    choose(d, side, "play", cards[0], "rp")
    d.state["ar"] = 2
    with pytest.raises(IllegalOrder) as err:
        choose(d, side, "play", cards[1], "rp")
    assert err.value.rule == "7.4.4"


def test_7_4_4_rp_in_ar5_and_in_ar1_of_the_next_turn_is_allowed() -> None:
    """7.4.4: "i giocatori possono giocare una Carta RP nell'ultimo Round di Azione di un turno e nel primo"."""
    m = new_match()
    at_ar(m, 14, SOVIET, 5, hand=("SU8", "SU11"))
    m.submit(SOVIET, "play 8 rp")
    answers = {"action_round": "zero pass", "replacement": "done", "draw_phase": "keep", "end_of_turn": "done"}
    while not (m.state["turn"] == 15 and m.state["phase"] == {"name": "action", "side": SOVIET}):
        role = sorted(m.active())[0]
        m.submit(role, answers[top(m)])
    assert "SU11" in m.state["cards"][SOVIET]["hand"]
    m.submit(SOVIET, "play 11 rp")
    assert m.state["rp_plays"][SOVIET] == [1] and m.state["rp"]["soviet"] == 4


def test_4_4_1_no_rp_play_in_turn_1() -> None:
    d = direct(turn=1, ar=5, side=SOVIET)
    give(d.state, SOVIET, "SU8")
    with pytest.raises(IllegalOrder) as err:
        choose(d, SOVIET, "play", "SU8", "rp")
    assert err.value.rule == "4.4.1"
    assert not any(a.args[1:2] == ("rp",) for a in cardplay.legal_choices(d.rules, d.state, SOVIET) if a.verb == "play")


# 15.1.1: Rasputitsa ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("turn", "ar", "expected"),
    [(3, 1, True), (3, 2, False), (5, 1, True), (5, 2, True), (5, 3, False), (4, 1, False), (2, 1, False), (17, 2, True), (15, 1, True)],
)
def test_15_1_1_rasputitsa_rounds(turn: int, ar: int, expected: bool) -> None:
    """15.1.1: AR1 of every Autumn turn, AR1-AR2 of every Spring turn."""
    d = direct(turn=turn, ar=ar)
    assert cardplay.rasputitsa(d.rules, d.state) is expected


def test_15_1_1_rasputitsa_bans_ops_and_zero_move() -> None:
    d = direct(turn=3, ar=1)
    give(d.state, AXIS, "AX6")
    with pytest.raises(IllegalOrder) as err:
        choose(d, AXIS, "play", "AX6", "ops")
    assert err.value.rule == "15.1.1"
    with pytest.raises(IllegalOrder) as err:
        choose(d, AXIS, "zero", "move")
    assert err.value.rule == "15.1.1"
    legal = cardplay.legal_choices(d.rules, d.state, AXIS)
    assert Action("zero", ("move",)) not in legal
    assert Action("play", ("AX6", "ops")) not in legal
    assert Action("play", ("AX6", "rp")) in legal and Action("zero", ("pass",)) in legal


@pytest.mark.parametrize(
    "action",
    [("play", "AX12", "rp"), ("play", "AX17", "event"), ("zero", "pass"), ("zero", "pass", "AX12")],
    ids=["rp", "event", "zero-pass", "zero-pass-discard"],
)
def test_15_1_1_rasputitsa_never_resets_the_count(action: tuple[str, ...]) -> None:
    """15.1.1: "la conta delle OPS Consecutive non viene mai azzerata durante i round di Rasputitsa"."""
    d = direct(turn=5, ar=2)
    give(d.state, AXIS, "AX12", "AX17")
    d.state["consec"][AXIS] = 2
    choose(d, AXIS, *action)
    assert d.state["consec"][AXIS] == 2


def test_15_1_1_rasputitsa_events_give_no_ops() -> None:
    """15.1.1: no OPS from events in Rasputitsa (Miracle on the Vistula normally gives OPS; still an RP play)."""
    d = direct(turn=5, ar=1)
    give(d.state, AXIS, "AX32")
    rnd = choose(d, AXIS, "play", "AX32", "event")
    assert rnd["ops"] == 0 and not rnd["move_capable"]
    assert d.state["rp_plays"][AXIS] == [1]


def test_15_1_1_rasputitsa_event_cannot_open_a_combat_step_zhukov() -> None:
    """15.1.1: in Rasputitsa players may not fight "se l'effetto di una carta Evento lo consentirebbe
    normalmente": Zhukov played as an event there gives no combat step in that round."""
    d = direct(turn=3, ar=1, side=SOVIET)
    give(d.state, SOVIET, "SU9")
    rnd = choose(d, SOVIET, "play", "SU9", "event")
    assert not rnd.get("combat_capable") and not rnd["move_capable"]
    d.state["turn"], d.state["ar"] = 3, 2  # outside Rasputitsa the event round may fight (SU9)
    give(d.state, SOVIET, "SU9")
    assert choose(d, SOVIET, "play", "SU9", "event").get("combat_capable")


# Events and the count ---------------------------------------------------------------------------------
def test_ruling_33_miracle_on_the_vistula_gives_ops_less_the_box_penalty_count_unchanged() -> None:
    """AX32 / ruling 33: OPS = card OPS less the penalty of the box; marker unchanged; counts as the RP play."""
    d = direct(turn=6, ar=2)
    give(d.state, AXIS, "AX32", "AX6")
    d.state["consec"][AXIS] = 2
    rnd = choose(d, AXIS, "play", "AX32", "event")
    assert rnd["ops"] == 3 and rnd["move_capable"] and rnd["kind"] == "event_ops"
    assert d.state["consec"][AXIS] == 2
    assert d.state["rp_plays"][AXIS] == [2]
    assert d.state["rp"]["GE"] == 2
    d.state["ar"] = 4
    with pytest.raises(IllegalOrder):
        choose(d, AXIS, "play", "AX6", "rp")  # 7.4.3: the turn's one Axis RP play is used


def test_su36_bagration_counts_as_an_ops_round() -> None:
    """SU36 / 7.3.2: Operation Bagration increments the count; its 4 OPS suffer the new box's penalty."""
    d = direct(turn=14, ar=2, side=SOVIET)
    give(d.state, SOVIET, "SU36")
    d.state["consec"][SOVIET] = 1
    rnd = choose(d, SOVIET, "play", "SU36", "event")
    assert d.state["consec"][SOVIET] == 2
    assert rnd["ops"] == 3 and rnd["move_capable"]


# 4.5.1: Soviet Mobilisation ---------------------------------------------------------------------------
@pytest.mark.parametrize(("count", "ops"), [(0, 4), (1, 4), (2, 3), (3, 2)])
def test_4_5_1_mobilisation_gives_ops_less_the_box_penalty_and_keeps_the_marker(count: int, ops: int) -> None:
    """4.5.1 (EX: count at 1 gives the full 4 OPS, at 2 gives 4-1 = 3); the marker does not move."""
    d = direct(turn=2, ar=1, side=SOVIET)
    give(d.state, SOVIET, "SU1")
    d.state["consec"][SOVIET] = count
    rnd = choose(d, SOVIET, "play", "SU1", "event")
    assert rnd["ops"] == ops and rnd["move_capable"] and rnd["mobilisation"]
    assert d.state["consec"][SOVIET] == count
    assert d.state["reinf_plays"][SOVIET] == [1]


def test_4_5_1_two_reinforcement_cards_in_non_consecutive_rounds() -> None:
    d = direct(turn=2, ar=1, side=SOVIET)
    give(d.state, SOVIET, "SU1", "SU2", "SU4")
    choose(d, SOVIET, "play", "SU1", "event")
    d.state["flow"].clear()
    d.state["ar"] = 2
    with pytest.raises(IllegalOrder) as err:
        choose(d, SOVIET, "play", "SU2", "event")
    assert err.value.rule == "4.5.1"
    d.state["ar"] = 3
    choose(d, SOVIET, "play", "SU2", "event")
    d.state["flow"].clear()
    d.state["ar"] = 5
    with pytest.raises(IllegalOrder) as err:
        choose(d, SOVIET, "play", "SU4", "event")
    assert err.value.rule == "4.5.1"


def test_4_5_1_reinforcements_give_no_ops_after_turn_2() -> None:
    """4.5.1 "nel turno 2 (solamente)": later Reinforcements events reset the count and give no OPS."""
    d = direct(turn=3, ar=2, side=SOVIET)
    give(d.state, SOVIET, "SU4")
    d.state["consec"][SOVIET] = 2
    rnd = choose(d, SOVIET, "play", "SU4", "event")
    assert rnd["ops"] == 0 and not rnd["move_capable"] and not rnd.get("mobilisation")
    assert d.state["consec"][SOVIET] == 0


def test_7_5_2a_axis_one_reinforcement_card_in_turn_2() -> None:
    d = direct(turn=2, ar=1)
    give(d.state, AXIS, "AX1", "AX2")
    choose(d, AXIS, "play", "AX1", "event")
    d.state["flow"].clear()
    d.state["ar"] = 3
    with pytest.raises(IllegalOrder) as err:
        choose(d, AXIS, "play", "AX2", "event")
    assert err.value.rule == "7.5.2a"


def test_4_4_1_no_reinforcement_card_in_turn_1() -> None:
    d = direct(turn=1, ar=5, side=AXIS)
    give(d.state, AXIS, "AX1")
    with pytest.raises(IllegalOrder) as err:
        choose(d, AXIS, "play", "AX1", "event")
    assert err.value.rule == "4.4.1"


def test_legal_choices_are_all_accepted() -> None:
    """Every action the prompt lists is accepted by ``choose`` (harness contract)."""
    d = direct(turn=2, ar=2)
    give(d.state, AXIS, "AX6", "AX11", "AX17", "AX12")
    import copy

    for action in cardplay.legal_choices(d.rules, d.state, AXIS):
        e = direct(turn=2, ar=2)
        e.state = copy.deepcopy(d.state)
        choose(e, AXIS, action.verb, *action.args)


def test_a_card_played_from_the_hand_cannot_be_taken_back_it_was_revealed() -> None:
    """A card played for OPS is shown to the opponent: undoing it would return a card he has seen to
    a secret hand, so the play is a barrier (a reveal), like a draw."""
    m = new_match()
    at_ar(m, 6, AXIS, 2, hand=("AX6", "AX7"))
    m.submit(AXIS, "play 6 ops")
    assert not m.can_undo(AXIS)
    with pytest.raises(IllegalOrder):
        m.undo(AXIS)
    assert "AX6" not in m.state["cards"][AXIS]["hand"]
