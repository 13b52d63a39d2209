"""tables.toml against the Italian rulebook, cell by cell.

The expected values below were transcribed by hand from the rulebook itself (*La Guerra di Stalin*,
Italian translation; the project copy is /work/shared/seeds/001_6e097d0bdc8e2171.txt, which CI does
not have, so nothing here reads it). Where each table is in the rulebook:

* "TABELLA DI FUOCO DELLE LCU" and "TABELLA DI FUOCO DELLE SCU": end-of-book charts, right after the
  example of play ("Tiro di dado" rows 1-6; "Nota: * influenza solo le SCU" under each).
* "TABELLA DEGLI EFFETTI DEL TERRENO": the next chart (columns "Terreno / Costo in MP / Effetti sul
  combattimento / Note", then the key: 1S, a, b, c, CR, HE, NB, AT, P).
* "COSTO IN PUNTI RIMPIAZZO (14.0)" and "DIMENSIONE DELLA MANO – ESAGONI DI PETROLIO (17.0)": the two
  charts after it; the same numbers are in rules 14.1.3 and 17.1.4-17.1.7 (oil hexes: 17.1.2).
* "CONTROLLO PER LA VITTORIA NEL GIOCO CAMPAGNA (5.0)": the last chart before the card lists, = rules
  5.1.2-5.1.4; VP start 4.1.2; tournament 5.1.5 and 22.0; optional 23.1.1.
* Calendar: 4.1.1 ("Giugno 1941"), 4.4.1 (turn 1 = one AR per side), 4.4.7 ("turni 1 (giugno 1941) e
  2 (Estate 1941)"), 5.1.2 (turn 4 = "Inverno 1942", turn 8 = "Inverno 1943"), 5.1.4 (turn 18 =
  "Estate 1945"), the example of play ("Turno 3 – Autunno 1941"), 15.1.1 (Rasputitsa: "nel primo round
  di tutti i turni di Autunno ed i primi due round dei turni di Primavera"), 15.1.2 (Winter 1942),
  20.1.1 + 24.0 (Mobile Defence "sino alla primavera del 1943 inclusa" = turns 1-9), 7.4.3 (Spring 1942
  and 1943). The labels of the other turns follow the season cycle (derived, as in the digest 1.1).
* Hand sizes 4.1.2, 7.1.3, 7.6.1; the other constants: the rule cited on each line.

No discrepancy between the rulebook and tables.toml was found when this file was written. If one is
found later, the test must expect the RULEBOOK value and carry a "# DISCREPANCY:" comment.
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any

import pytest

TABLES = Path(__file__).resolve().parents[4] / "engine" / "games" / "stalins_war" / "data" / "tables.toml"
T: dict[str, Any] = tomllib.loads(TABLES.read_text(encoding="utf-8"))

# ----------------------------------------------------------------------------- TABELLA DI FUOCO DELLE LCU
# fmt: off
LCU_COLUMNS = ["1", "2", "3", "4", "5", "6-7", "8-9", "10-11", "12-14", "15+"]
LCU = {
    1: ["-",  "-",  "-",  "1*", "1*", "1",  "1",  "1",  "1",  "2"],
    2: ["-",  "-",  "1*", "1*", "1",  "1",  "1",  "1",  "2",  "2"],
    3: ["-",  "1*", "1*", "1",  "1",  "1",  "1",  "2",  "2",  "2"],
    4: ["1*", "1*", "1",  "1",  "1",  "1",  "2",  "2",  "2",  "3"],
    5: ["1*", "1",  "1",  "1",  "1",  "2",  "2",  "2",  "3",  "3"],
    6: ["1",  "1",  "1",  "1",  "2",  "2",  "2",  "3",  "3",  "3"],
}
# ----------------------------------------------------------------------------- TABELLA DI FUOCO DELLE SCU
SCU_COLUMNS = ["1", "2", "3", "4", "5", "6-7", "8-9", "10-11", "12+"]
SCU = {
    1: ["-",  "-",  "-",  "-",  "1*", "1*", "1",  "1",  "1"],
    2: ["-",  "-",  "-",  "1*", "1*", "1*", "1",  "1",  "1"],
    3: ["-",  "-",  "1*", "1*", "1*", "1",  "1",  "1",  "2"],
    4: ["-",  "-",  "1*", "1*", "1*", "1",  "1",  "2",  "2"],
    5: ["-",  "1*", "1*", "1*", "1",  "1",  "1",  "2",  "2"],
    6: ["1*", "1*", "1*", "1",  "1",  "1",  "2",  "2",  "3"],
}
# ------------------------------------------------------------------- TABELLA DEGLI EFFETTI DEL TERRENO
# As printed: Terreno, Costo in MP, Effetti sul combattimento, Note ("-" = nothing). Footnote letters
# (a, b, c) stand where the chart prints them.
TERRAIN_CHART = [
    ("Aperto",            "1",     "-",    "-"),
    ("Foresta",           "1",     "-",    "CR, HE, NB"),
    ("Sconnesso",         "2",     "1S",   "CR, HE, NB"),
    ("Palude",            "2",     "1S",   "CR, HE, NB"),
    ("Montagna",          "3/1 b", "1S",   "CR, HE, NB"),
    ("Deserto",           "2",     "-",    "HE"),
    ("Cittadina",         "AT",    "1S",   "-"),
    ("Città",             "1",     "1S",   "NB"),
    ("Città Fortezza c",  "AT",    "1S",   "CR, NB"),
    ("Fiume",             "AT",    "1S a", "-"),
    ("Fiume Maggiore",    "+1",    "1S a", "NB a"),
    ("Stretto di Kerch",  "+2",    "1S",   "HE, NB a"),
    ("Trincea",           "AT",    "1S",   "CR"),
    ("Lago, Costa",       "P",     "-",    "-"),
    ("Petrolio",          "AT",    "-",    "-"),
]
# fmt: on
TERRAIN_KEYS = {
    "Aperto": "clear", "Foresta": "forest", "Sconnesso": "rough", "Palude": "swamp", "Montagna": "mountain",
    "Deserto": "desert", "Cittadina": "town", "Città": "city", "Città Fortezza": "fortress_city", "Fiume": "river",
    "Fiume Maggiore": "major_river", "Stretto di Kerch": "kerch_strait", "Trincea": "entrenchment",
    "Lago, Costa": "lake_coast", "Petrolio": "oil",
}
HEXSIDE_TERRAIN = {"river", "major_river", "kerch_strait", "lake_coast"}


def _printed(row: tuple[str, str, str, str]) -> tuple[str, str, str, set[str]]:
    """A printed chart row as (name, mp, combat, notes) in the tables.toml convention: a footnote letter
    printed after the name, the MP or the combat effect becomes a note; "NB a" is written "NB (a)"."""
    name, mp, combat, notes = row
    found: set[str] = set()
    if name.endswith(" c"):
        name = name[:-2]
        found.add("c")
    if mp.endswith(" b"):
        mp = mp[:-2]
        found.add("b")
    if combat.endswith(" a"):
        combat = combat[:-2]
        found.add("a")
    if notes != "-":
        found |= {"NB (a)" if n == "NB a" else n for n in notes.split(", ")}
    return name, mp, combat, found


def _terrain(key: str) -> dict[str, Any]:
    rows = [r for r in T["terrain"] if r["key"] == key]
    assert len(rows) == 1, key
    row: dict[str, Any] = rows[0]
    return row


# --------------------------------------------------------------------------------------- fire tables
@pytest.mark.parametrize(("name", "columns", "rows"), [("lcu", LCU_COLUMNS, LCU), ("scu", SCU_COLUMNS, SCU)])
def test_fire_table_cells(name: str, columns: list[str], rows: dict[int, list[str]]) -> None:
    """End-of-book fire tables (11.2.1(4)-(5)): every column heading and every cell, rolls 1-6."""
    table = T["fire"][name]
    assert table["columns"] == columns
    assert sorted(table["rows"]) == [str(r) for r in range(1, 7)]
    for roll, cells in rows.items():
        assert len(cells) == len(columns)
        for col, expected in zip(columns, cells, strict=True):
            got = table["rows"][str(roll)][columns.index(col)]
            assert got == expected, f"{name.upper()} table, roll {roll}, column {col}: {got!r} != rulebook {expected!r}"


@pytest.mark.parametrize(("name", "columns"), [("lcu", LCU_COLUMNS), ("scu", SCU_COLUMNS)])
def test_fire_column_minimums_follow_the_headings(name: str, columns: list[str]) -> None:
    """The lowest strength of each column is the printed heading's first number ("6-7" -> 6, "15+" -> 15)."""
    expected = [int(c.split("-")[0].rstrip("+")) for c in columns]
    assert T["fire"][name]["column_min"] == expected


def test_fire_table_note_and_lcu_rule() -> None:
    """"Nota: * influenza solo le SCU"; 3 or more Panzer SCUs fire on the LCU table (11.2.1(4))."""
    assert "SCU" in T["fire"]["results_note"]
    assert T["fire"]["panzer_group_lcu_table_min"] == 3


def test_fire_shifts() -> None:
    """Column shifts named by the rules: OOS 1 left (13.3.5), Mobile Defence 1/1 in non-winter turns 1-9
    (20.1.1, 24.0), Winter 1942 Axis 1 left / Soviet Shock attacks 1 right (15.1.2), Paulus Line 1 left
    for the Axis attacking in turns 1-4 (11.2.1(4))."""
    shifts = T["fire"]["shifts"]
    assert shifts["out_of_supply"] == -1
    assert shifts["mobile_defence_soviet"] == -1
    assert shifts["mobile_defence_german"] == 1
    assert shifts["mobile_defence_turns"] == [1, 2, 3, 5, 6, 7, 9]
    assert shifts["winter_1942_axis"] == -1
    assert shifts["winter_1942_soviet_shock_attack"] == 1
    assert shifts["paulus_axis_attack"] == -1
    assert shifts["paulus_turns"] == [1, 2, 3, 4]


# ------------------------------------------------------------------------------ Terrain Effects Chart
def test_terrain_chart_has_every_printed_row() -> None:
    assert [r["key"] for r in T["terrain"]] == [TERRAIN_KEYS[_printed(row)[0]] for row in TERRAIN_CHART]


@pytest.mark.parametrize("row", TERRAIN_CHART, ids=[r[0] for r in TERRAIN_CHART])
def test_terrain_chart_row(row: tuple[str, str, str, str]) -> None:
    """Printed MP cost, combat effect and notes of each chart row."""
    name, mp, combat, notes = _printed(row)
    data = _terrain(TERRAIN_KEYS[name])
    assert data["name_it"] == name
    assert data["mp"] == mp
    assert data["combat"] == combat
    assert set(data["notes"]) == notes


@pytest.mark.parametrize("row", TERRAIN_CHART, ids=[r[0] for r in TERRAIN_CHART])
def test_terrain_chart_derived_fields(row: tuple[str, str, str, str]) -> None:
    """The machine fields restate the printed ones: 1S -> shift -1; CR -> no_retreat; HE ->
    halts_exploitation; NB -> no_blitz; a -> only if all attackers cross; "n" -> mp_cost; "+n" ->
    mp_added; "3/1 b" -> 3, 1 for mountain units; P -> prohibited; c -> fortress supply."""
    name, mp, combat, notes = _printed(row)
    key = TERRAIN_KEYS[name]
    data = _terrain(key)
    assert data.get("shift", 0) == (-1 if combat == "1S" else 0)
    # Rough: the chart prints CR although 11.4.3 omits Rough (ruling 4, option rough_no_retreat); the chart is followed.
    assert bool(data.get("no_retreat", False)) == ("CR" in notes)
    assert bool(data.get("halts_exploitation", False)) == ("HE" in notes)
    assert bool(data.get("no_blitz", False)) == bool(notes & {"NB", "NB (a)"})
    assert bool(data.get("shift_only_if_all_attackers_cross", False)) == ("a" in notes)
    assert bool(data.get("prohibited", False)) == (mp == "P")
    assert bool(data.get("fortress_supply", False)) == ("c" in notes)
    assert bool(data.get("hexside", False)) == (key in HEXSIDE_TERRAIN)
    if mp.isdigit():
        assert data["mp_cost"] == int(mp)
    elif mp.startswith("+"):
        assert data["mp_added"] == int(mp[1:])
    elif mp == "3/1":
        assert (data["mp_cost"], data["mp_cost_mountain_units"]) == (3, 1)  # "b = Unità da montagna 1, le altre 3"
    else:
        assert mp in ("AT", "P") and "mp_cost" not in data


def test_terrain_rules() -> None:
    """10.1.1 clear hex 1 MP whatever settlement; 10.1.2 highest cost; 10.1.4 one-hex move; EX shifts cumulative."""
    rules = T["terrain_rules"]
    assert rules["clear_with_settlement_mp"] == 1
    assert rules["mixed_hex_pays_highest"] is True
    assert rules["one_hex_minimum_move"] is True
    assert rules["shifts_cumulative"] is True


# ------------------------------------------------------------------------------------ RP cost (14.0)
def test_rp_cost_chart() -> None:
    """"Ogni livello di forza di SCU = ½ RP", "Ogni livello di forza di LCU = 1 RP" (14.1.3)."""
    assert T["replacements"]["scu_level_cost"] == 0.5
    assert T["replacements"]["lcu_level_cost"] == 1


# --------------------------------------------------------------------------- hand size and oil (17.0)
def test_oil_hand_size_chart() -> None:
    """ASSE: 0 -> -1, 1-2 -> normal, 3-4 -> +1. SOVIETICO: 0 -> -2, 1 -> -1, 2-4 -> normal (17.1.4-7)."""
    axis = {0: -1, 1: 0, 2: 0, 3: 1, 4: 1}
    soviet = {0: -2, 1: -1, 2: 0, 3: 0, 4: 0}
    assert {int(k): v for k, v in T["oil"]["axis_hand_modifier"].items()} == axis
    assert {int(k): v for k, v in T["oil"]["soviet_hand_modifier"].items()} == soviet


def test_oil_hexes() -> None:
    """17.1.2: "Vi sono 4 esagoni di risorsa Petrolio: 1428, 2433, 2835, 3138"; 17.1.3 supply trace; 5.1.2 two End of Turn phases."""
    assert T["oil"]["hexes"] == ["1428", "2433", "2835", "3138"]
    assert T["oil"]["control_needs_supply_trace"] is True
    assert T["oil"]["axis_all_oil_consecutive_end_turns_win"] == 2


def test_hand_sizes() -> None:
    """4.1.2 both Hand-Limit markers on 6; 7.6.1 max 7, min 4, no Axis minimum in turns 16-18; 4.3 six cards
    each, Soviet cards 1-6 set aside; 7.1.3 automatic Soviet cards; 6.0D the Soviet discards first."""
    hand = T["hand"]
    assert (hand["start"], hand["max"], hand["min"], hand["initial_deal"]) == (6, 7, 4, 6)
    assert hand["axis_no_min_turns"] == [16, 17, 18]
    assert hand["soviet_setaside"] == [1, 2, 3, 4, 5, 6]
    assert {int(k): v for k, v in hand["soviet_auto_cards"].items()} == {1: [1, 2], 3: [3], 4: [4], 5: [5], 6: [6]}
    assert hand["draw_order"] == ["soviet", "axis"]


def test_hand_size_events() -> None:
    """SU8: -1 for the next 4 draw phases, normal for 4 more, +1 from the 9th; -2 VP; 3926 and 4125 become
    VP spaces. SU55: Axis hand -2 in the next draw phase."""
    ie = T["hand"]["industrial_evacuation"]
    assert ie["draw_phases_minus_one"] == [1, 2, 3, 4]
    assert ie["draw_phases_normal"] == [5, 6, 7, 8]
    assert ie["plus_one_from_draw_phase"] == 9
    assert ie["vp"] == -2
    assert ie["new_vp_hexes"] == ["3926", "4125"]
    assert T["hand"]["allied_bomber_offensive"]["axis_next_draw_phase"] == -2


# --------------------------------------------------------------------------------------- calendar
SEASONS = ["summer", "autumn", "winter", "spring"]  # from turn 2 on


def _season(turn: int) -> str:
    return "june" if turn == 1 else SEASONS[(turn - 2) % 4]


def _year(turn: int) -> int:
    # turns 1-3 are 1941; each Winter turn opens the next year (turn 4 = Winter 1942, turn 8 = Winter 1943).
    return 1941 + (turn - 4) // 4 + 1 if turn >= 4 else 1941


# Anchors printed in the rulebook: (turn, season, year)
CALENDAR_ANCHORS = [
    (1, "june", 1941),  # 4.1.1 "Giugno 1941"
    (2, "summer", 1941),  # 4.4.7 "2 (Estate 1941)"
    (3, "autumn", 1941),  # example of play "Turno 3 – Autunno 1941"
    (4, "winter", 1942),  # 5.1.2 "turno 4 (Inverno 1942)"
    (5, "spring", 1942),  # 7.4.3 "primavera nel 1942" with 24.0
    (8, "winter", 1943),  # 5.1.2 "turno 8 (Inverno 1943)"
    (9, "spring", 1943),  # 20.1.1 "dal turno 1 al turno 9" = 24.0 "sino alla primavera del 1943 inclusa"
    (18, "summer", 1945),  # 5.1.4 "turno 18 (Estate 1945)"
]


@pytest.mark.parametrize(("turn", "season", "year"), CALENDAR_ANCHORS)
def test_calendar_anchors(turn: int, season: str, year: int) -> None:
    assert (_season(turn), _year(turn)) == (season, year)  # the cycle used below fits every anchor
    row = T["calendar"]["turn"][turn - 1]
    assert (row["number"], row["season"], row["year"]) == (turn, season, year)


@pytest.mark.parametrize("turn", range(1, 19))
def test_calendar_turn(turn: int) -> None:
    """Season and year of every turn; Rasputitsa AR1 of Autumn turns, AR1-2 of Spring turns (15.1.1)."""
    row = T["calendar"]["turn"][turn - 1]
    season = _season(turn)
    assert row["number"] == turn
    assert row["season"] == season
    assert row["year"] == _year(turn)
    assert row["label"] == ("June 1941" if turn == 1 else f"{season.capitalize()} {_year(turn)}")
    assert row["rasputitsa_ars"] == {"autumn": [1], "spring": [1, 2]}.get(season, [])


def test_calendar_summary() -> None:
    """18 turns (5.1.4), tournament 8 (5.1.5); five ARs (6.0A), one in turn 1 (4.4.1); season lists."""
    cal = T["calendar"]
    assert (cal["turns"], cal["tournament_turns"], cal["action_rounds"], cal["turn_1_action_rounds"]) == (18, 8, 5, 1)
    assert len(cal["turn"]) == 18
    for season in ("winter", "spring", "summer", "autumn"):
        assert cal[f"{season}_turns"] == [n for n in range(1, 19) if _season(n) == season], season
    assert cal["winter_turns"] == [4, 8, 12, 16]


def test_weather() -> None:
    """15.1.1 Rasputitsa (the Consecutive OPS count never resets); 15.1.2 Winter 1942 = turn 4, Axis fire
    1 left, only entrenchments, no Axis Blitz, Soviet Shock attacks 1 right; Winter Uniforms (AX19) cancels
    the combat and terrain effects."""
    w = T["weather"]
    assert w["rasputitsa_autumn_ars"] == [1]
    assert w["rasputitsa_spring_ars"] == [1, 2]
    assert w["rasputitsa_resets_consecutive_ops"] is False
    assert w["winter_1942_turn"] == 4
    assert w["winter_1942_axis_fire_shift"] == -1
    assert w["winter_1942_axis_terrain_benefit"] == "entrenchment_only"
    assert w["winter_1942_axis_blitz"] is False
    assert w["winter_1942_soviet_shock_attack_shift"] == 1
    assert w["winter_1942_cancelled_by"] == "AX19"


# ---------------------------------------------------------------------------------------------- VP
def test_vp_start_and_thresholds() -> None:
    """4.1.2 VP marker on 7; 5.1.1 +1/-1 per VP hex; 5.1.2 Axis wins at 20 or more, all oil for two End of
    Turn phases, Moscow/Leningrad/Rostov-or-Sevastopol by turn 4, the turn 8 check; 5.1.3 Soviet wins at 0
    or less, the four capitals, no supplied Axis unit east of the Paulus Line before the end of turn 4,
    every USSR VP space at the end of a turn 2-12; 5.1.4 otherwise the Axis after turn 18."""
    vp = T["vp"]
    assert vp["start"] == 7
    assert T["setup"]["vp"] == 7
    assert vp["axis_auto_win_at_or_above"] == 20
    assert vp["soviet_auto_win_at_or_below"] == 0
    assert (vp["vp_hex_taken_by_axis"], vp["vp_hex_taken_by_soviet"]) == (1, -1)
    assert vp["campaign_no_auto_win_winner"] == "axis"
    assert vp["axis_capitals_check_turn"] == 4
    assert vp["axis_turn8_check"] == 8
    assert vp["soviet_capitals"] == ["Berlin", "Buda", "Pest", "Bucharest", "Königsberg"]
    assert vp["soviet_paulus_check_turn"] == 4
    assert vp["soviet_all_ussr_vp_turns"] == [2, 12]
    assert (vp["optional_23_1_1"]["axis"], vp["optional_23_1_1"]["soviet"]) == (-1, 1)


def test_tournament() -> None:
    """5.1.5 / 22.0: ends after turn 8; Axis wins with 9+ USSR VP spaces; +2 for the Axis without
    Industrial Evacuation, -2 without Hitler Takes Command (ruling 18)."""
    tour = T["tournament"]
    assert tour["last_turn"] == 8
    assert tour["axis_wins_with_ussr_vp_spaces"] == 9
    assert tour["shift_if_no_SU8_event"] == 2
    assert tour["shift_if_no_AX24_event"] == -2
    assert tour["auto_victories_apply"] is True


# "Sottraete/Aggiungere n VP" of the card lists (positive = toward the Axis).
EVENT_VP = {
    "SU8": -2, "SU37": -1, "SU46": -1, "SU49": -1, "SU50": -1, "SU52": -1, "SU22": -1,
    "AX17": 1, "AX18": 1, "AX23": -1, "AX24": -1, "AX33": -1, "AX37": 1, "AX44": 1, "AX47": 1, "AX52": 1, "AX54": 1,
}


def test_event_vp() -> None:
    got = {e["card"]: e["vp"] for e in T["vp"]["event"]}
    assert got == EVENT_VP
    ax24 = next(e for e in T["vp"]["event"] if e["card"] == "AX24")
    assert ax24["turns"] == [5, 6, 9, 10, 13, 14, 17, 18]  # "ogni turno di primavera ed estate dopo il 1941" (ruling 17)


# ------------------------------------------------------------------------------- other rule constants
def test_setup_markers() -> None:
    """4.1.1-4.1.4: turn June 1941, VP 7, hand limits 6, RP 0, banked OPS 0, Consecutive OPS 0."""
    s = T["setup"]
    assert (s["turn"], s["vp"], s["hand_limit"], s["rp"], s["banked_ops"], s["consecutive_ops"]) == (1, 7, 6, 0, 0, 0)


def test_ops_constants() -> None:
    """3.0 OPS 1-4; 7.3.2 boxes "1°, Piene OPS", "2°, -1 OPS", "3°, -2 OPS"; 7.3.3 1 OPS to leave a ZOC
    and per strategic SCU; 7.3.5 combat marker 1 OPS; 10.3.1 entrench 1 OPS, success 1-3 (SU33: 1); 23.1.3
    +1 OPS automatic; 16.1.2 Partisans 1 OPS for 2, at most 6; 16.3.2 Festung 1 OPS; 16.4.5-6 Stalin."""
    ops = T["ops"]
    assert ops["card_ops_range"] == [1, 4]
    assert ops["consecutive_penalty"] == [0, -1, -2]
    assert (ops["leave_zoc_cost"], ops["strategic_move_cost"], ops["combat_marker_cost"]) == (1, 1, 1)
    assert ops["entrenchment_attempt_cost"] == 1
    assert ops["entrenchment_success"] == [1, 2, 3]
    assert ops["entrenchment_success_after_SU33"] == [1]
    assert ops["entrenchment_auto_extra_cost"] == 1
    assert (ops["partisan_placement_cost"], ops["partisans_per_placement"], ops["partisans_max_on_map"]) == (1, 2, 6)
    assert ops["festung_cost"] == 1
    assert (ops["stalin_rail_cost"], ops["stalin_moves_per_game"]) == (1, 2)


def test_banked_ops() -> None:
    """18.2.1 Axis 1 per turn from turn 2; 18.2.2 stopped by Hitler Takes Command; 18.3 Soviet: Stalin in
    Moscow, Lend Lease, Archangel 2, Astrakhan 1; PQ-17 -2 for 4 turns; Stavka 3; 6.0E lost at end of turn."""
    b = T["banked_ops"]
    assert (b["axis_per_turn"], b["axis_from_turn"], b["axis_stopped_by"]) == (1, 2, "AX24")
    assert b["soviet_needs_stalin_in_moscow"] is True
    assert (b["lend_lease_card"], b["lend_lease_archangel"], b["lend_lease_astrakhan"]) == ("SU16", 2, 1)
    assert (b["pq17_archangel_reduction"], b["pq17_turns"]) == (2, 4)
    assert b["stavka"] == 3
    assert b["lost_at_end_of_turn"] is True


def test_replacement_constants() -> None:
    """7.4.2 Soviet 2 RP plays; 7.4.3 Axis 1, two in Spring 1942/1943 (ruling 2), one RP event; 7.4.4; 4.4.1
    no RP in turn 1; 4.5.2 Soviet 3 automatic RP in turn 2; 14.1.5 unspent lost; 14.1.7 GE/PZ/AX; 14.2.2
    USIR; 11.3.6 / 13.3.8 Axis LCUs eliminated OOS return 3 turns later (ruling 41)."""
    r = T["replacements"]
    assert (r["soviet_rp_plays_per_turn"], r["axis_rp_plays_per_turn"]) == (2, 1)
    assert r["axis_two_rp_plays_turns"] == [5, 9]
    assert r["axis_extra_rp_event_per_turn"] == 1
    assert r["no_consecutive_own_ar"] is True
    assert r["no_rp_turns"] == [1]
    assert r["soviet_automatic_rp"] == {"2": 3}
    assert r["unspent_rp_lost"] is True
    assert r["axis_rp_types"] == ["GE", "PZ", "AX"]
    assert r["pz_replacement_blocked_if_usir_soviet"] is True
    assert r["axis_oos_lcu_delay_turns"] == 3


def test_stacking_and_combat_constants() -> None:
    """9.1.1-9.1.3 stacking; 11.1.3 one LCU per side; 11.2.1(9) 4 Blitz markers per round; 11.5.2 one Axis
    Blitz east of the Paulus Line per round in turns 1-3; 11.4.2 retreat 1 or 2 hexes; 12.2.2 exploit half
    the MA rounded up; 12.2.3 MA 4 east of the Paulus Line; Guderian / Bagration 4 hexes; 13.1.2 4 hexes of
    supply; 13.3.1 OOS MA -2; 10.1.5 Paulus MA -1."""
    st = T["stacking"]
    assert (st["max_units"], st["max_lcu"]) == (4, 1)
    assert set(st["non_stacking"]) == {"stalin", "bunker", "fortified_zone", "partisan"}
    c = T["combat"]
    assert c["max_lcu_per_side"] == 1
    assert c["blitz_markers_per_ar"] == 4
    assert (c["axis_paulus_blitz_per_ar"], c["axis_paulus_blitz_turns"]) == (1, [1, 2, 3])
    assert (c["retreat_hexes_diff_0_1"], c["retreat_hexes_diff_2_plus"]) == (1, 2)
    assert c["exploit_hexes"] == "ceil(MA/2)"
    assert math.ceil(5 / 2) == 3  # 12.2.2: "un'unità con MA di 5 è in grado di fare sfruttamento sino a 3 esagoni"
    assert c["axis_paulus_exploit_ma"] == 4
    assert (c["guderian_exploit_hexes"], c["bagration_exploit_hexes"]) == (4, 4)
    assert c["supply_range_hexes"] == 4
    assert c["oos_ma_reduction"] == 2
    assert c["paulus_ma_reduction"] == 1


def test_total_war_and_bidding() -> None:
    """7.6.4 Total War from turn 6 at 12 / 20 asterisked events; 21.0 bidding: automatic RP from turn 2, at
    most 3 a turn, on top of the standard 3 Soviet RP of turn 2, and the two printed examples."""
    tw = T["total_war"]
    assert (tw["earliest_turn"], tw["one_player_asterisk_events"], tw["combined_asterisk_events"]) == (6, 12, 20)
    bid = T["bidding"]
    assert (bid["from_turn"], bid["max_rp_per_turn"], bid["standard_soviet_turn2_rp"]) == (2, 3, 3)
    examples = {(e["bid_for"], e["bid"]): (e["soviet_rp_by_turn"], e["axis_rp_by_turn"]) for e in bid["example"]}
    assert examples == {("axis", 2): ({"2": 3, "3": 2}, {}), ("soviet", 5): ({}, {"2": 2})}
