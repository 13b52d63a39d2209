"""Styles are data: every Caucasus nationality and unit type has a colour and a known symbol."""

import csv
from pathlib import Path

import pytest

import engine
from render.style import load_style, rgb
from render.symbols import PARTS

UNITS = Path(engine.__file__).resolve().parent / "games" / "caucasus" / "data" / "units.csv"


def _rows():
    lines = [ln for ln in UNITS.read_text(encoding="utf-8").splitlines() if ln and not ln.startswith("#")]
    return list(csv.DictReader(lines))


@pytest.mark.skipif(not UNITS.is_file(), reason="no Caucasus units.csv")
def test_every_caucasus_nationality_and_type_is_styled():
    """units.csv uses only nationalities with colours and types with symbols."""
    style = load_style("caucasus")
    for row in _rows():
        assert row["nationality"] in style.tables["nationalities"], row["nationality"]
        assert row["type"] in style.tables["types"], row["type"]


def test_every_symbol_part_can_be_drawn():
    """Each part named in a style file has a painter."""
    for game in ("default", "caucasus"):
        for parts in load_style(game).tables["types"].values():
            assert set(parts) <= set(PARTS), parts


def test_colours_parse_and_games_without_a_file_get_the_default():
    """Every colour is #rrggbb, and an unknown game falls back to the default style."""
    style = load_style("caucasus")
    for table in ("nationalities", "sides", "markers"):
        for spec in style.tables[table].values():
            rgb(spec["fill"])
            rgb(spec["text"])
    assert load_style("no-such-game").side("red").fill == load_style("default").side("red").fill
    assert style.unit_paint("axis", "ss").fill != style.unit_paint("axis", "wehrmacht").fill


def test_combat_commander_markers_have_their_own_colours():
    """Smoke (whatever its value), Blaze and each fortification are painted apart from the default tag (T79, T94, F100)."""
    style = load_style("combat_commander")
    default = style.marker("no such marker")
    for text in ("Smoke 4", "Smoke 10", "Blaze", "Foxholes", "Trenches", "Bunker", "Pillbox", "Wire", "Mines"):
        assert style.marker(text) != default, text
    assert style.marker("Smoke 4") == style.marker("Smoke 9")
