"""Rules questions asked as a referee asks them: a position file starts the campaign (as
``adjutant play GAME --position FILE`` does), referee lines and set-up orders are typed at the
console, then one order; the answer is what the console prints for that order."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from bot.console import CONSOLE, Console
from bot.service import CampaignService
from bot.store import Store
from engine import registry
from engine.kernel import Match


def exported(game: str, scenario: str) -> dict[str, Any]:
    """The scenario's set-up as ``referee: export position`` writes it before the first order."""
    g = registry.get(game)
    text = Match.new(g, scenario, g.options, "acceptance").export_position()
    found: dict[str, Any] = json.loads(text)
    return found


async def ask(tmp_path: Path, position: dict[str, Any], *lines: str) -> list[dict[str, Any]]:
    """Load ``position``, type every line of ``lines`` at the console, and return the replies
    printed for the last one (each ``{"to", "text", "ok", ...}``)."""
    return (await typed(tmp_path, position, *lines))[-1]


async def typed(tmp_path: Path, position: dict[str, Any], *lines: str) -> list[list[dict[str, Any]]]:
    """Load ``position`` into a new campaign (every seat the console's), type ``lines`` at the
    console one by one, and return the replies printed for each."""
    store = await Store.open(tmp_path / "acceptance.db")
    try:
        service = CampaignService(store)
        row, _ = await service.create(
            "question", position["game"], seed="acceptance", creator=CONSOLE.user_id, position=json.dumps(position)
        )
        for role in registry.get(position["game"]).roles:
            await store.set_seat(row.id, role, CONSOLE.user_id, "console")
        out = io.StringIO()
        console = Console(service, row, out=out, as_json=True)
        await console.deliver()
        answers = []
        for line in lines:
            out.seek(0)
            out.truncate()
            await console.handle_line(line)
            answers.append([json.loads(printed) for printed in out.getvalue().splitlines()])
        return answers
    finally:
        await store.close()


def readme_example(section: str, file: str) -> dict[str, Any]:
    """The position file ``examples/positions/FILE.position.json``, checked to be the JSON block the
    README shows under its ``### SECTION`` heading."""
    root = Path(__file__).resolve().parents[3]
    text = (root / "examples" / "positions" / f"{file}.position.json").read_text(encoding="utf-8")
    readme = (root / "README.md").read_text(encoding="utf-8")
    part = readme.split(f"### {section}\n", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    block = part.split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(block) == json.loads(text), f"README's {section} example differs from {file}.position.json"
    found: dict[str, Any] = json.loads(text)
    return found


def readme_referee_lines(section: str) -> list[str]:
    """The ``referee: ...`` example lines the README gives under its ``### SECTION`` heading."""
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    part = readme.split(f"### {section}\n", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    return [line.split("#")[0].strip() for line in part.splitlines() if line.startswith("referee: ")]


def refusal(replies: list[dict[str, Any]]) -> str:
    """The one refusal among ``replies`` (the test fails if the order was accepted)."""
    refused = [r["text"] for r in replies if not r["ok"]]
    assert len(refused) == 1, f"expected one refusal, got {replies}"
    return str(refused[0])


def cites(replies: list[dict[str, Any]], rule: str) -> bool:
    """Whether the order was refused citing ``rule`` as its rule, ``(... rule)`` at the end."""
    text = refusal(replies)
    return text.rstrip(". ").endswith(f"({rule})") or f"({rule})" in text


def accepted(replies: list[dict[str, Any]]) -> bool:
    """Whether the order was accepted (its echo is printed and nothing was refused)."""
    return bool(replies) and all(r["ok"] for r in replies) and any(str(r["text"]).startswith("\u2713") for r in replies)
