"""Supply (14): sources, Connected Rail Hexes, lines of supply, isolation and attrition.

Every test builds a small map of its own with ``parse_map`` (the generated Caucasus map is not
used). Hexes are labelled CCRR (column, row); on these grids every hex of one row is adjacent to
the next one in the same row (``0105 0205 0305 ...``), and so is every hex of one column.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from engine.errors import NotImplementedRule
from engine.games.caucasus import supply
from engine.games.caucasus.model import AXIS, SOVIET, Rules, StepValues, UnitSpec, UnitType
from engine.games.caucasus.state import new_unit
from engine.hexgrid import Grid
from engine.mapdata import MapData, parse_map

CODES = {
    ".": "open",
    "d": "desert",
    "r": "rough",
    "s": "swamp",
    "f": "forest",
    "m": "mountain",
    "A": "alpine",
    "~": "sea",
    "S": "seasonal_swamp",
}
CODE_OF = {v: k for k, v in CODES.items()}


# Test map and state builders (also used by test_rail.py) ---------------------------------------
def row(r: int, c1: int, c2: int) -> list[str]:
    return [f"{c:02d}{r:02d}" for c in range(c1, c2 + 1)]


def col(c: int, r1: int, r2: int) -> list[str]:
    return [f"{c:02d}{r:02d}" for r in range(r1, r2 + 1)]


def make_board(
    cols: int,
    rows: int,
    terrain: Mapping[str, str] | None = None,
    default: str = "open",
    sides: Iterable[tuple[str, str, str]] = (),
    lines: Iterable[tuple[str, Iterable[str]]] = (),
    places: Iterable[tuple[str, str, str, str]] = (),
    offmap: Mapping[str, tuple[str, str]] | None = None,
) -> MapData:
    """A test map: ``lines`` are ("rail:supply_only", hexes); ``places`` (hex, name, kind, attrs)."""
    grid = Grid(cols, rows)
    terrain = dict(terrain or {})
    head = "# SOURCE: unit test\n"
    toml = head + f'name = "test"\n[grid]\ncols = {cols}\nrows = {rows}\n[terrain_codes]\n'
    toml += "".join(f'"{k}" = "{v}"\n' for k, v in CODES.items())
    if offmap:
        toml += "[offmap_links]\n" + "".join(
            f'{k} = ["{a}", "{b}"]\n' for k, (a, b) in offmap.items()
        )
    ter = head + "".join(
        f"{r:02d} "
        + "".join(CODE_OF[terrain.get(grid.label(c, r), default)] for c in range(1, cols + 1))
        + "\n"
        for r in range(1, rows + 1)
    )
    texts = {
        "map.toml": toml,
        "terrain.txt": ter,
        "hexsides.txt": head + "".join(f"{a} {b} {f}\n" for a, b, f in sides),
        "lines.txt": head + "".join(f"{kind} {' '.join(hexes)}\n" for kind, hexes in lines),
        "places.txt": head + "".join(f"{h} | {n} | {k} | {a}\n" for h, n, k, a in places),
        "zones.txt": head,
    }
    board, problems = parse_map(texts)
    assert board is not None and not problems, problems
    return board


def spec(
    uid: str,
    side: str,
    kind: UnitType = UnitType.INF,
    nationality: str | None = None,
    move: int = 4,
    flags: Iterable[str] = (),
) -> UnitSpec:
    nat = nationality or ("wehrmacht" if side == AXIS else "soviet")
    return UnitSpec(
        uid, uid, side, nat, kind, "XX", (StepValues(4, 4, move),), flags=frozenset(flags)
    )


def make_rules(board: MapData, *specs: UnitSpec) -> Rules:
    return Rules(board, {s.id: s for s in specs}, {}, (), {}, ())


def make_state(
    placed: Mapping[str, str],
    turn: int = 1,
    control: Mapping[str, str] | None = None,
    phase: Mapping[str, str] | None = None,
    **unit_changes: Mapping[str, Any],
) -> dict[str, Any]:
    units = {uid: new_unit(hex=h) for uid, h in placed.items()}
    for uid, changes in unit_changes.items():
        units[uid].update(changes)
    return {
        "turn": turn,
        "units": units,
        "control": dict(control or {}),
        "phase": dict(phase or {"side": AXIS, "impulse": "supply", "step": ""}),
        "flags": {"rail_used": []},
    }


AXIS_ENTRY = ("0101", "Entry A", "entry", "entry=A side=axis")


def railhead_board(**kw: Any) -> MapData:
    """12x10 open map: Axis entry A at 0101, railway down column 1 (0101-0110)."""
    lines = [("rail", col(1, 1, 10)), *kw.pop("lines", [])]
    places = [AXIS_ENTRY, *kw.pop("places", [])]
    return make_board(12, 10, lines=lines, places=places, **kw)


# Sources (14.2) --------------------------------------------------------------------------------
def test_sources_friendly_entries_and_ports():
    board = railhead_board(
        places=[
            ("1210", "Entry F", "entry", "entry=F side=soviet"),
            ("0610", "Portaxis", "town", "port=minor sea=black control=axis"),
            ("0810", "Portbig", "minor_city", "port=major sea=black"),
            ("1010", "Portlost", "town", "port=minor sea=black"),
        ]
    )
    rules = make_rules(board)
    state = make_state({}, control={"1010": AXIS})
    axis = supply.sources(rules, state, AXIS)
    assert axis.full == {"0101"}  # Soviet entry F never supplies the Axis (14.21)
    assert dict(axis.ports) == {"0610": 3, "1010": 3}
    soviet = supply.sources(rules, state, SOVIET)
    assert soviet.full == {"1210"} and dict(soviet.ports) == {"0810": None}
    state["control"]["1210"] = AXIS  # a captured entry hex is no source for anyone (14.21)
    assert supply.sources(rules, state, SOVIET).full == frozenset()
    assert supply.sources(rules, state, AXIS).full == {"0101"}


# Connected Rail Hexes (14.3) -------------------------------------------------------------------
def test_connected_rail_hexes_stop_at_enemy_units_and_zoc():
    board = railhead_board()
    rules = make_rules(board, spec("r1", SOVIET), spec("g1", AXIS))
    assert supply.connected_rail_hexes(rules, make_state({}), AXIS) == set(col(1, 1, 10))
    # A Soviet unit at 0306 puts 0205/0206 in its ZOC, not the railway: still whole.
    assert supply.connected_rail_hexes(rules, make_state({"r1": "0306"}), AXIS) == set(
        col(1, 1, 10)
    )
    # At 0206 its ZOC covers 0106 and 0107: the railway is cut from 0106 on, even where a German
    # unit stands (the friendly-unit exception is for lines of supply only).
    state = make_state({"r1": "0206", "g1": "0106"})
    assert supply.connected_rail_hexes(rules, state, AXIS) == set(col(1, 1, 5))


def test_supply_only_and_unfinished_lines_and_offmap_link():
    board = make_board(
        12,
        10,
        lines=[
            ("rail", row(5, 1, 4)),
            ("rail:supply_only", row(5, 4, 7)),
            ("rail:unfinished,supply_only", row(5, 7, 10)),
        ],
        places=[("0105", "Entry F", "entry", "entry=F side=soviet")],
    )
    board2 = make_board(
        12,
        10,
        lines=[("rail", col(11, 5, 8))],
        places=[
            ("0105", "Entry F", "entry", "entry=F side=soviet"),
            ("1105", "Tbilisi", "major_city", ""),
        ],
        offmap={"tbilisi_f": ("1105", "0105")},
    )
    rules = make_rules(board)
    assert supply.connected_rail_hexes(rules, make_state({}, turn=7), SOVIET) == set(row(5, 1, 7))
    assert supply.connected_rail_hexes(rules, make_state({}, turn=8), SOVIET) == set(row(5, 1, 10))
    assert supply.connected_rail_hexes(
        rules, make_state({}, turn=8), SOVIET, for_supply=False
    ) == set(row(5, 1, 4))
    # The off-map railway joins Tbilisi to entry F for the Soviet (7.22): Kutaisi's line is connected.
    rules2 = make_rules(board2)
    assert supply.connected_rail_hexes(rules2, make_state({}), SOVIET) == {"0105", *col(11, 5, 8)}


# Lines of supply (14.1, 14.3) -----------------------------------------------------------------
def test_example_units_a_b_full_three_hexes_from_the_railway():
    """Chapter 14 example: A and B are Full, tracing 3 hexes to a railway."""
    rules = make_rules(railhead_board(), spec("a", AXIS), spec("b", AXIS), spec("far", AXIS))
    status = supply.supply_status(
        rules, make_state({"a": "0405", "b": "0408", "far": "0705"}), AXIS
    )
    assert status["a"].state == "full" and status["a"].source in col(1, 1, 10)
    assert status["b"].state == "full"
    # Six hexes from the railway, no road: out of supply but not isolated.
    assert status["far"].state == "out" and not status["far"].isolated


def corridor_board() -> MapData:
    """Column 1 is a railway from Axis entry A; row 4 is the only land eastwards; 0303 is a spur."""
    land = set(col(1, 1, 10)) | set(row(4, 1, 9)) | {"0303"}
    terrain = {
        f"{c:02d}{r:02d}": "open"
        for c in range(1, 13)
        for r in range(1, 11)
        if f"{c:02d}{r:02d}" in land
    }
    return make_board(
        12, 10, terrain=terrain, default="sea", lines=[("rail", col(1, 1, 10))], places=[AXIS_ENTRY]
    )


def test_los_example_unit_a_empty_ezoc_blocks_and_isolates():
    """LOS example: A is Out (and isolated): the only line runs into an empty hex in an EZOC."""
    rules = make_rules(corridor_board(), spec("a", AXIS), spec("red", SOVIET))
    status = supply.supply_status(rules, make_state({"a": "0504", "red": "0303"}), AXIS)
    assert status["a"].state == "out" and status["a"].isolated


def test_los_example_unit_c_traces_through_a_friendly_unit_in_ezoc():
    """LOS example: C is Full: its line runs through a friendly unit standing in an EZOC."""
    rules = make_rules(corridor_board(), spec("c", AXIS), spec("b", AXIS), spec("red", SOVIET))
    status = supply.supply_status(
        rules, make_state({"c": "0504", "b": "0304", "red": "0303"}), AXIS
    )
    assert status["c"].state == "full" and status["b"].state == "full"


def test_no_trace_into_enemy_occupied_hex():
    rules = make_rules(corridor_board(), spec("a", AXIS), spec("red", SOVIET))
    status = supply.supply_status(rules, make_state({"a": "0504", "red": "0304"}), AXIS)
    assert status["a"].state == "out" and status["a"].isolated


def test_no_trace_across_sea_lake_or_alpine_hexsides():
    for feature in ("sea", "lake", "alpine"):
        board = make_board(
            12,
            10,
            sides=[(a, b, feature) for a, b in wall(col(3, 1, 10), 4)],
            lines=[("rail", col(1, 1, 10))],
            places=[AXIS_ENTRY],
        )
        rules = make_rules(board, spec("a", AXIS))
        status = supply.supply_status(rules, make_state({"a": "0405"}), AXIS)
        assert status["a"].state == "out" and status["a"].isolated, feature


def wall(west: list[str], east_col: int) -> list[tuple[str, str]]:
    """Every hexside between the hexes ``west`` and the hexes of column ``east_col``."""
    g = Grid(12, 10)
    return [(a, b) for a in west for b in g.neighbours(a) if int(b[:2]) == east_col]


def mountain_board(road: bool = False) -> MapData:
    """Railway down column 1 from entry A; column 3 all mountain."""
    lines = [("rail", col(1, 1, 10))]
    if road:
        lines.append(("road", row(4, 1, 4)))
    return make_board(
        12, 10, terrain={h: "mountain" for h in col(3, 1, 10)}, lines=lines, places=[AXIS_ENTRY]
    )


def test_example_unit_f_downgraded_through_a_mountain_hex():
    """Chapter 14 examples: a line through a mountain hex is Limited; one out of it is Full."""
    rules = make_rules(mountain_board(), spec("d", AXIS), spec("f", AXIS))
    status = supply.supply_status(rules, make_state({"d": "0404", "f": "0304"}), AXIS)
    assert status["d"].state == "limited"  # passes through column 3 (14.3)
    assert status["f"].state == "full"  # leaves its own mountain hex only


def test_mountain_hex_crossed_along_road_does_not_downgrade():
    rules = make_rules(mountain_board(road=True), spec("d", AXIS), spec("e", AXIS))
    status = supply.supply_status(rules, make_state({"d": "0404", "e": "0504"}), AXIS)
    assert status["d"].state == "full" and status["e"].state == "full"


def test_entering_a_single_swamp_hex_at_the_railway_does_not_downgrade():
    board = make_board(
        12,
        10,
        terrain={h: "swamp" for h in col(1, 1, 10)},
        lines=[("rail", col(1, 1, 10))],
        places=[AXIS_ENTRY],
    )
    rules = make_rules(board, spec("a", AXIS))
    assert supply.supply_status(rules, make_state({"a": "0405"}), AXIS)["a"].state == "full"
    # Through two swamp hexes: the first one is passed through.
    board = make_board(
        12,
        10,
        terrain={h: "swamp" for h in col(1, 1, 10) + col(2, 1, 10)},
        lines=[("rail", col(1, 1, 10))],
        places=[AXIS_ENTRY],
    )
    rules = make_rules(board, spec("a", AXIS))
    assert supply.supply_status(rules, make_state({"a": "0405"}), AXIS)["a"].state == "limited"


def test_seasonal_swamp_downgrades_from_turn_10():
    terrain = {h: "seasonal_swamp" for h in col(3, 1, 10)}
    board = make_board(
        12, 10, terrain=terrain, lines=[("rail", col(1, 1, 10))], places=[AXIS_ENTRY]
    )
    rules = make_rules(board, spec("a", AXIS))
    assert supply.supply_status(rules, make_state({"a": "0404"}, turn=9), AXIS)["a"].state == "full"
    assert (
        supply.supply_status(rules, make_state({"a": "0404"}, turn=10), AXIS)["a"].state
        == "limited"
    )


def test_los_example_unit_d_one_hex_through_mountains_to_a_road_out_to_a_connected_rail_hex():
    """LOS example D: one hex through the mountains to a road that leads out of the mountains to
    a Connected Rail Hex: Full, though the road runs 8 hexes (beyond the 5-hex free leg)."""
    mountains = {f"{c:02d}{r:02d}": "mountain" for c in range(3, 11) for r in range(1, 11)}
    board = make_board(
        12,
        10,
        terrain=mountains,
        lines=[("rail", col(1, 1, 10)), ("road", row(6, 1, 9))],
        places=[AXIS_ENTRY],
    )
    rules = make_rules(board, spec("d", AXIS))
    res = supply.supply_status(rules, make_state({"d": "0905"}), AXIS)["d"]
    assert res.state == "full" and res.source in col(1, 1, 10)
    # Two hexes through the mountains: the hex in between is passed through off road.
    res = supply.supply_status(rules, make_state({"d": "0904"}), AXIS)["d"]
    assert res.state == "limited"


def pass_board() -> MapData:
    """Rows 1-4 (north) and 5-8 (south) are divided by alpine hexsides, except a pass on the road
    0404-0405 that runs south to the minor port of Portovo (0408). No entry hex at all."""
    g = Grid(8, 8)
    sides = [
        (a, b, "alpine pass" if {a, b} == {"0404", "0405"} else "alpine")
        for a in row(4, 1, 8)
        for b in g.neighbours(a)
        if b[2:] == "05"
    ]
    return make_board(
        8,
        8,
        sides=sides,
        lines=[("road", col(4, 4, 8))],
        places=[("0408", "Portovo", "town", "port=minor sea=black control=axis")],
    )


def test_los_example_unit_e_limited_by_a_supply_road_then_out_when_passes_close():
    """LOS example E: Limited, tracing to a supply road 3 hexes away; Out (and isolated) once the
    passes close (2.32)."""
    rules = make_rules(pass_board(), spec("e", AXIS))
    res = supply.supply_status(rules, make_state({"e": "0401"}, turn=9), AXIS)["e"]
    assert res.state == "limited" and res.source == "0408"
    res = supply.supply_status(rules, make_state({"e": "0401"}, turn=10), AXIS)["e"]
    assert res.state == "out" and res.isolated


def test_free_leg_is_five_hexes_then_road_only():
    board = railhead_board(lines=[("road", row(10, 1, 12))])
    rules = make_rules(board, spec("five", AXIS), spec("six", AXIS), spec("road", AXIS))
    status = supply.supply_status(
        rules, make_state({"five": "0602", "six": "0702", "road": "1205"}), AXIS
    )
    assert status["five"].state == "full"
    assert status["six"].state == "out" and not status["six"].isolated
    # 1205 is 5 hexes north of the road at 1210, which leads to the Connected Rail Hex 0110.
    assert status["road"].state == "full" and status["road"].source in col(1, 1, 10)


def test_road_to_an_entry_hex_without_rail_is_limited():
    board = make_board(
        12,
        10,
        lines=[("road", row(5, 1, 12))],
        places=[("0105", "Entry G", "entry", "entry=G side=soviet")],
    )
    rules = make_rules(board, spec("r", SOVIET), spec("near", SOVIET))
    status = supply.supply_status(rules, make_state({"r": "1203", "near": "0405"}), SOVIET)
    assert status["r"].state == "limited" and status["r"].source == "0105"  # "road supply" (14.1)
    assert status["near"].state == "full"  # the free leg reaches the entry hex itself


def test_rail_leg_through_a_friendly_unit_in_ezoc():
    """A Soviet unit at 0205 (its ZOC kept off 0106 by a lake hexside) puts the German-held rail
    hex 0105 in an EZOC: the railway beyond is no Connected Rail line (14.3), but a line of supply
    may run along it through the friendly unit to the Connected Rail Hex 0104: Full."""
    board = railhead_board(sides=[("0205", "0106", "lake")])
    rules = make_rules(board, spec("g", AXIS), spec("far", AXIS), spec("r", SOVIET))
    state = make_state({"g": "0105", "r": "0205", "far": "0110"})
    assert supply.connected_rail_hexes(rules, state, AXIS) == set(col(1, 1, 4))
    status = supply.supply_status(rules, state, AXIS)
    assert status["g"].state == "full" and status["far"].state == "full"


def test_rail_leg_to_an_entry_hex_in_ezoc_is_limited():
    """Ruling 38: the entry hex J is in an EZOC (held by a German unit), so no rail hex is
    Connected; a rail path to the entry hex still gives Limited supply."""
    board = make_board(
        12,
        10,
        sides=[("0201", "0102", "lake")],
        lines=[("rail", col(1, 1, 10))],
        places=[("0101", "Entry J", "entry", "entry=J side=axis")],
    )
    rules = make_rules(board, spec("g", AXIS), spec("far", AXIS), spec("r", SOVIET))
    state = make_state({"g": "0101", "r": "0201", "far": "0110"})
    assert supply.connected_rail_hexes(rules, state, AXIS) == frozenset()
    status = supply.supply_status(rules, state, AXIS)
    assert status["g"].state == "full"  # on the entry hex itself
    assert status["far"].state == "limited" and status["far"].source == "0101"


def pocket_board(port: str) -> MapData:
    """A railway from Soviet entry F (0110) east along row 10, then north up column 10 to
    Novorossiysk (1005), a port; the rest is sea but for a few hexes round the port."""
    land = set(row(10, 1, 10)) | set(col(10, 5, 10)) | set(POCKET)
    return make_board(
        12,
        10,
        terrain={h: "open" for h in land},
        default="sea",
        lines=[("rail", row(10, 1, 10)), ("rail", col(10, 5, 10))],
        places=[
            ("0110", "Entry F", "entry", "entry=F side=soviet"),
            ("1005", "Novorossiysk", "minor_city", f"port={port} sea=black"),
        ],
    )


POCKET = ["1004", "1006", "0904", "0905", "1104", "1105", "1003"]


def test_novorossiysk_pocket_is_in_limited_supply():
    """Chapter 14 example: the seven Soviet units in the Novorossiysk pocket are Limited."""
    specs = [spec(f"s{i}", SOVIET) for i in range(7)] + [spec("ger", AXIS)]
    rules = make_rules(pocket_board("major"), *specs)
    placed = {f"s{i}": h for i, h in enumerate(POCKET)} | {"ger": "1008"}
    status = supply.supply_status(rules, make_state(placed), SOVIET)
    assert {status[f"s{i}"].state for i in range(7)} == {"limited"}
    assert {status[f"s{i}"].source for i in range(7)} == {"1005"}
    # Without the German unit cutting the railway, the pocket is Full.
    del placed["ger"]
    status = supply.supply_status(rules, make_state(placed), SOVIET)
    assert {status[f"s{i}"].state for i in range(7)} == {"full"}


def test_minor_port_supplies_three_units_by_id_or_owner_priority():
    specs = [spec(f"s{i}", SOVIET) for i in range(5)] + [spec("ger", AXIS)]
    rules = make_rules(pocket_board("minor"), *specs)
    placed = {f"s{i}": h for i, h in enumerate(POCKET[:5])} | {"ger": "1008"}
    status = supply.supply_status(rules, make_state(placed), SOVIET)
    assert [status[f"s{i}"].state for i in range(5)] == ["limited"] * 3 + ["out"] * 2
    assert not status["s4"].isolated  # it reaches the port; the port is full
    status = supply.supply_status(rules, make_state(placed), SOVIET, port_priority=["s4", "s3"])
    assert [status[f"s{i}"].state for i in range(5)] == [
        "limited",
        "out",
        "out",
        "limited",
        "limited",
    ]


def test_minor_port_places_go_to_the_largest_set_of_units():
    """Unit a can use either port, b..d only the west one: a goes east so all four are supplied."""
    board = make_board(
        12,
        10,
        places=[
            ("0105", "Westport", "town", "port=minor sea=black"),
            ("1105", "Eastport", "town", "port=minor sea=black"),
        ],
    )
    specs = [spec(u, SOVIET) for u in ("a", "b", "c", "d", "e", "f", "g")]
    rules = make_rules(board, *specs)
    placed = {"a": "0605", "b": "0204", "c": "0205", "d": "0206", "e": "1104", "f": "1106"}
    status = supply.supply_status(rules, make_state(placed), SOVIET)
    assert {u: status[u].source for u in placed} == {
        "a": "1105",
        "b": "0105",
        "c": "0105",
        "d": "0105",
        "e": "1105",
        "f": "1105",
    }


def azov_board(temryuk_road: bool = True) -> MapData:
    """Temryuk (0602) on a road east to Soviet entry G (1202); Yeysk (0110) far to the south-west."""
    lines = [("road", row(2, 6, 12))] if temryuk_road else []
    return make_board(
        12,
        10,
        lines=lines,
        places=[
            ("1202", "Entry G", "entry", "entry=G side=soviet"),
            ("0602", "Temryuk", "town", "port=minor sea=azov"),
            ("0110", "Yeysk", "town", "port=minor sea=azov"),
        ],
    )


def test_temryuk_exception_cuts_the_sea_of_azov_ports():
    specs = [spec("s", SOVIET), spec("flot", SOVIET, UnitType.AZOV_FLOTILLA), spec("ger", AXIS)]
    rules = make_rules(azov_board(), *specs)
    state = make_state({"s": "0210", "flot": "0110"})
    srcs = supply.sources(rules, state, SOVIET)
    assert not srcs.azov_cut and srcs.limited == {"0602", "0110"}
    status = supply.supply_status(rules, state, SOVIET)
    assert status["s"].state == "limited" and status["s"].source == "0110"
    # The Axis captures Temryuk (14.22): no Sea of Azov port supplies any more.
    state["control"]["0602"] = AXIS
    srcs = supply.sources(rules, state, SOVIET)
    assert srcs.azov_cut and srcs.limited == set()
    status = supply.supply_status(rules, state, SOVIET)
    assert status["s"].state == "out" and status["flot"].state == "out"
    assert not status["s"].isolated  # entry G can still be reached overland (14.6)
    # "This would put the Azov Flotilla out of supply" (14.22), even next to a road to entry G.
    state["units"]["flot"]["hex"] = "0703"
    assert supply.supply_status(rules, state, SOVIET)["flot"].state == "out"
    state["control"]["0602"] = SOVIET
    assert supply.supply_status(rules, state, SOVIET)["flot"].state != "out"


def test_temryuk_out_of_supply_cuts_the_sea_of_azov_ports():
    # No road from Temryuk to the entry hex 6 hexes away: Temryuk is out of supply (14.22).
    rules = make_rules(azov_board(temryuk_road=False), spec("s", SOVIET))
    state = make_state({"s": "0210"})
    assert supply.sources(rules, state, SOVIET).azov_cut
    assert supply.supply_status(rules, state, SOVIET)["s"].state == "out"


def test_azov_ports_without_temryuk_on_the_map_are_refused():
    board = make_board(8, 8, places=[("0105", "Yeysk", "town", "port=minor sea=azov")])
    rules = make_rules(board, spec("s", SOVIET))
    with pytest.raises(NotImplementedRule) as exc:
        supply.supply_status(rules, make_state({"s": "0106"}), SOVIET)
    assert exc.value.rule == "14.22"


def test_hqs_are_included_and_can_be_isolated():
    rules = make_rules(
        corridor_board(), spec("hq", AXIS, UnitType.HQ, flags=["white_box"]), spec("red", SOVIET)
    )
    status = supply.supply_status(rules, make_state({"hq": "0504", "red": "0303"}), AXIS)
    assert status["hq"].state == "out" and status["hq"].isolated


def test_isolation_ignores_the_five_hex_limit_but_not_alpine_hexes():
    # 0805 is 7 hexes from the railway: out of supply, not isolated.
    rules = make_rules(railhead_board(), spec("a", AXIS))
    res = supply.supply_status(rules, make_state({"a": "0805"}), AXIS)["a"]
    assert res.state == "out" and not res.isolated
    # An alpine column between the unit and the railway isolates it (no unit may enter, 7.8).
    board = railhead_board(terrain={h: "alpine" for h in col(4, 1, 10)})
    rules = make_rules(board, spec("a", AXIS))
    res = supply.supply_status(rules, make_state({"a": "0805"}), AXIS)["a"]
    assert res.state == "out" and res.isolated


# Isolation attrition (14.6) --------------------------------------------------------------------
def attrition_board() -> MapData:
    """Row 4 corridor as in ``corridor_board`` with a minor city, a town, and a desert hex."""
    land = set(row(4, 1, 12)) | {"0303"}
    terrain = {h: "open" for h in land} | {"1204": "desert"}
    return make_board(
        12,
        10,
        terrain=terrain,
        default="sea",
        places=[("0104", "Citta", "minor_city", ""), ("0904", "Borgo", "town", "")],
    )


def test_attrition_drm_city_german_and_the_rulebook_example():
    specs = [spec("ger", AXIS), spec("rom", AXIS, nationality="romanian"), spec("red", SOVIET)]
    rules = make_rules(attrition_board(), *specs)
    state = make_state({"ger": "0504", "rom": "0604"}, control={"0104": AXIS, "0904": SOVIET})
    assert supply.attrition_drm(rules, state, "ger") == 3  # city +2, German +1
    assert supply.attrition_drm(rules, state, "rom") == 2
    # "An isolated German unit (+1) with a LOS to a city (+2) loses a step only on a 1."
    assert supply.attrition_result(1 + 3) and not supply.attrition_result(2 + 3)
    # The city beyond an empty EZOC hex is out of reach; the Soviet town does not count.
    state = make_state(
        {"ger": "0504", "rom": "0604", "red": "0303"}, control={"0104": AXIS, "0904": SOVIET}
    )
    assert supply.attrition_drm(rules, state, "ger") == 1
    assert supply.attrition_drm(rules, state, "rom") == 0


def test_attrition_drm_town_guards_desert_and_hq():
    specs = [
        spec("gd", SOVIET, nationality="soviet_guards"),
        spec("rd", SOVIET),
        spec("hq", SOVIET, UnitType.HQ, flags=["white_box"]),
        spec("cc", SOVIET, UnitType.HQ, nationality="soviet_guards", flags=["cav_corps_hq"]),
        spec("ger", AXIS),
    ]
    rules = make_rules(attrition_board(), *specs)
    control = {"0104": AXIS, "0904": SOVIET}
    state = make_state({"gd": "1104", "rd": "1204", "ger": "0504"}, control=control)
    assert supply.attrition_drm(rules, state, "gd") == 2  # town +1, Guards +1
    assert supply.attrition_drm(rules, state, "rd") == -1  # town +1, desert -2
    state = make_state({"gd": "1104", "rd": "1204", "cc": "1004", "ger": "0504"}, control=control)
    assert (
        supply.attrition_drm(rules, state, "rd") == -1
    )  # the cavalry corps HQ is no HQ (ruling 36)
    state = make_state({"gd": "1104", "rd": "1204", "hq": "0804", "ger": "0504"}, control=control)
    assert supply.attrition_drm(rules, state, "rd") == 0  # friendly HQ +2, desert -2
    assert supply.attrition_drm(rules, state, "gd") == 3


@pytest.mark.parametrize(
    ("die", "lost"), [(-1, True), (1, True), (4, True), (5, False), (6, False), (8, False)]
)
def test_attrition_table(die: int, lost: bool):
    assert supply.attrition_result(die) is lost


def test_hex_supply_gives_the_trace_of_a_hypothetical_unit():
    """hex_supply answers for a hex what supply_status answers for a unit standing there."""
    from engine.games.caucasus.supply import hex_supply, supply_status
    from tests.engine.games.caucasus.position import empty_board, plain_hexes, referee, unit_of

    m = empty_board()
    for label in plain_hexes(m)[:40:8]:
        referee(m, f"place {unit_of(m, 'soviet', 'INF')} {label}")
        unit = next(u for u, v in m.state["units"].items() if v.get("hex") == label)
        expected = supply_status(m.game.rules, m.state, "soviet")[unit].state
        assert hex_supply(m.game.rules, m.state, "soviet")(label) == expected


# How much a Supply Phase searches (14.1, 14.6) -------------------------------------------------
def test_a_unit_on_a_connected_railway_is_full_without_walking_its_free_leg(monkeypatch):
    """14.1: a unit standing on the railway that leads to a Connected Rail Hex is Full at once:
    no search of the hexes around it."""
    rules = make_rules(railhead_board(), spec("a", AXIS))
    monkeypatch.setattr(supply._Net, "free_leg", lambda self, start: pytest.fail("free leg walked"))
    status = supply.supply_status(rules, make_state({"a": "0105"}), AXIS)
    assert status["a"].state == "full" and status["a"].source == "0105"


def test_isolation_is_searched_only_when_a_unit_is_out_14_6(monkeypatch):
    """14.6: the whole-map search for isolation runs only once a unit is Out of supply."""
    rules = make_rules(railhead_board(), spec("a", AXIS), spec("b", AXIS))
    floods = []
    real = supply._Net.connected_to_source
    monkeypatch.setattr(supply._Net, "connected_to_source", lambda self: floods.append(1) or real(self))
    supply.supply_status(rules, make_state({"a": "0405", "b": "0408"}), AXIS)
    assert floods == []
    status = supply.supply_status(rules, make_state({"a": "0405", "b": "0805"}), AXIS)
    assert status["b"].state == "out" and not status["b"].isolated and floods == [1]
