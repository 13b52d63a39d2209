"""'Placed this turn' in the referee's history of the round (issue 14): read from the log, so the
state (and the hash of every existing campaign) is unchanged; the referee's own mark is a unit
key that exists only while it is on."""

from __future__ import annotations

import re

from engine.game import LogEntry
from engine.games.caucasus.history import placed_this_turn
from engine.text import t
from tests.engine.games.acceptance import Table

PLACED = re.compile(r"\bplaced\b")


async def soviet_draws_placed(tmp_path) -> Table:
    """Bad weather ends the Axis player turn at once; the Soviet places his random draws ('done')."""
    table = await Table.open(tmp_path, "caucasus")
    await table.referee("clear", "weather bad", "phase axis primary combat")
    assert (await table.order("axis", "done")).ok
    assert (await table.order("soviet", "done")).ok
    return table


async def test_a_reinforcement_placed_this_turn_is_shown_as_placed(tmp_path):
    """A random reinforcement placed in the Initial Phase is 'placed' in 'show history'."""
    table = await soviet_draws_placed(tmp_path)
    shown = await table.show("history.units.s320rd")
    await table.close()
    assert PLACED.search(shown), shown


async def test_placing_a_unit_adds_nothing_to_the_state(tmp_path):
    """The placement leaves no 'placed' key in the unit's record: the state hash is the old one."""
    table = await soviet_draws_placed(tmp_path)
    unit = await table.show("units.s320rd")
    await table.close()
    assert "hex: null" not in unit and not PLACED.search(unit)


def test_placements_count_from_the_start_of_the_turn():
    """A unit placed before the last 'Turn N begins.' line is not placed this turn."""
    arrive = "{unit} ({name}) arrives in {hex}."
    entries = [
        LogEntry(t(arrive, unit="s320rd", name="320th Rifle Division", hex="1356")),
        LogEntry(t("Turn {turn} begins.", turn=3)),
        LogEntry(t(arrive, unit="s396rd", name="396th Rifle Division", hex="1828")),
    ]
    assert placed_this_turn(entries) == ["s396rd"]


async def test_the_referee_marks_a_unit_placed_and_unmarks_it(tmp_path):
    """'history UNIT placed on' shows it placed; 'off' removes the key from the unit entirely."""
    table = await Table.open(tmp_path, "caucasus")
    await table.referee("clear", "phase axis primary movement", "place 13pz 1841", "history 13pz placed on")
    marked = await table.show("history.units.13pz")
    await table.referee("history 13pz placed off")
    unit = await table.show("units.13pz")
    after = await table.show("history")
    await table.close()
    assert PLACED.search(marked)
    assert not PLACED.search(unit) and "13pz" not in after
