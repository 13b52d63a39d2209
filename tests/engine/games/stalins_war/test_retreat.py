"""Stalin's War retreats (11.4): distance, hard limits, priorities, No-Retreat, eliminations."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.games.stalins_war import battle, retreat
from tests.engine.games.stalins_war.test_battle import (
    CENTRE,
    RULES,
    FakeCtx,
    board,
    mark,
    near,
    order,
    patch_supply,
    put,
    start,
    top,
)


@pytest.fixture
def supplied(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    return patch_supply(monkeypatch)


GRID = RULES.board.grid


def soviet_attack(state, rolls, attacker="su-1-ukrainian-front", target=CENTRE, origin=None):
    origin = origin or near(target)
    put(state, attacker, origin)
    mark(state, origin)
    game, ctx = start(state, FakeCtx(rolls))
    order(game, state, "soviet", "attack", target, "with", attacker, "nocc", ctx=ctx)
    order(game, state, "axis", "pass", ctx=ctx)
    return game, ctx


@pytest.mark.parametrize(("rolls", "length"), [([5, 1], 2), ([1, 1], 1)])
def test_retreat_length_by_loss_difference_11_4_2(supplied, rolls, length):
    """6 on LCU 6-7: roll 5 -> 2, roll 1 -> 1. Two German corps (4, SCU column 4), roll 1 -> -."""
    state = board(side="soviet")
    put(state, "ge-43c", CENTRE)
    put(state, "ge-27c", CENTRE)
    game, ctx = soviet_attack(state, rolls)
    if top(state) == "battle_loss":
        order(game, state, "axis", "loss", "auto", ctx=ctx)
    assert top(state) == "battle_retreat"
    assert state["flow"][-1]["length"] == length
    assert f"retreat {length} hex" in ctx.text


def test_hard_limits_11_4_4(supplied):
    state = board(side="soviet")
    put(state, "ge-43c", CENTRE)
    enemy_hex = near(CENTRE, 0)
    put(state, "su-13r", enemy_hex)
    free = [h for h in RULES.board.neighbours(CENTRE) if h != enemy_hex]
    problem = retreat.path_problem(RULES, state, "ge-43c", CENTRE, [enemy_hex], 1)
    assert problem is not None and problem[1] == "11.4.4"
    assert retreat.path_problem(RULES, state, "ge-43c", CENTRE, free[:2], 1)[1] == "11.4.2"
    # Two hexes: never back into the hex, never ending next to it.
    first = free[0]
    back = [first, CENTRE]
    assert retreat.path_problem(RULES, state, "ge-43c", CENTRE, back, 2) is not None
    beside = next(h for h in RULES.board.neighbours(first) if GRID.adjacent(h, CENTRE) and h != CENTRE and h != enemy_hex)
    assert "next to" in str(retreat.path_problem(RULES, state, "ge-43c", CENTRE, [first, beside], 2)[0])


def test_enemy_zoc_blocks_unless_negated_8_3(supplied):
    state = board(side="soviet")
    put(state, "ge-43c", CENTRE)
    front = two_ring = sorted(h for h in GRID.within(CENTRE, 2) if GRID.distance(h, CENTRE) == 2)[0]
    put(state, "su-west-front", front)
    in_zoc = next(h for h in RULES.board.neighbours(CENTRE) if GRID.adjacent(h, front))
    problem = retreat.path_problem(RULES, state, "ge-43c", CENTRE, [in_zoc], 1)
    assert problem is not None and "zone of control" in str(problem[0])
    put(state, "ge-27c", in_zoc)
    assert retreat.path_problem(RULES, state, "ge-43c", CENTRE, [in_zoc], 1) is None
    assert two_ring == front


def test_may_not_end_over_stacked_11_4_4(supplied):
    state = board(side="soviet")
    put(state, "ge-43c", CENTRE)
    full = near(CENTRE, 2)
    for uid in ("ge-27c", "ge-34c", "ge-35c", "ge-59c"):
        put(state, uid, full)
    problem = retreat.path_problem(RULES, state, "ge-43c", CENTRE, [full], 1)
    assert problem is not None and "over-stacked" in str(problem[0])


def test_priorities_avoid_enemy_cities_then_supply_11_4_4(supplied):
    moscow = RULES.hex_of("Moscow")
    origin = next(h for h in RULES.board.neighbours(moscow) if retreat.land(RULES, h))
    state = board(side="soviet")
    put(state, "ge-43c", origin)
    best = retreat.best_paths(RULES, state, "ge-43c", origin, 1)
    assert best and all(moscow not in p for p in best)
    legal = [p for p, _ in retreat.legal_paths(RULES, state, "ge-43c", origin, 1)]
    assert (moscow,) in legal
    # Supply: a hex out of supply is avoided when another is in supply.
    choice = best[0][0]
    for p in best:
        if p[0] != choice:
            supplied[p[0]] = "none"
    assert retreat.best_paths(RULES, state, "ge-43c", origin, 1) == [(choice,)]


def test_ma_zero_unit_eliminated_when_forced_to_retreat_11_4_6(supplied):
    state = board(side="axis")
    a = near(CENTRE)
    for uid in ("ge-46pz", "ge-3pz", "ge-14pz"):
        put(state, uid, a)
    put(state, "su-13r", CENTRE)
    put(state, "su-fortified-zone", CENTRE)
    mark(state, a)
    game, ctx = start(state, FakeCtx([1, 1]))
    order(game, state, "axis", "attack", CENTRE, "nocc", ctx=ctx)
    order(game, state, "soviet", "pass", ctx=ctx)
    # 12 on LCU 12-14, roll 1 -> 1; the Soviet 4 on SCU 4, roll 1 -> -. The Soviet chooses the loss.
    assert top(state) == "battle_loss"
    order(game, state, "soviet", "loss", "su-13r", ctx=ctx)
    if top(state) == "battle_retreat":
        order(game, state, "soviet", "retreat", "auto", ctx=ctx)
    assert state["units"]["su-fortified-zone"]["hex"] is None
    assert "11.4.6" in ctx.text
    assert state["units"]["su-13r"]["hex"] not in (None, CENTRE)


def test_unit_without_retreat_is_eliminated_as_oos_11_4_4(supplied):
    state = board(side="soviet")
    put(state, "ge-4a", CENTRE, level=2)
    others = sorted(RULES.board.neighbours(CENTRE))
    fillers = ["su-13r", "su-21r", "su-22r", "su-20r", "su-16r"]
    for uid, label in zip(fillers, others[1:], strict=True):
        put(state, uid, label)
    game, ctx = soviet_attack(state, [1, 1], origin=others[0])
    # 6 on LCU 6-7 roll 1 -> 1; the army (3) on LCU 3 roll 1 -> -: it must retreat and cannot.
    assert state["units"]["ge-4a"]["box"] == "track"
    assert "11.4.4" in ctx.text


def test_no_retreat_option_in_forest_11_4_3(supplied):
    forest, origin = "2923", "3024"
    state = board(side="soviet")
    put(state, "ge-43c", forest)
    put(state, "ge-27c", forest)
    game, ctx = soviet_attack(state, [1, 1], target=forest, origin=origin)
    if top(state) == "battle_loss":
        order(game, state, "axis", "loss", "ge-43c", ctx=ctx)
    assert top(state) == "battle_retreat"
    assert "11.4.3" in str(game.prompt(state, "axis").text)
    order(game, state, "axis", "noretreat", "ge-27c", ctx=ctx)
    assert state["units"]["ge-27c"]["level"] == 1 and state["units"]["ge-27c"]["hex"] == forest
    assert state["units"]["ge-43c"]["hex"] == forest
    assert top(state) == "combat_step"  # no retreat, so no advance


def test_no_retreat_needs_a_level_left_and_terrain(supplied):
    state = board(side="soviet")
    put(state, "ge-43c", "2923", level=1)
    combat = battle.new_combat(RULES, state, "soviet", "2923", [], False)
    assert retreat.no_retreat_terrain(RULES, state, combat) == "Forest"
    assert retreat.noretreat_units(RULES, state, {"origin": "2923", "side": "axis"}) == []
    clear = battle.new_combat(RULES, state, "soviet", CENTRE, [], False)
    assert retreat.no_retreat_terrain(RULES, state, clear) is None
    # Winter 1942: the Axis keeps the option only when entrenched (15.1.2, ruling 8.1#40).
    state["turn"] = 4
    assert retreat.no_retreat_terrain(RULES, state, combat) is None
    state["markers"]["entrench"]["2923"] = "axis"
    assert retreat.no_retreat_terrain(RULES, state, combat) == "Entrenchment"


def test_festung_ignores_retreats_16_3_5(supplied):
    town = "1722"
    state = board(side="soviet")
    put(state, "ge-43c", town)
    put(state, "ge-27c", town)
    state["markers"]["festung"].append(town)
    game, ctx = soviet_attack(state, [6, 1], target=town, origin="1721")
    if top(state) == "battle_loss":
        order(game, state, "axis", "loss", "auto", ctx=ctx)
    assert "Festung" in ctx.text and "16.3.5" in ctx.text
    assert top(state) == "combat_step"


def test_retreat_order_checked_against_paths(supplied):
    state = board(side="soviet")
    put(state, "ge-43c", CENTRE)
    put(state, "ge-27c", CENTRE)
    game, ctx = soviet_attack(state, [1, 1])
    if top(state) == "battle_loss":
        order(game, state, "axis", "loss", "auto", ctx=ctx)
    assert top(state) == "battle_retreat"
    attacker_hex = near(CENTRE)
    with pytest.raises(IllegalOrder) as err:
        order(game, state, "axis", "retreat", "ge-43c", attacker_hex, ctx=ctx)
    assert "11.4.4" in str(err.value.message)
    good = retreat.best_paths(RULES, state, "ge-43c", CENTRE, 1)[0]
    order(game, state, "axis", "retreat", "ge-43c", *good, ctx=ctx)
    assert state["units"]["ge-43c"]["hex"] == good[-1] and state["units"]["ge-43c"]["retreated"]


def test_retreat_prompt_says_when_not_every_legal_retreat_is_listed(supplied):
    """The prompt's orders stop at PROMPT_PATHS_PER_UNIT per unit: the text says how many more are legal."""
    state = board(side="soviet")
    put(state, "ge-43c", CENTRE)
    put(state, "ge-27c", CENTRE)
    game, ctx = soviet_attack(state, [5, 1])
    if top(state) == "battle_loss":
        order(game, state, "axis", "loss", "auto", ctx=ctx)
    assert top(state) == "battle_retreat" and state["flow"][-1]["length"] == 2
    prompt = game.prompt(state, "axis")
    counts = [len(retreat.best_paths(RULES, state, uid, CENTRE, 2)) for uid in ("ge-43c", "ge-27c")]
    more = sum(max(0, n - retreat.PROMPT_PATHS_PER_UNIT) for n in counts)
    assert more > 0
    text = str(prompt.text)
    assert text.startswith(f"Retreat 2 hexes from {CENTRE}")
    assert f"{more} more are legal: any legal retreat may be named" in text
    with pytest.raises(IllegalOrder) as err:
        order(game, state, "axis", "retreat", "ge-43c", near(CENTRE), ctx=ctx)
    assert counts[0] > retreat.HINT_PATHS
    assert f"and {counts[0] - retreat.HINT_PATHS} more." in str(err.value.hint)


def test_one_hex_retreat_prompt_says_hex(supplied):
    state = board(side="soviet")
    put(state, "ge-43c", CENTRE)
    put(state, "ge-27c", CENTRE)
    game, ctx = soviet_attack(state, [1, 1])
    if top(state) == "battle_loss":
        order(game, state, "axis", "loss", "auto", ctx=ctx)
    assert str(game.prompt(state, "axis").text).startswith(f"Retreat 1 hex from {CENTRE}: 'retreat UNIT HEX'")
    with pytest.raises(IllegalOrder) as err:
        order(game, state, "axis", "retreat", "ge-43c", *retreat.best_paths(RULES, state, "ge-43c", CENTRE, 2)[0], ctx=ctx)
    assert "exactly 1 hex." in str(err.value)


def test_rough_no_retreat_follows_the_option_ruling_8_1_4(supplied):
    rough = "4016"
    state = board(side="soviet")
    put(state, "ge-43c", rough)
    combat = battle.new_combat(RULES, state, "soviet", rough, [], False)
    assert retreat.no_retreat_terrain(RULES, state, combat) == "Rough"
    state["options"]["rough_no_retreat"] = False
    assert retreat.no_retreat_terrain(RULES, state, combat) is None


def test_soviet_retreat_into_inactive_partisans_in_supply_removes_them_16_1_5(supplied):
    """16.1.5: inactive Partisans leave a hex in which the Soviet has a supplied unit, so a Soviet
    unit may end its retreat there when the hex is in supply (not over-stacked, 9.2.2)."""
    state = board(side="axis")
    put(state, "su-13r", CENTRE)
    refuge = near(CENTRE, 2)
    put(state, "su-partisan-1", refuge, active=False)
    assert retreat.path_problem(RULES, state, "su-13r", CENTRE, [refuge], 1) is None
    retreat.apply_path(RULES, state, "su-13r", CENTRE, [refuge], FakeCtx())
    assert state["units"]["su-13r"]["hex"] == refuge
    assert state["units"]["su-partisan-1"]["hex"] is None
    # Out of supply there, the Partisans stay and the hex would be over-stacked.
    state = board(side="axis")
    put(state, "su-13r", CENTRE)
    put(state, "su-partisan-1", refuge, active=False)
    supplied[refuge] = "none"
    problem = retreat.path_problem(RULES, state, "su-13r", CENTRE, [refuge], 1)
    assert problem is not None and "9.2.2" in str(problem[0])


def test_axis_retreat_may_not_pass_through_a_festung_16_3_4(supplied):
    """16.3.4: units that enter a Festung hex never leave it, so a 2-hex Axis retreat may end in a
    Festung but not go on through one."""
    state = board(side="soviet")
    put(state, "ge-43c", CENTRE)
    first = near(CENTRE, 2)
    second = next(h for h in sorted(RULES.board.neighbours(first)) if h != CENTRE and not GRID.adjacent(h, CENTRE))
    assert retreat.path_problem(RULES, state, "ge-43c", CENTRE, [first, second], 2) is None
    state["markers"]["festung"] = [first]
    problem = retreat.path_problem(RULES, state, "ge-43c", CENTRE, [first, second], 2)
    assert problem is not None and problem[1] == "16.3.4"
    state["markers"]["festung"] = [second]
    assert retreat.path_problem(RULES, state, "ge-43c", CENTRE, [first, second], 2) is None


def test_elimination_without_retreat_names_each_exit_and_its_rule_11_4_4(supplied):
    """The log of a unit eliminated for want of a retreat says what bars each neighbouring hex."""
    state = board(side="soviet")
    put(state, "ge-4a", CENTRE, level=2)
    others = sorted(RULES.board.neighbours(CENTRE))
    for uid, label in zip(["su-13r", "su-21r", "su-22r", "su-20r", "su-16r"], others[1:], strict=True):
        put(state, uid, label)
    game, ctx = soviet_attack(state, [1, 1], origin=others[0])
    line = next(text for text, _ in ctx.logs if "cannot retreat" in text)
    assert all(f"{label}: {label} holds enemy units" in line for label in others)


def test_a_single_special_rule_barring_every_exit_is_the_rule_cited(monkeypatch):
    """When one national border (19.1) bars every exit, the elimination cites 19.1, not only 11.4.4."""
    from engine.text import t

    monkeypatch.setattr(retreat, "path_problem", lambda *args: (t("Romanian units never enter Hungary."), "19.1"))
    state = board(side="soviet")
    why, rule = retreat.no_retreat(RULES, state, "ge-4a", CENTRE, 1)
    assert rule == "19.1"
    assert "Romanian units never enter Hungary. (19.1)" in str(why)


def test_a_single_legal_retreat_is_taken_by_the_engine_and_cited_11_4_4(supplied):
    """With one legal retreat the log says the owner does not choose and why each other exit is
    barred (11.4.4), and a later 'retreat' from him is refused saying the engine took it."""
    state = board(side="soviet")
    put(state, "ge-4a", CENTRE, level=2)
    others = sorted(RULES.board.neighbours(CENTRE))
    for uid, label in zip(["su-13r", "su-21r", "su-22r"], others[1:4], strict=True):
        put(state, uid, label)
    put(state, "ge-43c", others[4])  # the one hex open to the Axis
    put(state, "su-20r", others[5])
    game, ctx = soviet_attack(state, [1, 1], origin=others[0])
    path = f"{CENTRE} {others[4]}"
    line = next(text for text, _ in ctx.logs if "only legal retreat" in text)
    assert line.startswith(f"Axis does not choose: {path} is the only legal retreat of {RULES.units['ge-4a'].name}; the other exits are barred: ")
    assert all(f"{label}: {label} holds enemy units. (11.4.4)" in line for label in [*others[1:4], others[5]])
    assert line.endswith("(11.4.4).")
    assert top(state) == "battle_advance"
    with pytest.raises(IllegalOrder) as exc:
        order(game, state, "axis", "retreat", "ge-4a", others[4])
    assert exc.value.rule == "11.4.4"
    assert f"The retreat of the defender is over: {path} was the only retreat" in str(exc.value)


def test_a_national_border_barring_every_other_exit_is_the_rule_the_forced_retreat_cites(supplied, monkeypatch):
    """When a border (19.1) bars every exit but one, the log of the retreat the engine takes cites 19.1."""
    from engine.text import t

    state = board(side="soviet")
    put(state, "ge-4a", CENTRE, level=2)
    others = sorted(RULES.board.neighbours(CENTRE))
    real = retreat.path_problem

    def border(rules, state, uid, origin, path, length):  # type: ignore[no-untyped-def]
        if origin == CENTRE and path and path[0] not in (others[0], others[4]):
            return t("Romanian units never enter Hungary."), "19.1"
        return real(rules, state, uid, origin, path, length)

    monkeypatch.setattr(retreat, "path_problem", border)
    game, ctx = soviet_attack(state, [1, 1], origin=others[0])
    line = next(text for text, _ in ctx.logs if "only legal retreat" in text)
    assert f"{others[1]}: Romanian units never enter Hungary. (19.1)" in line
    assert f"{others[0]}: {others[0]} holds enemy units. (11.4.4)" in line
    assert line.endswith("(11.4.4).")
