"""What ``adjutant serve`` logs at DEBUG: never a private payload (a hand, an SQL parameter)."""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator

import pytest

from bot.discord.app import configure_logging
from bot.discord.config import Settings
from tests.bot.discord.conftest import Harness


@pytest.fixture
def debug_log() -> Iterator[io.StringIO]:
    """``ADJUTANT_LOG_LEVEL=DEBUG`` as ``adjutant serve`` sets it up, written here; undone afterwards."""
    root = logging.getLogger()
    saved = (root.handlers[:], root.level, {n: logging.getLogger(n).level for n in ("discord", "aiosqlite")})
    out = io.StringIO()
    configure_logging(Settings(token="unused", log_level="DEBUG"), stream=out)
    try:
        yield out
    finally:
        root.handlers[:], root.level = saved[0], saved[1]
        for name, level in saved[2].items():
            logging.getLogger(name).setLevel(level)


async def test_debug_logs_never_hold_a_private_hand(discord_env: Harness, debug_log: io.StringIO):
    """A Stalin's War step at DEBUG: no card of either hand appears in the log (SQL parameters included)."""
    h = discord_env
    h.service.renderer = None
    row = await h.create("stalins-war")
    match = await h.service.match(row)
    play = next(a.text for a in match.prompt("axis").actions if a.text.startswith("play ") and a.text.endswith(" ops"))
    post = await h.post_after(h.channel, h.server.say(h.red, h.channel, play))
    assert post.content.startswith(f"\u2713 {play}")
    await h.server.wait_until(lambda: len(h.server.dms(h.red)) >= 2, what="the axis hand after the play")
    await h.server.settle()
    cards = (await h.service.match(row)).state["cards"]
    secrets = [c for side in ("axis", "soviet") for c in cards[side]["hand"]]
    err = debug_log.getvalue()
    assert " DEBUG " in err  # the log really ran at DEBUG
    assert not [c for c in secrets if re.search(rf"\b{c}\b", err)]
