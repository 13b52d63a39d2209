"""The CRT, the Determined Defence table and the result definitions (8.4, 10.1, 10.4).

Each cell is checked against the digest's transcription, pasted below verbatim, and against the
numbers of the rulebook's example of play (turns 1 and 2) and of the 8.4, 8.5 and 9.5 examples.
"""

from __future__ import annotations

import pytest

from engine.games.caucasus import tables
from engine.games.caucasus.tables import (
    CRT,
    DD,
    DD_COLUMNS,
    ODDS,
    RESULTS,
    DDEntry,
    advance_after,
    attacker_steps,
    crt,
    dd_drm,
    dd_result,
    parse_dd,
)

DIGEST_CRT = """
| Die | 1-2 | 1-1 | 2-1 | 3-1 | 4-1 | 5-1 | 6-1 | 7-1 | 8-1 | 9-1 |
|---|---|---|---|---|---|---|---|---|---|---|
| 1 | A1 | A1 | A1 | A1/DR | EX | DR | DR | A1/D1 | D1 | D1 |
| 2 | A1 | A1 | A1/DR | EX | DR | DR | A1/D1 | D1 | D1 | A1/D2 |
| 3 | A1 | A1/DR | EX | DR | DR | A1/D1 | D1 | D1 | A1/D2 | D1-B |
| 4 | A1/DR | EX | DR | DR | A1/D1 | D1 | D1 | A1/D2 | D1-B | D1-B |
| 5 | EX | DR | DR | A1/D1 | D1 | D1 | A1/D2 | D1-B | D1-B | D1-B |
| 6 | DR | DR | A1/D1 | D1 | D1 | A1/D2 | D1-B | D1-B | D1-B | D1-B |
"""

DIGEST_DD = """
| Roll | Desert | Open | Rough, Forest, Swamp, Town | Mountain or City (Major or Minor) |
|---|---|---|---|---|
| 1 | −1 | −1 | −1 | −1 |
| 2 | −1 | −1 | −1 | – |
| 3 | −1 | −1 | – | – |
| 4 | −1 | – | – | ✔ −1 |
| 5 | – | – | ✔ −1 | ✔ −1 |
| 6 | – | ✔ −1 | ✔ −1 | ✔ 1/1 |
| 7 | ✔ −1 | ✔ −1 | ✔ 1/1 | ✔ 1/1 |
| 8 | ✔ −1 | ✔ 1/1 | ✔ 1/1 | ✔ 1/1 |
"""


def markdown_rows(text: str) -> tuple[list[str], dict[int, list[str]]]:
    lines = [line.strip().strip("|").split("|") for line in text.strip().splitlines()]
    header = [c.strip() for c in lines[0]]
    rows = {int(cells[0]): [c.strip() for c in cells[1:]] for cells in lines[2:]}
    return header[1:], rows


def digest_dd_entry(cell: str) -> DDEntry:
    success = "✔" in cell
    if "1/1" in cell:
        return DDEntry(success, True, True)
    if "−1" in cell:
        return DDEntry(success, True, False)
    assert cell.replace("✔", "").strip() == "–"
    return DDEntry(success, False, False)


def test_crt_matches_the_digest_cell_by_cell():
    columns, rows = markdown_rows(DIGEST_CRT)
    assert tuple(columns) == tables.COLUMNS == CRT.columns
    assert sorted(rows) == [1, 2, 3, 4, 5, 6]
    for die, cells in rows.items():
        for index, (column, cell) in enumerate(zip(columns, cells, strict=True)):
            assert CRT.lookup(die, column) == cell, (die, column)
            assert crt(index, die) == cell


def test_dd_table_matches_the_digest_cell_by_cell():
    columns, rows = markdown_rows(DIGEST_DD)
    assert len(columns) == len(DD_COLUMNS) == 4
    assert sorted(rows) == list(range(1, 9))
    for roll, cells in rows.items():
        for column, cell in zip(DD_COLUMNS, cells, strict=True):
            assert DD[(roll, column)] == digest_dd_entry(cell), (roll, column)


def test_parse_dd_cells():
    assert parse_dd("*1/1") == DDEntry(True, True, True)
    assert parse_dd("*-1") == DDEntry(True, True, False)
    assert parse_dd("-1") == DDEntry(False, True, False)
    assert parse_dd("-") == DDEntry(False, False, False)
    with pytest.raises(ValueError):
        parse_dd("?")


def k_result(k: int) -> str:
    """The digest's derived consistency check: the result depends only on column + die."""
    if k <= 3:
        return "A1"
    return {4: "A1/DR", 5: "EX", 6: "DR", 7: "DR", 8: "A1/D1", 9: "D1", 10: "D1", 11: "A1/D2"}.get(k, "D1-B")


def test_crt_depends_only_on_column_plus_die():
    for index in range(10):
        for die in range(1, 7):
            assert crt(index, die) == k_result(index + die)


def test_crt_refuses_columns_and_rolls_off_the_table():
    for index, die in ((-1, 3), (10, 3), (0, 0), (0, 7)):
        with pytest.raises(ValueError):
            crt(index, die)


def col(attack: int, defence: int, shift: int = 0) -> int:
    return ODDS.index(attack, defence) + shift


# The example of play (rulebook, "Esempio di gioco") --------------------------------------------
@pytest.mark.parametrize(
    "what, attack, defence, base, shift, final, die, result",
    [
        ("T1 Axis primary A: TQ, armour, air", 16, 6, "2-1", 3, "5-1", 5, "D1"),
        ("T1 Axis primary B: armour, VIII FK", 22, 8, "2-1", 3, "5-1", 1, "DR"),
        ("T1 Axis primary C: armour, TQ", 17, 6, "2-1", 2, "4-1", 2, "DR"),
        ("T1 Axis primary D: Panzers halved across a river", 8, 3, "2-1", 2, "4-1", 6, "D1"),
        ("T1 Axis secondary A: armour, TQ", 24, 6, "4-1", 2, "6-1", 6, "D1-B"),
        ("T1 Axis secondary B: TQ, armour, VIII FK", 16, 6, "2-1", 4, "6-1", 3, "D1"),
        ("T1 Axis secondary C: TQ, armour", 8, 3, "2-1", 2, "4-1", 4, "A1/D1"),
        ("T1 Axis secondary E: TQ, armour", 10, 3, "3-1", 2, "5-1", 6, "A1/D2"),
        # Turn 2 primary A: the example reports D1, but the CRT gives A1/D2; the CRT wins (ruling 40).
        ("T2 Axis primary A: armour, TQ, air", 26, 8, "3-1", 3, "6-1", 5, "A1/D2"),
        ("T2 Axis secondary A: elite and armour defending, no shift", 53, 7, "7-1", 0, "7-1", 1, "A1/D1"),
        ("T2 Axis secondary B: halved across a river, 2x air, armour, TQ", 6, 4, "1-1", 4, "5-1", 4, "D1"),
        ("T2 Axis secondary C: Wiking vs a rifle division in a town", 7, 7, "1-1", 3, "4-1", 2, "DR"),
        ("9.5 example A", 12, 5, "2-1", 3, "5-1", None, None),
        ("9.5 example B", 14, 7, "2-1", 2, "4-1", None, None),
        ("8.3 example", 15, 4, "3-1", 0, "3-1", None, None),
    ],
)
def test_example_of_play(what, attack, defence, base, shift, final, die, result):
    assert ODDS.label(col(attack, defence)) == base, what
    index = col(attack, defence, shift)
    assert ODDS.label(index) == final, what
    if die is not None:
        assert crt(index, die) == result, what


def test_example_of_play_secondary_d_is_dr():
    """T1 Axis secondary D: "final 5-1", a roll of 2 is DR."""
    assert crt(tables.COLUMNS.index("5-1"), 2) == "DR"


def test_automatic_elimination_examples():
    """8.5: 21-3 = 7-1 plus air, armour and TQ = 10-1; T2 primary B: 37-5 = 7-1 plus armour
    and two air shifts = 10-1; 8.4: 11-1 with two left shifts = 9-1."""
    assert ODDS.label(col(21, 3)) == "7-1" and col(21, 3, 3) > tables.HIGHEST
    assert ODDS.label(col(37, 5)) == "7-1" and ODDS.label(col(37, 5, 3)) == "10-1"
    assert ODDS.label(col(22, 2)) == "11-1" and ODDS.label(col(22, 2, -2)) == "9-1"


def test_example_of_play_determined_defence():
    # T1 Axis primary C: "in open terrain he must roll a 6"; he rolls 4 and fails.
    assert dd_result("open", 6).success and not dd_result("open", 5).success
    assert dd_result("open", 4) == DDEntry(False, False, False)
    # T2 Axis secondary A: the cavalry, no longer elite, rolls 5 on the Town column: "• -1".
    assert dd_result("rough", 5, dd_drm("R")) == DDEntry(True, True, False)
    # T2 Axis secondary C: Town column, roll 2: "-1", the DD fails.
    assert dd_result("rough", 2, dd_drm("R")) == DDEntry(False, True, False)


def test_dd_modifiers_and_clamping_ruling_19():
    assert dd_drm("E") == 1 and dd_drm("L") == -1 and dd_drm("R", 2) == 2 and dd_drm("E", 2) == 3
    assert dd_result("desert", 1, -1) == dd_result("desert", 1)  # 0 reads row 1
    assert dd_result("mountain_city", 6, 3) == DD[(8, "mountain_city")]  # 9 reads row 8
    with pytest.raises(ValueError):
        dd_result("swamp", 3)


# Result definitions (10.1) ---------------------------------------------------------------------
def test_result_definitions():
    expect = {
        # code: (attacker steps, defender steps, retreat, DD, disorganize, advance, chooser)
        "D1-B": (0, 1, 4, False, True, "always", "owner"),
        "A1/D2": (1, 2, 4, False, True, "always", "owner"),
        "D1": (0, 1, 2, True, False, "if_retreat", "owner"),
        "DR": (0, 0, 2, True, False, "if_retreat", "owner"),
        "A1/D1": (1, 1, 2, True, False, "if_retreat", "opponent"),
        "EX": (1, 1, 0, False, False, "ex", "opponent"),
        "A1/DR": (1, 0, 2, True, False, "if_retreat", "owner"),
        "A1": (1, 0, 0, False, False, "none", "owner"),
    }
    every_cell = {CRT.lookup(r, c) for r in CRT.rows for c in CRT.columns}
    assert every_cell == set(expect)
    for code, (att, dfn, retreat, dd, dis, adv, chooser) in expect.items():
        spec = RESULTS[code]
        got = (spec.attacker_steps, spec.defender_steps, spec.retreat, spec.dd_allowed, spec.disorganize, spec.advance, spec.chooser)
        assert got == (att, dfn, retreat, dd, dis, adv, chooser), code
    assert RESULTS["AE"].eliminate_defenders and RESULTS["AE"].advance == "always"


def test_a1_d2_spares_the_attacker_against_a_single_step():
    """10.1, and T1 Axis secondary E: the Soviet had one step, the Axis loses nothing."""
    assert attacker_steps("A1/D2", 1) == 0
    assert attacker_steps("A1/D2", 2) == 1
    assert attacker_steps("A1/D1", 1) == 1 and attacker_steps("D1", 5) == 0


def test_advance_after_each_result():
    assert advance_after("D1-B", retreated=False, wiped_out=True) == "full"
    assert advance_after("AE", retreated=False, wiped_out=True) == "full"
    assert advance_after("A1", retreated=False, wiped_out=False) == "none"
    assert advance_after("D1", retreated=True, wiped_out=False) == "full"
    assert advance_after("D1", retreated=False, wiped_out=True) == "full"  # 11.3
    assert advance_after("DR", retreated=False, wiped_out=False, dd="success") == "none"  # 10.4
    assert advance_after("DR", retreated=True, wiped_out=False, dd="failed") == "full"
    assert advance_after("A1/DR", retreated=False, wiped_out=True, dd="failed", wiped_out_in_dd=True) == "enter_and_stop"
    assert advance_after("EX", retreated=False, wiped_out=True, defender_steps_involved=1) == "enter_and_stop"
    assert advance_after("EX", retreated=False, wiped_out=True, defender_steps_involved=2) == "none"
    assert advance_after("EX", retreated=False, wiped_out=False, defender_steps_involved=1) == "none"
