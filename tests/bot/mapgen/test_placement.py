"""Projection and grid placement: pure arithmetic, no data sets needed."""

import math

import pytest

from bot.mapgen.placement import Placement
from bot.mapgen.projection import Lcc
from engine.hexgrid import Grid

GRID = Grid(cols=40, rows=27, first_col=20, first_row=7, shifted="even", order="rowcol")
LCC = Lcc(43.0, 47.0, 42.0, 45.0)
PLACEMENT = Placement(GRID, LCC, 29.0, "1031", 47.32, 39.72)


@pytest.mark.parametrize("lat,lon", [(47.2, 39.7), (41.7, 44.8), (45.0, 36.5), (46.3, 48.0)])
def test_lcc_round_trip(lat, lon):
    x, y = LCC.forward(lat, lon)
    back = LCC.inverse(x, y)
    assert back == pytest.approx((lat, lon), abs=1e-9)


def test_lcc_keeps_distances_near_true():
    # Rostov - Krasnodar is about 243 km on the sphere.
    a, b = LCC.forward(47.222, 39.718), LCC.forward(45.035, 38.975)
    assert math.dist(a, b) == pytest.approx(250, rel=0.03)


def test_anchor_hex_sits_on_its_coordinates():
    assert PLACEMENT.centre_latlon("1031") == pytest.approx((47.32, 39.72), abs=1e-9)
    assert PLACEMENT.hex_at(47.32, 39.72) == "1031"


def test_centres_agree_with_engine_geometry():
    size = PLACEMENT.size
    ox, oy = PLACEMENT.centre("0720")
    ex, ey = GRID.center("0720", size)
    for label in ("1031", "2235", "0759", "3320", "1548"):
        x, y = PLACEMENT.centre(label)
        gx, gy = GRID.center(label, size)
        assert (x - ox, y - oy) == pytest.approx((gx - ex, gy - ey))


def test_every_centre_maps_back_to_its_hex():
    for label in GRID.labels():
        assert PLACEMENT.hex_at(*PLACEMENT.centre_latlon(label)) == label


def test_adjacent_centres_are_one_hex_apart():
    for a in ("1231", "2235", "1030"):
        for b in GRID.neighbours(a):
            assert math.dist(PLACEMENT.centre(a), PLACEMENT.centre(b)) == pytest.approx(29.0)


def test_rulebook_hexes_fall_where_the_grid_decision_says():
    lat, lon = PLACEMENT.centre_latlon("1231")
    assert 46.6 < lat < 46.95 and 39.5 < lon < 40.0
    lat, lon = PLACEMENT.centre_latlon("2235")
    assert 44.0 < lat < 44.4 and 40.7 < lon < 41.3
    assert GRID.adjacent("1231", "1331")


def test_off_map_points_have_no_hex():
    assert PLACEMENT.hex_at(50.0, 40.0) is None
    assert PLACEMENT.hex_at(45.0, 30.0) is None


def test_vertex_neighbours_are_three_corners_one_side_away():
    x, y = PLACEMENT.corners("1231")[0]
    v = PLACEMENT.vertex_key(x, y)
    neighbours = PLACEMENT.vertex_neighbours(v)
    assert len(neighbours) == 3
    for n in neighbours:
        assert math.dist(PLACEMENT.vertex_xy(v), PLACEMENT.vertex_xy(n)) == pytest.approx(PLACEMENT.size)
