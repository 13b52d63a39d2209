"""The whole generation on a tiny invented map, with made-up data sets (no basemap needed)."""

from bot.mapgen.build import generate
from bot.mapgen.classify import classify
from bot.mapgen.sampling import HexStats, hex_offsets
from bot.mapgen.source import parse_source
from bot.mapgen.writer import render_files
from engine.mapdata import parse_map

RULES = {
    "sea_min_water": 0.5, "alpine_min_3000": 0.5, "alpine_min_snow": 0.4, "mountain_min_1500": 0.5,
    "mountain_min_mean": 1500, "forest_min": 0.5, "rough_min_mean": 700, "rough_min_1000": 0.3,
    "desert_min_dry": 0.7, "desert_min_lon": 44.5, "desert_min_lat": 43.9,
}


def stats(water=0.0, mean=100.0, above=None, forest=0.0, dry=0.0, snow=0.0):
    return HexStats(100, water, mean, above or {1000: 0.0, 1500: 0.0, 3000: 0.0}, forest, dry, snow)


def test_classify_rules_in_order():
    assert classify(stats(water=0.6), 45, 40, RULES) == "sea"
    assert classify(stats(water=0.6), 45, 40, RULES, keep_land=True) == "open"
    assert classify(stats(above={1000: 1, 1500: 1, 3000: 0.6}), 43, 43, RULES) == "alpine"
    assert classify(stats(snow=0.5), 43, 43, RULES) == "alpine"
    assert classify(stats(mean=1600, above={1000: 1, 1500: 0.4, 3000: 0}), 43, 43, RULES) == "mountain"
    assert classify(stats(forest=0.8, mean=400), 44, 39, RULES) == "forest"
    assert classify(stats(mean=800), 44, 42, RULES) == "rough"
    assert classify(stats(dry=0.9), 46, 46, RULES) == "desert"
    assert classify(stats(dry=0.9), 46, 43, RULES) == "open"


def test_hex_offsets_cover_the_hex():
    size = 29.0 / 3**0.5
    offsets = hex_offsets(size, 2.5)
    area = len(offsets) * 2.5 * 2.5
    assert abs(area - 1.5 * 3**0.5 * size * size) / area < 0.1


SOURCE = """
# PROVISIONAL: test source
name = "Tiny"
[grid]
order = "rowcol"
shifted = "even"
first_row = 1
rows = 6
first_col = 1
cols = 8
hex_km = 29.0
[projection]
lat_1 = 43.0
lat_2 = 47.0
lat_0 = 45.0
lon_0 = 42.0
[anchor]
hex = "0304"
lat = 45.0
lon = 42.0
[terrain_codes]
"~" = "sea"
"." = "open"
"r" = "rough"
"f" = "forest"
"m" = "mountain"
"A" = "alpine"
"d" = "desert"
"s" = "swamp"
[classify]
sea_min_water = 0.5
alpine_min_3000 = 0.5
alpine_min_snow = 0.4
mountain_min_1500 = 0.5
mountain_min_mean = 1500
forest_min = 0.5
rough_min_mean = 700
rough_min_1000 = 0.3
desert_min_dry = 0.7
desert_min_lon = 44.5
desert_min_lat = 43.9
[[seas]]
name = "black"
box = [0, 0, 90, 90]
[places]
"Alpha" = { at = [@a@], kind = "major_city", vp = 2 }
"Beta" = { at = [@b@], kind = "town", port = "minor", sea = "black" }
[waypoints]
"north:Far" = [@far@]
[[entries]]
letter = "A"
side = "axis"
at = [[@far@]]
edge = "north"
[[rivers]]
name = "Brook"
feature = "minor_river"
points = [[@r1@], [@r2@]]
[[lines]]
kind = "rail"
via = ["Beta", "Alpha", "north:Far"]
[coasts]
coast = { sea = "black" }
[zones]
army1 = ["0404", "0405"]
"""


def make_source(corrections=""):
    from bot.mapgen.placement import Placement
    from bot.mapgen.projection import Lcc
    from engine.hexgrid import Grid

    grid = Grid(cols=8, rows=6, first_col=1, first_row=1, shifted="even", order="rowcol")
    p = Placement(grid, Lcc(43.0, 47.0, 42.0, 45.0), 29.0, "0304", 45.0, 42.0)

    def ll(label, dy=0.0):
        x, y = p.centre(label)
        lat, lon = p.to_latlon(x, y + dy)
        return f"{lat:.5f}, {lon:.5f}"

    far_lat, far_lon = p.to_latlon(*p.centre("0106"))
    values = {"a": ll("0305"), "b": ll("0402"), "far": f"{far_lat + 0.3:.5f}, {far_lon:.5f}", "r1": ll("0303", 14.5), "r2": ll("0308", 14.5)}
    text = SOURCE
    for key, value in values.items():
        text = text.replace(f"@{key}@", value)
    return parse_source(text, corrections), p


def fake_data(p):
    # Column 1 is sea, everything else open lowland; column 8 is high mountains.
    def hex_stats(label):
        col = p.grid.parse(label)[0]
        if col == 1:
            return stats(water=1.0)
        if col == 8:
            return stats(mean=2500, above={1000: 1, 1500: 1, 3000: 0.1})
        return stats()

    def is_water(lat, lon):
        label = p.hex_at(lat, lon)
        return label is not None and p.grid.parse(label)[0] == 1

    return {label: hex_stats(label) for label in p.grid.labels()}, is_water


def test_generate_writes_a_map_the_engine_accepts():
    source, p = make_source()
    hex_stats, is_water = fake_data(p)
    model = generate(source, hex_stats, is_water)
    texts = render_files(source, model)
    data, problems = parse_map(texts)
    assert problems == []
    assert data is not None
    assert all(text.startswith("# PROVISIONAL:") for text in texts.values())
    assert data.terrain["0301"] == "sea" and data.terrain["0308"] == "mountain"
    alpha = data.place_named("Alpha")
    assert alpha.kind == "major_city" and alpha.get("vp") == "2"
    assert data.place_named("Beta").get("port") == "minor"
    entry = [pl for pl in data.places.values() if pl.get("entry") == "A"]
    assert [pl.hex for pl in entry] == ["0106"] and data.terrain["0106"] == "open"
    assert data.zone("entry_A") == {"0106"}
    assert data.zone("army1") == {"0404", "0405"}
    assert "0402" in data.zone("coast") or "0302" in data.zone("coast")
    rail = data.lines["rail"]
    assert rail and all(data.grid.adjacent(a, b) for a, b in rail)
    assert any("minor_river" in f for f in data.sides.values())
    assert not model.notes or all("PROBLEM" not in n for n in model.notes)


def test_generation_is_deterministic_and_corrections_apply_last():
    source, p = make_source("# PROVISIONAL: test\nterrain 0303 forest\nside+ 0404 0405 sea\n")
    hex_stats, is_water = fake_data(p)
    first = render_files(source, generate(source, hex_stats, is_water))
    second = render_files(source, generate(source, hex_stats, is_water))
    assert first == second
    data, problems = parse_map(first)
    assert problems == []
    assert data.terrain["0303"] == "forest"
    assert "sea" in data.side("0404", "0405")
