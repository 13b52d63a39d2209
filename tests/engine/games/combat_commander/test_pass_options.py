"""The turn's options show a Pass discarding several cards, as it may (O15)."""

from __future__ import annotations

from tests.engine.games.combat_commander.helpers import new_match, play


def test_the_options_offer_a_pass_discarding_up_to_the_capacity() -> None:
    """Besides a Pass with one discard, the options show one discarding as many cards as the capacity allows (O15)."""
    m = new_match()
    side = m.state["sides"]["axis"]
    passes = [a for a in m.prompt("axis").actions if a.verb == "pass"]
    assert max(len(a.args) for a in passes) == side["discard_cap"] == 2
    several = next(a for a in passes if len(a.args) == 2)
    assert several.text == f"pass {' '.join(sorted(side['hand'])[:2])}"


def test_the_pass_with_several_discards_offered_is_legal() -> None:
    """The offered Pass discarding several cards is accepted as given and discards them all (O15)."""
    m = new_match()
    several = next(a for a in m.prompt("axis").actions if a.verb == "pass" and len(a.args) == 2)
    play(m, "axis", "pass", *several.args)
    assert set(several.args) <= set(m.state["sides"]["axis"]["discard"])
    assert m.active() == frozenset({"allies"})


def test_a_single_card_hand_offers_no_several_discard_pass() -> None:
    """With one card in hand there is nothing more to discard: only the single-card Pass is shown (O15)."""
    m = new_match()
    side = m.state["sides"]["axis"]
    side["deck"] += side["hand"][1:]
    del side["hand"][1:]
    passes = [a for a in m.prompt("axis").actions if a.verb == "pass"]
    assert sorted(len(a.args) for a in passes) == [0, 1]
