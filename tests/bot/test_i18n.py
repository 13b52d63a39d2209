"""Every user-facing string goes through the message catalogue."""

import ast
from pathlib import Path

from bot.i18n import render
from engine.text import t

ROOT = Path(__file__).resolve().parents[2]


def test_every_t_call_has_a_literal_template():
    """Babel can extract only literal templates: t(variable) would escape translation."""
    bad = []
    for folder in ("engine", "bot", "render"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "t":
                    if not node.args or not (isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, f"t() without a literal template: {bad}"


def test_catalogue_template_is_extractable(tmp_path):
    from babel.messages.extract import extract_from_dir

    found = {msg[2] for msg in extract_from_dir(str(ROOT / "engine"), keywords={"t": None}, method_map=[("**.py", "python")])}
    assert "The game is over." in found and len(found) > 100


def test_render_fills_parameters_after_translation():
    assert render(t("{a} and {b}", a=1, b=t("nested {x}", x="y"))) == "1 and nested y"
