"""A fake Discord (REST and gateway on 127.0.0.1) that the real discord.py client connects to."""

from tests.bot.discord.fake_discord.payloads import FORUM, PUBLIC_THREAD, TEXT, User
from tests.bot.discord.fake_discord.server import FakeDiscord, Interaction, Posted

__all__ = ["FORUM", "PUBLIC_THREAD", "TEXT", "FakeDiscord", "Interaction", "Posted", "User"]
