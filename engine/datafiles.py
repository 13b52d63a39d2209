"""Reading the engine's packaged, read-only data files (maps, counters, tables).

This is the engine's only contact with files, and only with immutable data shipped inside the
package: it never writes, and the parsing of what it reads is done by pure functions elsewhere.
"""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def read_texts(package: str, folder: str) -> dict[str, str]:
    """Every text file in ``package``/``folder``, by file name."""
    root = resources.files(package).joinpath(folder)
    out: dict[str, str] = {}
    for entry in root.iterdir():
        if entry.is_file() and entry.name.endswith((".txt", ".toml", ".csv", ".md")):
            out[entry.name] = entry.read_text(encoding="utf-8")
    return out


def read_text(package: str, path: str) -> str:
    return resources.files(package).joinpath(path).read_text(encoding="utf-8")
