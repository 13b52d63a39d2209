"""The actions around a melee (O16.4, digest 6.3 W6): Ambush (A25), No Quarter (A38), and Command
Confusion, which is never played (A28, O19)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import (
    ANSWERED,
    DATA,
    GAME,
    find,
    hold,
    hold_action,
    new_match,
    only_units,
    play,
    play_only,
    stack,
    texts,
    top,
)

DATA_CARDS = {c.id: c for deck in DATA.decks.values() for c in deck}


def without_action(m: Match, role: str, action: str) -> None:
    """Swap every card with ``action`` out of ``role``'s hand."""
    side = m.state["sides"][role]
    for i, cid in enumerate(side["hand"]):
        if DATA_CARDS[cid].action == action:
            spare = next(c for c in side["deck"] if DATA_CARDS[c].action != action)
            side["deck"].remove(spare)
            side["deck"].append(cid)
            side["hand"][i] = spare


def farm_melee(m: Match, axis_units: tuple[str, ...] = ("g-s1",), *, axis: int = 12, allies: int = 2) -> None:
    """The Axis (active) advances ``axis_units`` from B7 into C7, held by a-s1; the melee rolls are stacked."""
    only_units(m, {**{u: "B7" for u in axis_units}, "g-s4": "N1", "a-s1": "C7", "a-s2": "N9"})
    cid = hold(m, "axis", "advance")
    stack(m, "axis", [find("axis", total=axis, trigger="", exclude=(cid,))])
    stack(m, "allies", [find("allies", total=allies, trigger="")])
    lead = ["g-l1"] if len(axis_units) > 1 else []
    if lead:
        m.state["units"]["g-l1"]["hex"] = "B7"
    play_only(m, "axis", "advance", cid, *lead, *axis_units)
    for u in axis_units:
        if top(m) == "advance_order":
            play_only(m, "axis", "step", u, "C7")
        if top(m) == "advance_window":  # the Defense player's Hidden Mines / Wire (A35.2, A35.5)
            play_only(m, "allies", "pass")
    if top(m) == "advance_order":
        play_only(m, "axis", "done")


def answer(m: Match, until: str = "") -> list[str]:
    """Answer every window and held roll with its default, up to ``until``; the procedures met, in order."""
    seen: list[str] = []
    while m.state.get("flow") and top(m) in ANSWERED and top(m) != until:
        seen.append(top(m))
        m.play(sorted(m.active())[0], Action(ANSWERED[top(m)]))
    return seen


# Ambush (A25) ----------------------------------------------------------------------------------


def test_the_ambush_window_opens_before_the_melee_dice_for_the_inactive_player_first() -> None:
    """A25, A24.2: before any melee roll, the inactive player is asked first, whatever his hand holds."""
    m = new_match()
    without_action(m, "allies", "ambush")
    farm_melee(m)
    assert top(m) == "ambush_window" and m.active() == {"allies"}
    assert GAME.prompt(m.state, "allies").actions == (Action("pass"),)
    assert GAME.prompt(m.state, "allies").default == Action("pass")
    assert len(m.state["sides"]["allies"]["discard"]) == 0  # no melee roll yet


def test_the_active_player_ambushes_only_after_the_inactive_player_has_passed() -> None:
    """A25: the inactive player plays all his Ambushes before the active player plays the first."""
    m = new_match()
    hold_action(m, "axis", "ambush")
    farm_melee(m)
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "ambush")
    assert exc.value.rule == "A25"
    play_only(m, "allies", "pass")
    assert top(m) == "ambush_window" and m.active() == {"axis"}


def test_an_ambush_on_a_lone_unit_breaks_it_at_once() -> None:
    """A25: the opponent's only unit in the melee breaks; with one possible choice nobody is asked."""
    m = new_match()
    cid = hold_action(m, "allies", "ambush")
    farm_melee(m)
    recs = play_only(m, "allies", "ambush")
    assert m.state["units"]["g-s1"]["broken"] and cid in m.state["sides"]["allies"]["discard"]
    assert top(m) == "ambush_window" and m.active() == {"allies"}  # he may play another
    assert any("Ambush" in line for line in texts(recs))


def test_the_ambushed_player_chooses_which_of_his_units_breaks() -> None:
    """A25: the opponent chooses one of his units in the melee; the others are untouched."""
    m = new_match()
    hold_action(m, "allies", "ambush")
    farm_melee(m, ("g-s1", "g-s2"))
    play_only(m, "allies", "ambush")
    assert top(m) == "ambush_pick" and m.active() == {"axis"}
    play_only(m, "axis", "choose", "g-s2")
    assert m.state["units"]["g-s2"]["broken"] and not m.state["units"]["g-s1"]["broken"]
    assert top(m) == "ambush_window" and m.active() == {"allies"}


def test_the_ambush_choice_publishes_a_good_order_unit_of_fewest_vp_as_default() -> None:
    """R56: by default the ambushed player breaks a good-order unit before a broken one, the fewest VP first."""
    m = new_match()
    hold_action(m, "allies", "ambush")
    farm_melee(m, ("g-s1", "g-s2"))
    m.state["units"]["g-l1"]["hex"] = "N2"  # the leader stays behind
    play_only(m, "allies", "ambush")
    assert GAME.prompt(m.state, "axis").default == Action("choose", ("g-s1",))
    m.state["units"]["g-s1"]["broken"] = True
    assert GAME.prompt(m.state, "axis").default == Action("choose", ("g-s2",))


def test_a_unit_not_in_the_melee_cannot_be_chosen_to_break() -> None:
    """A25: the unit broken is one of the ambushed player's units in the melee."""
    m = new_match()
    hold_action(m, "allies", "ambush")
    farm_melee(m, ("g-s1", "g-s2"))
    play_only(m, "allies", "ambush")
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "choose", "g-s3")
    assert exc.value.rule == "A25"


def test_an_ambush_eliminates_a_broken_unit_and_the_melee_then_has_no_further_effect() -> None:
    """A25, 3.2.4, O16.4.1: a broken unit ambushed is eliminated; a side left without units ends the melee without rolls."""
    m = new_match()
    hold_action(m, "axis", "ambush")
    m.state["units"]["a-s1"]["broken"] = True
    farm_melee(m)
    play_only(m, "allies", "pass")
    recs = play_only(m, "axis", "ambush")
    recs += play_only(m, "axis", "pass")
    assert m.state["units"]["a-s1"]["hex"] is None and m.state["units"]["g-s1"]["hex"] == "C7"
    assert any("no further effect (O16.4.1)" in line for line in texts(recs))
    assert not any("melee FP" in line for line in texts(recs)) and top(m) == "turn"


def test_ambushes_are_resolved_before_the_melee_fp_is_computed() -> None:
    """O16.4.1: the melee FP counts the units as the Ambushes left them (the broken side's FP of the Squad)."""
    m = new_match()
    hold_action(m, "allies", "ambush")
    farm_melee(m)
    play_only(m, "allies", "ambush")
    play_only(m, "allies", "pass")
    recs = play_only(m, "axis", "pass")
    recs += play(m, "allies", "accept")
    broken_fp = DATA.counters[m.state["units"]["g-s1"]["type"]].broken["fp"]
    assert any(f"axis in C7: melee FP {broken_fp} + 12" in line for line in texts(recs))


def test_ambush_is_refused_outside_a_melee() -> None:
    """A25: Ambush is played only before the dice are rolled in a melee."""
    m = new_match()
    hold_action(m, "axis", "ambush")
    with pytest.raises(IllegalOrder) as exc:
        GAME.parse(m.state, "axis", "ambush")
    assert exc.value.rule == "A25"


def test_a_standing_pass_answers_the_ambush_window() -> None:
    """Digest 6.4: 'react windows pass' answers the Ambush window for its author this turn."""
    m = new_match()
    hold_action(m, "allies", "ambush")
    play_only(m, "allies", "react", "windows", "pass")
    farm_melee(m)
    assert top(m) == "ambush_window" and m.active() == {"axis"}


def test_melee_rolls_stay_held_for_the_initiative_card_after_the_ambush_window() -> None:
    """9.1, O16.4.2: once the Ambush window is over, the inactive player's melee roll waits for the holder."""
    m = new_match()
    farm_melee(m)
    assert answer(m)[:3] == ["ambush_window", "ambush_window", "cc_roll"]


# No Quarter (A38) ------------------------------------------------------------------------------


def rus(total: int) -> str:
    return next(c.id for c in DATA.decks["russia"] if c.white + c.red == total and not c.trigger and c.order != "advance")


def village_melee(*, axis: int, allies: int) -> Match:
    """The Russian (active) advances r-s1 from H6 into H5, held by g-s1; the melee rolls are stacked."""
    m = Match.new(GAME, "village", GAME.options, "cc-village")
    only_units(m, {"g-s1": "H5", "g-s2": "J5", "r-s1": "H6", "r-s2": "D10"})
    cid = hold(m, "allies", "advance")
    stack(m, "axis", [find("axis", total=axis, trigger="")])
    stack(m, "allies", [rus(allies)])
    play_only(m, "allies", "advance", cid, "r-s1")
    play_only(m, "allies", "step", "r-s1", "H5")
    if top(m) == "advance_window":  # the Defense player's Hidden Mines / Wire (A35.2, A35.5)
        play_only(m, "axis", "pass")
    return m


def test_the_russian_survivor_of_a_melee_may_play_no_quarter_for_two_vp() -> None:
    """A38: at the conclusion of a melee a Russian player with a unit left plays No Quarter: +2 VP."""
    m = village_melee(axis=2, allies=12)
    cid = hold_action(m, "allies", "no_quarter")
    assert answer(m, "no_quarter_window")[-1] == "cc_roll"
    assert m.state["units"]["g-s1"]["hex"] is None
    assert top(m) == "no_quarter_window" and m.active() == {"allies"}
    vp = m.state["vp"]
    play_only(m, "allies", "no-quarter")
    assert m.state["vp"] == vp - 2 and cid in m.state["sides"]["allies"]["discard"]


def test_the_german_survivor_against_a_russian_is_asked_about_no_quarter() -> None:
    """A38: the German player may play No Quarter when his opponent is Russian and one of his units survived."""
    m = village_melee(axis=12, allies=2)
    answer_rolls = answer(m, "no_quarter_window")
    assert answer_rolls[-1] == "cc_roll" and m.state["units"]["r-s1"]["hex"] is None
    assert top(m) == "no_quarter_window" and m.active() == {"axis"}


def test_no_quarter_is_not_offered_to_a_player_with_no_unit_left() -> None:
    """A38: the card needs one of the player's units to have survived the melee: the loser is not asked."""
    m = village_melee(axis=2, allies=12)
    answer(m, "no_quarter_window")
    assert m.state["flow"][-1]["roles"] == ["allies"]


def test_no_quarter_never_opens_between_germans_and_americans() -> None:
    """A38: a German against an American opponent may not play No Quarter, so no window opens."""
    m = new_match()
    farm_melee(m)
    assert "no_quarter_window" not in answer(m) and top(m) == "turn"


def test_no_quarter_is_refused_to_an_american_player() -> None:
    """A38: only the German against a Russian, or the Russian, plays No Quarter."""
    m = new_match()
    with pytest.raises(IllegalOrder) as exc:
        GAME.parse(m.state, "allies", "no-quarter")
    assert exc.value.rule == "A38"


def test_no_quarter_is_refused_outside_the_conclusion_of_a_melee() -> None:
    """A38: the card is played at the conclusion of a melee."""
    m = Match.new(GAME, "village", GAME.options, "cc-village")
    with pytest.raises(IllegalOrder) as exc:
        GAME.parse(m.state, "allies", "no-quarter")
    assert exc.value.rule == "A38"


# Command Confusion (A28, O19) --------------------------------------------------------------------


def test_command_confusion_is_refused_as_an_action_naming_a28() -> None:
    """A28: Command Confusion cannot be played as an action (here in the opponent's turn, R69)."""
    m = new_match()
    with pytest.raises(IllegalOrder) as exc:
        GAME.parse(m.state, "allies", "command-confusion")
    assert exc.value.rule == "A28"


def test_a_card_whose_action_is_command_confusion_cannot_be_played_for_an_action() -> None:
    """A28: naming a Command Confusion card for an action is refused with A28."""
    m = new_match()
    cid = hold_action(m, "allies", "command_confusion")
    farm_melee(m)
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "allies", "ambush", cid)
    assert exc.value.rule == "A28" and cid in m.state["sides"]["allies"]["hand"]


def test_a_card_whose_order_is_command_confusion_cannot_be_played_as_an_order() -> None:
    """O19: Command Confusion cannot be played as an order."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "N9"})
    cid = hold(m, "axis", "command_confusion")
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "move", cid, "g-s1")
    assert exc.value.rule == "O19"


def test_the_melee_fp_is_fixed_before_the_rolls() -> None:
    """O16.4.1-2, R58: each side's melee FP is computed once the Ambushes are over, before the inactive player rolls."""
    m = new_match()
    farm_melee(m)
    answer(m, "cc_roll")
    m.play("allies", Action("accept"))  # the inactive player's roll
    m.state["units"]["g-s1"]["broken"] = True  # as a trigger of that roll might do
    recs = play(m, "allies", "accept")
    assert any("axis in C7: melee FP 5 + 12" in line for line in texts(recs))


# The order of several melees (O16.4) -----------------------------------------------------------


def two_melees(m: Match) -> None:
    """The Axis advances g-s1 into C7 (a-s1) and g-s2 into C8 (a-s2) in one order led by g-l1."""
    only_units(m, {"g-l1": "B7", "g-s1": "B7", "g-s2": "B7", "g-s4": "N1", "a-s1": "C7", "a-s2": "C8", "a-s3": "N9"})
    cid = hold(m, "axis", "advance")
    play_only(m, "axis", "advance", cid, "g-l1", "g-s1", "g-s2")
    for unit, hex_ in (("g-s1", "C7"), ("g-s2", "C8")):
        play_only(m, "axis", "step", unit, hex_)
        if top(m) == "advance_window":  # the Defense player's Hidden Mines / Wire (A35.2, A35.5)
            play_only(m, "allies", "pass")
    if top(m) == "advance_order":
        play_only(m, "axis", "done")


def test_the_active_player_chooses_the_order_of_several_melees() -> None:
    """O16.4: with several melees, the active player picks which is resolved first; 'pass' is the published default."""
    m = new_match()
    two_melees(m)
    assert top(m) == "melee_order" and m.active() == {"axis"}
    assert GAME.prompt(m.state, "axis").default == Action("pass")
    play_only(m, "axis", "choose", "C8")
    assert top(m) == "ambush_window" and m.state["flow"][-1]["hex"] == "C8"


def test_pass_resolves_the_melees_in_hex_order() -> None:
    """R15: 'pass' keeps the order by hex label for every melee of the order."""
    m = new_match()
    two_melees(m)
    play_only(m, "axis", "pass")
    assert top(m) == "ambush_window" and m.state["flow"][-1]["hex"] == "C7"


def test_a_hex_without_a_melee_cannot_be_chosen() -> None:
    """O16.4: the choice is among the hexes whose melee is still to be resolved."""
    m = new_match()
    two_melees(m)
    with pytest.raises(IllegalOrder) as exc:
        play_only(m, "axis", "choose", "B7")
    assert exc.value.rule == "O16.4"


def test_the_last_melee_needs_no_choice() -> None:
    """O16.4: once one melee is left, it is resolved without asking."""
    m = new_match()
    two_melees(m)
    play_only(m, "axis", "choose", "C8")
    assert "melee_order" not in answer(m, "melee_order") and top(m) != "melee_order"


def test_a_player_whose_units_were_all_ambushed_may_still_ambush() -> None:
    """A25, R56: both sides may be wiped out by Ambushes: the active player ambushes even with no unit of his left."""
    m = new_match()
    hold_action(m, "allies", "ambush")
    hold_action(m, "axis", "ambush")
    m.state["units"]["g-s1"]["broken"] = True
    farm_melee(m)
    play_only(m, "allies", "ambush")
    assert m.state["units"]["g-s1"]["hex"] is None
    play_only(m, "allies", "pass")
    assert any(a.verb == "ambush" for a in GAME.prompt(m.state, "axis").actions)
    play_only(m, "axis", "ambush")
    assert m.state["units"]["a-s1"]["broken"]


def test_no_quarter_follows_a_melee_ended_by_ambushes() -> None:
    """R57: a melee that ended with no further effect is concluded too: the survivor may play No Quarter."""
    m = village_melee(axis=2, allies=12)
    hold_action(m, "allies", "ambush")
    m.state["units"]["g-s1"]["broken"] = True
    play_only(m, "axis", "pass")
    play_only(m, "allies", "ambush")
    play_only(m, "allies", "pass")
    assert m.state["units"]["g-s1"]["hex"] is None
    assert top(m) == "no_quarter_window" and m.active() == {"allies"}


def test_the_ambush_choice_lets_go_when_the_referee_removed_the_units() -> None:
    """A25: with no unit of his left in the melee (a referee's change), the ambushed player has nothing to break and passes."""
    m = new_match()
    hold_action(m, "allies", "ambush")
    farm_melee(m, ("g-s1", "g-s2"))
    play_only(m, "allies", "ambush")
    for uid in ("g-s1", "g-s2"):
        m.state["units"][uid]["hex"] = None
    assert GAME.prompt(m.state, "axis").actions == (Action("pass"),)
    play_only(m, "axis", "pass")
    assert top(m) == "ambush_window"
