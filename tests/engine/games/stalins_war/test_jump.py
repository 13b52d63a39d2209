"""The referee's jump to a step of a combat or of the combat step (issue 14): 'jump STEP [RESULTS]'."""

from __future__ import annotations

import pytest

from engine.errors import InvalidOrder
from engine.games.stalins_war import terrain
from engine.games.stalins_war.model import AXIS
from engine.kernel import Match
from tests.engine.games.stalins_war.flow_helpers import RULES, at_ar, new_match, ref, texts, top


def target_of(origin: str) -> str:
    return next(n for n in RULES.board.neighbours(origin) if terrain.passable(RULES, origin, n))


@pytest.fixture
def combat_step() -> Match:
    """Turn 10, Axis AR2 (AX5 for OPS): the German 4th Army in 1621 with a Combat marker, a Soviet front next to it."""
    m = new_match("jump")
    ref(m, "clear")
    ref(m, "place ge-4a 1621")
    ref(m, f"place su-bryansk-front {target_of('1621')}")
    at_ar(m, 10, AXIS, 2, hand=("AX5", "AX6", "AX7"))
    m.submit(AXIS, "play AX5 ops")
    m.submit(AXIS, "combat 1621")
    return m


@pytest.fixture
def in_cc_window(combat_step: Match) -> Match:
    """The attack declared: the attacker's Combat Card window is open (11.2.1(3))."""
    combat_step.submit(AXIS, f"attack {target_of('1621')} with ge-4a")
    assert top(combat_step) == "battle_cc"
    return combat_step


def test_a_jump_to_the_losses_with_results_applies_them_and_goes_on(in_cc_window: Match) -> None:
    """'jump def_losses 2 1' closes the card window, takes 2 losses from the defender and 1 from the attacker, then the advance."""
    m = in_cc_window
    rec = ref(m, "jump def_losses 2 1")
    combat = m.state["flow"][-2]["combat"]
    assert (combat["att_result"], combat["def_result"], combat["winner"]) == ("2", "1", AXIS)
    assert top(m) == "battle_advance"
    assert any("step 'def_losses'" in line for line in texts([rec]))


def test_a_jump_to_fire_rolls_the_fire_of_both_sides(in_cc_window: Match) -> None:
    """'jump fire' skips the card windows: both sides fire (11.2.1(4)) and the combat has its results."""
    m = in_cc_window
    ref(m, "jump fire")
    assert m.state["last"].get("result")


def test_a_step_after_fire_without_results_is_refused(in_cc_window: Match) -> None:
    """A combat that has not fired cannot jump to its winner without the results of fire; the example is given."""
    with pytest.raises(InvalidOrder) as info:
        ref(in_cc_window, "jump winner")
    assert "jump winner 2 1*" in str(info.value)


def test_an_unknown_step_is_refused_listing_the_accepted_ones(in_cc_window: Match) -> None:
    """'jump lunch' names every step a jump accepts."""
    with pytest.raises(InvalidOrder) as info:
        ref(in_cc_window, "jump lunch")
    assert "att_cc" in str(info.value) and "exploit" in str(info.value)


def test_bad_results_are_refused(in_cc_window: Match) -> None:
    """Results must be two Loss Numbers: 2, 1* or -."""
    for line in ("jump def_losses 2", "jump def_losses two 1", "jump def_losses 2 1 3"):
        with pytest.raises(InvalidOrder):
            ref(in_cc_window, line)


def test_a_combat_step_is_needed_for_a_jump() -> None:
    """Outside a combat step, 'jump exploit' and 'jump fire' are refused, saying what they need."""
    m = new_match("jump")
    at_ar(m, 10, AXIS, 2)
    for line in ("jump exploit", "jump fire"):
        with pytest.raises(InvalidOrder):
            ref(m, line)


def test_a_jump_to_exploitation_ends_the_attacks(combat_step: Match) -> None:
    """With a Blitz marker, 'jump exploit' ends movement and attacks: the side is asked for its exploits (12.2)."""
    m = combat_step
    m.submit(AXIS, "done")
    assert top(m) == "combat_step"
    ref(m, "history round blitz 1621 on")
    ref(m, "jump exploit")
    assert top(m) == "exploit_step" and m.active() == {AXIS}


def test_a_jump_back_to_the_attacks_leaves_the_exploitation(combat_step: Match) -> None:
    """'jump attacks' from the exploitation step gives the side its attacks again."""
    m = combat_step
    m.submit(AXIS, "done")
    ref(m, "history round blitz 1621 on")
    ref(m, "jump exploit")
    ref(m, "jump attacks")
    assert top(m) == "combat_step" and m.active() == {AXIS}


def test_a_jump_past_the_losses_takes_them_first(in_cc_window: Match) -> None:
    """'jump winner 2 1' before any loss: 11.2.1(6) comes first, so the front takes 2 losses and the
    4th Army 1 (ruling V8), and the winner follows from them (11.2.1(7))."""
    m = in_cc_window
    rec = ref(m, "jump winner 2 1")
    for _ in range(4):  # the loss windows the sides still choose in
        if top(m) != "battle_loss":
            break
        m.submit(sorted(m.active())[0], "loss auto")
    assert m.state["units"]["su-bryansk-front"]["hex"] is None
    assert m.state["units"]["ge-4a"]["level"] == 1
    assert any("11.2.1(6)" in line for line in texts([rec]))


def test_a_jump_back_to_the_winner_takes_no_loss_again(in_cc_window: Match) -> None:
    """After the losses were taken, 'jump winner' decides the winner again without a second loss."""
    m = in_cc_window
    ref(m, "jump def_losses 1 -")
    assert m.state["units"]["su-bryansk-front"]["level"] == 1 and top(m) == "battle_retreat"
    rec = ref(m, "jump winner")
    assert m.state["units"]["su-bryansk-front"]["level"] == 1
    assert not any("11.2.1(6)" in line for line in texts([rec]))
