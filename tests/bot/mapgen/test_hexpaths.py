"""Polylines to hex chains and hexsides."""

from bot.mapgen.hexpaths import (
    chains_along,
    cut_corners,
    hex_line,
    ridge_sides,
    side_path,
    sides_along,
    tidy_chain,
)
from bot.mapgen.placement import Placement
from bot.mapgen.projection import Lcc
from engine.hexgrid import Grid

GRID = Grid(cols=12, rows=10, first_col=1, first_row=1, shifted="even", order="rowcol")
PLACEMENT = Placement(GRID, Lcc(43.0, 47.0, 42.0, 45.0), 29.0, "0505", 45.0, 42.0)


def xy(label):
    return PLACEMENT.centre(label)


def assert_chain(chain):
    assert len(set(chain)) == len(chain), "no hex twice"
    for a, b in zip(chain, chain[1:], strict=False):
        assert GRID.adjacent(a, b), (a, b)


def test_hex_line_is_a_chain_of_adjacent_hexes():
    chain = hex_line(GRID, "0101", "0812")
    assert chain[0] == "0101" and chain[-1] == "0812"
    assert_chain(chain)
    assert len(chain) == GRID.distance("0101", "0812") + 1


def test_tidy_chain_fills_gaps_and_cuts_loops():
    chain = tidy_chain(GRID, ["0101", "0101", "0104", "0105", "0205", "0105", "0106"])
    assert_chain(chain)
    assert chain[0] == "0101" and chain[-1] == "0106"
    assert "0205" not in chain


def test_cut_corners_drops_clipped_hexes_but_keeps_waypoints():
    a, c = "0505", "0506"
    corner = next(h for h in GRID.neighbours(a) if GRID.adjacent(h, c))
    assert cut_corners(GRID, [a, corner, c]) == [a, c]
    assert cut_corners(GRID, [a, corner, c], frozenset({corner})) == [a, corner, c]


def test_chains_along_a_polyline_are_adjacent_and_pass_the_waypoints():
    points = [xy("0202"), xy("0507"), xy("0911")]
    (chain,) = chains_along(PLACEMENT, points)
    assert_chain(chain)
    assert chain[0] == "0202" and chain[-1] == "0911" and "0507" in chain


def test_chains_split_where_the_line_leaves_the_map():
    x0, y0 = xy("0101")
    chains = chains_along(PLACEMENT, [xy("0303"), (x0 - 200, y0), xy("0110")])
    assert len(chains) == 2
    for chain in chains:
        assert_chain(chain)


def test_side_path_follows_hex_sides_without_gaps():
    path = side_path(PLACEMENT, [xy("0202"), xy("0808")])
    assert path
    for (_a, b), (c, _d) in zip(path, path[1:], strict=False):
        assert b == c, "consecutive sides share a corner"
    sides = sides_along(PLACEMENT, [xy("0202"), xy("0808")])
    for a, b in sides:
        assert GRID.adjacent(a, b)


def test_a_river_between_two_rows_separates_them():
    # A line along the boundary between rows 4 and 5 of the odd columns.
    x1, y1 = xy("0403")
    x2, y2 = xy("0409")
    y = (y1 + xy("0503")[1]) / 2
    sides = {tuple(sorted(s)) for s in sides_along(PLACEMENT, [(x1, y), (x2, y2 + (y - y1))])}
    assert ("0405", "0505") in sides or ("0405", "0504") in sides or ("0405", "0506") in sides


def test_ridge_sides_form_a_barrier_between_north_and_south():
    west, east = xy("0501"), xy("0512")
    y = (west[1] + xy("0601")[1]) / 2
    sides = ridge_sides(PLACEMENT, [(west[0], y), (east[0], y)])
    north = {a for a, _ in sides}
    south = {b for _, b in sides}
    assert not north & south
    # Nothing north of the line can step south without crossing one of the sides.
    blocked = {frozenset(s) for s in sides}
    for a in GRID.labels():
        for b in GRID.neighbours(a):
            crosses = (a in north and b in south) or (a in south and b in north)
            if crosses:
                assert frozenset((a, b)) in blocked
