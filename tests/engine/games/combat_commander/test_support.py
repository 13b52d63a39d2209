"""The Support tables with weapons, radios and years (E59, E68, A35.4, 4.3.2, 11.2, 12; provisional
tables, ruling R25) and the reinforcement radios of the Time track (6.1.2 step 5, ruling R62)."""

from __future__ import annotations

import pytest

from engine.games.combat_commander import events, support
from engine.kernel import Match
from tests.engine.games.combat_commander.helpers import DATA, GAME, FakeContext, new_match


def pick(m: Match, role: str, event: str, total: int) -> dict[str, object]:
    return {"kind": "support_pick", "role": role, "rule": "E68", "optional": False, "column": [], "total": total, "event": event}


def test_an_entry_reads_its_weapon_and_years() -> None:
    """An entry is TYPE[+WEAPON] [FIRST-LAST]: the unit enters with its weapon (11.2) in those years (4.3.2)."""
    e = support.parse_entry("ger_rifle+ger_mmg 1940-")
    assert (e.counter, e.weapon, e.first, e.last) == ("ger_rifle", "ger_mmg", 1940, 9999)


def test_reinforcements_may_take_a_radio_into_an_empty_artillery_box() -> None:
    """E68 step 3: a radio of the column may be chosen while the Artillery box is empty (12)."""
    m = new_match()
    m.state["artillery"]["axis"] = None
    assert "ger_radio" in support.options(DATA, m.state, pick(m, "axis", "reinforcements", 3))


def test_no_radio_while_the_artillery_box_holds_one() -> None:
    """12: one radio in play: with a radio in the box, Reinforcements cannot take another."""
    m = new_match()
    assert m.state["artillery"]["axis"] is not None
    assert "ger_radio" not in support.options(DATA, m.state, pick(m, "axis", "reinforcements", 3))


def test_infiltration_never_takes_a_radio() -> None:
    """E59 step 2, A35.4 step 1: a counter that is not a Radio."""
    m = new_match()
    m.state["artillery"]["axis"] = None
    assert "ger_radio" not in support.options(DATA, m.state, pick(m, "axis", "infiltration", 3))
    assert "ger_radio" not in support.options(DATA, m.state, pick(m, "axis", "hidden_units", 3))


def test_only_the_entries_of_the_scenario_s_year() -> None:
    """4.3.2: in 1941 (the village) an entry available from 1942 is not offered; in 1944 (the farm) it is."""
    village = Match.new(GAME, "village", GAME.options, "cc-year")
    assert village.state["year"] == 1941
    assert "ger_assault" not in support.options(DATA, village.state, pick(village, "axis", "infiltration", 9))
    farm = new_match()
    assert "ger_assault" in support.options(DATA, farm.state, pick(farm, "axis", "infiltration", 9))


def test_a_unit_taken_with_its_weapon_carries_it() -> None:
    """11.2, E68 step 3: 'the unit, with its weapon if any': the weapon enters carried by the new unit."""
    m = new_match()
    uid = support.take(DATA, m.state, pick(m, "axis", "reinforcements", 8), "ger_rifle+ger_mmg", FakeContext())
    assert uid is not None and m.state["units"][uid]["type"] == "ger_rifle"
    assert [w for w, v in m.state["weapons"].items() if v["unit"] == uid and v["type"] == "ger_mmg"]


def test_a_radio_taken_goes_into_the_artillery_box() -> None:
    """E68 step 3: a radio goes into the (empty) Artillery box, no unit enters."""
    m = new_match()
    m.state["artillery"]["axis"] = None
    assert support.take(DATA, m.state, pick(m, "axis", "reinforcements", 3), "ger_radio", FakeContext()) is None
    assert m.state["artillery"]["axis"]["type"] == "ger_radio"


def test_a_reinforcement_radio_enters_the_empty_artillery_box() -> None:
    """6.1.2 step 5: on its Time space a reinforcement radio goes into its owner's empty Artillery box."""
    m = Match.new(GAME, "hill", GAME.options, "cc-radio")
    m.state["time"] = 4
    events.reinforce(DATA, m.state, FakeContext())
    assert m.state["artillery"]["allies"]["id"] == "a-r1"


def test_a_reinforcement_radio_waits_while_the_box_is_taken() -> None:
    """12, R62: with a radio already in play the reinforcement radio waits for the next Time space."""
    m = Match.new(GAME, "hill", GAME.options, "cc-radio")
    m.state["artillery"]["allies"] = {"id": "a-r9", "type": "usa_radio", "broken": False}
    m.state["time"] = 4
    events.reinforce(DATA, m.state, FakeContext())
    assert m.state["artillery"]["allies"]["id"] == "a-r9"
    assert any(r["id"] == "a-r1" and r["time"] == 5 for r in m.state["reinforcements"])


@pytest.mark.parametrize("entry", ["ger_rifle+ger_radio", "ger_nobody", "ger_rifle 1945-1940"])
def test_the_validator_reports_a_bad_entry(entry: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """adjutant validate: a weapon that is no weapon, an unknown counter, years the wrong way round."""
    table = {"germany": [(2, 12, (support.parse_entry(entry),))]}
    monkeypatch.setattr(support, "tables", lambda: table)
    assert support.problems(DATA)
