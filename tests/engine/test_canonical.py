"""The canonical text written by orjson is byte for byte Python's json text, so stored hashes stay valid."""

import dataclasses
import json

import pytest

from engine import registry
from engine.kernel import Match
from engine.state import canonical, canonical_bytes, clone, state_hash
from tests.harness import walk


def python_canonical(data):
    """The canonical text as it was always written: Python's json, sorted keys, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("name", ["caucasus", "stalins-war"])
def test_every_state_of_a_long_random_game_has_the_same_canonical_text(name):
    """Every state of a long random game (leaving set-up) is written and cloned exactly as Python's json does."""
    game = registry.get(name)
    match = Match.new(game, next(iter(game.scenarios)), game.options, f"canonical-{name}")
    states = 0
    for i in range(150):
        if match.result() is not None:
            match = Match.new(game, next(iter(game.scenarios)), game.options, f"canonical-{name}-{i}")
        walk(match, 1, f"canonical-{name}-{i}")
        assert canonical(match.state) == python_canonical(match.state)
        assert clone(match.state) == json.loads(python_canonical(match.state))
        states += 1
    assert states == 150 and len(match.records) > 0


@pytest.mark.parametrize(
    "value",
    [0.5, 1.0, -0.0, 1 / 3, 0.0001, 1e-05, 4.2e-07, 1e15, 1e16, 1.5e20, 1e21, 5e-324, 1.7976931348623157e308, 123456789012345.6],
)
def test_floats_are_written_as_python_writes_them(value):
    """A float, plain or needing an exponent in Python's form, has Python's text (orjson's other forms fall back)."""
    data = {"mp": value, "list": [value, {"x": -value}]}
    assert canonical(data) == python_canonical(data)


def test_text_and_keys_in_any_script_are_written_as_python_writes_them():
    """Unicode text and keys (accents, astral characters, controls, separators) are sorted and escaped as Python does."""
    data = {"é": "Kertch\u2028", "😀": "\x00\x1f\x7f\b\f\n\r\t\"\\/", "B": "Ростов", "a": "ü", "\uffff": ["日本", "\u2029"]}
    assert canonical(data) == python_canonical(data)
    assert canonical_bytes(data) == python_canonical(data).encode()


def test_whole_numbers_of_any_size_are_written_as_python_writes_them():
    """Whole numbers at the 64-bit bounds and beyond them (where orjson refuses) keep Python's text."""
    data = {"big": [2**63 - 1, -(2**63), 2**64 - 1, 2**64, -(2**70), 10**40], "bool": [True, False, None]}
    assert canonical(data) == python_canonical(data)
    assert clone(data) == data


def test_keys_that_are_not_text_are_written_as_python_writes_them():
    """A whole-number key (orjson refuses it) is written and cloned as Python's json does: as text."""
    data = {"a": {10: "x", 2: "y"}, "b": {2: [3]}}
    assert canonical(data) == python_canonical(data)
    assert clone(data) == {"a": {"10": "x", "2": "y"}, "b": {"2": [3]}}


def test_a_value_that_is_not_plain_json_is_still_refused():
    """A dataclass in a state is refused by clone and canonical, as Python's json refuses it (orjson would write it)."""

    @dataclasses.dataclass
    class Point:
        x: int

    with pytest.raises(TypeError):
        clone({"p": Point(1)})
    with pytest.raises(TypeError):
        canonical({"p": Point(1)})


def test_the_hash_is_the_sha256_of_python_s_text():
    """A state's hash is unchanged: SHA-256 of Python's canonical text, its unhashed keys left out."""
    import hashlib

    data = {"turn": 3, "mp": 1.5, "closed": ["x"], "name": "Tuapse"}
    expected = hashlib.sha256(python_canonical({"turn": 3, "mp": 1.5, "name": "Tuapse"}).encode()).hexdigest()
    assert state_hash(data) == expected


def test_text_that_looks_like_a_number_is_written_as_python_writes_it():
    """Labels such as '1e-5', '0.00001' or 'ge-11a' (which send the text to the slower writer or not) keep Python's text."""
    data = {"1e-5": "0.00001", "units": ["ge-11a", "2e+3", "x0.0000y"], "mp": [0.5, 2.0]}
    assert canonical(data) == python_canonical(data)
