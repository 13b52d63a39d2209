"""``engine.replaying.recall``: a search's answer remembered on the record, numbered within it."""

from engine import replaying
from engine.kernel import KernelContext


def _search(answers: list[int]):
    calls: list[int] = []

    def search() -> int:
        calls.append(1)
        return answers[len(calls) - 1]

    return search, calls


def test_a_new_record_notes_each_answer_under_its_own_numbered_name():
    """Two answers of the same name in one order are both kept: ``name`` and ``name#2``."""
    ctx = KernelContext("seed", 0)
    search, calls = _search([3, 5])
    assert replaying.recall(ctx, "oil axis", search, int, lambda v: v) == 3
    assert replaying.recall(ctx, "oil axis", search, int, lambda v: v) == 5
    assert ctx.found == {"oil axis": 3, "oil axis#2": 5}
    assert len(calls) == 2


def test_replaying_an_accepted_record_reads_the_answers_back_without_searching():
    ctx = KernelContext("seed", 0, accepted=True, found={"oil axis": 3, "oil axis#2": 5})
    search, calls = _search([0, 0])
    got = [replaying.recall(ctx, "oil axis", search, int, lambda v: v) for _ in range(2)]
    assert got == [3, 5] and calls == []
    assert ctx.found == {"oil axis": 3, "oil axis#2": 5}  # noted again: the replayed record is the same


def test_an_answer_the_game_refuses_to_load_is_searched_again():
    ctx = KernelContext("seed", 0, accepted=True, found={"oil axis": "many"})
    search, calls = _search([2])
    assert replaying.recall(ctx, "oil axis", search, int, lambda v: v if isinstance(v, int) else None) == 2
    assert calls == [1] and ctx.found == {"oil axis": 2}


def test_a_record_from_outside_is_searched_even_with_answers_on_it():
    """Without ``accepted`` (an imported file, ``adjutant replay``) the noted answers are not read."""
    ctx = KernelContext("seed", 0, accepted=False, found={"oil axis": 3})
    search, calls = _search([4])
    assert replaying.recall(ctx, "oil axis", search, int, lambda v: v) == 4
    assert calls == [1]


def test_marks_are_noted_sparsely_and_read_back_whole():
    """``recall_marks`` notes only the units off the default mark and reads every unit back."""
    ctx = KernelContext("seed", 0)
    got = replaying.recall_marks(ctx, "supply axis", ["a", "b"], lambda: {"a": "full", "b": "out"}, "full", ("out",))
    assert got == {"a": "full", "b": "out"} and ctx.found == {"supply axis": {"b": "out"}}
    again = KernelContext("seed", 0, accepted=True, found=ctx.found)
    assert replaying.recall_marks(again, "supply axis", ["a", "b"], lambda: {}, "full", ("out",)) == got


def test_a_mark_for_a_unit_not_listed_is_searched_again():
    ctx = KernelContext("seed", 0, accepted=True, found={"supply axis": {"z": "out"}})
    assert replaying.recall_marks(ctx, "supply axis", ["a"], lambda: {"a": "out"}, "full", ("out",)) == {"a": "out"}
