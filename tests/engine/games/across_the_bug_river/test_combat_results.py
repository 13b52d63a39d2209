"""Combat results (7.5.2), retreats, combat victory and the bonus AP (7.5.3), Counterattack Orders (9),
and the CRT cell by cell.

Dice in ``play``: the attacker's chit, the defender's chit, the combat die, then the efficiency
checks. With chit 1 on both sides, I/108 (4) against I/16 (4) is 1:1 on the clear line; a hasty
attack has no modifier, so the die is the CRT row.
"""

import tomllib
from importlib.resources import files

import pytest

from bot.i18n import render
from engine.errors import IllegalOrder
from engine.games.across_the_bug_river import battle, combat
from tests.engine.games.across_the_bug_river.helpers import (
    GAME,
    activating,
    ctx,
    empty,
    play,
    put,
    top,
)

RULES = GAME.rules
RAW = tomllib.loads(files("engine.games.across_the_bug_river").joinpath("data/tables.toml").read_text(encoding="utf-8"))


def duel(attackers=("I/108",), defenders=("I/16",), source="1507", target="1607", ap=5):
    state = empty()
    put(state, "HQ-14pz", "1408")
    put(state, "HQ-87rd", "1610")
    for uid in attackers:
        put(state, uid, source)
    for uid in defenders:
        put(state, uid, target)
    activating(state, "german", "14pz", ap)
    state["turn"] = 2
    return state


def texts(c, viewer="public"):
    return [render(e.text, "en", viewer) for e in c.entries]


# The CRT, cell by cell ------------------------------------------------------------------------------

CELLS = [
    (line, column, row)
    for line in RAW["crt"]["lines"]
    for column in RAW["crt"][f"line{line}"]["columns"]
    for row in range(1, 21)
]


@pytest.mark.parametrize("line,column,row", CELLS)
def test_every_crt_cell_is_read_by_line_column_and_modified_die(line, column, row):
    """7.5.1 D: the result is the cell of the terrain line, the odds column and the modified die (provisional table)."""
    entry = RAW["crt"][f"line{line}"]
    expected = entry["rows"][row - 1].split()[entry["columns"].index(column)]
    frame = {"line": line, "column": column, "drm": row - 10}
    battle.apply_roll(RULES, {}, frame, 10, ctx())
    att, att_red, dfn, dfn_red = combat.read_cell(expected)
    assert frame["hits"] == {"attacker": att, "defender": dfn}
    assert frame["red"] == {"attacker": att_red, "defender": dfn_red}


@pytest.mark.parametrize("line", RAW["crt"]["lines"])
def test_the_crt_never_gets_worse_for_the_attacker_to_the_right_or_down(line):
    """7.5.1 D: better odds or a higher modified die never give the attacker more hits or the defender fewer."""
    rows = [[combat.read_cell(c) for c in r.split()] for r in RAW["crt"][f"line{line}"]["rows"]]
    for i, row in enumerate(rows):
        for j, (att, _, dfn, _) in enumerate(row):
            if j + 1 < len(row):
                assert row[j + 1][0] <= att and row[j + 1][2] >= dfn
            if i + 1 < len(rows):
                assert rows[i + 1][j][0] <= att and rows[i + 1][j][2] >= dfn


def test_below_the_leftmost_column_the_attacker_takes_five():
    """7.5.1 D.2: a '5/0', the AP spent (line 4, city: 4 against 4 is below 2:1)."""
    frame = {"line": 4, "column": combat.column(RULES, 4, combat.Fraction(4), combat.Fraction(4)), "drm": 0}
    battle.apply_roll(RULES, {}, frame, 5, ctx())
    assert frame["hits"] == {"attacker": 5, "defender": 0}


# Hits (7.5.2) --------------------------------------------------------------------------------------


def test_the_defender_applies_its_results_completely_first():
    """7.5.2: the defender's hits, check and second-hit choice come before any of the attacker's."""
    state = duel()
    c = play(state, "german", "attack hasty 1507 1607", 1, 1, 7, 1)  # 2/2r
    assert top(state)["proc"] == "losses" and top(state)["owner"] == "soviet"
    assert state["units"]["I/108"]["strength"] == 4
    play(state, "soviet", "hold")
    assert state["units"]["I/16"]["strength"] == 2
    assert top(state)["owner"] == "german"
    play(state, "german", "hold")
    assert state["units"]["I/108"]["strength"] == 2
    assert "loses a step" in " ".join(texts(c))


def test_the_first_hit_comes_from_the_unit_that_used_at_points():
    """7.5.2.1: the first step loss is the defending unit whose AT points were used (141AT, not the stronger I/16)."""
    state = duel(attackers=("I/36",), defenders=("I/16", "141AT"))
    play(state, "german", "attack hasty 1507 1607", 1, 1, 5)  # 6 against 6, AS +1: row 6, 2/1
    assert state["units"]["141AT"]["strength"] == 1
    assert state["units"]["I/16"]["strength"] == 4


def test_an_afv_with_armour_superiority_two_against_no_afv_escapes_the_first_hit():
    """7.5.2.1 exception: AS 2+ and no enemy AFV: the first hit goes to the strongest unit instead."""
    state = duel(attackers=("I/36", "I/108"))
    state["units"]["I/36"]["strength"] = 2
    frame = {"units": {"attacker": ["I/36", "I/108"], "defender": ["I/16"]}, "armour": {"attacker": "I/36", "defender": "I/16"}, "as_drm": 3}
    assert battle.first_hit_unit(RULES, state, frame, "attacker") == "I/108"
    frame["as_drm"] = 1
    assert battle.first_hit_unit(RULES, state, frame, "attacker") == "I/36"


def test_the_owner_chooses_the_first_hit_when_no_tank_or_at_was_used():
    """7.5.2.1 (digest 8.2): no Tank/AT unit used: the owner chooses, the strongest by default."""
    state = duel(defenders=("I/16", "II/16"))
    state["units"]["I/16"]["strength"] = 3
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7)  # 4 against 7 is 1:2; die 7: 2/1
    assert top(state)["mode"] == "first" and top(state)["owner"] == "soviet"
    assert GAME.default_action(state, "soviet").text == "hit II/16"
    play(state, "soviet", "hit I/16")
    assert state["units"]["I/16"]["strength"] == 2
    assert state["units"]["II/16"]["strength"] == 4


def test_a_red_result_disorganises_the_units_that_fail_and_they_must_retreat():
    """7.5.2.2-3: a failed check disorganises; with a second hit the unit must retreat, which satisfies it."""
    state = duel()
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7, 10)  # 2/2r, I/16 fails
    assert state["units"]["I/16"]["disorganized"]
    assert top(state)["proc"] == "losses"
    play(state, "soviet", "hold")
    assert state["units"]["I/16"]["hex"] != "1607"
    assert state["units"]["I/16"]["strength"] == 3


def test_a_disorganised_unit_failing_a_red_check_loses_a_step():
    """5.6.2 / 7.5.2.2: failing again while disorganised costs a step (not counted as a hit)."""
    state = duel()
    state["units"]["I/16"]["disorganized"] = True
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7, 10)
    assert state["units"]["I/16"]["strength"] == 2


def test_holding_takes_the_second_hit():
    """7.5.2.3: the units that stay take the second hit."""
    state = duel()
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7, 1)
    play(state, "soviet", "hold")
    assert state["units"]["I/16"]["strength"] == 2
    assert state["units"]["I/16"]["hex"] == "1607"


def test_retreating_with_every_unit_satisfies_the_second_hit():
    """7.5.2.3: if every unit retreats, the second hit is satisfied."""
    state = duel()
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7, 1)
    path = next(a.args for a in GAME.prompt(state, "soviet").actions if a.verb == "retreat")
    play(state, "soviet", "retreat " + " ".join(path))
    assert state["units"]["I/16"]["strength"] == 3
    assert state["units"]["I/16"]["hex"] == path[-1]


def test_a_retreat_must_be_a_listed_path():
    """7.5.2: a retreat goes 1 or 2 hexes nearer a friendly supply area; anything else is refused."""
    state = duel()
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7, 1)
    with pytest.raises(IllegalOrder) as err:
        play(state, "soviet", "retreat 1508")  # west, away from the Soviet supply areas
    assert err.value.rule == "7.5.2"


def test_losses_are_spread_evenly_in_the_owners_order():
    """7.5.2.4: no unit takes a second step before every unit took one; the owner's order first."""
    state = duel(defenders=("I/16", "141AT"))
    frame = {"units": {"defender": ["I/16", "141AT"]}, "lost": {}, "decision": {"defender": {"priority": ["141AT"]}}}
    battle.allocate(GAME, state, frame, "defender", ["I/16", "141AT"], 3, ctx())
    assert frame["lost"] == {"141AT": 2, "I/16": 1}
    assert "141AT" in state["destroyed"]


def test_an_eliminated_unit_leaves_the_map_and_ends_improved_defense():
    """7.5.2 / 7.7: a unit at strength 1 losing a step is eliminated; the hex loses its Improved Defense."""
    state = duel()
    state["units"]["I/16"]["strength"] = 1
    state["improved"].append("1607")
    frame = {"lost": {}}
    battle.lose_step(GAME, state, frame, "I/16", ctx())
    assert state["units"]["I/16"]["hex"] is None and "I/16" in state["destroyed"]
    assert "1607" not in state["improved"]


# Retreats (7.5.2) ------------------------------------------------------------------------------------


def test_retreats_head_for_the_friendly_supply_areas():
    """7.5.2: every retreat hex is nearer the nearest hex next to a friendly supply area."""
    state = duel()
    goals = battle.retreat_targets(RULES, "soviet")
    grid = RULES.board.grid

    def dist(h):
        return min(grid.distance(h, g) for g in goals)

    paths = battle.retreat_paths(RULES, state, "soviet", ["I/16"], ezoc_ok=False)
    assert paths
    for path in paths:
        prev = "1607"
        for h in path:
            assert dist(h) < dist(prev)
            prev = h


def test_retreats_never_enter_enemy_hexes_or_enemy_zoc():
    """7.5.2: no enemy-held hex (HQs too), no EZOC on a voluntary retreat."""
    state = duel()
    put(state, "HQ-44id", "1505")
    put(state, "II/108", "1808")
    ezoc = set()
    from engine.games.across_the_bug_river import board

    ezoc = board.zoc(RULES, state, "german")
    for path in battle.retreat_paths(RULES, state, "soviet", ["I/16"], ezoc_ok=False):
        assert "1808" not in path
        assert not set(path) & ezoc


def test_a_forced_retreat_enters_enemy_zoc_only_when_nothing_else_is_open():
    """7.5.2: a unit that must retreat goes into EZOC only when no other hex is open, and stops there."""
    state = duel()
    free = battle.forced_paths(RULES, state, "soviet", ["I/16"])
    from engine.games.across_the_bug_river import board

    ezoc = board.zoc(RULES, state, "german")
    assert all(p[-1] not in ezoc for p in free)


def test_a_motorised_unit_retreats_one_hex_into_a_forest_or_swamp():
    """7.5.2: a motorised unit entering a forest or swamp hex retreats only 1 hex."""
    state = empty()
    put(state, "HQ-41td", "1610")
    put(state, "II/82", "1705")
    paths = battle.retreat_paths(RULES, state, "soviet", ["II/82"], ezoc_ok=False)
    for path in paths:
        if RULES.board.terrain[path[0]] in ("forest", "swamp", "fort_forest"):
            assert len(path) == 1


def test_a_forced_retreat_into_enemy_zoc_costs_a_step():
    """7.5.2: a forced retreat ending in EZOC costs each retreating unit one more step."""
    state = duel()
    put(state, "II/108", "1806")
    frame = {"lost": {}, "forced": ["I/16"], "retreated": [], "side": "german", "enemy": "soviet"}
    battle.Combat().retreat(GAME, RULES, state, frame, "defender", ["I/16"], ["1707"], ctx())
    assert state["units"]["I/16"]["hex"] == "1707"
    assert state["units"]["I/16"]["strength"] == 3
    assert frame["lost"] == {}


def test_a_forced_retreat_that_cannot_be_made_costs_two_steps():
    """7.5.2: a unit that must retreat and cannot loses two more steps."""
    state = duel()
    frame = {"lost": {}, "forced": ["I/16"], "retreated": [], "side": "german", "enemy": "soviet"}
    battle.Combat().retreat(GAME, RULES, state, frame, "defender", ["I/16"], [], ctx())
    assert state["units"]["I/16"]["strength"] == 2
    assert state["units"]["I/16"]["hex"] == "1607"


# Combat victory and the bonus AP (7.5.3) ------------------------------------------------------------


def won_by_the_attacker():
    """I/108 attacks I/16 at 1:1; die 10: 1/3r... use chit 7 for the attacker: 8 against 4 = 2:1, die 10: 0/4r."""
    state = duel()
    play(state, "german", "attack hasty 1507 1607", 7, 1, 10, 1)
    return state


def test_the_side_with_fewer_hits_wins_and_gets_a_bonus_ap():
    """7.5.3: fewer hits wins; the winner's involved units get 1 AP at once (the attacker adds its track)."""
    state = won_by_the_attacker()
    play(state, "soviet", "hold")
    assert top(state)["proc"] == "bonus"
    assert state["ap"]["german"] == 5 - 1 + 1


def test_an_unused_bonus_ap_is_lost():
    """7.5.3: the bonus AP must be spent at once or it is lost; the attacker keeps its own AP."""
    state = won_by_the_attacker()
    play(state, "soviet", "hold")
    play(state, "german", "end")
    assert top(state)["proc"] == "activation"
    assert state["ap"]["german"] == 4


def test_a_bonus_move_must_enter_the_vacated_enemy_hex():
    """7.5.3: a bonus Movement Action only when the enemy retreated all its units, entering its hex first."""
    state = won_by_the_attacker()
    path = next(a.args for a in GAME.prompt(state, "soviet").actions if a.verb == "retreat")
    play(state, "soviet", "retreat " + " ".join(path))
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "move I/108 1508")
    assert err.value.rule == "7.5.3"
    play(state, "german", "move I/108 1607")
    assert state["units"]["I/108"]["hex"] == "1607"
    if top(state)["proc"] == "react":  # the attacker's bonus move may draw a reaction (7.5.3)
        play(state, "soviet", "noreact")
    assert top(state)["proc"] == "activation"


def test_no_bonus_move_when_the_enemy_held():
    """7.5.3: the enemy did not retreat: no bonus move."""
    state = won_by_the_attacker()
    play(state, "soviet", "hold")
    assert not [a for a in GAME.prompt(state, "german").actions if a.verb == "move"]


def test_only_the_winning_units_use_the_bonus():
    """7.5.3: no other unit may use the bonus AP or take part in its Action."""
    state = won_by_the_attacker()
    put(state, "II/108", "1507")
    play(state, "soviet", "hold")
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "improve 1507")
    assert err.value.rule == "7.5.3"
    with pytest.raises(IllegalOrder) as err:
        play(state, "german", "attack hasty 1507 1607 II/108")
    assert err.value.rule == "7.5.3"


def test_a_tie_has_no_winner():
    """7.5.3: equal hits: nobody wins, no bonus."""
    state = duel()
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7, 1)
    play(state, "soviet", "hold")
    play(state, "german", "hold")
    assert top(state)["proc"] == "activation"
    assert state["ap"]["german"] == 4


def test_the_defender_may_win_and_spend_its_bonus_in_the_enemy_activation():
    """7.5.3: a winning defender gets 1 bonus AP during the enemy's activation; the attacker's AP stay."""
    state = duel()
    play(state, "german", "attack hasty 1507 1607", 1, 1, 4, 1)  # 3r/1: the attacker checks
    assert state["units"]["I/16"]["strength"] == 3
    play(state, "german", "hold")
    assert top(state)["proc"] == "bonus" and top(state)["side"] == "soviet"
    assert state["ap"]["soviet"] == 1
    play(state, "soviet", "end")
    assert top(state)["proc"] == "activation"
    assert state["ap"] == {"german": 4, "soviet": 0}


# Counterattack Orders (9) ------------------------------------------------------------------------------


def test_a_soviet_prepared_attack_with_an_afv_discards_a_counterattack_order():
    """9: each Soviet prepared attack involving a Soviet AFV discards a Counterattack Order."""
    state = empty()
    put(state, "HQ-41td", "1610")
    put(state, "HQ-14pz", "1408")
    put(state, "II/82", "1607")
    put(state, "I/108", "1507")
    activating(state, "soviet", "41td", 5)
    held = state["counterattack"]
    play(state, "soviet", "attack prepared 1607 1507", 1, 1, 5, 1, 1, 1, 1)
    assert state["counterattack"] == held - 1


def test_a_hasty_soviet_attack_keeps_the_counterattack_orders():
    """9: only prepared attacks discard an order."""
    state = empty()
    put(state, "HQ-41td", "1610")
    put(state, "HQ-14pz", "1408")
    put(state, "II/82", "1607")
    put(state, "I/108", "1507")
    activating(state, "soviet", "41td", 5)
    held = state["counterattack"]
    play(state, "soviet", "attack hasty 1607 1507", 1, 1, 5, 1, 1, 1, 1)
    assert state["counterattack"] == held


# What leaves the engine ---------------------------------------------------------------------------------


def test_combat_reports_give_totals_never_a_units_current_strength():
    """Secrets: the report names each side's total, the column, the modifiers, the chits, the die and the result."""
    state = duel(defenders=("I/16", "141AT"))
    state["units"]["I/16"]["strength"] = 3
    c = play(state, "german", "attack hasty 1507 1607", 1, 1, 5)
    public = " ".join(texts(c, "public"))
    assert "Strength 4 against 5" in public
    assert "strength 3" not in public.lower()


def test_the_declaration_reveals_the_defending_stack_to_the_attacker_only_until_the_end():
    """5.3.4: the attacker examines the defending stack after declaring; the reveal ends with the combat."""
    state = duel(defenders=("I/16", "141AT"))
    hidden = state["stacks"]["1607"][1]
    play(state, "german", "attack hasty 1507 1607", 1, 1, 7)
    assert top(state)["proc"] == "losses" and top(state)["mode"] == "first"
    seen = [c.get("unit") for c in GAME.view(state, "german")["stacks"]["1607"]["counters"]]
    assert hidden in seen
    public = [c.get("unit") for c in GAME.view(state, "public")["stacks"]["1607"]["counters"]]
    assert hidden not in public
    play(state, "soviet", "hit 141AT")  # 4 against 6 is 1:2; die 7: 2/1
    play(state, "german", "hold")
    assert "reveals" not in state


def test_an_attack_naming_a_hidden_counter_reads_as_a_blank_to_the_others():
    """5.3.4: the echo of 'attack ... UNIT' names a counter below the top only to those who see it."""
    state = duel(attackers=("I/108", "II/108"))
    hidden = state["stacks"]["1507"][1]
    said = GAME.order_said(state, "german", GAME.parse(state, "german", f"attack hasty 1507 1607 {hidden}"))
    assert hidden in render(said, "en", "german")
    assert hidden not in render(said, "en", "public")
    assert hidden not in render(said, "en", "soviet")


def test_a_partial_retreat_leaves_the_second_hit_to_the_units_that_stay():
    """7.5.2.3: if only some units retreat, those that stay take the second hit."""
    state = duel(defenders=("I/16", "141AT"))
    state["units"]["141AT"]["strength"] = 2
    play(state, "german", "attack hasty 1507 1607", 1, 1, 10)  # 4 against 6 is 1:2; die 10: 1/2r
    play(state, "soviet", "hit I/16", 1, 1)
    path = next(a.args for a in GAME.prompt(state, "soviet").actions if a.verb == "retreat")
    play(state, "soviet", "retreat " + " ".join(path) + " I/16")
    assert state["units"]["I/16"]["hex"] == path[-1] and state["units"]["I/16"]["strength"] == 3
    assert state["units"]["141AT"]["hex"] == "1607" and state["units"]["141AT"]["strength"] == 1


def test_the_bonus_ap_may_buy_another_combat_action_by_the_winners():
    """7.5.3: the winners may spend the bonus AP on another Combat Action (the attacker adding its own AP)."""
    state = won_by_the_attacker()
    put(state, "II/16", "1506")
    play(state, "soviet", "hold")
    c = play(state, "german", "attack regular 1507 1506", 1, 1, 5, 1)  # 4 against 4, HQ +2: row 7, 2/2r
    assert any("makes a regular attack from 1507 on 1506" in line for line in texts(c))
    assert state["ap"]["german"] == 4 + 1 - 2
    assert top(state)["proc"] == "losses" and top(state)["owner"] == "soviet"
