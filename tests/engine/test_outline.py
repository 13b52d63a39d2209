"""The referee's outline of a state (engine.outline) and Match.show."""

import pytest

from engine.errors import InvalidOrder
from engine.game import Override
from engine.kernel import Match
from engine.outline import PART_LIMIT, node_at, outline, summarised
from tests.fixtures.duel import make_game

GAME = make_game()


def test_an_object_is_an_indented_key_value_outline():
    """Nested objects indent by two spaces, one key per line, in the state's own order."""
    assert outline({"turn": 3, "phase": {"side": "axis", "step": 2}}) == "turn: 3\nphase:\n  side: axis\n  step: 2"


def test_a_list_of_short_scalars_stays_on_one_line():
    """Card names and hexes read as one bracketed line; text is shown bare."""
    assert outline({"hand": ["AX1", "AX2"], "used": []}) == "hand: [AX1, AX2]\nused: []"


def test_a_long_list_of_scalars_wraps_within_the_width():
    """A deck of many cards wraps at 100 characters instead of running one card per line."""
    text = outline({"deck": [f"card-{i:02d}" for i in range(40)]})
    lines = text.splitlines()
    assert 1 < len(lines) < 10 and all(len(line) <= 100 for line in lines)
    assert lines[0].startswith("deck: [card-00,") and lines[-1].endswith("card-39]")


def test_a_list_of_objects_puts_each_item_after_a_dash():
    """The flow stack reads as '- proc: turn' items."""
    assert outline({"flow": [{"proc": "turn", "i": 2}, {"proc": "combat"}]}) == "flow:\n  - proc: turn\n    i: 2\n  - proc: combat"


def test_null_booleans_and_blank_text_stay_distinguishable():
    """null and true keep their JSON spelling, and empty text is quoted so it does not vanish."""
    assert outline({"a": None, "b": True, "c": "", "d": 1.5}) == 'a: null\nb: true\nc: ""\nd: 1.5'


def test_summarised_cuts_only_the_long_top_level_parts():
    """A part longer than the limit becomes 'units: … (N)' and its path is returned."""
    state = {"turn": 2, "units": {f"u{i}": {"hex": f"{i:04d}", "steps": 2} for i in range(200)}}
    text, cut = summarised(state)
    assert text == "turn: 2\nunits: \u2026 (200)" and cut == ["units"]
    assert len(outline(state["units"])) > PART_LIMIT


def test_node_at_follows_keys_and_list_indices():
    """A dotted path walks objects by key (ignoring case when one key fits) and lists by index."""
    data = {"Flow": [{"proc": "turn"}]}
    assert node_at(data, "flow.0.proc") == "turn"


def test_node_at_lists_what_is_there_when_a_key_is_missing():
    """A wrong path says which key is missing, where, and the keys that are there."""
    with pytest.raises(InvalidOrder) as exc:
        node_at({"units": {"r1": {}, "b1": {}}}, "units.x9")
    said = str(exc.value.text())
    assert "no 'x9' in units" in said and "r1, b1" in said


def test_a_key_missing_at_the_top_says_the_state_in_a_catalogue_text():
    """A wrong first key is refused with the catalogue's own 'in the state.' text, not 'the state' as an English value."""
    with pytest.raises(InvalidOrder) as exc:
        node_at({"units": {}}, "zzz")
    assert exc.value.message.template == "There is no '{key}' in the state." and "units" in str(exc.value.text())


def test_match_show_reads_the_state_and_records_nothing():
    """show PATH prints the part under its path; the match's records and hash do not change."""
    m = Match.new(GAME, "basic", GAME.options, "s1")
    m.override(Override("place", ("b2", "0303"), "test"))
    before, count = m.hash(), len(m.records)
    text, cut = m.show("units.b2")
    assert text == "units.b2:\n  side: blue\n  hex: 0303" and cut == []
    assert m.show()[0].startswith("turn: 1\nplayer: red")
    assert m.hash() == before and len(m.records) == count
