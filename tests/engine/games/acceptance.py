"""Rules questions asked at the table, as a referee asks them: a campaign built only through the
public referee interface.

A question starts a campaign (from a position file, as ``adjutant play GAME --position FILE``
does, or from a scenario), sets the position up with ``referee: ...`` lines (map overrides,
counter values, fixed ``dice``) and set-up orders, then gives one order. Two readings of the
answer, on the same campaign (``Table``):

- through the campaign service (``ask``, ``Table.order``): a ``Verdict`` with the rule the
  refusal's ruling cites (the ruling Discord shows as an embed), checked by ``refused`` and
  ``accepted``;
- at the console (``typed``, ``answer``, ``Table.typed``): the replies the console prints as
  JSON, checked by ``cites``, ``refusal`` and ``echoed``.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.console import CONSOLE, Console
from bot.replies import Reply
from bot.service import CampaignService
from bot.store import CampaignRow, Store
from engine import registry
from engine.kernel import Match

REASON = "rules question"
ROOT = Path(__file__).resolve().parents[3]


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

    async def typed(self, *lines: str) -> list[list[dict[str, Any]]]:
        """Type ``lines`` at the console one by one: the replies printed (as JSON) for each."""
        out = io.StringIO()
        console = Console(self.service, self.row, out=out, as_json=True)
        await console.deliver()
        answers = []
        for line in lines:
            out.seek(0)
            out.truncate()
            await console.handle_line(line)
            answers.append([json.loads(printed) for printed in out.getvalue().splitlines()])
        return answers


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


def exported(game: str, scenario: str) -> dict[str, Any]:
    """The scenario's set-up as ``referee: export position`` writes it before the first order."""
    g = registry.get(game)
    text = Match.new(g, scenario, g.options, "acceptance").export_position()
    found: dict[str, Any] = json.loads(text)
    return found


def position_file(source: dict[str, Any], game: str, scenario: str, state: dict[str, Any], rolls: Sequence[int] = ()) -> dict[str, Any]:
    """A position file of ``game``'s ``scenario`` (in the format of the export ``source``) holding
    ``state``, with ``rolls`` fixed by the referee for the dice to come."""
    position: dict[str, Any] = {"format": source["format"], "game": game, "scenario": scenario, "state": state}
    if rolls:
        position["fixed_rolls"] = [{"value": r, "reason": REASON} for r in rolls]
    return position


async def answer(tmp_path: Path, position: dict[str, Any], *lines: str) -> list[dict[str, Any]]:
    """Load ``position``, type every line of ``lines`` at the console, and return the replies
    printed for the last one (each ``{"to", "text", "ok", ...}``)."""
    return (await typed(tmp_path, position, *lines))[-1]


async def typed(tmp_path: Path, position: dict[str, Any], *lines: str) -> list[list[dict[str, Any]]]:
    """Load ``position`` into a new campaign (every seat the console's), type ``lines`` at the
    console one by one, and return the replies printed for each."""
    table = await Table.open(tmp_path, position["game"], position, seed="acceptance")
    try:
        return await table.typed(*lines)
    finally:
        await table.close()


def _readme_section(section: str) -> str:
    """The README's text under its ``### SECTION`` heading, up to the next heading."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme.split(f"### {section}\n", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]


def readme_example(section: str, file: str) -> dict[str, Any]:
    """The position file ``examples/positions/FILE.position.json``, checked to be the JSON block the
    README shows under its ``### SECTION`` heading."""
    text = (ROOT / "examples" / "positions" / f"{file}.position.json").read_text(encoding="utf-8")
    block = _readme_section(section).split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(block) == json.loads(text), f"README's {section} example differs from {file}.position.json"
    found: dict[str, Any] = json.loads(text)
    return found


def readme_referee_lines(section: str) -> list[str]:
    """The ``referee: ...`` example lines the README gives under its ``### SECTION`` heading."""
    return [line.split("#")[0].strip() for line in _readme_section(section).splitlines() if line.startswith("referee: ")]


def refusal(replies: list[dict[str, Any]]) -> str:
    """The one refusal among ``replies`` (the test fails if the order was accepted)."""
    refused = [r["text"] for r in replies if not r["ok"]]
    assert len(refused) == 1, f"expected one refusal, got {replies}"
    return str(refused[0])


def cites(replies: list[dict[str, Any]], rule: str) -> bool:
    """Whether the order was refused citing ``rule`` as its rule, ``(... rule)`` at the end."""
    text = refusal(replies)
    return text.rstrip(". ").endswith(f"({rule})") or f"({rule})" in text


def echoed(replies: list[dict[str, Any]]) -> bool:
    """Whether the order was accepted (its echo is printed and nothing was refused)."""
    return bool(replies) and all(r["ok"] for r in replies) and any(str(r["text"]).startswith("\u2713") for r in replies)
