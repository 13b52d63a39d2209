"""The slash commands: ``/adjutant`` for players, ``/ref`` for referees."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.interact import answer, client_of
from bot.discord.player import PlayerCommands
from bot.discord.referee import RefereeCommands
from engine.text import t

if TYPE_CHECKING:
    from bot.discord.client import AdjutantClient

log = logging.getLogger("adjutant.discord.commands")


def register(client: AdjutantClient) -> None:
    client.tree.add_command(PlayerCommands())
    client.tree.add_command(RefereeCommands())
    client.tree.error(on_error)


async def on_error(interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
    """Never leave a command unanswered: log the fault, apologise privately."""
    log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"), exc_info=error)
    try:
        await answer(interaction, client_of(interaction).tr(t("Sorry, something went wrong; the error was logged.")))
    except discord.HTTPException:
        pass
