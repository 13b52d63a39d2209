"""Map overrides and counter values per campaign (issue 14): read by the rules, drawn, exported, rewound."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.games.caucasus import combat
from engine.games.caucasus.battle import attack_plan
from engine.games.caucasus.parsing import parse
from engine.games.caucasus.terrain import dtb
from engine.kernel import Match
from engine.mapoverlay import effective
from tests.engine.games.caucasus.position import empty_board, plain_hexes, referee, unit_of


@pytest.fixture
def next_to():
    """A German infantry division in open country, next to an empty open hex; a Soviet rifle division two hexes off."""
    m = empty_board(seed="mapover")
    rules = m.game.rules
    start = plain_hexes(m)[0]
    dest = rules.board.neighbours(start)[0]
    inf = unit_of(m, "axis", "INF")
    referee(m, f"place {inf} {start}")
    return m, inf, start, dest


def attack_odds(m: Match, line: str) -> combat.Odds:
    with m.on_map():
        rules = m.game.rules
        return combat.evaluate(rules, m.state, "axis", attack_plan(parse(rules, line)))


def test_a_hex_made_alpine_refuses_the_move_citing_7_8(next_to):
    """After 'map terrain HEX alpine', entering the hex is refused under 7.8 (no unit may enter an Alpine hex)."""
    m, inf, start, dest = next_to
    referee(m, f"map terrain {dest} alpine")
    with pytest.raises(IllegalOrder) as info:
        m.submit("axis", f"move {inf} {dest}")
    assert info.value.rule == "7.8"


def test_the_same_move_is_legal_on_the_shipped_map(next_to):
    """Without the override the move is accepted: the overlay, not the map, refused it."""
    m, inf, start, dest = next_to
    m.submit("axis", f"move {inf} {dest}")
    assert m.state["units"][inf]["hex"] == dest


def test_a_hexside_made_a_lake_is_prohibited_citing_the_tec(next_to):
    """'map side A B lake' makes the hexside prohibited to every unit (the Terrain Effects Chart's lake hexside, not 7.8)."""
    m, inf, start, dest = next_to
    for n in m.game.board.neighbours(dest):
        referee(m, f"map side {dest} {n} lake")
    with pytest.raises(IllegalOrder) as info:
        m.submit("axis", f"move {inf} {dest}")
    assert info.value.rule == "TEC"
    assert f"No unit may cross the lake hexside between {start} and {dest}." in str(info.value)


def test_a_hexside_made_alpine_is_prohibited_citing_7_8(next_to):
    """'map side A B alpine' (no pass) is crossed by no unit: a hex ringed by them is refused under 7.8, naming the hexside."""
    m, inf, start, dest = next_to
    for n in m.game.board.neighbours(dest):
        referee(m, f"map side {dest} {n} alpine")
    with pytest.raises(IllegalOrder) as info:
        m.submit("axis", f"move {inf} {dest}")
    assert info.value.rule == "7.8"
    assert f"No unit may cross the alpine hexside between {start} and {dest} (only at a Mountain Pass)." in str(info.value)


def test_a_road_added_is_read_by_strategic_movement_7_5(next_to):
    """Strategic road movement must follow a road (7.5): refused on the shipped map, accepted along a road the referee added."""
    m, inf, start, dest = next_to
    with pytest.raises(IllegalOrder) as info:
        m.submit("axis", f"move {inf} {start} {dest} strat")
    assert info.value.rule == "7.5"
    referee(m, f"map line road {start} {dest} on")
    m.submit("axis", f"move {inf} {start} {dest} strat")
    assert m.state["units"][inf]["hex"] == dest


def test_a_place_made_a_major_city_raises_the_defence_bonus_9_2(next_to):
    """'map place HEX major_city NAME' gives the hex the major city's DTB 5 (9.2)."""
    m, inf, start, dest = next_to
    referee(m, f"map place {dest} major_city New Town")
    with m.on_map():
        assert dtb(m.game.rules, dest, 1) == 5
    assert dtb(m.game.rules, dest, 1) == 0  # outside a campaign's call: the shipped map


def test_a_unit_attack_changed_changes_the_odds(next_to):
    """'counter UNIT attack N' is the attack the CRT reads: the odds change with it."""
    m, inf, start, dest = next_to
    sov = unit_of(m, "soviet", "INF")
    referee(m, "phase axis primary combat")
    referee(m, f"place {sov} {dest}")
    before = attack_odds(m, f"odds {inf} -> {dest}")
    referee(m, f"counter {inf} attack 30")
    after = attack_odds(m, f"odds {inf} -> {dest}")
    assert after.attack == 30 and after.attack != before.attack
    assert after.index != before.index


def test_a_changed_counter_is_marked_and_listed_in_the_status(next_to):
    """The counter shows its new values with a VAL marker, and the status panel lists it."""
    m, inf, start, dest = next_to
    referee(m, f"counter {inf} attack 9 move 5")
    unit = next(u for u in m.view("public")["units"] if u["id"] == inf)
    assert "VAL" in unit["markers"] and unit["values"].startswith("9") and unit["values"].endswith("-5")
    assert any(k == "counter values changed" for k, _ in m.observe("public").map.panel)


def test_the_picture_draws_the_overridden_terrain(next_to):
    """The observation carries the overlay, and the board drawn from it has the new terrain."""
    m, inf, start, dest = next_to
    referee(m, f"map terrain {dest} mountain")
    shown = m.observe("public").map
    assert effective(m.game.board, shown.overlay).terrain[dest] == "mountain"
    assert m.game.board.terrain[dest] != "mountain"


def test_overrides_round_trip_through_a_position_file(next_to):
    """A position with map overrides and counter values loads into another campaign with the same hash."""
    m, inf, start, dest = next_to
    referee(m, f"map terrain {dest} alpine")
    referee(m, f"map side {start} {dest} minor_river")
    referee(m, f"counter {inf} defense 12")
    text = m.export_position()
    assert "map_overrides" in text and "counter_values" in text
    other = empty_board(seed="elsewhere")
    other.load_position(text, "rules question")
    assert other.export_position() == text and other.hash() == m.hash()
    with pytest.raises(IllegalOrder):
        other.submit("axis", f"move {inf} {dest}")


def test_rewind_takes_the_overrides_back(next_to):
    """Rewinding to before the overrides gives the shipped map and the printed values again."""
    m, inf, start, dest = next_to
    seq = m.records[-1].seq
    referee(m, f"map terrain {dest} alpine")
    referee(m, f"counter {inf} attack 1")
    referee(m, f"rewind {seq}")
    assert "map_overrides" not in m.state and "counter_values" not in m.state
    m.submit("axis", f"move {inf} {dest}")
    assert m.state["units"][inf]["hex"] == dest


def test_the_override_is_logged_with_its_reason(next_to):
    """Every map override is announced to everyone with the referee's reason."""
    m, inf, start, dest = next_to
    referee(m, f"map terrain {dest} forest")
    texts = [str(e.text) for e in m.records[-1].entries if e.to == "*"]
    assert any(f"map terrain {dest} forest" in x and "test position" in x for x in texts)


@pytest.mark.parametrize(
    "line",
    ["map terrain 9999 open", "map terrain {dest} lava", "map side {start} {start} lake", "map line canal {start} {dest} on",
     "map wibble", "counter nobody attack 3", "counter {inf} charisma 3", "counter {inf} attack many"],
)
def test_bad_overrides_are_refused_saying_what_is_accepted(next_to, line):
    """A bad map or counter override is refused and changes nothing."""
    m, inf, start, dest = next_to
    before = m.hash()
    with pytest.raises(InvalidOrder):
        referee(m, line.format(dest=dest, start=start, inf=inf))
    assert m.hash() == before
