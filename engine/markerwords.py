"""The words of the map's marker tags as the message catalogue knows them.

A view names a marker by a short English text ("Obj 3", "Smoke 4", "southwest Front", "broken")
that is also the key of its colours in the game's style. The picture prints the tag in the
reader's language, looked up under the context ``marker``: the whole text ("broken" on a unit
is "in rotta"), else the text with its number as ``{n}`` ("Smoke {n}": "Fumo 4"), else the text
with its first word (a weapon's name) as ``{x}`` ("{x} broken": "LMG guasta"); else as it is.
"""

from __future__ import annotations

MARKER_CONTEXT = "marker"


def pgettext(context: str, message: str) -> str:
    """Mark ``message`` for the catalogue under ``context`` (Babel's default ``pgettext`` keyword)."""
    return message


#: Whole marker texts (a unit's state, a hex's own marker, a named Front).
MARKERS: frozenset[str] = frozenset({
    # Combat Commander: unit states (3.3.1, 3.3.2, 6.2) and hex markers (T94, 8.1.5, F100-F106)
    pgettext("marker", "broken"),
    pgettext("marker", "suppressed"),
    pgettext("marker", "veteran"),
    pgettext("marker", "Blaze"),
    pgettext("marker", "Foxholes"),
    pgettext("marker", "Trenches"),
    pgettext("marker", "Bunker"),
    pgettext("marker", "Pillbox"),
    pgettext("marker", "Wire"),
    pgettext("marker", "Mines"),
    # Schwerpunkt: the Soviet Front markers (E 14)
    pgettext("marker", "southwest Front"),
    pgettext("marker", "voronezh Front"),
    # Stalin's War: Entrenchment, destroyed fortress, this round's Combat markers (10.3, 11.0)
    pgettext("marker", "ENTR"),
    pgettext("marker", "RUINS"),
    pgettext("marker", "COMBAT"),
    # Stalin's War: a unit that moved or fought this round (the counter's tags)
    pgettext("marker", "MOVED"),
    pgettext("marker", "FOUGHT"),
    # Across the Bug River: Improved Defense (7.7)
    pgettext("marker", "ID"),
})

#: Marker texts that carry a number ({n}) or a weapon's name ({x}): "Obj 3", "Smoke 4", "LMG broken".
PATTERNS: frozenset[str] = frozenset({
    pgettext("marker", "Obj {n}"),
    pgettext("marker", "Smoke {n}"),
    pgettext("marker", "Radio {n} broken"),
    # Combat Commander: a radio in its owner's Artillery box corner (12), the owner's control tag first
    pgettext("marker", "AX Radio {n}"),
    pgettext("marker", "AX Radio {n} broken"),
    pgettext("marker", "AL Radio {n}"),
    pgettext("marker", "AL Radio {n} broken"),
    pgettext("marker", "{x} broken"),
})
