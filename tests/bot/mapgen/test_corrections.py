"""The hand-corrections layer."""

import pytest

from bot.mapgen.corrections import (
    CorrectionError,
    apply_other_edits,
    apply_terrain_edits,
    parse_corrections,
)
from bot.mapgen.model import Line, MapModel, PlaceOut
from engine.hexgrid import Grid

GRID = Grid(cols=6, rows=6, first_col=1, first_row=1, shifted="even", order="rowcol")
CODES = {".": "open", "f": "forest", "~": "sea"}


def model():
    m = MapModel(grid=GRID, terrain={label: "open" for label in GRID.labels()})
    m.places["0202"] = PlaceOut("Town", "town")
    m.lines.append(Line("road", (), ["0101", "0201", "0301", "0401"]))
    m.add_side("0303", "0403", "minor_river")
    return m


TEXT = """# PROVISIONAL: test
terrain 0101 forest     # a code or a name
terrain 0102 ~
side+ 0303 0403 sea     # add
side+ 0505 0605 major_river
side- 0303 0403 minor_river
line+ rail:supply_only 0101 0102 0103
line- road 0201 0301
place 0303 Town
zone+ army1 0101 0102
zone- army1 0102
"""


def test_parse_keeps_order_and_line_numbers():
    edits = parse_corrections(TEXT)
    assert [e.verb for e in edits] == ["terrain", "terrain", "side+", "side+", "side-", "line+", "line-", "place", "zone+", "zone-"]
    assert edits[0].line_no == 2 and edits[0].args == ("0101", "forest")


def test_apply_every_kind_of_edit():
    m = model()
    edits = parse_corrections(TEXT)
    apply_terrain_edits(m, edits, CODES)
    apply_other_edits(m, edits)
    assert m.terrain["0101"] == "forest" and m.terrain["0102"] == "sea"
    assert m.sides[("0303", "0403")] == {"sea"}
    assert m.sides[("0505", "0605")] == {"major_river"}
    roads = [ln.hexes for ln in m.lines if ln.kind == "road"]
    assert roads == [["0101", "0201"], ["0301", "0401"]]
    rails = [ln for ln in m.lines if ln.kind == "rail"]
    assert rails[0].flags == ("supply_only",) and rails[0].hexes == ["0101", "0102", "0103"]
    assert "0202" not in m.places and m.places["0303"].name == "Town"
    assert m.zones["army1"] == {"0101"}


def test_removing_every_feature_deletes_the_side():
    m = model()
    apply_other_edits(m, parse_corrections("side- 0303 0403"))
    assert ("0303", "0403") not in m.sides


@pytest.mark.parametrize(
    "text",
    [
        "paint 0101 red",
        "terrain 9999 open",
        "side+ 0101 0505 sea",
        "line+ road 0101 0505",
        "place 0101 Nowhere",
        "terrain 0101",
    ],
)
def test_bad_edits_are_refused(text):
    m = model()
    with pytest.raises(CorrectionError):
        edits = parse_corrections(text)
        apply_terrain_edits(m, edits, CODES)
        apply_other_edits(m, edits)


def test_unknown_terrain_is_refused():
    with pytest.raises(CorrectionError):
        apply_terrain_edits(model(), parse_corrections("terrain 0101 lava"), CODES)
