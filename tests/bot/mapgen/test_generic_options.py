"""The generic generator options added for the Stalin's War map: the warp, areas by hex label,
zones from polygons, terrain renaming, offmap terrains and the [output] table. Without them the
output is unchanged (the Caucasus map regenerates byte for byte)."""

import math

from bot.mapgen.build import generate
from bot.mapgen.checks import check_common
from bot.mapgen.placement import Placement, fit_warp
from bot.mapgen.projection import Lcc
from bot.mapgen.writer import HEADER, render_files
from engine.hexgrid import Grid
from engine.mapdata import parse_map
from tests.bot.mapgen.test_generate import SOURCE, fake_data, make_source


def test_warp_moves_its_points_and_inverts():
    starts = [(0.0, 0.0), (100.0, 0.0), (0.0, 100.0)]
    goals = [(20.0, 0.0), (100.0, 0.0), (0.0, 100.0)]
    warp = fit_warp(starts, goals, 60.0, 0.0)
    for s, g in zip(starts, goals, strict=True):
        assert math.dist(warp.forward(*s), g) < 1e-6
    for x, y in [(10.0, 10.0), (50.0, -30.0), (300.0, 300.0)]:
        assert math.dist(warp.inverse(*warp.forward(x, y)), (x, y)) < 1e-6
        assert warp.jacobian_det(x, y) > 0
    assert warp.forward(1000.0, 1000.0) == (1000.0, 1000.0)  # far away: no displacement


def test_placement_with_a_warp_round_trips():
    grid = Grid(cols=8, rows=6, first_col=1, first_row=1, shifted="odd", order="colrow")
    plain = Placement(grid, Lcc(68.4, 68.4, 60.0, 50.0), 126.3, "0304", 50.0, 30.0)
    start = plain.projected_xy(50.5, 31.0)
    goal = (start[0] + 40.0, start[1])
    warped = Placement(grid, plain.projection, 126.3, "0304", 50.0, 30.0, fit_warp([start], [goal], 90.0, 0.0))
    assert math.dist(warped.to_xy(50.5, 31.0), goal) < 1e-6
    lat, lon = warped.to_latlon(*warped.centre("0405"))
    assert warped.hex_at(lat, lon) == "0405"
    assert plain.to_xy(52.0, 28.0) == plain.projected_xy(52.0, 28.0)


def test_warp_section_pulls_a_point_into_its_hex():
    _, p = make_source()
    x, y = p.centre("0505")
    lat, lon = p.to_latlon(x, y)
    text = SOURCE.replace("[[seas]]", f'[warp]\nsigma_km = 40.0\ninside_km = 3.0\npoints = [{{ hex = "0405", at = [{lat}, {lon}], why = "test" }}]\n[[seas]]', 1)
    source2, _ = make_source_text(text)
    assert source2.placement.hex_at(lat, lon) == "0405"


def make_source_text(text):
    """make_source on an edited copy of the test source text."""
    from tests.bot.mapgen import test_generate as tg

    saved = tg.SOURCE
    try:
        tg.SOURCE = text
        return tg.make_source()
    finally:
        tg.SOURCE = saved


def test_areas_by_hex_zone_polygons_rename_offmap_and_output():
    base, p = make_source()
    corners = []
    for label in ("0302", "0305", "0605", "0602"):
        lat, lon = p.to_latlon(*p.centre(label))
        corners.append(f"[{lat:.5f}, {lon:.5f}]")
    extra = f'''
offmap_terrains = ["offmap"]
[terrain_rename]
open = "clear"
[[areas]]
terrain = "offmap"
hexes = ["0107", "0207", "0307"]
[[zone_areas]]
name = "box"
polygon = [{", ".join(corners)}]
skip_terrain = ["sea"]
[output]
header = "# PROVISIONAL: test header"
side_features = ["minor_river", "sea"]
line_kinds = ["rail"]
line_flags = []
offmap_comment = ""
'''
    text = SOURCE.replace('"." = "open"', '"." = "clear"\n"X" = "offmap"').replace("[[seas]]", extra + "[[seas]]", 1)
    # top-level keys must come before any table: move offmap_terrains up
    text = text.replace('offmap_terrains = ["offmap"]\n', "")
    text = 'offmap_terrains = ["offmap"]\n' + text
    source, p = make_source_text(text)
    hex_stats, is_water = fake_data(p)
    model = generate(source, hex_stats, is_water)
    texts = render_files(source, model)
    data, problems = parse_map(texts)
    assert problems == []
    assert all(t.startswith("# PROVISIONAL: test header") for t in texts.values())
    assert "open" not in data.terrain.values() and "clear" in data.terrain.values()
    assert {data.terrain[h] for h in ("0107", "0207", "0307")} == {"offmap"}
    assert all(h not in seg for seg in data.lines.get("rail", {}) for h in ("0107", "0207", "0307"))
    box = data.zone("box")
    assert {"0403", "0404", "0503", "0504"} <= box and not {"0201", "0707", "0108"} & box
    assert 'kinds = ["rail"]' in texts["map.toml"]
    assert check_common(data, ("sea", "offmap"), {"Alpha": data.place_named("Alpha").hex}) == []
    assert check_common(data, ("sea",), {"Alpha": "0101"}) != []
    assert HEADER not in texts["map.toml"]


def test_one_printed_name_on_several_hexes_and_places_as_hex_terrain():
    """[places] ``name`` prints one town's name on several hexes; [place_terrain] makes a place's hex that terrain."""
    _, p = make_source()
    lat, lon = p.to_latlon(*p.centre("0405"))
    extra = f'[place_terrain]\nmajor_city = "swamp"\n[places]\n"Alpha east" = {{ at = [{lat:.5f}, {lon:.5f}], kind = "major_city", name = "Alpha" }}\n'
    source, p = make_source_text(SOURCE.replace("[places]\n", extra, 1))
    hex_stats, is_water = fake_data(p)
    data, problems = parse_map(render_files(source, generate(source, hex_stats, is_water)))
    assert problems == []
    alphas = sorted(h for h, place in data.places.items() if place.name == "Alpha")
    assert len(alphas) == 2 and "0405" in alphas
    assert {data.terrain[h] for h in alphas} == {"swamp"}
    assert data.terrain[data.place_named("Beta").hex] != "swamp"
