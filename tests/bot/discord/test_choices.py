"""Custom ids that carry the state, and autocompletion from the legal actions."""

import pytest

from bot.discord.choices import CUSTOM_ID_LIMIT, Kind, Ref, complete, filter_names, state_tag
from bot.discord.client import by_role


@pytest.mark.parametrize(
    "ref",
    [
        Ref(Kind.DECIDE, 12, "soviet", "0123456789abcdef"),
        Ref(Kind.CHOICE, 12, "axis", "0123456789abcdef", 24),
        Ref(Kind.SELECT, 3, "red", "fedcba9876543210"),
        Ref(Kind.PRIVATE, 3, "blue", "adj1234"),
    ],
)
def test_custom_ids_round_trip(ref):
    """Every component id parses back to what it was built from, within 100 characters."""
    assert len(ref.custom_id) <= CUSTOM_ID_LIMIT
    assert Ref.parse(ref.custom_id) == ref


def test_foreign_custom_ids_are_not_ours():
    assert Ref.parse("other:bot:1") is None
    assert Ref.parse("adj:c:1:red:short:1") is None


def test_state_tag_is_a_prefix_of_the_hash():
    assert state_tag("ab" * 32) == "ab" * 8


ACTIONS = ["end", "ready"] + [f"move {u} {c:02d}{r:02d}" for u in ("13pz", "16mot", "sskdiv") for c in range(10, 14) for r in range(10, 14)]


def test_complete_offers_whole_orders_when_few_match():
    got = complete(ACTIONS, "move 13pz 101")
    assert [c.value for c in got] == ["move 13pz 1010", "move 13pz 1011", "move 13pz 1012", "move 13pz 1013"]


def test_complete_offers_the_next_word_when_too_many_match():
    """48 moves do not fit 25 choices: the units that can move are offered instead."""
    got = complete(ACTIONS, "mo")
    assert [c.value for c in got] == ["move 13pz", "move 16mot", "move sskdiv"]
    assert got[0].name.endswith("\u2026")
    assert {c.value for c in complete(ACTIONS, "")} >= {"end", "ready", "move 13pz"}


def test_complete_forgives_words_out_of_order():
    assert [c.value for c in complete(ACTIONS, "sskdiv 1313")] == ["move sskdiv 1313"]


def test_filter_names_prefers_prefixes():
    assert filter_names(["caucasus", "duel", "stalins-war"], "a") == ["caucasus", "stalins-war"]
    assert filter_names(["duel", "caucasus"], "du") == ["duel"]


def test_typed_lines_are_grouped_by_side_prefix():
    """'SIDE:' picks one of the sender's seats; lines without a prefix follow the previous one."""
    text = "move r1 0102\nblue: pass\nbrace\nred: end\ngreen: hello"
    assert by_role(text, ["blue", "red"]) == [
        (None, "move r1 0102"),
        ("blue", "pass\nbrace"),
        ("red", "end\ngreen: hello"),
    ]
