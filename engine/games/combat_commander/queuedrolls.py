"""Rolls owed in a queue and made one by one as held rolls (9.1): the Sudden Death roll (6.2.2,
``suddendeath``) and the rolls inside events (E42, ``eventrolls``).

Each entry of the queue (``state[queue]``) is one roll owed by ``entry["role"]``. The roll is
held for the Initiative card's holder; once it is accepted its card's consequences apply without
triggers (1.9.1, E42: the deck's last card still advances Time), then the subclass applies its
result. When the queue is empty the procedure ends and the choices queued meanwhile are asked.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.game import Context, State
from engine.games.combat_commander import cards, events
from engine.games.combat_commander.common import Rules, rules_of
from engine.games.combat_commander.data import Card


class QueuedRoll(flow.Resumable):
    queue: str = ""  # the state key that holds the owed rolls

    def hold(self, state: State, entry: dict[str, Any]) -> None:
        """Hold the roll ``entry`` owes (``windows.hold_roll``)."""
        raise RuntimeError(f"procedure {self.name!r} does not say how its roll is held")

    def apply(self, g: Rules, state: State, entry: dict[str, Any], c: Card, ctx: Context) -> None:
        """The result of the accepted roll, whose card is ``c``."""
        raise RuntimeError(f"procedure {self.name!r} does not say what its roll does")

    def resume(self, game: Any, state: State, frame: flow.Frame, ctx: Context, back: dict[str, Any]) -> None:
        g = rules_of(game)
        entry = state[self.queue][0]
        if frame["stage"] == "roll":
            frame["stage"] = "result"
            self.hold(state, entry)
            return
        state[self.queue].pop(0)
        c = cards.card(back["roll"]["card"])
        cards.consequences(g.data, state, entry["role"], c, back["roll"]["last"], ctx, triggers=False)
        if state.get("over"):
            return
        self.apply(g, state, entry, c, ctx)
        if state.get("over"):
            return
        if state[self.queue]:
            frame["stage"] = "roll"
            frame["resumed"] = True
            return
        del state[self.queue]
        flow.end(state)
        events.open_choices(g.data, state, ctx)
