"""Campaign names: what a name may hold.

A campaign's name heads every private post ("[NAME, #channel, as Axis]"), its lobby, its seats
and the server's list of campaigns, and names its private threads. A name is 1 to ``MOST``
characters (a Discord thread's name holds 100): letters, digits, spaces and plain punctuation.
Refused: a blank name; a line break, a control or invisible character (a right-to-left
override turns the name around in every post); and ``FORBIDDEN``, the characters of Discord's
mentions, links and markdown that a post would read as formatting (``@everyone``, ``<@&id>``,
``[text](link)``, ``||spoiler||``, code and emphasis).
"""

from __future__ import annotations

import unicodedata

from engine.text import Text, t

MOST = 100
FORBIDDEN = "`*~|<>@[]\\"


def name_problem(name: str) -> Text | None:
    """Why ``name`` cannot name a campaign (what would be accepted), or None if it can."""
    if not name.strip() or len(name) > MOST:
        return t(
            "A campaign name is 1 to {most} characters long, not blank; this one has {n}. "
            "Use letters, digits, spaces and plain punctuation.",
            most=MOST, n=len(name),
        )
    for at, ch in enumerate(name, 1):
        if ch in FORBIDDEN or (unicodedata.category(ch)[0] in "CZ" and ch != " "):
            return t(
                "A campaign name may not hold {char} (character {at}): use letters, digits, spaces and "
                "punctuation other than {forbidden}.",
                char=f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".rstrip(), at=at, forbidden=" ".join(FORBIDDEN),
            )
    return None
