"""Checks of the PROVISIONAL Caucasus Campaign counter manifest (units.csv) and scenarios.toml.

Every rulebook fact about the counter mix, the setup and the reinforcement schedule is checked here,
together with the numbers of the rulebook's examples of play (see OOB.md, "Value scale").
Only the standard library is used, so the data can be checked before any engine code exists.
"""

from __future__ import annotations

import csv
import math
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[4] / "engine" / "games" / "caucasus" / "data"
UNITS = DATA / "units.csv"
SCENARIOS = DATA / "scenarios.toml"

PROVISIONAL_LINE = (
    "# PROVISIONAL: built from the historical order of battle, not transcribed from the printed "
    "counters; see OOB.md"
)
HEADER = "id,name,side,nationality,type,size,full,reduced,kg,tq,setup,turn,entry,flags"

AXIS_NATIONALITIES = {"wehrmacht", "ss", "luftwaffe", "romanian", "slovak", "italian", "ost"}
SOVIET_NATIONALITIES = {"soviet", "soviet_navy", "soviet_guards", "nkvd"}
TYPES = {
    "INF",
    "BICYCLE",
    "MOUNTAIN",
    "JAGER",
    "SECURITY",
    "NKVD",
    "NAVAL_INF",
    "HQ",
    "PORT_GARRISON",
    "CAVALRY",
    "PANZER",
    "PZGREN",
    "MOT_INF",
    "FLAK",
    "AT",
    "COMMANDO",
    "STUG",
    "ARMORED_TRAIN",
    "AZOV_FLOTILLA",
    "SOV_TANK",
}
MECH = {
    "PANZER",
    "PZGREN",
    "MOT_INF",
    "FLAK",
    "AT",
    "COMMANDO",
    "STUG",
    "ARMORED_TRAIN",
    "AZOV_FLOTILLA",
    "SOV_TANK",
}
WHITE_BOX_TYPES = {"HQ", "STUG", "FLAK", "COMMANDO", "AT", "ARMORED_TRAIN", "PORT_GARRISON"}
SINGLE_STEP_TYPES = {
    "HQ",
    "COMMANDO",
    "AZOV_FLOTILLA",
    "ARMORED_TRAIN",
    "STUG",
    "FLAK",
    "AT",
    "PORT_GARRISON",
}
BOXES = {
    "cadre",
    "cup",
    "turkish",
    "naval",
    "lendlease",
    "blucher",
    "ost",
    "alpine",
    "4gcc",
    "offmap",
}
SIMPLE_FLAGS = {
    "white_box",
    "starts_reduced",
    "cup",
    "rail_unlimited",
    "bicycle",
    "restricted",
    "azov",
    "never_replaced",
    "brandenburg",
    "front_hq",
    "black_sea_hq",
    "wiking",
    "felmy",
    "caspian_choice",
    "cav_corps_hq",
}
PARAM_FLAG = re.compile(r"^(withdraw:\d+|from_turn:\d+|lend_lease:(churchill|stuart|t-26|bt-5))$")

STEP = re.compile(
    r"^(?P<att>\d+)(?P<armor>\*)?(?:\[(?P<mf>\d+)\])?-"
    r"(?:(?P<dfn>\d+)(?P<at>\*)?|\((?P<hqdef>\d+)\))-(?P<ma>\d+)$"
)


# --------------------------------------------------------------------------------------- loading


def _lines() -> list[str]:
    return UNITS.read_text(encoding="utf-8").splitlines()


def load_units() -> list[dict[str, str]]:
    body = [line for line in _lines() if not line.startswith("#")]
    return list(csv.DictReader(body))


UNITS_ROWS = load_units()
BY_ID = {row["id"]: row for row in UNITS_ROWS}


def flags(row: dict[str, str]) -> set[str]:
    return set(row["flags"].split())


def step(value: str) -> dict[str, object]:
    m = STEP.match(value)
    assert m, f"bad step value {value!r}"
    defence = m["dfn"] if m["dfn"] is not None else m["hqdef"]
    return {
        "attack": int(m["att"]),
        "armor": m["armor"] is not None,
        "mf": int(m["mf"]) if m["mf"] else None,
        "defence": int(defence),
        "antitank": m["at"] is not None,
        "hq": m["hqdef"] is not None,
        "ma": int(m["ma"]),
    }


def steps(row: dict[str, str]) -> list[dict[str, object]]:
    return [step(row[k]) for k in ("full", "reduced", "kg") if row[k]]


def attack(unit_id: str, which: str = "full") -> int:
    return int(step(BY_ID[unit_id][which])["attack"])  # type: ignore[call-overload]


def defence(unit_id: str, which: str = "full") -> int:
    return int(step(BY_ID[unit_id][which])["defence"])  # type: ignore[call-overload]


def on_map(row: dict[str, str]) -> bool:
    setup = row["setup"]
    return setup.startswith("place:") or bool(re.fullmatch(r"\d{4}", setup))


def is_large(row: dict[str, str]) -> bool:
    german = row["nationality"] in {"wehrmacht", "ss"} and row["type"] in {
        "INF",
        "PZGREN",
        "PANZER",
    }
    soviet_corps = (
        row["side"] == "soviet" and row["type"] == "INF" and row["size"].startswith("XXX")
    )
    return german or soviet_corps


def select(**criteria: str) -> list[dict[str, str]]:
    return [r for r in UNITS_ROWS if all(r[k] == v for k, v in criteria.items())]


COLUMNS = ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1"]


def column(att: int, dfn: int, shifts: int = 0) -> str:
    """Odds column after rounding in the defender's favour (8.3) and shifting (8.4)."""
    index = att // dfn if att >= dfn else (0 if 2 * att >= dfn else -1)
    index += shifts
    if index < 0:
        return "illegal"
    return "AE" if index > 9 else COLUMNS[index]


# ------------------------------------------------------------------------------------ the format


def test_first_line_is_the_provisional_comment_and_header_follows():
    lines = _lines()
    assert lines[0] == PROVISIONAL_LINE
    assert lines[1] == HEADER
    assert all(not line.startswith("#") for line in lines[2:])


def test_no_space_after_commas_and_no_blank_lines():
    for line in _lines()[1:]:
        assert line.strip(), "blank line"
        assert ", " not in line or '"' in line, line


def test_ids_unique_lowercase_and_sides_cannot_collide():
    ids = [r["id"] for r in UNITS_ROWS]
    assert len(ids) == len(set(ids))
    for r in UNITS_ROWS:
        assert re.fullmatch(r"[a-z0-9][a-z0-9-]*", r["id"]), r["id"]
        soviet_style = re.match(r"s[0-9-]", r["id"]) is not None
        # Convention (OOB.md): every Soviet id is "s" + number or "s-" + name; no Axis id looks like that.
        assert soviet_style == (r["side"] == "soviet"), r["id"]


@pytest.mark.parametrize("row", UNITS_ROWS, ids=lambda r: r["id"])
def test_row_syntax(row):
    assert row["name"].strip()
    assert row["side"] in {"axis", "soviet"}
    allowed = AXIS_NATIONALITIES if row["side"] == "axis" else SOVIET_NATIONALITIES
    assert row["nationality"] in allowed
    assert row["type"] in TYPES
    assert re.fullmatch(r"(II|III|X|XX|XXX|XXXX|XXXXX)\+?", row["size"])
    assert row["full"], "every counter has a full-strength side"
    if row["kg"]:
        assert row["reduced"], "a KG step needs a reduced step"
    tq = row["tq"].split("/")
    assert all(q in {"E", "R", "L"} for q in tq)
    assert len(tq) == len(steps(row)), "one TQ letter per step"
    setup = row["setup"]
    assert (
        setup == "track"
        or re.fullmatch(r"\d{4}", setup)
        or re.fullmatch(r"zone:army(12|18|37|51)", setup)
        or (setup.startswith("box:") and setup[4:] in BOXES)
        or re.fullmatch(r"place:[A-Z][A-Za-z' -]+", setup)
    ), setup
    if setup == "track":
        assert row["turn"].isdigit() and 1 <= int(row["turn"]) <= 14
        assert row["entry"], "turn-track units carry an entry letter"
    else:
        assert row["turn"] == ""
    if row["entry"]:
        assert re.fullmatch(r"[A-J](\|[A-J])*", row["entry"])
    for flag in flags(row):
        assert flag in SIMPLE_FLAGS or PARAM_FLAG.match(flag), flag


@pytest.mark.parametrize("row", UNITS_ROWS, ids=lambda r: r["id"])
def test_value_markings_match_the_unit_type(row):
    kind = row["type"]
    parts = steps(row)
    for i, s in enumerate(parts):
        full = i == 0
        # Yellow attack box: tanks, Panzer, StuG, and Panzergrenadier divisions at full strength (9.5).
        expect_armor = kind in {"PANZER", "STUG", "SOV_TANK"} or (kind == "PZGREN" and full)
        assert s["armor"] == expect_armor
        # Yellow defence box: Soviet AT, German FLAK, reduced Panzergrenadier divisions (9.5).
        expect_at = kind in {"AT", "FLAK"} or (kind == "PZGREN" and not full)
        assert s["antitank"] == expect_at
        # Superscript Mountain/Forest strength: Mountain and Jäger units (2.2, 15.5).
        assert (s["mf"] is not None) == (kind in {"MOUNTAIN", "JAGER"})
        if s["mf"] is not None:
            assert s["mf"] > s["attack"]
        # Parenthesised defence: HQs only (15.1).
        assert s["hq"] == (kind == "HQ")
        if kind == "HQ":
            assert s["attack"] == 0, "HQs cannot attack (15.1)"
        # MA 0 only for port garrisons (they never move); everything else can move.
        assert (s["ma"] == 0) == (kind == "PORT_GARRISON")
        if i > 0:
            assert s["attack"] <= parts[i - 1]["attack"]
            assert s["defence"] <= parts[i - 1]["defence"]
    if kind in MECH and kind not in {"ARMORED_TRAIN", "AZOV_FLOTILLA"}:
        assert parts[0]["ma"] >= 5, "mechanized units are faster than foot units"


@pytest.mark.parametrize("row", UNITS_ROWS, ids=lambda r: r["id"])
def test_steps_consistent_with_type(row):
    n = len(steps(row))
    if is_large(row):
        assert n == 3, "large units have a KG step (10.3)"
    elif row["type"] in {"MOUNTAIN", "JAGER"}:
        assert n == 2, "Jäger and Mountain divisions have no KG (10.3)"
    elif row["type"] in SINGLE_STEP_TYPES or row["size"].rstrip("+") == "X":
        assert n == 1, "HQs, special single-step units and brigades have one step"
    else:
        assert n == 2
    if "starts_reduced" in flags(row):
        assert n >= 2


@pytest.mark.parametrize("row", UNITS_ROWS, ids=lambda r: r["id"])
def test_white_box_flag_exactly_on_the_white_box_types(row):
    expected = row["type"] in WHITE_BOX_TYPES and "cav_corps_hq" not in flags(row)
    assert ("white_box" in flags(row)) == expected


# ------------------------------------------------------------------------------- Axis rulebook facts


def test_ten_axis_units_start_on_the_map():
    assert len([r for r in select(side="axis") if on_map(r)]) == 10  # 20.1


def test_axis_turn_one_and_turn_two_reinforcements():
    track = Counter(int(r["turn"]) for r in select(side="axis", setup="track"))
    assert track[1] == 5  # 20.1
    assert track[2] == 10  # example of play, turn 2
    for r in select(side="axis", setup="track"):
        assert r["entry"] in {"A", "B", "C", "J"}  # 4.2


def test_axis_boxes():
    cadre = select(side="axis", setup="box:cadre")
    assert len(cadre) == 2 and all(r["type"] == "STUG" for r in cadre)  # 20.1, 4.5
    assert len(select(type="STUG")) == 4  # "the other two" StuG units of 4.5
    alpine = select(setup="box:alpine")
    assert len(alpine) == 3
    assert all(r["nationality"] == "italian" and r["type"] == "MOUNTAIN" for r in alpine)
    assert all(r["entry"] == "A" for r in alpine)  # 4.2
    ost = select(setup="box:ost")
    assert len(ost) == 3 and all(r["nationality"] == "ost" for r in ost)
    assert all(
        r["type"] in {"CAVALRY", "INF", "MOT_INF", "MOUNTAIN"} for r in ost
    )  # 4.5 Axis allied
    blucher = select(setup="box:blucher")
    assert len(blucher) == 2 and all(r["entry"] == "J" for r in blucher)
    assert all(r["type"] in {"INF", "MOUNTAIN"} and r["size"] == "XX" for r in blucher)


def test_brandenburgers():
    rows = select(type="COMMANDO")
    assert len(rows) == 1
    b = rows[0]
    assert b["setup"] == "box:offmap" and "brandenburg" in flags(b)
    assert b["nationality"] == "wehrmacht"
    assert (attack(b["id"]), defence(b["id"])) == (1, 1)  # 15.2
    assert len(steps(b)) == 1


def test_axis_hqs():
    hqs = select(side="axis", type="HQ")
    assert {r["id"] for r in hqs} == {"1pza-hq", "17a-hq"}
    assert all(on_map(r) for r in hqs)


def test_withdrawals():
    withdrawn = {r["id"]: f for r in UNITS_ROWS for f in flags(r) if f.startswith("withdraw:")}
    assert withdrawn == {"14pz": "withdraw:2", "298inf": "withdraw:9"}  # 18.3
    assert BY_ID["14pz"]["type"] == "PANZER" and on_map(BY_ID["14pz"])
    assert BY_ID["298inf"]["type"] == "INF" and int(BY_ID["298inf"]["turn"]) < 9


def test_special_axis_units():
    sec = BY_ID["454sec"]  # 15.9
    assert (sec["type"], sec["turn"], sec["entry"]) == ("SECURITY", "2", "A")
    assert {"restricted", "never_replaced"} <= flags(sec)
    bike = [r for r in UNITS_ROWS if "bicycle" in flags(r)]  # 15.8
    assert [r["id"] for r in bike] == ["4bike"] and bike[0]["type"] == "BICYCLE"
    felmy = [r for r in UNITS_ROWS if "felmy" in flags(r)]  # 4.5 German mechanized
    assert len(felmy) == 1 and felmy[0]["type"] in MECH and felmy[0]["nationality"] == "wehrmacht"
    wiking = [r for r in UNITS_ROWS if "wiking" in flags(r)]
    assert len(wiking) == 1 and wiking[0]["nationality"] == "ss" and wiking[0]["type"] == "PZGREN"
    assert len(select(type="FLAK", nationality="luftwaffe")) == 1  # "the German FLAK regiment"
    assert len([r for r in UNITS_ROWS if "slovak" == r["nationality"]]) == 1


def test_german_jager_and_mountain_divisions_and_the_example_units_exist():
    for unit_id in ("97jg", "101jg", "1mtn", "4mtn", "13pz", "3pz", "stug191", "7flak"):
        assert unit_id in BY_ID  # named in 2.21 or the example of play
    assert all(len(steps(r)) == 2 for r in select(type="JAGER"))


# ------------------------------------------------------------------------------ Soviet rulebook facts


def test_soviet_boxes():
    tu = select(setup="box:turkish")
    assert len(tu) == 4 and all(r["type"] == "INF" and r["size"] == "XX" for r in tu)
    assert all(r["entry"] == "G|H" for r in tu)  # 4.7
    nb = select(setup="box:naval")
    assert len(nb) == 4 and all(r["type"] == "NAVAL_INF" for r in nb)
    ll = select(setup="box:lendlease")
    assert len(ll) == 5 and all(r["type"] == "SOV_TANK" and r["entry"] == "F|G" for r in ll)
    kinds = {f.split(":")[1] for r in ll for f in flags(r) if f.startswith("lend_lease:")}
    assert kinds == {"churchill", "stuart", "t-26", "bt-5"}  # 2.22
    corps = select(setup="box:4gcc")
    assert len(corps) == 1 and "cav_corps_hq" in flags(corps[0])
    assert any(f == "from_turn:7" for f in flags(corps[0]))  # 15.7


def test_soviet_cup():
    cup = select(setup="box:cup")
    assert cup and all("cup" in flags(r) and r["side"] == "soviet" for r in cup)
    assert all(r["setup"] == "box:cup" for r in UNITS_ROWS if "cup" in flags(r))
    reduced = [r for r in cup if "starts_reduced" in flags(r)]
    assert len(reduced) > len(cup) / 2  # "most random reinforcements arrive reduced" (4.4)


def test_soviet_fixed_units():
    garrisons = select(type="PORT_GARRISON")
    assert len(garrisons) == 3 and all(r["setup"].startswith("place:") for r in garrisons)
    assert len({r["setup"] for r in garrisons}) == 3
    fronts = [r for r in UNITS_ROWS if "front_hq" in flags(r)]
    assert len(fronts) == 2 and all(r["side"] == "soviet" and r["type"] == "HQ" for r in fronts)
    assert len([r for r in fronts if "black_sea_hq" in flags(r)]) == 1
    assert BY_ID["s-bsg-hq"]["setup"] == "place:Tuapse"  # example of play, Soviet turn 1
    flotilla = select(type="AZOV_FLOTILLA")
    assert len(flotilla) == 1 and {"azov", "never_replaced"} <= flags(flotilla[0])
    trains = select(type="ARMORED_TRAIN")
    assert trains and all({"rail_unlimited", "never_replaced"} <= flags(r) for r in trains)
    never = {r["id"] for r in UNITS_ROWS if "never_replaced" in flags(r)}
    assert never == {"454sec", *(r["id"] for r in flotilla + trains)}


def test_five_soviet_rifle_corps_are_the_only_large_soviet_units():
    large = [r for r in select(side="soviet") if len(steps(r)) == 3]
    assert len(large) == 5
    assert all(r["type"] == "INF" and r["size"] == "XXX" for r in large)


def test_soviet_army_zones_and_reinforcements():
    zones = Counter(r["setup"] for r in UNITS_ROWS if r["setup"].startswith("zone:"))
    assert set(zones) == {"zone:army12", "zone:army18", "zone:army37", "zone:army51"}
    assert all(n >= 4 for n in zones.values())
    assert all(r["side"] == "soviet" for r in UNITS_ROWS if r["setup"].startswith("zone:"))
    track = select(side="soviet", setup="track")
    assert track and all(int(r["turn"]) >= 2 for r in track)  # none on turn 1 (example of play)
    assert all(r["entry"] == "E" and "caspian_choice" in flags(r) for r in track)  # 4.3
    assert all("caspian_choice" not in flags(r) for r in UNITS_ROWS if r not in track)


def test_guards_and_nkvd_and_naval_colours():
    assert all(r["nationality"] == "nkvd" for r in select(type="NKVD"))
    assert all(r["nationality"] == "soviet_navy" for r in select(type="NAVAL_INF"))
    assert len([r for r in select(type="SOV_TANK") if r["nationality"] == "soviet_guards"]) == 1


# ---------------------------------------------------------------- numbers of the rulebook's examples


def test_rulebook_value_examples():
    values = {(r["full"], r["reduced"]) for r in select(side="soviet", type="INF", size="XX")}
    assert any(full == "5-7-3" for full, _ in values)  # 9.2: two 5-7-3 divisions in Mountain
    assert any(red == "1-3-3" for _, red in values)  # 18.1: reduced divisions 1-3-3
    assert any(
        r["full"] == "2-2-3" for r in select(side="soviet", type="INF", size="X")
    )  # 9.2, 18.1
    assert any(attack(r["id"]) == 10 for r in select(type="PANZER"))  # 9.1, 9.4
    # 9.2: a 2-2-3 brigade in Mountain (+5) gets only +2; two 5-7-3 divisions total 19.
    assert min(5, 2) + 2 == 4 and 7 + 7 + min(5, 14) == 19


def test_example_of_play_turn_one_primary_combats():
    rifle = "s4rd"  # a standard rifle division: full 3-5-3, reduced 1-3-3
    reduced = defence(rifle, "reduced")
    # A: 16 v 6, TQ + armour + Air = 5-1; two units advance.
    a = attack("14pz") + attack("125inf")
    assert a == 16 and column(a, 2 * reduced) == "2-1" and column(a, 6, 3) == "5-1"
    # B: 22 v 8, two mechanized units and an infantry division, armour + VIII FK = 5-1.
    b = attack("13pz") + attack("16mot") + attack("73inf")
    assert b == 22 and column(b, 8, 1 + 2) == "5-1"
    assert BY_ID["16mot"]["type"] in MECH and BY_ID["73inf"]["type"] == "INF"
    # C: 17 v 6 with a StuG brigade (armour) and a mountain division (TQ) = 4-1.
    c = attack("stug191") + attack("1mtn") + attack("9inf")
    assert c == 17 and column(c, 6, 2) == "4-1"
    assert BY_ID["1mtn"]["tq"].startswith("E") and BY_ID["stug191"]["full"].split("-")[0].endswith(
        "*"
    )
    assert all(q != "E" for q in (BY_ID[rifle]["tq"].split("/")))
    # D: two Panzer divisions halved across a river (rounding up, 9.1): 8 v 3 = 2-1, then 4-1.
    d = math.ceil(attack("3pz") / 2) + math.ceil(attack("23pz") / 2)
    assert d == 8 and reduced == 3 and column(d, reduced, 2) == "4-1"
    # All these units are on the map or turn-1 reinforcements.
    for unit_id in (
        "14pz",
        "125inf",
        "13pz",
        "16mot",
        "73inf",
        "stug191",
        "1mtn",
        "9inf",
        "3pz",
        "23pz",
    ):
        row = BY_ID[unit_id]
        assert on_map(row) or row["turn"] == "1", unit_id
    # Panzer divisions and the StuG give TQ; 3rd Panzer is elite.
    assert BY_ID["3pz"]["tq"].startswith("E") and BY_ID["14pz"]["tq"].startswith("E")


def test_example_of_play_turn_one_secondary_combats():
    assert (
        column(attack("14pz") + attack("16mot"), 6) == "2-1"
    )  # B: 16 v 6, Panzer + Panzergrenadier
    assert attack("14pz") + attack("16mot") == 16
    assert attack("3pz") == 8 and column(8, 3) == "2-1"  # C: the 3rd Panzer, 8 v 3
    assert attack("13pz") == 10 and column(10, 3) == "3-1"  # E: the 13th Panzer, 10 v 3
    assert {"sswiking", "3pz"} <= {r["id"] for r in UNITS_ROWS if on_map(r)}  # moved in the impulse


def test_example_of_play_turn_two():
    # Primary A: 26 v 8 with a Romanian cavalry division, the Slovak mobile division, a StuG brigade
    # and infantry; the defenders are Low-TQ reduced rifle divisions (TQ shift for Regular attackers).
    a = (
        attack("rom5cav")
        + attack("slovak-mot")
        + attack("stug203")
        + attack("9inf")
        + attack("198inf")
    )
    assert a == 26 and column(a, 8) == "3-1"
    assert BY_ID["s4rd"]["tq"].split("/")[1] == "L"
    for unit_id in ("rom5cav", "slovak-mot", "stug203"):
        assert int(BY_ID[unit_id]["turn"]) <= 2
    # Primary B: 37 v 5, one full rifle division in the open: 7-1, +armour +VIII FK = AE.
    assert defence("s4rd") == 5 and column(37, 5) == "7-1" and column(37, 5, 3) == "AE"
    # Secondary A: an elite cavalry division and a tank brigade in a town defend with 7;
    # the cavalry is "no longer elite" once flipped.
    cav = BY_ID["s12cd"]
    assert cav["tq"] == "E/R" and defence("s12cd") + defence("s140tb") + 2 == 7
    # Secondary C: SS Wiking alone, 7 v a full rifle division in a town (5 + 2) = 1-1.
    assert attack("sswiking") == 7 and defence("s4rd") + 2 == 7 and column(7, 7) == "1-1"


# ---------------------------------------------------------------------------------- scenarios.toml


def load_scenarios() -> dict:
    return tomllib.loads(SCENARIOS.read_text(encoding="utf-8"))


def test_scenarios_file_is_marked_provisional():
    assert SCENARIOS.read_text(encoding="utf-8").splitlines()[0].startswith("# PROVISIONAL: ")


def test_campaign_and_tournament():
    data = load_scenarios()
    camp, tour = data["campaign"], data["tournament"]
    assert camp["turns"] == 14 and tour["turns"] == 7
    assert camp["axis_vp_target"] == 18 and camp["axis_vp_target_alpine"] == 20
    assert camp["alpine_roll"] is True and camp["alpine_roll_turn"] == 5
    assert tour["axis_vp_target"] == 14 and tour["alpine_roll"] is False
    assert tour["setup"] == "campaign"
    thresholds = {int(k): v for k, v in camp["sudden_victory_thresholds"].items()}
    assert sorted(thresholds) == list(range(6, 15))
    values = [thresholds[t] for t in range(6, 15)]
    assert values == sorted(values) and all(isinstance(v, int) and v > 0 for v in values)
    assert (
        thresholds[7] <= 14 < thresholds[7] + 7
    )  # the historical 14 VP at turn 7 is no sudden win
    assert thresholds[14] + 7 > camp["axis_vp_target"]
    tour_thresholds = {int(k): v for k, v in tour["sudden_victory_thresholds"].items()}
    assert tour_thresholds == {6: thresholds[6], 7: thresholds[7]}
    for scen in (camp, tour):
        assert isinstance(scen["cup_none_counters"], int) and scen["cup_none_counters"] > 0


def test_air_and_fleet_markers():
    data = load_scenarios()
    air = {a["id"]: a for a in data["air"]}
    axis = [a for a in air.values() if a["side"] == "axis"]
    soviet = [a for a in air.values() if a["side"] == "soviet"]
    assert len(axis) == 2 and all(a["start"] == "available" for a in axis)  # 20.1
    fk = air["viii-fk"]
    assert fk["shift"] == 2 and fk["dd_drm"] == 2 and fk["available_turns"] == [1, 2, 3, 12, 13, 14]
    other = next(a for a in axis if a["id"] != "viii-fk")
    assert other["shift"] == 1 and other["available_turns"] == list(range(1, 15))
    assert len(soviet) == 2  # 20.2: they arrive as reinforcements, not on turn 1
    for a in soviet:
        assert a["shift"] == 1 and re.fullmatch(r"turn:\d+", a["start"])
        assert 2 <= int(a["start"].split(":")[1]) <= 14
    fleet = data["fleet"]
    assert len(fleet) == 2
    assert all(
        f["side"] == "soviet" and f["start"] == "unavailable" and f["shift"] == 2 for f in fleet
    )


def test_replacement_tracks():
    tracks = load_scenarios()["replacement_tracks"]
    assert set(tracks) == {
        "german_regular_inf",
        "german_elite_inf",
        "axis_allied",
        "german_mech",
        "soviet_inf",
        "soviet_cav",
    }
    assert all(t["max"] == 3 and t["start"] == 0 for t in tracks.values())


def test_the_cup_does_not_outlast_the_draws_by_much():
    draws = 3 * load_scenarios()["campaign"]["turns"]
    cup = len(select(setup="box:cup")) + load_scenarios()["campaign"]["cup_none_counters"]
    assert cup <= draws


def test_places_exist_on_the_map_when_the_map_is_there():
    places_file = DATA / "map" / "places.txt"
    if not places_file.exists():
        pytest.skip("map/places.txt not generated yet")
    text = places_file.read_text(encoding="utf-8")
    missing = sorted(
        {r["setup"][6:] for r in UNITS_ROWS if r["setup"].startswith("place:")}
        - set(_place_names(text))
    )
    assert not missing, f"places missing from map/places.txt: {missing}"


def _place_names(text: str) -> list[str]:
    """Names from places.txt, whatever its column layout: any field equal to a name we use counts."""
    names: list[str] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        for sep in ("\t", ",", ";", "|"):
            if sep in line:
                names.extend(field.strip() for field in line.split(sep))
                break
        else:
            names.append(line.strip())
            names.extend(line.split(maxsplit=1)[1:])
    return names
