"""A state, or any part of it, as readable text: the referee's ``show``.

Plain JSON data becomes an indented ``key: value`` outline, in the order the game keeps it.
Lists of scalars stay on one line (``[1231, 1232]``), wrapped when long; lists of anything
else get one ``- item`` per line, and text is shown bare. ``summarised`` shortens the top level of a large
state: a container whose outline runs past a limit becomes one line with its number of
entries, to be shown on its own.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.errors import InvalidOrder
from engine.orders import is_number
from engine.text import Text, t

INDENT = "  "
INLINE_WIDTH = 100  # a list of scalars stays on one line up to this many characters
PART_LIMIT = 1500  # with ``summarised``, a top-level part longer than this is summarised
KEYS_LISTED = 20


def outline(value: Any) -> str:
    """``value`` as an indented outline (a scalar as one line)."""
    if _is_scalar(value) or not value:
        return _scalar(value)
    return "\n".join(_lines(value, 0))


def summarised(value: Any, path: str = "") -> tuple[str, list[str]]:
    """Like ``outline``, but each top-level part longer than ``PART_LIMIT`` characters is cut to
    one line, ``units: \u2026 (212)`` (its number of entries); also returns the paths of the parts
    cut, each of which ``show PATH`` prints whole (``path`` is where ``value`` sits)."""
    if not isinstance(value, dict) or not value:
        return outline(value), []
    out: list[str] = []
    cut: list[str] = []
    for key, item in value.items():
        part = _lines({key: item}, 0)
        if sum(len(line) + 1 for line in part) > PART_LIMIT and isinstance(item, (dict, list)):
            out.append(f"{key}: \u2026 ({len(item)})")
            cut.append(f"{path}.{key}" if path else str(key))
        else:
            out += part
    return "\n".join(out), cut


def node_at(data: Any, path: str) -> Any:
    """The value at a dotted ``path`` (``units.13pz.hex``, list items by index) in ``data``.

    A key that is not there exactly is matched ignoring case when only one key fits; otherwise
    the refusal lists the keys that are there.
    """
    node = data
    walked: list[str] = []
    for key in path.split("."):
        if isinstance(node, list) and is_number(key) and int(key) < len(node):
            node = node[int(key)]
        elif isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, dict) and len(fits := [k for k in node if str(k).casefold() == key.casefold()]) == 1:
            key = fits[0]
            node = node[key]
        else:
            if not walked:
                raise InvalidOrder(t("There is no '{key}' in the state.", key=key), _what_is_there(node))
            raise InvalidOrder(t("There is no '{key}' in {where}.", key=key, where=".".join(walked)), _what_is_there(node))
        walked.append(key)
    return node


def contents(node: Any) -> Text:
    """What ``node`` holds, for a refusal of a path that stops at it: its keys, its length or its value."""
    return _what_is_there(node)


def _what_is_there(node: Any) -> Text:
    if isinstance(node, dict):
        keys: Sequence[str] = [str(k) for k in node]
        shown = ", ".join(keys[:KEYS_LISTED]) + (", ..." if len(keys) > KEYS_LISTED else "")
        return t("It holds: {keys}.", keys=shown) if keys else t("It is empty.")
    if isinstance(node, list):
        return t("It is a list of {n} items, numbered from 0.", n=len(node))
    return t("It is a single value: {value}.", value=_scalar(node))


def _lines(value: Any, depth: int) -> list[str]:
    pad = INDENT * depth
    out: list[str] = []
    items: list[tuple[str | None, Any]]
    if isinstance(value, dict):
        items = [(str(k), v) for k, v in value.items()]
    else:
        items = [(None, v) for v in value]
    for key, item in items:
        head = f"{pad}{key}:" if key is not None else f"{pad}-"
        inline = _inline(item)
        if inline is not None:
            out.append(f"{head} {inline}")
        elif isinstance(item, list) and all(_is_scalar(v) for v in item):
            out += _wrapped(head, [_scalar(v) for v in item], pad + INDENT)
        elif key is not None:
            out.append(head)
            out += _lines(item, depth + 1)
        else:
            inner = _lines(item, depth + 1)
            # The first line of a list item shares the dash: "- proc: turn".
            out.append(f"{pad}- {inner[0].lstrip()}")
            out += inner[1:]
    return out


def _inline(value: Any) -> str | None:
    """``value`` on one line, when it is a scalar, empty, or a short list of scalars."""
    if _is_scalar(value) or not value:
        return _scalar(value)
    if isinstance(value, list) and all(_is_scalar(v) for v in value):
        text = "[" + ", ".join(_scalar(v) for v in value) + "]"
        if len(text) <= INLINE_WIDTH:
            return text
    return None


def _wrapped(head: str, words: list[str], pad: str) -> list[str]:
    """A long list of scalars as ``head [a, b,`` lines of at most ``INLINE_WIDTH`` characters."""
    lines: list[str] = []
    current = f"{head} ["
    for i, word in enumerate(words):
        piece = word + ("]" if i == len(words) - 1 else ",")
        if len(current) + 1 + len(piece) > INLINE_WIDTH and not current.endswith("["):
            lines.append(current)
            current = pad + piece
        else:
            current += ("" if current.endswith("[") else " ") + piece
    lines.append(current)
    return lines


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        # Bare text reads best; quoted only when it would otherwise be invisible or break a line.
        return value if value.strip() == value and value and "\n" not in value else json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    return json.dumps(value)
