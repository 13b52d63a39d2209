"""Objective chits (7.3): open and secret chits, their VP during play and at the end, and who may see them."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.game import Action
from engine.games.combat_commander import cards, events, model, objectives
from tests.engine.games.combat_commander.helpers import (
    DATA,
    GAME,
    FakeContext,
    find,
    new_match,
    only_units,
    open_and_settle,
    stack,
)
from tests.harness import check_secrets, string_values


def test_setup_draws_the_scenarios_chits() -> None:
    """7.3.1.2: the scenario's open chit and one secret chit per side are drawn at random."""
    m = new_match()
    box = m.state["chits"]
    assert len(box["open"]) + len(box["secret"]["axis"]) + len(box["secret"]["allies"]) == 3
    assert len(box["pool"]) == 22 - 3


def test_the_chit_table_holds_22_chits_with_c_g_k_for_objective_3() -> None:
    """7.3.1.2: 22 chits; C, G and K make Objective 3 worth 1 + 2 + 3."""
    assert len(objectives.chits()) == 22
    assert objectives.worth({"chits": objectives.empty()}, "3", ["chit-c", "chit-g", "chit-k"]) == 6


def test_a_secret_chit_is_hidden_from_the_other_seat_and_the_channel() -> None:
    """7.3.3: only the holder reads a secret chit; the others see how many it holds."""
    m = new_match()
    m.state["chits"]["secret"]["axis"] = ["chit-k"]
    for viewer in ("allies", "public"):
        seen = m.observe(viewer)
        assert not any("chit-k" in v for v in string_values(seen.view))
        assert GAME.view(m.state, viewer)["objective_chits"]["secret"]["axis"] == 1
    assert any("chit-k" in v for v in string_values(GAME.view(m.state, "axis")))


def test_the_holder_reads_its_secret_chit_in_its_holdings() -> None:
    """7.3.3: a secret chit is listed with the holder's hand, to the holder alone."""
    m = new_match()
    m.state["chits"]["secret"]["axis"] = ["chit-k"]
    assert "chit-k" in GAME.holdings(m.state, "axis").format()
    assert "chit-k" not in GAME.holdings(m.state, "allies").format()


def test_an_open_chit_scores_for_the_controller_at_once() -> None:
    """7.3.3: an open chit's VP go at once to whoever controls its objective (E74)."""
    m = new_match()
    m.state["objectives"]["3"] = "allies"
    vp = m.state["vp"]
    objectives.open_chit(m.state, "chit-k", FakeContext())
    assert m.state["vp"] == vp - 3


def test_control_changing_hands_swings_twice_the_value() -> None:
    """7.3.3: a 4-VP objective changing hands swings 8 VP."""
    m = new_match()
    m.state["chits"]["open"] = ["chit-c", "chit-k"]
    m.state["objectives"]["3"] = "allies"
    only_units(m, {"g-s1": "L3", "a-s1": "A9"})
    vp = m.state["vp"]
    model.update_control(DATA, m.state, {"3": frozenset({"L3"})}, FakeContext())
    assert m.state["objectives"]["3"] == "axis" and m.state["vp"] == vp + 8


def test_a_chit_without_a_secret_side_is_drawn_open() -> None:
    """7.3.3: a chit with no secret side drawn for Mission Objective (E65) is placed open."""
    m = new_match()
    m.state["chits"]["pool"] = ["chit-r"]
    objectives.draw(m.state, FakeContext(), "axis", secret=True)
    assert "chit-r" in m.state["chits"]["open"] and "chit-r" not in m.state["chits"]["secret"]["axis"]


def test_secret_chits_are_revealed_and_scored_at_a_sudden_death_end() -> None:
    """6.3.2: the game ends by Sudden Death: every secret chit is revealed and scored for the controller."""
    m = new_match()
    m.state["chits"] = {"pool": [], "open": [], "secret": {"axis": ["chit-a"], "allies": []}}
    m.state["objectives"]["1"] = "axis"
    m.state["time"], m.state["sudden_death"] = 5, 5
    stack(m, "axis", [find("axis", total=2, trigger="")])
    vp = m.state["vp"]
    ctx = FakeContext()
    cards.time_advance(DATA, m.state, "axis", ctx)
    open_and_settle(m, ctx)
    assert m.state["over"]["why"] == "sudden_death"
    assert "chit-a" in m.state["chits"]["open"] and m.state["vp"] == vp + 1


def test_control_of_all_five_wins_before_the_sudden_death_roll() -> None:
    """7.3.1.2: with the special chit, control of all five objectives wins just before the roll, whatever the VP."""
    m = new_match()
    m.state["chits"]["open"] = ["chit-t"]
    m.state["objectives"] = {n: "axis" for n in "12345"}
    m.state["vp"] = -20
    m.state["time"], m.state["sudden_death"] = 5, 5
    cards.time_advance(DATA, m.state, "axis", FakeContext())
    assert m.state["over"] == {"winner": "axis", "why": "all_objectives"}


def test_the_elimination_chit_doubles_elimination_vp() -> None:
    """7.3.1.2: with the special chit open, an eliminated squad is worth 4 VP instead of 2 (7.1)."""
    m = new_match()
    m.state["chits"]["open"] = ["chit-v"]
    vp = m.state["vp"]
    model.eliminate(DATA, m.state, "a-s1", FakeContext())
    assert m.state["vp"] == vp + 4


def test_a_revealed_chit_is_described_in_public() -> None:
    """E67: once revealed, the chit is read by everybody."""
    m = new_match()
    m.state["chits"]["secret"]["allies"] = ["chit-b"]
    ctx = FakeContext()
    objectives.reveal(m.state, "allies", "chit-b", ctx)
    assert any("chit-b" in v for v in string_values(GAME.view(m.state, "public")))


def test_the_reconnaissance_prompt_never_names_the_secret_chits() -> None:
    """7.3.3, E67: the prompt (posted in the channel) and a refusal do not name the chooser's secret chits."""
    m = new_match()
    m.state["chits"]["secret"]["allies"] = ["chit-a", "chit-c"]
    events.ask(m.state, "reconnaissance", "allies", "E67", False)
    events.open_choices(DATA, m.state, FakeContext())
    assert "chit-" not in m.prompt_text("allies").format()
    with pytest.raises(IllegalOrder) as exc:
        m.play("allies", Action("choose", ("chit-b",)))
    assert "chit-" not in exc.value.text().format()


def test_the_harness_catches_a_secret_chit_in_a_public_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """7.3.3: the random-play harness fails if another seat's secret chit reaches a public view."""
    m = new_match()
    secret = m.state["chits"]["secret"]["axis"][0]
    monkeypatch.setattr(objectives, "view", lambda state, viewer: {"leak": objectives.describe(secret).format()})
    with pytest.raises(AssertionError):
        check_secrets(GAME, m)
