"""Settings of ``adjutant serve``, read from the environment. The token is never shown."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DB = Path("data") / "adjutant.db"
DEFAULT_REFEREE_ROLE = "Referee"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
#: The token's value in deploy/adjutant.env.example, until the admin puts the real one in.
PLACEHOLDER_TOKEN = "paste-the-bot-token-here"
SWITCH_ON = ("1", "yes", "true", "on")
SWITCH_OFF = ("0", "no", "false", "off")


class ConfigError(Exception):
    """The environment does not describe a usable configuration."""


@dataclass(frozen=True)
class Settings:
    """What the Discord transport needs; ``repr`` and ``str`` never contain the token."""

    token: str = field(repr=False)
    db: Path = DEFAULT_DB
    referee_role: str = DEFAULT_REFEREE_ROLE
    log_level: str = "INFO"
    guild_id: int | None = None
    sync_commands: bool = True

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Settings:
        """Read ``ADJUTANT_*`` variables; raise ``ConfigError`` naming what is wrong."""
        token = env.get("ADJUTANT_DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError("ADJUTANT_DISCORD_TOKEN is not set (the bot token from the Discord developer portal)")
        if token == PLACEHOLDER_TOKEN:
            raise ConfigError(
                "ADJUTANT_DISCORD_TOKEN is still the example file's placeholder: put in the bot token "
                "from the Discord developer portal (Bot, Reset Token)"
            )
        level = env.get("ADJUTANT_LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in LEVELS:
            raise ConfigError(f"ADJUTANT_LOG_LEVEL must be one of {', '.join(LEVELS)}, not {level!r}")
        guild = env.get("ADJUTANT_DISCORD_GUILD", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError("ADJUTANT_DISCORD_GUILD must be a server id (digits)")
        sync = env.get("ADJUTANT_SYNC_COMMANDS", "").strip().lower() or "1"
        if sync not in SWITCH_ON + SWITCH_OFF:
            raise ConfigError(
                f"ADJUTANT_SYNC_COMMANDS must be 1 (register the slash commands at start-up) or 0 (do not), "
                f"not {env['ADJUTANT_SYNC_COMMANDS'].strip()!r}"
            )
        return cls(
            token=token,
            db=Path(env.get("ADJUTANT_DB", "").strip() or DEFAULT_DB),
            referee_role=env.get("ADJUTANT_REFEREE_ROLE", "").strip() or DEFAULT_REFEREE_ROLE,
            log_level=level,
            guild_id=int(guild) if guild else None,
            sync_commands=sync in SWITCH_ON,
        )

    @property
    def level(self) -> int:
        return int(getattr(logging, self.log_level))


class RedactToken(logging.Filter):
    """A logging filter that replaces the token wherever it would appear in a record."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self._token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._token:
            return True
        message = record.getMessage()
        if self._token in message:
            record.msg = message.replace(self._token, "[token]")
            record.args = None
        return True
