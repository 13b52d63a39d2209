"""Arrivals in the Initial Phases (4.1-4.4, 15.1): entry hexes, Taman, delays, random draws."""

import pytest

from engine.errors import IllegalOrder
from engine.games.caucasus import initial
from tests.engine.games.caucasus.helpers import top
from tests.engine.games.caucasus.position import empty_board, new_match, referee


def test_north_edge_entries_belong_to_their_side():
    m = new_match()
    rules = m.game.rules
    axis = initial.friendly_entry_hexes(rules, m.state, "axis", tuple("ABCDEFGHIJ"))
    soviet = initial.friendly_entry_hexes(rules, m.state, "soviet", tuple("ABCDEFGHIJ"))
    entry_e = initial.entry_hexes(rules, "E")
    entry_a = initial.entry_hexes(rules, "A")
    assert entry_e and not set(entry_e) & set(axis), "an Axis HQ never returns at the Soviet entry E (15.1)"
    assert entry_a and not set(entry_a) & set(soviet)
    assert set(entry_a) <= set(axis) and set(entry_e) <= set(soviet)


def test_a_unit_that_waited_a_turn_for_taman_enters_at_a_or_at_j_once_axis():
    m = empty_board()
    rules = m.game.rules
    m.state["units"]["rom19inf"]["arrive"] = "entry_a"
    taman = initial.entry_hexes(rules, "J")
    item = initial._arrival_item(rules, m.state, "rom19inf", "axis")
    assert set(item["hexes"]) == set(initial.entry_hexes(rules, "A"))
    m.state["control"][taman[0]] = "axis"
    item = initial._arrival_item(rules, m.state, "rom19inf", "axis")
    assert taman[0] in item["hexes"] and set(initial.entry_hexes(rules, "A")) <= set(item["hexes"])


def run_initial(m, side, stop):
    referee(m, f"phase {side} initial -")
    for _ in range(40):
        if top(m) in stop:
            return
        role = sorted(m.active())[0]
        acts = m.prompt(role).actions
        done = [a for a in acts if a.verb == "done"]
        m.play(role, done[0] if done else acts[0])
    raise AssertionError("no stop")


def test_soviet_turn_track_reinforcements_may_be_delayed_or_sent_to_the_caspian():
    m = empty_board(seed="arrive")
    referee(m, "turn 4")
    referee(m, "phase soviet initial -")
    assert top(m) == "placement"
    acts = {(a.verb, a.args) for a in m.prompt("soviet").actions}
    assert ("delay", ("s337rd",)) in acts and ("caspian", ("s337rd",)) in acts
    m.submit("soviet", "delay s337rd")
    assert m.state["units"]["s337rd"]["due"] == 5


def random_window(seed):
    m = empty_board(seed=seed)
    referee(m, "turn 3")
    run_initial(m, "soviet", ("random_placement", "movement"))
    return m


def test_one_random_reinforcement_must_go_to_tbilisi():
    for i in range(30):
        m = random_window(f"draw-{i}")
        if top(m) == "random_placement" and len(m.state["flow"][-1]["items"]) >= 2:
            break
    else:
        pytest.fail("no seed draws two units")
    rules = m.game.rules
    tbilisi = rules.by_name["tbilisi"]
    frame = m.state["flow"][-1]
    first, *rest = [i["unit"] for i in frame["items"]]
    elsewhere = [h for h in frame["items"][0]["hexes"] if h != tbilisi]
    assert tbilisi in frame["items"][0]["hexes"] and elsewhere
    for n, uid in enumerate([first, *rest][:-1]):
        m.submit("soviet", f"place {uid} {elsewhere[n]}")
    last = [first, *rest][-1]
    acts = [a for a in m.prompt("soviet").actions if a.verb == "place"]
    assert {a.args[1] for a in acts} == {tbilisi}
    with pytest.raises(IllegalOrder) as exc:
        m.submit("soviet", f"place {last} {elsewhere[-1]}")
    assert "(4.4)" in str(exc.value)
    m.submit("soviet", f"place {last} {tbilisi}")
    assert m.state["units"][last]["hex"] == tbilisi


def test_done_puts_one_random_reinforcement_at_tbilisi():
    for i in range(30):
        m = random_window(f"draw-{i}")
        if top(m) == "random_placement":
            break
    else:
        pytest.fail("no seed draws a unit")
    tbilisi = m.game.rules.by_name["tbilisi"]
    uids = [i["unit"] for i in m.state["flow"][-1]["items"]]
    m.submit("soviet", "done")
    assert any(m.state["units"][u]["hex"] == tbilisi for u in uids)
    assert len({m.state["units"][u]["hex"] for u in uids if m.state["units"][u]["hex"]}) == len(
        [u for u in uids if m.state["units"][u]["hex"]]
    ), "one per location (4.4)"


def test_random_reinforcements_are_lost_if_tbilisi_is_axis():
    for i in range(30):
        m = empty_board(seed=f"draw-{i}")
        referee(m, "turn 3")
        referee(m, f"control {m.game.rules.by_name['tbilisi']} axis")
        before = {u for u, x in m.state["units"].items() if x["box"] == "cadre"}
        run_initial(m, "soviet", ("random_placement", "movement"))
        lost = {u for u, x in m.state["units"].items() if x["box"] == "cadre"} - before
        if lost:
            assert len(lost) == 1
            return
    pytest.fail("no seed draws a unit")


def test_the_special_replacement_lists_the_cadre_return_only_when_possible():
    m = new_match()
    game = m.game
    frame = {"proc": "repl_choice", "side": "axis", "options": ["german_mech", "cadre_flak_or_brandenburg"]}
    m.state["flow"].append(frame)
    assert [a.args[0] for a in game.prompt(m.state, "axis").actions] == ["german_mech"]
    m.state["units"]["7flak"].update(box="cadre", hex=None)
    assert [a.args[0] for a in game.prompt(m.state, "axis").actions] == ["german_mech", "cadre_flak_or_brandenburg"]


def test_the_italian_alpine_corps_enters_at_an_a_hex_only():
    m = empty_board()
    rules = m.game.rules
    m.state["control"][initial.entry_hexes(rules, "J")[0]] = "axis"
    m.state["units"]["ita-julia"].update(box="track", due=5)
    item = initial._arrival_item(rules, m.state, "ita-julia", "axis")
    assert set(item["hexes"]) == set(initial.entry_hexes(rules, "A"))
