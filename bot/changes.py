"""What changed in a game's rules between two rules versions, from the game's ``CHANGES.md``.

Each game package may hold a ``CHANGES.md`` with one section per rules version (``## 2``)
listing, one bullet a line, what a player or referee would notice. The service quotes the
sections newer than a campaign's version when the campaign continues after an upgrade.
"""

from __future__ import annotations

import re
from importlib.resources import files

from engine.game import Game

_SECTION = re.compile(r"^##\s+(\d+)\b")


def changelog(game: Game) -> str:
    """The text of the game's ``CHANGES.md`` ("" if it has none)."""
    package = type(game).__module__.rpartition(".")[0] or type(game).__module__
    try:
        return (files(package) / "CHANGES.md").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return ""


def changes_since(game: Game, version: int) -> list[str]:
    """The changelog lines of every rules version after ``version``, oldest first."""
    sections: dict[int, list[str]] = {}
    current: int | None = None
    for line in changelog(game).splitlines():
        heading = _SECTION.match(line)
        if heading:
            current = int(heading.group(1))
            sections.setdefault(current, [])
        elif current is not None and line.strip().startswith(("-", "*")):
            sections[current].append(line.strip().lstrip("-* ").strip())
    return [item for v in sorted(sections) if version < v <= game.rules_version for item in sections[v]]
