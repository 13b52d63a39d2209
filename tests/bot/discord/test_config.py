"""``adjutant serve`` settings: read from the environment, the token never shown."""

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from bot.discord.app import serve
from bot.discord.config import ConfigError, RedactToken, Settings

ROOT = Path(__file__).resolve().parents[3]
TOKEN = "MTIzNDU2Nzg5.secret.token"


def test_settings_come_from_the_environment():
    s = Settings.from_env(
        {"ADJUTANT_DISCORD_TOKEN": TOKEN, "ADJUTANT_DB": "/srv/a.db", "ADJUTANT_REFEREE_ROLE": "GM", "ADJUTANT_LOG_LEVEL": "debug"}
    )
    assert (s.token, str(s.db), s.referee_role, s.level) == (TOKEN, "/srv/a.db", "GM", logging.DEBUG)
    assert TOKEN not in repr(s) and TOKEN not in str(s)


@pytest.mark.parametrize(
    "env",
    [{}, {"ADJUTANT_DISCORD_TOKEN": " "}, {"ADJUTANT_DISCORD_TOKEN": TOKEN, "ADJUTANT_LOG_LEVEL": "loud"}],
)
def test_bad_settings_are_refused(env):
    with pytest.raises(ConfigError):
        Settings.from_env(env)


def test_serve_without_a_token_exits_with_2(capsys):
    assert serve({}) == 2
    assert "ADJUTANT_DISCORD_TOKEN" in capsys.readouterr().err


def test_the_token_is_redacted_from_logs():
    record = logging.LogRecord("discord", logging.INFO, __file__, 1, "login with %s", (TOKEN,), None)
    RedactToken(TOKEN).filter(record)
    assert TOKEN not in record.getMessage() and "[token]" in record.getMessage()


def test_importing_the_package_does_not_import_discord():
    """``bot.discord`` stays import-light: discord.py loads only when the bot runs."""
    code = "import sys, bot.discord, bot.discord.app, bot.discord.posts, bot.discord.choices; print('discord' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr
