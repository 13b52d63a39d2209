"""The game object (game.py): hidden information in views and prompts (6.1), the invariants, the
optional 23.1.1 pick, the bid (21.0) and a short random walk that keeps every card accounted for."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from engine.errors import IllegalOrder, InvalidOrder, InvariantViolation, OrderError
from engine.games.stalins_war.model import AXIS, SOVIET
from tests.engine.games.stalins_war.flow_helpers import (
    GAME,
    RULES,
    card_total,
    cards_of,
    new_match,
    ref,
)


def dump(view: Any) -> str:
    return json.dumps(view, default=str, ensure_ascii=False)


# 6.1 Hidden information ---------------------------------------------------------------------------------
def test_6_1_each_hand_is_seen_by_its_owner_only() -> None:
    m = new_match()
    axis_hand, soviet_hand = m.state["cards"][AXIS]["hand"], m.state["cards"][SOVIET]["hand"]
    axis_view, soviet_view, referee_view = m.view(AXIS), m.view(SOVIET), m.view("referee")
    assert [c["id"] for c in axis_view["hand"]] == axis_hand
    assert [c["id"] for c in soviet_view["hand"]] == soviet_hand
    assert "hand" not in referee_view
    assert not any(f'"{c}"' in dump(axis_view) for c in soviet_hand)
    assert not any(f'"{c}"' in dump(soviet_view) for c in axis_hand)
    assert not any(f'"{c}"' in dump(referee_view) for c in axis_hand + soviet_hand)
    assert axis_view["cards"][SOVIET]["hand_count"] == len(soviet_hand)


def test_6_1_deck_order_is_nobodys() -> None:
    m = new_match()
    for role in (AXIS, SOVIET, "referee"):
        text = dump(m.view(role))
        for side in (AXIS, SOVIET):
            assert not any(f'"{c}"' in text for c in m.state["cards"][side]["deck"])
            assert not any(f'"{c}"' in text for c in m.state["cards"][side]["total_war"])
    assert m.view(AXIS)["cards"][AXIS]["deck_count"] == len(m.state["cards"][AXIS]["deck"])


def test_6_1_public_piles_are_public() -> None:
    """6.1: discards, removed cards, face-up CCs, the Soviet set-aside cards 1-6 and the events played are public."""
    m = new_match()
    ref(m, "hand axis AX17 AX6")
    m.submit(AXIS, "play 17 event")
    m.submit(SOVIET, "zero pass")
    view = m.view(SOVIET)
    assert "AX17" in view["cards"][AXIS]["removed"] and view["events"]["AX17"] == 1
    assert view["cards"][AXIS]["events_removed"] == 1
    assert view["cards"][SOVIET]["setaside"] == ["SU1", "SU2", "SU3", "SU4", "SU5", "SU6"]
    text = str(GAME.query(m.state, SOVIET, "discards"))
    assert "AX17" in text


def test_16_1_3_inactive_partisans_are_blank_for_everybody() -> None:
    m = new_match()
    ref(m, "place su-partisan-3 2020")
    ref(m, "place su-partisan-4 2120")
    ref(m, "activate su-partisan-4 on")
    for role in (AXIS, SOVIET, "referee"):
        view = m.view(role)
        text = dump(view)
        assert "su-partisan-3" not in text and "Partisans #3" not in text
        blank = [u for u in view["units"] if u["hex"] == "2020"]
        assert blank == [{**blank[0], "id": "partisan-2020", "values": "?", "hidden": True}]
        assert any(u["id"] == "su-partisan-4" for u in view["units"])
        assert not any("partisan" in uid for uids in view["boxes"].values() for uid in uids)


def test_6_1_prompts_list_only_the_askers_own_cards() -> None:
    m = new_match()
    prompt = m.prompt(AXIS)
    cards = {a for act in prompt.actions for a in act.args if a[:2] in ("AX", "SU")}
    assert cards and cards <= set(m.state["cards"][AXIS]["hand"])
    waiting = m.prompt(SOVIET)
    assert not waiting.actions and "axis" in str(waiting.text).casefold()


def test_holdings_are_the_owners_and_status_names_no_card() -> None:
    m = new_match()
    held = str(GAME.holdings(m.state, SOVIET))
    assert all(c in held for c in m.state["cards"][SOVIET]["hand"])
    with pytest.raises(InvalidOrder):
        GAME.holdings(m.state, "referee")
    status = str(GAME.status(m.state, AXIS))
    assert not any(c in status for side in (AXIS, SOVIET) for c in m.state["cards"][side]["hand"])


def test_drawn_cards_are_logged_to_their_owner_only() -> None:
    m = new_match()
    m.submit(AXIS, "zero pass")
    m.submit(SOVIET, "zero pass")
    m.submit(SOVIET, "keep")
    recs = m.submit(AXIS, "keep")
    public = " ".join(str(e.text) for r in recs for e in r.entries if e.to == "*")
    for side in (AXIS, SOVIET):
        assert not any(c in public for c in m.state["cards"][side]["hand"] if c not in ("SU1", "SU2"))


# Invariants --------------------------------------------------------------------------------------------
def broken(change: Any) -> None:
    m = new_match()
    state = copy.deepcopy(m.state)
    change(state)
    with pytest.raises(InvariantViolation):
        GAME.check_invariants(state)


def test_invariants_hold_at_the_start() -> None:
    m = new_match()
    GAME.check_invariants(m.state)


def test_invariant_unit_on_a_sea_hex() -> None:
    sea = next(h for h, kind in sorted(RULES.board.terrain.items()) if kind == "sea")
    broken(lambda s: s["units"]["ge-4a"].update(hex=sea))


def test_invariant_unit_on_the_map_and_in_a_box() -> None:
    broken(lambda s: s["units"]["ge-4a"].update(box="eliminated"))


def test_invariant_unit_nowhere() -> None:
    broken(lambda s: s["units"]["ge-4a"].update(hex=None, box=None))


def test_invariant_level_beyond_the_counter() -> None:
    broken(lambda s: s["units"]["ge-4a"].update(level=4))


def test_invariant_both_sides_in_a_hex() -> None:
    broken(lambda s: s["units"]["su-13r"].update(hex=s["units"]["ge-4a"]["hex"]))


def test_invariant_inactive_partisans_may_share_a_hex_with_the_axis() -> None:
    m = new_match()
    state = copy.deepcopy(m.state)
    state["units"]["su-partisan-1"].update(hex=state["units"]["ge-4a"]["hex"], box=None)
    GAME.check_invariants(state)
    state["units"]["su-partisan-1"]["active"] = True
    with pytest.raises(InvariantViolation):
        GAME.check_invariants(state)


def test_invariant_card_in_two_places_or_wrong_deck() -> None:
    broken(lambda s: s["cards"][AXIS]["discard"].append(s["cards"][AXIS]["hand"][0]))
    broken(lambda s: s["cards"][AXIS]["discard"].append("SU8"))


def test_invariant_control_by_a_side() -> None:
    broken(lambda s: s["control"].update({"2722": "germany"}))


def test_invariant_unknown_unit() -> None:
    broken(lambda s: s["units"].update({"xx-ghost": {"hex": None, "box": "setaside", "level": 0}}))


# 23.1.1 and 21.0 ------------------------------------------------------------------------------------------
def test_23_1_1_axis_then_soviet_may_buy_a_chosen_card_for_a_vp() -> None:
    m = new_match(pick_card=True)
    assert m.active() == {AXIS} and m.state["cards"][AXIS]["hand"] == []
    recs = m.submit(AXIS, "pick 24")
    assert m.state["vp"] == 6 and "AX24" in m.state["cards"][AXIS]["hand"]
    assert not any("AX24" in str(e.text) for r in recs for e in r.entries if e.to == "*")
    assert m.active() == {SOVIET}
    m.submit(SOVIET, "pick 16")
    assert m.state["vp"] == 7 and "SU16" in m.state["cards"][SOVIET]["hand"]
    assert len(m.state["cards"][AXIS]["hand"]) == 6 and len(m.state["cards"][SOVIET]["hand"]) == 6
    assert m.state["phase"] == {"name": "action", "side": AXIS} and m.state["ar"] == 5
    for side in (AXIS, SOVIET):
        assert card_total(m.state, side) == cards_of(side)


def test_23_1_1_pick_none_and_refusals() -> None:
    m = new_match(pick_card=True)
    with pytest.raises(IllegalOrder) as err:
        m.submit(AXIS, "pick 30")  # a Total War card is not in the Blitzkrieg deck
    assert err.value.rule == "23.1.1"
    m.submit(AXIS, "pick none")
    with pytest.raises(IllegalOrder):
        m.submit(SOVIET, "pick 1")  # set aside (4.3.1), not in the deck
    m.submit(SOVIET, "pick none")
    assert m.state["vp"] == 7 and len(m.state["cards"][SOVIET]["hand"]) == 6


def test_23_1_1_without_the_option_hands_are_dealt_at_once() -> None:
    m = new_match()
    assert len(m.state["cards"][AXIS]["hand"]) == 6 and len(m.state["cards"][SOVIET]["hand"]) == 6
    assert all(int(c[2:]) >= 7 for c in m.state["cards"][SOVIET]["hand"])  # 4.3.1: cards 1-6 set aside


def test_21_0_bid_reaches_the_turn_start() -> None:
    m = new_match(bid_for="axis", bid=2)
    assert m.state["rp_schedule"] == {SOVIET: {"2": 3, "3": 2}, AXIS: {}}


# A short random walk -----------------------------------------------------------------------------------------
MINE = ("action_round", "replacement", "draw_phase", "end_of_turn", "setup")


@pytest.mark.parametrize("seed", [4, 11])
def test_random_legal_actions_keep_every_card_and_the_invariants(seed: int) -> None:
    """Random actions from the prompts: every action the sequence procedures list is accepted, nothing
    crashes, and every card of both decks is always somewhere (7.6)."""
    rng = random.Random(seed)
    m = new_match(seed=f"walk-{seed}", pick_card=seed % 2 == 1)
    for _ in range(150):
        if m.result() is not None:
            break
        role = sorted(m.active())[0]
        proc = m.state["flow"][-1]["proc"]
        actions = list(m.prompt(role).actions)
        if proc in MINE:
            m.play(role, rng.choice(actions))  # listed => legal (the harness contract)
        else:
            rng.shuffle(actions)
            for action in [a for a in actions if a.verb not in ("done", "pass")][:4] + [a for a in actions if a.verb in ("done", "pass")]:
                try:
                    m.play(role, action)
                    break
                except OrderError:
                    continue
        for side in (AXIS, SOVIET):
            assert card_total(m.state, side) == cards_of(side)
    assert m.state["turn"] >= 2


def test_the_picture_draws_one_arrow_per_path_of_the_round() -> None:
    from engine.games.stalins_war.game import picture_last

    last = {"kind": "combat", "hex": "1722", "from": ["1622", "1623"], "result": "2/0",
            "advances": [["1622", "1722"], ["1622", "1722"]], "moves": [["1621", "1622"]]}
    pic = picture_last(last)
    assert pic["moves"] == [["1621", "1622"], ["1622", "1722"]]
    assert pic["attacks"] == [{"from": ["1622", "1623"], "to": "1722", "result": "2/0"}]


def test_view_hex_markers_show_entrenchments_festung_round_markers_and_captured_key_hexes() -> None:
    from engine.games.stalins_war.game import hex_markers
    from tests.engine.games.stalins_war.flow_helpers import RULES, direct

    d = direct(turn=6, ar=2, side="axis")
    state = d.state
    minsk, berlin, kiev = RULES.hex_of("Minsk"), RULES.hex_of("Berlin"), RULES.hex_of("Kiev")
    state["markers"]["entrench"]["2526"] = "soviet"
    state["markers"]["festung"].append(berlin)
    state["control"][minsk] = "axis"
    state["round"] = {"side": "axis", "combat_markers": ["1720"], "blitz": ["1821"]}
    state["phase"] = {"name": "action", "side": "axis"}
    shown = {(m["hex"], m["text"]) for m in hex_markers(RULES, state)}
    assert {("2526", "ENTR"), (berlin, "FESTUNG"), ("1720", "COMBAT"), ("1821", "BLITZ"), (minsk, "AX")} <= shown
    assert not {(berlin, "AX"), (kiev, "SU")} & shown  # first owners need no control marker
    state["phase"] = {"name": "action", "side": "soviet"}
    assert not {t for _, t in ((m["hex"], m["text"]) for m in hex_markers(RULES, state))} & {"COMBAT", "BLITZ"}


def test_view_does_not_tag_mobilised_reinforcements_as_fought_4_5_1() -> None:
    from engine.games.stalins_war.game import StalinsWar
    from tests.engine.games.stalins_war.flow_helpers import direct

    d = direct(turn=2, ar=3, side="soviet")
    uid = next(u for u, v in d.state["units"].items() if v.get("hex") and u.startswith("su-"))
    d.state["units"][uid].update(fought=True, arrived=True)
    view = StalinsWar().view(d.state, "axis")
    assert "FOUGHT" not in next(u for u in view["units"] if u["id"] == uid)["markers"]
    d.state["units"][uid].pop("arrived")
    view = StalinsWar().view(d.state, "axis")
    assert "FOUGHT" in next(u for u in view["units"] if u["id"] == uid)["markers"]
