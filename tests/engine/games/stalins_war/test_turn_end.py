"""The Replacement (14.0), Card Draw (7.6) and End of Turn (6.0E) procedures of turn_end.py, with the
end-of-turn items: banked OPS lost (18.1.2), Hitler Takes Command (24.0), surrender (19.3.1), face-up
Combat Cards (7.5.5d), the Turn Track (13.3.8, ruling 41)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.games.stalins_war import placement, turn_end
from engine.games.stalins_war.model import AXIS, SOVIET
from tests.engine.games.stalins_war.flow_helpers import (
    RULES,
    Direct,
    act,
    at_ar,
    direct,
    log_texts,
    new_match,
    public_texts,
    ref,
    supplied,
    top,
)

REPLACEMENT = turn_end.Replacement()
DRAW = turn_end.DrawPhase()


def replacement(d: Direct, side: str, *words: str) -> dict[str, Any]:
    frame: dict[str, Any] = d.state["flow"][-1] if d.state["flow"] else {"proc": "replacement", "side": side}
    if not d.state["flow"]:
        d.state["flow"].append(frame)
    REPLACEMENT.handle(d.game, d.state, frame, side, act(*words), d.ctx)
    return frame


def hurt(d: Direct, uid: str, level: int) -> None:
    d.state["units"][uid]["level"] = level


def eliminated(d: Direct, uid: str) -> None:
    d.state["units"][uid].update(hex=None, box="eliminated", level=0)


# 14.0 Replacements -------------------------------------------------------------------------------------
def test_14_1_3_lcu_level_costs_1_rp(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=3, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 2
    hurt(d, "su-west-front", 1)
    replacement(d, SOVIET, "replace", "su-west-front")
    assert d.state["units"]["su-west-front"]["level"] == 0 and d.state["rp"]["soviet"] == 1


def test_14_1_3_scu_level_costs_half_an_rp(monkeypatch: pytest.MonkeyPatch) -> None:
    """14.1.3 (EX: 2 RP = four one-level SCUs)."""
    supplied(monkeypatch)
    d = direct(turn=3, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 1
    for uid in ("su-13r", "su-21r", "su-22r"):
        hurt(d, uid, 1)
    replacement(d, SOVIET, "replace", "su-13r")
    replacement(d, SOVIET, "replace", "su-21r")
    assert d.state["rp"]["soviet"] == 0
    with pytest.raises(IllegalOrder) as err:
        replacement(d, SOVIET, "replace", "su-22r")
    assert err.value.rule == "14.1.3"


def test_14_1_3_not_enough_rp_for_an_lcu_level(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=3, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 0.5
    hurt(d, "su-west-front", 1)
    with pytest.raises(IllegalOrder) as err:
        replacement(d, SOVIET, "replace", "su-west-front")
    assert err.value.rule == "14.1.3"


@pytest.mark.parametrize(
    ("uid", "pool", "other"),
    [("ge-43c", "GE", "PZ"), ("ge-46pz", "PZ", "GE"), ("ro-3a", "AX", "GE"), ("hu-3a", "AX", "PZ")],
)
def test_14_1_7_axis_rp_types(monkeypatch: pytest.MonkeyPatch, uid: str, pool: str, other: str) -> None:
    """14.1.7: GE for German non-Panzer units, PZ for German Panzer units, AX for the other Axis units."""
    supplied(monkeypatch)
    d = direct(turn=3, ar=5)
    hurt(d, uid, 1)
    d.state["rp"][other] = 3
    with pytest.raises(IllegalOrder):
        replacement(d, AXIS, "replace", uid)
    d.state["rp"][pool] = 1
    replacement(d, AXIS, "replace", uid)
    assert d.state["units"][uid]["level"] == 0 and d.state["rp"][other] == 3


def test_14_2_2_no_panzer_levels_while_the_soviet_holds_the_usir(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=12, ar=5)
    d.state["control"][RULES.hex_of("USIR")] = SOVIET
    d.state["rp"].update(GE=2, PZ=2)
    hurt(d, "ge-46pz", 1)
    hurt(d, "ge-43c", 1)
    eliminated(d, "ge-47pz")
    with pytest.raises(IllegalOrder) as err:
        replacement(d, AXIS, "replace", "ge-46pz")
    assert err.value.rule == "14.2.2"
    with pytest.raises(IllegalOrder) as err:
        replacement(d, AXIS, "rebuild", "ge-47pz", "1218")
    assert err.value.rule == "14.2.2"
    replacement(d, AXIS, "replace", "ge-43c")  # GE units are not affected


def test_su52_no_panzer_rp_after_battle_of_the_bulge(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=16, ar=5)
    d.state["events"]["SU52"] = 16
    d.state["rp"]["PZ"] = 2
    hurt(d, "ge-46pz", 1)
    with pytest.raises(IllegalOrder):
        replacement(d, AXIS, "replace", "ge-46pz")


def test_14_1_6_asterisked_levels_are_never_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    """14.1.6: German armies go 2-3 -> 3-3 -> 4-3 but never back to the asterisked 5-3."""
    supplied(monkeypatch)
    d = direct(turn=3, ar=5)
    d.state["rp"]["GE"] = 5
    hurt(d, "ge-4a", 3)
    replacement(d, AXIS, "replace", "ge-4a")
    replacement(d, AXIS, "replace", "ge-4a")
    assert d.state["units"]["ge-4a"]["level"] == 1
    with pytest.raises(IllegalOrder) as err:
        replacement(d, AXIS, "replace", "ge-4a")
    assert err.value.rule == "14.1.6"
    assert d.state["rp"]["GE"] == 3


def test_14_1_6_a_unit_at_full_strength_has_nothing_to_replace(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=3, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 2
    with pytest.raises(IllegalOrder):
        replacement(d, SOVIET, "replace", "su-west-front")


@pytest.mark.parametrize("limited", [False, True])
def test_14_1_2_only_units_in_full_supply_are_replaced(monkeypatch: pytest.MonkeyPatch, limited: bool) -> None:
    if limited:
        supplied(monkeypatch, limited=frozenset({"su-west-front"}))
    else:
        supplied(monkeypatch, bad_units=frozenset({"su-west-front"}))
    d = direct(turn=3, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 2
    hurt(d, "su-west-front", 1)
    with pytest.raises(IllegalOrder) as err:
        replacement(d, SOVIET, "replace", "su-west-front")
    assert err.value.rule == "14.1.2"


def test_14_1_2_units_off_the_map_are_rebuilt_not_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=3, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 2
    eliminated(d, "su-13r")
    with pytest.raises(IllegalOrder) as err:
        replacement(d, SOVIET, "replace", "su-13r")
    assert err.value.rule == "14.1.2"
    with pytest.raises(InvalidOrder):
        replacement(d, SOVIET, "replace", "ge-4a")
    with pytest.raises(InvalidOrder):
        replacement(d, SOVIET, "replace", "nonsense")


def test_14_1_4_rebuilt_unit_enters_like_a_reinforcement_at_its_weakest_level() -> None:
    """14.1.4 / 14.1.3 (EX: a Front rebuilt reduced costs 1 RP; full strength costs 2)."""
    d = direct(turn=5, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 2
    eliminated(d, "su-west-front")
    legal = placement.legal_placements(RULES, d.state, "su-west-front")
    assert legal
    replacement(d, SOVIET, "rebuild", "su-west-front", legal[0])
    u = d.state["units"]["su-west-front"]
    assert (u["hex"], u["box"], u["level"]) == (legal[0], None, 1) and d.state["rp"]["soviet"] == 1


def test_14_1_4_rebuilt_unit_cannot_go_where_a_reinforcement_could_not() -> None:
    d = direct(turn=5, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 2
    eliminated(d, "su-13r")
    bad = RULES.hex_of("Berlin")
    with pytest.raises(IllegalOrder) as err:
        replacement(d, SOVIET, "rebuild", "su-13r", bad)
    assert err.value.rule == "14.1.4"
    assert d.state["units"]["su-13r"]["box"] == "eliminated" and d.state["rp"]["soviet"] == 2


def test_14_1_2_replacing_a_full_strength_unit_says_it_is_at_full_strength(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not the asterisk explanation (14.1.6): the unit has lost nothing."""
    supplied(monkeypatch)
    d = direct(turn=3, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 2
    with pytest.raises(IllegalOrder) as err:
        replacement(d, SOVIET, "replace", "su-20r")
    assert "full strength" in str(err.value) and "asterisk" not in str(err.value)


def test_14_1_4_rebuild_refusal_says_why_and_lists_legal_hexes() -> None:
    """Moscow holds the Reserve Front: stacking (9.1.2) is named, and legal hexes near Moscow are listed."""
    d = direct(turn=3, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 2
    eliminated(d, "su-west-front")
    moscow = RULES.hex_of("Moscow")
    with pytest.raises(IllegalOrder) as err:
        replacement(d, SOVIET, "rebuild", "su-west-front", moscow)
    assert err.value.rule == "9.1.2"
    assert "Only one LCU" in str(err.value) and "Reserve Front" in str(err.value)
    hint = str(err.value.hint)
    legal = placement.legal_placements(RULES, d.state, "su-west-front")
    nearest = min(legal, key=lambda h: RULES.board.grid.distance(moscow, h))
    assert nearest in hint and "more" in hint


def test_11_3_6_rebuilding_the_stronger_southwest_front_points_to_its_replacement_counter() -> None:
    d = direct(turn=3, ar=5, side=SOVIET)
    d.state["rp"]["soviet"] = 2
    d.state["units"]["su-southwest-front"].update(hex=None, box="removed", level=0)
    eliminated(d, "su-southwest-front-2")
    with pytest.raises(IllegalOrder) as err:
        replacement(d, SOVIET, "rebuild", "su-southwest-front", "2427")
    assert "11.3.6" in str(err.value) and "rebuild su-southwest-front-2" in str(err.value.hint)


def test_replacement_texts_show_rp_as_numbers_of_rp(monkeypatch: pytest.MonkeyPatch) -> None:
    """'you have 7 RP', not 'you have soviet 7'; 'you have 0', not 'you have 0.0'."""
    supplied(monkeypatch)
    d = direct(turn=3, ar=5, side=SOVIET)
    d.state["rp"].update(soviet=7, GE=2, PZ=0.5, AX=0)
    text = str(REPLACEMENT.text(d.game, d.state, {"side": SOVIET}, SOVIET))
    assert text.startswith("Replacement Phase: you have 7 RP.")
    text = str(REPLACEMENT.text(d.game, d.state, {"side": AXIS}, AXIS))
    assert text.startswith("Replacement Phase: you have 2 GE, 0.5 PZ, 0 AX RP.")
    d.state["rp"]["soviet"] = 0.0
    hurt(d, "su-west-front", 1)
    with pytest.raises(IllegalOrder) as err:
        replacement(d, SOVIET, "replace", "su-west-front")
    assert "Not enough Soviet RP: a level of West Front costs 1 RP and you have 0." in str(err.value)


def test_13_3_8_axis_lcu_on_the_turn_track_cannot_be_rebuilt() -> None:
    d = direct(turn=5, ar=5)
    d.state["rp"]["GE"] = 3
    d.state["units"]["ge-4a"].update(hex=None, box="track", due=7)
    with pytest.raises(IllegalOrder) as err:
        replacement(d, AXIS, "rebuild", "ge-4a", "1218")
    assert err.value.rule == "14.1.2"


def test_14_1_5_unspent_rp_are_lost() -> None:
    d = direct(turn=5, ar=5)
    d.state["rp"].update(soviet=2, GE=1, PZ=0.5)
    d.state["flow"].extend([{"proc": "turn"}, {"proc": "replacement", "side": AXIS}])
    replacement(d, AXIS, "done")
    assert d.state["rp"] == {"soviet": 2, "GE": 0, "PZ": 0, "AX": 0}
    assert d.state["flow"] == [{"proc": "turn", "returned": {}, "resumed": True}]
    assert any("14.1.5" in line for line in log_texts(d.ctx))


def test_14_0_replacement_prompt_actions_are_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=5, ar=5)
    d.state["rp"].update(GE=1, PZ=1, AX=1)
    hurt(d, "ge-43c", 1)
    hurt(d, "ro-3a", 1)
    eliminated(d, "ge-46pz")
    frame = {"proc": "replacement", "side": AXIS}
    d.state["flow"].append(frame)
    prompt = REPLACEMENT.prompt(d.game, d.state, frame, AXIS)
    verbs = {(a.verb, a.args[0]) for a in prompt.actions if a.args}
    assert {("replace", "ge-43c"), ("replace", "ro-3a"), ("rebuild", "ge-46pz")} <= verbs
    more = len(placement.legal_placements(RULES, d.state, "ge-46pz")) - 1
    assert more > 0 and f"one hex per rebuild, and {more} more are legal: any legal hex may be named" in str(prompt.text)
    import copy

    for action in prompt.actions:
        e = direct(turn=5, ar=5)
        e.state = copy.deepcopy(d.state)
        REPLACEMENT.handle(e.game, e.state, e.state["flow"][-1], AXIS, action, e.ctx)


def test_6_0C_match_soviet_replaces_before_the_axis() -> None:
    m = new_match()
    at_ar(m, 13, SOVIET, 5)
    ref(m, "rp soviet 1")
    ref(m, "rp GE 1")
    m.submit(SOVIET, "zero pass")
    assert top(m) == "replacement" and m.active() == {SOVIET}
    m.submit(SOVIET, "done")
    assert top(m) == "replacement" and m.active() == {AXIS}
    m.submit(AXIS, "done")
    assert top(m) == "draw_phase"


# 7.6 Draw Phase ----------------------------------------------------------------------------------------
def test_6_0D_soviet_decides_discards_first_then_both_draw() -> None:
    m = new_match()
    at_ar(m, 13, SOVIET, 5)
    ref(m, "hand soviet SU8 SU11")
    ref(m, "hand axis AX6 AX7")
    m.submit(SOVIET, "zero pass")
    assert top(m) == "draw_phase" and m.active() == {SOVIET}
    recs = m.submit(SOVIET, "discard 8")
    assert m.active() == {AXIS} and m.state["cards"][SOVIET]["hand"] == ["SU11"]
    assert m.state["phase"] == {"name": "draw", "side": AXIS}
    assert any("SU8" in line for line in public_texts(recs))  # 7.6.2: discards are public
    m.submit(AXIS, "discard 6 7")
    assert len(m.state["cards"][SOVIET]["hand"]) == m.state["hand_size"][SOVIET]
    assert len(m.state["cards"][AXIS]["hand"]) == m.state["hand_size"][AXIS]
    assert {"AX6", "AX7"} <= set(m.state["cards"][AXIS]["discard"])


def test_7_6_2_cannot_discard_a_card_not_held() -> None:
    d = direct(turn=5, ar=5)
    frame = {"proc": "draw_phase", "side": SOVIET}
    d.state["flow"].append(frame)
    d.state["cards"][SOVIET]["hand"] = ["SU8"]
    with pytest.raises(IllegalOrder) as err:
        DRAW.handle(d.game, d.state, frame, SOVIET, act("discard", "SU11"), d.ctx)
    assert err.value.rule == "7.6.2"
    with pytest.raises(InvalidOrder):
        DRAW.handle(d.game, d.state, frame, SOVIET, act("discard", "SU8", "SU8"), d.ctx)
    with pytest.raises(InvalidOrder):
        DRAW.handle(d.game, d.state, frame, SOVIET, act("discard"), d.ctx)
    assert d.state["cards"][SOVIET]["hand"] == ["SU8"]


def test_su8_each_draw_phase_counts_for_industrial_evacuation(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch)
    d = direct(turn=5, ar=5)
    d.state["effects"]["industrial_evacuation_draw"] = 0
    d.state["flow"].append({"proc": "turn"})
    frame = {"proc": "draw_phase", "side": SOVIET}
    d.state["flow"].append(frame)
    DRAW.handle(d.game, d.state, frame, SOVIET, act("keep"), d.ctx)
    DRAW.handle(d.game, d.state, frame, AXIS, act("keep"), d.ctx)
    assert d.state["effects"]["industrial_evacuation_draw"] == 1
    assert d.state["hand_size"][SOVIET] == 5


# 6.0E End of Turn ---------------------------------------------------------------------------------------
def to_end_of_turn(turn: int = 13, *setup: str) -> Any:
    m = new_match()
    at_ar(m, turn, SOVIET, 5)
    for line in setup:
        ref(m, line)
    m.submit(SOVIET, "zero pass")
    answers = {"replacement": "done", "draw_phase": "keep"}
    while top(m) in answers:
        m.submit(sorted(m.active())[0], answers[top(m)])
    return m


def test_6_0E_entrenchments_axis_then_soviet() -> None:
    m = to_end_of_turn(13, "entrench 1622 axis", "entrench 1724 soviet", "entrench 2722 soviet")
    assert top(m) == "end_of_turn" and m.active() == {AXIS}
    prompt = m.prompt(AXIS)
    assert {a.args for a in prompt.actions if a.verb == "remove"} == {("1622",)}
    with pytest.raises(IllegalOrder):
        m.submit(AXIS, "remove 1724")
    m.submit(AXIS, "remove 1622")
    m.submit(AXIS, "done")
    assert m.active() == {SOVIET} and m.state["phase"] == {"name": "end", "side": SOVIET}
    m.submit(SOVIET, "remove 2722")
    m.submit(SOVIET, "done")
    assert m.state["markers"]["entrench"] == {"1724": SOVIET}
    assert m.state["turn"] == 14


def test_6_0E_nobody_is_asked_without_markers() -> None:
    m = to_end_of_turn(13)
    assert m.state["turn"] == 14 and top(m) == "action_round"


def test_16_1_5_soviet_may_remove_inactive_partisans_at_the_end_of_turn() -> None:
    m = to_end_of_turn(13, "place su-partisan-1 2020", "place su-partisan-2 2120", "activate su-partisan-2 on")
    assert top(m) == "end_of_turn" and m.active() == {SOVIET} and m.state["phase"]["side"] == SOVIET
    removable = {a.args for a in m.prompt(SOVIET).actions if a.verb == "remove"}
    assert removable == {("2020",)}
    m.submit(SOVIET, "remove 2020")
    assert m.state["units"]["su-partisan-1"]["box"] == "setaside"
    m.submit(SOVIET, "done")
    assert m.state["units"]["su-partisan-2"]["hex"] == "2120"


def finish(turn: int, **state: Any) -> Direct:
    d = direct(turn=turn, ar=5)
    d.state.update(state)
    turn_end.finish_turn(d.game, d.state, d.ctx)
    return d


def test_18_1_2_banked_ops_are_lost_at_the_end_of_turn() -> None:
    d = finish(3, banked={AXIS: 1, SOVIET: 3})
    assert d.state["banked"] == {AXIS: 0, SOVIET: 0}


@pytest.mark.parametrize(("turn", "penalty"), [(2, 0), (3, 0), (4, 0), (5, 1), (6, 1), (7, 0), (8, 0), (9, 1), (10, 1), (13, 1), (14, 1), (17, 1), (18, 1)])
def test_24_0_hitler_takes_command_penalty_turns(turn: int, penalty: int) -> None:
    """AX24 / 24.0 / ruling 17: VP -1 at the end of every Spring and Summer turn after 1941 while unplayed."""
    d = direct(turn=turn, ar=5)
    d.state["control"][RULES.hex_of("Moscow")] = AXIS  # no Soviet all-USSR-VP win
    d.state["paulus_crossed"] = True
    vp = d.state["vp"]
    turn_end.finish_turn(d.game, d.state, d.ctx)
    assert d.state["vp"] == vp - penalty


def test_24_0_no_penalty_once_hitler_takes_command_was_played() -> None:
    d = direct(turn=6, ar=5)
    d.state["events"]["AX24"] = 3
    d.state["control"][RULES.hex_of("Moscow")] = AXIS
    vp = d.state["vp"]
    turn_end.finish_turn(d.game, d.state, d.ctx)
    assert d.state["vp"] == vp


@pytest.mark.parametrize(("nation", "capital"), [("RO", "Bucharest"), ("HU", "Buda")])
def test_19_3_1_minor_ally_surrenders_when_its_capital_is_occupied(nation: str, capital: str) -> None:
    d = direct(turn=14, ar=5)
    label = RULES.hex_of(capital)
    for u in d.state["units"].values():
        if u.get("hex") == label:
            u.update(hex=None, box="setaside")
    d.state["units"]["su-13r"]["hex"] = label
    turn_end.finish_turn(d.game, d.state, d.ctx)
    mine = [uid for uid, spec in RULES.units.items() if spec.nationality == nation and spec.side == AXIS]
    assert mine and all(d.state["units"][uid]["box"] == "removed" and not d.state["units"][uid].get("hex") for uid in mine)
    assert d.state["effects"][f"surrendered_{nation}"] is True
    assert all(d.state["units"][uid]["box"] != "removed" for uid, spec in RULES.units.items() if spec.side == SOVIET and spec.nationality == nation)
    other = "HU" if nation == "RO" else "RO"
    assert any(d.state["units"][uid].get("hex") for uid, spec in RULES.units.items() if spec.nationality == other)


def test_19_3_1_control_alone_is_not_occupation() -> None:
    d = direct(turn=14, ar=5)
    d.state["control"][RULES.hex_of("Bucharest")] = SOVIET
    turn_end.finish_turn(d.game, d.state, d.ctx)
    assert not d.state["effects"].get("surrendered_RO")
    assert d.state["units"]["ro-3a"]["hex"]


def test_7_5_5d_face_up_combat_cards_are_discarded_at_the_end_of_turn() -> None:
    d = direct(turn=14, ar=5)
    for side, cid in ((AXIS, "AX11"), (SOVIET, "SU19")):
        pile = d.state["cards"][side]
        for key in ("deck", "hand"):
            if cid in pile[key]:
                pile[key].remove(cid)
        pile["faceup"].append(cid)
    turn_end.finish_turn(d.game, d.state, d.ctx)
    assert d.state["cards"][AXIS]["faceup"] == [] and "AX11" in d.state["cards"][AXIS]["discard"]
    assert "SU19" in d.state["cards"][SOVIET]["discard"]


def test_ruling_41_axis_lcu_leaves_the_turn_track_when_its_turn_begins() -> None:
    """13.3.8 / ruling 41: eliminated OOS in turn T, it reaches the Eliminated box when turn T+3 begins."""
    d = direct(turn=4, ar=5)
    d.state["units"]["ge-4a"].update(hex=None, box="track", due=6)
    d.state["paulus_crossed"] = True
    turn_end.finish_turn(d.game, d.state, d.ctx)
    assert d.state["units"]["ge-4a"]["box"] == "track"
    d.state["turn"] = 5
    turn_end.finish_turn(d.game, d.state, d.ctx)
    assert d.state["units"]["ge-4a"]["box"] == "eliminated" and "due" not in d.state["units"]["ge-4a"]


def test_5_1_3_paulus_line_crossing_is_recorded_at_the_end_of_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.games.stalins_war import terrain

    supplied(monkeypatch)
    east = next(h for h in sorted(RULES.board.terrain) if terrain.east_of_paulus(RULES, h) and RULES.board.terrain[h] == "clear")
    d = direct(turn=2, ar=5)
    d.state["control"][RULES.hex_of("Moscow")] = AXIS
    d.state["units"]["ge-46pz"]["hex"] = east
    turn_end.finish_turn(d.game, d.state, d.ctx)
    assert d.state["paulus_crossed"] is True
