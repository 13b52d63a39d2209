"""The history of the Action Round (issue 14): shown by 'show history', set by the 'history' override, carried by position files."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.games.stalins_war import battle, terrain
from engine.games.stalins_war.model import AXIS
from engine.kernel import Match
from tests.engine.games.stalins_war.flow_helpers import (
    KERNEL_GAME,
    RULES,
    at_ar,
    new_match,
    public_texts,
    ref,
)

UNIT = "ge-4a"


@pytest.fixture
def in_ops_round() -> Match:
    """Turn 10, the Axis AR2 under way after an OPS card (AX5, 2 OPS); the German 4th Army alone in 1621."""
    m = new_match("history")
    ref(m, f"place {UNIT} 1621")
    at_ar(m, 10, AXIS, 2, hand=("AX5", "AX6", "AX7"))
    m.submit(AXIS, "play AX5 ops")
    return m


def open_neighbour(label: str) -> str:
    return next(n for n in RULES.board.neighbours(label) if terrain.passable(RULES, label, n))


def test_show_history_gives_the_round_its_card_and_markers(in_ops_round: Match) -> None:
    """'show history' names the round's side, kind and card, its OPS left and its markers."""
    text, _ = in_ops_round.show("history")
    assert "kind: ops" in text and "played: AX5" in text and "blitz: []" in text


def test_a_unit_marked_as_having_fought_may_not_attack_citing_11_1_6(in_ops_round: Match) -> None:
    """'history UNIT fought on' rebuilds a unit that already fought this round: its attack is refused under 11.1.6."""
    m = in_ops_round
    ref(m, f"history {UNIT} fought on")
    ref(m, "history round combat 1621 on")
    problem = battle.unit_problem(RULES, m.state, AXIS, UNIT, open_neighbour("1621"), False)
    assert problem is not None and problem[1] == "11.1.6"


def test_the_hex_a_unit_began_in_and_its_mp_are_set_and_shown(in_ops_round: Match) -> None:
    """'history UNIT began HEX' and 'history UNIT mp N' set what 'show history' then shows."""
    m = in_ops_round
    other = open_neighbour("1621")
    ref(m, f"history {UNIT} began {other}")
    ref(m, f"history {UNIT} mp 3")
    ref(m, f"history {UNIT} moved on")
    block = m.show("history.units")[0]
    assert f"began: {other}" in block and "mp: 3" in block and "moved" in block
    ref(m, f"history {UNIT} moved off")
    assert "moved" not in m.state["units"][UNIT]


def test_round_markers_and_combat_cards_are_set(in_ops_round: Match) -> None:
    """Blitz markers and Combat Cards used this round are set and cleared by 'history round'."""
    m = in_ops_round
    ref(m, "history round blitz 1621 on")
    ref(m, "history round cc AX30 on")
    assert m.state["round"]["blitz"] == ["1621"] and m.state["round"]["cc_used"] == ["AX30"]
    ref(m, "history round blitz 1621 off")
    assert m.state["round"]["blitz"] == []


def test_round_markers_without_a_round_under_way_are_refused_citing_7_2() -> None:
    """Before the side has chosen its action there is no round to mark: refused under 7.2."""
    m = new_match("history")
    at_ar(m, 10, AXIS, 2)
    with pytest.raises(IllegalOrder) as info:
        ref(m, "history round blitz 1621 on")
    assert info.value.rule == "7.2"


def test_bad_history_arguments_are_refused_with_the_usage(in_ops_round: Match) -> None:
    """An unknown mark, a bad switch, a negative MP, an unknown card or marker is refused, with what is accepted."""
    for line in (
        f"history {UNIT} flew on", f"history {UNIT} moved maybe", f"history {UNIT} mp -1",
        "history round cc XX99 on", "history round smoke 1621 on", "history su-bryansk-front moved on",
    ):
        with pytest.raises(InvalidOrder) as info:
            ref(in_ops_round, line)
        assert info.value.hint is not None, line


def test_a_partisan_is_not_named_in_the_public_log(in_ops_round: Match) -> None:
    """The public text of a history override on a Partisan says only 'Partisans' (16.1.3: which one is where is secret)."""
    m = in_ops_round
    partisan = next(uid for uid, spec in sorted(RULES.units.items()) if spec.partisan)
    ref(m, f"place {partisan} 2722")
    rec = ref(m, f"history {partisan} moved on")
    assert not any(partisan in text for text in public_texts([rec]))


def test_the_history_goes_through_a_position_file(in_ops_round: Match) -> None:
    """A position with a round's history exports, loads into another campaign and exports the same file and hash."""
    m = in_ops_round
    ref(m, f"history {UNIT} fought on")
    ref(m, "history round attacked 1621 on")
    text = m.export_position()
    other = Match.new(KERNEL_GAME, "campaign", m.options, "another")
    other.load_position(text, "rebuilding the table")
    assert other.export_position() == text
    assert other.hash() == m.hash()
    assert other.state["units"][UNIT]["fought"] is True


def test_the_players_status_lists_changed_counters_but_no_inactive_partisan(in_ops_round: Match) -> None:
    """'counter' changes show in every player's status, except an inactive Partisan's (16.1.3: its strength is secret)."""
    m = in_ops_round
    partisan = next(uid for uid, spec in sorted(RULES.units.items()) if spec.partisan)
    ref(m, f"place {partisan} 2722")
    ref(m, f"counter {partisan} attack 3")
    ref(m, f"counter {UNIT} attack 9")
    ref(m, "map terrain 2722 swamp")
    text = str(m.observe(AXIS).status)
    assert f"Counter values changed by the referee: {RULES.units[UNIT].name} 9-" in text
    assert RULES.units[partisan].name not in text
    assert "Map overrides of this campaign: terrain 2722 swamp." in text
