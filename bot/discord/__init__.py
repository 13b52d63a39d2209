"""The Discord transport: the campaign service on Discord, through discord.py 2.x.

This package is the only place that imports ``discord``. Importing the package itself stays
light (nothing is imported here); ``bot.discord.app.serve`` is the entry point that
``adjutant serve`` calls. The modules:

- ``config``: settings from the environment (the token never appears in a repr or a log)
- ``posts``: outbox entries grouped into Discord messages within Discord's limits (pure)
- ``choices``: component custom ids and order autocompletion from legal actions (pure)
- ``pictures``: the map around one hex, hex labels for autocompletion (pure; uses the renderer)
- ``client``: the discord.py client: typed orders, the gate, referee checks, holdings by DM
- ``delivery``: the outbox delivered to channels and direct messages, exactly once
- ``components``: buttons and select menus for response windows, refused when stale
- ``interact``: what the slash commands share (answers, autocompletion)
- ``player``, ``referee``, ``commands``: the ``/adjutant`` and ``/ref`` slash-command groups
- ``app``: ``serve(env)``, what ``adjutant serve`` runs
"""
