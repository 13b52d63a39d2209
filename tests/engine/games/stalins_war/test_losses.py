"""Stalin's War combat losses (11.3, 16.4.2, 11.4.4) and the owner's loss window."""

from __future__ import annotations

import pytest

from engine import flow
from engine.errors import IllegalOrder
from engine.games.stalins_war import battle, losses
from tests.engine.games.stalins_war.test_battle import (
    CENTRE,
    RULES,
    FakeCtx,
    FakeGame,
    board,
    near,
    order,
    patch_supply,
    put,
    top,
)


@pytest.fixture
def supplied(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    return patch_supply(monkeypatch)



def test_spreading_rule_11_3_2():
    state = board()
    put(state, "ge-43c", CENTRE)
    put(state, "ge-27c", CENTRE)
    pool = ["ge-43c", "ge-27c"]
    assert losses.candidates(RULES, state, pool, {}, False) == pool
    assert losses.candidates(RULES, state, pool, {"ge-43c": 1}, False) == ["ge-27c"]
    assert losses.candidates(RULES, state, pool, {"ge-43c": 1, "ge-27c": 1}, False) == pool


def test_asterisked_results_hit_scus_only_11_3_4():
    state = board()
    put(state, "ge-4a", CENTRE)
    put(state, "ge-43c", CENTRE)
    assert losses.candidates(RULES, state, ["ge-4a", "ge-43c"], {}, True) == ["ge-43c"]
    assert losses.candidates(RULES, state, ["ge-4a"], {}, True) == []
    # Panzer groups firing on the LCU table remain SCUs for losses (11.2.1(4)).
    put(state, "ge-46pz", CENTRE)
    assert losses.candidates(RULES, state, ["ge-4a", "ge-46pz"], {}, True) == ["ge-46pz"]


def test_spreading_counts_only_units_eligible_for_the_loss_8_1_12():
    """LCU + one SCU and a 2* result: the SCU may take both (the LCU cannot take an asterisk)."""
    state = board()
    put(state, "ge-4a", CENTRE)
    put(state, "ge-43c", CENTRE)
    assert losses.candidates(RULES, state, ["ge-4a", "ge-43c"], {"ge-43c": 1}, True) == ["ge-43c"]


def test_stalin_is_the_last_level_16_4_2():
    state = board(side="axis")
    put(state, "su-13r", CENTRE)
    put(state, "su-stalin", CENTRE)
    pool = ["su-13r", "su-stalin"]
    assert losses.candidates(RULES, state, pool, {}, False) == ["su-13r"]
    state["units"]["su-13r"]["hex"] = None
    assert losses.candidates(RULES, state, pool, {"su-13r": 2}, False) == ["su-stalin"]


def test_first_attacking_loss_on_a_mechanised_unit_11_3_3():
    state = board()
    for uid in ("ge-4a", "ge-46pz", "ge-43c"):
        put(state, uid, CENTRE)
    pool = ["ge-4a", "ge-46pz", "ge-43c"]
    assert losses.candidates(RULES, state, pool, {}, False, mech_first=True) == ["ge-46pz"]
    assert losses.candidates(RULES, state, pool, {}, False, mech_first=False) == pool


def test_wiped_out_does_not_depend_on_choices():
    state = board()
    put(state, "ge-4a", CENTRE)
    put(state, "ge-43c", CENTRE)
    assert not losses.wiped_by(RULES, state, ["ge-4a", "ge-43c"], 9, True)  # the LCU survives any 9*
    assert not losses.wiped_by(RULES, state, ["ge-4a", "ge-43c"], 5, False)
    assert losses.wiped_by(RULES, state, ["ge-4a", "ge-43c"], 6, False)
    assert losses.wiped_by(RULES, state, [], 0, False)


def test_kampfgruppe_keeps_the_last_scu_level_ax11():
    state = board()
    put(state, "ge-43c", CENTRE, level=1)
    assert losses.candidates(RULES, state, ["ge-43c"], {}, False, keep_last_scu=True) == []
    assert losses.candidates(RULES, state, ["ge-43c"], {}, False) == ["ge-43c"]


def window(state, side, pool, n, star=False, attacking=False, combat=None):
    game = FakeGame()
    combat = combat or battle.new_combat(RULES, state, "axis", CENTRE, [], False)
    flow.call(state, "battle", combat=combat, stage="finish")
    losses.open_losses(state, side=side, pool=pool, n=n, star=star, attacking=attacking, why="test")
    ctx = FakeCtx()
    game.run_automatic(state, ctx)
    return game, ctx, combat


def test_forced_losses_need_no_answer(supplied):
    state = board()
    put(state, "su-13r", CENTRE)
    game, ctx, _ = window(state, "soviet", ["su-13r"], 1)
    assert state["units"]["su-13r"]["level"] == 1
    assert not state.get("flow")


def test_a_loss_forced_on_the_only_unit_is_logged_with_11_3(supplied):
    """The log says the owner does not choose because one unit alone may take the loss (11.3)."""
    state = board()
    put(state, "su-13r", CENTRE)
    game, ctx, _ = window(state, "soviet", ["su-13r"], 1)
    assert "Soviet does not choose:" in ctx.text
    assert "is the only unit that may take the next loss (11.3)" in ctx.text


def test_a_loss_order_after_the_engine_took_the_only_unit_cites_11_3(supplied):
    """A 'loss' after the engine allocated the loss to the only unit says so, citing 11.3."""
    state = board()
    put(state, "su-13r", CENTRE)
    state["flow"] = [{"proc": "combat_step", "side": "axis", "waiting": True}]
    game, _, _ = window(state, "soviet", ["su-13r"], 1)
    with pytest.raises(IllegalOrder) as exc:
        order(game, state, "soviet", "loss", "su-13r")
    assert exc.value.rule == "11.3"
    assert f"The loss allocation of the defender is over: {RULES.units['su-13r'].name} was the only unit that could take the loss, so the engine took it (11.3)." in str(exc.value)


def test_a_first_attacking_loss_forced_on_the_only_mechanised_unit_is_logged_with_11_3_3(supplied):
    """The engine takes the attacker's first loss on his only mechanised unit and names 11.3.3, not 11.3."""
    state = board()
    for uid in ("ge-4a", "ge-46pz", "ge-43c"):
        put(state, uid, near(CENTRE))
    game, ctx, _ = window(state, "axis", ["ge-4a", "ge-46pz", "ge-43c"], 2, attacking=True)
    assert f"Axis does not choose: {RULES.units['ge-46pz'].name} is the only unit that may take the next loss (11.3.3)." in ctx.text


def test_a_loss_order_after_the_engine_took_the_mechanised_unit_cites_11_3_3(supplied):
    """A 'loss' after the engine gave the attacker's first and only loss to his only mechanised unit cites 11.3.3."""
    state = board()
    for uid in ("ge-4a", "ge-46pz"):
        put(state, uid, near(CENTRE))
    state["flow"] = [{"proc": "combat_step", "side": "axis", "waiting": True}]
    game, _, _ = window(state, "axis", ["ge-4a", "ge-46pz"], 1, attacking=True)
    with pytest.raises(IllegalOrder) as exc:
        order(game, state, "axis", "loss", "ge-4a")
    assert exc.value.rule == "11.3.3"


def test_a_second_loss_forced_by_the_spreading_rule_is_logged_with_11_3_2(supplied):
    """With one unit already hit, the engine gives the next loss to the other one and names 11.3.2."""
    state = board()
    put(state, "su-13r", CENTRE)
    put(state, "su-21r", CENTRE)
    combat = battle.new_combat(RULES, state, "axis", CENTRE, [], False)
    combat["hits"]["su-13r"] = 1
    game, ctx, _ = window(state, "soviet", ["su-13r", "su-21r"], 1, combat=combat)
    assert f"{RULES.units['su-21r'].name} is the only unit that may take the next loss (11.3.2)." in ctx.text


def test_stalin_spared_by_the_engine_is_logged_with_16_4_2(supplied):
    """A loss the engine gives to the unit with Stalin rather than to Stalin names 16.4.2."""
    state = board(side="axis")
    put(state, "su-13r", CENTRE)
    put(state, "su-stalin", CENTRE)
    game, ctx, _ = window(state, "soviet", ["su-13r", "su-stalin"], 1)
    assert f"{RULES.units['su-13r'].name} is the only unit that may take the next loss (16.4.2)." in ctx.text


def test_losses_taking_every_level_are_logged_once_with_11_3(supplied):
    """When the losses take every level, the log says once that there is nothing to choose (11.3.2)."""
    state = board()
    put(state, "su-13r", CENTRE)
    put(state, "su-21r", CENTRE)
    game, ctx, _ = window(state, "soviet", ["su-13r", "su-21r"], 5)
    assert ctx.text.count("the losses (5) take every level the units may lose (11.3.2)") == 1


def test_everything_dies_whatever_the_order(supplied):
    state = board()
    put(state, "su-13r", CENTRE)
    put(state, "su-21r", CENTRE)
    game, ctx, _ = window(state, "soviet", ["su-13r", "su-21r"], 5)
    assert state["units"]["su-13r"]["hex"] is None and state["units"]["su-21r"]["hex"] is None
    assert "ignored" in ctx.text


def test_window_with_a_real_choice_and_refusal_citing_the_rule(supplied):
    state = board()
    for uid in ("ge-4a", "ge-46pz", "ge-43c"):
        put(state, uid, near(CENTRE))
    game, ctx, combat = window(state, "axis", ["ge-4a", "ge-46pz", "ge-43c"], 2, attacking=True)
    # The first loss is forced onto the only mechanised unit (11.3.3), then the owner chooses.
    assert state["units"]["ge-46pz"]["level"] == 1
    assert top(state) == "battle_loss" and game.active(state) == frozenset({"axis"})
    with pytest.raises(IllegalOrder) as err:
        order(game, state, "axis", "loss", "ge-46pz")
    assert "11.3.2" in str(err.value.message)
    order(game, state, "axis", "loss", "ge-4a")
    assert state["units"]["ge-46pz"]["level"] == 1 and state["units"]["ge-4a"]["level"] == 1
    assert combat["hits"] == {"ge-46pz": 1, "ge-4a": 1}


def test_loss_prompt_names_the_units_with_their_ids(supplied):
    """Players know '46 Pz Corps', not only 'ge-46pz'; one loss is 'loss', several 'losses'."""
    state = board()
    for uid in ("ge-4a", "ge-46pz", "ge-43c"):
        put(state, uid, near(CENTRE))
    game, ctx, combat = window(state, "axis", ["ge-4a", "ge-46pz", "ge-43c"], 2, attacking=True)
    text = str(game.prompt(state, "axis").text)
    assert text.startswith("Take 1 loss (")
    state["flow"][-1]["why"] = "attacker"
    assert str(game.prompt(state, "axis").text).startswith("Take 1 loss (as the attacker): 'loss UNIT' or 'loss auto'.")
    for uid in ("ge-4a", "ge-43c"):
        assert f"{RULES.units[uid].name} ({uid})" in text
    with pytest.raises(IllegalOrder) as err:
        order(game, state, "axis", "loss", "ge-46pz")
    assert f"{RULES.units['ge-46pz'].name} (ge-46pz) cannot" in str(err.value)
    assert f"{RULES.units['ge-4a'].name} (ge-4a)" in str(err.value.hint)


def test_first_attacking_loss_refused_on_a_non_mechanised_unit_11_3_3(supplied):
    state = board()
    for uid in ("ge-4a", "ge-46pz", "ge-47pz", "ge-43c"):
        put(state, uid, near(CENTRE))
    game, ctx, combat = window(state, "axis", ["ge-4a", "ge-46pz", "ge-47pz", "ge-43c"], 1, attacking=True)
    with pytest.raises(IllegalOrder) as err:
        order(game, state, "axis", "loss", "ge-43c")
    assert "11.3.3" in str(err.value.message)
    order(game, state, "axis", "loss", "ge-47pz")
    assert state["units"]["ge-47pz"]["level"] == 1


def test_second_loss_refused_until_all_have_one_11_3_2(supplied):
    state = board()
    put(state, "su-13r", CENTRE)
    put(state, "su-21r", CENTRE)
    game, ctx, _ = window(state, "soviet", ["su-13r", "su-21r"], 2)
    with pytest.raises(IllegalOrder) as err:
        order(game, state, "soviet", "loss", "su-13r", "su-13r")
    assert "11.3.2" in str(err.value.message)
    order(game, state, "soviet", "loss", "auto")
    assert state["units"]["su-13r"]["level"] == 1 and state["units"]["su-21r"]["level"] == 1


def test_axis_lcu_eliminated_out_of_supply_goes_to_the_turn_track_11_3_6(supplied):
    state = board()
    put(state, "ge-4a", CENTRE, level=3)
    combat = battle.new_combat(RULES, state, "soviet", CENTRE, [], False)
    combat["oos"] = ["ge-4a"]
    window(state, "axis", ["ge-4a"], 1, combat=combat)
    assert state["units"]["ge-4a"]["box"] == "track" and state["units"]["ge-4a"]["due"] == 13


def test_german_step_loss_recorded_for_destroy_the_fascists(supplied):
    state = board(side="soviet")
    put(state, "ge-43c", CENTRE)
    window(state, "axis", ["ge-43c"], 1)
    assert state["round"]["german_step_lost"] is True


def test_a_loss_order_after_the_losses_took_every_level_cites_11_3_2(supplied):
    """A 'loss' after the engine took every level (nothing to choose) says so, citing 11.3.2."""
    state = board()
    put(state, "su-13r", CENTRE)
    put(state, "su-21r", CENTRE)
    state["flow"] = [{"proc": "combat_step", "side": "axis", "waiting": True}]
    game, _, _ = window(state, "soviet", ["su-13r", "su-21r"], 5)
    with pytest.raises(IllegalOrder) as exc:
        order(game, state, "soviet", "loss", "su-13r")
    assert exc.value.rule == "11.3.2"
    assert "the losses took every level the units could lose, so the engine took them (11.3.2)" in str(exc.value)
