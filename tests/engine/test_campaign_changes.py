"""The players' status tells what a referee changed in the campaign (issue 14): map overrides and counter values."""

from __future__ import annotations

from engine import mapoverlay
from engine.campaign_changes import with_changes
from engine.text import t


def test_every_map_change_is_written_as_the_command_that_makes_it():
    """Terrain, hexsides, lines on and off, places made and removed come back as 'map' commands, in a stable order."""
    overlay = {
        "terrain": {"2412": "mountain"},
        "sides": {"2412 2413": ["major_river"], "2510 2511": []},
        "lines": {"road": {"2412 2413": ["supply_only"], "2510 2511": None}},
        "places": {"2412": {"name": "Maykop", "kind": "town", "attrs": {"vp": "1"}}, "3005": None},
    }
    assert mapoverlay.commands(overlay) == [
        "terrain 2412 mountain",
        "side 2412 2413 major_river",
        "side 2510 2511 none",
        "line road 2412 2413 on supply_only",
        "line road 2510 2511 off",
        "place 2412 town Maykop (vp=1)",
        "place 3005 none",
    ]


def test_a_campaign_without_changes_keeps_its_status():
    """Without map overrides or changed counters the status is the game's own."""
    status = t("Turn 1.")
    assert with_changes(status, {"turn": 1}, []) is status


def test_the_status_ends_with_the_map_changes_and_the_counters():
    """The map overrides, then the changed counters, follow the game's status."""
    text = str(with_changes(t("Turn 1."), {"map_overrides": {"terrain": {"0101": "swamp"}}}, ["13th Panzer 9-6-6"]))
    assert text == "Turn 1. Map overrides of this campaign: terrain 0101 swamp. Counter values changed by the referee: 13th Panzer 9-6-6."
