"""Map overrides and counter values per campaign (issue 14): read by the rules, shown, exported, rewound."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder, InvalidOrder
from engine.games.stalins_war import fire, terrain
from engine.games.stalins_war.fire import Battlefield
from engine.kernel import Match
from tests.engine.games.stalins_war.flow_helpers import GAME, RULES, at_ar, new_match, ref

UNIT = "ge-43c"
ENEMY = "su-28r"


def plain(label: str) -> bool:
    board = RULES.board
    return board.terrain.get(label) == "clear" and label not in board.places and not terrain.impassable(RULES, label)


def open_country() -> tuple[str, str]:
    """A clear hex whose six neighbours are clear, with no hexside feature, and one of its neighbours."""
    board = RULES.board
    found = [
        h for h in sorted(board.grid.labels())
        if plain(h) and len(board.neighbours(h)) == 6 and all(plain(n) and not board.side(h, n) for n in board.neighbours(h))
    ]
    start = found[len(found) // 2]
    return start, board.neighbours(start)[0]


START, DEST = open_country()


@pytest.fixture
def moving() -> Match:
    """Summer 1943, Axis AR2: a German corps in open country, OPS played, in the move step."""
    m = new_match("mapover")
    ref(m, "clear")
    at_ar(m, 10, "axis", 2, hand=("AX16",))
    ref(m, f"place {UNIT} {START}")
    m.submit("axis", "play 16 ops")
    return m


def attack_fire(m: Match) -> fire.Fire:
    with m.on_map():
        rules = GAME.rules
        field = Battlefield("axis", DEST, (UNIT,), (ENEMY,), (START,))
        return fire.evaluate(rules, m.state, field)[0]


def test_a_hex_made_a_lake_refuses_the_move_citing_10_1(moving):
    """After 'map terrain HEX lake' the hex cannot be entered (10.1)."""
    ref(moving, f"map terrain {DEST} lake")
    with pytest.raises(IllegalOrder) as info:
        moving.submit("axis", f"move {UNIT} {DEST}")
    assert info.value.rule == "10.1"


def test_the_same_move_is_legal_on_the_shipped_map(moving):
    """Without the override the move is accepted: the overlay, not the map, refused it."""
    moving.submit("axis", f"move {UNIT} {DEST}")
    assert moving.state["units"][UNIT]["hex"] == DEST


def test_a_hex_made_a_mountain_shifts_the_attack_terrain_effects_chart(moving):
    """A defender in a hex the referee made mountain gets the chart's terrain shift against the attack."""
    ref(moving, f"place {ENEMY} {DEST}")
    before = attack_fire(moving)
    ref(moving, f"map terrain {DEST} mountain")
    after = attack_fire(moving)
    assert after.net < before.net
    assert any("Mountain" in str(s.reason) for s in after.shifts)


def test_a_unit_attack_changed_changes_the_fire_column(moving):
    """'counter UNIT attack N' is the strength the fire table reads (11.2.1)."""
    ref(moving, f"place {ENEMY} {DEST}")
    before = attack_fire(moving)
    ref(moving, f"counter {UNIT} attack 14")
    after = attack_fire(moving)
    assert after.strength == 14 != before.strength
    assert after.column_label(RULES) != before.column_label(RULES)


def test_a_changed_counter_is_marked_and_listed_in_the_status(moving):
    """The counter shows its new values with a VAL marker, and the status panel lists it."""
    ref(moving, f"counter {UNIT} attack 9 defence 9")
    unit = next(u for u in moving.view("public")["units"] if u["id"] == UNIT)
    assert "VAL" in unit["markers"] and unit["values"].startswith("9-")
    assert any(k == "counter values changed" for k, _ in moving.observe("public").map.panel)


def test_an_inactive_partisan_s_changed_values_stay_secret(moving):
    """16.1.3: the public log and the status never show an inactive Partisan's values, even changed."""
    ref(moving, f"place su-partisan-7 {DEST}")
    rec = ref(moving, "counter su-partisan-7 attack 7")
    public = " ".join(str(e.text) for e in rec.entries if e.to == "*")
    assert "su-partisan-7" not in public and "attack 7" not in public
    assert "su-partisan-7" not in str(moving.view("axis")) and "Partisan" not in str(moving.observe("axis").map.panel)


def test_overrides_round_trip_through_a_position_file(moving):
    """A position with map overrides and counter values loads into another campaign with the same hash."""
    ref(moving, f"map terrain {DEST} lake")
    ref(moving, f"map side {START} {moving.game.board.neighbours(START)[1]} river")
    ref(moving, f"counter {UNIT} move 2")
    text = moving.export_position()
    other = new_match("elsewhere")
    other.load_position(text, "rules question")
    assert other.export_position() == text and other.hash() == moving.hash()
    with pytest.raises(IllegalOrder):
        other.submit("axis", f"move {UNIT} {DEST}")


def test_rewind_takes_the_overrides_back(moving):
    """Rewinding to before the overrides gives the shipped map and the printed values again."""
    seq = moving.records[-1].seq
    ref(moving, f"map terrain {DEST} lake")
    ref(moving, f"counter {UNIT} attack 1")
    ref(moving, f"rewind {seq}")
    assert "map_overrides" not in moving.state and "counter_values" not in moving.state
    moving.submit("axis", f"move {UNIT} {DEST}")
    assert moving.state["units"][UNIT]["hex"] == DEST


@pytest.mark.parametrize(
    "line",
    ["map terrain {dest} lava", "map side {dest} {dest} river", "map line road {start} {dest} on", "map attr {dest} vp 2",
     "counter {unit} attack -1", "counter {unit} tq E", "counter {unit} rebuildable maybe"],
)
def test_bad_overrides_are_refused_saying_what_is_accepted(moving, line):
    """A bad map or counter override is refused and changes nothing."""
    before = moving.hash()
    with pytest.raises(InvalidOrder):
        ref(moving, line.format(dest=DEST, start=START, unit=UNIT))
    assert moving.hash() == before
