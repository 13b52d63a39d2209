"""Canonical form of plain game state: cloning and hashing."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson

_DIGITS = frozenset(b"0123456789")


def _other_form(out: bytes) -> bool:
    """Whether orjson's text may hold a number Python's ``json`` writes differently: a float with
    an exponent (orjson always writes its sign, ``1e+16``, ``4.2e-7``; Python writes ``1e-05``)
    or one below 1e-4 (orjson writes ``0.00001``). Such a text is written again by ``json``, so
    the canonical text never depends on which library wrote it. A string that looks alike (a
    label ``1e-5``) only costs the slower writer; byte searches, not a pattern, keep this a
    fraction of the writing (a regular expression over a whole state cost more than json)."""
    if b"0.0000" in out:
        return True
    for mark in (b"e+", b"e-"):
        i = out.find(mark)
        while i > 0:
            if out[i - 1] in _DIGITS:
                return True
            i = out.find(mark, i + 2)
    return False


#: What orjson writes but ``json`` does not, or writes otherwise, is handed to ``json`` (which
#: refuses it or writes it its own way): dataclasses, dates and subclasses of str, int, dict, list.
_PLAIN_ONLY = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS


def _json_canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_bytes(data: Any) -> bytes:
    """The canonical JSON text of ``data`` as UTF-8: sorted keys, no spaces.

    orjson writes it (several times faster); a value it refuses (a key that is not a string, a
    whole number beyond 64 bits, a lone surrogate) or may write in another form (see
    ``_other_form``) is written by ``json`` instead, so the text is always Python's own and the
    hashes stored with campaigns stay valid. Not-a-number and the infinities are not JSON and no
    state holds them (``set`` refuses them, position files too; orjson would write null)."""
    try:
        out = orjson.dumps(data, option=orjson.OPT_SORT_KEYS | _PLAIN_ONLY)
    except TypeError:
        return _json_canonical(data).encode()
    if _other_form(out):
        return _json_canonical(data).encode()
    return out


def canonical(data: Any) -> str:
    """The canonical JSON text of ``data``: sorted keys, no spaces, UTF-8."""
    return canonical_bytes(data).decode()


#: Top-level keys of a state that its hash leaves out: the memory of the steps the engine closed
#: itself (``engine.flow.close``). It only explains refusals and decides nothing, it is rebuilt
#: the same way by every replay, and campaigns stored before it existed must still replay to
#: the hashes stored with their records.
UNHASHED = frozenset({"closed"})


def state_hash(data: Any) -> str:
    """SHA-256 of the canonical JSON of ``data`` (a state's ``UNHASHED`` keys left out)."""
    if isinstance(data, dict) and not UNHASHED.isdisjoint(data):
        data = {k: v for k, v in data.items() if k not in UNHASHED}
    return hashlib.sha256(canonical_bytes(data)).hexdigest()


def clone(data: Any) -> Any:
    """A deep copy through JSON, which also proves the value is plain JSON data (through orjson;
    what it refuses, such as a key that is not a string, through ``json``, as before)."""
    try:
        return orjson.loads(orjson.dumps(data, option=_PLAIN_ONLY))
    except TypeError:
        return json.loads(json.dumps(data))


def frozen(data: Any) -> bytes | str:
    """``data`` as JSON text to keep and read back later with ``thawed`` (a cheaper copy to make
    and to hold than a clone; not canonical: keys in their own order). orjson's bytes, or Python's
    text for what orjson refuses (orjson would read a whole number beyond 64 bits as a float)."""
    try:
        return orjson.dumps(data, option=_PLAIN_ONLY)
    except TypeError:
        return json.dumps(data)


def thawed(text: bytes | str) -> Any:
    """The data ``frozen`` kept (a copy of its own)."""
    return orjson.loads(text) if isinstance(text, bytes) else json.loads(text)


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
