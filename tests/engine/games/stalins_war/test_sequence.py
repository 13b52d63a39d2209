"""The sequence of play (sequence.py): the steps of a turn, the start of an AR, the Action Round
procedure with Steppe Fox and the turn-2 Mobilisation, the end of the game (rules 4.4, 4.5, 6.0,
7.2, 18.2, 5.1.4, 22.0)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.stalins_war import battle, sequence
from engine.games.stalins_war.model import AXIS, SOVIET
from tests.engine.games.stalins_war.flow_helpers import (
    RULES,
    at_ar,
    direct,
    new_match,
    ref,
    supplied,
    texts,
    top,
)

ANSWERS = {"action_round": "zero pass", "replacement": "done", "draw_phase": "keep", "end_of_turn": "done"}


def test_4_4_1_turn_1_has_one_action_round_per_side_with_attrition_after_each() -> None:
    """4.4.1 / 4.4.5 / ruling 20: Axis AR (numbered 5), Axis attrition, Soviet AR, Soviet attrition; no replacements."""
    assert sequence.steps(1) == [
        ("start",),
        ("ar", AXIS, "5"),
        ("attrition", AXIS),
        ("ar", SOVIET, "5"),
        ("attrition", SOVIET),
        ("draw",),
        ("end",),
    ]


@pytest.mark.parametrize("turn", [2, 9, 18])
def test_6_0_turn_order(turn: int) -> None:
    """6.0 A-E, 7.2.2: five ARs, Axis first; Axis attrition right after the Axis AR5 (before the Soviet AR5);
    replacements Soviet then Axis; draw; end of turn."""
    plan = sequence.steps(turn)
    ars = [s for s in plan if s[0] == "ar"]
    assert ars == [("ar", side, str(ar)) for ar in range(1, 6) for side in (AXIS, SOVIET)]
    i = plan.index(("ar", AXIS, "5"))
    assert plan[i + 1] == ("attrition", AXIS) and plan[i + 2] == ("ar", SOVIET, "5") and plan[i + 3] == ("attrition", SOVIET)
    assert plan[-4:] == [("replacement", SOVIET), ("replacement", AXIS), ("draw",), ("end",)]


def test_ruling_24_begin_ar_clears_the_per_round_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 24 / 13.1.1: per-AR marks are cleared, "began" recorded, the active side's supply traced."""
    supplied(monkeypatch, bad_units=frozenset({"ge-4a"}))
    d = direct(turn=3, ar=2)
    u = d.state["units"]["ge-4a"]
    u.update(moved=True, fought=True, mp=3, strategic=True, arrived=True)
    sequence.begin_ar(d.rules, d.state, AXIS, d.ctx)
    assert not any(k in u for k in ("moved", "fought", "mp", "strategic", "arrived"))
    assert u["began"] == u["hex"] and u["oos"] is True


def test_18_2_1_axis_banked_ops_at_its_first_ar_from_turn_2(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=2, ar=1)
    sequence.begin_ar(d.rules, d.state, AXIS, d.ctx)
    assert d.state["banked"][AXIS] == 1
    sequence.begin_ar(d.rules, d.state, SOVIET, d.ctx)
    d.state["ar"] = 2
    sequence.begin_ar(d.rules, d.state, AXIS, d.ctx)
    assert d.state["banked"] == {AXIS: 1, SOVIET: 0}


def test_18_2_1_no_axis_banked_ops_in_turn_1(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=1, ar=5)
    sequence.begin_ar(d.rules, d.state, AXIS, d.ctx)
    assert d.state["banked"][AXIS] == 0


def test_18_2_2_no_axis_banked_ops_after_hitler_takes_command(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=6, ar=1)
    d.state["events"]["AX24"] = 5
    sequence.begin_ar(d.rules, d.state, AXIS, d.ctx)
    assert d.state["banked"][AXIS] == 0


def test_18_2_1_match_grants_the_banked_ops_at_turn_2() -> None:
    m = new_match()
    m.submit(AXIS, "zero pass")
    m.submit(SOVIET, "zero pass")
    m.submit(SOVIET, "keep")
    m.submit(AXIS, "keep")
    assert (m.state["turn"], m.state["ar"], m.state["phase"]["side"]) == (2, 1, AXIS)
    assert m.state["banked"][AXIS] == 1


def test_7_2_first_choose_an_action() -> None:
    m = new_match()
    with pytest.raises(IllegalOrder) as err:
        m.submit(AXIS, "move 4th Army 1622")
    assert err.value.rule == "7.2"
    with pytest.raises(IllegalOrder):
        m.submit(SOVIET, "zero pass")  # 7.2.2: the Axis acts first


def test_7_4_1_rp_round_has_no_movement_and_passes_to_the_soviet() -> None:
    m = new_match()
    at_ar(m, 6, AXIS, 2, hand=("AX6",))
    m.submit(AXIS, "play 6 rp")
    assert top(m) == "action_round" and m.state["phase"] == {"name": "action", "side": SOVIET} and m.state["ar"] == 2


def test_7_2_5_ops_round_enters_the_movement_step() -> None:
    m = new_match()
    at_ar(m, 6, AXIS, 2, hand=("AX6",))
    m.submit(AXIS, "play 6 ops")
    assert top(m) == "move_step" and m.state["round"]["ops"] == 4


def test_4_4_1_steppe_fox_second_card_decides_the_round() -> None:
    """4.4.1: Steppe Fox played as an event, the Axis immediately plays a second card, which decides
    the kind of round for the Consecutive OPS count (7.3.2)."""
    m = new_match()
    ref(m, "hand axis AX23 AX6 AX7")
    recs = m.submit(AXIS, "play 23 event")
    assert top(m) == "action_round" and m.active() == {AXIS}
    assert "Steppe Fox" in str(m.prompt(AXIS).text)
    assert m.state["units"]["ge-skpz"]["hex"]
    assert any("second card" in line for line in texts(recs))
    m.submit(AXIS, "play 6 ops")
    assert top(m) == "move_step" and m.state["consec"][AXIS] == 1 and m.state["round"]["ops"] == 4
    assert "AX23" in m.state["cards"][AXIS]["removed"]


def test_4_4_1_steppe_fox_gives_only_one_extra_card() -> None:
    m = new_match()
    ref(m, "hand axis AX23 AX6 AX7")
    m.submit(AXIS, "play 23 event")
    m.submit(AXIS, "zero pass")
    assert m.state["phase"]["side"] == SOVIET and m.state["consec"][AXIS] == 0
    assert m.state["cards"][AXIS]["hand"] == ["AX6", "AX7"]


def test_4_5_1_mobilised_units_may_move_but_not_attack() -> None:
    """4.5.1: the Reinforcements are placed at the start of the round; they may move but not attack."""
    m = new_match()
    at_ar(m, 2, SOVIET, 1, hand=("SU1", "SU2"))
    m.submit(SOVIET, "play 1 event")
    assert top(m) == "place_units"
    m.submit(SOVIET, "place auto")
    while top(m) == "place_units":
        m.submit(SOVIET, "done")
    assert top(m) == "move_step" and m.state["round"]["ops"] == 4
    arrived = [uid for uid, u in m.state["units"].items() if u.get("arrived")]
    assert arrived and all(m.state["units"][uid]["fought"] for uid in arrived)
    rules = RULES
    uid = arrived[0]
    here = m.state["units"][uid]["hex"]
    target = rules.board.neighbours(here)[0]
    problem = battle.unit_problem(rules, m.state, SOVIET, uid, target, False)
    assert problem is not None and problem[1] in ("4.5.1", "11.1.3")  # the special rule of mobilisation, not 11.1.6
    veteran = next(u for u, x in m.state["units"].items() if x.get("hex") and u.startswith("su-") and not x.get("arrived"))
    assert not m.state["units"][veteran].get("fought")


def test_5_1_4_campaign_ends_after_turn_18_with_an_axis_win() -> None:
    m = new_match()
    at_ar(m, 18, SOVIET, 5)
    for _ in range(20):
        if m.result() is not None:
            break
        role = sorted(m.active())[0]
        m.submit(role, ANSWERS[top(m)])
    outcome = m.result()
    assert outcome is not None and outcome.winner == AXIS
    assert m.state["phase"]["name"] == "over" and not m.state["flow"]
    with pytest.raises(IllegalOrder):
        m.submit(AXIS, "zero pass")


def test_6_0E_turn_advances_to_the_axis_ar1() -> None:
    m = new_match()
    at_ar(m, 13, SOVIET, 5)
    for _ in range(20):
        if m.state["turn"] == 14:
            break
        role = sorted(m.active())[0]
        m.submit(role, ANSWERS[top(m)])
    assert (m.state["turn"], m.state["ar"], m.state["phase"]) == (14, 1, {"name": "action", "side": AXIS})


def test_22_0_tournament_ends_after_turn_8() -> None:
    m = new_match(scenario="tournament")
    assert m.state["last_turn"] == 8
    ref(m, "control 2722 axis")  # the Axis holds Moscow: no Soviet all-USSR-VP win
    at_ar(m, 8, SOVIET, 5)
    for _ in range(20):
        if m.result() is not None:
            break
        role = sorted(m.active())[0]
        m.submit(role, ANSWERS[top(m)])
    outcome = m.result()
    assert outcome is not None and m.state["turn"] == 8
    assert "22.0" in str(outcome.reason)


def test_ax18_the_soviet_may_cancel_defend_the_motherland_before_a_later_action() -> None:
    """AX18 "Si può annullare" sets no moment: after accepting it in the window the Soviet may still
    cancel before any later action of the turn; that round is the first to cost VP +1."""
    from engine.games.stalins_war import events_axis

    m = new_match()
    at_ar(m, 2, SOVIET, 3, hand=("SU8",))
    m.state["effects"]["defend_motherland"] = {"turn": 2, "cancelled_from_round": None}
    assert "cancel" in [a.verb for a in m.prompt(SOVIET).actions]
    vp = m.state["vp"]
    m.submit(SOVIET, "cancel")
    assert not events_axis.defend_motherland_in_force(m.state)
    assert top(m) == "action_round"
    assert "cancel" not in [a.verb for a in m.prompt(SOVIET).actions]
    m.submit(SOVIET, "play 8 ops")
    m.submit(SOVIET, "done")
    assert m.state["vp"] == vp + 1
