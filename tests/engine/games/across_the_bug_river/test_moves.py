"""Movement Actions (7.3), ZOC by terrain (5.4) and Formation Reactions (6.4) on a hand-made position."""

import pytest

from engine.errors import IllegalOrder
from engine.games.across_the_bug_river import board, moves
from tests.engine.games.across_the_bug_river.helpers import GAME, activating, empty, play, put

RULES = GAME.rules


def german_position():
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-44id", "1505")
    activating(state, "german", "14pz", 5)
    return state


def test_motorised_units_pay_half_an_mp_along_a_road():
    """3.1.1 / 7.3.3: road hex to connected road hex costs a motorised unit 0.5 MP."""
    state = german_position()
    assert moves.step_cost(RULES, state, True, "1407", "1308", set()) == 0.5


def test_no_road_rate_into_an_enemy_zoc_hex():
    """7.3.3: entering or leaving an EZOC hex pays the terrain, not the road."""
    state = german_position()
    assert moves.step_cost(RULES, state, True, "1407", "1308", {"1308"}) == 1


def test_leg_units_pay_one_more_to_cross_a_stream():
    """7.3.7: +1 MP for a leg unit crossing an unbridged stream (the Luga between 2109 and 2108)."""
    state = german_position()
    assert "stream" in RULES.board.side("2109", "2108")
    assert moves.step_cost(RULES, state, False, "2109", "2108", set()) == 2


def test_a_motorised_unit_crosses_a_stream_only_as_its_whole_move():
    """7.3.7: start next to the stream, cross and stop; not after other steps."""
    state = german_position()
    put(state, "I/36", "2110")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "move I/36 2109 2108")
    assert err.value.rule == "7.3.7"
    put(state, "I/36", "2109")
    play(state, "german", "move I/36 2108")
    assert state["units"]["I/36"]["hex"] == "2108"


def test_the_unbridged_bug_is_closed_to_motorised_units():
    """3.1.2 / 7.3.8: only German boat movement crosses the unbridged Bug."""
    state = german_position()
    put(state, "I/36", "1807")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "move I/36 1907")
    assert err.value.rule == "7.3.8"


def test_a_unit_never_enters_an_enemy_hex():
    """7.3.2: a hex holding enemy units is closed."""
    state = german_position()
    put(state, "I/36", "1305")
    put(state, "No.1", "1306")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "move I/36 1306")
    assert err.value.rule == "7.3.2"


def test_a_unit_stops_on_entering_enemy_zoc():
    """7.3.9 / 5.4.1: a path may not go on past an EZOC hex."""
    state = german_position()
    put(state, "I/103", "1303")
    put(state, "I/16", "1306")
    assert "1305" in board.zoc(RULES, state, "soviet")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "move I/103 1304 1305 1205")
    assert err.value.rule == "7.3.9"


def test_moving_from_one_ezoc_hex_to_another_needs_infiltration():
    """7.3.4: EZOC to EZOC directly only by infiltration."""
    state = german_position()
    put(state, "I/103", "1305")
    put(state, "I/16", "1306")
    common = [n for n in RULES.board.neighbours("1305") if n in RULES.board.neighbours("1306")]
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", f"move I/103 {common[0]}")
    assert err.value.rule == "7.3.4"


def test_afv_project_zoc_only_into_open_hexes():
    """5.4: an AFV in 1413 has no ZOC in the forest 1314; an infantry unit there has."""
    state = empty()
    put(state, "II/82", "1413")
    assert RULES.board.terrain["1314"] == "forest"
    assert "1314" not in board.zoc_of(RULES, state, "II/82")
    assert "1414" in board.zoc_of(RULES, state, "II/82")
    put(state, "I/16", "1413")
    assert "1314" in board.zoc_of(RULES, state, "I/16")


def test_disorganised_units_have_no_zoc():
    """5.4 / 5.6.3: a disorganised unit projects no ZOC."""
    state = empty()
    put(state, "I/16", "1115")
    state["units"]["I/16"]["disorganized"] = True
    assert board.zoc_of(RULES, state, "I/16") == set()


def test_a_move_spends_one_ap_in_command():
    """7: a Movement Action costs 1 AP for a unit in command."""
    state = german_position()
    put(state, "I/36", "1407")
    play(state, "german", "move I/36 1406")
    assert state["ap"]["german"] == 4 and state["units"]["I/36"]["hex"] == "1406"


def test_an_out_of_command_unit_pays_double():
    """5.8.3: an OOC unit's Movement Action costs 2 AP."""
    state = german_position()
    put(state, "I/36", "1813")
    assert board.command(RULES, state, "I/36") == "ooc"
    play(state, "german", "move I/36 1812")
    assert state["ap"]["german"] == 3


def test_a_disorganised_unit_cannot_move():
    """5.6.3: disorganised units cannot move."""
    state = german_position()
    put(state, "I/36", "1407")
    state["units"]["I/36"]["disorganized"] = True
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "move I/36 1406")
    assert err.value.rule == "5.6.3"


def test_a_unit_of_another_formation_cannot_take_the_action():
    """5.5.1: only the activated formation's units act."""
    state = german_position()
    put(state, "I/131", "1407")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "move I/131 1406")
    assert err.value.rule == "5.5.1"


def reaction_position(hq="1610", start="1405"):
    """I/36 next to the Soviet II/16 (1506), whose HQ stands in ``hq`` (1610: in range; 2707: not)."""
    state = german_position()
    put(state, "HQ-87rd", hq)
    put(state, "I/36", start)
    put(state, "II/16", "1506")
    return state


def test_entering_a_hex_next_to_an_eligible_enemy_opens_a_reaction_window():
    """6.4.1: the move pauses when it enters a hex next to an eligible enemy unit."""
    state = reaction_position(start="1303")
    assert board.command(RULES, state, "II/16") == "in"
    play(state, "german", "move I/36 1304 1305 1405")
    assert state["flow"][-1]["proc"] == "react" and state["flow"][-1]["formations"] == ["87rd"]
    assert state["units"]["I/36"]["hex"] == "1405"


def test_trying_to_leave_a_hex_next_to_an_eligible_enemy_opens_the_window():
    """6.4.1: the first step out of a hex next to an enemy is a trigger too; the mover has not left."""
    state = reaction_position()
    play(state, "german", "move I/36 1305 1304")
    assert state["flow"][-1]["proc"] == "react"
    assert state["units"]["I/36"]["hex"] == "1405"


def test_no_window_when_the_adjacent_enemy_is_out_of_command():
    """6.4.1 / 5.8.3: an OOC or isolated unit does not qualify its formation for a reaction."""
    state = reaction_position(hq="2707")
    assert board.command(RULES, state, "II/16") != "in"
    play(state, "german", "move I/36 1305 1304")
    assert state["flow"][-1]["proc"] == "activation"
    assert state["units"]["I/36"]["hex"] == "1304"


def window_open():
    state = reaction_position()
    play(state, "german", "move I/36 1305 1304")
    return state


def test_declining_lets_the_move_go_on_to_its_end():
    """6.4.1: no reaction: the move continues to its end when no later step is a trigger."""
    state = window_open()
    play(state, "soviet", "noreact")
    assert state["units"]["I/36"]["hex"] == "1304"
    assert state["flow"][-1]["proc"] == "activation"


def test_declining_is_no_attempt_the_next_trigger_asks_again():
    """6.4.1 note: the Reacting player chooses when to make the one attempt: after 'noreact' leaving
    1405 (next to II/16), entering 1304 (next to III/16) opens the window again, and the reaction there succeeds."""
    state = reaction_position()
    put(state, "III/16", "1203")
    play(state, "german", "move I/36 1305 1304")
    assert state["flow"][-1]["proc"] == "react" and state["units"]["I/36"]["hex"] == "1405"
    play(state, "soviet", "noreact")
    assert state["flow"][-1]["proc"] == "react" and state["units"]["I/36"]["hex"] == "1304"
    play(state, "soviet", "react 87rd", 1, 10)
    top = state["flow"][-1]
    assert (top["proc"], top["side"], top.get("reaction")) == ("activation", "soviet", True)


def test_a_declined_hex_is_not_asked_again_when_the_mover_leaves_it():
    """6.4.1: declined as the stack enters forest 1213 next to 141AT (whose ZOC stays out of forest, 5.4),
    the Reacting player is not asked again as it leaves 1213."""
    state = reaction_position(start="1114")
    put(state, "141AT", "1212")
    play(state, "german", "move I/36 1213 1314")
    assert state["flow"][-1]["proc"] == "react" and state["units"]["I/36"]["hex"] == "1213"
    play(state, "soviet", "noreact")
    assert state["units"]["I/36"]["hex"] == "1314" and state["flow"][-1]["proc"] == "activation"


def test_after_a_failed_attempt_no_later_trigger_asks_again():
    """6.4.4: a failed reaction check is the Movement Action's one attempt: entering 1304 next to III/16 opens no window."""
    state = reaction_position()
    put(state, "III/16", "1203")
    play(state, "german", "move I/36 1305 1304")
    play(state, "soviet", "react 87rd", 10)
    assert state["units"]["I/36"]["hex"] == "1304" and state["flow"][-1]["proc"] == "activation"


def test_a_failed_reaction_check_lets_the_move_go_on():
    """6.4.4: a roll above the HQ's reaction value fails without penalty."""
    state = window_open()
    play(state, "soviet", "react 87rd", 10)
    assert state["units"]["I/36"]["hex"] == "1304"
    assert state["formations"]["87rd"]["level"] == RULES.formations["87rd"].max_level


def test_a_successful_reaction_stops_the_mover_and_gives_red_ap():
    """6.4.2: the mover stops where it stands; the reacting formation acts with the red AP and drops a level."""
    state = window_open()
    level = state["formations"]["87rd"]["level"]
    play(state, "soviet", "react 87rd", 1, 10)
    assert state["units"]["I/36"]["hex"] == "1405"
    top = state["flow"][-1]
    assert (top["proc"], top["side"], top["formation"], top["reaction"]) == ("activation", "soviet", "87rd", True)
    assert state["ap"]["soviet"] == RULES.ap(level, 10)[1]
    assert state["formations"]["87rd"]["level"] == level - 1
    play(state, "soviet", "end")
    assert state["flow"][-1]["side"] == "german"


def test_a_formation_without_a_qualifying_unit_cannot_react():
    """6.4.1: only the formation of a qualifying adjacent unit may react."""
    state = window_open()
    with pytest.raises(IllegalOrder) as err:
        play(state, "soviet", "react 41td", 1, 10)
    assert err.value.rule == "6.4.1"


def test_the_default_answer_to_a_reaction_window_is_to_decline():
    """Digest 6.2: when the deadline passes, the reaction window is declined."""
    state = window_open()
    assert GAME.default_action(state, "soviet").verb == "noreact"
