"""The resumable walk (engine/walk.py): pauses only where asked, resumes without asking again."""

from engine import walk


def test_a_walk_with_no_pause_runs_to_its_end():
    """Nothing pauses it: every step is taken and the walk is over."""
    w = walk.start(["a", "b", "c"])
    steps = []
    assert walk.advance(w, lambda m, i: False, lambda i: steps.append(i) or True) == "done"
    assert steps == [1, 2] and walk.position(w) == "c" and w["done"]


def test_a_walk_pauses_on_entering_and_resumes_past_that_moment():
    """A pause on entering b stops there; the next advance goes on without asking about b's entry again."""
    w = walk.start(["a", "b", "c"])
    asked = []

    def may_pause(moment, i):
        asked.append((moment, i))
        return (moment, i) == ("enter", 1)

    assert walk.advance(w, may_pause, lambda i: True) == "pause"
    assert walk.position(w) == "b"
    assert walk.advance(w, may_pause, lambda i: True) == "done"
    assert asked == [("leave", 0), ("enter", 1), ("leave", 1), ("enter", 2)]


def test_a_pause_on_leaving_keeps_the_mover_in_place():
    """Trying to leave the start pauses before any step; stopping then leaves the mover there."""
    w = walk.start(["a", "b"])
    assert walk.advance(w, lambda m, i: m == "leave", lambda i: True) == "pause"
    assert walk.position(w) == "a"
    walk.stop(w)
    assert walk.advance(w, lambda m, i: False, lambda i: True) == "done" and walk.position(w) == "a"


def test_a_step_that_must_stop_ends_the_walk():
    """A step returning False (a failed check) ends the walk in that hex."""
    w = walk.start(["a", "b", "c"])
    assert walk.advance(w, lambda m, i: False, lambda i: i != 1) == "done"
    assert walk.position(w) == "b" and w["done"]


def test_a_walk_of_one_position_is_already_over():
    """A path with only its start has nothing to walk."""
    assert walk.start(["a"])["done"]
