"""The rules coverage table of a game (``engine/games/GAME/RULES.md``): every numbered rule of
the rulebook, the modules that cite it, the tests that cite it.

``cited_rules`` (the rule numbers a game's refusals cite) is what the tests check against the
table. Regenerate a table after adding rules or tests::

    .venv/bin/python -m tests.engine.games.rules_table caucasus /work/shared/seeds/000_dbaef5a85aa61b61.txt
    .venv/bin/python -m tests.engine.games.rules_table stalins_war /work/shared/seeds/001_6e097d0bdc8e2171.txt
    .venv/bin/python -m tests.engine.games.rules_table combat_commander /work/shared/seeds/004_00abe5c2a5f1f099.txt
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
GAMES = ROOT / "engine" / "games"
TESTS = ROOT / "tests" / "engine" / "games"
REFUSALS = ("IllegalOrder", "NotImplementedRule")
HEADING = re.compile(r"^#*\s*(\d{1,2}\.\d+(?:\.\d+)*)\.?\s+(\S.*)$")
CITATION = re.compile(r"(?<![\w.])(\d{1,2}\.\d+(?:\.\d+)*(?:\(\d+\))?[A-E]?|(?:SU|AX)\d{1,2})(?![\w]|\.\d)")
TITLE_CHARS = 70
SPLIT_NUMBER = re.compile(r"^(\d{1,2})\. (\d+ [A-Z]{2})")
#: Games whose rulebook numbers rules with a section letter besides plain numbers (Combat Commander:
#: O20.3.4, A29, E52.2, F103.2, T93 next to 1.9.1): their heading and citation patterns. The letters
#: are bounded by the sections' numbers (O14-O23, A24-A41, E42-E77, T78-T99, F100-F106) so that a
#: hex label (A8, E7, O10) is never read as a rule.
_LETTERED = r"(?:O(?:1[4-9]|2[0-3])|A(?:2[4-9]|3\d|4[01])|E(?:4[2-9]|[5-7]\d)|T(?:7[89]|[89]\d)|F10[0-6])"
STYLES: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "combat_commander": (
        re.compile(r"^#*\s*(" + _LETTERED + r"(?:\.\d+)*|\d{1,2}(?:\.\d+)+|\d{1,2}(?=\.\s+[A-Z]{2}))\.?(?:\s+|\u2014)(\S.*)$"),
        re.compile(r"(?<![\w.])(" + _LETTERED + r"(?:\.\d+)*|\d{1,2}\.\d+(?:\.\d+)*)(?![\w]|\.\d)"),
    ),
}


def _constants(node: ast.expr | None) -> list[str]:
    """The string values ``node`` may take (a constant, or either branch of a conditional)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    if isinstance(node, ast.BoolOp):  # a rule found at run time, or a default: ``clause or "11.2"``
        return [value for part in node.values for value in _constants(part)]
    return []


def _numbers(value: str) -> list[str]:
    """The rule numbers of a cited ``value``: itself, or each number of a compound citation
    (``"7.8, 11.2 a"`` cites 7.8 and 11.2, the clause's letter being a part of 11.2)."""
    if CITATION.fullmatch(value) or "#" in value:  # a ruling (8.1#27) keeps its own row
        return [value]
    return [m.group(1) for m in CITATION.finditer(value)] or [value]


def _paired(node: ast.Call) -> list[str]:
    """The rules of a call's ``t("..."), "rule"`` arguments: a text and its rule passed together to
    a helper that makes the refusal or the reason of an elimination (``_why(t("..."), "11.2 b")``)."""
    found = []
    for text, rule in zip(node.args, node.args[1:], strict=False):
        if isinstance(text, ast.Call) and isinstance(text.func, ast.Name) and text.func.id == "t":
            found += [v for v in _constants(rule) if CITATION.search(v)]
    return found


def _problem(node: ast.AST) -> bool:
    """A refusal's text and rule as a pair, ``(t("..."), "11.1.6")``: what a check returns for its
    caller to raise (``unit_problem``, ``blitz_problem``)."""
    if not (isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[0], ast.Call)):
        return False
    func = node.elts[0].func
    return isinstance(func, ast.Name) and func.id == "t" and bool(_constants(node.elts[1])) and all(
        CITATION.search(value) for value in _constants(node.elts[1])
    )


def cited_rules(game: str) -> dict[str, set[str]]:
    """Rule number -> modules where a refusal (``IllegalOrder``, or a check's ``(text, rule)`` pair)
    or a step (``flow.Step``) cites it."""
    found: dict[str, set[str]] = {}
    for path in sorted((GAMES / game).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if _problem(node):
                assert isinstance(node, ast.Tuple)
                for value in _constants(node.elts[1]):
                    for number in _numbers(value):
                        found.setdefault(number, set()).add(path.stem)
                continue
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in (*REFUSALS, "Step"):
                for value in _paired(node) if name == "_why" else ():
                    for number in _numbers(value):
                        found.setdefault(number, set()).add(path.stem)
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            rule = keywords.get("rule", node.args[1] if len(node.args) > 1 else None)
            for value in _constants(rule):
                for number in _numbers(value):
                    found.setdefault(number, set()).add(path.stem)
    return found


def _mentions(paths: list[Path], citation: re.Pattern[str] = CITATION) -> dict[str, set[str]]:
    """Rule number -> the files among ``paths`` whose strings (texts, docstrings) or comments cite it."""
    found: dict[str, set[str]] = {}
    for path in paths:
        source = path.read_text(encoding="utf-8")
        texts = [n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        texts += [line.split("#", 1)[1] for line in source.splitlines() if "#" in line]
        for text in texts:
            for match in citation.finditer(text):
                found.setdefault(match.group(1), set()).add(path.stem)
    return found


def rulebook(seed: Path, heading: re.Pattern[str] = HEADING) -> dict[str, str]:
    """Numbered rules of a rulebook transcription -> the start of their (Italian) text."""
    rules: dict[str, str] = {}
    for line in seed.read_text(encoding="utf-8").splitlines():
        # a transcription's stray space inside a heading's number ("7. 1 POSSIBILI AZIONI")
        m = heading.match(SPLIT_NUMBER.sub(r"\1.\2", line.strip()))
        if m and m.group(1) not in rules:
            title = m.group(2).strip().replace("|", "/").replace("*", "")
            rules[m.group(1)] = title if len(title) <= TITLE_CHARS else title[:TITLE_CHARS].rsplit(" ", 1)[0] + " ..."
    return rules


def _key(rule: str, decimal: bool) -> tuple[object, ...]:
    """Sort key: 7.22 after 7.2 and before 7.3 in a rulebook numbered as decimals (decimal)."""
    parts = re.findall(r"\d+|[A-Za-z]+", rule)
    if decimal and len(parts) > 1 and parts[1].isdigit():
        parts = [parts[0], "", *parts[2:]]
        minor = re.match(r"\d+\.(\d+)", rule)
        parts[1] = minor.group(1) if minor else ""
        return ((0, int(parts[0])), (1, parts[1]), *((0, int(p)) if p.isdigit() else (1, p) for p in parts[2:]))
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


def _describe(rule: str, book: dict[str, str]) -> str:
    """The rulebook text of ``rule``, or what a number that is not a paragraph refers to."""
    if rule in book:
        return book[rule]
    if "#" in rule:
        return f"ruling {rule.split('#')[1]} of the digest's section {rule.split('#')[0]} (see RULINGS.md)"
    if rule[:2] in ("SU", "AX"):
        return f"{'Soviet' if rule.startswith('SU') else 'Axis'} strategy card {rule[2:]}"
    parent = re.match(r"[A-Z]?\d+(?:\.\d+)+", rule)
    if parent and parent.group(0) != rule and parent.group(0) in book:
        return f"part of {parent.group(0)}: {book[parent.group(0)]}"
    return "(not a paragraph of the rulebook: see RULINGS.md)"


def notes(game: str) -> dict[str, str]:
    """The hand-written notes of ``engine/games/GAME/rules_notes.md`` (lines ``- RULE: note``):
    where a rule no module cites is enforced, or that it is descriptive."""
    path = GAMES / game / "rules_notes.md"
    found: dict[str, str] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            m = re.match(r"^- ([^:\s]+): (.+)$", line.strip())
            if m:
                found[m.group(1)] = m.group(2).replace("|", "/")
    return found


def table(game: str, seed: Path) -> str:
    heading, citation = STYLES.get(game, (HEADING, CITATION))
    book = rulebook(seed, heading)
    by_hand = notes(game)
    refusals = cited_rules(game)
    code = _mentions(sorted((GAMES / game).glob("*.py")), citation)
    tests = _mentions(sorted((TESTS / game).glob("test_*.py")), citation)
    decimal = not any(rule.count(".") > 1 for rule in book)
    rows = sorted(set(book) | set(refusals), key=lambda rule: _key(rule, decimal))
    lines = [
        f"# Rules coverage: {game}",
        "",
        "Generated by `tests/engine/games/rules_table.py` from the rulebook in `/work/shared/seeds/`",
        "and the code; regenerate it after adding rules or tests (the command is in that module).",
        "",
        "* **rule**: every numbered paragraph of the rulebook, then the numbers the engine cites",
        "  that are not paragraphs of it (lettered items such as 6.0D, steps such as 11.2.1(3),",
        "  card numbers).",
        "* **refused by**: modules whose refusals (`IllegalOrder(..., rule=...)`) or steps of the",
        "  sequence of play (`flow.Step`) cite the rule. Every such number is in this table",
        "  (`tests/engine/games/test_rule_citations.py` checks it).",
        "* **cited in**: modules whose code, log lines or docstrings cite the rule.",
        "* **tests**: test modules that cite the rule.",
        "* A rule with no module is **not cited by the engine**: it is descriptive, or enforced",
        "  without a citation, or the engine refuses the situation and a referee decides",
        "  (`RULINGS.md` lists the known cases). Where the game's `rules_notes.md` says which, its",
        "  note (*by hand*) stands in the **cited in** column instead.",
        "",
        "| rule | rulebook | refused by | cited in | tests |",
        "|---|---|---|---|---|",
    ]
    for rule in rows:
        refused = ", ".join(sorted(refusals.get(rule, ())))
        cited = ", ".join(sorted(code.get(rule, set()) - refusals.get(rule, set())))
        status = "" if refused or cited else f"*by hand:* {by_hand[rule]}" if rule in by_hand else "not cited by the engine"
        lines.append(
            f"| {rule} | {_describe(rule, book)} | {refused} | {cited or status} | "
            f"{', '.join(sorted(tests.get(rule, ())))} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> None:
    game, seed = argv
    (GAMES / game / "RULES.md").write_text(table(game, Path(seed)), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
