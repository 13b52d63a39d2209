"""Adjutant's rules engine: pure functions over plain, JSON-serialisable game state.

Nothing in this package performs I/O, reads a clock, uses global randomness or imports
discord, aiosqlite, PIL or cairosvg. Information leaves the engine only through views.
"""
