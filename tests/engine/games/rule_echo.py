"""Finds rule refusals whose text already ends with the rule they pass: ``IllegalOrder`` appends
``({rule})`` itself, so such a text would show the rule twice ("... (A35.3). (A35.3)")."""

from __future__ import annotations

import ast
import re

REFUSALS = ("IllegalOrder", "NotImplementedRule", "OrderOutOfStep")
MESSAGES = ("t", "ngettext")
TRAILING = re.compile(r"\(([^()]*)\)\.?\s*$")


def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _templates(message: ast.expr) -> list[tuple[str, dict[str, str]]]:
    """The literal templates of a ``t``/``ngettext`` message, with its keyword values as source."""
    if not (isinstance(message, ast.Call) and _name(message.func) in MESSAGES):
        return []
    kwargs = {k.arg: ast.unparse(k.value) for k in message.keywords if k.arg}
    return [(a.value, kwargs) for a in message.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def echoed(source: str) -> list[int]:
    """Lines of ``source`` where a refusal's template ends with the very rule it passes."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and _name(node.func) in REFUSALS and node.args):
            continue
        keywords = {k.arg: k.value for k in node.keywords}
        rule = keywords.get("rule", node.args[1] if len(node.args) > 1 else None)
        if rule is None:
            continue
        for template, kwargs in _templates(node.args[0]):
            end = TRAILING.search(template)
            if end is None:
                continue
            cited = end.group(1).strip()
            literal = isinstance(rule, ast.Constant) and cited == rule.value
            placed = cited == "{rule}" and kwargs.get("rule") is not None
            if literal or placed:
                lines.append(node.lineno)
                break
    return lines
