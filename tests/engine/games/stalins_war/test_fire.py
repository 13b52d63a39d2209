"""Stalin's War fire tables and columns (11.2.1(4)-(5), 11.3.4, 13.3.5, 15.1.2, 20.1.1).

The expected rows below are transcribed from the rules digest (section 5.6, "Fire tables (full
transcription)") and the rulebook's end-of-book tables, not from tables.toml.
"""

from __future__ import annotations

import pytest

from engine.games.stalins_war import fire
from engine.games.stalins_war.fire import Battlefield
from tests.engine.games.stalins_war.test_battle import CENTRE, RULES, board, near, patch_supply, put


@pytest.fixture
def supplied(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    return patch_supply(monkeypatch)


LCU_COLUMNS = ["1", "2", "3", "4", "5", "6-7", "8-9", "10-11", "12-14", "15+"]
LCU_ROWS = {
    1: ["-", "-", "-", "1*", "1*", "1", "1", "1", "1", "2"],
    2: ["-", "-", "1*", "1*", "1", "1", "1", "1", "2", "2"],
    3: ["-", "1*", "1*", "1", "1", "1", "1", "2", "2", "2"],
    4: ["1*", "1*", "1", "1", "1", "1", "2", "2", "2", "3"],
    5: ["1*", "1", "1", "1", "1", "2", "2", "2", "3", "3"],
    6: ["1", "1", "1", "1", "2", "2", "2", "3", "3", "3"],
}
SCU_COLUMNS = ["1", "2", "3", "4", "5", "6-7", "8-9", "10-11", "12+"]
SCU_ROWS = {
    1: ["-", "-", "-", "-", "1*", "1*", "1", "1", "1"],
    2: ["-", "-", "-", "1*", "1*", "1*", "1", "1", "1"],
    3: ["-", "-", "1*", "1*", "1*", "1", "1", "1", "2"],
    4: ["-", "-", "1*", "1*", "1*", "1", "1", "2", "2"],
    5: ["-", "1*", "1*", "1*", "1", "1", "1", "2", "2"],
    6: ["1*", "1*", "1*", "1", "1", "1", "2", "2", "3"],
}


@pytest.mark.parametrize("roll", range(1, 7))
@pytest.mark.parametrize("col", range(len(LCU_COLUMNS)))
def test_lcu_table_cell_by_cell_11_2_1(roll, col):
    assert fire.columns(RULES, "lcu") == LCU_COLUMNS
    assert fire.result(RULES, "lcu", col, roll) == LCU_ROWS[roll][col]


@pytest.mark.parametrize("roll", range(1, 7))
@pytest.mark.parametrize("col", range(len(SCU_COLUMNS)))
def test_scu_table_cell_by_cell_11_2_1(roll, col):
    assert fire.columns(RULES, "scu") == SCU_COLUMNS
    assert fire.result(RULES, "scu", col, roll) == SCU_ROWS[roll][col]


@pytest.mark.parametrize(
    ("strength", "lcu", "scu"),
    [(1, "1", "1"), (5, "5", "5"), (6, "6-7", "6-7"), (7, "6-7", "6-7"), (9, "8-9", "8-9"), (11, "10-11", "10-11"),
     (12, "12-14", "12+"), (14, "12-14", "12+"), (15, "15+", "12+"), (30, "15+", "12+")],
)
def test_column_for_strength(strength, lcu, scu):
    assert fire.columns(RULES, "lcu")[fire.base_column(RULES, "lcu", strength)] == lcu
    assert fire.columns(RULES, "scu")[fire.base_column(RULES, "scu", strength)] == scu


def test_shift_examples_from_the_example_of_play_11_2_1_4():
    """EX: strength 5 with 2L fires on column "3"; strength 11 with 2L on column "6-7"."""
    assert LCU_COLUMNS[fire.column_for(RULES, "lcu", 5, -2)] == "3"
    assert LCU_COLUMNS[fire.column_for(RULES, "lcu", 11, -2)] == "6-7"


def test_shifts_past_the_edges_are_ignored_11_2_1_4():
    assert LCU_COLUMNS[fire.column_for(RULES, "lcu", 1, -3)] == "1"
    assert LCU_COLUMNS[fire.column_for(RULES, "lcu", 20, 2)] == "15+"
    assert SCU_COLUMNS[fire.column_for(RULES, "scu", 12, 1)] == "12+"
    # 15 with 1R then 1L: cumulative, net 0 (the clamp applies to the net shift).
    assert LCU_COLUMNS[fire.column_for(RULES, "lcu", 15, 0)] == "15+"


def test_zero_strength_does_not_fire_8_1_31():
    assert fire.base_column(RULES, "scu", 0) is None
    assert fire.column_for(RULES, "lcu", 0, 3) is None


def test_results_parse():
    assert fire.parse_result("-") == (0, False)
    assert fire.parse_result("1*") == (1, True)
    assert fire.parse_result("3") == (3, False)


def test_table_choice_11_2_1_4():
    state = board()
    assert fire.choose_table(RULES, state, ["ge-43c", "ge-27c"])[0] == "scu"
    assert fire.choose_table(RULES, state, ["ge-4a"])[0] == "lcu"
    assert fire.choose_table(RULES, state, ["ge-46pz", "ge-3pz"])[0] == "scu"
    assert fire.choose_table(RULES, state, ["ge-46pz", "ge-3pz", "ge-14pz"])[0] == "lcu"
    state["units"]["ge-4a"]["level"] = 3  # reduced LCUs still fire on the LCU table
    assert fire.choose_table(RULES, state, ["ge-4a"])[0] == "lcu"


def field(state, side, target, attackers, defenders, **kw):
    hexes = sorted({state["units"][u]["hex"] for u in attackers})
    return Battlefield(side, target, tuple(attackers), tuple(defenders), tuple(hexes), **kw)


def reasons(shifts):
    return " | ".join(f"{s.reason} {s.value}" for s in shifts)


def test_river_and_town_shift_example_1623_1722(supplied):
    """EX: three Panzers in 1623 attack 1722 (Brest): river + town = 2L; 11 -> column 6-7."""
    state = board(turn=1, ar=5)
    for uid in ("ge-48pz", "ge-3pz", "ge-14pz"):
        put(state, uid, "1623")
    put(state, "su-28r", "1722")
    att, dfn = fire.evaluate(RULES, state, field(state, "axis", "1722", ["ge-48pz", "ge-3pz", "ge-14pz"], ["su-28r"]))
    assert att.strength == 11 and att.table == "lcu"
    assert att.net == -2, reasons(att.shifts)
    assert att.column_label(RULES) == "6-7"
    assert dfn.column_label(RULES) == "2"
    assert "River" in reasons(att.shifts) and "Town" in reasons(att.shifts)


def test_river_shift_only_if_all_attackers_cross_terrain_note_a(supplied):
    state = board(turn=1, ar=5)
    put(state, "ge-48pz", "1623")  # across the river
    put(state, "ge-3pz", "1721")  # no river between 1721 and 1722
    put(state, "su-28r", "1722")
    att, _ = fire.evaluate(RULES, state, field(state, "axis", "1722", ["ge-48pz", "ge-3pz"], ["su-28r"]))
    assert "River" not in reasons(att.shifts) and att.net == -1


def test_mobile_defence_20_1_1(supplied):
    state = board(turn=5, side="soviet")
    a = near(CENTRE)
    put(state, "su-13r", a)
    put(state, "ge-4a", CENTRE)
    put(state, "ge-46pz", CENTRE)
    att, dfn = fire.evaluate(RULES, state, field(state, "soviet", CENTRE, ["su-13r"], ["ge-4a", "ge-46pz"]))
    assert att.net == -1 and dfn.net == 1
    state["turn"] = 4  # winter: no Mobile Defence
    att, dfn = fire.evaluate(RULES, state, field(state, "soviet", CENTRE, ["su-13r"], ["ge-4a", "ge-46pz"]))
    assert "20.1.1" not in reasons(dfn.shifts)
    state["turn"] = 10  # after Spring 1943
    att, dfn = fire.evaluate(RULES, state, field(state, "soviet", CENTRE, ["su-13r"], ["ge-4a", "ge-46pz"]))
    assert dfn.net == 0
    state["turn"] = 5  # no Panzer with the army: none
    att, dfn = fire.evaluate(RULES, state, field(state, "soviet", CENTRE, ["su-13r"], ["ge-4a"]))
    assert dfn.net == 0


def test_out_of_supply_shift_13_3_5(supplied):
    state = board()
    put(state, "ge-4a", near(CENTRE))
    put(state, "su-13r", CENTRE)
    att, dfn = fire.evaluate(RULES, state, field(state, "axis", CENTRE, ["ge-4a"], ["su-13r"], attacker_oos=True, attackers_all_full=False, defender_oos=True))
    assert att.net == -1 and dfn.net == -1
    assert "13.3.5" in reasons(att.shifts)


def test_winter_1942_15_1_2(supplied):
    state = board(turn=4)
    put(state, "ge-4a", near(CENTRE))
    put(state, "su-13r", CENTRE)
    att, dfn = fire.evaluate(RULES, state, field(state, "axis", CENTRE, ["ge-4a"], ["su-13r"]))
    # Winter 1942 1L plus the Paulus Line 1L (CENTRE is east of it, turn 4).
    assert att.net == -2 and "15.1.2" in reasons(att.shifts)
    assert "Winter" not in reasons(dfn.shifts)
    state["events"]["AX19"] = 2  # Winter Uniforms
    att, dfn = fire.evaluate(RULES, state, field(state, "axis", CENTRE, ["ge-4a"], ["su-13r"]))
    assert att.net == -1 and "15.1.2" not in reasons(att.shifts)


def test_winter_1942_axis_defender_keeps_only_entrenchment_15_1_2(supplied):
    state = board(turn=4, side="soviet")
    swamp = "2420"
    put(state, "su-13r", "2419")
    put(state, "ge-43c", swamp)
    f = field(state, "soviet", swamp, ["su-13r"], ["ge-43c"])
    att, dfn = fire.evaluate(RULES, state, f)
    assert att.net == 0 and "Winter 1942" in reasons(att.shifts)
    assert dfn.net == -1
    state["markers"]["entrench"][swamp] = "axis"
    att, _ = fire.evaluate(RULES, state, f)
    assert att.net == -1 and "Entrenchment" in reasons(att.shifts)
    state["turn"] = 10
    att, _ = fire.evaluate(RULES, state, f)
    assert att.net == -2


def test_shock_army_attacking_in_winter_1942_15_1_2(supplied):
    state = board(turn=4, side="soviet")
    put(state, "su-1sh", near(CENTRE))
    put(state, "ge-43c", CENTRE)
    att, _ = fire.evaluate(RULES, state, field(state, "soviet", CENTRE, ["su-1sh"], ["ge-43c"]))
    assert att.net == 1


def test_paulus_line_axis_attack_turns_1_4_11_2_1_4(supplied):
    target = CENTRE
    assert fire.terrain.east_of_paulus(RULES, target)
    state = board(turn=2)
    put(state, "ge-4a", near(target))
    put(state, "su-13r", target)
    att, _ = fire.evaluate(RULES, state, field(state, "axis", target, ["ge-4a"], ["su-13r"]))
    assert att.net == -1 and "Paulus" in reasons(att.shifts)
    # An OOS attacker takes the OOS shift instead (not both).
    att, _ = fire.evaluate(RULES, state, field(state, "axis", target, ["ge-4a"], ["su-13r"], attacker_oos=True, attackers_all_full=False))
    assert att.net == -1 and "Paulus" not in reasons(att.shifts)
    state["turn"] = 5
    att, _ = fire.evaluate(RULES, state, field(state, "axis", target, ["ge-4a"], ["su-13r"]))
    assert att.net == 0


def test_festung_counts_as_fortress_8_1_8(supplied):
    state = board(side="soviet")
    town = "1722"
    put(state, "su-13r", "1721")
    put(state, "ge-43c", town)
    f = field(state, "soviet", town, ["su-13r"], ["ge-43c"])
    att, _ = fire.evaluate(RULES, state, f)
    assert "Town" in reasons(att.shifts)
    state["markers"]["festung"].append(town)
    att, _ = fire.evaluate(RULES, state, f)
    assert "Festung" in reasons(att.shifts) and att.net == -1


def test_card_shifts_and_cancellations(supplied):
    state = board(side="soviet")
    put(state, "su-13r", "1623")
    put(state, "ge-43c", "1722")
    f = field(state, "soviet", "1722", ["su-13r"], ["ge-43c"], cancel=frozenset({"rivers"}),
              card_shifts={"soviet": [fire.Shift(fire.t("Stalin Organs (SU25)"), 1)]})
    att, _ = fire.evaluate(RULES, state, f)
    assert att.net == 0  # town 1L, river cancelled by Paradrop, Stalin Organs 1R
    f.cancel = frozenset({"all"})
    att, _ = fire.evaluate(RULES, state, f)
    assert att.net == 1


def test_breakdown_names_reasons_and_rules(supplied):
    state = board(turn=1, ar=5)
    for uid in ("ge-48pz", "ge-3pz", "ge-14pz"):
        put(state, uid, "1623")
    put(state, "su-28r", "1722")
    att, dfn = fire.evaluate(RULES, state, field(state, "axis", "1722", ["ge-48pz", "ge-3pz", "ge-14pz"], ["su-28r"]))
    text = str(fire.breakdown(RULES, att, dfn))
    assert "11" in text and "6-7" in text and "River" in text and "1L" in text and "11.2.1(4)" in text
