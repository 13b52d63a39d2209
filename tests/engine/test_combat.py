from engine.combat import OddsColumns, Table, clamp, differential_index, shift

COLS = OddsColumns(((1, 2), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, 1)))


def test_odds_round_down_for_the_defender():
    """15 : 4 is 3-1 (the rulebook's own example)."""
    assert COLS.label(COLS.index(15, 4)) == "3-1"
    assert COLS.label(COLS.index(17, 6)) == "2-1"
    assert COLS.label(COLS.index(8, 3)) == "2-1"


def test_odds_below_and_above_the_table():
    assert COLS.index(1, 3) == -1 and COLS.label(-1) == "1-3"
    assert COLS.index(2, 5) == -1  # 1-2.5 rounds to 1-3
    assert COLS.index(21, 2) == 10 and COLS.label(10) == "10-1"


def test_shifts_then_limits():
    assert shift(7, 3, 0) == 10
    assert clamp(shift(2, 0, 5), 0, 9) == 0


def test_differential_columns():
    assert differential_index(7, 3, -3, 6) == 7
    assert differential_index(1, 9, -3, 6) == 0


def test_table_lookup_clamps_rows():
    table = Table.from_rows(["a", "b"], {1: ["x", "y"], 2: ["z", "w"]})
    assert table.lookup(2, "b") == "w" and table.lookup(9, "a") == "z" and table.lookup(0, "b") == "y"
