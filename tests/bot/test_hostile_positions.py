"""Hostile position files and campaign exports: nested far too deeply (the JSON reader's own
recursion limit), or holding a number of thousands of digits (Python's limit on converting
them), are refused with a clear error naming the limit, in the three newest games, never a
crash of the referee's command or of `adjutant import`; nothing changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.exchange import ExchangeError, export_campaign, import_campaign, seal, unseal
from bot.service import CampaignService, Sender, ServiceError
from bot.store import Store
from engine import position

REF = Sender("u-ref", "ref")
PHRASE = "correct horse battery"
NEW_GAMES = ("combat_commander", "schwerpunkt", "across-the-bug-river")
DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a": ' * 50_000 + "1" + "}" * 50_000
LONG_NUMBER = '{"format": "adjutant-position/1", "game": "schwerpunkt", "draws": ' + "9" * 5000 + "}"
NESTED = '{"format": "adjutant-position/1", "game": "schwerpunkt", "state": ' + "[" * 200 + "]" * 200 + "}"


@pytest.mark.parametrize("text", [DEEP, DEEP_OBJECT, NESTED], ids=["list", "object", "in-state"])
def test_a_position_nested_too_deeply_is_refused(text):
    """Lists or objects nested beyond the limit are refused naming the limit (not a RecursionError)."""
    with pytest.raises(position.PositionError) as refused:
        position.parse(text)
    assert f"{position.MAX_DEPTH}" in str(refused.value) and "deep" in str(refused.value)


def test_a_number_of_thousands_of_digits_is_refused():
    """A 5000-digit number is refused naming it as too long (not Python's ValueError about int conversion)."""
    with pytest.raises(position.PositionError) as refused:
        position.parse(LONG_NUMBER)
    assert "number" in str(refused.value) and "4300" not in str(refused.value)


def test_an_exported_position_is_well_within_the_depth_limit():
    """Every game's exported position nests far less deeply than the limit."""
    from engine import registry
    from engine.kernel import Match

    for name in registry.names():
        game = registry.get(name)
        match = Match.new(game, next(iter(game.scenarios)), dict(game.options), "depth")
        position.parse(match.export_position())


@pytest.mark.parametrize("game_name", NEW_GAMES)
async def test_the_referee_loading_a_deep_position_is_answered(tmp_path, game_name):
    """'/ref position' with a deeply nested or long-numbered file is refused to the referee, the position unchanged."""
    store = await Store.open(tmp_path / "pos.db", durable=False)
    try:
        service = CampaignService(store)
        row, _ = await service.create("pos", game_name, seed="pos", creator=REF.user_id)
        before = (await service.match(row)).hash()
        for text in (DEEP, DEEP_OBJECT, LONG_NUMBER.replace("schwerpunkt", game_name)):
            try:
                replies = await service.load_position(row, REF, text, "hostile file")
            except ServiceError:
                continue
            assert [r.ok for r in replies] == [False], [r.text for r in replies]
        assert (await service.match(await service.campaign(row.id))).hash() == before
    finally:
        await store.close()


@pytest.mark.parametrize("text", [DEEP, '{"format": ' + "1" * 5000 + "}"], ids=["deep", "long-number"])
def test_importing_a_hostile_export_exits_with_2(tmp_path, capsys, text):
    """`adjutant import` of a deeply nested or long-numbered file says why in one line and exits with 2."""
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    phrase = tmp_path / "phrase"
    phrase.write_text("correct horse battery", encoding="utf-8")
    code = main(["import", str(path), "--db", str(tmp_path / "x.db"), "--passphrase-file", str(phrase)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and "not a campaign export" in err, err


async def _exported(tmp_path: Path, game_name: str) -> tuple[Store, dict]:
    """A fresh campaign of ``game_name`` exported with its private part sealed by PHRASE."""
    store = await Store.open(tmp_path / "export.db", durable=False)
    service = CampaignService(store)
    row, _ = await service.create("exported", game_name, seed="exported", creator=REF.user_id)
    return store, json.loads(json.dumps(await export_campaign(store, row, PHRASE)))


def _resealed(doc: dict, **private: object) -> dict:
    """``doc`` with fields of its private part replaced, sealed again with the same passphrase."""
    return {**doc, "sealed": seal({**unseal(doc["sealed"], PHRASE), **private}, PHRASE)}


@pytest.mark.parametrize("game_name", NEW_GAMES)
@pytest.mark.parametrize(
    "change",
    [
        {"rules_version": "abc"}, {"rules_version": [1]},
        {"private": {"seats": ["axis"]}}, {"private": {"seats": {"axis": 5}}}, {"private": {"referees": 7}},
        {"private": {"start": {"seq": 0, "state": DEEP, "format": 1, "hash": "x"}}},
    ],
    ids=["version-text", "version-list", "seats-list", "seat-number", "referees-number", "deep-start"],
)
async def test_an_export_with_fields_of_the_wrong_kind_is_refused(tmp_path, game_name, change):
    """A sealed export whose rules version, seats, referees or start state are of the wrong kind is an ExchangeError, nothing stored."""
    store, doc = await _exported(tmp_path, game_name)
    try:
        private = change.get("private")
        altered = _resealed(doc, **private) if isinstance(private, dict) else {**doc, **change}
        other = await Store.open(tmp_path / "other.db", durable=False)
        try:
            with pytest.raises(ExchangeError):
                await import_campaign(other, altered, PHRASE, "copy")
            assert await other.campaign("copy") is None
        finally:
            await other.close()
    finally:
        await store.close()
