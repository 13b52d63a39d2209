"""The committed Caucasus map: parses cleanly and keeps the rulebook's facts."""

from pathlib import Path

import pytest

from bot.mapgen.checks import check_map, reachable
from engine.mapdata import MAP_FILES, parse_map

ROOT = Path(__file__).resolve().parents[3]
MAP = ROOT / "engine/games/caucasus/data/map"
SRC = ROOT / "engine/games/caucasus/data/mapsrc"


@pytest.fixture(scope="module")
def data():
    texts = {name: (MAP / name).read_text(encoding="utf-8") for name in MAP_FILES}
    parsed, problems = parse_map(texts)
    assert problems == []
    assert parsed is not None
    return parsed


def test_every_file_says_it_is_provisional_and_generated():
    for path in [*(MAP / n for n in MAP_FILES), SRC / "source.toml", SRC / "corrections.txt"]:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# PROVISIONAL:"), path
        assert "python -m bot.mapgen engine/games/caucasus/data/mapsrc" in first, path
        assert "real geography" in first, path


def test_grid_decision(data):
    g = data.grid
    assert (g.order, g.shifted, g.first_row, g.first_col) == ("rowcol", "even", 7, 20)


def test_rulebook_facts(data):
    assert data.terrain["2235"] == "forest"
    assert data.terrain["1231"] == "open" and data.terrain["1331"] == "open"
    assert data.grid.adjacent("1231", "1331")
    novo = data.place_named("Novorossiysk")
    assert novo.kind == "minor_city" and data.terrain[novo.hex] == "forest"
    for name in ("Rostov", "Kagalnik", "Taganrog"):
        assert data.place_named(name).get("control") == "axis"
    assert sum(1 for p in data.places.values() if p.get("control") == "axis") == 3


def test_lines_are_chains_of_adjacent_land_hexes(data):
    assert set(data.lines) == {"road", "rail"}
    for segments in data.lines.values():
        for a, b in segments:
            assert data.grid.adjacent(a, b)
            assert data.terrain[a] != "sea" and data.terrain[b] != "sea"


def test_special_railways(data):
    flags = {f for f in data.lines["rail"].values()}
    assert frozenset({"supply_only"}) in flags
    assert frozenset({"unfinished", "supply_only"}) in flags
    sochi, sukhumi = data.place_named("Sochi").hex, data.place_named("Sukhumi").hex
    assert any(sukhumi in seg and f == frozenset({"supply_only"}) for seg, f in data.lines["rail"].items())
    assert any(sochi in seg for seg in data.lines["rail"])
    links = data.meta["offmap_links"]["tbilisi_f"]
    assert links == [data.place_named("Tbilisi").hex, next(iter(data.zone("entry_F")))]


def test_places_are_on_land_and_entries_complete(data):
    letters = {}
    for label, place in data.places.items():
        assert data.terrain[label] not in ("sea", "alpine"), place.name
        if "entry" in place.attrs:
            letters.setdefault(place.attrs["entry"], []).append(label)
    assert sorted(letters) == list("ABCDEFGHIJ")
    for letter in "ABCDE":
        for label in letters[letter]:
            assert label[:2] == "07", (letter, label)
    assert letters["J"] == [data.place_named("Taman").hex]
    sides = {data.places[h[0]].get("side") for h in letters.values()}
    assert sides == {"axis", "soviet"}


def test_victory_points_add_up(data):
    vp = {p.name: int(p.get("vp")) for p in data.places.values() if p.get("vp")}
    historical = ["Krasnodar", "Maikop", "Voroshilovsk", "Novorossiysk", "Armavir", "Pyatigorsk", "Elista", "Mozdok", "Taman"]
    assert sum(vp[n] for n in historical) == 14  # rulebook 21: Novorossiysk + the Terek = 14 VP
    assert sum(vp.values()) >= 20


def test_ports(data):
    ports = {p.name: (p.get("port"), p.get("sea")) for p in data.places.values() if p.get("port")}
    assert ports["Taman"] == ("minor", "azov") and ports["Temryuk"][1] == "azov"
    assert ports["Astrakhan"][1] == ports["Makhachkala"][1] == "caspian"
    assert ports["Poti"][1] == "black"


def test_krestovy_is_the_open_way_over_the_ridge(data):
    (side,) = [k for k, f in data.sides.items() if "krestovy" in f]
    assert "pass" in data.sides[side]
    ordz, tbilisi = data.place_named("Ordzhonikidze").hex, data.place_named("Tbilisi").hex
    assert reachable(data, ordz)[tbilisi] <= 8
    assert reachable(data, ordz, allow_passes=False).get(tbilisi, 99) > 15


def test_all_checks_pass(data):
    assert check_map(data) == []
