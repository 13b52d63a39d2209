"""Point discord.py at a fake Discord in another process: ``adjutant serve`` as users run it.

The in-process tests patch discord.py directly (``conftest.point_discord_py_at``); a child
process reads the fake server's addresses from ``FAKE_DISCORD_API`` (the REST base URL) and
``FAKE_DISCORD_GATEWAY`` (the websocket URL). Two ways to use it:

- ``python -m tests.bot.discord.fake_discord.redirect serve`` runs the command line
  (``bot.cli.main``) with discord.py redirected, from the checkout;
- copied into another virtual environment's site-packages, with a ``.pth`` line that imports
  it and calls ``apply()``, it redirects the installed ``adjutant`` script there.

It imports only discord.py and yarl, never the tests, so it works in a venv without them.
"""

from __future__ import annotations

import os
import sys

API_VARIABLE = "FAKE_DISCORD_API"
GATEWAY_VARIABLE = "FAKE_DISCORD_GATEWAY"


def environment(base_url: str, gateway_url: str) -> dict[str, str]:
    """The variables a child process needs to reach the fake server at these addresses."""
    return {API_VARIABLE: base_url, GATEWAY_VARIABLE: gateway_url}


def apply() -> None:
    """Redirect discord.py when the variables are set; do nothing otherwise."""
    api = os.environ.get(API_VARIABLE)
    gateway = os.environ.get(GATEWAY_VARIABLE)
    if not api or not gateway:
        return
    import discord
    import yarl

    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


if __name__ == "__main__":
    apply()
    from bot.cli import main

    raise SystemExit(main(sys.argv[1:]))
