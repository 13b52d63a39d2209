"""The bid (21.0): which bids the scenario can pay.

The bid is a single addition of automatic RP for one side, paid from turn 2 at most 3 a turn; the
Soviet's standard 3 RP of turn 2 combine with it (net = 3 + bid for the Axis, 3 - bid for the
Soviet, ``phases.bid_schedule``). A bid whose net the turns up to the scenario's last cannot pay
would be lost in part, so it is refused when the campaign is created.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import IllegalOrder
from engine.games.stalins_war.model import AXIS, SIDES
from engine.state import whole_number_in
from engine.text import t

FIRST_TURN = 2  # 21.0: "da usarsi dal turno 2 in poi"
MOST_A_TURN = 3  # 21.0: "massimo 3 RP per turno"
STANDARD = 3  # 21.0 and 4.5.2: the Soviet's 3 automatic RP of turn 2


def most_bid(bid_for: str, last_turn: int) -> int:
    """The largest bid for ``bid_for`` whose net RP the turns from 2 to ``last_turn`` pay in full."""
    payable = MOST_A_TURN * max(0, last_turn - FIRST_TURN + 1)
    return payable - STANDARD if bid_for == AXIS else payable + STANDARD


def check_bid(options: Mapping[str, Any], last_turn: int) -> None:
    """Refuse (21.0) a bid for no side, or a bid that is not a whole number the scenario can pay."""
    bid_for = options.get("bid_for", AXIS)
    if bid_for not in SIDES:
        raise IllegalOrder(
            t("The bid is made for axis or soviet (21.0), e.g. bid_for=soviet; {given} is neither.", given=str(bid_for)),
            rule="21.0",
        )
    most = most_bid(str(bid_for), last_turn)
    if not whole_number_in(options.get("bid", 0), 0, most):
        raise IllegalOrder(
            t(
                "A bid for {side} runs from 0 to {most} RP (21.0): it is paid at most 3 a turn from turn 2, and all of it by the last turn, {last}.",
                side=str(bid_for), most=most, last=last_turn,
            ),
            rule="21.0",
        )
