"""Random events (S 14, E 16.32): rolled after a combat with an unmodified 2 or 12."""

import tomllib
from pathlib import Path

import pytest

from engine.errors import IllegalOrder
from engine.games.schwerpunkt import terrain
from engine.games.schwerpunkt.model import rules
from tests.engine.games.schwerpunkt.event_helpers import combat_then_event, finish_combat
from tests.engine.games.schwerpunkt.helpers import fix_dice

STACKS = {"2020": ["gd-pz"], "2021": ["s-100"], "2026": ["s-183"], "2030": ["168-417"]}
#: The Random Events table as the rulebook prints it (TABELLA DEGLI EVENTI CASUALI).
PRINTED = {
    2: ("german", "gvr"), 3: ("phasing", "c3i"), 4: ("phasing", "c3i"), 5: ("phasing", "attack"),
    6: ("phasing", "move"), 7: ("german", "oos"), 8: ("non_phasing", "move"), 9: ("non_phasing", "attack"),
    10: ("non_phasing", "c3i"), 11: ("non_phasing", "c3i"), 12: ("soviet", "replacements"),
}


@pytest.mark.parametrize("roll", range(2, 13))
def test_every_row_of_the_events_table(roll):
    """S 14 table: each row names the player and the event the rulebook prints."""
    row = rules().tables["events"][str(roll)]
    assert (row["who"], row["kind"]) == PRINTED[roll]


def test_c3i_amounts_and_replacements_as_printed():
    """S 14 table: events 3 and 11 lose 1 C3I, 4 and 10 gain 1; event 12 gives 1 motorised and 2 non-motorised replacements; event 2 draws 3 GVRs."""
    table = rules().tables["events"]
    assert [table[str(r)]["n"] for r in (3, 4, 10, 11)] == [-1, 1, 1, -1]
    assert (table["12"]["mot"], table["12"]["nonmot"], table["2"]["n"]) == (1, 2, 3)


def test_table_says_it_is_transcribed():
    """The events table is marked as transcribed from the rulebook, in the data file."""
    text = (Path(__file__).parents[4] / "engine/games/schwerpunkt/data/tables.toml").read_text()
    assert "Transcribed (C: Random Events table)" in text and "events" in tomllib.loads(text)


def test_unmodified_twelve_makes_an_event_after_the_combat():
    """S 14: an unmodified 12 makes a random event once the combat is over; event 4 gives the phasing player 1 C3I."""
    match = combat_then_event(STACKS, (2, 2))
    assert match.state["c3i"]["german"] == 2 - 1 + 1
    assert "combat" not in match.state and match.active() == frozenset({"german"})


def test_unmodified_two_makes_an_event_too():
    """S 14, E 16.32: an unmodified 2 also makes an event (event 10: the non-phasing Soviet gains 1 C3I)."""
    match = combat_then_event(STACKS, (5, 5), combat_roll=(1, 1))
    assert match.state["c3i"]["soviet"] == 6


def test_other_rolls_make_no_event():
    """S 14: only an unmodified 2 or 12 makes an event."""
    match = combat_then_event(STACKS, (5, 5), combat_roll=(4, 3))
    assert match.state["c3i"]["soviet"] == 5


def test_phasing_player_loses_a_c3i():
    """S 14 event 3: the phasing player loses 1 C3I."""
    match = combat_then_event(STACKS, (1, 2))
    assert match.state["c3i"]["german"] == 0


def test_losing_a_c3i_never_goes_below_zero():
    """S 14 events 3 and 11: no effect when the total would fall below zero."""
    match = combat_then_event(STACKS, (1, 2), c3i={"german": 0})
    assert match.state["c3i"]["german"] == 0
    assert any("no C3I to lose" in str(e.text) for r in match.records for e in r.entries)


def test_non_phasing_player_loses_a_c3i():
    """S 14 event 11: the non-phasing player loses 1 C3I."""
    match = combat_then_event(STACKS, (5, 6))
    assert match.state["c3i"]["soviet"] == 4


def test_event_two_draws_three_gvrs():
    """S 14 event 2: the German draws 3 GVRs and places them at once."""
    match = combat_then_event(STACKS, (1, 1))
    every = [u for u, s in rules().units.items() if s.setup.startswith("gvr:")]
    assert len(match.state["cup"]) == len(every) - 3


def test_event_twelve_gives_soviet_replacements():
    """S 14 event 12: 1 motorised and 2 non-motorised Soviet replacements."""
    match = combat_then_event(STACKS, (6, 6))
    assert match.state["replacements"] == {"nonmot": 2, "mot": 1}


def test_event_seven_opens_the_german_window_for_an_oos_marker():
    """S 14 event 7: the German may put an OOS marker on one Soviet stack."""
    match = combat_then_event(STACKS, (3, 4))
    assert match.active() == frozenset({"german"})
    match.submit("german", "event oos 2026")
    assert match.state["units"]["s-183"]["oos"]


def test_event_oos_on_a_hex_without_soviet_units_is_refused():
    """S 14 event 7: the marker goes on a Soviet unit or stack."""
    match = combat_then_event(STACKS, (3, 4))
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "event oos 2030")
    assert "S 14" in str(err.value)


def test_event_eight_is_the_non_phasing_players_move():
    """S 14 event 8: the non-phasing player (here the Soviet, in a German phase) may move one unit, free."""
    match = combat_then_event(STACKS, (4, 4))
    assert match.active() == frozenset({"soviet"})
    ap = dict(match.state["ap"])
    target = sorted(terrain.reachable(match.state, "s-183", "2026"))[0]
    match.submit("soviet", f"event move s-183 {target}")
    assert terrain.hex_of(match.state, "s-183") == target and match.state["ap"] == ap
    assert match.active() == frozenset({"german"})


def test_the_window_has_a_default_pass():
    """S 14: carrying out an event is voluntary: 'event pass' is always offered and ends it."""
    match = combat_then_event(STACKS, (4, 4))
    assert "event pass" in [a.text for a in match.prompt("soviet").actions]
    match.submit("soviet", "event pass")
    assert terrain.hex_of(match.state, "s-183") == "2026" and match.active() == frozenset({"german"})


def test_an_event_allows_only_its_own_kind():
    """S 14: an event move window refuses an attack."""
    match = combat_then_event(STACKS, (4, 4))
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "event attack 2020 with s-183")
    assert "S 14" in str(err.value)


def test_event_move_out_of_reach_is_refused():
    """S 14.0: an event move follows the normal movement rules (S 11.4: the movement allowance)."""
    match = combat_then_event(STACKS, (4, 4))
    with pytest.raises(IllegalOrder) as err:
        match.submit("soviet", "event move s-183 4040")
    assert "S 11.4" in str(err.value)


def test_phasing_player_event_move_of_a_formation_as_one_unit():
    """S 14 event 6: a German formation stacked together moves as one unit and ends together."""
    stacks = {"2020": ["gd-pz"], "2021": ["s-100"], "2030": ["gd-gre", "gd-fus"]}
    match = combat_then_event(stacks, (3, 3))
    match.submit("german", "event move gd-gre gd-fus 2032")
    assert terrain.hex_of(match.state, "gd-gre") == terrain.hex_of(match.state, "gd-fus") == "2032"


def test_event_group_of_units_of_different_formations_is_refused():
    """S 14 event 6: only one formation counts as one unit."""
    stacks = {"2020": ["gd-pz"], "2021": ["s-100"], "2030": ["gd-gre", "168-417"]}
    match = combat_then_event(stacks, (3, 3))
    with pytest.raises(IllegalOrder) as err:
        match.submit("german", "event move gd-gre 168-417 2031")
    assert "S 14" in str(err.value)


def test_event_nine_is_a_free_attack_by_the_non_phasing_player():
    """S 14 event 9: the non-phasing player may make one attack, free of AP."""
    match = combat_then_event({"2020": ["gd-pz"], "2021": ["s-100"], "2019": ["s-183"]}, (4, 5))
    assert match.active() == frozenset({"soviet"})
    ap = dict(match.state["ap"])
    match.submit("soviet", "event attack 2020 with s-183")
    assert match.state["combat"]["event"] and match.state["combat"]["side"] == "soviet" and match.state["ap"] == ap


def test_an_event_attack_ignores_the_once_per_segment_limit():
    """S 14 event 5, S 12.3: a unit that attacked this segment may make the event's attack."""
    match = combat_then_event({"2020": ["gd-pz"], "2021": ["s-100"], "2019": ["s-183"]}, (2, 3))
    assert match.state["units"]["gd-pz"]["attacked"]
    match.submit("german", "event attack 2019 with gd-pz")
    assert match.state["combat"]["attackers"] == ["gd-pz"]


def test_an_event_attack_makes_no_further_event():
    """S 14 events 5 and 9: the random events an event attack would make are ignored."""
    match = combat_then_event({"2020": ["gd-pz"], "2021": ["s-100"], "2019": ["s-183"]}, (2, 3))
    match.submit("german", "event attack 2019 with gd-pz")
    match.submit("german", "chits none")
    fix_dice(match, 6, 6)
    match.submit("soviet", "chits none")
    finish_combat(match)
    assert match.state["flow"][-1]["proc"] == "activity" and "combat" not in match.state


def test_the_windows_published_default_is_pass():
    """S 14: when the deadline passes, the service applies the window's default, 'event pass'."""
    match = combat_then_event(STACKS, (4, 4))
    assert match.game.default_action(match.state, "soviet").text == "event pass"
    assert match.game.default_action(match.state, "german") is None
