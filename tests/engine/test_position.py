"""Positions from a file (``engine.position``): the format round-trips and every bad file is refused clearly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.errors import InvalidOrder
from engine.game import Override
from engine.kernel import Match
from engine.position import FORMAT, PositionError, header
from tests.harness import walk

GAMES = ("duel", "caucasus", "stalins-war")


def new(name: str, seed: str = "s1") -> Match:
    game = registry.get(name)
    return Match.new(game, next(iter(game.scenarios)), game.options, seed)


def duel_file(**changes: Any) -> str:
    """The set-up position of the duel as a file, with ``changes`` made to its state."""
    doc = json.loads(new("duel").export_position())
    doc["state"].update(changes)
    return json.dumps(doc)


def refusal(text: str, name: str = "duel") -> str:
    """The refusal a campaign of ``name`` gives when loading ``text`` (its state unchanged)."""
    match = new(name, "other")
    before = match.hash()
    with pytest.raises(PositionError) as info:
        match.load_position(text, "test")
    assert match.hash() == before and not match.records
    return str(info.value.text())


@pytest.mark.parametrize("name", GAMES)
def test_export_load_export_gives_the_same_file_and_hash(name: str) -> None:
    """After a random walk, a position loaded into another campaign exports the identical file and state hash."""
    played = walk(new(name), 120, name)
    text = played.export_position()
    loaded = new(name, "another seed")
    loaded.load_position(text, "moving the table game onto the bot")
    assert loaded.export_position() == text
    assert loaded.hash() == played.hash()


@pytest.mark.parametrize("name", GAMES)
def test_replaying_the_log_loads_the_position_again(name: str) -> None:
    """The position is the log's first record: replay from setup reproduces every stored hash."""
    played = walk(new(name), 60, name)
    match = new(name, "seed2")
    match.load_position(played.export_position(), "rules question")
    walk(match, 20, "after")
    replayed = Match.replay(match.game, match.scenario, match.options, "seed2", match.records)
    assert replayed.hash() == match.hash()
    assert match.records[0].kind == "override" and match.records[0].data["position"]


def test_a_unit_is_written_on_one_line() -> None:
    """Each unit of the Caucasus takes exactly one line of the file, its hex and values on it."""
    text = new("caucasus").export_position()
    units = new("caucasus").state["units"]
    lines = [ln for ln in text.splitlines() if ln.strip().startswith('"101jg"')]
    assert len(lines) == 1 and '"step"' in lines[0] and len(units) < text.count("\n")


def test_keys_are_written_in_a_stable_order() -> None:
    """The header comes first in a fixed order; every other key is sorted."""
    text = new("duel").export_position()
    doc = json.loads(text)
    assert list(doc)[:3] == ["format", "game", "scenario"]
    assert list(doc["state"]) == sorted(doc["state"])


def test_a_part_left_out_keeps_its_set_up_value() -> None:
    """A hand-written file need only hold what differs: the rest is the scenario's set-up."""
    text = json.dumps({"format": FORMAT, "game": "duel", "state": {"turn": 4}})
    match = new("duel")
    match.load_position(text, "test")
    assert match.state["turn"] == 4 and match.state["units"] == new("duel").state["units"]


def test_fixed_rolls_in_the_file_are_the_next_rolls() -> None:
    """'fixed_rolls' in the file queue the referee's fixed rolls, with their reasons."""
    doc = json.loads(new("duel").export_position())
    doc["fixed_rolls"] = [6, {"value": 2, "reason": "question 4"}]
    match = new("duel")
    match.load_position(json.dumps(doc), "test")
    assert match.fixed_rolls() == [(6, ""), (2, "question 4")]
    assert '"fixed_rolls": [{"reason": "", "value": 6}, {"reason": "question 4", "value": 2}]' in match.export_position()


def test_the_header_names_game_scenario_and_options() -> None:
    """``header`` reads what the file is for, so the application can start the right campaign."""
    got = header(new("caucasus").export_position())
    assert (got.game, got.scenario, got.options["rail_bridges"]) == ("caucasus", "campaign", True)


def test_a_typed_position_override_is_refused() -> None:
    """'position' typed as an override says that a position comes from a file."""
    with pytest.raises(InvalidOrder, match="from a file"):
        new("duel").override(Override("position", (), "because"))


def test_text_that_is_not_json_is_refused_with_its_line() -> None:
    """Broken JSON names the line and column."""
    assert "line 2, column" in refusal('{\n  "format": ,\n}')


def test_a_file_starting_with_a_byte_order_mark_loads() -> None:
    """A file saved with a UTF-8 byte order mark (as Windows Notepad saves it) loads like the same file without it."""
    match = new("duel")
    text = match.export_position()
    loaded = new("duel")
    loaded.load_position("\ufeff" + text, "saved by Notepad")
    assert loaded.export_position() == text


@pytest.mark.parametrize("text", ['{\n  "format": ,\n}', '{"format": "x"', '{"format" "x"}', '{"a": 1} x', '{"a": "\x01"}', "{'a': 1}", '{"a": [1,]}'])
def test_broken_json_is_explained_in_a_catalogue_text(text: str) -> None:
    """What is wrong with broken JSON is said in a catalogue text, never Python's own English message."""
    with pytest.raises(PositionError) as refused:
        new("duel").load_position(text, "test")
    parts = [exc for exc in (refused.value.message, refused.value.hint) if exc is not None]
    words = [str(p) for part in parts for p in part.params.values() if isinstance(p, str)]
    assert not any(w[:1].isupper() or " " in w for w in words), words


def test_a_repeated_key_is_refused() -> None:
    """A key given twice in one object is refused (JSON would silently keep the last)."""
    assert "appears twice" in refusal(f'{{"format": "{FORMAT}", "game": "duel", "game": "duel", "state": {{}}}}')


def test_an_unknown_header_key_is_refused_listing_the_accepted_ones() -> None:
    """A misspelt header key names the keys a file may hold."""
    doc = json.loads(duel_file())
    doc["scenaro"] = "basic"
    said = refusal(json.dumps(doc))
    assert "'scenaro'" in said and "fixed_rolls" in said


def test_a_missing_format_is_refused() -> None:
    """The format line is required, so other JSON is not mistaken for a position."""
    assert FORMAT in refusal(json.dumps({"game": "duel", "state": {}}))


def test_an_unknown_part_of_the_state_is_refused() -> None:
    """An unknown part names the game's parts."""
    said = refusal(duel_file(trun=3))
    assert "'trun'" in said and "turn" in said and "units" in said


def test_an_unknown_unit_is_refused() -> None:
    """A unit id the game does not have is refused with examples of ids."""
    said = refusal(duel_file(units={"x9": {"hex": "0101", "side": "red"}}))
    assert "'x9'" in said and "r1" in said


def test_an_unknown_unit_value_is_refused() -> None:
    """A unit value the game does not keep is refused, naming the values a unit holds."""
    said = refusal(duel_file(units={"r1": {"hex": "0101", "side": "red", "atack": 3}}))
    assert "'atack'" in said and "hex, side" in said


def test_a_value_of_the_wrong_type_is_refused() -> None:
    """A turn in words is refused: it holds a whole number."""
    said = refusal(duel_file(turn="three"))
    assert "'turn' holds a number" in said and "text" in said


def test_a_unit_on_a_hex_off_the_map_is_refused() -> None:
    """A Caucasus unit on a hex the map lacks is refused, naming the range of hexes."""
    doc = json.loads(new("caucasus").export_position())
    doc["state"]["units"]["101jg"].update(hex="9999", box=None)
    said = refusal(json.dumps(doc), "caucasus")
    assert "hex 9999" in said and "units.101jg.hex" in said


def test_a_duel_unit_off_its_grid_is_refused() -> None:
    """The template game, without map data, checks hexes against its grid through ``Game.hexes``."""
    assert "hex 0909" in refusal(duel_file(units={"r1": {"hex": "0909", "side": "red"}}))


def test_an_impossible_position_is_refused_by_the_invariants() -> None:
    """Two duel counters on one hex break the game's invariants: refused, with the game's reason."""
    units = new("duel").state["units"]
    units["r2"]["hex"] = units["r1"]["hex"]
    assert "impossible" in refusal(duel_file(units=units))


def test_a_position_of_another_game_is_refused() -> None:
    """A Caucasus file cannot load into a duel."""
    assert "'caucasus'" in refusal(new("caucasus").export_position())


def test_a_position_of_another_scenario_is_refused() -> None:
    """The file's scenario must be the campaign's, which the refusal names."""
    doc = json.loads(new("caucasus").export_position())
    doc["scenario"] = "tournament"
    assert "'campaign'" in refusal(json.dumps(doc), "caucasus")


def test_an_unknown_option_is_refused() -> None:
    """An option the game lacks is refused, naming its options."""
    doc = json.loads(duel_file())
    doc["options"] = {"hand": 3}
    assert "hand_size" in refusal(json.dumps(doc))


def test_an_impossible_fixed_roll_is_refused() -> None:
    """A fixed roll of 7 in a game of d6 is refused."""
    doc = json.loads(duel_file())
    doc["fixed_rolls"] = [7]
    assert "from 1 to 6" in refusal(json.dumps(doc))


def test_a_state_that_is_not_an_object_is_refused() -> None:
    """'state' must be an object of parts."""
    doc = json.loads(duel_file())
    doc["state"] = [1, 2]
    assert "'state' must be an object" in refusal(json.dumps(doc))


def test_a_unit_left_out_keeps_its_set_up_record() -> None:
    """A file that moves one unit leaves every other unit where the set-up put it."""
    match = new("caucasus")
    record = dict(match.state["units"]["13pz"], hex="0932", box=None)
    doc = {"format": FORMAT, "game": "caucasus", "state": {"units": {"13pz": record}}}
    match.load_position(json.dumps(doc), "test")
    setup = new("caucasus").state["units"]
    assert match.state["units"]["13pz"]["hex"] == "0932"
    assert {u: r for u, r in match.state["units"].items() if u != "13pz"} == {u: r for u, r in setup.items() if u != "13pz"}


def test_a_unit_written_null_is_out_of_play() -> None:
    """'"b2": null' takes the unit out of the game, as an eliminated duel counter."""
    match = new("duel")
    match.load_position(duel_file(units={"b2": None}), "test")
    assert "b2" not in match.state["units"] and "b1" in match.state["units"]


def test_an_eliminated_unit_is_exported_as_null() -> None:
    """A unit the set-up has and the state lost is written null, so loading does not bring it back."""
    match = new("duel")
    match.override(Override("remove", ("b2",), "test"))
    assert '"b2": null' in match.export_position()


EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "positions"


@pytest.mark.parametrize(("name", "file"), [("duel", "duel"), ("caucasus", "caucasus"), ("stalins-war", "stalins_war"), ("schwerpunkt", "schwerpunkt"), ("across-the-bug-river", "across_the_bug_river")])
def test_the_shipped_example_loads_and_round_trips(name: str, file: str) -> None:
    """Each game's example position (the README shows them) loads, and its export loads to the same hash."""
    match = new(name)
    match.load_position((EXAMPLES / f"{file}.position.json").read_text(encoding="utf-8"), "example")
    again = new(name, "another seed")
    again.load_position(match.export_position(), "example")
    assert again.hash() == match.hash() and match.records[0].entries


def test_rewind_to_the_position_record_restores_the_position() -> None:
    """'rewind 1' replays the log to the loaded position: the file is in the record."""
    source = walk(new("duel"), 15, "rewind")
    match = new("duel", "s9")
    match.load_position(source.export_position(), "test")
    walk(match, 10, "after")
    match.override(Override("rewind", ("1",), "back to the position"))
    assert match.hash() == source.hash()
