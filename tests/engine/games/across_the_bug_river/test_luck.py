"""Schlachtenglück (5.2): the rolls a side makes for itself are held while it holds the marker; a
re-roll hands the marker to the opponent and the new roll stands."""

from bot.i18n import render
from engine import stacks
from engine.game import Action
from engine.games.across_the_bug_river.game import POLICY
from tests.engine.games.across_the_bug_river.helpers import (
    GAME,
    act,
    activating,
    crowded,
    ctx,
    empty,
    ground,
    play,
    put,
    top,
)

RULES = GAME.rules


def texts(c):
    return " ".join(render(e.text, "en", "referee") for e in c.entries)


def duel(monkeypatch):
    """I/108 in clear 1507 next to the Soviet I/16 in clear 1607, the 14th Panzer's HQ in 1408."""
    ground(monkeypatch, {"1507": "clear", "1607": "clear", "1408": "village", "1610": "village"}, (("1507", "1607"),))
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-87rd", "1610")
    put(state, "I/108", "1507")
    put(state, "I/16", "1607")
    activating(state, "german", "14pz", 5)
    state["turn"] = 2
    return state


def test_the_combat_die_is_held_for_the_attacker_holding_the_marker(monkeypatch):
    """5.2: the German attacker holds Schlachtenglück: the combat die waits for its decision, nothing applied yet."""
    state = duel(monkeypatch)
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7, held=True)
    assert (top(state)["proc"], top(state)["holder"], top(state)["purpose"], top(state)["roll"]) == ("luck_roll", "german", "combat", 7)
    assert state["units"]["I/16"]["strength"] == RULES.units["I/16"].strength
    assert GAME.default_action(state, "german") == Action("accept")


def test_a_reroll_hands_the_marker_over_and_the_new_die_is_read(monkeypatch):
    """5.2: 'reroll' gives the marker to the Soviet side and the CRT is read with the new die."""
    state = duel(monkeypatch)
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7, held=True)
    c = act(state, "german", Action("reroll"), 9, 1, 1, 1, 1)
    assert state["luck"] == "soviet"
    assert "Die 9," in texts(c) and "Die 7," not in texts(c)


def test_the_new_roll_stands(monkeypatch):
    """5.2 (digest): one re-roll per roll: the new die is not offered again."""
    state = duel(monkeypatch)
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7, held=True)
    act(state, "german", Action("reroll"), 9, 1, 1, 1, 1, held=True)
    assert not any(f["proc"] == "luck_roll" and f["purpose"] == "combat" for f in state["flow"])


def test_the_chits_are_never_offered_for_a_reroll(monkeypatch):
    """5.2 (digest): the chits are drawn, not rolled: the first roll held in a combat is the combat die."""
    state = duel(monkeypatch)
    c = play(state, "german", "attack hasty 1507 1607", 3, 4, 7, held=True)
    assert top(state)["purpose"] == "combat" and top(state)["roll"] == 7
    assert "Combat chits: attacker 3" in texts(c)


def test_a_roll_of_the_side_without_the_marker_is_not_held(monkeypatch):
    """5.2: only the holder's own rolls may be re-rolled: the Soviet's combat die goes straight on."""
    state = duel(monkeypatch)
    activating(state, "soviet", "87rd", 5)
    play(state, "soviet", "attack hasty 1607 1507", 1, 1, 7, 1, 1, 1, 1, held=True)
    assert not any(f["proc"] == "luck_roll" and f["purpose"] == "combat" for f in state["flow"])


def test_the_action_points_roll_is_held():
    """5.2, 6.3.1: the activating holder may re-roll its AP die; the AP come from the new die."""
    state = empty()
    state["flow"] = [{"proc": "ops"}, {"proc": "choose"}]
    state["holder"] = "german"
    state["surprise"] = {"active": False, "left": 0, "used": []}
    level = state["formations"]["14pz"]["level"]
    play(state, "german", "activate 14pz", 1, held=True)
    assert (top(state)["proc"], top(state)["purpose"]) == ("luck_roll", "ap")
    act(state, "german", Action("reroll"), 10)
    assert state["ap"]["german"] == RULES.ap(level, 10)[0] and state["luck"] == "soviet"


def test_the_reaction_check_is_held_for_the_reacting_holder(monkeypatch):
    """5.2, 6.4.2: the Soviet holder may re-roll a failed reaction check."""
    ground(monkeypatch, {"1408": "village", "1505": "village", "1610": "village", "1405": "clear", "1506": "clear", "1305": "clear", "1304": "clear"})
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-87rd", "1610")
    put(state, "I/36", "1405")
    put(state, "II/16", "1506")
    activating(state, "german", "14pz", 5)
    state["luck"] = "soviet"
    play(state, "german", "move I/36 1305 1304")
    assert top(state)["proc"] == "react"
    play(state, "soviet", "react 87rd", 10, held=True)
    assert (top(state)["proc"], top(state)["purpose"], top(state)["roll"]) == ("luck_roll", "reaction", 10)
    act(state, "soviet", Action("reroll"), 1, 10)
    assert (top(state)["proc"], top(state)["side"], top(state)["reaction"]) == ("activation", "soviet", True)


def test_the_recovery_check_is_held(monkeypatch):
    """5.2, 7.6: a failed Recovery check re-rolled by the holder recovers the unit."""
    ground(monkeypatch, {"1408": "village", "1507": "clear"})
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "I/108", "1507")
    state["units"]["I/108"]["disorganized"] = True
    activating(state, "german", "14pz", 5)
    play(state, "german", "recover I/108", 10, held=True)
    assert (top(state)["proc"], top(state)["purpose"]) == ("luck_roll", "recovery")
    assert state["units"]["I/108"]["disorganized"]
    act(state, "german", Action("reroll"), 1)
    assert not state["units"]["I/108"]["disorganized"]


def test_each_initiative_die_is_held_for_its_own_side():
    """5.2, 6.1: the German holder decides on its own initiative die; the new holder then on its own Soviet die."""
    state = empty()
    state["surprise"] = {"active": False, "left": 0, "used": []}
    state["flow"] = [{"proc": "ops"}]
    GAME.run_automatic(state, ctx(2))
    assert (top(state)["proc"], top(state)["roller"], top(state)["roll"]) == ("luck_roll", "german", 2)
    act(state, "german", Action("reroll"), 9, 3, held=True)
    assert (top(state)["proc"], top(state)["roller"], top(state)["roll"]) == ("luck_roll", "soviet", 3)
    c = act(state, "soviet", Action("accept"))
    assert "Initiative: German 9, Soviet 3" in texts(c) and state["holder"] == "german"


def test_a_red_result_check_is_held_for_the_units_owner(monkeypatch):
    """5.2, 7.5.2: the Soviet holder re-rolls the failed red-result check of its defending unit, which then stays organised."""
    state = duel(monkeypatch)
    state["luck"] = "soviet"
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7, 10, held=True)  # 2/2r: the defender checks first
    assert (top(state)["proc"], top(state)["holder"], top(state)["purpose"], top(state)["roll"]) == ("luck_roll", "soviet", "efficiency", 10)
    assert not state["units"]["I/16"]["disorganized"]
    act(state, "soviet", Action("reroll"), 1, held=True)
    assert not state["units"]["I/16"]["disorganized"] and state["luck"] == "german"
    assert top(state)["proc"] == "losses" and top(state)["owner"] == "soviet"


def test_an_infiltration_check_is_held_and_a_reroll_lets_the_unit_go(monkeypatch):
    """5.2, 7.3.4: the German holder re-rolls I/108's failed infiltration check; the unit then steps into the hex."""
    ground(monkeypatch, {"1408": "village", "1610": "village", "1507": "clear", "1607": "clear", "1508": "clear"}, (("1507", "1508"),))
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-87rd", "1610")
    put(state, "I/16", "1607")
    put(state, "I/108", "1507")
    activating(state, "german", "14pz", 5)
    state["formations"]["87rd"]["level"] = 0
    play(state, "german", "infiltrate I/108 1508", 10, held=True)
    assert (top(state)["proc"], top(state)["purpose"], top(state)["roll"]) == ("luck_roll", "efficiency", 10)
    assert state["units"]["I/108"]["hex"] == "1507" and not state["units"]["I/108"]["disorganized"]
    act(state, "german", Action("reroll"), 1)
    assert state["units"]["I/108"]["hex"] == "1508" and state["luck"] == "soviet"


def test_an_isolated_movers_check_is_held_and_a_reroll_lets_it_move(monkeypatch):
    """5.2, 5.8.4: the German holder re-rolls the failed check of an isolated unit about to move; it then moves."""
    dest = RULES.board.neighbours("1507")[0]
    ground(monkeypatch, {"1507": "clear", dest: "clear"}, (("1507", dest),))
    state = empty()
    put(state, "I/108", "1507")
    activating(state, "german", "14pz", 5)
    play(state, "german", f"move I/108 {dest}", 10, held=True)
    assert (top(state)["proc"], top(state)["purpose"], top(state)["roll"]) == ("luck_roll", "efficiency", 10)
    assert state["units"]["I/108"]["hex"] == "1507"
    act(state, "german", Action("reroll"), 1)
    assert state["units"]["I/108"]["hex"] == dest and not state["units"]["I/108"]["disorganized"]


def test_an_isolated_attackers_check_is_held_and_a_reroll_keeps_it_in_the_attack(monkeypatch):
    """5.2, 5.8.4: the German holder re-rolls the failed check of its isolated attacker, which then attacks."""
    state = duel(monkeypatch)
    stacks.remove(POLICY, state, state["units"], "HQ-14pz")
    state["units"]["HQ-14pz"]["hex"] = None
    play(state, "german", "attack hasty 1507 1607", 10, held=True)
    assert (top(state)["proc"], top(state)["purpose"], top(state)["roll"]) == ("luck_roll", "efficiency", 10)
    c = act(state, "german", Action("reroll"), 1, 1, 1, 7, 5)
    assert not state["units"]["I/108"]["disorganized"] and "Combat chits" in texts(c)


def test_an_attrition_check_is_held_for_the_units_owner():
    """5.2, 8.1.5: the German holder re-rolls the attrition check of its isolated disorganised unit, which then loses nothing."""
    state = empty()
    put(state, "I/36", "1407")  # its HQ is off the map: isolated
    state["units"]["I/36"]["disorganized"] = True
    strength = state["units"]["I/36"]["strength"]
    state["flow"] = [{"proc": "admin"}]
    state["surprise"] = {"active": False, "left": 0, "used": []}
    GAME.run_automatic(state, ctx(1))  # the interdiction die, held too (5.2)
    act(state, "german", Action("accept"), 10, held=True)  # attrition 10 against efficiency 4
    assert (top(state)["proc"], top(state)["purpose"], top(state)["roll"]) == ("luck_roll", "attrition", 10)
    act(state, "german", Action("reroll"), 1, 5, 5)
    assert state["units"]["I/36"]["strength"] == strength and state["luck"] == "soviet"


def admin(state):
    state["flow"] = [{"proc": "admin"}]
    state["surprise"] = {"active": False, "left": 0, "used": []}
    return state


def test_the_interdiction_roll_is_held_for_the_german_holding_the_marker():
    """5.2, 8.1.2: the German rolls the interdiction die, its own roll: it waits for its decision."""
    state = admin(empty())
    put(state, "HQ-87rd", "2707")
    GAME.run_automatic(state, ctx(10))
    assert (top(state)["proc"], top(state)["holder"], top(state)["purpose"], top(state)["roll"]) == ("luck_roll", "german", "interdiction", 10)


def test_a_rerolled_interdiction_die_sets_the_level():
    """5.2, 8.1.2: 'reroll' hands the marker to the Soviet side and the new die gives the level."""
    state = admin(empty())
    put(state, "HQ-87rd", "2707")
    GAME.run_automatic(state, ctx(10))
    act(state, "german", Action("reroll"), 1, 5, 5)
    assert state["luck"] == "soviet"
    assert state["interdiction"] == RULES.tables["interdiction"]["by_roll"][0]


def test_an_over_stacking_check_is_held_for_the_units_owner():
    """5.2, 5.3.1: the German holder's over-stacking check waits for its decision, nothing applied yet."""
    state = crowded()
    play(state, "german", "move I/108 1507", 10, held=True)
    checking = state["flow"][-2]["checking"]
    assert (top(state)["proc"], top(state)["holder"], top(state)["purpose"], top(state)["roll"]) == ("luck_roll", "german", "efficiency", 10)
    assert not state["units"][checking]["disorganized"]


def test_a_rerolled_over_stacking_check_stands():
    """5.2, 5.3.1: 'reroll' hands the marker to the Soviet side; the unit passing on the new die stays organised."""
    state = crowded()
    play(state, "german", "move I/108 1507", 10, held=True)
    checking = state["flow"][-2]["checking"]
    act(state, "german", Action("reroll"), 1, 1, 1)
    assert state["luck"] == "soviet" and not state["units"][checking]["disorganized"]
    assert top(state)["proc"] == "overstack"


def test_the_reason_of_a_held_check_is_translated():
    """5.2: the question of a held over-stacking check reads wholly in Italian (its reason too)."""
    state = crowded()
    play(state, "german", "move I/108 1507", 10, held=True)
    question = GAME.prompt(state, "german").text
    assert "over-stacked" in render(question, "en", "german")
    assert "over-stacked" not in render(question, "it", "german")
