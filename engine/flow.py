"""Flow: the turn sequence as a stack of procedures (Rally the Troops' call / goto / end).

The stack lives in the state under ``"flow"``: a list of frames, each a dict with ``"proc"``
(the procedure's name) and its own local values. A combat ``call``s "defender decides",
which may ``call`` "retreat path", and each ``end``s back to its caller, which finds what
its callee returned under ``frame["returned"]``.

A response window is a procedure that makes another role active, offers ``pass`` and, when
answered, ends back into the procedure it interrupted.

``ProcedureGame`` implements ``active``, ``prompt`` and ``apply`` of the game interface by
dispatching to the procedure on top of the stack; procedures that need no input (``auto``)
run until a procedure waits for somebody.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from engine.errors import IllegalOrder, InvalidOrder, OrderError, OrderOutOfStep
from engine.game import Action, Context, Game, Prompt, Role, State
from engine.text import Text, t

#: The state's memory of steps the engine closed, skipped or decided itself (see ``close``);
#: left out of the state hash (``engine.state.UNHASHED``).
CLOSED_KEY = "closed"
#: How many closed steps are remembered (the oldest goes first).
CLOSED_KEPT = 6

Frame = dict[str, Any]

MAX_AUTOMATIC_STEPS = 10_000


def stack(state: State) -> list[Frame]:
    flow: list[Frame] = state.setdefault("flow", [])
    return flow


def top(state: State) -> Frame:
    flow = stack(state)
    if not flow:
        raise IndexError("the flow stack is empty")
    return flow[-1]


def call(state: State, proc: str, **local: Any) -> Frame:
    """Push ``proc`` on top of the current procedure, which resumes when it ends."""
    frame: Frame = {"proc": proc, **local}
    stack(state).append(frame)
    return frame


def goto(state: State, proc: str, **local: Any) -> Frame:
    """Replace the current procedure with ``proc``."""
    flow = stack(state)
    frame: Frame = {"proc": proc, **local}
    if flow:
        flow[-1] = frame
    else:
        flow.append(frame)
    return frame


def end(state: State, **returned: Any) -> None:
    """Finish the current procedure and hand ``returned`` to the one that called it."""
    flow = stack(state)
    flow.pop()
    if flow:
        flow[-1]["returned"] = returned
        flow[-1]["resumed"] = True


def depth(state: State) -> int:
    return len(stack(state))


class Step(NamedTuple):
    """A step of a game's sequence of play, as refusals name it: its title and rulebook number."""

    title: Text
    rule: str


def out_of_step(verb: str, step: Step, hint: Text | None = None) -> OrderOutOfStep:
    """The refusal of an order that does not belong to ``step`` (the rule of the step is cited)."""
    message = (
        t("'{verb}' is not an order of the {step} ({rule}).", verb=verb, step=step.title, rule=step.rule)
        if step.rule
        else t("'{verb}' is not an order of the {step}.", verb=verb, step=step.title)
    )
    error = OrderOutOfStep(message, hint=hint)
    error.rule = step.rule or None
    return error


def refuse(action: Action, verbs: tuple[str, ...], step: Step, usage: Text, hint: Text | None = None) -> OrderError:
    """Refuse ``action`` in ``step``: an order of another step cites the step's rule; one of
    ``verbs`` given without what it needs gets ``usage`` (and ``hint``)."""
    if action.verb not in verbs:
        return out_of_step(action.verb, step, t("{usage} {hint}", usage=usage, hint=hint) if hint else usage)
    return InvalidOrder(usage, hint)


def close(state: State, step: Step, why: Text, roles: Iterable[Role], verbs: Iterable[str], scope: str = "phase") -> None:
    """Remember that the engine closed, skipped or decided ``step`` itself, and ``why`` (under
    ``step.rule``): an order of ``verbs`` from one of ``roles`` is then refused saying so.

    The memory is part of the state (plain JSON, written only by the procedures, so a replay
    writes it again the same way, and undo takes it back with the rest); it holds the last
    ``CLOSED_KEPT`` steps, and the key is absent while it is empty. It explains refusals and
    decides nothing, so the state hash leaves it out: campaigns stored before it existed replay
    to their stored hashes."""
    entry = {
        "step": step.title.to_json(),
        "rule": step.rule,
        "why": why.to_json(),
        "roles": sorted(set(roles)),
        "verbs": sorted(set(verbs)),
        "scope": scope,
    }
    same = ("step", "rule", "roles", "verbs")
    memory: list[dict[str, Any]] = state.setdefault(CLOSED_KEY, [])
    # The same step closed again (a second forced loss) replaces its entry, newest last.
    memory[:] = [e for e in memory if any(e.get(k) != entry[k] for k in same)]
    memory.append(entry)
    del memory[:-CLOSED_KEPT]


def forget_closed(state: State, roles: Iterable[Role] | None = None, scope: str | None = None) -> None:
    """Forget the closed steps of ``roles`` (every role when ``None``) and of ``scope`` (every
    scope when ``None``): a new phase or combat makes what was closed before it old news."""
    memory = state.get(CLOSED_KEY)
    if not memory:
        return
    who = None if roles is None else set(roles)
    kept = [
        e
        for e in memory
        if not ((scope is None or e.get("scope") == scope) and (who is None or who & set(e["roles"])))
    ]
    if kept:
        state[CLOSED_KEY] = kept
    else:
        state.pop(CLOSED_KEY, None)


def closed_step(state: State, role: Role, verb: str) -> tuple[Text, str] | None:
    """Why the step that ``verb`` from ``role`` belonged to is over, and its rule: the newest
    remembered closed step of that role taking that order, or ``None``."""
    for entry in reversed(state.get(CLOSED_KEY, [])):
        if role in entry["roles"] and verb in entry["verbs"]:
            why = t(
                "The {step} is over: {why} ({rule}).",
                step=Text.from_json(entry["step"]),
                why=Text.from_json(entry["why"]),
                rule=entry["rule"],
            )
            return why, str(entry["rule"])
    return None


def explain_closed(error: IllegalOrder, state: State, role: Role, verb: str) -> IllegalOrder:
    """``error`` (an order of another step, or out of turn) completed with the rule that closed
    or decided the step the order belonged to, when the state remembers one; else ``error``."""
    found = closed_step(state, role, verb)
    if found is None:
        return error
    why, rule = found
    message = t("{refusal} {closed}", refusal=error.message, closed=why)
    better: IllegalOrder = OrderOutOfStep(message, hint=error.hint) if isinstance(error, OrderOutOfStep) else IllegalOrder(message, hint=error.hint)
    better.rule = rule
    return better


class Procedure:
    """One state of the turn sequence. Subclasses override what they need."""

    name: str = ""
    auto: bool = False
    rule: str = ""

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        """The step of the sequence of play this procedure runs, for refusals (games override)."""
        return Step(t("current step of the sequence of play"), self.rule)

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset()

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        return Prompt(role, t("Nothing to decide now."))

    def text(self, game: Any, state: State, frame: Frame, role: Role) -> Text:
        """What ``role`` is asked, without computing every legal action (override when costly)."""
        return self.prompt(game, state, frame, role).text

    def handle(
        self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context
    ) -> None:
        raise out_of_step(action.verb, self.step(game, state, frame))

    def automatic(self, frame: Frame) -> bool:
        """Whether the procedure runs by itself now (an ``auto`` one may stop to wait)."""
        return self.auto and not frame.get("waiting")

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        """For ``auto`` procedures: do the automatic work, then goto/call/end."""
        raise RuntimeError(f"procedure {self.name!r} is not automatic")


class Resumable(Procedure):
    """A procedure that calls others and goes on by itself when one of them ends (``end`` sets
    ``frame["resumed"]`` and hands over ``frame["returned"]``); it may also set ``resumed`` to run
    again at once. ``run`` clears the flag and passes what came back (``{}`` if nothing) to ``resume``."""

    def automatic(self, frame: Frame) -> bool:
        return bool(frame.get("resumed"))

    def run(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        frame["resumed"] = False
        self.resume(game, state, frame, ctx, frame.pop("returned", {}))

    def resume(self, game: Any, state: State, frame: Frame, ctx: Context, back: dict[str, Any]) -> None:
        """The procedure's work, given what the procedure it called returned (games override)."""
        raise RuntimeError(f"procedure {self.name!r} does not say how it resumes")


class ProcedureGame(Game):
    """Dispatch of ``active`` / ``prompt`` / ``apply`` to a registry of procedures."""

    procedures: Mapping[str, Procedure] = {}

    def settle(self, state: State, ctx: Context) -> None:
        """The automatic procedures on top of the flow run until one waits for a player."""
        if stack(state):
            self.run_automatic(state, ctx)

    def procedure(self, state: State) -> tuple[Procedure, Frame] | None:
        flow = stack(state)
        if not flow:
            return None
        frame = flow[-1]
        return self.procedures[frame["proc"]], frame

    def active(self, state: State) -> frozenset[Role]:
        found = self.procedure(state)
        if found is None:
            return frozenset()
        proc, frame = found
        return proc.active(self, state, frame)

    def prompt(self, state: State, role: Role) -> Prompt:
        found = self.procedure(state)
        if found is None:
            return Prompt(role, t("The game is over."))
        proc, frame = found
        if role not in proc.active(self, state, frame):
            return Prompt(role, t("Waiting for {who}.", who=self.waiting_for(state)))
        return proc.prompt(self, state, frame, role)

    def prompt_text(self, state: State, role: Role) -> Text:
        """The question of ``prompt`` alone, cheaply (for "waiting for" lines)."""
        found = self.procedure(state)
        if found is None:
            return t("The game is over.")
        proc, frame = found
        if role not in proc.active(self, state, frame):
            return t("Waiting for {who}.", who=self.waiting_for(state))
        return proc.text(self, state, frame, role)

    def waiting_for(self, state: State) -> str:
        return ", ".join(sorted(self.active(state))) or "nobody"

    def off_turn_hint(self, state: State, role: Role, action: Action) -> Text | None:
        """What ``role`` may do outside his turn, added to "not your turn" (games override)."""
        return None

    def dispatch(self, state: State, role: Role, action: Action, ctx: Context) -> None:
        found = self.procedure(state)
        if found is None:
            raise IllegalOrder(t("The game is over."))
        proc, frame = found
        if role not in proc.active(self, state, frame):
            step = proc.step(self, state, frame)
            error = IllegalOrder(
                t(
                    "It is not your turn: the game waits for {who} ({step}, {rule}).",
                    who=self.waiting_for(state),
                    step=step.title,
                    rule=step.rule,
                )
                if step.rule
                else t("It is not your turn: the game waits for {who} ({step}).", who=self.waiting_for(state), step=step.title)
            )
            error.rule = step.rule or None
            error.hint = self.off_turn_hint(state, role, action)
            raise explain_closed(error, state, role, action.verb)
        try:
            proc.handle(self, state, frame, role, action, ctx)
        except OrderOutOfStep as error:
            better = explain_closed(error, state, role, action.verb)
            if better is error:
                raise
            raise better from None
        self.run_automatic(state, ctx)

    def run_automatic(self, state: State, ctx: Context) -> None:
        for _ in range(MAX_AUTOMATIC_STEPS):
            found = self.procedure(state)
            if found is None:
                return
            proc, frame = found
            if not proc.automatic(frame):
                return
            proc.run(self, state, frame, ctx)
        raise RuntimeError("automatic procedures did not come to rest")


def require_verb(action: Action, allowed: tuple[str, ...]) -> None:
    if action.verb not in allowed:
        raise InvalidOrder(
            t(
                "'{verb}' is not an order you can give now.",
                verb=action.verb,
            ),
            t("Possible now: {verbs}.", verbs=", ".join(allowed)),
        )
