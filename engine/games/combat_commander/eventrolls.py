"""The rolls made inside events (E42) as held rolls (9.1): Commissar (E50) and the Support tables
(Infiltration E59, Reinforcements E68).

An event that needs a roll owes it (``events.roll_for``) instead of rolling at once; as soon as
the event's own part is over, ``events.open_choices`` opens this procedure on top of the flow, and
the other choices wait for it. Each roll is then the roller's held roll: the Initiative card's
holder may cancel it (9.1). Once it is accepted its result applies (``events.ROLLED``), which may
queue further choices (the Support counter to take). Every trigger a roll inside an event shows is
ignored (E42); the deck's last card still advances Time (6.1.2).
"""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.flow import Step
from engine.game import Context, State
from engine.games.combat_commander import attack, events
from engine.games.combat_commander.common import Rules
from engine.games.combat_commander.data import Card
from engine.games.combat_commander.queuedrolls import QueuedRoll
from engine.text import t

NAME = "event_roll"


class EventRoll(QueuedRoll):
    name = NAME
    rule = "E42"
    queue = events.ROLLS

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        queue = state.get(events.ROLLS) or [{"rule": "E42"}]
        return Step(t("roll inside an event"), str(queue[0]["rule"]))

    def hold(self, state: State, entry: dict[str, Any]) -> None:
        windows.hold_roll(state, attack.ROLL, entry["role"], entry["kind"], why=entry["why"])

    def apply(self, g: Rules, state: State, entry: dict[str, Any], c: Card, ctx: Context) -> None:
        events.ROLLED[entry["kind"]](g.data, state, entry, c.white + c.red, ctx)
