"""``adjutant serve`` when Discord cannot be reached (no network, DNS down): one log line saying
so and exit status 1 (systemd restarts it later), not a traceback in the journal; a failure of
another kind keeps its traceback (tests/bot/discord/test_serve.py)."""

import asyncio
import logging
import socket

import discord
import pytest

from bot.discord.app import run
from bot.discord.config import Settings


def _closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_an_unreachable_discord_is_one_line_and_status_1(tmp_path, caplog, monkeypatch: pytest.MonkeyPatch):
    """Connection refused at login: status 1, one error line naming the failure, no traceback."""
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{_closed_port()}/api/v10")
    caplog.set_level(logging.INFO)
    settings = Settings(token="MTIz.unreachable.token", db=tmp_path / "serve.db")
    code = await asyncio.wait_for(run(settings, asyncio.Event(), guild_ready_timeout=0.05), timeout=30)
    assert code == 1
    failed = [r for r in caplog.records if "discord connection failed" in r.getMessage().lower()]
    assert len(failed) == 1 and failed[0].exc_info is None, caplog.text
    assert "Traceback" not in caplog.text
