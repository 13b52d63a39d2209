"""Schlachtenglück / боевая удача (5.2) on the kernel's held roll (``engine.windows.HeldRoll``).

5.2: "the holder may give this marker to the opponent to re-roll any one of its own die rolls; the
German side holds it at the start". The rolls a side makes for itself are held: the die is rolled
(publicly, an undo barrier), then, while its roller holds the marker, the roller decides before
anything the roll causes is applied: ``accept`` (the published default) or ``reroll``, which hands
the marker to the opponent and rolls again. The new result stands (one re-roll per roll, digest
5.2 suggestion); the new holder may use the marker on any later roll of its own (RULINGS L2).

Held here (RULINGS L1): the combat die (the attacker's, 7.5.1 D), the Action Points roll of an
activation (6.3.1), the reaction check and the reaction's AP roll (6.4.2), the Recovery Action's
efficiency check (7.6), the efficiency checks of a red combat result (7.5.2, each its owner's) and
of an infiltration (7.3.4), the check of an isolated unit acting in a move or an attack (5.8.4), and
each side's initiative roll (6.1), the attrition checks (8.1.5), the over-stacking checks (5.3.1), an
AFV's swamp check (5.6.2) and the German's interdiction roll (8.1.2). The combat chits are drawn, not
rolled, and are never offered (5.2, digest). A private standing order (``standing luck ...``,
``standing``) may answer the decision without a round-trip.

The caller enters ``hold`` with a ``purpose`` and a stage of its own, and reads the die with
``die`` when it resumes.
"""

from __future__ import annotations

from typing import Any

from engine import flow, windows
from engine.flow import Frame, Step
from engine.game import Action, Context, Role, State
from engine.games.across_the_bug_river import board
from engine.text import Text, t

ROLL = "luck_roll"
#: The purposes of the rolls held for Schlachtenglück (the words of ``standing luck PURPOSE N-M``).
PURPOSES = ("combat", "ap", "reaction", "recovery", "efficiency", "initiative", "attrition", "interdiction")


def hold(state: State, roller: str, purpose: str, why: Text) -> Frame:
    """Roll ``roller``'s d10 for ``purpose`` as a held roll; the caller reads it with ``die``."""
    return windows.hold_roll(state, ROLL, roller, purpose, why=why.to_json())


def die(frame: Frame) -> int:
    """The die the held roll called from ``frame`` returned (after any re-roll)."""
    return int(frame["returned"]["roll"])


class LuckRoll(windows.HeldRoll):
    """A d10 of one side, held while that side holds the Schlachtenglück marker (5.2)."""

    name = ROLL

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Schlachtenglück decision on the last roll"), "5.2")

    def draw(self, game: Any, state: State, frame: Frame, ctx: Context) -> Any:
        return ctx.roll(10, Text.from_json(frame["why"]))

    def canceller(self, game: Any, state: State, frame: Frame) -> Role | None:
        if state.get("luck") == frame["roller"] and frame["cancelled"] == 0:
            return str(frame["roller"])
        return None

    def cancel(self, game: Any, state: State, frame: Frame, role: Role, ctx: Context) -> None:
        state["luck"] = board.other(role)
        ctx.log(t("{side} gives the Schlachtenglück marker to {other} and rolls again (5.2).", side=role, other=state["luck"]))

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        """Roll; a roll nobody may re-roll (its roller does not hold the marker, or it is the re-roll
        itself) stands at once, and a later 'reroll' is refused saying so (5.2)."""
        super().run(game, state, frame, ctx)
        if frame.get("waiting") or frame["roll"] is None:
            return
        if frame["cancelled"]:
            why = t("the re-rolled {value} stands: a roll is re-rolled once", value=frame["roll"])
        else:
            why = t("{side} rolled {value} without the Schlachtenglück marker: only its holder re-rolls one of its own rolls",
                    side=frame["roller"], value=frame["roll"])
        self.closed(game, state, frame, why)

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        roll = frame["roll"]
        super().handle(game, state, frame, role, action, ctx)
        if action.verb in ("accept", "pass"):
            self.closed(game, state, frame, t("{side} kept the roll of {value}", side=role, value=roll))

    def closed(self, game: Any, state: State, frame: Frame, why: Text) -> None:
        """Remember that this roll's decision is over (5.2): a later 'reroll' cites it."""
        flow.close(state, self.step(game, state, frame), why, roles=board.SIDES, verbs=("reroll",), scope="luck")

    def question(self, game: Any, state: State, frame: Frame, role: Role) -> Text:
        return t(
            "You rolled {value} ({why}): 'accept', or 'reroll' giving the Schlachtenglück marker to your opponent; the new roll stands (5.2).",
            value=frame["roll"], why=Text.from_json(frame["why"]),
        )
