"""The README's referee reference per game (issue 14): every referee command of The Caucasus
Campaign and of Stalin's War is listed with an example, and each example is accepted as written
(a jump or a rewind needs a combat or a record under way: those are refused for that reason only)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.console import CONSOLE
from engine import registry
from tests.engine.games.acceptance import Table

README = Path(__file__).resolve().parents[2] / "README.md"
#: The kernel's and service's commands every game's reference lists (in The Caucasus Campaign's block).
COMMON = ("map", "counter", "dice", "set", "grant-undo", "rewind", "seat", "show", "export")
#: Examples that need a combat or a record under way, and the refusal that says so.
CONTEXT = {"jump": "No combat is being resolved", "rewind": "There is no record"}


def reference_blocks() -> list[list[str]]:
    """The README's code blocks of referee lines, each as its lines (comments cut)."""
    blocks: list[list[str]] = []
    inside, lines = False, []
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if inside and len(lines) > 5:
                blocks.append(lines)
            inside, lines = not inside, []
        elif inside and line.startswith("referee: "):
            lines.append(line.split("#")[0].strip()[len("referee: "):])
    return blocks


def block_of(game: str) -> list[str]:
    kinds = set(registry.get(game).override_kinds)
    return next(b for b in reference_blocks() if kinds <= {line.split()[0] for line in b})


@pytest.mark.parametrize(("game", "common"), [("caucasus", COMMON), ("stalins-war", ()), ("combat_commander", ())])
def test_every_referee_command_is_listed_with_an_example(game, common):
    """Each override kind of the game (and the common ones) begins a line of its README block."""
    listed = {line.split()[0] for line in block_of(game)}
    assert set(registry.get(game).override_kinds) | set(common) <= listed


@pytest.mark.parametrize("game", ["caucasus", "stalins-war", "combat_commander"])
async def test_every_example_is_accepted_as_written(tmp_path, game):
    """Run in order in a new campaign, every example is accepted (or needs a combat or a record)."""
    table = await Table.open(tmp_path, game)
    refused = []
    for line in block_of(game):
        replies = await table.service.referee(table.row, CONSOLE, line)
        wrong = [r.text for r in replies if not r.ok]
        if wrong and not (line.split()[0] in CONTEXT and CONTEXT[line.split()[0]] in wrong[0]):
            refused.append(wrong[0])
    await table.close()
    assert not refused


def position_examples() -> list[dict]:
    """The README's position files (its ``json`` blocks of the position format)."""
    found, inside, lines = [], False, []
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            text = "\n".join(lines)
            if inside and '"adjutant-position/1"' in text:
                found.append(json.loads(text))
            inside, lines = line.strip() == "```json", []
        elif inside:
            lines.append(line)
    return found


@pytest.mark.parametrize("game", ["caucasus", "stalins-war"])
async def test_the_position_example_of_each_game_loads(tmp_path, game):
    """The README's position example of the game starts a campaign at the position it describes."""
    doc = next(d for d in position_examples() if d["game"] == game)
    table = await Table.open(tmp_path, game, doc)
    turn = await table.show("turn")
    await table.close()
    assert f"turn: {doc['state']['turn']}" in turn


async def test_the_combat_commander_position_example_loads(tmp_path):
    """The README's Combat Commander position starts a campaign at Time 3 with the units as it writes them."""
    doc = next(d for d in position_examples() if d["game"] == "combat_commander")
    table = await Table.open(tmp_path, "combat_commander", doc)
    time, unit = await table.show("time"), await table.show("units.a-s1")
    await table.close()
    assert "time: 3" in time and "broken: true" in unit and "hex: F5" in unit
