"""Positions from a file through the service, the console and ``adjutant play --position``."""

from __future__ import annotations

import io
import json
import sys

import pytest

from bot.cli import main
from bot.console import CONSOLE, Console
from bot.service import CampaignService, ServiceError
from bot.store import Store
from engine import registry
from engine.kernel import Match, Record
from tests.bot.people import RED, REF
from tests.harness import walk


def played(name: str = "duel", steps: int = 30) -> Match:
    """A match of ``name`` some random legal orders into the game."""
    game = registry.get(name)
    return walk(Match.new(game, next(iter(game.scenarios)), game.options, "table"), steps, name)


async def test_a_campaign_created_from_a_position_starts_there(tmp_path):
    """The new campaign's state is the file's, and loading it is its first record."""
    source = played()
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, replies = await service.create("p", "duel", seed="new", creator=REF.user_id, position=source.export_position())
    match = await service.match(row)
    records = await store.records(row.id)
    assert match.hash() == source.hash()
    assert [(r["seq"], r["kind"], r["override"]["kind"]) for r in records] == [(1, "override", "position")]
    assert any("continues from a position file" in r.text for r in replies)
    await store.close()


async def test_replay_from_the_database_reproduces_the_position_and_play_after_it(tmp_path):
    """A fresh service rebuilds the campaign from its stored records with the same state hash."""
    source = played("caucasus", 40)
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("p", "caucasus", seed="new", creator=REF.user_id, position=source.export_position())
    await service.join(row, "axis", RED)
    axis = sorted((await service.match(row)).active())[0]
    order = (await service.match(row)).prompt(axis).actions[0].text
    await service.join(row, "soviet", REF)
    await service.submit(row, RED if axis == "axis" else REF, order, role=axis)
    live = (await service.match(row)).hash()
    rebuilt = await CampaignService(store).match(row)
    records = [Record.from_json(r) for r in await store.records(row.id)]
    replayed = Match.replay(registry.get("caucasus"), row.scenario, row.options, row.seed, records)
    assert rebuilt.hash() == live == replayed.hash()
    assert [r.kind for r in records] == ["override", "order"] and records[0].state_hash == source.hash()
    await store.close()


async def test_export_position_answers_the_referee_alone_with_a_file(setup):
    """'export position' is a query: the file to the referee, named for the campaign, no record."""
    service, row, store = setup
    before = len(await store.records(row.id))
    replies = await service.referee(row, REF, "export position")
    assert [r.to for r in replies] == ["referee"]
    assert json.loads(replies[0].text)["game"] == "duel"
    assert replies[0].extra == {"file": "c1-0.position.json"}
    assert len(await store.records(row.id)) == before


async def test_export_of_something_else_says_what_export_takes(setup):
    """'export units' is refused with the usage."""
    service, row, _ = setup
    replies = await service.referee(row, REF, "export units")
    assert not replies[0].ok and "export position" in replies[0].text


async def test_a_player_cannot_export_the_position(setup):
    """The file holds both hands: only a referee may have it."""
    service, row, _ = setup
    with pytest.raises(ServiceError, match="Only a referee"):
        await service.referee(row, RED, "export position")


async def test_a_referee_loads_a_position_into_a_running_campaign(setup):
    """The loaded position is announced with its reason and is the campaign's state."""
    service, row, _ = setup
    source = played()
    replies = await service.load_position(row, REF, source.export_position(), "rules question 12")
    assert any(r.to == "public" and "Reason: rules question 12" in r.text for r in replies)
    assert (await service.match(row)).hash() == source.hash()


async def test_a_bad_position_is_refused_to_the_referee_and_changes_nothing(setup):
    """A file with an unknown unit gets a clear refusal, to the referee only; the campaign is as it was."""
    service, row, store = setup
    before = (await service.match(row)).hash()
    doc = json.loads(played().export_position())
    doc["state"]["units"]["zz"] = {"hex": "0101", "side": "red"}
    replies = await service.load_position(row, REF, json.dumps(doc), "test")
    assert [r.to for r in replies] == ["referee"] and "Unknown unit 'zz'" in replies[0].text
    assert (await CampaignService(store).match(row)).hash() == before


async def test_the_console_writes_an_exported_position_to_a_file(tmp_path):
    """In the console, 'referee: export position' writes the file and says where; it loads again."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("duel-basic", "duel", seed="s", creator=CONSOLE.user_id)
    out = io.StringIO()
    await Console(service, row, out=out, files=tmp_path).run(io.StringIO("referee: export position\n"))
    path = tmp_path / "duel-basic-0.position.json"
    assert f"Position written to {path}" in out.getvalue()
    other, _ = await service.create("copy", "duel", seed="t", creator=CONSOLE.user_id, position=path.read_text())
    assert (await service.match(other)).hash() == (await service.match(row)).hash()
    await store.close()


def test_play_with_position_starts_the_campaign_from_the_file(tmp_path, monkeypatch):
    """'adjutant play duel --position FILE' creates the campaign from the file."""
    source = played()
    path = tmp_path / "table.json"
    path.write_text(source.export_position())
    monkeypatch.setattr(sys, "stdin", io.StringIO("referee: export position\n"))
    assert main(["play", "duel", "--db", str(tmp_path / "c.db"), "--position", str(path)]) == 0
    written = tmp_path / "duel-basic-1.position.json"
    assert written.read_text() == path.read_text()


def test_play_with_a_broken_position_stops_with_one_line(tmp_path, monkeypatch, capsys):
    """A file that is not a position ends 'adjutant play' with exit 2 and the reason."""
    path = tmp_path / "table.json"
    path.write_text('{"format": "adjutant-position/1", "game": "duel", "state": {"turn": "two"}}')
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "duel", "--db", str(tmp_path / "c.db"), "--position", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'turn' holds a number" in err


def test_play_with_a_missing_position_file_says_so(tmp_path, monkeypatch, capsys):
    """A position file that cannot be read is named in the one-line error."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "duel", "--db", str(tmp_path / "c.db"), "--position", str(tmp_path / "none.json")]) == 2
    assert "none.json cannot be read" in capsys.readouterr().err
