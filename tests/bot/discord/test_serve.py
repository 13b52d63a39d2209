"""``bot.discord.app.run``: what ``adjutant serve`` does, against the fake Discord."""

import asyncio
import logging

from bot.discord.app import run
from bot.discord.config import Settings
from tests.bot.discord.fake_discord import FakeDiscord


async def serve_until(server: FakeDiscord, settings: Settings, ready: bool = True) -> int:
    stop = asyncio.Event()
    task = asyncio.create_task(run(settings, stop, guild_ready_timeout=0.05))
    if ready:
        await server.wait_until(lambda: server.identified.is_set() and server.commands.get(None), what="a connected bot")
        stop.set()
    return await asyncio.wait_for(task, timeout=20)


async def test_serve_connects_registers_the_commands_and_stops_cleanly(fake_discord: FakeDiscord, tmp_path, caplog):
    """Commands /adjutant and /ref are registered; a stop closes everything with status 0."""
    caplog.set_level(logging.DEBUG)
    settings = Settings(token=fake_discord.token, db=tmp_path / "serve.db")
    assert await serve_until(fake_discord, settings) == 0
    assert {c["name"] for c in fake_discord.commands[None]} == {"adjutant", "ref"}
    assert (tmp_path / "serve.db").exists()
    assert fake_discord.token not in caplog.text


async def test_serve_reports_a_refused_token(fake_discord: FakeDiscord, tmp_path, caplog):
    settings = Settings(token="not-the-token", db=tmp_path / "serve.db")
    assert await serve_until(fake_discord, settings, ready=False) == 2
    assert "refused the token" in caplog.text


async def test_serve_explains_a_missing_message_content_intent(fake_discord: FakeDiscord, tmp_path, caplog):
    """The portal's Message Content switch is off: Discord closes with 4014; the log says what to do."""
    fake_discord.portal_intents = 0
    settings = Settings(token=fake_discord.token, db=tmp_path / "serve.db")
    assert await serve_until(fake_discord, settings, ready=False) == 2
    assert "Message Content intent" in caplog.text


async def test_a_client_crash_is_logged_with_its_traceback(fake_discord: FakeDiscord, tmp_path, caplog):
    """The connection fails for a reason of its own: the log says so and holds the traceback."""
    fake_discord.fail_next("GET", "/users/@me", 400, 0, "Bad Request")
    settings = Settings(token=fake_discord.token, db=tmp_path / "serve.db")
    assert await serve_until(fake_discord, settings, ready=False) == 1
    crash = next(r for r in caplog.records if "the discord connection failed" in r.getMessage().lower())
    assert crash.exc_info is not None and "Traceback" in caplog.text


async def test_a_failed_command_sync_is_logged_and_the_bot_goes_on(fake_discord: FakeDiscord, tmp_path, caplog):
    """Discord refuses the command sync: the bot logs it and serves with the commands it registered before."""
    fake_discord.fail_next("PUT", r"/applications/\d+/commands", 403, 50001, "Missing Access")
    settings = Settings(token=fake_discord.token, db=tmp_path / "serve.db")
    stop = asyncio.Event()
    task = asyncio.create_task(run(settings, stop, guild_ready_timeout=0.05))
    try:
        await fake_discord.wait_until(lambda: fake_discord.identified.is_set() or task.done(), what="a connected bot")
        assert not task.done()
    finally:
        stop.set()
    assert await asyncio.wait_for(task, timeout=20) == 0
    failed = next(r for r in caplog.records if "could not sync" in r.getMessage())
    assert failed.levelno == logging.WARNING and failed.exc_info is not None


async def test_an_italian_client_sees_the_slash_commands_in_italian(fake_discord: FakeDiscord, tmp_path):
    """The registered commands carry Italian names and descriptions (the message catalogue), each
    name one Discord accepts; the English ones are what Adjutant receives."""
    from bot.discord.slash import NAME

    settings = Settings(token=fake_discord.token, db=tmp_path / "serve.db")
    assert await serve_until(fake_discord, settings) == 0
    player = next(c for c in fake_discord.commands[None] if c["name"] == "adjutant")
    assert player["description_localizations"]["it"] == "Gioca una campagna wargame arbitrata da Adjutant"
    subs = {o["name"]: o for o in player["options"]}
    assert subs["create"]["name_localizations"]["it"] == "crea"
    assert subs["status"]["description_localizations"]["it"] == "Il turno, la fase e chi deve agire"
    names = [loc for c in fake_discord.commands[None] for o in c["options"] for loc in (o.get("name_localizations") or {}).values()]
    assert names and all(NAME.match(n) and n == n.lower() for n in names)
