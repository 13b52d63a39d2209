"""Errors are part of the engine's API, in the style of python-chess's ``parse_san``.

``OrderError`` is the base class. ``InvalidOrder``: the text cannot be parsed.
``AmbiguousOrder``: a name matches several things (the candidates are listed).
``IllegalOrder``: parsed, but the rules forbid it; the reason cites a rule number.
``InvariantViolation`` guards the state itself and is raised even for referee overrides.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from engine.text import Text, t


class OrderError(Exception):
    """Base class of every refusal the engine gives for an order."""

    #: The rulebook number the refusal cites (``None``: a refusal of form, not of the rules).
    rule: str | None = None

    def __init__(self, message: Text, hint: Text | None = None) -> None:
        super().__init__(str(message))
        self.message = message
        self.reason = message  # without the rule number (IllegalOrder adds it to ``message``)
        self.hint = hint

    def ruling(self) -> Text:
        """The refusal without its rule number (shown beside it, as a ruling's field)."""
        if self.hint is None:
            return self.reason
        return t("{reason} {hint}", reason=self.reason, hint=self.hint)

    def text(self) -> Text:
        """The whole refusal: the reason, then what would be accepted."""
        if self.hint is None:
            return self.message
        return t("{reason} {hint}", reason=self.message, hint=self.hint)


class InvalidOrder(OrderError):
    """The order cannot be parsed."""


class AmbiguousOrder(OrderError):
    """A name in the order matches several units, hexes or cards."""

    def __init__(self, what: str, given: str, candidates: Sequence[str]) -> None:
        self.candidates = tuple(candidates)
        super().__init__(
            t(
                "'{given}' could be more than one {what}: {candidates}. Type the full name or id.",
                given=given,
                what=what,
                candidates=", ".join(self.candidates),
            )
        )


class IllegalOrder(OrderError):
    """The order is understood but the rules forbid it; ``rule`` is the rulebook number."""

    def __init__(self, message: Text, rule: str | None = None, hint: Text | None = None) -> None:
        bare = message
        if rule and not _cites(message, rule):
            message = t("{reason} ({rule})", reason=message, rule=rule)
        super().__init__(message, hint)
        self.rule = rule
        self.reason = bare


_BRACKETS = re.compile(r"\(([^()]*)\)")


def _cites(message: Text, rule: str) -> bool:
    """Whether ``message`` already cites ``rule`` in brackets, alone or among others ("... (O21.1,
    7.2.1).", "... (9.2.1), as in 3616."), so that appending it again would show it twice."""
    source = message.source()
    if "(" not in source or (rule not in source and "{" not in source):
        return False  # no brackets, or literal ones that cannot hold the rule: nothing to format
    return any(
        rule in (part.strip() for part in re.split(r"[,;]", group))
        for group in _BRACKETS.findall(message.format())
    )


class OrderOutOfStep(IllegalOrder, InvalidOrder):
    """An order of another step of the sequence of play: refused citing the rule of the step that
    runs now (an ``InvalidOrder`` too, as an order the current decision cannot take)."""


class NotImplementedRule(IllegalOrder):
    """A situation whose rule the engine does not implement yet: refused, never guessed."""


def allowed(check: Callable[..., object], *args: object) -> bool:
    """Whether ``check(*args)`` accepts (does not raise ``OrderError``): for listing legal actions."""
    try:
        check(*args)
    except OrderError:
        return False
    return True


class InvariantViolation(Exception):
    """A state would break an invariant of the game (never allowed, not even to referees)."""

    def __init__(self, message: Text) -> None:
        super().__init__(str(message))
        self.message = message
