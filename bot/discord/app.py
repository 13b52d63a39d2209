"""``adjutant serve``: run the Discord bot with settings from the environment.

``serve(env)`` opens the store, builds the campaign service with the map renderer, connects
to Discord and runs until interrupted (SIGINT or SIGTERM), then closes everything. It returns
a process exit code: 0 after a clean stop, 1 if the connection failed (it may work later), 2
for what a restart cannot fix: a configuration error, a token Discord refuses, a missing
Message Content intent, a database that cannot be used. Each failure is one log line, without
a traceback. The token is read from ``ADJUTANT_DISCORD_TOKEN`` and never logged.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from bot.discord.config import Settings

log = logging.getLogger("adjutant")

# Libraries that log payloads at DEBUG: discord.py every request body (a private hand sent by
# DM), aiosqlite every SQL statement with its parameters (the outbox holds private replies).
# They stay at INFO or above whatever ADJUTANT_LOG_LEVEL says; Adjutant's own loggers never log
# a payload at any level.
PAYLOAD_LOGGERS = ("discord", "aiosqlite")


def serve(env: Mapping[str, str], new: bool = False) -> int:
    """Run the bot until it is stopped; see the module docstring for the exit codes.

    ``new`` accepts an existing empty database file as a new database (``serve --new``).
    """
    from bot.discord.config import ConfigError, Settings

    try:
        settings = Settings.from_env(env)
    except ConfigError as exc:
        print(f"adjutant serve: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings)
    try:
        return asyncio.run(run(settings, new=new))
    except KeyboardInterrupt:
        return 0


def configure_logging(settings: Settings, stream: TextIO | None = None) -> None:
    """Log to ``stream`` (standard error) at the configured level, never a token or a payload."""
    from bot.discord.config import RedactToken

    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(RedactToken(settings.token))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(settings.level)
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(max(settings.level, logging.INFO))


async def run(settings: Settings, stop: asyncio.Event | None = None, *, new: bool = False, **client_options: Any) -> int:
    """Connect and serve until ``stop`` is set (by default: until SIGINT or SIGTERM)."""
    import discord

    from bot.discord.client import AdjutantClient
    from bot.i18n import render
    from bot.pictures import render_around, render_hand_of, render_with_description
    from bot.service import CampaignService
    from bot.store import Store, StoreError
    from engine.text import t

    try:
        store = await Store.open(settings.db, new=new)
    except StoreError as exc:
        log.error("%s", render(exc.message))
        return 2
    service = CampaignService(
        store, renderer=render_with_description, hand_renderer=render_hand_of, focus_renderer=render_around
    )
    client = AdjutantClient(service, settings, **client_options)
    if stop is None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):
                pass
    log.info("starting: database %s, referee role %r", settings.db, settings.referee_role)
    runner = asyncio.create_task(client.start(settings.token), name="adjutant-discord")
    stopper = asyncio.create_task(stop.wait(), name="adjutant-stop")
    code = 0
    try:
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done:
            error = runner.exception()
            code = 1  # the connection ended by itself: a restart may help
            if isinstance(error, discord.LoginFailure):
                log.error("%s", render(t("Discord refused the token: check ADJUTANT_DISCORD_TOKEN (the bot token from the Discord developer portal).")))
                code = 2
            elif isinstance(error, discord.PrivilegedIntentsRequired):
                log.error("%s", render(t("Discord refused the connection: enable the Message Content intent for the bot in the Discord developer portal.")))
                code = 2
            elif isinstance(error, OSError | TimeoutError):
                # The network (refused, unreachable, DNS): one line; systemd restarts the bot later.
                log.error("%s", render(t("The Discord connection failed: {error}", error=str(error) or type(error).__name__)))
            elif error is not None:
                log.error("%s", render(t("The Discord connection failed: {error}", error=str(error) or type(error).__name__)), exc_info=error)
    finally:
        stopper.cancel()
        await client.close()
        if not runner.done():
            runner.cancel()
        await asyncio.gather(runner, stopper, return_exceptions=True)
        await store.close()
        log.info("stopped")
    return code
