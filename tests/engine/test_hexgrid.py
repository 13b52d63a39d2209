from engine.hexgrid import Grid, hexside


def test_labels_round_trip_through_axial():
    """Every label converts to axial coordinates and back to itself."""
    for grid in (Grid(10, 8), Grid(10, 8, first_col=0, first_row=0, shifted="odd"), Grid(6, 6, order="rowcol")):
        for label in grid.labels():
            q, r = grid.to_axial(label)
            assert grid.from_axial(q, r) == label


def test_even_shifted_columns_neighbours():
    """On an even-shifted map, 0505's north-east neighbour is 0604 and south-east is 0605."""
    g = Grid(10, 10)
    assert g.neighbours("0505") == ["0604", "0605", "0506", "0405", "0404", "0504"]


def test_odd_shifted_columns_neighbours():
    """On an odd-shifted map the shift is the other way round."""
    g = Grid(10, 10, first_col=0, first_row=0, shifted="odd")
    assert g.neighbour("0505", 0) == "0605" and g.neighbour("0505", 1) == "0606"


def test_adjacency_is_symmetric_and_distance_one():
    g = Grid(12, 9)
    for a in g.labels():
        for b in g.neighbours(a):
            assert a in g.neighbours(b)
            assert g.distance(a, b) == 1


def test_opposite_directions():
    """Direction d and d+3 lead to opposite neighbours."""
    g = Grid(10, 10)
    for d in range(3):
        a, b = g.neighbour("0505", d), g.neighbour("0505", d + 3)
        assert a is not None and b is not None and g.distance(a, b) == 2


def test_distance_and_within():
    g = Grid(20, 20)
    assert g.distance("0101", "0101") == 0
    assert g.distance("0101", "0105") == 4
    ring = g.within("1010", 2)
    assert len(ring) == 19 and all(g.distance("1010", h) <= 2 for h in ring)


def test_rowcol_labels():
    """With order=rowcol, 1231 is row 12, column 31, and 1331 is directly below it."""
    g = Grid(40, 30, first_col=20, first_row=8, order="rowcol")
    assert g.parse("1231") == (31, 12)
    assert g.adjacent("1231", "1331")


def test_hexside_is_unordered_and_flanks():
    g = Grid(10, 10)
    assert hexside("0505", "0504") == hexside("0504", "0505")
    flanks = g.flanking("0505", "0506")
    assert len(flanks) == 2 and all(g.adjacent(f, "0505") and g.adjacent(f, "0506") for f in flanks)


def test_off_map_is_not_a_label():
    g = Grid(5, 5)
    assert "0606" not in g and "0000" not in g and g.neighbour("0101", 5) is None


def test_letter_labels_round_trip_through_axial():
    """A tactical map's letter-and-number labels (C7) convert to axial coordinates and back."""
    grid = Grid(15, 10, order="letters")
    assert "A1" in grid and "O10" in grid and "P1" not in grid and "A11" not in grid
    for label in grid.labels():
        assert grid.from_axial(*grid.to_axial(label)) == label


def test_letter_labels_name_column_then_row():
    """C7 is the third column, seventh row; its northern neighbour is C6."""
    grid = Grid(15, 10, order="letters")
    assert grid.parse("C7") == (3, 7)
    assert grid.neighbour("C7", 5) == "C6"
