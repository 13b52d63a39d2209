"""Hostile position files and campaign exports: nested far too deeply (the JSON reader's own
recursion limit), or holding a number of thousands of digits (Python's limit on converting
them), are refused with a clear error naming the limit, in the three newest games, never a
crash of the referee's command or of `adjutant import`; nothing changes."""

from __future__ import annotations

import pytest

from bot.cli import main
from bot.service import CampaignService, Sender, ServiceError
from bot.store import Store
from engine import position

REF = Sender("u-ref", "ref")
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
