"""A rules question at the table: a campaign built only through the public referee interface.

The acceptance questions set a position up as a referee would (a position file given to
``adjutant play GAME --position FILE``, then ``referee: ...`` lines: map overrides, counter
values, fixed ``dice``), give one order through the campaign service, and read the verdict and
the rule it cites from the reply the player sees (the ruling Discord shows as an embed).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.console import CONSOLE
from bot.replies import Reply
from bot.service import CampaignService
from bot.store import CampaignRow, Store
from engine import registry

REASON = "rules question"


@dataclass(frozen=True)
class Verdict:
    """What the table answered one order: accepted or not, the rule a refusal cites, every text."""

    ok: bool
    rule: str | None
    text: str

    def __str__(self) -> str:
        return f"{'accepted' if self.ok else 'refused'} ({self.rule}): {self.text}"


class Table:
    """One campaign in its own database; the console user holds every seat and is the referee."""

    def __init__(self, store: Store, service: CampaignService, row: CampaignRow) -> None:
        self.store, self.service, self.row = store, service, row

    @classmethod
    async def open(cls, folder: Path, game: str, position: dict[str, Any] | None = None, seed: str = "question") -> Table:
        """A new campaign of ``game`` (from ``position``, a position file's content, if given)."""
        store = await Store.open(folder / f"{game}.db")
        service = CampaignService(store)
        g = registry.get(game)
        scenario = str(position.get("scenario", "campaign")) if position else next(iter(g.scenarios))
        if position is not None:
            position = {"format": "adjutant-position/1", "game": game, "scenario": scenario, **position}
        row, _ = await service.create(
            "question", game, scenario, None, seed=seed, creator=CONSOLE.user_id,
            seats={role: (CONSOLE.user_id, "console") for role in g.roles},
            position=json.dumps(position) if position is not None else None,
        )
        return cls(store, service, row)

    async def close(self) -> None:
        await self.store.close()

    async def referee(self, *lines: str) -> None:
        """Give referee commands, each ``KIND ARGS`` (the reason is added); each must be accepted."""
        for line in lines:
            replies = await self.service.referee(self.row, CONSOLE, f"{line} because {REASON}")
            refused = [r.text for r in replies if not r.ok]
            assert not refused, f"referee: {line} was refused: {refused}"

    async def order(self, role: str, line: str) -> Verdict:
        """Give one order as ``role``: the verdict, the rule a refusal cites and every reply's text."""
        replies: list[Reply] = await self.service.submit(self.row, CONSOLE, line, role=role)
        refusals = [r for r in replies if not r.ok]
        text = "\n".join(r.text for r in replies)
        if refusals:
            ruling = refusals[0].extra.get("ruling") or {}
            return Verdict(False, ruling.get("rule"), text)
        return Verdict(True, None, text)

    async def show(self, what: str) -> str:
        """The referee's reading of a part of the state (``show WHAT``)."""
        replies = await self.service.referee(self.row, CONSOLE, f"show {what}")
        return "\n".join(r.text for r in replies)


def refused(verdict: Verdict, rule: str) -> None:
    """Assert the order was refused citing ``rule``."""
    assert not verdict.ok and verdict.rule == rule, str(verdict)


def accepted(verdict: Verdict, *cited: str) -> None:
    """Assert the order was accepted and the public record of it cites each rule in ``cited``."""
    assert verdict.ok, str(verdict)
    for rule in cited:
        assert f"{rule})" in verdict.text or f"{rule}," in verdict.text or f"({rule}" in verdict.text, str(verdict)


async def ask(folder: Path, game: str, setup: str, order: str, position: dict[str, Any] | None = None) -> Verdict:
    """One rules question: a campaign of ``game`` (from ``position`` if given), the ``setup``
    lines in order (``ROLE: ORDER`` lines are orders that must be accepted, any other line a
    referee command), then ``order`` (``ROLE: ORDER``): its verdict."""
    table = await Table.open(folder, game, position)
    try:
        roles = registry.get(game).roles
        for line in (raw.strip() for raw in setup.splitlines()):
            if not line:
                continue
            role, sep, text = line.partition(":")
            if sep and role.strip() in roles:
                before = await table.order(role.strip(), text.strip())
                assert before.ok, f"set-up order {line!r}: {before}"
            else:
                await table.referee(line)
        role, _, text = order.partition(":")
        return await table.order(role.strip(), text.strip())
    finally:
        await table.close()
