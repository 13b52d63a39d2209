"""The "decide" buttons of a public post build legal-action lists only where a button needs one."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from bot.discord.delivery import Delivery


@dataclass
class _Match:
    roles: tuple[str, ...]
    actions: int
    hidden: bool
    asked: list[str] = field(default_factory=list)

    @property
    def game(self) -> Any:
        return SimpleNamespace(hidden_holdings=self.hidden)

    def result(self) -> None:
        return None

    def hash(self) -> str:
        return "0" * 64

    def active(self) -> frozenset[str]:
        return frozenset(self.roles)

    def prompt(self, role: str) -> Any:
        self.asked.append(role)
        return SimpleNamespace(actions=tuple(range(self.actions)))


def _view(match: _Match, seats: set[str]) -> Any:
    row = SimpleNamespace(id=1, status="active", archived=False)

    async def campaign(_: int) -> Any:
        return row

    async def seats_of(_: int) -> dict[str, Any]:
        return {s: object() for s in seats}

    async def match_of(_: Any) -> _Match:
        return match

    store = SimpleNamespace(campaign=campaign, seats=seats_of)
    client = SimpleNamespace(store=store, service=SimpleNamespace(match=match_of))

    async def run() -> Any:
        return await Delivery(client).decide_view(row)  # type: ignore[arg-type]

    return asyncio.run(run())


def test_unseated_roles_are_never_asked_for_their_actions() -> None:
    """Only a seated active role's legal actions are built (#20)."""
    match = _Match(("blue", "red"), actions=3, hidden=False)
    view = _view(match, {"blue"})
    assert match.asked == ["blue"] and len(view.children) == 1


def test_hidden_hands_build_no_action_list() -> None:
    """With hidden hands every seated active role gets its button without building its list."""
    match = _Match(("blue", "red"), actions=400, hidden=True)
    view = _view(match, {"blue", "red"})
    assert match.asked == [] and len(view.children) == 2


def test_a_long_list_gets_no_button() -> None:
    """In an open game a role with more choices than a menu holds gets no button."""
    match = _Match(("blue",), actions=400, hidden=False)
    assert _view(match, {"blue"}) is None
