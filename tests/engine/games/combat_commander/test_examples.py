"""The rulebook's worked examples (digest 8.1), reproduced on the provisional farm map with the same
numbers: the Fire attack example (O20, steps C-G, H and J are in test_weapons and test_fire), the
Move and opportunity fire example (A33, step E here; A, D, F in test_move; G in test_fire_actions),
the Targeting roll's examples (O20.2.3) and the hindrance example (10.3.3, 10.3.4)."""

from __future__ import annotations

from engine.games.combat_commander import fire
from tests.engine.games.combat_commander.helpers import (
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


def test_fire_example_c_and_d_a_fire_group_of_eleven_breaks_the_squad_on_the_road() -> None:
    """O20.3.1.2, T88.2: a base of 6 FP (a Rifle with its Sergeant's Command) +1 for each of three Squads and a light MG,
    +1 firing down = 11; roll 4+1 = 16 (C). The US Squad on a road: Morale 6 - 1 (T93) = 5, roll 6+4 = 15: broken (D, O20.3.4)."""
    m = new_match()
    m.state["weapons"]["g-w1"].update(type="ger_lmg", unit="g-s1")
    only_units(m, {"g-l2": "K3", "g-s3": "K3", "g-s1": "L3", "g-s2": "K4", "g-s4": "J2", "a-s1": "G1"})
    group = ["g-s3", "g-s1", "g-s2", "g-s4", "g-w1"]
    assert fire.attack_fp(DATA, GAME.board_for(m.state), m.state, group, "G1") == 11
    cid = hold(m, "axis", "fire")
    stack(m, "axis", [find("axis", white=4, red=1, trigger="", exclude=(cid,))])
    stack(m, "allies", [find("allies", white=6, red=4, trigger="")])
    play(m, "axis", "fire", cid, "g-l2", "g-s3", "g-s1", "g-s2", "g-s4")
    lines = texts(play(m, "axis", "attack", "G1", *group))
    assert any("11 FP + 5 = 16" in line for line in lines)
    assert any("a-s1: 5 + 10 = 15 against 16: hit" in line for line in lines)
    assert m.state["units"]["a-s1"]["broken"]


def test_fire_example_e_f_g_the_heavy_mg_s_twenty_eliminates_the_broken_squad() -> None:
    """E: the heavy MG alone, 8 + 1 Command = 9, two Sustained Fire +4 (A41, A24.1), roll 1+6 Event! = 20. F: the event,
    Interdiction (E60), suppresses the broken US Squad. G: Morale 8 - 1 road - 1 suppressed = 6, roll 1+2 = 9:
    eliminated (3.2.4), 2 VP to the Axis (7.1)."""
    m = new_match()
    only_units(m, {"g-l2": "D4", "g-s3": "D4", "a-s1": "G3"})
    m.state["units"]["a-s1"]["broken"] = True
    first = hold_action(m, "axis", "sustained_fire")
    second = next(c.id for c in DATA.decks["germany"] if c.action == "sustained_fire" and c.id != first)
    side = m.state["sides"]["axis"]
    spare = next(c for c in side["hand"] if c != first)
    side["hand"].remove(spare)
    side["deck"].remove(second)
    side["deck"].append(spare)
    side["hand"].append(second)
    cid = hold(m, "axis", "fire")
    roll = find("axis", white=1, red=6, trigger="event", exclude=(cid, first, second))
    interdiction = next(c.id for c in DATA.decks["germany"] if c.event == "interdiction" and c.trigger == "")
    stack(m, "axis", [roll, interdiction])
    stack(m, "allies", [find("allies", total=3, trigger="")])
    vp = m.state["vp"]
    play(m, "axis", "fire", cid, "g-l2", "g-s3")
    recs = play_only(m, "axis", "attack", "G3", "g-w1")
    recs += play_only(m, "axis", "sustained-fire", first)
    recs += play_only(m, "axis", "sustained-fire", second)
    recs += play_only(m, "axis", "pass")
    recs += play_only(m, "allies", "accept")
    assert top(m) == "choice" and m.state["choices"][0]["kind"] == "interdiction"
    recs += play(m, "axis", "choose", "a-s1")
    lines = texts(recs)
    assert any("13 FP + 7 = 20" in line for line in lines)
    assert any("a-s1: 6 + 3 = 9 against 20: hit" in line for line in lines)
    assert m.state["units"]["a-s1"]["hex"] is None and m.state["vp"] == vp + 2


def test_move_example_e_one_fp_through_smoke_uphill_leaves_both_units_unhurt() -> None:
    """A33 example E: the US Squad's FP at the moving stack is 6 - 1 uphill - 4 Smoke = 1, roll 6+5 = 12; every unit of
    the hex defends (O20.3.4): the Squad 7 + 1 Command = 8, roll 5+3 (the 6+2 of the example) = 16; the leader 8, roll 5+1 = 14: no effect."""
    m = new_match()
    only_units(m, {"g-s1": "K4", "g-l2": "K4", "a-s1": "J4"})
    m.state["smoke"] = {"K4": 4}
    assert fire.attack_fp(DATA, GAME.board_for(m.state), m.state, ["a-s1"], "K4") == 1
    m.state["player"] = "allies"
    cid = hold(m, "allies", "fire")
    stack(m, "allies", [find("allies", white=6, red=5, trigger="", exclude=(cid,))])
    stack(m, "axis", [find("axis", white=5, red=3, trigger=""), find("axis", white=5, red=1, trigger="")])
    play(m, "allies", "fire", cid, "a-s1")
    lines = texts(play(m, "allies", "attack", "K4", "a-s1"))
    assert any("1 FP + 11 = 12" in line for line in lines)
    assert any("g-s1: 8 + 8 = 16 against 12: no effect." in line for line in lines)
    assert any("g-l2: 8 + 6 = 14 against 12: no effect." in line for line in lines)


def test_the_targeting_roll_s_examples() -> None:
    """O20.2.3: 1x6 = 6 misses at range 6 and hits at 5; 6x6 = 36 always hits; 1x1 = 1 always misses; at range 5
    through a Brush hindrance of 3 the product must be 9 or more."""
    m = new_match()
    board = GAME.board_for(m.state)

    def hits(origin: str, target: str, product: int) -> bool:
        only_units(m, {"g-s4": origin})
        return fire.targeting_result(DATA, board, m.state, "g-w2", target, product, _Quiet())

    assert not hits("B9", "H9", 6) and hits("B9", "G9", 6)
    assert hits("B9", "N9", 36) and not hits("B9", "C9", 1)
    assert fire.can_see(board, m.state, "A5", "F5") == (True, 3) and board.map.grid.distance("A5", "F5") == 5
    assert not hits("A5", "F5", 8) and hits("A5", "F5", 9)


def test_the_hindrance_example_takes_the_largest_once() -> None:
    """10.3.3: two Brush hexes in the way hinder by 3, not 6; a Smoke 4 among them by 4; two Smoke 4 by 4;
    10.3.4: a Smoke 5 in the firing Squad's own hex by 5."""
    m = new_match()
    board = GAME.board_for(m.state)
    assert fire.can_see(board, m.state, "B5", "E5") == (True, 3)
    for smoke, hindrance in (({"D5": 4}, 4), ({"C5": 4, "D5": 4}, 4), ({"B5": 5}, 5)):
        m.state["smoke"] = smoke
        assert fire.can_see(board, m.state, "B5", "E5") == (True, hindrance)


class _Quiet:
    """A context that keeps nothing (the Targeting result only logs)."""

    def log(self, text: object, to: str = "*") -> None:
        return None


def test_the_rout_example_the_event_first_then_the_retreat_of_the_rallied_unit() -> None:
    """1.9.1's example: a Rout roll one above the broken unit's Morale showing Event! (8 and 4+5 here, 6 and 7 printed):
    the event (Medic, E64) is resolved first and rallies the unit, which still carries out its 1-hex retreat (O23.2)."""
    m = new_match()
    only_units(m, {"g-s1": "N1", "a-s1": "D7"})
    m.state["units"]["a-s1"]["broken"] = True
    cid = hold(m, "axis", "rout")
    roll = find("axis", white=4, red=5, trigger="event", exclude=(cid,))
    medic = next(c.id for c in DATA.decks["germany"] if c.event == "medic" and c.id not in (cid, roll))
    stack(m, "axis", [roll, medic])
    play(m, "axis", "rout", cid, "allies")
    assert not m.state["units"]["a-s1"]["broken"]
    assert top(m) == "rout" and m.active() == frozenset({"allies"}) and m.state["flow"][-1]["left"] == 1
