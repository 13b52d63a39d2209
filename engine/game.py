"""The game-module interface and the values that cross it.

A game is a handful of pure functions over plain, JSON-serialisable state (a ``dict``):
``setup``, ``active``, ``prompt``, ``parse``, ``apply``, ``view``, ``result``, plus referee
``override`` and ``check_invariants``. The kernel (``engine.kernel``) wraps a game with the log,
randomness, barriers, undo and replay; nothing else reads a game's state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.text import Text

Role = str
State = dict[str, Any]
View = dict[str, Any]

EVERYONE = "*"
REFEREE = "referee"


@dataclass(frozen=True)
class Action:
    """One order in canonical form: a verb and its arguments, exactly as it could be typed."""

    verb: str
    args: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return " ".join((self.verb, *self.args))

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> list[str]:
        return [self.verb, *self.args]

    @staticmethod
    def from_json(data: Sequence[str]) -> Action:
        return Action(str(data[0]), tuple(str(a) for a in data[1:]))


@dataclass(frozen=True)
class VerbInfo:
    """What a verb does and how it is typed, for ``help`` and autocomplete."""

    name: str
    syntax: str
    summary: Text
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Prompt:
    """What ``role`` is asked now, and every legal action it may take."""

    role: Role
    text: Text
    actions: tuple[Action, ...] = ()
    verbs: tuple[str, ...] = ()

    @property
    def waiting(self) -> bool:
        """True if the role has something to decide now."""
        return bool(self.actions)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winner (or ``None`` for a draw) and why."""

    winner: Role | None
    reason: Text


@dataclass(frozen=True)
class ScenarioInfo:
    name: str
    title: str
    description: Text | str = ""


@dataclass(frozen=True)
class Override:
    """A referee's typed intervention: ``kind`` with arguments and a mandatory reason."""

    kind: str
    args: tuple[str, ...]
    reason: str

    @property
    def text(self) -> str:
        return " ".join((self.kind, *self.args))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args), "reason": self.reason}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Override:
        return Override(str(data["kind"]), tuple(str(a) for a in data["args"]), str(data["reason"]))


class Context(Protocol):
    """What a game may ask of the kernel while it sets up or applies an action."""

    def roll(self, sides: int, why: Text) -> int: ...

    def shuffle(self, items: Sequence[Any], why: Text) -> list[Any]: ...

    def pick(self, items: Sequence[Any], why: Text) -> Any: ...

    def log(self, text: Text, to: Role = EVERYONE) -> None: ...

    def reveal(self, text: Text, to: Role = EVERYONE) -> None: ...


class Game(Protocol):
    """The functions every game module provides."""

    name: str
    title: str
    roles: tuple[Role, ...]
    scenarios: Mapping[str, ScenarioInfo]
    options: Mapping[str, Any]
    verbs: Mapping[str, VerbInfo]

    def setup(self, scenario: str, options: Mapping[str, Any], ctx: Context) -> State: ...

    def active(self, state: State) -> frozenset[Role]: ...

    def prompt(self, state: State, role: Role) -> Prompt: ...

    def parse(self, state: State, role: Role, line: str) -> Action: ...

    def apply(self, state: State, role: Role, action: Action, ctx: Context) -> State: ...

    def view(self, state: State, role: Role) -> View: ...

    def result(self, state: State) -> Outcome | None: ...

    def override(self, state: State, override: Override, ctx: Context) -> State: ...

    def check_invariants(self, state: State) -> None: ...

    def status(self, state: State, role: Role) -> Text: ...

    def holdings(self, state: State, role: Role) -> Text: ...


@dataclass(frozen=True)
class LogEntry:
    """One line of the campaign log and who may read it (``*``, a role, or ``referee``)."""

    text: Text
    to: Role = EVERYONE
    kind: str = "event"

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text.to_json(), "to": self.to, "kind": self.kind}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> LogEntry:
        return LogEntry(Text.from_json(data["text"]), str(data["to"]), str(data.get("kind", "event")))
