"""Scenario 2's set-up (11.2): step losses chosen by the enemy, then six Soviet Improved Defense stacks."""

import pytest

from engine import stacks
from engine.errors import IllegalOrder
from engine.games.across_the_bug_river.game import POLICY
from tests.engine.games.across_the_bug_river.helpers import GAME, fresh, play

RULES = GAME.rules


def soviet_unit(state, formation):
    return next(u for u, x in sorted(state["units"].items()) if x["formation"] == formation and x["kind"] == "unit" and x["hex"] is not None)


def test_the_german_first_chooses_the_soviet_losses():
    """11.2: after set-up the German player chooses the Soviet step losses."""
    state = fresh("scenario2")
    assert state["flow"][-1]["proc"] == "setup2" and GAME.active(state) == frozenset({"german"})


def test_a_chosen_loss_takes_a_step_and_counts_against_the_quota():
    """11.2: 'hit UNIT' takes a step from a 135th Rifle Division unit; 3 of its 4 infantry steps remain."""
    state = fresh("scenario2")
    uid = soviet_unit(state, "135rd")
    strength = state["units"][uid]["strength"]
    play(state, "german", f"hit {uid}")
    assert state["units"][uid]["strength"] == strength - 1
    assert state["flow"][-1]["quota"]["135rd"]["infantry"] == 3


def test_no_more_than_three_losses_per_soviet_stack():
    """11.2: at most 3 Soviet step losses per stack."""
    state = fresh("scenario2")
    frame = state["flow"][-1]
    uid = soviet_unit(state, "135rd")
    frame["taken"][state["units"][uid]["hex"]] = 3
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", f"hit {uid}")
    assert err.value.rule == "11.2"


def test_only_the_listed_formations_lose_steps():
    """11.2: the German chooses losses only among the 135th and 87th Rifle Divisions."""
    state = fresh("scenario2")
    other = next(u for u, x in sorted(state["units"].items()) if x["side"] == "soviet" and x["kind"] == "unit" and x["hex"] and x["formation"] not in ("135rd", "87rd"))
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", f"hit {other}")
    assert err.value.rule == "11.2"


def test_the_chooser_sees_the_stacks_while_choosing_and_not_after():
    """11.2 / 5.3.4 (RULINGS S1): the chooser sees the enemy stacks whole only while choosing."""
    state = fresh("scenario2")
    uid = soviet_unit(state, "135rd")
    label = state["units"][uid]["hex"]
    seen = [c.unit for c in stacks.project_stack(POLICY, state, state["units"], label, "german").counters]
    assert uid in seen
    play(state, "german", "pass")
    assert not any(r["until"] == "setup-losses-german" for r in state.get(stacks.REVEALS_KEY, []))


def test_pass_spends_every_loss_then_the_soviet_chooses():
    """11.2: 'pass' takes the rest by the default; the Soviet player then chooses the German losses."""
    state = fresh("scenario2")
    before = sum(u["strength"] for u in state["units"].values() if u["kind"] == "unit" and u["formation"] in ("135rd", "87rd") and u["hex"])
    play(state, "german", "pass")
    after = sum(u["strength"] for u in state["units"].values() if u["kind"] == "unit" and u["formation"] in ("135rd", "87rd") and u["hex"])
    assert before - after <= 10 and before > after
    assert GAME.active(state) == frozenset({"soviet"})


def test_six_soviet_stacks_go_in_improved_defense():
    """11.2: after the losses, the Soviet player puts up to six stacks in Improved Defense."""
    state = fresh("scenario2")
    play(state, "german", "pass")
    play(state, "soviet", "pass")
    assert state["flow"][-1]["stage"] == "defense"
    play(state, "soviet", "pass")
    assert len(state["improved"]) == 6
    assert state["flow"][-1]["proc"] != "setup2"
