"""The database schema: numbered SQL files (``0001_name.sql``, ...) applied in order at start-up.

This folder is a package so that an installed Adjutant (a wheel, ``pip install .``) carries the
files; ``bot.store`` reads them with ``importlib.resources``.
"""
