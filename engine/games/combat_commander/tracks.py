"""The tracks of the display a referee's 'set' may reach, kept within their ranges (R64).

The Time marker runs from 0 to 13 and the Sudden Death marker stands on a space from 1 to 13
(6.1, 6.2): a Time advance at or past the Sudden Death space calls a roll that ends the game when
lower than the Time space (6.2.2), so at 13 every roll ends it. The net VP score runs from -99 to
+99 (4.1: the track and the marker flipped for more than 20). The turn count is a whole number from
1 to 9999 (5), and the orders given this turn run from 0 to the highest order capacity of the two
sides (5.1).
"""

from __future__ import annotations

from engine.errors import InvariantViolation
from engine.game import State
from engine.state import whole_number_in
from engine.text import t

#: The last space the Time and Sudden Death markers may stand on (6.1, 6.2.2, R64).
LAST_TIME = 13
#: The net score either side may lead by (4.1, R64).
MOST_VP = 99
#: The most player turns a campaign counts (5, R64).
MOST_TURNS = 9999


def check(state: State) -> None:
    """Raise ``InvariantViolation`` naming the rule when a track holds a value out of its range."""
    if not whole_number_in(state["time"], 0, LAST_TIME):
        raise InvariantViolation(t("The Time marker stands on a space from 0 to {last} (6.1).", last=LAST_TIME))
    if not whole_number_in(state["sudden_death"], 1, LAST_TIME):
        raise InvariantViolation(t("The Sudden Death marker stands on a space from 1 to {last} (6.2).", last=LAST_TIME))
    if not whole_number_in(state["vp"], -MOST_VP, MOST_VP):
        raise InvariantViolation(t("The VP score runs from -{most} to {most} (4.1).", most=MOST_VP))
    if not whole_number_in(state["turns"], 1, MOST_TURNS):
        raise InvariantViolation(t("The turn count is a whole number from 1 to {most} (5).", most=MOST_TURNS))
    capacity = max((int(side["capacity"]) for side in state["sides"].values()), default=0)
    if not whole_number_in(state["orders"], 0, capacity):
        raise InvariantViolation(t("The orders given this turn run from 0 to the order capacity, {n} (5.1).", n=capacity))
