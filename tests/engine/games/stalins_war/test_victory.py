"""Victory (victory.py): every automatic victory of 5.1.2-5.1.3, the campaign end (5.1.4) and the
tournament count with its adjustments (5.1.5, 22.0, ruling 18)."""

from __future__ import annotations

import pytest

from engine.games.stalins_war import victory
from engine.games.stalins_war.model import AXIS, SOVIET
from engine.text import t
from tests.engine.games.stalins_war.flow_helpers import RULES, Direct, direct, supplied

OIL = list(RULES.tables["oil"]["hexes"])


def hexes(*names: str) -> list[str]:
    return [RULES.hex_of(n) for n in names]


def quiet(turn: int) -> Direct:
    """A position at ``turn`` where no automatic victory applies (Kiev Axis-held, Paulus Line crossed)."""
    d = direct(turn=turn, ar=5)
    d.state["control"][RULES.hex_of("Kiev")] = AXIS
    d.state["paulus_crossed"] = True
    return d


def axis_holds(d: Direct, *names: str) -> None:
    for label in hexes(*names):
        d.state["control"][label] = AXIS


def winner(d: Direct) -> str | None:
    out = d.state.get("outcome")
    return None if out is None else str(out["winner"])


def test_quiet_position_has_no_winner() -> None:
    d = quiet(6)
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) is None


# 5.1.2 Axis ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("vp", "won"), [(19, False), (20, True), (23, True)])
def test_5_1_2_vp_20_or_more_at_the_end_of_turn(vp: int, won: bool) -> None:
    d = quiet(10)
    d.state["vp"] = vp
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) == (AXIS if won else None)


def test_5_1_2_all_oil_hexes_at_two_consecutive_ends_of_turn() -> None:
    d = quiet(10)
    for label in OIL:
        d.state["control"][label] = AXIS
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) is None and d.state["oil_streak"] == 1
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) == AXIS


def test_5_1_2_oil_streak_is_broken_by_one_lost_oil_hex() -> None:
    d = quiet(10)
    for label in OIL:
        d.state["control"][label] = AXIS
    victory.end_of_turn(d.game, d.state, d.ctx)
    d.state["control"][OIL[-1]] = SOVIET
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert d.state["oil_streak"] == 0
    d.state["control"][OIL[-1]] = AXIS
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) is None


@pytest.mark.parametrize(
    ("turn", "held", "won"),
    [
        (4, ("Moscow", "Leningrad", "Rostov"), True),
        (3, ("Moscow", "Leningrad", "Sevastopol"), True),
        (2, ("Moscow", "Leningrad", "Rostov", "Sevastopol"), True),
        (4, ("Moscow", "Leningrad"), False),
        (4, ("Moscow", "Rostov", "Sevastopol"), False),
        (5, ("Moscow", "Leningrad", "Rostov"), False),
    ],
)
def test_5_1_2_moscow_leningrad_and_rostov_or_sevastopol_by_the_end_of_turn_4(turn: int, held: tuple[str, ...], won: bool) -> None:
    """5.1.2 / ruling 19: checked at every End of Turn of turns 1-4."""
    d = quiet(turn)
    axis_holds(d, *held)
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) == (AXIS if won else None)


@pytest.mark.parametrize(("turn", "baku_cut", "won"), [(8, True, True), (8, False, False), (7, True, False), (9, True, False)])
def test_5_1_2_end_of_turn_8_big_four_and_baku_cut(monkeypatch: pytest.MonkeyPatch, turn: int, baku_cut: bool, won: bool) -> None:
    """5.1.2: at the end of turn 8, Moscow, Leningrad, Stalingrad, Sevastopol and Baku no longer a full source (13.2.3)."""
    from engine.games.stalins_war import supply

    supplied(monkeypatch)
    monkeypatch.setattr(supply, "baku_full_source", lambda rules, state: not baku_cut)
    d = quiet(turn)
    axis_holds(d, "Moscow", "Leningrad", "Stalingrad", "Sevastopol")
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) == (AXIS if won else None)


def test_5_1_2_13_2_3_baku_is_cut_when_no_other_caspian_port_is_soviet() -> None:
    """5.1.2 "in modo che Baku non agisca più da fonte di rifornimento pieno" is 13.2.3's test: another
    Soviet Caspian port that traces supply, not whether the Baku hex itself traces overland."""
    d = quiet(8)
    assert not victory.baku_cut(RULES, d.state)
    axis_holds(d, "Astrakhan", "Makhachkala", "Guryev")
    assert victory.baku_cut(RULES, d.state)
    axis_holds(d, "Moscow", "Leningrad", "Stalingrad", "Sevastopol")
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) == AXIS


def test_5_1_2_turn_8_needs_all_four_cities(monkeypatch: pytest.MonkeyPatch) -> None:
    supplied(monkeypatch, bad_hexes=frozenset(hexes("Baku")))
    d = quiet(8)
    axis_holds(d, "Moscow", "Leningrad", "Stalingrad")
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) is None


# 5.1.3 Soviet ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("vp", "won"), [(1, False), (0, True), (-2, True)])
def test_5_1_3_vp_0_or_less_at_the_end_of_turn(vp: int, won: bool) -> None:
    d = quiet(14)
    d.state["vp"] = vp
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) == (SOVIET if won else None)


CAPITALS = ("Berlin", "Buda", "Pest", "Bucharest", "Königsberg")


def test_5_1_3_capitals_at_the_end_of_a_soviet_action_round() -> None:
    d = quiet(15)
    for label in hexes(*CAPITALS):
        d.state["control"][label] = SOVIET
    victory.after_ar(d.game, d.state, AXIS, d.ctx)
    assert winner(d) is None  # only at the end of a Soviet AR
    victory.after_ar(d.game, d.state, SOVIET, d.ctx)
    assert winner(d) == SOVIET


@pytest.mark.parametrize("missing", CAPITALS)
def test_5_1_3_capitals_need_every_one(missing: str) -> None:
    d = quiet(15)
    for label in hexes(*CAPITALS):
        d.state["control"][label] = SOVIET
    d.state["control"][RULES.hex_of(missing)] = AXIS
    victory.after_ar(d.game, d.state, SOVIET, d.ctx)
    assert winner(d) is None


@pytest.mark.parametrize(("turn", "crossed", "won"), [(4, False, True), (4, True, False), (3, False, False), (5, False, False)])
def test_5_1_3_paulus_line_not_crossed_by_the_end_of_turn_4(turn: int, crossed: bool, won: bool) -> None:
    d = quiet(turn)
    d.state["paulus_crossed"] = crossed
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) == (SOVIET if won else None)


@pytest.mark.parametrize(("turn", "won"), [(1, False), (2, True), (7, True), (12, True), (13, False)])
def test_5_1_3_every_ussr_vp_space_at_the_end_of_turns_2_to_12(turn: int, won: bool) -> None:
    d = direct(turn=turn, ar=5)
    d.state["paulus_crossed"] = True
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) == (SOVIET if won else None)


def test_5_1_3_industrial_evacuation_vp_spaces_count_after_su8() -> None:
    """SU8: Magnitogorsk and Chelyabinsk become VP spaces after Industrial Evacuation."""
    d = direct(turn=6, ar=5)
    d.state["paulus_crossed"] = True
    d.state["control"][RULES.hex_of("Magnitogorsk")] = AXIS
    victory.end_of_turn(d.game, d.state, d.ctx)
    assert winner(d) == SOVIET  # not a VP space yet
    e = direct(turn=6, ar=5)
    e.state["paulus_crossed"] = True
    e.state["events"]["SU8"] = 3
    e.state["control"][RULES.hex_of("Magnitogorsk")] = AXIS
    victory.end_of_turn(e.game, e.state, e.ctx)
    assert winner(e) is None


def test_5_1_the_first_victory_stands() -> None:
    d = quiet(10)
    victory.win(d.state, AXIS, t("first"), d.ctx)
    victory.win(d.state, SOVIET, t("second"), d.ctx)
    assert winner(d) == AXIS


# 5.1.4 / 22.0 --------------------------------------------------------------------------------------------
def test_5_1_4_campaign_without_automatic_victory_is_an_axis_win() -> None:
    d = quiet(18)
    victory.final(d.game, d.state, d.ctx)
    assert winner(d) == AXIS


USSR_VP = victory.ussr_vp_hexes(RULES, direct().state)


def tournament(held: int, events: tuple[str, ...]) -> Direct:
    d = direct(turn=8, ar=5, scenario="tournament")
    for label in USSR_VP[:held]:
        d.state["control"][label] = AXIS
    for card in events:
        d.state["events"][card] = 5
    victory.final(d.game, d.state, d.ctx)
    return d


@pytest.mark.parametrize(
    ("held", "events", "won"),
    [
        (9, ("SU8", "AX24"), AXIS),
        (8, ("SU8", "AX24"), SOVIET),
        (7, ("AX24",), AXIS),  # no Industrial Evacuation: +2 for the Axis
        (6, ("AX24",), SOVIET),
        (10, ("SU8",), SOVIET),  # no Hitler Takes Command: -2
        (11, ("SU8",), AXIS),
        (9, (), AXIS),  # both: +2 -2
        (8, (), SOVIET),
    ],
)
def test_22_0_tournament_count_with_adjustments(held: int, events: tuple[str, ...], won: str) -> None:
    """22.0 / 5.1.5 / ruling 18: 9 or more (adjusted) Axis-held VP spaces in the USSR win for the Axis."""
    assert winner(tournament(held, events)) == won


def test_22_0_count_ignores_vp_spaces_outside_the_ussr() -> None:
    d = direct(turn=8, ar=5, scenario="tournament")
    d.state["events"].update(SU8=3, AX24=3)
    for label in USSR_VP[:8]:
        d.state["control"][label] = AXIS
    d.state["control"][RULES.hex_of("Warsaw")] = AXIS
    victory.final(d.game, d.state, d.ctx)
    assert winner(d) == SOVIET


def test_ruling_v1_turn_18_end_of_turn_checks_come_before_the_campaign_end() -> None:
    """5.1.3 "di qualsiasi turno" includes turn 18: Hitler Takes Command unplayed takes VP 1 to 0."""
    from engine.games.stalins_war import turn_end

    d = quiet(18)
    d.state["vp"] = 1
    d.state["events"].pop("AX24", None)
    turn_end.finish_turn(d.game, d.state, d.ctx)
    victory.final(d.game, d.state, d.ctx)
    assert d.state["vp"] == 0
    assert winner(d) == SOVIET


def test_ruling_v1_turn_18_without_automatic_victory_is_an_axis_win() -> None:
    from engine.games.stalins_war import turn_end

    d = quiet(18)
    d.state["vp"] = 5
    d.state["events"]["AX24"] = 6
    turn_end.finish_turn(d.game, d.state, d.ctx)
    victory.final(d.game, d.state, d.ctx)
    assert winner(d) == AXIS
