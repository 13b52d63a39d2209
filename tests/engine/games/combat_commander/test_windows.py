"""The windows of a Fire attack (A24.2, digest 6.3 W3-W5), the Initiative card's re-roll (9.1)
and the private standing reactions (digest 6.4)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from tests.engine.games.combat_commander.helpers import (
    GAME,
    find,
    hold,
    hold_action,
    new_match,
    only_units,
    play,
    play_only,
    settle,
    stack,
    texts,
    top,
    without_action,
)


def axis_attacks(m, attack: tuple[int, int], defense: list[tuple[int, int]], firers=("g-s1",), target="D7", trigger=""):  # type: ignore[no-untyped-def]
    """Axis orders Fire with ``firers`` and announces the attack on ``target``; stops at the first window."""
    cid = hold(m, "axis", "fire")
    a = find("axis", white=attack[0], red=attack[1], trigger=trigger, exclude=(cid,))
    stack(m, "axis", [a])
    d: list[str] = []
    for w, r in defense:
        d.append(find("allies", white=w, red=r, trigger="", exclude=tuple(d)))
    stack(m, "allies", d)
    play_only(m, "axis", "fire", cid, *firers)
    return play_only(m, "axis", "attack", target, *firers)


def test_the_window_before_the_attack_roll_opens_for_the_firer_whatever_his_hand():
    """W3 opens before every Fire attack roll, even for a player holding no action card (A24.2, digest 6.4)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    for action in ("crossfire", "hand_grenades", "marksmanship", "spray_fire", "sustained_fire", "bore_sighting"):
        without_action(m, "axis", action)
    axis_attacks(m, (6, 6), [(1, 1)])
    assert top(m) == "attack_window" and m.active() == {"axis"}
    prompt = GAME.prompt(m.state, "axis")
    assert prompt.default == Action("pass") and prompt.actions == (Action("pass"),)


def test_the_attack_roll_waits_for_the_initiative_holder_before_anything_applies():
    """9.1: after the attack roll the holder decides first; the defender has not rolled or been hit yet."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    axis_attacks(m, (6, 6), [(1, 1)])
    play_only(m, "axis", "pass")
    assert top(m) == "cc_roll" and m.active() == {"allies"} and m.state["initiative"] == "allies"
    assert not m.state["units"]["a-s1"]["broken"]
    assert GAME.prompt(m.state, "allies").default == Action("accept")


def test_reroll_passes_the_initiative_card_and_cancels_the_roll_and_its_event():
    """9.1: the cancelled roll's Event! never happens, the card passes to the opponent, the new roll counts."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    axis_attacks(m, (1, 1), [(6, 6)])
    first = find("axis", trigger="event")
    deck = m.state["sides"]["axis"]["deck"]
    deck.remove(first)
    deck.insert(0, first)  # the attack roll shows Event!; the 1+1 behind it is the re-roll
    event_card = deck[2]
    play_only(m, "axis", "pass")
    recs = play_only(m, "allies", "reroll")
    assert m.state["initiative"] == "axis" and m.active() == {"axis"}
    recs += play(m, "axis", "accept")
    lines = texts(recs)
    assert not any("Event!" in line for line in lines)
    assert event_card not in m.state["sides"]["axis"]["discard"]
    assert any("5 FP + 2 = 7" in line for line in lines)
    assert not m.state["units"]["a-s1"]["broken"]


def test_cancelling_the_decks_last_card_still_advances_time():
    """Digest 8.2.2: the deck's end is not an effect of the roll; cancelling the roll keeps the Time advance."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    axis_attacks(m, (6, 6), [(1, 1)])
    side = m.state["sides"]["axis"]
    side["discard"] += side["deck"][1:]
    del side["deck"][1:]
    time = m.state["time"]
    play_only(m, "axis", "pass")
    assert m.state["time"] == time
    play_only(m, "allies", "reroll")
    assert m.state["time"] == time + 1


def test_only_the_holder_may_reroll():
    """9.1: a player without the Initiative card cannot cancel a roll."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    axis_attacks(m, (6, 6), [(1, 1)])
    play_only(m, "axis", "pass")
    with pytest.raises(IllegalOrder):
        play_only(m, "axis", "reroll")


def test_a_standing_initiative_reaction_answers_without_a_round_trip_and_stays_private():
    """Digest 6.4: 'react initiative upto 7' accepts rolls of 7 or less by itself; the opponent reads only 'react (private)'."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    recs = play_only(m, "allies", "react", "initiative", "upto", "7")
    assert GAME.order_text(Action("react", ("initiative", "upto", "7")), "axis") == "react (private)"
    assert all(e.to == "allies" for r in recs for e in r.entries)
    axis_attacks(m, (2, 1), [(6, 6)])
    play_only(m, "axis", "pass")
    assert top(m) != "cc_roll"


def test_a_standing_initiative_reaction_still_asks_about_higher_rolls():
    """'upto 7' leaves a roll of 8 or more to the holder."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    play_only(m, "allies", "react", "initiative", "upto", "7")
    axis_attacks(m, (6, 6), [(6, 6)])
    play_only(m, "axis", "pass")
    assert top(m) == "cc_roll" and m.active() == {"allies"}


def test_pass_all_windows_this_turn_answers_the_windows_of_this_turn_only():
    """'react windows pass' passes every window of the current turn, and no longer in a later turn."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "g-s2": "B6", "a-s1": "D7"})
    play_only(m, "axis", "react", "windows", "pass")
    play_only(m, "allies", "react", "windows", "pass")
    play_only(m, "allies", "react", "initiative", "never")
    axis_attacks(m, (6, 6), [(1, 1)])
    assert top(m) == "turn" and m.state["units"]["a-s1"]["broken"]
    m.state["turns"] += 1
    axis_attacks(m, (6, 6), [(1, 1)], firers=("g-s2",))  # another order, a later turn
    assert top(m) == "attack_window"


def test_the_window_before_a_defense_roll_opens_for_the_defender_in_cover():
    """W4: the Attack total known, the defender in a hex with Cover is asked before rolling (A29)."""
    m = new_match()
    only_units(m, {"g-s1": "F4", "a-s1": "F5"})
    m.state["sides"]["allies"]["posture"] = "attack"
    axis_attacks(m, (6, 6), [(1, 1)], target="F5")
    play_only(m, "axis", "pass")
    play_only(m, "allies", "accept")
    assert top(m) == "defense_window" and m.active() == {"allies"}


def test_concealment_lowers_the_attack_total_by_the_cover():
    """A29: the Attack total loses the target hex's Cover for the defense rolls still to come."""
    m = new_match()
    only_units(m, {"g-s1": "F4", "a-s1": "F5"})
    cid = hold_action(m, "allies", "concealment")
    axis_attacks(m, (3, 3), [(1, 1)], target="F5")  # 5 + 6 = 11; Morale 6 + Cover 3 + 2 = 11: a tie
    play_only(m, "axis", "pass")
    play_only(m, "allies", "accept")
    recs = play_only(m, "allies", "concealment", cid)
    assert any("Attack total is 8" in line for line in texts(recs))
    settle(m)
    u = m.state["units"]["a-s1"]
    assert not u["suppressed"] and not u["broken"]


def test_light_wounds_turns_the_squad_hit_into_a_team_for_one_vp():
    """A36: instead of the hit the Squad becomes a Team of its quality; its owner loses 1 VP."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7", "a-s2": "N9"})
    cid = hold_action(m, "allies", "light_wounds")
    axis_attacks(m, (6, 6), [(1, 1)])
    play_only(m, "axis", "pass")
    play_only(m, "allies", "accept")
    play_only(m, "allies", "pass")  # W4 (Defense posture)
    play_only(m, "allies", "accept")
    assert top(m) == "wounds_window"
    play_only(m, "allies", "light-wounds", cid)
    settle(m)
    team = m.state["units"]["a-s1-t1"]
    assert team["type"] == "usa_team" and team["hex"] == "D7" and not team["broken"]
    assert m.state["units"]["a-s1"]["hex"] is None and m.state["vp"] == 1
    assert m.state["sides"]["allies"]["casualties"] == []


def test_light_wounds_is_refused_to_the_other_player():
    """A36 is played by the owner of the Squad hit."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7", "a-s2": "N9"})
    axis_attacks(m, (6, 6), [(1, 1)])
    play_only(m, "axis", "pass")
    play_only(m, "allies", "accept")
    play_only(m, "allies", "pass")
    play_only(m, "allies", "accept")
    with pytest.raises(IllegalOrder):
        play_only(m, "axis", "light-wounds")


def test_each_melee_roll_is_held_for_the_initiative_holder_inactive_player_first():
    """O16.4.2, 9.1: the inactive player's melee roll comes first and waits for the holder before the active player rolls."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "g-s2": "N1", "a-s1": "C7", "a-s2": "N9"})
    cid = hold(m, "axis", "advance")
    stack(m, "axis", [find("axis", total=12, trigger="")])
    stack(m, "allies", [find("allies", total=2, trigger="")])
    play_only(m, "axis", "advance", cid, "g-s1")
    play_only(m, "axis", "step", "g-s1", "C7")
    play_only(m, "allies", "pass")  # the Defense player's window after the Advance (A35.2, A35.5)
    play_only(m, "allies", "pass")  # the Ambush window (A25)
    play_only(m, "axis", "pass")
    assert top(m) == "cc_roll" and m.state["flow"][-1]["roller"] == "allies"
    assert len(m.state["sides"]["axis"]["discard"]) == 1  # only the Advance card: the Axis has not rolled yet
    play_only(m, "allies", "accept")
    assert m.state["flow"][-1]["roller"] == "axis"
    play(m, "allies", "accept")
    assert m.state["units"]["a-s1"]["hex"] is None and m.state["units"]["g-s1"]["hex"] == "C7"


def test_a_recover_roll_cancelled_by_the_initiative_holder_is_rolled_again():
    """9.1 on a Recover roll (O22.2): the holder cancels a roll that would rally; the new roll decides, the card passes."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "N9"})
    m.state["units"]["g-s1"]["broken"] = True
    cid = hold(m, "axis", "recover")
    stack(m, "axis", [find("axis", total=2, trigger="", exclude=(cid,)), find("axis", total=12, trigger="", exclude=(cid,))])
    play_only(m, "axis", "recover", cid)
    assert top(m) == "cc_roll" and m.active() == {"allies"}
    play_only(m, "allies", "reroll")
    play(m, "axis", "accept")
    assert m.state["units"]["g-s1"]["broken"] and m.state["initiative"] == "axis"


def test_a_rout_roll_waits_for_the_initiative_holder():
    """9.1 on a Rout roll (O23.2): the result waits for the holder's decision."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "N5"})
    m.state["units"]["a-s1"]["broken"] = True
    cid = hold(m, "axis", "rout")
    stack(m, "axis", [find("axis", total=12, trigger="", exclude=(cid,))])
    play_only(m, "axis", "rout", cid, "allies")
    assert top(m) == "cc_roll" and m.state["flow"][-1]["roller"] == "axis"
    assert m.state["units"]["a-s1"]["hex"] == "N5"
    play_only(m, "allies", "accept")
    assert top(m) == "rout" and m.active() == {"allies"}


def test_the_defense_window_opens_whatever_the_defenders_hand():
    """W4 opens on public information: a defender in Cover is asked even without a Concealment card (digest 6.4)."""
    m = new_match()
    only_units(m, {"g-s1": "F4", "a-s1": "F5"})
    m.state["sides"]["allies"]["posture"] = "attack"
    without_action(m, "allies", "concealment")
    axis_attacks(m, (6, 6), [(1, 1)], target="F5")
    play_only(m, "axis", "pass")
    play_only(m, "allies", "accept")
    assert top(m) == "defense_window" and GAME.prompt(m.state, "allies").actions == (Action("pass"),)


def test_standing_reactions_show_in_their_authors_holdings_only():
    """Digest 6.4: the author's private panel lists them; the opponent's observation and the channel never do."""
    m = new_match()
    play_only(m, "allies", "react", "initiative", "upto", "7")
    mine = str(m.observe("allies").holdings)
    assert "7 or less" in mine
    for viewer in ("axis", "public"):
        seen = m.observe(viewer)
        assert "7 or less" not in str(seen.holdings) and "reactions" not in str(seen.view)


def test_the_attack_roll_is_behind_an_undo_barrier():
    """The top card revealed for a roll cannot be taken back by undoing the order that rolled it (1.9)."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    axis_attacks(m, (6, 6), [(1, 1)])
    play_only(m, "axis", "pass")
    assert top(m) == "cc_roll"
    with pytest.raises(IllegalOrder):
        m.undo("axis")


def test_an_event_choice_of_the_attack_roll_is_asked_before_the_attack_result():
    """1.9.1: the Event! of an accepted attack roll is resolved completely, its choice included, before the Attack total applies."""
    m = new_match()
    only_units(m, {"g-s1": "B7", "a-s1": "D7"})
    axis_attacks(m, (1, 1), [(6, 6)])
    trigger = find("axis", trigger="event")
    event = next(c.id for c in GAME.data.decks["germany"] if c.event == "interdiction" and c.id != trigger)
    deck = m.state["sides"]["axis"]["deck"]
    for cid in (event, trigger):
        deck.remove(cid)
        deck.insert(0, cid)
    play_only(m, "axis", "pass")
    recs = play_only(m, "allies", "accept")
    assert top(m) == "choice"
    assert not any("fire at D7" in line for line in texts(recs))
    frame = m.state["flow"][-2]
    assert frame["proc"] == "fire_attack" and frame["stage"] == "attack_result"
