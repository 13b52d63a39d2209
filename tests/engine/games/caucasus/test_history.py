"""The history of the phase (issue 14): shown by 'show history', set by the 'history' override, carried by position files."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.kernel import Match
from tests.engine.games.caucasus.position import empty_board, plain_hexes, referee, unit_of


@pytest.fixture
def placed():
    """A German infantry division alone in open country, in the Axis Primary Movement Phase."""
    m = empty_board(seed="history")
    start = plain_hexes(m)[0]
    inf = unit_of(m, "axis", "INF")
    referee(m, f"place {inf} {start}")
    return m, inf, start


def test_show_history_lists_a_moved_unit_with_the_hex_it_began_in(placed):
    """After a move, 'show history' gives the unit's starting hex, its hex now and 'moved'."""
    m, inf, start = placed
    dest = m.game.rules.board.neighbours(start)[0]
    m.submit("axis", f"move {inf} {dest}")
    text, _ = m.show("history")
    block = text.split(f"{inf}:")[1]
    assert f"began: {start}" in block and f"hex: {dest}" in block and "moved" in block


def test_show_history_names_the_phase():
    """The history says which phase it is the history of."""
    m = empty_board(seed="history")
    text, _ = m.show("history.phase")
    assert "axis primary movement" in text


def test_a_unit_marked_as_moved_may_not_move_again_citing_7_1(placed):
    """'history UNIT moved on' rebuilds a unit that has already moved this phase: its move is refused under 7.1."""
    m, inf, start = placed
    referee(m, f"history {inf} moved on")
    with pytest.raises(IllegalOrder) as info:
        m.submit("axis", f"move {inf} {m.game.rules.board.neighbours(start)[0]}")
    assert info.value.rule == "7.1"


def test_the_hex_a_unit_began_in_is_set_and_shown(placed):
    """'history UNIT began HEX' sets where the unit began the phase (read by the Major River rule, 13.1)."""
    m, inf, start = placed
    other = m.game.rules.board.neighbours(start)[0]
    referee(m, f"history {inf} began {other}")
    assert m.state["units"][inf]["start_hex"] == other
    assert f"began: {other}" in m.show("history")[0]


def test_mp_spent_and_markers_are_set(placed):
    """MP spent (halves allowed) and markers are set by the history override."""
    m, inf, _ = placed
    referee(m, f"history {inf} mp 2.5")
    referee(m, f"history {inf} assault on")
    u = m.state["units"][inf]
    assert u["mp_spent"] == 2.5 and u["assault"] is True


def test_rail_use_of_the_phase_is_set_and_shown():
    """'history rail axis on' records that the Axis already rail-moved this phase (the flag 7.22's one-unit limit reads)."""
    m = empty_board(seed="history")
    referee(m, "history rail axis on")
    assert "axis" in m.state["flags"]["rail_used"]
    assert "rail_used:" in m.show("history")[0]


def test_bad_history_arguments_are_refused_with_the_usage(placed):
    """An unknown mark, a bad side, a negative MP or a unit off the map is refused, listing what is accepted."""
    m, inf, _ = placed
    for line in (f"history {inf} flew on", "history rail martians on", f"history {inf} mp -1", "history naval nowhere on", f"history {inf} moved maybe"):
        with pytest.raises(InvalidOrder) as info:
            referee(m, line)
        assert info.value.hint is not None


def test_the_history_goes_through_a_position_file(placed):
    """A position with a history exports, loads into another campaign and exports the same file and state hash."""
    m, inf, start = placed
    dest = m.game.rules.board.neighbours(start)[0]
    m.submit("axis", f"move {inf} {dest}")
    referee(m, f"history {inf} began {start}")
    referee(m, "history rail axis on")
    text = m.export_position()
    other = Match.new(m.game, "campaign", m.game.options, "another")
    other.load_position(text, "rebuilding the table")
    assert other.export_position() == text
    assert other.hash() == m.hash()
    assert other.state["units"][inf]["start_hex"] == start


def test_show_alone_offers_the_history():
    """The referee's 'show' ends with the history, cut to one line and listed among the parts to ask for."""
    m = empty_board(seed="history")
    text, cut = m.show()
    assert text.splitlines()[-1] == "history: \u2026" and "history" in cut


def test_the_players_status_lists_the_map_overrides_and_changed_counters(placed):
    """After 'map terrain' and 'counter', every player's status names the change and the counter's values now."""
    m, inf, start = placed
    referee(m, f"map terrain {start} swamp")
    referee(m, f"counter {inf} attack 9")
    text = str(m.observe("soviet").status)
    assert f"Map overrides of this campaign: terrain {start} swamp." in text
    assert f"Counter values changed by the referee: {m.game.rules.units[inf].name} 9-" in text
