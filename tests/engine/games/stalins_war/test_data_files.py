"""Checks of the Stalin's War data files (cards.csv, units.csv, tables.toml, README.md).

The card lists, the fire tables and the setup lists below are copied from the rules digest
(/work/shared/rules/stalins-war.md, §2.4, §5.6, §5.20), which was itself checked against the Italian
rulebook; the data must agree with them cell by cell. Only the standard library is used.
"""

from __future__ import annotations

import csv
import re
import tomllib
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[4] / "engine" / "games" / "stalins_war" / "data"
CARDS = DATA / "cards.csv"
UNITS = DATA / "units.csv"
TABLES = DATA / "tables.toml"
README = DATA / "README.md"
DIGEST = Path("/work/shared/rules/stalins-war.md")


def _rows(path: Path) -> list[dict[str, str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return list(csv.DictReader(line for line in lines if not line.startswith("#")))


CARD_ROWS = _rows(CARDS)
UNIT_ROWS = _rows(UNITS)
TABLE = tomllib.loads(TABLES.read_text(encoding="utf-8"))
CARD = {(r["side"], int(r["number"])): r for r in CARD_ROWS}
UNIT = {r["id"]: r for r in UNIT_ROWS}

# ------------------------------------------------------------------------------- digest card lists
# fmt: off
# number: (ops, rp, marks) — marks: "*" asterisk, "C" combat card, "U" underlined (§2.4.1, §2.4.2)
SOVIET = {
    1: (4, "4", "*"), 2: (4, "4", "*"), 3: (4, "4", "*"), 4: (3, "3", "*"), 5: (3, "3", "*"),
    6: (4, "4", "*"), 7: (1, "1", "*U"), 8: (4, "4", "*U"), 9: (2, "2", ""), 10: (2, "2", ""),
    11: (4, "4", "*"), 12: (1, "1", "C"), 13: (3, "3", "*"), 14: (1, "1", "*C"), 15: (4, "4", "*C"),
    16: (4, "4", "*"), 17: (1, "1", "*"), 18: (2, "2", ""), 19: (1, "1", "C"), 20: (2, "2", "*"),
    21: (2, "2", "*"), 22: (1, "1", ""), 23: (3, "3", "*"), 24: (1, "1", "*C"), 25: (1, "1", "C"),
    26: (3, "3", "*"), 27: (3, "3", "*"), 28: (3, "3", "*"), 29: (2, "2", "*"), 30: (2, "2", "*"),
    31: (2, "2", "*"), 32: (3, "3", "*"), 33: (3, "3", "*"), 34: (1, "1", ""), 35: (2, "2", "C"),
    36: (4, "4", "*"), 37: (3, "3", "*"), 38: (4, "4", "*U"), 39: (3, "3", "*"), 40: (2, "2", "C"),
    41: (2, "2", "*"), 42: (2, "2", "*"), 43: (2, "2", "*C"), 44: (2, "2", ""), 45: (2, "2", "*C"),
    46: (3, "3", "*"), 47: (1, "1", "C"), 48: (2, "2", "C"), 49: (2, "2", "*"), 50: (2, "2", "*"),
    51: (2, "2", "*"), 52: (4, "4", "*"), 53: (2, "2", ""), 54: (3, "3", "*C"), 55: (3, "3", ""),
}
AXIS = {
    1: (3, "2/1/1", "*"), 2: (2, "1", "*"), 3: (2, "1", "*"), 4: (3, "2/1/1", "*"),
    5: (2, "1", "*"), 6: (4, "2/2/1", "*"), 7: (4, "2/2/1", "*"), 8: (4, "2/2/1", "*"),
    9: (1, "1", "*C"), 10: (3, "2/1/1", ""), 11: (1, "1", "C"), 12: (2, "1", ""),
    13: (2, "1", "*C"), 14: (2, "1", "*C"), 15: (2, "1", "*"), 16: (4, "2/2/1", "*"),
    17: (3, "2/1/1", "*"), 18: (3, "2/1/1", "*"), 19: (4, "2/2/1", "*"), 20: (3, "2/1/1", "*"),
    21: (2, "1", ""), 22: (3, "2/1/1", "*"), 23: (3, "2/1/1", "*"), 24: (4, "2/2/1", "*"),
    25: (2, "1", "*"), 26: (3, "2/1/1", "*"), 27: (2, "1", "*"), 28: (3, "2/1/1", "*"),
    29: (3, "2/1/1", "*"), 30: (4, "2/2/1", "*"), 31: (3, "2/1/1", "*"), 32: (4, "2/2/1", "*"),
    33: (3, "2/1/1", "*C"), 34: (2, "1", "C"), 35: (1, "1", "C"), 36: (2, "1", "C"),
    37: (2, "1", "*"), 38: (2, "1", "*C"), 39: (1, "1", "*C"), 40: (4, "2/2/1", "*"),
    41: (2, "1", "*"), 42: (1, "1", "C"), 43: (1, "1", "*"), 44: (2, "1", "*"), 45: (1, "1", "C"),
    46: (1, "1", "C"), 47: (3, "2/1/1", "*"), 48: (2, "1", "*"), 49: (1, "1", "*"),
    50: (3, "2/1/1", "*C"), 51: (2, "1", "*C"), 52: (1, "1", "*"), 53: (2, "1", "*"),
    54: (2, "1", ""), 55: (4, "2/2/1", "*"),
}
SOVIET_TITLES = {
    7: "Sorge", 8: "Industrial Evacuation", 9: "Zhukov", 15: "Operation Uranus", 16: "Lend Lease",
    21: "Partisan Formation", 38: "Overlord", 44: "Stavka", 52: "Battle of the Bulge",
}
AXIS_TITLES = {
    6: "Nordlicht", 8: "Blau", 16: "Hedgehogs", 19: "Winter Uniforms", 23: "Steppe Fox",
    24: "Hitler Takes Command", 48: "Festung", 55: "Speer",
}

# ------------------------------------------------------------------------------- digest fire tables
LCU_COLUMNS = ["1", "2", "3", "4", "5", "6-7", "8-9", "10-11", "12-14", "15+"]
LCU_TABLE = {
    1: "- - - 1* 1* 1 1 1 1 2",
    2: "- - 1* 1* 1 1 1 1 2 2",
    3: "- 1* 1* 1 1 1 1 2 2 2",
    4: "1* 1* 1 1 1 1 2 2 2 3",
    5: "1* 1 1 1 1 2 2 2 3 3",
    6: "1 1 1 1 2 2 2 3 3 3",
}
SCU_COLUMNS = ["1", "2", "3", "4", "5", "6-7", "8-9", "10-11", "12+"]
SCU_TABLE = {
    1: "- - - - 1* 1* 1 1 1",
    2: "- - - 1* 1* 1* 1 1 1",
    3: "- - 1* 1* 1* 1 1 1 2",
    4: "- - 1* 1* 1* 1 1 2 2",
    5: "- 1* 1* 1* 1 1 1 2 2",
    6: "1* 1* 1* 1 1 1 2 2 3",
}

# ------------------------------------------------------------------------------- digest setup (§5.20)
SOVIET_SETUP = {
    "su-southwest-front": "1724", "su-16m": "1625", "su-west-front": "1721", "su-28r": "1722",
    "su-4m": "1723", "su-8m": "1624", "su-south-front": "1726", "su-6m": "1821", "su-5r": "1823",
    "su-15m": "1824", "su-5m": "1826", "su-18m": "1827", "su-maritime-army": "1829",
    "su-12m": "1918", "su-northwest-front": "2118", "su-3m": "1920", "su-22m": "1924",
    "su-13r": "2022", "su-central-front": "2123", "su-21r": "2123", "su-22r": "2320",
    "su-leningrad-front": "2517", "su-10m": "2517", "su-transcaucasus-front": "2532",
    "su-reserve-front": "2722", "su-7m": "2722", "su-20r": "2722", "su-stalin": "2722",
}
AXIS_SETUP = {
    "ge-49mtn": "1424", "ge-11a": "1527", "ge-17a": "1523", "ge-4a": "1621", "ge-46pz": "1622",
    "ge-24pz": "1622", "ge-47pz": "1622", "ge-43c": "1622", "ge-6a": "1623", "ge-48pz": "1623",
    "ge-3pz": "1623", "ge-14pz": "1623", "ge-9a": "1720", "ge-39pz": "1720", "ge-57pz": "1720",
    "ge-18a": "1819", "ge-16a": "1820", "ge-56pz": "1820", "ge-41pz": "1820", "hu-3a": "1025",
    "ro-3a": "1627", "ro-4a": "1629",
}
SETUP_NAMES = {  # id -> a word its name must contain (guards against a wrong id mapping)
    "su-southwest-front": "Southwest", "su-west-front": "West", "su-south-front": "South",
    "su-northwest-front": "Northwest", "su-central-front": "Central", "su-leningrad-front": "Leningrad",
    "su-transcaucasus-front": "Trans-Caucasus", "su-reserve-front": "Reserve", "su-stalin": "Stalin",
    "su-maritime-army": "Maritime", "ge-49mtn": "Mountain", "hu-3a": "Hungarian",
    "ro-3a": "Romanian", "ro-4a": "Romanian",
}

# fmt: on

# ----------------------------------------------------------------- reinforcement lists (§2.4, unit ids)
REINFORCEMENTS = {
    "card:SU1": {"su-bryansk-front", "su-16r", "su-34r", "su-40r", "su-42r", "su-51r"},
    "card:SU2": {"su-kalinin-front", "su-volkhov-front", "su-30r", "su-57r"},
    "card:SU3": {"su-1sh", "su-2sh", "su-3sh", "su-4sh", "su-1gcc", "su-2gcc", "su-3gcc"},
    "card:SU4": {"su-north-caucasus-front", "su-voronezh-front", "su-62r", "su-64r"},
    "card:SU5": {"su-67r", "su-70r", "su-2ga", "su-3ga"},
    "card:SU6": {"su-66r", "su-1ga"},
    "card:SU6 if:SU8": {"su-1t", "su-3t", "su-4t", "su-5t"},
    "card:SU26": {"su-4ga", "su-5sh"},
    "card:SU26 if:SU8": {"su-2t", "su-1gt", "su-4gt", "su-5gt"},
    "card:SU27": {"su-5ga", "su-6ga", "su-7ga", "su-8ga", "su-10ga", "su-11ga"},
    "card:SU27 if:SU8": {"su-6t", "su-3gt"},
    "card:SU28": {f"su-{n}-ukrainian-front" for n in (1, 2, 3, 4)},
    "card:SU29": {f"su-{n}-baltic-front" for n in (1, 2, 3)},
    "card:SU30": {f"su-{n}-belorussian-front" for n in (1, 2, 3)},
    "card:SU31": {"su-9ga"},
    "card:SU31 if:SU8": {"su-2gt", "su-6gt"},
    "card:SU32": {"su-bg-1a", "su-ro-1a", "su-ro-4a"},
    "card:SU41": {"su-pl-1a"},
    "card:SU54": {"su-fortified-zone"},
    "card:AX1": {"ge-2a", "ge-27c", "ge-40pz"},
    "card:AX2": {"hu-schnell", "it-csir", "ro-5c"},
    "card:AX3": {"ge-34c", "ge-35c"},
    "card:AX4": {"hu-2a", "it-8a", "ro-3c", "ro-6c", "ro-7c"},
    "card:AX5": {"ge-59c", "ge-61c", "ge-72c"},
    "card:AX23": {"ge-skpz"},
    "card:AX26": {"ge-abt-fretter-pico", "ge-abt-kempf", "ge-abt-hollidt"},
    "card:AX27": {"ge-2sspz"},
    "card:AX28": {"ge-1sspz", "ge-3sspz", "ge-19mtn"},
    "card:AX29": {"ge-8a"},
    "card:AX30": {"ge-gdpz", "ge-4sspz", "ge-90c", "ge-21mtn"},
    "card:AX31": {"ge-hgpz", "ge-1cav", "ge-15sscav", "ge-7c"},
    "card:AX37": {"ge-vlasov"},
    "card:AX40": {"ge-6ssa"},
    "card:AX43": {"ge-bunker"},
}

LEVEL = re.compile(r"^(?P<star>\*)?(?P<a>\d+)-(?P<d>\d+)-(?P<m>\d+)$")
HEX = re.compile(r"^\d{4}$")


def levels(unit_id: str) -> list[tuple[bool, int, int, int]]:
    out = []
    for text in UNIT[unit_id]["levels"].split():
        m = LEVEL.match(text)
        assert m, f"{unit_id}: bad level {text!r}"
        out.append((m["star"] is not None, int(m["a"]), int(m["d"]), int(m["m"])))
    return out


def flags(unit_id: str) -> set[str]:
    return set(UNIT[unit_id]["flags"].split())


def attack(unit_id: str, level: int = 0) -> int:
    return levels(unit_id)[level][1]


def defence(unit_id: str, level: int = 0) -> int:
    return levels(unit_id)[level][2]


def column(columns: list[str], strength: int, shift: int = 0) -> str:
    mins = [int(re.match(r"\d+", c).group()) for c in columns]  # type: ignore[union-attr]
    index = max(i for i, low in enumerate(mins) if strength >= low)
    return columns[max(0, min(len(columns) - 1, index + shift))]


# =========================================================================================== provenance


@pytest.mark.parametrize("path", [CARDS, UNITS, TABLES])
def test_data_files_start_with_a_provenance_line(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# PROVISIONAL: ") or first.startswith(
        "# TRANSCRIBED from the rulebook"
    )


def test_cards_are_transcribed_and_units_provisional():
    assert CARDS.read_text(encoding="utf-8").startswith("# TRANSCRIBED from the rulebook")
    assert UNITS.read_text(encoding="utf-8").startswith("# PROVISIONAL: ")


def test_readme_first_line_is_provisional_and_it_lists_disagreements():
    text = README.read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith("PROVISIONAL")
    assert "Digest vs rulebook" in text


# ================================================================================================ cards


def test_card_header():
    header = CARDS.read_text(encoding="utf-8").splitlines()[1]
    assert header == (
        "side,number,deck,ops,rp,rp_ge,rp_pz,rp_ax,title,title_printed,title_it,combat_card,"
        "asterisk,underlined,setaside,prerequisites,event_text,text_it,notes"
    )


def test_110_cards_55_per_side_25_blitzkrieg_30_total_war():
    assert len(CARD_ROWS) == 110
    assert len(CARD) == 110
    for side in ("soviet", "axis"):
        mine = [r for r in CARD_ROWS if r["side"] == side]
        assert len(mine) == 55
        assert sorted(int(r["number"]) for r in mine) == list(range(1, 56))
        decks = Counter(r["deck"] for r in mine)
        assert decks == {"blitzkrieg": 25, "total_war": 30}
        for r in mine:
            assert r["deck"] == ("blitzkrieg" if int(r["number"]) <= 25 else "total_war")


def test_ops_between_1_and_4_and_booleans():
    for r in CARD_ROWS:
        assert 1 <= int(r["ops"]) <= 4
        for key in ("combat_card", "asterisk", "underlined", "setaside"):
            assert r[key] in {"0", "1"}
        assert r["event_text"].strip(), (r["side"], r["number"])
        assert r["title"].strip()


def test_every_card_has_its_italian_text_without_markup():
    """Every card carries the Italian rulebook's card text (text_it), its <i>/<u> tags turned to plain text."""
    for r in CARD_ROWS:
        assert r["text_it"].strip(), (r["side"], r["number"])
        assert "<" not in r["text_it"], (r["side"], r["number"])


@pytest.mark.parametrize("side,table", [("soviet", SOVIET), ("axis", AXIS)])
def test_cards_match_the_digest_lists(side, table):
    for n, (ops, rp, marks) in table.items():
        r = CARD[(side, n)]
        assert int(r["ops"]) == ops, (side, n)
        assert r["rp"] == rp, (side, n)
        assert r["asterisk"] == ("1" if "*" in marks else "0"), (side, n)
        assert r["combat_card"] == ("1" if "C" in marks else "0"), (side, n)
        assert r["underlined"] == ("1" if "U" in marks else "0"), (side, n)


def test_rp_columns():
    for r in CARD_ROWS:
        if r["side"] == "soviet":
            assert int(r["rp"]) == int(r["ops"])  # every Soviet card prints RP = OPS
            assert r["rp_ge"] == r["rp_pz"] == r["rp_ax"] == ""
        else:
            ge, pz, ax = int(r["rp_ge"]), int(r["rp_pz"]), int(r["rp_ax"])
            if r["rp"] == "1":
                assert (ge, pz, ax) == (1, 0, 0)
                assert "rp_single=1" in r["notes"]
            else:
                assert r["rp"] == f"{ge}/{pz}/{ax}"


def test_soviet_cards_1_to_6_set_aside_and_reinforcement_cards():
    for (side, n), r in CARD.items():
        assert r["setaside"] == ("1" if side == "soviet" and n <= 6 else "0")
        reinf = "Reinforcements" in r["title"]
        if side == "soviet":
            assert reinf == (n <= 6 or 26 <= n <= 31)
        else:
            assert reinf == (n <= 5 or 26 <= n <= 31)


def test_titles():
    for n, title in SOVIET_TITLES.items():
        assert CARD[("soviet", n)]["title"] == title
    for n, title in AXIS_TITLES.items():
        assert CARD[("axis", n)]["title"] == title


PREREQ_TOKEN = re.compile(
    r"^(after:(SU|AX)\d{1,2}|not_after:(SU|AX)\d{1,2}|turns:[\d,-]+|not_turns:[\d,]+|"
    r"not_before_turn:\d+|not_winter|cond:[a-z_]+)$"
)


def test_prerequisite_grammar_and_references():
    for r in CARD_ROWS:
        if not r["prerequisites"]:
            continue
        for token in r["prerequisites"].split("; "):
            assert PREREQ_TOKEN.match(token), (r["side"], r["number"], token)
            ref = re.match(r"^(?:not_)?after:(SU|AX)(\d+)$", token)
            if ref:
                side = "soviet" if ref[1] == "SU" else "axis"
                assert (side, int(ref[2])) in CARD


def test_key_prerequisites():
    assert CARD[("soviet", 3)]["prerequisites"] == "after:SU7; not_before_turn:4"
    assert CARD[("axis", 8)]["prerequisites"].startswith("after:AX24")
    assert "after:AX24" in CARD[("soviet", 22)]["prerequisites"]
    assert CARD[("axis", 19)]["prerequisites"] == "turns:2"
    assert CARD[("axis", 23)]["prerequisites"] == "turns:1"
    assert CARD[("soviet", 38)]["prerequisites"] == "turns:13-15,17-18"
    for n in (18, 20, 53):
        assert "after:SU21" in CARD[("soviet", n)]["prerequisites"]


def test_axis_51_52_55_total_war_with_note():
    for n in (51, 52, 55):
        r = CARD[("axis", n)]
        assert r["deck"] == "total_war"
        assert "Blitzkrieg indication" in r["notes"]


def test_incomplete_marks():
    marked = {(r["side"], int(r["number"])) for r in CARD_ROWS if "incomplete=1" in r["notes"]}
    assert {("axis", 10), ("axis", 22), ("soviet", 37), ("axis", 50)} <= marked


def test_combat_card_counts():
    assert sum(r["combat_card"] == "1" for r in CARD_ROWS if r["side"] == "soviet") == 13
    assert sum(r["combat_card"] == "1" for r in CARD_ROWS if r["side"] == "axis") == 15


# ========================================================================================== fire tables


@pytest.mark.parametrize(
    "name,columns,table",
    [("lcu", LCU_COLUMNS, LCU_TABLE), ("scu", SCU_COLUMNS, SCU_TABLE)],
)
def test_fire_tables_cell_by_cell(name, columns, table):
    fire = TABLE["fire"][name]
    assert fire["columns"] == columns
    assert len(fire["column_min"]) == len(columns)
    for col, low in zip(columns, fire["column_min"], strict=True):
        assert int(re.match(r"\d+", col).group()) == low  # type: ignore[union-attr]
    assert sorted(fire["rows"]) == ["1", "2", "3", "4", "5", "6"]
    for roll, expected in table.items():
        assert fire["rows"][str(roll)] == expected.split(), (name, roll)


def test_fire_tables_are_monotonic():
    rank = {"-": 0, "1*": 1, "1": 2, "2": 3, "3": 4}
    for name in ("lcu", "scu"):
        rows = TABLE["fire"][name]["rows"]
        for roll in range(1, 7):
            cells = [rank[c] for c in rows[str(roll)]]
            assert cells == sorted(cells)
        for i in range(len(TABLE["fire"][name]["columns"])):
            cells = [rank[rows[str(roll)][i]] for roll in range(1, 7)]
            assert cells == sorted(cells)


def _digest_fire_table(title: str) -> dict[int, list[str]]:
    lines = DIGEST.read_text(encoding="utf-8").splitlines()
    start = lines.index(title)
    rows = {}
    for line in lines[start : start + 12]:
        m = re.match(r"^\| (\d) \|", line)
        if m:
            cells = [c.strip().replace("–", "-") for c in line.strip().strip("|").split("|")]
            rows[int(m[1])] = cells[1:]
    return rows


@pytest.mark.skipif(not DIGEST.exists(), reason="digest not available")
def test_fire_tables_against_the_digest_file():
    for title, name in (("**LCU Fire Table**", "lcu"), ("**SCU Fire Table**", "scu")):
        digest = _digest_fire_table(title)
        for roll in range(1, 7):
            assert TABLE["fire"][name]["rows"][str(roll)] == digest[roll]


def test_example_column_arithmetic():
    # EX: strength 5 with 2L -> column "3"; strength 11 with 2L -> "6-7"
    assert column(LCU_COLUMNS, 5, -2) == "3"
    assert column(LCU_COLUMNS, 11, -2) == "6-7"


# ============================================================================================== tables


def test_terrain_chart():
    terrain = {t["key"]: t for t in TABLE["terrain"]}
    expected = {  # key: (mp, combat, notes)
        "clear": ("1", "-", []),
        "forest": ("1", "-", ["CR", "HE", "NB"]),
        "rough": ("2", "1S", ["CR", "HE", "NB"]),
        "swamp": ("2", "1S", ["CR", "HE", "NB"]),
        "mountain": ("3/1", "1S", ["b", "CR", "HE", "NB"]),
        "desert": ("2", "-", ["HE"]),
        "town": ("AT", "1S", []),
        "city": ("1", "1S", ["NB"]),
        "fortress_city": ("AT", "1S", ["c", "CR", "NB"]),
        "river": ("AT", "1S", ["a"]),
        "major_river": ("+1", "1S", ["a", "NB (a)"]),
        "kerch_strait": ("+2", "1S", ["HE", "NB (a)"]),
        "entrenchment": ("AT", "1S", ["CR"]),
        "lake_coast": ("P", "-", []),
        "oil": ("AT", "-", []),
    }
    assert set(terrain) == set(expected)
    for key, (mp, combat, notes) in expected.items():
        t = terrain[key]
        assert (t["mp"], t["combat"], t["notes"]) == (mp, combat, notes), key
        assert t.get("shift", 0) == (-1 if combat == "1S" else 0)
        assert t.get("no_retreat", False) == ("CR" in notes)
        assert t.get("halts_exploitation", False) == ("HE" in notes)
        assert t.get("no_blitz", False) == any(n.startswith("NB") for n in notes)
    assert terrain["mountain"]["mp_cost_mountain_units"] == 1


def test_calendar():
    cal = TABLE["calendar"]
    turns = cal["turn"]
    assert cal["turns"] == 18 and len(turns) == 18
    assert [t["number"] for t in turns] == list(range(1, 19))
    anchors = {
        1: "June 1941",
        2: "Summer 1941",
        3: "Autumn 1941",
        4: "Winter 1942",
        8: "Winter 1943",
        18: "Summer 1945",
    }
    for n, label in anchors.items():
        assert turns[n - 1]["label"] == label
    for t in turns:
        season = t["season"]
        assert t["label"].lower().startswith(season)
        expected = {"autumn": [1], "spring": [1, 2]}.get(season, [])
        assert t["rasputitsa_ars"] == expected
        if season == "winter":
            assert t["number"] in cal["winter_turns"]
    assert cal["winter_turns"] == [4, 8, 12, 16]
    assert [t["year"] for t in turns if t["number"] in (1, 2, 3)] == [1941] * 3
    assert [t["number"] for t in turns if t["year"] == 1945] == [16, 17, 18]


def test_hands_oil_and_rp():
    hand = TABLE["hand"]
    assert (hand["start"], hand["max"], hand["min"]) == (6, 7, 4)
    assert hand["axis_no_min_turns"] == [16, 17, 18]
    assert hand["soviet_auto_cards"] == {"1": [1, 2], "3": [3], "4": [4], "5": [5], "6": [6]}
    oil = TABLE["oil"]
    assert oil["hexes"] == ["1428", "2433", "2835", "3138"]
    assert oil["axis_hand_modifier"] == {"0": -1, "1": 0, "2": 0, "3": 1, "4": 1}
    assert oil["soviet_hand_modifier"] == {"0": -2, "1": -1, "2": 0, "3": 0, "4": 0}
    rp = TABLE["replacements"]
    assert (rp["scu_level_cost"], rp["lcu_level_cost"]) == (0.5, 1)
    assert rp["soviet_rp_plays_per_turn"] == 2 and rp["axis_rp_plays_per_turn"] == 1
    assert rp["axis_two_rp_plays_turns"] == [5, 9]
    assert rp["soviet_automatic_rp"] == {"2": 3}
    assert TABLE["total_war"] == {
        "earliest_turn": 6,
        "one_player_asterisk_events": 12,
        "combined_asterisk_events": 20,
    }


def test_vp_tournament_bidding():
    vp = TABLE["vp"]
    assert (vp["start"], vp["axis_auto_win_at_or_above"], vp["soviet_auto_win_at_or_below"]) == (
        7,
        20,
        0,
    )
    for event in vp["event"]:
        side = "soviet" if event["card"].startswith("SU") else "axis"
        assert (side, int(event["card"][2:])) in CARD
    htc = next(e for e in vp["event"] if e["card"] == "AX24")
    assert htc["turns"] == [5, 6, 9, 10, 13, 14, 17, 18]
    t = TABLE["tournament"]
    assert (t["last_turn"], t["axis_wins_with_ussr_vp_spaces"]) == (8, 9)
    assert (t["shift_if_no_SU8_event"], t["shift_if_no_AX24_event"]) == (2, -2)
    b = TABLE["bidding"]
    assert (b["from_turn"], b["max_rp_per_turn"], b["standard_soviet_turn2_rp"]) == (2, 3, 3)


# ================================================================================================ units


def test_unit_header_and_ids_unique():
    header = UNITS.read_text(encoding="utf-8").splitlines()[1]
    assert header == (
        "id,name,side,nationality,size,type,levels,zoc,exploit,mountain,setup,arrives,flags,basis"
    )
    ids = [r["id"] for r in UNIT_ROWS]
    assert len(ids) == len(set(ids))
    # designators repeat: Guards cavalry corps and Guards armies 1G-3G both exist
    for n in (1, 2, 3):
        assert UNIT[f"su-{n}gcc"]["type"] == "guards_cavalry_corps"
        assert UNIT[f"su-{n}ga"]["type"] == "guards_army"
    assert UNIT["ro-3a"]["size"] == "LCU" and UNIT["ro-3c"]["size"] == "SCU"


def test_unit_fields():
    for r in UNIT_ROWS:
        uid = r["id"]
        assert r["side"] in {"soviet", "axis"}
        assert r["size"] in {"LCU", "SCU"}
        assert r["nationality"] in {"SU", "BG", "RO", "PL", "GE", "HU", "IT"}
        assert r["zoc"] in {"0", "1"} and r["mountain"] in {"0", "1"}
        assert r["exploit"] in {"0", "1", "after_uranus"}
        assert HEX.match(r["setup"]) or r["setup"] in {
            "setaside",
            "other_fronts",
            "eliminated",
            "track",
        }
        assert (r["arrives"] == "setup") == bool(HEX.match(r["setup"])), uid
        assert r["basis"], uid
        lv = levels(uid)
        assert 1 <= len(lv) <= 4
        assert len(lv) == 4 or "two_counters" not in flags(uid)
        # strongest first: attack and defence never grow as levels are lost
        for hi, lo in pairwise(lv):
            assert lo[1] <= hi[1] and lo[2] <= hi[2], uid
        if r["size"] == "LCU":
            assert r["zoc"] == "1", uid


def test_level_syntax():
    for r in UNIT_ROWS:
        for text in r["levels"].split():
            assert LEVEL.match(text), (r["id"], text)
        assert "," not in r["levels"]


def test_half_stripe_means_single_level():
    for r in UNIT_ROWS:
        single = len(levels(r["id"])) == 1
        if r["type"] == "partisan":
            continue
        assert single == ("half_stripe" in flags(r["id"])), r["id"]


def test_every_setup_unit_present_with_its_hex():
    expected = {**SOVIET_SETUP, **AXIS_SETUP}
    assert len(SOVIET_SETUP) == 28 and len(AXIS_SETUP) == 22
    for uid, hx in expected.items():
        assert uid in UNIT, uid
        assert UNIT[uid]["setup"] == hx, uid
        assert UNIT[uid]["arrives"] == "setup"
    on_map = {r["id"] for r in UNIT_ROWS if HEX.match(r["setup"])}
    assert on_map == set(expected)
    for uid in SOVIET_SETUP:
        assert UNIT[uid]["side"] == "soviet"
    for uid in AXIS_SETUP:
        assert UNIT[uid]["side"] == "axis"
    for uid, word in SETUP_NAMES.items():
        assert word in UNIT[uid]["name"], uid
    assert UNIT["hu-3a"]["nationality"] == "HU"
    assert UNIT["ro-3a"]["nationality"] == UNIT["ro-4a"]["nationality"] == "RO"


def test_setup_stacking():
    by_hex: dict[str, list[dict[str, str]]] = {}
    for r in UNIT_ROWS:
        if HEX.match(r["setup"]):
            by_hex.setdefault(r["setup"], []).append(r)
    for hx, units in by_hex.items():
        counted = [u for u in units if "non_stacking" not in u["flags"].split()]
        assert len(counted) <= 4, hx
        assert sum(u["size"] == "LCU" for u in counted) <= 1, hx


def test_reinforcement_lists():
    for arrives, ids in REINFORCEMENTS.items():
        got = {r["id"] for r in UNIT_ROWS if r["arrives"] == arrives}
        assert got == ids, arrives
        for uid in ids:
            assert UNIT[uid]["setup"] == "setaside"
    allowed = set(REINFORCEMENTS) | {
        "setup",
        "event:first_elimination_of:su-southwest-front",
        "rule:16.1 after:SU21",
    }
    assert {r["arrives"] for r in UNIT_ROWS} <= allowed
    # every reinforcement card of either side places at least one unit
    for (side, n), card in CARD.items():
        if "Reinforcements" in card["title"]:
            code = ("SU" if side == "soviet" else "AX") + str(n)
            assert any(a.split()[0] == f"card:{code}" for a in REINFORCEMENTS), code


def test_rulebook_values_hold():
    # German armies: 5-3 (never rebuilt) -> 4-3 -> 3-3 (second counter) -> 2-3 [2.2.1, 14.1.6, EX]
    armies = [r["id"] for r in UNIT_ROWS if r["nationality"] == "GE" and r["type"] == "army"]
    assert len(armies) == 9
    for uid in armies:
        assert levels(uid) == [
            (True, 5, 5, 3),
            (False, 4, 4, 3),
            (False, 3, 3, 3),
            (False, 2, 2, 3),
        ]
        assert "two_counters" in flags(uid)
    # shock armies MA 2 [10.1.4]
    shock = [r["id"] for r in UNIT_ROWS if r["type"] == "shock_army"]
    assert len(shock) == 5
    assert all(m == 2 for uid in shock for (_, _, _, m) in levels(uid))
    # Panzer corps MA 5 [12.2.2], ZOC [8.1], exploit [12.1.1]
    panzers = [r["id"] for r in UNIT_ROWS if r["type"] in {"panzer_corps", "ss_panzer_corps"}]
    assert len(panzers) == 18
    for uid in panzers:
        assert all(m == 5 for (_, _, _, m) in levels(uid))
        assert UNIT[uid]["zoc"] == "1" and UNIT[uid]["exploit"] == "1"
        assert UNIT[uid]["size"] == "SCU" and len(levels(uid)) == 2
    # Stalin: SCU, no attack, no MA, no ZOC [16.4.1]
    stalin = UNIT["su-stalin"]
    assert stalin["size"] == "SCU" and stalin["zoc"] == "0"
    assert [(a, m) for (_, a, _, m) in levels("su-stalin")] == [(0, 0)]
    # Southwest Front: 5-3 then the weaker counter [25.1, 11.3.6, 14.2.1]
    assert levels("su-southwest-front")[0][1:] == (5, 5, 3)
    assert "replaced_on_elimination:su-southwest-front-2" in flags("su-southwest-front")
    weak = UNIT["su-southwest-front-2"]
    assert weak["setup"] == "setaside" and "replaces:su-southwest-front" in flags(
        "su-southwest-front-2"
    )
    assert attack("su-southwest-front-2") < attack("su-southwest-front")
    # 1941 mech corps: non-rebuildable; single level except 15M (two levels, EX)
    mech = [r["id"] for r in UNIT_ROWS if r["type"] == "mech_corps"]
    assert len(mech) == 12
    for uid in mech:
        assert all(star for (star, _, _, _) in levels(uid)), uid
        assert len(levels(uid)) == (2 if uid == "su-15m" else 1), uid
        assert UNIT[uid]["zoc"] == "1" and UNIT[uid]["exploit"] == "after_uranus"
    # GD Pz Corps enters reduced [7.5.3]
    assert "enters_reduced" in flags("ge-gdpz")


def test_example_of_play_numbers():
    assert (defence("su-3m"), len(levels("su-3m"))) == (2, 1)
    assert (defence("su-4m"), len(levels("su-4m"))) == (3, 1)
    assert (defence("su-22m"), len(levels("su-22m"))) == (2, 1)
    assert (defence("su-28r"), len(levels("su-28r"))) == (2, 1)
    assert all(star for (star, _, _, _) in levels("su-28r"))
    assert attack("su-15m") == 3
    assert attack("ge-16a") == attack("ge-6a") == 5
    assert attack("ge-48pz") + attack("ge-3pz") + attack("ge-14pz") == 11
    assert attack("ge-3pz") + attack("ge-14pz") == 8
    assert sum(attack(f"ge-{n}pz") for n in (39, 57, 56, 41)) == 15
    assert attack("ge-9a") + sum(attack(f"ge-{n}pz") for n in (46, 24, 47)) == 15
    assert column(LCU_COLUMNS, defence("ge-6a") + defence("ge-48pz", 1)) == "6-7"
    assert len(levels("ge-43c")) == 2 and attack("ge-43c", 1) == 1
    assert column(LCU_COLUMNS, attack("ge-4a") + attack("ge-43c", 1), -2) == "4"
    for uid in ("su-west-front", "su-south-front", "su-leningrad-front", "su-transcaucasus-front"):
        assert defence(uid) == 3 and len(levels(uid)) == 2
    assert defence("ro-3a") == 2


def test_zoc_and_exploit_by_type():
    zoc_scu = {
        "mech_corps",
        "tank_army",
        "guards_tank_army",
        "guards_army",
        "panzer_corps",
        "ss_panzer_corps",
    }
    for r in UNIT_ROWS:
        if r["size"] == "SCU":
            assert (r["zoc"] == "1") == (r["type"] in zoc_scu), r["id"]
        if r["type"] in {"tank_army", "guards_tank_army", "guards_army"}:
            assert r["exploit"] == "1"
        if r["size"] == "LCU":
            assert r["exploit"] == "0"


def test_total_war_swaps_and_conditional_units():
    for r in UNIT_ROWS:
        f = flags(r["id"])
        if r["type"] == "front" and r["arrives"] in {"card:SU28", "card:SU29", "card:SU30"}:
            assert "swap:front" in f
        if r["type"] == "guards_tank_army":
            assert "swap:tank_army" in f and r["arrives"].endswith("if:SU8")
        if r["type"] == "tank_army":
            assert r["arrives"].endswith("if:SU8")
    for n in (4, 5, 6, 7, 8, 9, 10, 11):
        assert "swap:army" in flags(f"su-{n}ga")
    for n in (1, 2, 3):
        assert "swap:army" not in flags(f"su-{n}ga")


def test_mountain_units():
    assert {r["id"] for r in UNIT_ROWS if r["mountain"] == "1"} == {
        "ge-49mtn",
        "ge-19mtn",
        "ge-21mtn",
    }


def test_counts():
    assert len(UNIT_ROWS) == 158
    fronts = [r for r in UNIT_ROWS if r["type"] == "front"]
    assert len(fronts) == 24  # 8 setup + weaker Southwest + 5 Blitzkrieg + 10 Total War
    assert len([r for r in UNIT_ROWS if r["type"] == "guards_army"]) == 11
    assert len([r for r in UNIT_ROWS if r["type"] == "tank_army"]) == 6
    assert len([r for r in UNIT_ROWS if r["type"] == "guards_tank_army"]) == 6
