"""E52.2: once a Squad deploys into two Teams, "all results to be applied to the Squad (Suppressed,
broken, eliminated) are immediately applied to both Teams equally".

In a Fire attack the defenders are the units in the target hex when the attack was rolled
(O20.3.4). A defending Squad that deploys after that (a Deploy event triggered by the attack roll
or by its own defense roll, 1.9.1) keeps its one defense roll, made with the Morale of the first
Team (the one that carries the Squad's Suppressed and Veteran markers, E52.2), and its result
goes to both Teams (ruling R59). A Deploy event names the Teams after the Squad (``events``:
``SQUADa`` and ``SQUADb``).
"""

from __future__ import annotations

from engine.game import State
from engine.hexgrid import Label


def stand_ins(state: State, uid: str, hexes: list[Label]) -> list[str]:
    """The units in ``hexes`` that take the result meant for ``uid``: itself while it is there, else
    the two Teams it deployed into (E52.2); none when it has left the hexes otherwise."""
    if state["units"][uid]["hex"] in hexes:
        return [uid]
    return [tid for tid in (f"{uid}a", f"{uid}b") if tid in state["units"] and state["units"][tid]["hex"] in hexes]
