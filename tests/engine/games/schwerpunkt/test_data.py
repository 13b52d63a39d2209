"""The provisional data of Von Manstein's Backhand Blow: every value the rulebook gives is kept."""

import pytest

from engine.datafiles import read_text, read_texts
from engine.games.schwerpunkt.model import PACKAGE, rules

RULEBOOK_HEXES = ("1116", "1500", "4338", "3800", "4100", "4103", "4114", "4119", "4403", "4413", "4419", "3422", "2811")


@pytest.mark.parametrize("name", ["units.csv", "chits.csv", "tables.toml", "README.md", "mapsrc/source.toml", "mapsrc/corrections.txt"])
def test_every_data_file_says_where_it_comes_from(name):
    """Each data file's first line is its provenance (PROVISIONAL or TRANSCRIBED)."""
    first = read_text(PACKAGE, f"data/{name}").splitlines()[0]
    assert "PROVISIONAL" in first or "TRANSCRIBED" in first


def test_every_map_file_is_marked_provisional():
    """The generated map files are marked provisional on their first line."""
    for name, text in read_texts(PACKAGE, "data/map").items():
        assert text.startswith("# PROVISIONAL"), name


def test_validator_finds_no_problem():
    """The map, counters and tables load without a problem (adjutant validate schwerpunkt)."""
    assert rules().problems == ()


def test_kharkov_is_2811():
    """E 2.2: Kharkov is hex 2811, a city."""
    place = rules().board.places["2811"]
    assert place.name == "Kharkov" and place.kind == "city"


@pytest.mark.parametrize("label", RULEBOOK_HEXES)
def test_every_rulebook_hex_is_land_on_the_map(label):
    """Every hex the rulebook names exists and is land."""
    board = rules().board
    assert label in board.grid and board.terrain[label] != "sea"


def test_named_cities_are_on_the_map():
    """The cities of the designation glossary (E 2.42) are city hexes of the map."""
    cities = {p.name for p in rules().board.places.values() if p.kind == "city"}
    assert {"Kharkov", "Belgorod", "Poltava", "Dnepropetrovsk", "Zaporozhye", "Stalino"} <= cities


def test_supply_sources():
    """E 7.0: German sources are the west edge; Soviet sources 26 east-edge hexes (8.1 item 27)."""
    board = rules().board
    assert board.zone("german_supply") == {label for label in board.grid.labels() if label.startswith("10")}
    assert sorted(board.zone("soviet_supply")) == [f"44{r:02d}" for r in range(26)]


def test_example_unit_keeps_the_rulebook_values():
    """S 2.42: 320-586 Inf Regt is 6-2*-2, reduced CS 3, set up in 3422."""
    unit = rules().units["320-586"]
    assert (unit.steps[0].cs, unit.steps[0].tv, unit.steps[0].ma, unit.integrity) == (6, 2, 2, True)
    assert unit.steps[1].cs == 3 and unit.setup == "hex:3422"


def test_corps_steps():
    """E 2.45: tank and cavalry corps have 4 steps, rifle corps 3."""
    units = rules().units.values()
    assert all(len(u.steps) == 4 for u in units if u.side == "soviet" and u.type in ("tank", "cav"))
    assert all(len(u.steps) == 3 for u in units if u.side == "soviet" and u.type == "rifle" and u.size == "XXX")


def test_formation_sizes():
    """E 3.2: Wiking and 19th Panzer have 4 units, every other formation 3 (or fewer on the map)."""
    sizes: dict[str, int] = {}
    for u in rules().units.values():
        if u.formation:
            sizes[u.formation] = sizes.get(u.formation, 0) + 1
    assert sizes["wiking"] == 4 and sizes["19pd"] == 4
    assert all(n <= 3 for f, n in sizes.items() if f not in ("wiking", "19pd"))


@pytest.mark.parametrize(
    "turn,hex_,count",
    [(2, "1116", 1), (4, "4338", 8), (4, "1116", 4), (5, "4338", 1), (5, "1116", 1), (6, "4338", 4), (9, "1500", 4), (13, "1116", 3)],
)
def test_german_reinforcements(turn, hex_, count):
    """The German reinforcement table: units per turn and entry hex."""
    got = [u for u in rules().units.values() if u.side == "german" and u.setup == f"turn:{turn}@{hex_}"]
    assert len(got) == count


@pytest.mark.parametrize("turn,count", [(2, 2), (3, 3), (4, 4), (5, 6), (9, 2), (10, 3), (11, 3), (12, 4), (13, 8), (14, 3)])
def test_soviet_reinforcements(turn, count):
    """The Soviet reinforcement table: units per turn."""
    got = [u for u in rules().units.values() if u.side == "soviet" and u.setup.startswith(f"turn:{turn}@")]
    assert len(got) == count


def test_activity_known_cell():
    """S 7.2: 2 C3I with a roll of 10 gives 12 AP, and the table says it is known."""
    table = rules().tables["activity"]
    assert table["rows"]["10"][table["columns"].index("2")] == 12
    assert [10, "2"] in table["known"]


def test_activity_table_shape():
    """The Activity Table has rows 2-12 and the columns 1, 2, 3 C3I and Rochade."""
    table = rules().tables["activity"]
    assert sorted(int(r) for r in table["rows"]) == list(range(2, 13))
    assert table["columns"] == ["1", "2", "3", "rochade"] and all(len(v) == 4 for v in table["rows"].values())


def test_attrition_table():
    """S 6.5: target 6 German, 5 Soviet Guards, 4 Soviet regular; +1 surrounded, -1 city."""
    att = rules().tables["attrition"]
    assert (att["german"], att["soviet_guards"], att["soviet_regular"], att["surrounded_drm"], att["city_drm"]) == (6, 5, 4, 1, -1)


@pytest.mark.parametrize("roll,moves", [(2, 0), (4, 0), (5, 1), (9, 1), (10, 2), (12, 2)])
def test_front_movement_table(roll, moves):
    """E 14.2: 2-4 no move, 5-9 one hex, 10-12 two hexes."""
    assert rules().tables["fronts"]["moves"][str(roll)] == moves


def test_crt_shape():
    """E 16.1, S 12.7: columns 1:2 to 19:1 (with 2:3, 1:1, 2:1), rows 2-17, cells attacker/defender hits."""
    crt = rules().tables["crt"]
    assert crt["columns"][0] == "1:2" and crt["columns"][-1] == "19:1"
    assert {"2:3", "1:1", "2:1"} <= set(crt["columns"])
    assert sorted(int(r) for r in crt["rows"]) == list(range(2, 18))
    assert all(len(row) == len(crt["columns"]) for row in crt["rows"].values())


def test_terrain_chart_known_values():
    """The Terrain Effects Chart: motorised forest 2/3/4, road 1/1.5/2, major river all MP in Very Mud."""
    chart = rules().tables["terrain"]
    assert chart["cost"]["mot"]["forest"] == [2, 3, 4]
    assert chart["cost"]["mot"]["road"] == [1, 1.5, 2]
    assert chart["sides"]["nonmot"]["major_river"][2] == "all"
    assert chart["drm"]["city"] == -5


def test_chit_lists():
    """Digest 2.3: 23 German and 22 Soviet chit types, with their turn windows."""
    chits = rules().chits.values()
    assert sum(1 for c in chits if c.side == "german") == 23
    assert sum(1 for c in chits if c.side == "soviet") == 22
    assert (rules().chits["cas-2"].first, rules().chits["cas-2"].last) == (2, 4)
    assert (rules().chits["s-tank-2"].first, rules().chits["s-tank-2"].last) == (7, 9)


def test_stacking_limits():
    """E 10: Soviet 3, German 4 with a formation counting at most 2."""
    stacking = rules().tables["stacking"]
    assert (stacking["soviet"], stacking["german"], stacking["formation_counts"]) == (3, 4, 2)
