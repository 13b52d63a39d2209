import pytest

from engine.cards import draw, hidden, play, shuffle_into
from engine.kernel import KernelContext


def test_shuffle_is_seeded_and_a_barrier():
    a, b = [], []
    ctx_a, ctx_b = KernelContext("s", 0), KernelContext("s", 0)
    shuffle_into(a, [str(i) for i in range(20)], ctx_a)
    shuffle_into(b, [str(i) for i in range(20)], ctx_b)
    assert a == b and sorted(a) == sorted(str(i) for i in range(20)) and a != [str(i) for i in range(20)]
    assert ctx_a.barrier


def test_draw_reshuffles_the_discard_when_the_deck_runs_out():
    deck, hand, discard = ["a", "b"], [], ["c", "d", "e"]
    ctx = KernelContext("s", 0)
    drawn = draw(deck, hand, 4, discard, ctx)
    assert drawn[:2] == ["a", "b"] and len(drawn) == 4 and not discard and len(deck) == 1
    assert sorted(hand) == sorted(drawn)


def test_draw_stops_when_nothing_is_left():
    hand: list[str] = []
    assert draw(["a"], hand, 3) == ["a"] and hand == ["a"]


def test_play_moves_a_held_card_and_refuses_one_not_held():
    hand, discard = ["a", "b"], []
    play(hand, "a", discard)
    assert hand == ["b"] and discard == ["a"]
    with pytest.raises(ValueError):
        play(hand, "z", discard)


def test_hidden_shows_only_the_size():
    assert hidden(["secret-1", "secret-2"]) == {"count": 2}
