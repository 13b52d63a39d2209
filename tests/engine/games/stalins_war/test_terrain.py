"""Stalin's War terrain: the Terrain Effects Chart costs, hexsides, regions and zones (3.0, 10.1).

This module also holds the small helpers the other movement/supply test modules import: a fake
Context, a blank position built from ``state.initial_state`` and a minimal game object.
"""

from __future__ import annotations

from typing import Any

from engine.games.stalins_war import terrain
from engine.games.stalins_war.model import load_rules
from engine.games.stalins_war.state import initial_state

RULES = load_rules()


class Ctx:
    """A Context with queued dice (then 1s), first-item picks and a list of log lines."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)
        self.logs: list[str] = []
        self.rolled: list[str] = []

    def roll(self, sides: int, why: Any) -> int:
        self.rolled.append(str(why))
        return self.rolls.pop(0) if self.rolls else 1

    def shuffle(self, items: Any, why: Any) -> list[Any]:
        return list(items)

    def pick(self, items: Any, why: Any) -> Any:
        return list(items)[0]

    def log(self, text: Any, to: str = "*") -> None:
        self.logs.append(str(text))

    def reveal(self, text: Any, to: str = "*") -> None:
        self.logs.append(str(text))


class Game:
    rules = RULES


def blank_state(turn: int = 5, side: str = "soviet", ops: int = 3) -> dict[str, Any]:
    """The initial state with every unit taken off the map and a move-capable OPS round open."""
    state = initial_state(RULES, "campaign", {}, Ctx())
    for u in state["units"].values():
        u.update(hex=None, box="setaside")
    state["turn"] = turn
    state["round"] = {
        "side": side, "kind": "ops", "card": None, "ops": ops, "move_capable": True, "combat_markers": [],
        "move_markers": [], "attacked": [], "blitz": [], "entrench": [], "zoc_paid": [], "no_blitz": False,
        "cc_used": [], "won_cc": [], "sea_moves": 0,
    }
    return state


def put(state: dict[str, Any], uid: str, label: str) -> None:
    """Place ``uid`` in ``label`` as if it began the Action Round there."""
    state["units"][uid].update(hex=label, box=None, began=label)


def clear_line(n: int, region: str = "ussr") -> list[str]:
    """A straight line of ``n`` clear hexes in ``region`` with no places and no hexside features
    between consecutive hexes (so each step costs 1 MP)."""
    board = RULES.board
    for start in sorted(board.terrain):
        for d in range(6):
            line = [start]
            while len(line) < n:
                nxt = board.grid.neighbour(line[-1], d)
                if nxt is None:
                    break
                line.append(nxt)
            if len(line) < n:
                continue
            if all(
                board.terrain.get(h) == "clear" and h not in board.places and terrain.in_region(RULES, h, region)
                for h in line
            ) and all(not board.side(a, b) for a, b in zip(line, line[1:], strict=False)):
                return line
    raise LookupError("no clear line")


# Terrain Effects Chart -------------------------------------------------------------------------
def test_mixed_hex_pays_the_highest_cost_astrakhan_10_1_2():
    """10.1.2: Astrakhan (3032) is desert with a city: 2 MP."""
    kinds = terrain.hex_terrains(RULES, blank_state(), "3032")
    assert {"desert", "city"} <= kinds
    spec = RULES.units["su-13r"]
    for n in RULES.board.neighbours("3032"):
        if terrain.passable(RULES, n, "3032") and not RULES.board.side(n, "3032"):
            assert terrain.enter_cost(RULES, spec, n, "3032") == 2
            break
    else:
        raise AssertionError("no plain way into Astrakhan")


def test_clear_with_town_costs_one_10_1_1():
    """10.1.1: a clear hex costs 1 MP whatever settlement it holds (Kherson 2029 is a clear town)."""
    assert RULES.board.terrain["2029"] == "clear"
    spec = RULES.units["su-13r"]
    n = next(x for x in RULES.board.neighbours("2029") if terrain.passable(RULES, x, "2029") and not RULES.board.side(x, "2029"))
    assert terrain.enter_cost(RULES, spec, n, "2029") == 1


def test_mountain_costs_3_but_1_for_mountain_units_chart_note_b():
    """Chart note (b): mountain 3 MP, 1 MP for mountain units."""
    board = RULES.board
    for label in sorted(board.terrain):
        if board.terrain[label] != "mountain" or terrain.impassable(RULES, label):
            continue
        for n in board.neighbours(label):
            if terrain.passable(RULES, n, label) and not board.side(n, label):
                assert terrain.enter_cost(RULES, RULES.units["ge-43c"], n, label) == 3
                assert terrain.enter_cost(RULES, RULES.units["ge-49mtn"], n, label) == 1
                return
    raise AssertionError("no mountain hex")


def test_major_river_adds_one_mp_chart():
    """Chart: Major River +1 MP on top of the hex entered."""
    board = RULES.board
    for (a, b), feats in sorted(board.sides.items()):
        if feats == frozenset({"major_river"}) and board.terrain.get(b) == "clear" and terrain.passable(RULES, a, b):
            assert terrain.crossing(RULES, a, b) == {"major_river"}
            assert terrain.enter_cost(RULES, RULES.units["su-13r"], a, b) == 2
            return
    raise AssertionError("no major river into clear terrain")


def test_kerch_strait_adds_two_mp_chart():
    """Chart: the Kerch Strait +2 MP (2231-2232 on this map)."""
    assert "kerch_strait" in terrain.crossing(RULES, "2231", "2232")
    base = terrain.static(RULES).cost["2232"]
    assert terrain.enter_cost(RULES, RULES.units["su-13r"], "2231", "2232") == base + 2


def test_sea_hexside_and_neutral_countries_are_impassable():
    """Chart "P" for lake/coast hexsides; neutral countries impassable (provisional ruling)."""
    assert "lake_coast" in terrain.crossing(RULES, "2131", "2232")
    assert not terrain.passable(RULES, "2131", "2232")
    turkey = sorted(RULES.zone("turkey"))[0]
    assert terrain.impassable(RULES, turkey)
    assert not any(terrain.passable(RULES, n, turkey) for n in RULES.board.neighbours(turkey))


def test_regions_and_logistic_zones_3_0():
    """3.0: Greater Germany, the Paulus Zone (Moscow in, Kiev out), the Caucasus Zone (Maikop in, Stalingrad
    out). (The map README says Rostov is outside the Caucasus Zone, but zones.txt puts 2530 inside.)"""
    assert terrain.in_region(RULES, RULES.hex_of("Berlin"), "greater_germany")
    assert terrain.in_region(RULES, RULES.hex_of("Warsaw"), "germany")
    assert terrain.east_of_paulus(RULES, RULES.hex_of("Moscow"))
    assert not terrain.east_of_paulus(RULES, "2025")
    assert terrain.in_caucasus_zone(RULES, "2433")
    assert not terrain.in_caucasus_zone(RULES, RULES.hex_of("Stalingrad"))


def test_destroyed_fortress_counts_as_city_16_2_2():
    state = blank_state()
    assert "fortress_city" in terrain.hex_terrains(RULES, state, "1829")
    state["markers"]["fortress_destroyed"].append("1829")
    kinds = terrain.hex_terrains(RULES, state, "1829")
    assert "city" in kinds and "fortress_city" not in kinds
