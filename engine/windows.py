"""Response windows and held rolls: the two moments a card-driven game asks somebody else.

A **response window** opens at a trigger point of the sequence of play (a unit enters a hex,
an attack is about to be rolled). It is opened on public information only: the caller names
the roles in the order they answer (the inactive player first, A24.2 in Combat Commander), and
the window opens for each of them whatever their hands hold, so its opening and its timing
reveal nothing about a hand. Each role in turn plays as many responses as it likes and then
``pass``es; once the last role (the active player) has passed, the point is over and is never
reopened: ``answered`` remembers it in the caller's frame, and ``open_window`` refuses to open
it again. Every prompt carries the published default ``pass``.

A **held roll** is a roll whose consequences wait while a role that may cancel it decides
(Combat Commander's Initiative card, 9.1; Across the Bug River's Schlachtenglück, 5.2). The
procedure draws the roll (publicly: a reveal, hence behind an undo barrier), then asks the
role that may cancel it, if any; ``accept`` (the default) ends the procedure and hands the
roll to the caller, which only then applies what the roll causes (its triggers, its result).
Because nothing the roll causes is applied before the decision, cancelling it undoes all of
that by construction: ``reroll`` calls the game's ``cancel`` (pass the Initiative card to the
opponent, spend the Schlachtenglück) and draws again, and the new roll is held in its turn
(cancelling may be repeated while somebody may still cancel).

Both are ``flow`` procedures: a game subclasses them, registers the subclass under a name of
its ``procedures`` and enters them with ``open_window`` / ``hold_roll``; the caller finds
what they returned under ``frame["returned"]`` when it resumes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from engine import flow
from engine.errors import InvalidOrder
from engine.flow import Frame, Procedure
from engine.game import Action, Context, Prompt, Role, State
from engine.text import Text, t

PASS = Action("pass")
ACCEPT = Action("accept")
REROLL = Action("reroll")


def open_window(state: State, proc: str, point: str, roles: Sequence[Role], **local: Any) -> Frame | None:
    """Open the window ``proc`` at ``point`` for ``roles``, in the order they answer (the inactive
    player first), on top of the current procedure; ``None`` when ``roles`` is empty or the
    current procedure has already had ``point`` answered (a point is never reopened)."""
    caller = flow.top(state)
    if not roles or point in caller.get("answered", ()):
        return None
    return flow.call(state, proc, point=point, roles=list(roles), at=0, played=0, **local)


def answered(frame: Frame, point: str) -> bool:
    """Whether the procedure of ``frame`` has had its window at ``point`` answered already."""
    return point in frame.get("answered", ())


class ResponseWindow(Procedure):
    """A window at one trigger point: each role in order plays responses, then passes.

    Games override ``responses`` (the legal responses of ``role`` now, ``pass`` apart),
    ``respond`` (apply one; the window stays open for more) and the texts. A response that
    opens procedures of its own (an attack, a roll) runs them on top of the window, which
    resumes afterwards with the same role still answering.
    """

    name = "window"

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({frame["roles"][frame["at"]]})

    def question(self, game: Any, state: State, frame: Frame, role: Role) -> Text:
        """What ``role`` is asked (games override)."""
        return t("Respond, or 'pass'.")

    def responses(self, game: Any, state: State, frame: Frame, role: Role) -> list[Action]:
        """The legal responses of ``role`` now, ``pass`` apart (games override)."""
        return []

    def respond(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        """Apply one response (games override; refuse what is not a response here)."""
        raise flow.out_of_step(action.verb, self.step(game, state, frame))

    def passed(self, game: Any, state: State, frame: Frame, role: Role, ctx: Context) -> None:
        """``role`` is done at this point (games may log it)."""

    def text(self, game: Any, state: State, frame: Frame, role: Role) -> Text:
        return self.question(game, state, frame, role)

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        acts = (PASS, *self.responses(game, state, frame, role))
        return Prompt(role, self.question(game, state, frame, role), acts, default=PASS)

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb != "pass":
            self.respond(game, state, frame, role, action, ctx)
            if flow.stack(state) and flow.top(state) is frame:
                frame["played"] += 1
            return
        if action.args:
            raise InvalidOrder(t("'pass' takes nothing more here."), t("Possible now: pass."))
        self.passed(game, state, frame, role, ctx)
        frame["at"] += 1
        frame["played"] = 0
        if frame["at"] >= len(frame["roles"]):
            close_window(state, frame)


def close_window(state: State, frame: Frame) -> None:
    """End the window ``frame`` (on top): its point is answered and never reopened."""
    flow.end(state, point=frame["point"])
    if flow.stack(state):
        caller = flow.top(state)
        caller["answered"] = [*caller.get("answered", []), frame["point"]]


def hold_roll(state: State, proc: str, roller: Role, purpose: str, **local: Any) -> Frame:
    """Enter the held roll ``proc`` for ``roller``'s roll made for ``purpose``; the caller resumes
    with ``frame["returned"]`` = ``{"roll": what ``draw`` returned, "cancelled": how many times}``."""
    return flow.call(state, proc, roller=roller, purpose=purpose, roll=None, cancelled=0, holder="", **local)


class HeldRoll(Procedure, ABC):
    """A roll whose consequences are held while the role that may cancel it decides.

    Games override:

    * ``draw(game, state, frame, ctx)``: make the roll and return it as a JSON value (Combat
      Commander: reveal the top card of the roller's Fate deck onto its discard pile, 1.9). It
      must reveal the roll publicly (``ctx.reveal``), which puts it behind an undo barrier:
      nobody may take back an order once the roll it caused has been seen. It must apply none
      of the roll's consequences: the caller does, once the roll is accepted.
    * ``canceller(game, state, frame)``: the role that may cancel the roll now, or ``None``
      (Combat Commander: the holder of the Initiative card, 9.1; ``None`` for a roll that may
      not be cancelled, such as a roll made to resolve a trigger).
    * ``cancel(game, state, frame, role, ctx)``: what cancelling costs ``role`` (Combat
      Commander: the Initiative card passes to the opponent) and anything ``draw`` itself did
      that the cancellation takes back.

    Across the Bug River's Schlachtenglück (5.2) reuses it unchanged: ``draw`` rolls the die
    (``ctx.roll``, which is public and a barrier), ``canceller`` is the German player while
    the Schlachtenglück is unspent and the roll is one it may change, ``cancel`` spends it;
    the combat that called the held roll applies the result it gets back.

    The decision is ``accept`` (also ``pass``, the published default) or ``reroll``.
    """

    name = "held_roll"
    auto = True

    @abstractmethod
    def draw(self, game: Any, state: State, frame: Frame, ctx: Context) -> Any:
        """Make the roll (each game's held roll says how: the top card of a deck, a die)."""

    def canceller(self, game: Any, state: State, frame: Frame) -> Role | None:
        return None

    def cancel(self, game: Any, state: State, frame: Frame, role: Role, ctx: Context) -> None:
        """What cancelling costs ``role`` (games override)."""

    def question(self, game: Any, state: State, frame: Frame, role: Role) -> Text:
        return t("Keep this roll ('accept'), or cancel it and have it rolled again ('reroll').")

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        frame["roll"] = self.draw(game, state, frame, ctx)
        if not flow.stack(state) or flow.top(state) is not frame:
            return  # the draw ended the game
        holder = self.canceller(game, state, frame)
        if holder is None:
            flow.end(state, roll=frame["roll"], cancelled=frame["cancelled"])
            return
        frame["holder"] = holder
        frame["waiting"] = True

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({frame["holder"]}) if frame.get("waiting") else frozenset()

    def text(self, game: Any, state: State, frame: Frame, role: Role) -> Text:
        return self.question(game, state, frame, role)

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        return Prompt(role, self.question(game, state, frame, role), (ACCEPT, REROLL), default=ACCEPT)

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        if action.verb in ("accept", "pass") and not action.args:
            flow.end(state, roll=frame["roll"], cancelled=frame["cancelled"])
            return
        if action.verb != "reroll" or action.args:
            raise flow.refuse(action, ("accept", "reroll", "pass"), self.step(game, state, frame), t("Answer 'accept' or 'reroll'."))
        self.cancel(game, state, frame, role, ctx)
        frame["cancelled"] += 1
        frame["roll"] = None
        frame["holder"] = ""
        frame["waiting"] = False
