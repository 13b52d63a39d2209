"""Canonical form of plain game state: cloning and hashing."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical(data: Any) -> str:
    """The canonical JSON text of ``data``: sorted keys, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


#: Top-level keys of a state that its hash leaves out: the memory of the steps the engine closed
#: itself (``engine.flow.close``). It only explains refusals and decides nothing, it is rebuilt
#: the same way by every replay, and campaigns stored before it existed must still replay to
#: the hashes stored with their records.
UNHASHED = frozenset({"closed"})


def state_hash(data: Any) -> str:
    """SHA-256 of the canonical JSON of ``data`` (a state's ``UNHASHED`` keys left out)."""
    if isinstance(data, dict) and not UNHASHED.isdisjoint(data):
        data = {k: v for k, v in data.items() if k not in UNHASHED}
    return hashlib.sha256(canonical(data).encode()).hexdigest()


def clone(data: Any) -> Any:
    """A deep copy through JSON, which also proves the value is plain JSON data."""
    return json.loads(json.dumps(data))


def whole_number_in(value: Any, low: int, high: int) -> bool:
    """Whether ``value`` is a whole number (true and false are not) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def json_kind(value: Any) -> str:
    """The JSON type of a value, telling whole numbers from other numbers and true/false from both:
    null, bool, int, float, str, list or dict (``set`` and position files check shapes with it)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, list):
        return "list"
    return "dict"
