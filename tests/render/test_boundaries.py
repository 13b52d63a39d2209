"""render/ imports only engine, Pillow, cairosvg and the standard library."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = {"engine", "render", "PIL", "cairosvg"}


def test_render_imports_only_engine_pil_cairosvg_and_stdlib():
    """No bot, discord, store or other third-party import creeps into the renderer."""
    for path in (ROOT / "render").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module.split(".")[0]]
            for name in names:
                assert name in ALLOWED or name in sys.stdlib_module_names, f"{path.name} imports {name}"
