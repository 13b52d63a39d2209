"""The provisional data files: three 72-card Fate decks, the terrain chart, the map, the scenario."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.datafiles import read_text, read_texts
from engine.games.combat_commander import events, objectives, support
from engine.games.combat_commander.data import PACKAGE, load, parse_deck, roll_distribution
from tests.engine.games.combat_commander.helpers import GAME

DATA = load()
TWO_DICE = {s: 2 * (6 - abs(s - 7)) for s in range(2, 13)}


def test_the_data_has_no_problems() -> None:
    """The validator finds nothing wrong in the shipped provisional files."""
    assert GAME.validate() == []


@pytest.mark.parametrize("nation", ["germany", "america", "russia"])
def test_each_deck_has_72_cards(nation: str) -> None:
    """A Fate deck is 72 cards (1)."""
    assert len(DATA.decks[nation]) == 72


@pytest.mark.parametrize("nation", ["germany", "america", "russia"])
def test_rolls_are_distributed_like_two_dice(nation: str) -> None:
    """Each white/red pair appears twice, so the roll totals follow two dice (provisional choice)."""
    assert roll_distribution(DATA.decks[nation]) == TWO_DICE
    assert set(Counter((c.white, c.red) for c in DATA.decks[nation]).values()) == {2}


@pytest.mark.parametrize("nation", ["germany", "america", "russia"])
def test_trigger_counts(nation: str) -> None:
    """Event! 12, Time! 6, Sniper! 6, Jam! 4 per deck (the stated provisional choice)."""
    counts = Counter(c.trigger for c in DATA.decks[nation])
    assert (counts["event"], counts["time"], counts["sniper"], counts["jam"]) == (12, 6, 6, 4)


def test_fire_cards_carry_the_fire_action() -> None:
    """A Fire card reads "Order/Action: Fire" (A33)."""
    assert all(c.action == "fire" for deck in DATA.decks.values() for c in deck if c.order == "fire")


def test_no_quarter_is_not_in_the_american_deck() -> None:
    """No Quarter is playable only by Germans against Russians or by Russians (A38)."""
    assert not any(c.action == "no_quarter" for c in DATA.decks["america"])


def test_commissar_is_only_in_the_russian_deck() -> None:
    """The Commissar event concerns the Russian player (E50)."""
    assert {n for n, d in DATA.decks.items() if any(c.event == "commissar" for c in d)} == {"russia"}


def test_every_data_file_says_it_is_provisional() -> None:
    """Each provisional file says so on its first line (README, provisional data)."""
    files = [read_text(PACKAGE, f"data/{name}") for name in ("fate.toml", "terrain.toml", "counters.csv", "scenarios.toml")]
    files += list(read_texts(PACKAGE, "data/decks").values())
    files += list(read_texts(PACKAGE, "data/maps/farm").values())
    for text in files:
        assert "PROVISIONAL" in text.splitlines()[0]


def test_a_short_deck_is_reported() -> None:
    """The validator reports a deck that is not 72 cards."""
    text = read_texts(PACKAGE, "data/decks")["germany.csv"]
    short = "\n".join(text.splitlines()[:-1])
    _, problems = parse_deck("germany", short, DATA.fate)
    assert any("71 cards" in p for p in problems)


def test_an_unknown_event_is_reported() -> None:
    """The validator names a card whose event is not in fate.toml."""
    text = read_texts(PACKAGE, "data/decks")["germany.csv"].replace(",blaze,", ",bonfire,", 1)
    _, problems = parse_deck("germany", text, DATA.fate)
    assert any("bonfire" in p for p in problems)


def test_map_has_five_objectives_and_levels() -> None:
    """The provisional map has five objectives (2.3) and a hill two levels high (T88)."""
    board = DATA.maps["farm"]
    assert sorted(p.get("number") or "" for p in board.places.values() if p.kind == "objective") == ["1", "2", "3", "4", "5"]
    assert max(DATA.levels["farm"].values()) == 2


def test_terrain_chart_values() -> None:
    """The chart's cells as T81, T82, T91, T99 give them."""
    woods, building, brush, orchard = (DATA.hexes[n] for n in ("woods", "building", "brush", "orchard"))
    assert (woods.move, woods.cover, woods.obstacle, woods.blind) == (2, 2, True, True)
    assert (building.move, building.cover, building.obstacle) == (2, 3, True)
    assert (brush.move, brush.cover, brush.hindrance) == (2, 1, 3)
    assert (orchard.move, orchard.cover, orchard.hindrance) == (1, 1, 2)
    assert DATA.hexes["water_barrier"].move is None
    assert (DATA.sides["wall"].obstacle, DATA.sides["wall"].cover, DATA.sides["fence"].hindrance) == (True, 2, 1)


def test_counter_values_agree_with_the_rulebook_examples() -> None:
    """German squad Movement 4 / Morale 7, US squad FP 6, Morale 6, broken Morale 8 (O20, O21 examples)."""
    ger, usa = DATA.counters["ger_rifle"], DATA.counters["usa_rifle"]
    assert (ger.good["move"], ger.good["morale"]) == (4, 7)
    assert (usa.good["fp"], usa.good["morale"], usa.broken["morale"]) == (6, 6, 8)


def test_validate_notes_print_each_deck_s_roll_distribution() -> None:
    """'adjutant validate combat_commander' prints the roll totals of each deck (issue 15)."""
    notes = GAME.data_notes()
    decks = [n for n in notes if n.split(":")[0] in ("germany", "america", "russia")]
    assert any(n.startswith("germany: 72 cards; rolls 2:2 3:4 4:6 5:8 6:10 7:12") for n in notes) and len(decks) == 3


def test_validate_notes_list_each_deck_s_triggers() -> None:
    """The validator prints how many cards of each deck carry each trigger (1.9.1)."""
    assert any(n.startswith("russia: 72 cards") and n.endswith("triggers event:12 jam:4 sniper:6 time:6") for n in GAME.data_notes())


def test_validate_notes_list_each_map_and_scenario() -> None:
    """The validator prints each map's levels, objectives and hand-set LOS pairs, and each scenario's sides."""
    notes = GAME.data_notes()
    assert "map hill: Hill 112 (provisional map); levels 0-3; objectives 1, 2, 3, 4, 5; 0 hand-set LOS pair(s)" in notes
    assert any(n.startswith("scenario village on village: axis germany defense vs allies russia attack") for n in notes)


def test_the_support_tables_name_known_counters_and_cover_every_roll() -> None:
    """E59, E68: each nation's Support table takes every roll 2-12 in exactly one column of known counters."""
    assert events.support_problems(DATA) == []
    assert set(support.tables()) == set(DATA.fate["nations"])


def test_the_chit_table_is_checked() -> None:
    """7.3.1.2: 22 chits of known kinds; a short table or an unknown kind is reported."""
    assert objectives.problems() == []
    found = objectives.problems(objectives.parse_chits('[A]\nkind = "bonus"\n'))
    assert any("1 chits" in p for p in found) and any("bonus" in p for p in found)
