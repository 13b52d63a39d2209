"""The engine stays pure and dependencies point downward: bot -> render -> engine."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN_IN_ENGINE = {"bot", "render", "discord", "aiosqlite", "PIL", "cairosvg", "asyncio", "random", "sqlite3", "socket", "time", "datetime", "os", "subprocess"}


def imports(folder: str) -> dict[str, set[str]]:
    out = {}
    for path in (ROOT / folder).rglob("*.py"):
        tree = ast.parse(path.read_text())
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
        out[str(path.relative_to(ROOT))] = names
    return out


def test_engine_imports_nothing_impure():
    for path, names in imports("engine").items():
        bad = names & FORBIDDEN_IN_ENGINE
        assert not bad, f"{path} imports {sorted(bad)}"


def test_engine_never_opens_files_except_datafiles():
    for path in (ROOT / "engine").rglob("*.py"):
        if path.name == "datafiles.py":
            continue
        text = path.read_text()
        assert not re.search(r"(?<![\w.])open\(|\.open\(|\.read_text\(|\.write_text\(", text), f"{path} opens a file"


def test_render_never_imports_discord_or_the_store():
    for path, names in imports("render").items():
        assert not names & {"discord", "bot", "aiosqlite"}, f"{path} imports {names}"


def test_only_bot_discord_imports_discord():
    for path, names in imports("bot").items():
        if "bot/discord" not in path:
            assert "discord" not in names, f"{path} imports discord"
