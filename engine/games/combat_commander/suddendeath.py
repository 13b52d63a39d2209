"""The Sudden Death roll (6.2.2) as a held roll (9.1).

A Time advance that reaches the Sudden Death space records the roll it owes
(``cards.SUDDEN_DEATH``: the causing player and the Time space reached) and stops: play stops
immediately (6.1.2). ``events.open_choices``, which runs once the roll, order step or draw that
caused the advance has done its own part (as soon as its triggers are resolved, before its result
for a held roll), opens this procedure on top of the flow. The causing player's roll is then a held
roll like any other: the Initiative card's holder may cancel it (9.1). Once it is accepted, a roll
less than the Time space ends the game (6.2.2, 6.3.2); otherwise the advance goes on with its steps
3-6 (Defense VP, Smoke removal, reinforcements, Dig In: ``cards.after_sudden_death``), and play
resumes where it stopped. The roll never triggers (1.9.1).
"""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.flow import Step
from engine.game import Context, State
from engine.games.combat_commander import attack, cards, model, objectives
from engine.games.combat_commander.common import Rules
from engine.games.combat_commander.data import Card
from engine.games.combat_commander.queuedrolls import QueuedRoll
from engine.text import t

NAME = "sudden_death"


class SuddenDeath(QueuedRoll):
    name = NAME
    rule = "6.2.2"
    queue = cards.SUDDEN_DEATH

    def step(self, game: Any, state: State, frame: flow.Frame) -> Step:
        return Step(t("Sudden Death roll"), "6.2.2")

    def hold(self, state: State, entry: dict[str, Any]) -> None:
        windows.hold_roll(state, attack.ROLL, entry["role"], "sudden_death", why=t("Sudden Death roll").to_json())

    def apply(self, g: Rules, state: State, entry: dict[str, Any], c: Card, ctx: Context) -> None:
        value = c.white + c.red
        if value < entry["time"]:
            ctx.log(t("Sudden Death: {roll} is less than {time} (6.2.2).", roll=value, time=entry["time"]))
            objectives.reveal_all(state, ctx)
            model.finish(state, model.final_winner(state), "sudden_death", ctx)
            return
        ctx.log(t("Sudden Death: {roll} is not less than {time}, play goes on (6.2.2).", roll=value, time=entry["time"]))
        cards.after_sudden_death(g.data, state, entry["role"], ctx)
