"""Every rule refusal of a game cites the rulebook (issue "Rulings a player can check")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.engine.games.rules_table import cited_rules, notes

GAMES = Path(__file__).resolve().parents[3] / "engine" / "games"
REFUSALS = ("IllegalOrder", "NotImplementedRule")


def uncited(source: str) -> list[int]:
    """Lines of ``source`` where a rule refusal is raised without a rule number."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        if name not in REFUSALS:
            continue
        keywords = {k.arg: k.value for k in node.keywords}
        rule = keywords.get("rule", node.args[1] if len(node.args) > 1 else None)
        if rule is None or (isinstance(rule, ast.Constant) and not rule.value):
            lines.append(node.lineno)
    return lines


def test_the_check_finds_a_refusal_without_a_rule():
    """The check itself sees a missing rule, a positional rule and an empty one."""
    source = 'IllegalOrder(t("a"))\nIllegalOrder(t("b"), "7.1")\nIllegalOrder(t("c"), rule="")\nerrors.IllegalOrder(t("d"), rule="8.5")\n'
    assert uncited(source) == [1, 3]


def test_every_illegal_order_of_every_game_cites_a_rule():
    """No IllegalOrder in engine/games/ is raised without ``rule`` (a bad input is an InvalidOrder)."""
    missing = [
        f"{path.relative_to(GAMES.parent.parent)}:{line}"
        for path in sorted(GAMES.rglob("*.py"))
        for line in uncited(path.read_text(encoding="utf-8"))
    ]
    assert missing == []


def missing_rows(game: str, table: str) -> list[str]:
    """Rule numbers the game's refusals and steps cite that have no row in ``table``."""
    rows = {line.split("|")[1].strip() for line in table.splitlines() if line.startswith("| ")}
    return sorted(set(cited_rules(game)) - rows)


@pytest.mark.parametrize("game", ["caucasus", "stalins_war", "across_the_bug_river", "combat_commander"])
def test_every_rule_a_refusal_cites_is_in_the_coverage_table(game):
    """Each rule number a refusal or a step of the game cites has its row in the game's RULES.md."""
    assert missing_rows(game, (GAMES / game / "RULES.md").read_text(encoding="utf-8")) == []


def test_the_coverage_check_sees_a_missing_rule():
    """A table without the row of 7.2 (the Primary Movement Phase) misses a cited rule."""
    table = "| rule |\n| 7.1 | x |\n"
    assert "7.2" in missing_rows("caucasus", table)


@pytest.mark.parametrize("game", ["caucasus", "stalins_war"])
def test_every_hand_written_note_is_in_the_coverage_table(game):
    """Each note of the game's rules_notes.md names a rule of its table and stands in its row."""
    table = (GAMES / game / "RULES.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line for line in table.splitlines() if line.startswith("| ")}
    for rule, note in notes(game).items():
        assert rule in rows, rule
        assert note in rows[rule] or "*by hand:*" not in rows[rule], rule


def test_compound_and_run_time_citations_have_their_rows():
    """A clause cited with its terrain rule ("7.8, 11.2 a") counts for 7.8 and 11.2, and a rule found
    at run time with a default (``outcome.clause or "11.2"``) for the default: both need their rows."""
    cited = cited_rules("caucasus")
    assert "retreat" in cited["7.8"] and "retreat" in cited["11.2"] and "battle" in cited["11.2"]
    assert not any("," in rule or " " in rule for rule in cited)
