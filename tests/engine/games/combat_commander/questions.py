"""Set-ups of the Combat Commander rules questions, written as a referee types them.

Farm on the ridge: the Axis (Germany, Attack posture, 6 cards) plays first with the Allies
(America, Defense posture, 4 cards) holding the Initiative card. ``board`` removes every unit of
the scenario, places those named, deals the hands named and stacks the tops of the decks named
(a roll is the top card of one's own deck, 1.9); further lines follow as given.
"""

from __future__ import annotations

from pathlib import Path

from tests.engine.games.acceptance import Verdict, ask

GAME = "combat_commander"
UNITS = ("g-l1", "g-s1", "g-s2", "g-l2", "g-s3", "g-s4", "a-l1", "a-s1", "a-s2", "a-s3", "a-t1")
#: Six cards of each order in the Germany deck (the Axis hand) and four of the America deck.
AXIS_HAND = "ger01 ger04 ger02 ger09 ger18 ger08"
ALLIES_HAND = "usa01 usa02 usa07 usa06"


def board(*placed: str, axis: str = AXIS_HAND, allies: str = ALLIES_HAND, axis_top: str = "", allies_top: str = "", lines: tuple[str, ...] = ()) -> str:
    """The referee lines of a position: ``placed`` as ``UNIT HEX``, the hands, the decks' tops, ``lines``."""
    out = [f"remove {u}" for u in UNITS]
    out += [f"place {p}" for p in placed]
    out += [f"hand axis {axis}", f"hand allies {allies}"]
    if axis_top:
        out.append(f"deck axis {axis_top}")
    if allies_top:
        out.append(f"deck allies {allies_top}")
    return "\n".join([*out, *lines])


async def question(folder: Path, setup: str, *orders: str) -> Verdict:
    """The set-up, every order but the last accepted, then the verdict of the last."""
    return await ask(folder, GAME, "\n".join([setup, *orders[:-1]]), orders[-1])
