"""The provisional data files and their validator (ADDING_A_GAME.md, digest 8.1)."""

from engine.datafiles import read_text
from engine.games.across_the_bug_river import data
from tests.engine.games.across_the_bug_river.helpers import GAME

PACKAGE = data.PACKAGE
FILES = ("units.csv", "formations.csv", "tables.toml", "scenarios.toml")


def texts() -> dict[str, str]:
    return {name: read_text(PACKAGE, f"data/{name}") for name in FILES}


def map_texts() -> dict[str, str]:
    from engine.datafiles import read_texts

    return read_texts(PACKAGE, "data/map")


def test_the_shipped_data_has_no_problem():
    """validate() finds nothing wrong in the shipped files."""
    assert GAME.validate() == []


def test_every_data_file_says_it_is_provisional():
    """Each file's first line says where it comes from, and that it is provisional."""
    for name, text in {**texts(), **{f"map/{k}": v for k, v in map_texts().items() if k != "README.md"}}.items():
        assert "PROVISIONAL" in text.splitlines()[0], name


def test_a_file_without_provenance_is_reported():
    """A data file whose first line does not say where it comes from is a problem."""
    broken = texts()
    broken["units.csv"] = broken["units.csv"].split("\n", 1)[1]
    rules = data.parse(broken, map_texts())
    assert any("units.csv: line 1" in p for p in rules.problems)


def test_a_setup_outside_the_scenario_window_is_reported():
    """Scenario 1 plays in columns 10-33 and rows 00-14 (11.1): a unit set up in 4020 is a problem."""
    broken = texts()
    broken["scenarios.toml"] = broken["scenarios.toml"].replace('"I/36" = "', '"I/36" = "4020"\n"X" = "', 1)
    rules = data.parse(broken, map_texts())
    assert any("I/36 at 4020" in p for p in rules.problems)


def test_an_hq_outside_a_village_or_city_is_reported():
    """An HQ must always stand in a village or city (3.3)."""
    broken = texts()
    broken["scenarios.toml"] = broken["scenarios.toml"].replace('"87rd" = "2707"', '"87rd" = "1305"', 1)
    rules = data.parse(broken, map_texts())
    assert any("HQ 87rd at 1305" in p for p in rules.problems)


def test_a_black_ap_above_seven_is_reported():
    """Black AP numbers are at most 7 (6.3.1)."""
    broken = texts()
    broken["tables.toml"] = broken["tables.toml"].replace('level1 = ["1/1"', 'level1 = ["8/1"', 1)
    rules = data.parse(broken, map_texts())
    assert any("ap level1" in p for p in rules.problems)


def test_the_crt_has_twenty_rows_per_terrain_line():
    """The modified d10 is clamped to 1..20 (7.5.1): every terrain line has 20 rows."""
    crt = GAME.rules.tables["crt"]
    assert crt["lines"] == [1, 2, 3, 4, 5, 6]
    assert all(len(crt[f"line{n}"]["rows"]) == 20 for n in crt["lines"])
    assert crt["below_leftmost"] == "5/0"


def test_the_terrain_lines_follow_the_rulebook_order():
    """3.1.1: clear 1, village 2, swamp 3, city = fort in clear = light woods 4, forest 5, fort in forest 6."""
    tec = GAME.rules.tables["tec"]
    lines = {k: tec[k]["line"] for k in tec["terrains"]}
    assert lines == {"clear": 1, "village": 2, "swamp": 3, "city": 4, "fort_clear": 4, "light_woods": 4, "forest": 5, "fort_forest": 6}


def test_the_values_the_text_gives_are_in_the_tables():
    """Road 0.5 MP motorised (3.1.1), stream +1 leg (7.3.7), bridged Bug -4 and Tank x1/4 (10.1), village AT +1, swamp Tank x1/4."""
    tec = GAME.rules.tables["tec"]
    assert tec["road"]["mp_mot"] == 0.5
    assert tec["hexside"]["stream"]["leg_extra"] == 1
    assert (tec["hexside"]["bug_bridged"]["drm"], tec["hexside"]["bug_bridged"]["tank"]) == (-4, 0.25)
    assert (tec["hexside"]["bug_bridged"]["brandenburg_drm"], tec["hexside"]["bug_bridged"]["brandenburg_tank"]) == (-2, 0.5)
    assert tec["village"]["at_bonus"] == 1 and tec["swamp"]["tank"] == 0.25


def test_the_ap_table_reads_black_and_red_by_level_and_die():
    """The AP table gives (black, red) for a level and a d10 (6.3.1); levels past the table use its last column."""
    rules = GAME.rules
    assert rules.ap(3, 5) == (3, 1)
    assert rules.ap(9, 10) == rules.ap(6, 10)


def test_the_victory_tables_are_transcribed():
    """11: scenario 1 >= 14 decisive, 12 minor, 10 draw, 8 Soviet minor; scenario 2 11/9/7/5; campaign 24/21/19/17."""
    v = GAME.rules.tables["victory"]
    assert (v["scenario1"], v["scenario2"], v["campaign"]) == ([14, 12, 10, 8], [11, 9, 7, 5], [24, 21, 19, 17])


def test_the_places_the_rules_name_are_on_the_map():
    """Every village and city the issue names stands on the map, Ustyluh and Vygodanka with a Bug bridge."""
    board = GAME.rules.board
    for name in ("Volodymyr-Volynskyi", "Poryts'k", "Lokachi", "Ustyluh", "Vygodanka", "Vydranica", "Verba", "Turopyn", "Viinytsya", "Torchyn"):
        assert board.place_named(name) is not None, name
    for name in ("Ustyluh", "Vygodanka"):
        place = board.place_named(name)
        assert any({"bug", "bridge"} <= board.side(place.hex, n) for n in board.neighbours(place.hex)), name


def test_scenario_one_vp_hexes_are_the_rulebook_list():
    """11.1: 2708 and 3201 are worth 2 VP, nine more hexes 1 VP."""
    hexes = GAME.vp_hexes("scenario1")
    assert {h for h, v in hexes.items() if v == 2} == {"2708", "3201"}
    assert len(hexes) == 11
