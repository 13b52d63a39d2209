"""Input that used to crash or stall the service is refused with a reason (the issue's list)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from bot.console import CONSOLE, Console
from bot.service import CampaignService, ServiceError
from bot.store import Store
from engine import registry
from engine.orders import MAX_LINE_CHARS, MAX_MESSAGE_CHARS


async def campaign(tmp_path, game: str, seed: str = "refusals"):
    store = await Store.open(tmp_path / f"{game}.db")
    service = CampaignService(store)
    row, _ = await service.create(game, game, seed=seed, creator=CONSOLE.user_id)
    for role in registry.get(game).roles:
        await store.set_seat(row.id, role, CONSOLE.user_id, "console")
    return service, row, store


@pytest.fixture
async def stalins_war(tmp_path):
    service, row, store = await campaign(tmp_path, "stalins-war")
    yield service, row
    await store.close()


@pytest.fixture
async def caucasus(tmp_path):
    service, row, store = await campaign(tmp_path, "caucasus")
    yield service, row
    await store.close()


def refusal(replies) -> str:
    [head] = [r.text for r in replies if not r.ok]
    return head


async def test_a_card_number_in_circled_digits_is_refused(stalins_war):
    """'play ① ops' names no card: a refusal, not a ValueError from int()."""
    service, row = stalins_war
    assert "'\u2460' is not one of your cards" in refusal(await service.submit(row, CONSOLE, "play \u2460 ops", role="axis"))


async def test_history_with_a_superscript_count_is_refused(stalins_war):
    """'history ²' says the count must be written in digits."""
    service, row = stalins_war
    assert "'\u00b2' is not a number" in refusal(await service.submit(row, CONSOLE, "history \u00b2", role="axis"))


async def test_rewind_to_a_superscript_record_is_refused(stalins_war):
    """'rewind ²' quotes the rewind usage instead of raising from int()."""
    service, row = stalins_war
    assert "Usage: rewind SEQ" in refusal(await service.referee(row, CONSOLE, "rewind \u00b2 because typo"))


async def test_odds_against_a_word_that_is_not_a_hex_is_refused(stalins_war):
    """'odds soviet' in Stalin's War names no hex: a refusal, not a ValueError from the grid."""
    service, row = stalins_war
    assert "'soviet' is not a hex to attack" in refusal(await service.submit(row, CONSOLE, "odds soviet", role="axis"))


async def test_a_lone_surrogate_is_refused_before_the_store(caucasus):
    """A lone surrogate (bytes that were not UTF-8) is refused with a reason; the store never sees it."""
    service, row = caucasus
    with pytest.raises(ServiceError, match="not valid text"):
        await service.submit(row, CONSOLE, "setup \udcff 1234", role="axis")


async def test_a_lone_surrogate_in_a_referee_command_is_refused(caucasus):
    """The referee's path refuses a lone surrogate the same way."""
    service, row = caucasus
    with pytest.raises(ServiceError, match="not valid text"):
        await service.referee(row, CONSOLE, "place \udcff 1234 because x")


async def test_a_message_over_the_discord_limit_is_refused(caucasus):
    """A message longer than 4,000 characters is refused, saying the limit."""
    service, row = caucasus
    with pytest.raises(ServiceError, match=str(MAX_MESSAGE_CHARS)):
        await service.submit(row, CONSOLE, "status\n" * (MAX_MESSAGE_CHARS // 7 + 1), role="axis")


async def test_a_line_over_the_line_limit_is_refused(caucasus):
    """One line longer than the line limit is refused, saying the limit."""
    service, row = caucasus
    with pytest.raises(ServiceError, match=f"limit is {MAX_LINE_CHARS} per line"):
        await service.submit(row, CONSOLE, "move " + "x" * MAX_LINE_CHARS, role="axis")


async def test_the_console_refuses_bytes_that_are_not_utf8(tmp_path):
    """Invalid UTF-8 on the console's input gets a refusal, and the session goes on."""
    service, row, store = await campaign(tmp_path, "stalins-war")
    out = io.StringIO()
    con = Console(service, row, out=out, as_json=True)
    raw = io.TextIOWrapper(io.BytesIO(b"axis: play \xff ops\naxis: history 1\n"), encoding="utf-8")
    await con.run(raw)
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert any(not o["ok"] and "not valid text" in o["text"] for o in objs)
    assert any(o["text"] == "Nothing has happened yet." for o in objs)
    await store.close()


def test_adjutant_play_survives_invalid_utf8_on_stdin(tmp_path):
    """`adjutant play` with strict stdin decoding still refuses a bad line and reads the next one."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "play", "stalins-war", "--db", str(tmp_path / "p.db"), "--json"],
        input=b"axis: play \xff ops\naxis: history 1\n",
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    text = proc.stdout.decode()
    assert "not valid text" in text and "Nothing has happened yet." in text
